// kirin perft: count move paths to a depth, for checking the move generator.
#include <fmt/core.h>

#include <chrono>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "notation/usi.h"
#include "rules/movegen.h"
#include "rules/perft.h"

namespace kirin::cli {

void register_perft(CLI::App& app) {
  struct Args {
    GameArgs game;
    int depth = 1;
    bool divide = false;
    std::string count = "positions";
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "perft",
      "Count the move paths of a given length from a position.\n"
      "  positions: one move per distinct resulting position (default)\n"
      "  encodings: every USI spelling lishogi accepts counted separately");
  args->game.add_to(*cmd, true, true);
  cmd->add_option("--depth,-d", args->depth, "number of plies")->required()->check(CLI::Range(0, 20));
  cmd->add_flag("--divide", args->divide, "print the count below each legal move");
  cmd->add_option("--count", args->count, "positions or encodings")
      ->check(CLI::IsMember({"positions", "encodings"}))
      ->default_val("positions");
  cmd->callback([args] {
    auto v = args->game.load_variant();
    Game game = args->game.load_game(v);
    Position pos = game.position();
    PerftCount count = args->count == "encodings" ? PerftCount::Encodings : PerftCount::Positions;
    auto start = std::chrono::steady_clock::now();
    uint64_t total = 0;
    if (args->divide && args->depth > 0) {
      MoveList list;
      generate_moves(pos, list);
      for (const Move& m : list) {
        uint64_t weight = count == PerftCount::Positions ? 1 : uint64_t(spellings(pos, m));
        std::string name = to_usi(pos, m);
        Undo u;
        pos.do_move(m, u);
        uint64_t n = weight * perft(pos, args->depth - 1, count);
        pos.undo_move(m, u);
        fmt::print("{}: {}\n", name, n);
        total += n;
      }
      fmt::print("\n");
    } else {
      total = perft(pos, args->depth, count);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print(stderr, "time {:.3f} s, {:.0f} nodes/s\n", secs, secs > 0 ? double(total) / secs : 0.0);
    fmt::print("Nodes searched: {}\n", total);
  });
}

}  // namespace kirin::cli
