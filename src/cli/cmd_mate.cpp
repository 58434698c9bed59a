// kirin mate: proves or refutes a mate from a position (engine/mate_search) under the
// conventions of a mating problem, and prints the answer, the line, nodes and time.
#include <fmt/core.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>

#include "cli/game_args.h"
#include "cli/mate_report.h"
#include "cli/subcommands.h"
#include "engine/mate_search.h"
#include "notation/mate_proof.h"
#include "notation/usi.h"

namespace kirin::cli {
namespace {

// The exit codes besides 0 (mate) and main's 1 (internal error) and 2 (bad input).
constexpr int kExitNoMate = 3;
constexpr int kExitUnknown = 4;

constexpr const char* kFooter =
    "Prints exactly one answer on the first line:\n"
    "  mate in N     the shortest mate, proved so (no mate in N-1 exists); then 'line' and\n"
    "                the whole mating line in USI: the shortest attack and the longest defence\n"
    "                at every move, ending with the defender mated\n"
    "  mate in at most N\n"
    "                a mate proved, but the budget ran out before a shorter one was ruled out\n"
    "  mate, its length not bounded within the budget (a line of N)\n"
    "                a mate proved, but not yet that no defence lasts longer than the line\n"
    "  no mate       proved (within --max-moves, if given); with --attacker naming the side\n"
    "                not to move, 'refutation' and the defence that escapes\n"
    "  unknown       then 'stopped' and why: 'time budget' (--movetime), 'node budget'\n"
    "                (--nodes), 'depth limit' (every open line ran deeper than the solver\n"
    "                goes, 6,400 plies), 'line not completed' (proved, but its line was lost)\n"
    "then, with --proof, 'proof FILE positions P', and 'nodes N time MS hashfull H' (per mille\n"
    "of the table in use; when it is nine tenths full, the least-worked half is cleared and the\n"
    "search goes on). The same input gives the same answer, line and nodes on every run,\n"
    "unless a budget ran out. Progress goes to stderr about once a second.\n"
    "Exit code: 0 mate, 3 no mate, 4 unknown, 2 bad input, 1 internal error.\n"
    "\n"
    "The conventions (docs/RULES.md, \"Problems\"): the attacker moves first and every one of\n"
    "its moves attacks a royal; the defender may play any legal move; in games with drops,\n"
    "pieces in hand may be dropped and a Pawn drop may not mate; with the check rule too, an\n"
    "interposition the checker takes for nothing (futile, 無駄合) is not counted in the length.\n"
    "\n"
    "Example (Middle Shogi Manual B34, a mate in 4):\n"
    "  kirin mate --variant chu --movetime 10000 \\\n"
    "    --sfen '5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1'";

std::optional<Color> parse_attacker(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (text == "black") return kBlack;
  if (text == "white") return kWhite;
  throw UsageError("--attacker is black or white, not '" + text + "'");
}

}  // namespace

void register_mate(CLI::App& app) {
  struct Args {
    GameArgs game;
    MateLimits limits;
    std::string attacker;
    size_t hash = 64;
    std::string proof;
    bool every_interposition = false;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "mate", "Solve a mating problem: prove a mate (and print its line) or that none exists");
  cmd->footer(kFooter);
  args->game.add_to(*cmd, true, true);
  cmd->get_option("--sfen")->required()->description("the problem's position in SFEN");
  cmd->remove_option(cmd->get_option("--handicap"));  // a problem is never a handicap start
  cmd->add_option("--movetime", args->limits.movetime_ms, "give up after this many milliseconds")
      ->check(CLI::Range(int64_t(1), int64_t(1) << 40));
  cmd->add_option("--nodes", args->limits.nodes, "give up after visiting this many positions")
      ->check(CLI::Range(int64_t(1), int64_t(1) << 50));
  cmd->add_option("--max-moves", args->limits.max_moves,
                  "look only for mates of at most this many attacker's moves")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--hash", args->hash, "transposition table size in MiB")
      ->capture_default_str()
      ->check(CLI::Range(size_t(1), MateSolver::max_hash_mb()));
  cmd->add_option("--proof", args->proof,
                  "write the proof of a mate to FILE: every position where the attacker is to "
                  "move, its path and the attacker's move (a checker replays it: "
                  "tools/proof-check); building it takes up to as much budget again as the "
                  "solve (--movetime, --nodes)");
  cmd->add_flag("--every-interposition", args->every_interposition,
               "count futile interpositions (shogi's convention, docs/RULES.md) as defences");
  cmd->add_option("--attacker", args->attacker,
                  "the attacking side, black or white (default: the side to move); if it is "
                  "not to move, the question is whether every defence loses");
  cmd->callback([args] {
    const std::optional<Color> attacker = parse_attacker(args->attacker);
    auto v = args->game.load_variant();
    Game game = args->game.load_game(v);
    if (game.outcome().over())
      throw UsageError("--sfen: the game is already over (" + describe(game.outcome()) + ")");
    std::ofstream proof_file;
    if (!args->proof.empty()) {
      proof_file.open(args->proof);
      if (!proof_file) throw UsageError("--proof: cannot write '" + args->proof + "'");
    }
    args->limits.futile_interpositions = !args->every_interposition;
    MateSolver solver(args->hash);
    MateLimits limits = args->limits;
    limits.proof = !args->proof.empty();
    const MateResult r = solver.solve(game, limits, attacker, print_mate_progress);
    switch (r.status) {
      case MateStatus::Mate:
        if (r.exact || r.bounded)
          fmt::print("mate in {}{}\n", r.exact ? "" : "at most ", r.mate_moves());
        else
          fmt::print("mate, its length not bounded within the budget (a line of {})\n",
                     r.mate_moves());
        fmt::print("line {}\n", to_usi_line(game.position(), r.line));
        if (limits.proof) {
          if (r.proof.empty()) {
            fmt::print("proof none: not completed within as much budget again as the solve\n");
          } else {
            const Color to_move = game.position().side_to_move();
            write_mate_proof(
                proof_file, game.position(),
                ProofHeader{game.position().variant().id, args->game.profile, args->game.options,
                            proof_conventions(r.futile_convention),
                            attacker && *attacker != to_move ? attacker : std::nullopt},
                r.proof);
            proof_file.close();
            if (!proof_file) throw std::runtime_error("--proof: writing '" + args->proof + "' failed");
            fmt::print("proof {} positions {}\n", args->proof, r.proof.size());
          }
        }
        break;
      case MateStatus::NoMate:
        fmt::print("no mate\n");
        if (!r.line.empty())
          fmt::print("refutation {}\n", to_usi_line(game.position(), r.line));
        break;
      case MateStatus::Unknown:
        fmt::print("unknown\nstopped {}\n", to_string(r.stop));
        break;
    }
    fmt::print("nodes {} time {} hashfull {}\n", r.nodes, r.time_ms, r.hashfull);
    std::fflush(stdout);
    if (r.status == MateStatus::NoMate) std::exit(kExitNoMate);
    if (r.status == MateStatus::Unknown) std::exit(kExitUnknown);
  });
}

}  // namespace kirin::cli
