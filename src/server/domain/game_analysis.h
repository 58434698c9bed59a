// A whole game's computer analysis judged (issue 33, lishogi's "request a computer analysis"):
// from the engine's evaluation of every position, each move's mark (inaccuracy, mistake,
// blunder) with the better move, and a summary per player (the marks, the average centipawn
// loss, an accuracy). Pure arithmetic: where the evaluations come from (the player's browser)
// and where they are kept (analysis_repo.h) is game_analyses.h's business.
//
// The method is lishogi's (modules/analyse: Advice.scala, Accuracy.scala), which is lichess's
// with shogi's constants, and lichess's accuracy (AccuracyPercent.scala):
// * Winning chances of a score x in centipawns: 2 / (1 + exp(-k x)) - 1, in [-1, 1], x clamped
//   to +-ceiling; a mate counts as the ceiling. lishogi: k = 0.001, ceiling 5500.
// * A move whose mover's winning chances drop by 0.3 is a blunder, 0.2 a mistake, 0.1 an
//   inaccuracy (both scores in centipawns). With a mate on either side: letting the opponent
//   force mate where there was none is a blunder, a mistake if the mover was already down by
//   1000 cp, an inaccuracy if by 4000; losing a forced mate likewise by the score after it.
// * The average centipawn loss: each move's drop in the mover's score (clamped, a mate as the
//   ceiling), none counted below 0.
// * Accuracy: lichess's, from win% = 50 + 50 * winning chances: a move's accuracy
//   103.1668 exp(-0.04354 (win% lost)) - 3.1669 + 1, in [0, 100]; a player's the mean of the
//   volatility-weighted mean and the harmonic mean of their moves'.
//
// Kirin's centipawns are its own (a Pawn 100, the other pieces by their reach: Chu's Lion is
// 2500), and a big game's army is worth several of shogi's. lishogi's constants fit shogi,
// whose army (Kirin's values: 5290 cp without the King) is about lishogi's ceiling. So the
// scale of a game is its army's worth over shogi's: losing the same share of one's army costs
// the same winning chances in every game. k is divided by the scale, the ceiling and the mate
// thresholds multiplied by it (shogi 1, Sho 0.95, Chu 4.4, Dai 5.3, Mitsugumi 7.0). See
// docs/ANALYSIS.md.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/types.h"
#include "rules/variant.h"

namespace kirin::server {

// The engine's word on one position: a score from Black's point of view (centipawns, or a
// forced mate: positive when Black mates, in moves) and its line (best move first).
struct PositionEval {
  std::optional<int> cp;
  std::optional<int> mate;
  std::vector<std::string> pv;  // USI
  friend bool operator==(const PositionEval&, const PositionEval&) = default;
};

// How a game's centipawns translate into winning chances (see above).
struct AnalysisScale {
  double army = 5290;  // one side's start material in the game's centipawns
  double scale = 1;    // army / shogi's army
  double k() const { return 0.001 / scale; }
  int ceiling() const { return int(5500 * scale + 0.5); }
  int cp_threshold(int lishogi_cp) const { return int(lishogi_cp * scale + 0.5); }
};
inline constexpr double kShogiArmy = 5290;  // Kirin's shogi values, the King not counted
// The scale of a game: the worth of Black's non-royal pieces in its standard start position.
AnalysisScale analysis_scale(const Variant& variant);

enum class Mark { None, Inaccuracy, Mistake, Blunder };
const char* mark_word(Mark m);  // "", "inaccuracy", "mistake", "blunder"
const char* mark_glyph(Mark m);  // "", "?!", "?", "??"
// What a mark on a move with a mate on either side means (lishogi's MateSequence).
enum class MateChange { None, Created, Lost };
const char* mate_change_word(MateChange m);  // "", "mate_created", "mate_lost"

struct MoveJudgment {
  int ply = 0;  // 1 for the first move
  Color mover = kBlack;
  Mark mark = Mark::None;
  MateChange mate = MateChange::None;
  int loss = 0;  // centipawns the mover's score dropped (0 if it rose)
  double accuracy = 100;  // lichess's move accuracy, 0 to 100
  bool judged = false;  // both positions evaluated
  std::string best;  // the engine's move before it, where that was not the move played
};

struct PlayerSummary {
  int inaccuracies = 0, mistakes = 0, blunders = 0;
  int moves = 0;  // judged moves
  std::optional<int> acpl;  // average centipawn loss; none without a judged move
  std::optional<double> accuracy;
};

struct Judgment {
  AnalysisScale scale;
  std::vector<std::optional<double>> win;  // each position's win% for Black, 0 to 100
  std::vector<MoveJudgment> moves;
  std::array<PlayerSummary, 2> players;  // by Color
};

// Judges a game of moves.size() moves from the evaluation of each of its moves.size() + 1
// positions (none where there is no evaluation: a position that ends the game); movers[i]
// made moves[i]. The caller has checked the input (game_analyses.h).
Judgment judge(const std::vector<std::optional<PositionEval>>& evals,
               const std::vector<std::string>& moves, const std::vector<Color>& movers,
               const AnalysisScale& scale);

// The pieces of the method, for the tests.
double winning_chances(double cp, const AnalysisScale& s);  // in [-1, 1]
double win_percent(const PositionEval& e, const AnalysisScale& s);  // Black's, 0 to 100
double move_accuracy(double win_before, double win_after);  // the mover's win%, 0 to 100

}  // namespace kirin::server
