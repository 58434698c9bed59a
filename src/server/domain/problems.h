// The problems room: the built-in collections of mating problems (notation/problems.h) and
// the answers to an attempt at one, under the conventions of a mating problem
// (rules/mating.h): the user plays the attacker's moves, the server the longest defence.
// Any move the solver proves mating is accepted, not only the book's; a wrong move is shown
// with the defence that refutes it; an answer the budget did not reach is said to be
// unproved, never accepted. The HTTP routes and the text commands only translate.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "notation/problems.h"
#include "rules/game.h"
#include "server/domain/mate_service.h"

namespace kirin::server {

enum class Verdict {
  Solved,    // the defender cannot keep a royal after the move
  Defended,  // the move mates (the book's line, or proved): the server's reply follows
  Wrong,     // the move attacks no royal, or it was proved that it does not mate
  Unproved,  // the budget ran out before the move was proved to mate or not
  Unsolved,  // asked not to solve (Solving::by_caller): the caller solves the position after it
};
const char* verdict_word(Verdict v);  // "solved", "defended", "wrong", "unproved", "unsolved"

struct AttemptAnswer {
  Verdict verdict = Verdict::Unproved;
  std::string reason;      // Wrong: "no-attack" or "no-mate"
  std::string reply;       // Defended: the defence the server plays (lishogi USI)
  std::string refutation;  // Wrong, no-mate: the defence after which there is no mate
  bool from_book = false;  // Defended along the book's line: its defence, nothing solved
  // Defended and proved: the mate's length from the reply on, in the attacker's moves, and
  // whether it is proved the shortest (else "at most"; false along the book's line, whose
  // length the book gives and nothing here proves).
  int mate_moves = 0;
  bool mate_exact = false;
  bool mate_bounded = false;  // else only the reply's line is proved (MateAnswer::bounded)
  int64_t nodes = 0, time_ms = 0;  // of the solve, if one ran
  bool cached = false;             // the solve's answer was remembered
};

// Who solves the position after an attacker's move off the book's line: the server's solver, or
// the caller (the browser's own engine: the answer is then Unsolved, and costs no solve).
enum class Solving { by_server, by_caller };

class ProblemService {
 public:
  explicit ProblemService(MateService& mate) : mate_(mate) {}

  const std::vector<ProblemCollection>& collections() const;
  // Throw ServiceError not_found naming the collection, or the problem in it.
  const ProblemCollection& collection(std::string_view id) const;
  const Problem& problem(std::string_view collection, std::string_view name) const;
  // Who attacks in the problem: the side to move in its position.
  static Color attacker(const Problem& problem);
  // The problem's game with its start position (the collection's game, the problem's SFEN).
  static Game start(const ProblemCollection& collection, const Problem& problem);

  // The attacker's newest move, `moves` being the moves played from the problem's position
  // (lishogi USI): the attacker's, the defences the server gave (or any legal defence), and
  // the attacker's newest last. The book's line is answered from the book; any other, by the
  // solver (MateService::solve: its limits and errors apply). Throws ServiceError:
  // not_found (the problem), invalid naming "moves" (none, or ending with a defence, or too
  // many) or "moves[I]" (does not read, not legal, after the end, an earlier attacker's
  // move that attacks no royal).
  AttemptAnswer attempt(std::string_view collection, std::string_view name,
                        const std::vector<std::string>& moves, const Asker& asker,
                        Solving solving = Solving::by_server);

  MateService& mate() { return mate_; }

 private:
  MateService& mate_;
};

}  // namespace kirin::server
