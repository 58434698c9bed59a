#include "bench/search_bench.h"

#include <fmt/ostream.h>

#include <chrono>
#include <optional>

#include "bench/positions.h"
#include "engine/search.h"
#include "match/xboard_player.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"

namespace kirin::bench {
namespace {

// Writes Kirin's columns of the row `label` (no end of line: another engine's may follow).
SearchSpeed search_position(const std::string& label, const Position& start,
                            const SearchBenchOptions& options, std::ostream& out) {
  Searcher searcher;
  searcher.set_hash_mb(options.hash_mb);
  Game game(start);
  SearchLimits limits;
  if (options.movetime_ms)
    limits.movetime_ms = options.movetime_ms;
  else
    limits.depth = options.depth;
  const auto t0 = std::chrono::steady_clock::now();
  const SearchResult r = searcher.search(game, limits);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fmt::print(out, "{:<18} {:>5} {:>12} {:>8.3f} {:>11.0f} {:>9} {:<8}", label, r.depth, r.nodes,
             secs, r.nodes / secs, format_score(r.score),
             r.has_move ? to_usi(game.position(), r.best) : "-");
  out.flush();
  return {r.nodes, secs};
}

// The engine of --against: it analyses each position Kirin searched, for the same time.
class Opponent {
 public:
  Opponent(const std::string& command, const Variant& game)
      : player_(match::PlayerConfig{.command = command}) {
    player_.handshake();
    player_.check_game(game);
  }

  const std::string& name() const { return player_.name(); }

  // Writes the engine's columns after Kirin's, `ours`, on `pos`.
  void compare(const Position& pos, std::chrono::milliseconds time, const SearchSpeed& ours,
               std::ostream& out) {
    const auto t = player_.analyze(pos, time);
    if (!t || t->centiseconds == 0) {
      fmt::print(out, " | no report with a time in it (a longer --movetime may help)");
      return;
    }
    // Both totals over the positions the engine reported on.
    const double secs = double(t->centiseconds) / 100;
    theirs_.nodes += t->nodes;
    theirs_.seconds += secs;
    ours_.nodes += ours.nodes;
    ours_.seconds += ours.seconds;
    fmt::print(out, " | {:>5} {:>12} {:>11.0f} {:>7.2f}", t->depth, t->nodes, t->nodes / secs,
               (ours.nodes / ours.seconds) / (t->nodes / secs));
  }

  void write_total(std::ostream& out) const {
    if (theirs_.seconds <= 0) return;
    const double per_second = theirs_.nodes / theirs_.seconds;
    fmt::print(out, " | {:>5} {:>12} {:>11.0f} {:>7.2f}", "", theirs_.nodes, per_second,
               (ours_.nodes / ours_.seconds) / per_second);
  }

 private:
  match::XBoardPlayer player_;
  SearchSpeed theirs_, ours_;
};

SearchSpeed search_bench_positions(const SearchBenchOptions& options, std::ostream& out) {
  std::optional<Opponent> opponent;
  if (!options.against.empty())
    opponent.emplace(options.against, bench_positions().front().position.variant());
  fmt::print(out, "{:<18} {:>5} {:>12} {:>8} {:>11} {:>9} {:<8}", "position", "depth", "nodes",
             "seconds", "nodes/s", "score", "best");
  if (opponent)
    fmt::print(out, " | {:>5} {:>12} {:>11} {:>7}  ({})", "depth", "nodes", "nodes/s", "ratio",
               opponent->name());
  fmt::print(out, "\n");
  SearchSpeed total;
  for (const BenchPosition& b : bench_positions()) {
    const SearchSpeed ours = search_position(b.label, b.position, options, out);
    total.nodes += ours.nodes;
    total.seconds += ours.seconds;
    if (opponent)
      opponent->compare(b.position, std::chrono::milliseconds(options.movetime_ms), ours, out);
    fmt::print(out, "\n");
    out.flush();
  }
  fmt::print(out, "{:<18} {:>5} {:>12} {:>8.3f} {:>11.0f} {:>9} {:<8}", "total", "", total.nodes,
             total.seconds, total.nodes / total.seconds, "", "");
  if (opponent) opponent->write_total(out);
  fmt::print(out, "\n");
  return total;
}

}  // namespace

SearchSpeed run_search_bench(const SearchBenchOptions& options, std::ostream& out) {
  const SearchSpeed total = search_bench_positions(options, out);
  for (const std::string& id : options.games) {
    auto game = builtin_variant(id);
    search_position(game->id + " (start)", parse_sfen(game, game->setup), options, out);
    fmt::print(out, "\n");
  }
  return total;
}

}  // namespace kirin::bench
