// kirin analyze: the engine's principal variation and score as it deepens; with --mate, the
// mate solver's answer in the same words ("score mate N").
#include <fmt/core.h>

#include "cli/game_args.h"
#include "cli/mate_report.h"
#include "cli/subcommands.h"
#include "engine/mate_search.h"
#include "engine/search.h"
#include "notation/usi.h"

namespace kirin::cli {
namespace {

// The side to move mates (a proof by the mate solver, not a search's estimate): "score mate N"
// in moves, as format_score prints a mate the search finds.
void analyze_mate(const Game& game, int64_t movetime_ms, int64_t nodes, size_t hash_mb) {
  MateLimits limits;
  limits.movetime_ms = movetime_ms;
  limits.nodes = nodes;
  MateSolver solver(hash_mb);
  const MateResult r = solver.solve(game, limits, std::nullopt, print_mate_progress);
  const Position& pos = game.position();
  if (r.status != MateStatus::Mate) {
    fmt::print("{} nodes {} time {}\n", to_string(r.status), r.nodes, r.time_ms);
    return;
  }
  fmt::print("score mate {} nodes {} time {} pv {}\n", r.mate_moves(), r.nodes, r.time_ms,
             to_usi_line(pos, r.line));
  fmt::print("bestmove {}\n", to_usi(pos, r.line.front()));
}

}  // namespace

void register_analyze(CLI::App& app) {
  struct Args {
    GameArgs game;
    int depth = 0;
    int64_t movetime = 0;
    int64_t nodes = 0;
    size_t hash = 64;
    bool mate = false;
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
  cmd->add_flag("--mate", args->mate,
                "run the mate solver instead of the search (as kirin mate does, the side to "
                "move attacking; --movetime and --nodes bound it): prints 'score mate N' with "
                "the line, or 'no mate' or 'unknown'")
      ->excludes("--depth");
  cmd->callback([args] {
    auto v = args->game.load_variant();
    Game game = args->game.load_game(v);
    if (game.outcome().over()) {
      fmt::print("game over: {}\n", describe(game.outcome()));
      return;
    }
    if (args->mate) {
      analyze_mate(game, args->movetime, args->nodes, args->hash);
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
