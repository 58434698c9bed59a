// The search's reading of repetitions: which earlier position repeats, and who the game's
// perpetual rule blames, against Game's own verdict at the fourfold repetition.
#include "engine/repetition.h"

#include <gtest/gtest.h>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/game.h"

namespace kirin {
namespace {

TEST(Repetition, EarlierOccurrenceLooksAtTheSameSideToMoveOnly) {
  EXPECT_EQ(earlier_occurrence({}), -1);
  EXPECT_EQ(earlier_occurrence({7}), -1);
  EXPECT_EQ(earlier_occurrence({7, 8, 7}), 0);
  EXPECT_EQ(earlier_occurrence({7, 7}), -1) << "one ply apart: the other side to move";
  EXPECT_EQ(earlier_occurrence({7, 1, 7, 2, 7}), 2) << "the latest one";
  EXPECT_EQ(earlier_occurrence({7, 1, 2, 3, 7}, 2), -1) << "outside the window";
}

RuleOptions rules(RuleOptions::Repetition repetition, bool attacker_loses = true) {
  RuleOptions r;
  r.repetition = repetition;
  r.perpetual_attacker_loses = attacker_loses;
  return r;
}

TEST(Repetition, LishogiBlamesOnlyTheSideThatRepeated) {
  const auto lishogi = rules(RuleOptions::Repetition::Lishogi);
  // Positions 0..4, position 4 = position 0; the last move (into 4) is the mover's, as is 2.
  EXPECT_EQ(judge_repetition({0, 0, 1, 0, 1}, 0, lishogi), RepetitionVerdict::SideToMoveWins);
  EXPECT_EQ(judge_repetition({0, 1, 1, 1, 1}, 0, lishogi), RepetitionVerdict::SideToMoveWins);
  EXPECT_EQ(judge_repetition({0, 1, 0, 1, 1}, 0, lishogi), RepetitionVerdict::Draw);
  EXPECT_EQ(judge_repetition({0, 1, 1, 1, 0}, 0, lishogi), RepetitionVerdict::Draw);
  // Moves before the earlier occurrence do not count.
  EXPECT_EQ(judge_repetition({0, 0, 0, 1, 0, 1}, 1, lishogi), RepetitionVerdict::SideToMoveWins);
}

TEST(Repetition, TheExactRuleBlamesTheOnlySideThatAttackedThroughout) {
  const auto exact = rules(RuleOptions::Repetition::Exact);
  EXPECT_EQ(judge_repetition({0, 0, 1, 0, 1}, 0, exact), RepetitionVerdict::SideToMoveWins);
  EXPECT_EQ(judge_repetition({0, 1, 0, 1, 0}, 0, exact), RepetitionVerdict::SideToMoveLoses);
  EXPECT_EQ(judge_repetition({0, 1, 1, 1, 1}, 0, exact), RepetitionVerdict::Draw);
  EXPECT_EQ(judge_repetition({0, 0, 0, 0, 0}, 0, exact), RepetitionVerdict::Draw);
  EXPECT_EQ(judge_repetition({0, 0, 1, 0, 1}, 0, rules(RuleOptions::Repetition::Exact, false)),
            RepetitionVerdict::Draw);
}

// Game's verdict at the fourfold repetition and the search's at the first repetition agree,
// with the attack flags Game records: in standard shogi a Rook checking back and forth loses.
TEST(Repetition, AgreesWithTheGameOnPerpetualCheck) {
  auto shogi = builtin_variant("shogi");
  Game game(parse_sfen(shogi, "8k/9/9/9/9/9/9/9/K3R4 b - 1"));
  game.play(parse_usi(game.position(), "5i5a"));
  const char* cycle[] = {"1a1b", "5a5b", "1b1a", "5b5a"};  // the Rook checks on every move
  int judged = 0;
  for (int round = 0; round < 4 && !game.outcome().over(); ++round)
    for (const char* usi : cycle) {
      if (game.outcome().over()) break;
      game.play(parse_usi(game.position(), usi));
      const int first = earlier_occurrence(game.recent_hashes());
      if (first < 0) continue;
      ++judged;
      // White to move: the Rook has just checked again, and its side loses.
      const bool white_to_move = game.position().side_to_move() == kWhite;
      const auto verdict = judge_repetition(game.recent_attacks(), first, shogi->rules);
      if (shogi->rules.repetition == RuleOptions::Repetition::Lishogi)
        EXPECT_EQ(verdict, white_to_move ? RepetitionVerdict::SideToMoveWins : RepetitionVerdict::Draw);
      else
        EXPECT_EQ(verdict, white_to_move ? RepetitionVerdict::SideToMoveWins
                                         : RepetitionVerdict::SideToMoveLoses);
    }
  EXPECT_GT(judged, 0);
  ASSERT_TRUE(game.outcome().over());
  EXPECT_EQ(game.outcome().result, Result::WhiteWins);
  EXPECT_EQ(game.outcome().reason, EndReason::PerpetualAttack);
}

}  // namespace
}  // namespace kirin
