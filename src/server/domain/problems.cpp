#include "server/domain/problems.h"

#include <fmt/core.h>

#include "notation/notation_error.h"
#include "notation/usi.h"
#include "rules/mating.h"
#include "server/domain/game_setup.h"
#include "server/domain/service_error.h"

namespace kirin::server {

namespace {

// The moves an attempt may replay: far more than the longest published problem (a mate in
// a few hundred), and a bound on the work of one request.
constexpr std::size_t kMaxAttemptMoves = 1999;

GameSetup problem_setup(const ProblemCollection& collection, const Problem& problem) {
  GameSetup setup;
  setup.game = collection.game;
  setup.start_sfen = problem.sfen;
  return setup;
}

}  // namespace

const char* verdict_word(Verdict v) {
  switch (v) {
    case Verdict::Solved: return "solved";
    case Verdict::Defended: return "defended";
    case Verdict::Wrong: return "wrong";
    case Verdict::Unproved: return "unproved";
    case Verdict::Unsolved: return "unsolved";
  }
  return "unproved";
}

const std::vector<ProblemCollection>& ProblemService::collections() const {
  return builtin_problem_collections();
}

const ProblemCollection& ProblemService::collection(std::string_view id) const {
  for (const ProblemCollection& c : collections())
    if (c.id == id) return c;
  throw ServiceError(ErrorCode::NotFound,
                     "no problem collection " + quoted_input(id) + " (GET /api/problems, or the "
                     "command 'problems', lists them)",
                     "collection");
}

const Problem& ProblemService::problem(std::string_view collection_id,
                                       std::string_view name) const {
  const ProblemCollection& c = collection(collection_id);
  for (const Problem& p : c.problems)
    if (p.name == name) return p;
  throw ServiceError(ErrorCode::NotFound,
                     "no problem " + quoted_input(name) + " in the collection " + c.id, "name");
}

Color ProblemService::attacker(const Problem& problem) {
  // The SFEN's second field: "b" Black (sente) to move, "w" White.
  std::size_t blank = problem.sfen.find(' ');
  return blank != std::string::npos && problem.sfen.compare(blank + 1, 1, "w") == 0 ? kWhite
                                                                                  : kBlack;
}

Game ProblemService::start(const ProblemCollection& collection, const Problem& problem) {
  GameSetup setup = problem_setup(collection, problem);
  return Game(build_setup(setup).start);
}

AttemptAnswer ProblemService::attempt(std::string_view collection_id, std::string_view name,
                                      const std::vector<std::string>& moves,
                                      const Asker& asker, Solving solving) {
  const ProblemCollection& c = collection(collection_id);
  const Problem& p = problem(collection_id, name);
  if (moves.empty() || moves.size() % 2 == 0)
    throw ServiceError(ErrorCode::Invalid,
                       moves.empty() ? "moves: play the attacker's first move"
                                     : "moves must end with the attacker's move (an odd number "
                                       "of moves: the attacker's, then each defence and the "
                                       "attacker's next)",
                       "moves");
  if (moves.size() > kMaxAttemptMoves)
    throw ServiceError(ErrorCode::Invalid,
                       fmt::format("{} moves are more than the {} an attempt replays",
                                   moves.size(), kMaxAttemptMoves),
                       "moves");
  Game game = start(c, p);
  const Color attacker_color = game.position().side_to_move();
  const std::size_t last = moves.size() - 1;
  AttemptAnswer answer;
  for (std::size_t i = 0; i <= last; ++i) {
    const std::string field = fmt::format("moves[{}]", i);
    Position pos = game.position();
    if (i % 2 == 1 && mated_under_convention(pos))  // the defender was already mated
      throw ServiceError(ErrorCode::Invalid,
                         fmt::format("{}: the problem was solved with moves[{}]", field, i - 1),
                         field);
    const Move m = read_usi_move(game, moves[i], i);
    if (i % 2 == 0 && !attacks_royal(pos, m)) {  // every attacker's move must attack a royal
      if (i < last)
        throw ServiceError(ErrorCode::Invalid,
                           field + " " + quoted_input(moves[i]) +
                               " attacks no royal: every attacking move of a problem must",
                           field);
      answer.verdict = Verdict::Wrong;
      answer.reason = "no-attack";
      return answer;
    }
    game.play(m);
  }

  Position after = game.position();
  if (mated_under_convention(after)) {  // futile interpositions aside (shogi's convention)
    answer.verdict = Verdict::Solved;
    return answer;
  }
  // Along the book's line (its lines are proven by tests): the book's defence, unsolved.
  if (moves.size() < p.solution.size() &&
      std::equal(moves.begin(), moves.end(), p.solution.begin())) {
    answer.verdict = Verdict::Defended;
    answer.reply = p.solution[moves.size()];
    answer.from_book = true;
    answer.mate_moves = int(p.solution.size() - moves.size()) / 2;
    return answer;
  }
  if (solving == Solving::by_caller) {
    answer.verdict = Verdict::Unsolved;
    return answer;
  }
  GameSetup setup = problem_setup(c, p);
  setup.game = canonical_game_id(setup.game);
  MateAnswer solved = mate_.solve(game, setup_key(setup), attacker_color, 0, asker);
  answer.nodes = solved.nodes;
  answer.time_ms = solved.time_ms;
  answer.cached = solved.cached;
  if (solved.status == MateStatus::Mate && !solved.line.empty()) {
    answer.verdict = Verdict::Defended;
    answer.reply = solved.line.front();
    answer.mate_moves = solved.mate_moves;
    answer.mate_exact = solved.exact;
    answer.mate_bounded = solved.bounded;
  } else if (solved.status == MateStatus::NoMate) {
    answer.verdict = Verdict::Wrong;
    answer.reason = "no-mate";
    if (!solved.line.empty()) answer.refutation = solved.line.front();
  } else {
    answer.verdict = Verdict::Unproved;
  }
  return answer;
}

}  // namespace kirin::server
