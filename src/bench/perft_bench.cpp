#include "bench/perft_bench.h"

#include <fmt/ostream.h>

#include <chrono>

#include "bench/positions.h"
#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/perft.h"

namespace kirin::bench {
namespace {

// The deepest a game's start position is counted to, however quick each depth is.
constexpr int kMaxGameDepth = 10;

PerftSpeed timed_perft(const Position& pos, int depth) {
  Position copy = pos;  // perft moves and takes back on it
  const auto start = std::chrono::steady_clock::now();
  const uint64_t nodes = perft(copy, depth, PerftCount::Positions);
  return {nodes, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

PerftSpeed run_positions(bool quick, std::ostream& out) {
  PerftSpeed total;
  fmt::print(out, "{:<10} {:>5} {:>14} {:>9} {:>14}\n", "position", "depth", "nodes", "seconds",
             "nodes/s");
  for (const BenchPosition& b : bench_positions()) {
    const int depth = b.perft_depth - (quick ? 1 : 0);
    const PerftSpeed run = timed_perft(b.position, depth);
    total.nodes += run.nodes;
    total.seconds += run.seconds;
    fmt::print(out, "{:<10} {:>5} {:>14} {:>9.3f} {:>14.0f}\n", b.label, depth, run.nodes,
               run.seconds, run.nodes / run.seconds);
    out.flush();
  }
  fmt::print(out, "{:<10} {:>5} {:>14} {:>9.3f} {:>14.0f}\n", "total", "", total.nodes,
             total.seconds, total.nodes / total.seconds);
  return total;
}

void run_game(const std::string& id, double seconds_wanted, std::ostream& out) {
  auto game = builtin_variant(id);
  const Position pos = parse_sfen(game, game->setup);
  for (int depth = 1; depth <= kMaxGameDepth; ++depth) {
    const PerftSpeed run = timed_perft(pos, depth);
    if (run.seconds >= seconds_wanted || depth == kMaxGameDepth) {
      fmt::print(out, "{:<18} {:>5} {:>14} {:>9.3f} {:>14.0f}\n", game->id, depth, run.nodes,
                 run.seconds, run.nodes / run.seconds);
      out.flush();
      return;
    }
  }
}

}  // namespace

PerftSpeed run_perft_bench(const PerftBenchOptions& options, std::ostream& out) {
  const PerftSpeed total = run_positions(options.quick, out);
  if (!options.games.empty())
    fmt::print(out, "\n{:<18} {:>5} {:>14} {:>9} {:>14}\n", "game (start)", "depth", "nodes",
               "seconds", "nodes/s");
  for (const std::string& id : options.games) run_game(id, options.quick ? 0.1 : 1.0, out);
  return total;
}

}  // namespace kirin::bench
