// Shogi's futile-interposition convention (無駄合, rules/mating.h, docs/RULES.md "Problems"):
// a position for each clause of the definition, where it decides whether an interposition is
// futile, the defences a problem's length counts, and a line ending with only futile
// interpositions left.
//
// Squares are USI names: file 1..9 from Black's right, rank a at the top; Black moves up and
// attacks without a King. White is to move, its King on 1a in check from the Rook on 5a along
// rank a (4a, 3a, 2a between), unless a test says otherwise. Worked out by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "rules/mating.h"
#include "test_positions.h"

namespace kirin {
namespace {

using test::Put;
using test::sorted;

Position shogi(std::vector<Put> pieces, const std::string& hand = "g", char side = 'w') {
  return parse_sfen(builtin_variant("shogi"), test::board_sfen(9, pieces, side, hand));
}

// The Rook on 5a checks the King on 1a.
std::vector<Put> rook_check(std::vector<Put> more = {}) {
  more.push_back({"1a", "k"});
  more.push_back({"5a", "R"});
  return more;
}

bool futile(Position pos, const std::string& usi) {
  return is_futile_interposition(pos, parse_usi(pos, usi));
}

std::vector<std::string> counted(Position pos) {
  MoveList list;
  generate_counted_defences(pos, list);
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(to_usi(pos, m));
  return sorted(out);
}

TEST(FutileInterposition, ADropTakenForNothingIsFutile) {
  // 5a3a or 5a4a takes the Gold; nothing of White's reaches 3a or 4a.
  const Position pos = shogi(rook_check());
  EXPECT_TRUE(futile(pos, "G*3a"));
  EXPECT_TRUE(futile(pos, "G*4a"));
}

TEST(FutileInterposition, ADropTheKingTakesBackIsNot) {
  // 5a2a, and the King takes the Rook on 2a (nothing of Black's guards it).
  EXPECT_FALSE(futile(shogi(rook_check()), "G*2a"));
}

TEST(FutileInterposition, NextToTheKingButGuardedByTheAttackerIsFutile) {
  // The Knight on 3c guards 2a (and 4a): after 5a2a the King cannot take back.
  EXPECT_TRUE(futile(shogi(rook_check({{"3c", "N"}})), "G*2a"));
}

TEST(FutileInterposition, ADropADefenderTakesBackIsNot) {
  // White's Silver on 3b guards 4a and 2a (its backward diagonals), not 3a.
  const Position pos = shogi(rook_check({{"3b", "s"}}));
  EXPECT_FALSE(futile(pos, "G*4a"));
  EXPECT_FALSE(futile(pos, "G*2a"));
  EXPECT_TRUE(futile(pos, "G*3a"));
}

TEST(FutileInterposition, AGuardThatMayNotMoveDoesNotCount) {
  // White's Silver on 2b guards 3a, but the Bishop on 4d pins it to the King (4d-3c-2b-1a):
  // taking back on 3a is illegal, so G*3a is futile. Without the Bishop it is not.
  EXPECT_TRUE(futile(shogi(rook_check({{"2b", "s"}, {"4d", "B"}})), "G*3a"));
  EXPECT_FALSE(futile(shogi(rook_check({{"2b", "s"}})), "G*3a"));
}

TEST(FutileInterposition, ABoardMoveCanBeFutileToo) {
  // White's Gold on 3b steps back to 3a (移動合): taken for nothing, as a drop would be.
  const Position pos = shogi(rook_check({{"3b", "g"}}), "-");
  EXPECT_TRUE(futile(pos, "3b3a"));
}

TEST(FutileInterposition, KingMovesAndCapturesOfTheCheckerAreNot) {
  // The King steps to 1b; White's Gold on 5b takes the Rook.
  const Position pos = shogi(rook_check({{"5b", "g"}}), "-");
  EXPECT_FALSE(futile(pos, "1a1b"));
  EXPECT_FALSE(futile(pos, "5b5a"));
}

TEST(FutileInterposition, TheCheckerMayTakeWithoutPromoting) {
  // A Lance on 1e checks up the file. After G*1c, 1e1c+ (a Gold's moves) attacks nothing, but
  // 1e1c unpromoted still checks through 1b: futile. G*1b is taken back by the King.
  const Position pos = shogi({{"1a", "k"}, {"1e", "L"}});
  EXPECT_TRUE(futile(pos, "G*1c"));
  EXPECT_FALSE(futile(pos, "G*1b"));
}

TEST(FutileInterposition, NoCheckNoInterposition) {
  // The Rook on 5b checks nothing: no move of White's is an interposition.
  EXPECT_FALSE(futile(shogi({{"1a", "k"}, {"5b", "R"}}), "G*3a"));
}

TEST(FutileInterposition, TheCountedDefencesLeaveThemOut) {
  // The King's steps to 1b and 2b, and G*2a, which the King takes back; not G*3a or G*4a.
  EXPECT_EQ(counted(shogi(rook_check())),
            (std::vector<std::string>{"1a1b", "1a2b", "G*2a"}));
}

TEST(FutileInterposition, OnlyInGamesWithDropsAndTheCheckRule) {
  EXPECT_TRUE(futile_convention_applies(*builtin_variant("shogi")));
  EXPECT_TRUE(futile_convention_applies(*builtin_variant("chu-seireigi")));
  EXPECT_FALSE(futile_convention_applies(*builtin_variant("chu")));
  // In Chu (no drops, no check rule) the counted defences are all the defences: the Rook on
  // 5a attacks the King on 1a, and the Gold on 3b may step back between.
  Position chu = parse_sfen(builtin_variant("chu"),
                            test::make_sfen({{"1a", "k"}, {"5a", "R"}, {"3b", "g"}}, 'w'));
  MoveList all, kept;
  generate_defences(chu, all);
  generate_counted_defences(chu, kept);
  EXPECT_EQ(all.size, kept.size);
  EXPECT_GT(all.size, 0);
}

// 透かし詰: the Rook on 9b holds rank b, the Knight on 3c guards 2a and 4a. 5i5a checks, and
// every interposition (G*4a, G*3a, G*2a) is taken for nothing: a mate in 1 under the
// convention, not under the game's rules alone.
std::vector<Put> see_through_mate() {
  return {{"1a", "k"}, {"9b", "R"}, {"3c", "N"}, {"5i", "R"}};
}

TEST(FutileInterposition, OnlyFutileInterpositionsLeftIsAMateUnderTheConvention) {
  Game g(shogi(see_through_mate(), "g", 'b'));
  const std::vector<Move> line = {parse_usi(g.position(), "5i5a")};
  EXPECT_EQ(check_mating_line(g, line, kBlack, true), "");
  EXPECT_EQ(check_mating_line(g, line, kBlack, false),
            "the defender is not mated at the end of the line");
  Game after = g;
  after.play(line[0]);
  Position pos = after.position();
  EXPECT_TRUE(counted(pos).empty());
  EXPECT_TRUE(mated_under_convention(pos));
  EXPECT_FALSE(cannot_keep_royal(pos));
  // Without the Knight the King takes back on 2a: G*2a counts, and the line is refused.
  std::vector<Put> open = see_through_mate();
  open.erase(open.begin() + 2);
  Game o(shogi(open, "g", 'b'));
  EXPECT_EQ(check_mating_line(o, {parse_usi(o.position(), "5i5a")}, kBlack, true),
            "the defender is not mated at the end of the line, futile interpositions aside");
}

}  // namespace
}  // namespace kirin
