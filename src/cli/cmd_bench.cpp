// kirin bench perft, search, mate, server and tournament: the options of the benchmark module
// (src/bench).
#include <iostream>

#include "bench/mate_bench.h"
#include "bench/perft_bench.h"
#include "bench/search_bench.h"
#include "bench/server_load.h"
#include "bench/tournament_bench.h"
#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "engine/mate_search.h"
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

void register_bench_mate(CLI::App& parent) {
  auto options = std::make_shared<bench::MateBenchOptions>();
  CLI::App* cmd = parent.add_subcommand(
      "mate", "The mate solver on the built-in problem collections (problems/*.tsv), one "
              "thread, a fresh table per problem: solved or not, the mate's length against "
              "the published one (N: proved the shortest; <=N: a mate in at most N; ?N: a "
              "line of N, no bound proved), nodes, time; a mate shorter than the book's is "
              "marked");
  cmd->footer("Example: kirin bench mate --collection chu-tsume-ab --problems A22,B34 "
              "--movetime-per-problem 2000");
  cmd->add_option("--movetime-per-problem", options->movetime_ms,
                  "give up on a problem after this many milliseconds")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(1), int64_t(3'600'000)));
  cmd->add_option("--nodes-per-problem", options->nodes,
                  "give up on a problem after visiting this many positions (a budget that "
                  "gives the same answers on any machine)")
      ->check(CLI::Range(int64_t(1), int64_t(1) << 50));
  cmd->add_option("--proof-dir", options->proof_dir,
                  "write the proof of each mate to DIR/COLLECTION/NAME.proof (the format of "
                  "kirin mate --proof)");
  cmd->add_option("--collection", options->collection,
                  "only this collection (e.g. chu-tsume-ab; default: all)");
  cmd->add_option("--problems", options->problems, "only these problems, by name (A1,B34,...)")
      ->delimiter(',');
  cmd->add_option("--hash", options->hash_mb, "hash table MiB")
      ->capture_default_str()
      ->check(CLI::Range(size_t(1), MateSolver::max_hash_mb()));
  cmd->add_flag("--every-interposition", options->every_interposition,
                "count futile interpositions (shogi's convention) as defences");
  cmd->callback([options] {
    try {
      bench::run_mate_bench(*options, std::cout);
    } catch (const bench::MateBenchOptionError& e) {
      throw UsageError(e.what());
    }
  });
}

void register_bench_server(CLI::App& parent) {
  struct Args {
    bench::ServerLoadOptions load;
    bool spawn = false;  // the default already: the flag only excludes --url
  };
  auto args = std::make_shared<Args>();
  bench::ServerLoadOptions& load = args->load;
  CLI::App* cmd = parent.add_subcommand(
      "server",
      "Load-test the game server: many concurrent games of random legal moves over HTTP, one "
      "request per move; accepted moves/s and latency percentiles; optionally idle WebSockets");
  auto* url =
      cmd->add_option("--url", load.url, "a running server, http://HOST:PORT (default: --spawn)");
  cmd->add_flag("--spawn", args->spawn,
                "start a server in this process on a temporary SQLite store and an ephemeral "
                "port (the default)")
      ->excludes(url);
  cmd->add_option("--games", load.games, "concurrent games")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--seconds", load.seconds, "length of the measured phase")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--connections", load.connections, "HTTP keep-alive connections")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--idle-ws", load.idle_ws,
                  "idle WebSocket connections to open, subscribe to the lobby and hold")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--db", load.db,
                  "with --spawn: the store, sqlite:PATH (default: a temporary file, removed "
                  "afterwards)")
      ->excludes(url);
  add_sqlite_synchronous_option(*cmd, load.sqlite_sync);
  cmd->get_option("--sqlite-synchronous")->excludes(url);
  cmd->add_option("--threads", load.threads, "client threads")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--server-threads", load.server_threads, "with --spawn: server I/O threads")
      ->capture_default_str()
      ->check(CLI::Range(1, 64))
      ->excludes(url);
  cmd->add_option("--server-workers", load.server_workers,
                  "with --spawn: server threads running requests")
      ->capture_default_str()
      ->check(CLI::Range(1, 256))
      ->excludes(url);
  cmd->add_option("--game", load.game, "the game played (a game id or alias)")
      ->capture_default_str();
  cmd->add_option("--rate", load.rate,
                  "offer this many moves/s in all, each due at a fixed time (latency counts "
                  "from then); 0: as fast as the server answers")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--seed", load.seed, "seed of the random moves")->capture_default_str();
  cmd->callback([args] {
    bench::ServerLoadResult result;
    try {
      result = bench::run_server_load(args->load, std::cout);
    } catch (const bench::ServerLoadOptionError& e) {
      throw UsageError(e.what());
    }
    if (result.accepted_moves == 0) throw std::runtime_error("no move was accepted");
  });
}

void register_bench_tournament(CLI::App& parent) {
  auto options = std::make_shared<bench::TournamentBenchOptions>();
  CLI::App* cmd = parent.add_subcommand(
      "tournament", "Tournament pairings, one thread: an arena's waiting players all at once, and "
                    "a Swiss round after a few random rounds (docs/TOURNAMENTS.md)");
  cmd->add_option("--arena-players", options->arena_players, "arena players waiting")
      ->capture_default_str()
      ->check(CLI::Range(2, 100000));
  cmd->add_option("--swiss-players", options->swiss_players, "Swiss players")
      ->capture_default_str()
      ->check(CLI::Range(2, 4000));
  cmd->add_option("--swiss-rounds", options->swiss_rounds,
                  "random Swiss rounds played before the one measured")
      ->capture_default_str()
      ->check(CLI::Range(0, 30));
  cmd->add_option("--repeat", options->repeat, "time each pairing this many times (median)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--seed", options->seed, "seed of the made-up events")->capture_default_str();
  cmd->callback([options] { bench::run_tournament_bench(*options, std::cout); });
}

}  // namespace

void register_bench(CLI::App& app) {
  CLI::App* bench = app.add_subcommand("bench", "Measure speed (see docs/BENCHMARKS.md)");
  bench->require_subcommand(1);
  register_bench_perft(*bench);
  register_bench_search(*bench);
  register_bench_mate(*bench);
  register_bench_server(*bench);
  register_bench_tournament(*bench);
}

}  // namespace kirin::cli
