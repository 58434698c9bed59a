// kirin bench perft and search: the options of the benchmark module (src/bench).
#include <iostream>

#include "bench/perft_bench.h"
#include "bench/search_bench.h"
#include "cli/bench_server.h"
#include "cli/commands.h"
#include "cli/game_args.h"
#include "match/engine_process.h"
#include "rules/catalog.h"

namespace kirin::cli {
namespace {

// --games: game ids, or 'all' alone for every game.
std::vector<std::string> game_ids(const std::vector<std::string>& games) {
  if (games.size() == 1 && games[0] == "all") return builtin_variant_ids();
  return games;
}

void register_bench_perft(CLI::App& parent) {
  auto options = std::make_shared<bench::PerftBenchOptions>();
  CLI::App* cmd = parent.add_subcommand(
      "perft", "Perft nodes per second (bulk counting, one thread) from the Chu start position "
               "at depth 5 and six middle-game positions at depth 4");
  cmd->add_flag("--quick", options->quick, "one ply less everywhere (a smoke test)");
  cmd->add_option("--games", options->games,
                  "also measure these games (or 'all') from their start positions, at the "
                  "first depth that takes over a second");
  cmd->callback([options] {
    bench::PerftBenchOptions o = *options;
    o.games = game_ids(o.games);
    bench::run_perft_bench(o, std::cout);
  });
}

void register_bench_search(CLI::App& parent) {
  auto options = std::make_shared<bench::SearchBenchOptions>();
  CLI::App* cmd = parent.add_subcommand(
      "search", "Search speed (nodes per second, one thread) and nodes to a fixed depth on the "
                "Chu start and six middle-game positions, each with a fresh hash table");
  cmd->add_option("--depth,-d", options->depth, "search depth")
      ->capture_default_str()
      ->check(CLI::Range(1, 40));
  CLI::Option* movetime =
      cmd->add_option("--movetime", options->movetime_ms,
                      "search each position this many milliseconds instead of to --depth")
          ->check(CLI::Range(int64_t(1), int64_t(3'600'000)));
  cmd->add_option("--hash", options->hash_mb, "hash table MiB")->capture_default_str();
  cmd->add_option("--games", options->games,
                  "also search these games (or 'all') from their start positions");
  cmd->add_option("--against", options->against,
                  "an XBoard engine command (e.g. /usr/games/hachu): it analyses each Chu "
                  "position for the same --movetime, and its nodes/s are printed beside "
                  "Kirin's with the ratio (the same machine, the same moment)")
      ->needs(movetime);
  cmd->callback([options] {
    bench::SearchBenchOptions o = *options;
    o.games = game_ids(o.games);
    try {
      bench::run_search_bench(o, std::cout);
    } catch (const match::EngineError& e) {
      throw UsageError(e.what());
    }
  });
}

}  // namespace

void register_bench(CLI::App& app) {
  CLI::App* bench = app.add_subcommand("bench", "Measure speed (see docs/BENCHMARKS.md)");
  bench->require_subcommand(1);
  register_bench_perft(*bench);
  register_bench_search(*bench);
  register_bench_server(*bench);  // bench server: src/cli/bench_server.cpp
}

}  // namespace kirin::cli
