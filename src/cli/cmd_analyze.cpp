// kirin analyze: the engine's principal variation and score as it deepens.
#include <fmt/core.h>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "engine/search.h"
#include "notation/usi.h"

namespace kirin::cli {

void register_analyze(CLI::App& app) {
  struct Args {
    GameArgs game;
    int depth = 0;
    int64_t movetime = 0;
    int64_t nodes = 0;
    size_t hash = 64;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "Search a position and print the principal variation and score as it deepens");
  args->game.add_to(*cmd, true, true);
  cmd->add_option("--depth,-d", args->depth, "search this many plies deep")
      ->check(CLI::Range(1, kMaxPly - 1));
  cmd->add_option("--movetime", args->movetime, "search this many milliseconds")
      ->check(CLI::Range(int64_t(1), int64_t(1) << 40));
  cmd->add_option("--nodes", args->nodes, "stop after this many nodes")
      ->check(CLI::Range(int64_t(1), int64_t(1) << 50));
  cmd->add_option("--hash", args->hash, "transposition table size in MiB")
      ->capture_default_str()
      ->check(CLI::Range(1, 65536));
  cmd->callback([args] {
    auto v = args->game.load_variant();
    Game game = args->game.load_game(v);
    if (game.outcome().over()) {
      fmt::print("game over: {}\n", describe(game.outcome()));
      return;
    }
    SearchLimits limits;
    limits.depth = args->depth;
    limits.movetime_ms = args->movetime;
    limits.nodes = args->nodes;
    if (!args->depth && !args->movetime && !args->nodes) limits.depth = 8;
    Searcher searcher;
    searcher.set_hash_mb(args->hash);
    const Position& pos = game.position();
    auto result = searcher.search(game, limits, [&](const SearchInfo& info) {
      fmt::print("depth {} seldepth {} score {} nodes {} time {} nps {} pv {}\n", info.depth,
                 info.seldepth, format_score(info.score), info.nodes, info.time_ms, info.nps,
                 to_usi_line(pos, info.pv));
      std::fflush(stdout);
    });
    if (result.has_move)
      fmt::print("bestmove {}\n", to_usi(pos, result.best));
  });
}

}  // namespace kirin::cli
