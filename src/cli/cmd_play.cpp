// kirin play: a person against the engine in the terminal.
#include <fmt/core.h>

#include <iostream>
#include <optional>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "engine/search.h"
#include "notation/board_text.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/movegen.h"

namespace kirin::cli {
namespace {

const char* kPlayHelp =
    "Enter a move in USI (7g7f, 8h8c+, Lion 7g6f5e, igui 7g6f7g, drop P*5e), or:\n"
    "  moves   list the legal moves      undo    take back your last move\n"
    "  board   draw the board again      sfen    print the position as SFEN\n"
    "  hint    ask the engine            resign  give up\n"
    "  help    this text                 quit    leave\n";

}  // namespace

void register_play(CLI::App& app) {
  struct Args {
    GameArgs game;
    std::string color = "black";
    int64_t movetime = 2000;
    int depth = 0;
    size_t hash = 64;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("play", "Play against the engine in the terminal");
  args->game.add_to(*cmd, true, true);
  cmd->add_option("--color", args->color, "your side: black (moves first), white or none")
      ->capture_default_str()
      ->check(CLI::IsMember({"black", "white", "none"}));
  cmd->add_option("--movetime", args->movetime, "engine thinking time per move, milliseconds")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(10), int64_t(1) << 40));
  cmd->add_option("--depth", args->depth, "engine search depth instead of a time")
      ->check(CLI::Range(1, kMaxPly - 1));
  cmd->add_option("--hash", args->hash, "hash table MiB")->capture_default_str();
  cmd->callback([args] {
    auto v = args->game.load_variant();
    Game game = args->game.load_game(v);
    const Position start = game.position();
    std::vector<Move> played = game.moves();
    Searcher engine;
    engine.set_hash_mb(args->hash);
    const bool human[2] = {args->color == "black", args->color == "white"};
    BoardTextStyle style;
    style.flip = args->color == "white";
    auto limits = [&] {
      SearchLimits l;
      if (args->depth) l.depth = args->depth;
      else l.movetime_ms = args->movetime;
      return l;
    };
    auto draw = [&] { fmt::print("\n{}", board_text(game.position(), style)); };
    // Rebuilds the game from the start and a move list (for undo).
    auto replay = [&](const std::vector<Move>& moves) {
      Game g(start);
      for (const Move& m : moves) g.play(m);
      game = g;
    };
    fmt::print("{} — you play {}. Type 'help' for commands.\n", v->name, args->color);
    draw();
    while (!game.outcome().over()) {
      const Position& pos = game.position();
      const Color us = pos.side_to_move();
      if (!human[us]) {
        fmt::print("Kirin is thinking...\n");
        std::fflush(stdout);
        SearchResult r = engine.search(game, limits());
        if (!r.has_move) break;
        fmt::print("Kirin plays {} ({}, depth {})\n", to_usi(pos, r.best), format_score(r.score),
                   r.depth);
        style.highlight_from = r.best.is_drop() ? kNoSquare : r.best.from;
        style.highlight_to = r.best.to;
        game.play(r.best);
        played.push_back(r.best);
        draw();
        continue;
      }
      fmt::print("{} to move> ", us == kBlack ? "Black" : "White");
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) return;
      line.erase(0, line.find_first_not_of(" \t\r"));
      line.erase(line.find_last_not_of(" \t\r") + 1);
      if (line.empty()) continue;
      if (line == "quit" || line == "exit") return;
      if (line == "help") {
        fmt::print("{}", kPlayHelp);
      } else if (line == "board") {
        draw();
      } else if (line == "sfen") {
        fmt::print("{}\n", to_sfen(pos));
      } else if (line == "moves") {
        MoveList list;
        generate_moves(pos, list);
        std::vector<std::string> names;
        for (const Move& m : list) names.push_back(to_usi(pos, m));
        std::sort(names.begin(), names.end());
        for (size_t i = 0; i < names.size(); ++i)
          fmt::print("{}{}", names[i], (i + 1) % 10 == 0 || i + 1 == names.size() ? "\n" : " ");
      } else if (line == "hint") {
        SearchLimits l = limits();
        SearchResult r = engine.search(game, l);
        if (r.has_move) fmt::print("hint: {} ({})\n", to_usi(pos, r.best), format_score(r.score));
      } else if (line == "undo") {
        // Back to the last earlier position where it was your move (each move passes the turn).
        std::optional<size_t> keep;
        for (size_t n = played.size(); n-- > 0 && !keep;)
          if (human[(start.side_to_move() + n) % 2]) keep = n;
        if (!keep) {
          fmt::print("nothing to undo\n");
          continue;
        }
        played.resize(*keep);
        replay(played);
        style.highlight_from = style.highlight_to = kNoSquare;
        draw();
      } else if (line == "resign") {
        fmt::print("{} resigns: {} wins\n", us == kBlack ? "Black" : "White",
                   us == kBlack ? "White" : "Black");
        return;
      } else {
        try {
          Move m = parse_usi(pos, line);
          style.highlight_from = m.is_drop() ? kNoSquare : m.from;
          style.highlight_to = m.to;
          game.play(m);
          played.push_back(m);
          draw();
        } catch (const NotationError& e) {
          fmt::print("{} (type 'moves' for the legal moves, 'help' for commands)\n", e.what());
        }
      }
    }
    fmt::print("Game over: {}\n", describe(game.outcome()));
  });
}

}  // namespace kirin::cli
