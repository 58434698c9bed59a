// The problems room in text (ProblemService, server/domain/problems.h): problems [COLLECTION]
// lists the collections by series, problem COLLECTION NAME draws one, problem COLLECTION NAME
// MOVE... answers an attempt (the same answer as POST /api/problems/.../attempt), problem
// COLLECTION NAME solution shows the book's line; GAME mate SFEN [MOVE...] asks the mate solver
// about any position (the analysis board's "find a mate", POST /api/mate). Public: no
// password; the solver's limits count the sender (signed in, their address, or the mail's).
#include <fmt/core.h>

#include "notation/board_styles.h"
#include "notation/problem_proofs.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "server/domain/game_setup.h"
#include "server/domain/service_error.h"
#include "server/text/command_common.h"

namespace kirin::server {
namespace {

// What Kirin proved of a problem, after its published length: " proved" (that length, the
// shortest), ", proved 9" (another, the shortest), ", at most 55" (a mate not proved the
// shortest) or "" (no proof).
std::string proved_note(const ProblemCollection& c, const Problem& p) {
  const BuiltinProof* proof = builtin_proof(c.id, p.name);
  if (!proof) return "";
  if (!proof->row.shortest) return ", at most " + std::to_string(proof->row.moves);
  if (proof->row.moves == p.published_moves()) return " proved";
  return ", proved " + std::to_string(proof->row.moves);
}

// The longest proof a text reply carries; a longer one is named by its URL.
constexpr std::size_t kMaxProofReply = 64 * 1024;

// "A: A1 (5), A2 (3), ..." a line per series, wrapped under 78 columns.
std::string series_lines(const ProblemCollection& c) {
  std::string out, line;
  std::string series;
  auto flush = [&] {
    if (!line.empty()) out += line + "\n";
    line.clear();
  };
  for (const Problem& p : c.problems) {
    std::string entry = fmt::format("{} ({}{})", p.name, p.published_moves(), proved_note(c, p));
    if (p.series != series) {
      flush();
      series = p.series;
      line = "  " + series + ":";
    } else if (line.size() + entry.size() + 2 > 78) {
      flush();
      line = std::string(series.size() + 3, ' ');
    } else {
      line += ",";
    }
    line += " " + entry;
  }
  flush();
  return out;
}

const char* side_name(Color c) { return c == kBlack ? "Black" : "White"; }

// Who asks, as the solver's limits count them.
Asker asker_of(const CommandContext& ctx) {
  return Asker{ctx.sender_user, ctx.counted_client(), ctx.charge_solve};
}

bool all_digits(const std::string& word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

std::string join(const std::vector<std::string>& words, const char* between) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : between) + word;
  return out;
}

}  // namespace

std::string CommandInterface::problems(const Words& w) {
  if (w.size() > 2) bad_usage("", "problems", "problems: too many words");
  std::string out;
  for (const ProblemCollection& c : problems_.collections()) {
    if (w.size() == 2 && c.id != w[1]) continue;
    out += (out.empty() ? "" : "\n") + c.id + ": " + c.title + " (" +
           std::to_string(c.problems.size()) + " problems of " + builtin_variant(c.game)->name +
           ")\n" + c.source + "\n";
    out += "The problems by series, each with its published length in moves ('proved': Kirin "
           "proved it the shortest; 'proved N': Kirin proved a mate in N the shortest; 'at most "
           "N': a mate in N not proved the shortest):\n" +
           series_lines(c);
  }
  if (out.empty()) problems_.collection(w[1]);  // throws: no such collection
  return out + "\nSend 'problem COLLECTION NAME' for one, and 'problem COLLECTION NAME MOVE...' "
               "to play the attacker's moves.\n";
}

std::string CommandInterface::problem(const Words& w, const CommandContext& ctx) {
  if (w.size() < 3) bad_usage("", "problem", "problem: name the collection and the problem");
  const ProblemCollection& c = problems_.collection(w[1]);
  const Problem& p = problems_.problem(c.id, w[2]);
  const std::string title = "Problem " + p.name + " of " + c.id;
  Game game = ProblemService::start(c, p);
  const Color attacker = game.position().side_to_move();
  if (w.size() == 4 && lower(w[3]) == "solution")
    return title + ": the published solution, a mate in " +
           std::to_string(p.published_moves()) + ":\n" + join(p.solution, " ") + "\n";
  const BuiltinProof* proof = builtin_proof(c.id, p.name);
  const std::string proof_url = "GET /api/problems/" + c.id + "/" + p.name + "/proof";
  if (w.size() == 4 && lower(w[3]) == "proof") {
    if (!proof) throw CommandError(title + ": Kirin has no proof of a mate in it");
    const std::string head =
        fmt::format("{}: Kirin's proof of a mate in {}{}, {} positions, in the format of 'kirin "
                    "mate --proof' (tools/proof-check checks it)",
                    title, proof->row.shortest ? "" : "at most ", proof->row.moves,
                    proof->row.positions);
    if (proof->text.size() > kMaxProofReply)
      return fmt::format("{}: {} KiB, too long for a reply: {}\n", head,
                         proof->text.size() / 1024, proof_url);
    return head + ":\n" + std::string(proof->text);
  }

  // The moves as written (pbmserv, Game Courier or USI) to lishogi USI, as the service reads them.
  std::vector<std::string> moves;
  for (size_t i = 3; i < w.size(); ++i) {
    Move m;
    try {
      m = read_written_move(game.position(), w[i]);
    } catch (const NotationError& e) {
      throw CommandError(title + ": move " + std::to_string(i - 2) + " " + quoted(w[i]) + ": " +
                         e.what());
    }
    if (game.outcome().over())
      throw CommandError(title + ": move " + std::to_string(i - 2) + " " + quoted(w[i]) +
                         " comes after the end");
    moves.push_back(to_usi(game.position(), m));
    game.play(m);
  }
  const Preferences prefs = ctx.sender_user ? accounts_.user(ctx.sender_user).preferences
                                            : Preferences{};
  const BoardStyle style = parse_board_style(prefs.board_style).value_or(BoardStyle::Standard);
  // The attacker is the user: at the bottom if they turn the board when playing White.
  const bool flip = prefs.flip && attacker == kWhite;
  auto board = [&](const Position& pos) { return board_text_pbm(pos, style, flip); };

  if (moves.empty())
    return title + ", " + builtin_variant(c.game)->name + ": " + side_name(attacker) +
           " to mate in " + std::to_string(p.published_moves()) +
           ", every move attacking a royal.\n" +
           (proof ? fmt::format("Kirin proved a mate in {}{}{} (its proof: 'problem {} {} "
                                "proof').\n",
                                proof->row.shortest ? "" : "at most ", proof->row.moves,
                                proof->row.shortest ? ", the shortest" : "", c.id, p.name)
                  : "") +
           "Source: " + c.title + " " + c.source + "\n\n" +
           board(game.position()) +
           "\nPlay: 'problem " + c.id + " " + p.name +
           " MOVE...' (your moves and the defences so far, your newest last). Give up: 'problem " +
           c.id + " " + p.name + " solution'.\n";

  AttemptAnswer a;
  try {
    a = problems_.attempt(c.id, p.name, moves, asker_of(ctx));
  } catch (const ServiceError& e) {
    // The service names moves as the API does ("moves[0]"); a command counts them from 1.
    std::string what = e.what();
    if (e.field().rfind("moves[", 0) == 0 && what.rfind(e.field(), 0) == 0)
      what = "move " + std::to_string(std::stoul(e.field().substr(6)) + 1) +
             what.substr(e.field().size());
    throw CommandError(title + ": " + what);
  }
  const std::string& last = moves.back();
  switch (a.verdict) {
    case Verdict::Solved:
      return title + ": " + last + " mates. Solved!\n\n" + board(game.position());
    case Verdict::Defended: {
      Position after = game.position();
      Move reply = parse_usi(after, a.reply);
      Undo undo;
      after.do_move(reply, undo);
      const std::string more = std::to_string(a.mate_moves) + " more";
      std::string how = a.from_book      ? "the book's line"
                        : a.mate_exact   ? "proved: mate in " + more
                        : a.mate_bounded ? "proved: mate in at most " + more
                                         : "proved: a mate, " + more + " along its line, its "
                                           "length not bounded within the budget";
      return title + ": " + last + " is right (" + how + "). The defence: " + a.reply +
             ".\n\n" + board(after) + "\nYour move: 'problem " + c.id + " " + p.name + " " +
             join(moves, " ") + " " + a.reply + " MOVE'.\n";
    }
    case Verdict::Wrong:
      if (a.reason == "no-attack")
        return title + ": " + last + " is wrong: it attacks no royal, and every attacking move " +
               "of a problem must.\n";
      return title + ": " + last + " is wrong: " +
             (a.refutation.empty() ? "there is no mate after it"
                                   : "after the defence " + a.refutation + " there is no mate") +
             " (proved). Take it back and try another move.\n";
    case Verdict::Unproved:
    case Verdict::Unsolved:  // the text door always has the server solve
      break;
  }
  return title + ": " + last + " is unproved: the solver could not decide it within " +
         std::to_string(problems_.mate().budget(0) / 1000) +
         " s. It is not accepted; try another move, or see 'problem " + c.id + " " + p.name +
         " solution'.\n";
}

// GAME mate BOARD SIDE HANDS [MOVENO] [MOVE...]: the SFEN's fields as words, then moves.
std::string CommandInterface::mate(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  if (w.size() < 5) bad_usage(p.game_word, "mate", "mate: give the position's SFEN");
  const std::size_t first_move = w.size() > 5 && all_digits(w[5]) ? 6 : 5;  // after MOVENO
  GameSetup setup;
  setup.game = p.game->id;
  setup.start_sfen = w[2] + " " + w[3] + " " + w[4] + (first_move == 6 ? " " + w[5] : "");
  const std::string where = "mate: ";
  std::vector<std::string> moves;
  MateAnswer a;
  try {
    GameSetup built_setup = setup;
    Game game(build_setup(built_setup).start);
    for (std::size_t i = first_move; i < w.size(); ++i) {
      const std::string which = "move " + std::to_string(i - first_move + 1) + " " + quoted(w[i]);
      if (game.outcome().over()) throw CommandError(where + which + " comes after the end");
      Move m;
      try {
        m = read_written_move(game.position(), w[i]);
      } catch (const NotationError& e) {
        throw CommandError(where + which + ": " + e.what());
      }
      moves.push_back(to_usi(game.position(), m));
      game.play(m);
    }
    a = problems_.mate().solve(setup, moves, 0, asker_of(ctx));
  } catch (const ServiceError& e) {
    throw CommandError(where + (e.field() == "start_sfen" ? "the SFEN: " : "") + e.what());
  }
  // Neither the time nor the positions searched: the same question gets the same reply
  // whenever it is asked, whatever the solver's version.
  const std::string stats = a.cached ? " (remembered)" : "";
  switch (a.status) {
    case MateStatus::Mate:
      // "Mate in N" is the shortest mate, proved so; else the budget ran out first.
      if (!a.bounded)
        return "Mate, its length not bounded within the budget (a line of " +
               std::to_string(a.mate_moves) + ")" + stats + ":\n" + join(a.line, " ") + "\n";
      return (a.exact ? "Mate in " : "Mate in at most ") + std::to_string(a.mate_moves) + stats +
             ":\n" + join(a.line, " ") + "\n";
    case MateStatus::NoMate:
      return "No mate: it is proved that the side to move has none" + stats + ".\n";
    case MateStatus::Unknown:
      break;
  }
  return "Unknown: no answer within " + std::to_string(a.movetime_ms / 1000) + " s.\n";
}

}  // namespace kirin::server
