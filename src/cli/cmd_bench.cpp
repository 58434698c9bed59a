// kirin bench perft and search: move generation and search speed, one thread (and, against
// an XBoard engine such as HaChu, the two engines' nodes/s side by side).
#include <fmt/core.h>

#include <chrono>

#include "cli/bench_server.h"
#include "cli/commands.h"
#include "cli/game_args.h"
#include "engine/search.h"
#include "match/xboard_player.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/perft.h"

namespace kirin::cli {
namespace {

struct BenchPosition {
  const char* label;
  const char* sfen;  // nullptr: the game's start position
  int depth;
};

// The Chu start position and the middle-game positions of tests/data/chu-perft.tsv.
const BenchPosition kChuPositions[] = {
    {"start", nullptr, 5},
    {"middle-1", "lf1sgekgscbl/a1bctx2t1fa/mvrhdq1ohrvm/pppppppdpppp/4n2pi3/12/3i8/PP3P2I2P/2PPP1PPPPP1/MR1HDQ1DHRVM/AVBNTOXTGB1A/LFCSGKE1SCFL b - 21", 4},
    {"middle-2", "lf1sgekgscbl/a1bctx2trfa/mvrhdq1oh1vm/pppppppdpp1p/7pi1p1/12/3i4I3/PP3P5P/1R2P1PPPPP1/MnHD1Q1DHRVM/AVBNTOXTGB1A/LFCSGKE1SCFL b - 31", 4},
    {"middle-3", "lf1sg1kgscbl/a1bctxehtrfa/mvrhdq4vm/pppDpppdpp1p/7o2p1/8i3/8I3/PP3P5P/1R2P1PPPPP1/M4Q1DHRVM/AV1NTOXTGB1A/LFCSGKE1SCFL b - 41", 4},
    {"middle-4", "lfcs1ek1s1fl/a1bgtxotgbca/mvrhdqd1hrvm/p1pppppppppp/1p1i4i3/12/12/2PINP3P2/PP1PPDPPP1PP/MVRH1TQDHRVM/A1BG1OXTG1FA/LFCS1KE1SCBL b - 21", 4},
    {"middle-5", "lfcstek1s1fl/a1bg1xodtbca/mvrhdq1ghrvm/p1pppppp1ppp/1p1i4p3/12/3I8/2P2P3P2/PP1PPDPPP1PP/MVRH1TQD1RVM/AFBG1OXTGHFA/L1CS1KE1SCBL b - 31", 4},
    {"middle-6", "lfcs1tk1s1fl/a1bgexodtbca/mvrhdq1ghrvm/p2pp1pp1ppp/1pp2p2p3/3i8/2P2P6/1H7P2/PP1PPDPPP1PP/MVR2TQD1RVM/AFBG1OXTGHFA/L1CSK1E1SCBL b - 41", 4},
};

}  // namespace

void register_bench(CLI::App& app) {
  CLI::App* bench = app.add_subcommand("bench", "Measure speed (see docs/BENCHMARKS.md)");
  bench->require_subcommand(1);
  struct Args {
    bool quick = false;
    std::vector<std::string> games;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = bench->add_subcommand(
      "perft", "Perft nodes per second (bulk counting, one thread) from the Chu start position "
               "at depth 5 and six middle-game positions at depth 4");
  cmd->add_flag("--quick", args->quick, "one ply less everywhere (a smoke test)");
  cmd->add_option("--games", args->games,
                  "also measure these games (or 'all') from their start positions, at the "
                  "first depth that takes over a second");
  cmd->callback([args] {
    auto v = builtin_variant("chu");
    uint64_t total_nodes = 0;
    double total_secs = 0;
    fmt::print("{:<10} {:>5} {:>14} {:>9} {:>14}\n", "position", "depth", "nodes", "seconds",
               "nodes/s");
    for (const auto& b : kChuPositions) {
      Position pos = parse_sfen(v, b.sfen ? b.sfen : v->setup);
      int depth = b.depth - (args->quick ? 1 : 0);
      auto start = std::chrono::steady_clock::now();
      uint64_t nodes = perft(pos, depth, PerftCount::Positions);
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      total_nodes += nodes;
      total_secs += secs;
      fmt::print("{:<10} {:>5} {:>14} {:>9.3f} {:>14.0f}\n", b.label, depth, nodes, secs,
                 nodes / secs);
      std::fflush(stdout);
    }
    fmt::print("{:<10} {:>5} {:>14} {:>9.3f} {:>14.0f}\n", "total", "", total_nodes, total_secs,
               total_nodes / total_secs);

    std::vector<std::string> games = args->games;
    if (games.size() == 1 && games[0] == "all") games = builtin_variant_ids();
    if (!games.empty())
      fmt::print("\n{:<18} {:>5} {:>14} {:>9} {:>14}\n", "game (start)", "depth", "nodes",
                 "seconds", "nodes/s");
    for (const auto& id : games) {
      auto g = builtin_variant(id);
      Position pos = parse_sfen(g, g->setup);
      double limit = args->quick ? 0.1 : 1.0;
      for (int depth = 1; depth <= 10; ++depth) {
        auto start = std::chrono::steady_clock::now();
        uint64_t nodes = perft(pos, depth, PerftCount::Positions);
        double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (secs >= limit || depth == 10) {
          fmt::print("{:<18} {:>5} {:>14} {:>9.3f} {:>14.0f}\n", g->id, depth, nodes, secs,
                     nodes / secs);
          std::fflush(stdout);
          break;
        }
      }
    }
  });

  struct SearchArgs {
    int depth = 9;
    int64_t movetime = 0;
    size_t hash = 64;
    std::vector<std::string> games;
    std::string against;
  };
  auto sargs = std::make_shared<SearchArgs>();
  CLI::App* search = bench->add_subcommand(
      "search", "Search speed (nodes per second, one thread) and nodes to a fixed depth on the "
                "Chu start and six middle-game positions, each with a fresh hash table");
  search->add_option("--depth,-d", sargs->depth, "search depth")
      ->capture_default_str()
      ->check(CLI::Range(1, 40));
  CLI::Option* movetime =
      search->add_option("--movetime", sargs->movetime,
                         "search each position this many milliseconds instead of to --depth")
          ->check(CLI::Range(int64_t(1), int64_t(3'600'000)));
  search->add_option("--hash", sargs->hash, "hash table MiB")->capture_default_str();
  search->add_option("--games", sargs->games,
                     "also search these games (or 'all') from their start positions");
  search
      ->add_option("--against", sargs->against,
                   "an XBoard engine command (e.g. /usr/games/hachu): it analyses each Chu "
                   "position for the same --movetime, and its nodes/s are printed beside "
                   "Kirin's with the ratio (the same machine, the same moment)")
      ->needs(movetime);
  search->callback([sargs] {
    struct Run {
      int64_t nodes = 0;
      double secs = 0;
    };
    auto run = [&](const std::string& label, const std::shared_ptr<const Variant>& v,
                   const std::string& sfen) {
      Searcher searcher;
      searcher.set_hash_mb(sargs->hash);
      Game game(parse_sfen(v, sfen));
      SearchLimits limits;
      if (sargs->movetime)
        limits.movetime_ms = sargs->movetime;
      else
        limits.depth = sargs->depth;
      auto start = std::chrono::steady_clock::now();
      SearchResult r = searcher.search(game, limits);
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      fmt::print("{:<18} {:>5} {:>12} {:>8.3f} {:>11.0f} {:>9} {:<8}", label, r.depth, r.nodes,
                 secs, r.nodes / secs, format_score(r.score),
                 r.has_move ? to_usi(game.position(), r.best) : "-");
      std::fflush(stdout);
      return Run{r.nodes, secs};
    };
    std::unique_ptr<match::XBoardPlayer> other;
    auto chu = builtin_variant("chu");
    try {
      if (!sargs->against.empty()) {
        match::PlayerConfig config;
        config.command = sargs->against;
        other = std::make_unique<match::XBoardPlayer>(config);
        other->handshake();
        other->check_game(*chu);
      }
      fmt::print("{:<18} {:>5} {:>12} {:>8} {:>11} {:>9} {:<8}", "position", "depth", "nodes",
                 "seconds", "nodes/s", "score", "best");
      if (other)
        fmt::print(" | {:>5} {:>12} {:>11} {:>7}  ({})", "depth", "nodes", "nodes/s", "ratio",
                   other->name());
      fmt::print("\n");
      Run total, other_total, ours_compared;
      for (const auto& b : kChuPositions) {
        const std::string sfen = b.sfen ? b.sfen : chu->setup;
        Run ours = run(b.label, chu, sfen);
        total.nodes += ours.nodes;
        total.secs += ours.secs;
        if (other) {
          auto t = other->analyze(parse_sfen(chu, sfen),
                                  std::chrono::milliseconds(sargs->movetime));
          if (!t || t->centiseconds == 0) {
            fmt::print(" | no report with a time in it (a longer --movetime may help)");
          } else {
            // Both totals over the positions the other engine reported on.
            const double secs = double(t->centiseconds) / 100;
            other_total.nodes += t->nodes;
            other_total.secs += secs;
            ours_compared.nodes += ours.nodes;
            ours_compared.secs += ours.secs;
            fmt::print(" | {:>5} {:>12} {:>11.0f} {:>7.2f}", t->depth, t->nodes,
                       t->nodes / secs, (ours.nodes / ours.secs) / (t->nodes / secs));
          }
        }
        fmt::print("\n");
        std::fflush(stdout);
      }
      fmt::print("{:<18} {:>5} {:>12} {:>8.3f} {:>11.0f} {:>9} {:<8}", "total", "", total.nodes,
                 total.secs, total.nodes / total.secs, "", "");
      if (other && other_total.secs > 0) {
        const double theirs = other_total.nodes / other_total.secs;
        fmt::print(" | {:>5} {:>12} {:>11.0f} {:>7.2f}", "", other_total.nodes, theirs,
                   (ours_compared.nodes / ours_compared.secs) / theirs);
      }
      fmt::print("\n");
    } catch (const match::EngineError& e) {
      throw UsageError(e.what());
    }
    std::vector<std::string> games = sargs->games;
    if (games.size() == 1 && games[0] == "all") games = builtin_variant_ids();
    for (const auto& id : games) {
      auto g = builtin_variant(id);
      run(g->id + " (start)", g, g->setup);
      fmt::print("\n");
    }
  });
  register_bench_server(*bench);  // bench server: src/cli/bench_server.cpp
}

}  // namespace kirin::cli
