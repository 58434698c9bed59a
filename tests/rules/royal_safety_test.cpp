// keep_royal_safe: the moves after which no royal of the mover is attacked. Where a royal is
// attacked it plays only the moves that could end the attack; the result must be what playing
// every move would give.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "rules/catalog.h"
#include "rules/game.h"
#include "rules/movegen.h"
#include "test_positions.h"

namespace kirin {
namespace {

// Every move played and judged: no royal attacked, or a second royal made by the move (a
// promotion to Crown Prince) and the opponent unable to take both at once.
std::vector<std::string> safe_by_playing_all(Position pos, const MoveList& list) {
  const Color us = pos.side_to_move();
  std::vector<std::string> out;
  for (const Move& m : list) {
    const int royals = pos.royal_count(us);
    Undo u;
    pos.do_move(m, u);
    const bool second_royal = pos.royal_count(us) > royals;
    // Attacked by the tables where they see every capture, else as the rules judge it.
    const bool attacked = tables_see_every_capture(pos.variant()) ? pos.in_check(us)
                                                                  : royal_under_attack(pos, us);
    if (!attacked || (second_royal && !takes_every_royal(pos)))
      out.push_back(to_usi(pos, m));
    pos.undo_move(m, u);
  }
  return out;
}

std::vector<std::string> texts(const Position& pos, const MoveList& list) {
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(to_usi(pos, m));
  return out;
}

TEST(RoyalSafety, AnAttackedKingsWaysOut) {
  // Black King 6j attacked down the file by a White Rook on 6c. A Black Gold on 5h can step
  // between (6h, 6g); a Black Lance on 6l, behind the King, cannot help.
  auto v = builtin_variant("chu");
  Position pos = parse_sfen(v, test::make_sfen({{"6j", "K"},
                                                {"5h", "G"},
                                                {"6l", "L"},
                                                {"6c", "r"},
                                                {"12a", "k"}}));
  ASSERT_TRUE(pos.in_check(kBlack));
  MoveList list;
  generate_moves(pos, list);
  const std::vector<std::string> expected = safe_by_playing_all(pos, list);
  keep_royal_safe(pos, list);
  EXPECT_EQ(texts(pos, list), expected);
  // The Gold blocks, the King steps off the file (not along it).
  for (const char* out : {"5h6h", "5h6g", "6j5j", "6j7i"})
    EXPECT_EQ(std::count(expected.begin(), expected.end(), out), 1) << out;
  for (const char* stays : {"5h4h", "6j6i", "6j6k", "6l6k"})
    EXPECT_EQ(std::count(expected.begin(), expected.end(), stays), 0) << stays;
}

TEST(RoyalSafety, PromotingToCrownPrinceIsAWayOut) {
  // White King 6d attacked down the file by a Black Rook on 6l. White's Drunk Elephant on 9h
  // promotes on 9i to Crown Prince: the King stays attacked, but White then has two royals and
  // Black can take only one, so the move is safe (found by the mate solver on problem B29,
  // where it is the defence that makes the mate 18 moves long, not 2).
  auto v = builtin_variant("chu");
  Position pos = parse_sfen(v, test::make_sfen({{"6d", "k"},
                                                {"9h", "e"},
                                                {"6l", "R"},
                                                {"12l", "G"}},
                                               'w'));
  ASSERT_TRUE(pos.in_check(kWhite));
  MoveList list;
  generate_moves(pos, list);
  keep_royal_safe(pos, list);
  const std::vector<std::string> kept = texts(pos, list);
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "9h9i+"), 1);
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "9h9i"), 0);  // unpromoted: no second royal
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "6d6e"), 0);  // still on the file
}

// Black to move in a Mitsugumi position where the attack tables and the rules disagree about
// Black's King (`tables_see_check`: the tables see it attacked, the rules do not, or the other
// way round): keep_royal_safe keeps the moves the rules judge safe. Returns them.
std::vector<std::string> kept_in_mitsugumi(const std::vector<test::Put>& pieces,
                                           bool tables_see_check) {
  auto v = builtin_variant("mitsugumi");
  Position pos = parse_sfen(v, test::board_sfen(13, pieces));
  EXPECT_EQ(pos.in_check(kBlack), tables_see_check);
  EXPECT_EQ(royal_under_attack(pos, kBlack), !tables_see_check);
  MoveList list;
  generate_moves(pos, list);
  const std::vector<std::string> expected = safe_by_playing_all(pos, list);
  keep_royal_safe(pos, list);
  EXPECT_EQ(texts(pos, list), expected);
  return texts(pos, list);
}

TEST(RoyalSafety, AFrozenAttackerTakesNothing) {
  // Black King 7g on the file of a White Rook on 7a, which Black's Heavenly Tetrarch on 8b
  // freezes. The attack tables see a check; the Rook cannot move, so every move is safe (a
  // Pawn's on 1g too) but the Tetrarch's away from it.
  const std::vector<std::string> kept = kept_in_mitsugumi(
      {{"7g", "K"}, {"8b", "+C"}, {"1g", "P"}, {"7a", "r"}, {"1a", "k"}}, true);
  for (const char* safe : {"1g1f", "7g7f", "7g8f"})
    EXPECT_EQ(std::count(kept.begin(), kept.end(), safe), 1) << safe;
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "8b8e"), 0);  // the Rook thaws
}

TEST(RoyalSafety, ARangeCaptureIsAnAttack) {
  // White's Rook General on 7a takes over a Black Pawn on 7c (of lower rank) the Black King on
  // 7g: only the King's steps off the file save it; a second piece put between would still be
  // jumped (it may jump two).
  const std::vector<std::string> kept = kept_in_mitsugumi(
      {{"7g", "K"}, {"7c", "P"}, {"6f", "G"}, {"7a", "z"}, {"1a", "k"}}, false);
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "7g6g"), 1);
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "6f7f"), 0);  // a second piece between
  EXPECT_EQ(std::count(kept.begin(), kept.end(), "7g7h"), 0);  // still on the file
}

class RoyalSafety : public ::testing::TestWithParam<std::string> {};

TEST_P(RoyalSafety, KeepsWhatPlayingEveryMoveKeeps) {
  auto v = builtin_variant(GetParam());
  std::mt19937 rng(5);
  int attacked = 0;  // positions with a royal attacked: where moves are dropped unplayed
  for (int g = 0; g < 6; ++g) {
    Game game(parse_sfen(v, v->setup));
    for (int ply = 0; ply < 200 && !game.outcome().over(); ++ply) {
      Position pos = game.position();
      MoveList list;
      generate_moves(pos, list);
      if (list.size == 0) break;
      const std::vector<std::string> expected = safe_by_playing_all(pos, list);
      attacked += pos.in_check(pos.side_to_move());
      MoveList kept = list;
      keep_royal_safe(pos, kept);
      ASSERT_EQ(texts(pos, kept), expected) << to_sfen(pos);
      ASSERT_EQ(pos.hash(), game.position().hash());  // every move taken back
      // Prefer captures: they bring the pieces to the royals sooner.
      Move m = list[int(rng() % uint32_t(list.size))];
      for (int tries = 0; tries < 5 && !is_capture(pos, m); ++tries)
        m = list[int(rng() % uint32_t(list.size))];
      game.play(m);
    }
  }
  if (!v->rules.check_rule) {
    EXPECT_GT(attacked, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, RoyalSafety, ::testing::ValuesIn(builtin_variant_ids()),
                         test::game_param_name);

}  // namespace
}  // namespace kirin
