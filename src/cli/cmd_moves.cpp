// kirin moves / play-moves: the legal moves of a position, and the state after some moves.
#include <fmt/core.h>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/movegen.h"

namespace kirin::cli {

void register_moves(CLI::App& app) {
  auto margs = std::make_shared<GameArgs>();
  CLI::App* moves = app.add_subcommand("moves", "List the legal moves of a position in USI");
  margs->add_to(*moves, true, true);
  moves->callback([margs] {
    auto v = margs->load_variant();
    Game game = margs->load_game(v);
    MoveList list;
    generate_moves(game.position(), list);
    std::vector<std::string> names;
    for (const Move& m : list) names.push_back(to_usi(game.position(), m));
    std::sort(names.begin(), names.end());
    for (const auto& n : names) fmt::print("{}\n", n);
  });

  struct PlayArgs {
    GameArgs game;
    std::vector<std::string> moves;
  };
  auto pargs = std::make_shared<PlayArgs>();
  CLI::App* play = app.add_subcommand(
      "play-moves", "Play moves from a position; print the SFEN and the game state");
  pargs->game.add_to(*play, true, false);
  play->add_option("moves", pargs->moves, "moves in USI, e.g. 7i7h 6d6e 7g6f5e");
  play->callback([pargs] {
    auto v = pargs->game.load_variant();
    Game game = pargs->game.load_game(v);
    play_text_moves(game, pargs->moves);
    fmt::print("sfen {}\n", to_sfen(game.position()));
    fmt::print("plies {}\n", game.plies());
    fmt::print("state {}\n", describe(game.outcome()));
  });
}

}  // namespace kirin::cli
