// King safety, in the large games without drops and in shogi: positions where a term of the
// evaluation decides the sign of the score.
#include <gtest/gtest.h>

#include "engine/eval.h"
#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

int eval_of(const std::string& variant, const std::string& sfen) {
  auto v = builtin_variant(variant);
  return evaluator_for(v)->evaluate(parse_sfen(v, sfen));
}

// Equal material, Black to move (worth a little), each side's Rooks on the same rank in both
// positions (a Rook's square bonus is the same on every file of a rank). White's Rooks on the
// files either side of Black's King attack the six squares beside it, which only the King
// defends, from beyond the three squares the nearness of the danger term looks at: that
// outweighs the move.
TEST(KingSafety, OpenLinesBesideTheKingDecideTheSign) {
  const std::string lines_open = "6k5/12/12/12/12/4r1r5/1R8R1/12/12/12/5K6/12 b - 1";
  const std::string rooks_away = "6k5/12/12/12/12/r10r/1R8R1/12/12/12/5K6/12 b - 1";
  EXPECT_GT(eval_of("chu", rooks_away), 0);
  EXPECT_LT(eval_of("chu", lines_open), 0);
}

// Shogi (drop games). White to move (the move worth 12 to it), the material and every square
// bonus alike: Black's King on 2h has its Gold and Silver beside it and a piece ahead, White's
// King on 8b its two Pawns, its Gold and Silver four files off. Counting own pieces beside the
// King alone, both are as well off; the generals make Black's the better castle.
TEST(KingSafety, GeneralsBesideTheKingDecideTheSignInShogi) {
  auto v = builtin_variant("shogi");
  auto e = evaluator_for(v);
  EXPECT_TRUE(e->is_general(*v->kind_by_sfen("g")));
  EXPECT_TRUE(e->is_general(*v->kind_by_sfen("s")));
  EXPECT_FALSE(e->is_general(*v->kind_by_sfen("p")));
  EXPECT_FALSE(e->is_general(*v->kind_by_sfen("n")));
  EXPECT_FALSE(e->is_general(*v->kind_by_sfen("k")));
  ASSERT_TRUE(v->kind_by_sfen("+r"));
  EXPECT_FALSE(e->is_general(*v->kind_by_sfen("+r")));  // it steps to all eight, but ranges too
  // The score is White's (to move): better for White with Black's generals apart too.
  EXPECT_GT(eval_of("shogi", "9/1k3g3/1pp2s3/9/9/9/1PP1S4/4G2K1/9 w - 1"), 0);
  EXPECT_LT(eval_of("shogi", "9/1k3g3/1pp2s3/9/9/9/1PP4S1/6GK1/9 w - 1"), 0);
}

// Shogi: a lone King on its back ranks aside from the centre file (where a castle stands)
// is worth more than the move; a King up the board less.
TEST(KingSafety, AKingAsideOnItsBackRanksDecidesTheSignInShogi) {
  // Scores from the side to move's point of view.
  EXPECT_GT(eval_of("shogi", "4k4/9/9/9/9/9/9/4K4/9 w - 1"), 0);  // both on the centre file
  EXPECT_LT(eval_of("shogi", "4k4/9/9/9/9/9/9/7K1/9 w - 1"), 0);  // Black's aside on 2h
  EXPECT_LT(eval_of("shogi", "4k4/9/9/9/7K1/9/9/9/9 b - 1"), 0);  // Black's up on 2e
}

// Shogi: White's Rooks on the files beside Black's King attack four squares around it that
// only the King defends, from beyond the three squares the nearness of the danger term looks
// at; Black's Rooks, on the same ranks, aim at nothing. Equal material, Black to move.
TEST(KingSafety, AttacksOnTheKingsZoneDecideTheSignInShogi) {
  EXPECT_GT(eval_of("shogi", "4k4/9/r7r/9/9/9/1R5R1/9/4K4 b - 1"), 0);
  EXPECT_LT(eval_of("shogi", "4k4/9/3r1r3/9/9/9/1R5R1/9/4K4 b - 1"), 0);
}

// Shogi: four Pawns in Black's hand against a Lance and a Pawn in White's, Black to move, the
// Kings alike. At 115% each the four Pawns were worth more; the second and further of a kind
// are worth less than the first, and the Lance and Pawn are each a first.
TEST(KingSafety, HandValuesDiminishDecideTheSignInShogi) {
  auto v = builtin_variant("shogi");
  auto e = evaluator_for(v);
  const Kind pawn = *v->kind_by_sfen("p");
  EXPECT_GT(e->hand_value(pawn, 1), e->hand_value(pawn, 2));
  EXPECT_GT(e->hand_value(pawn, 2), e->hand_value(pawn, 3));
  EXPECT_EQ(e->hand_value(pawn, 3), e->hand_value(pawn, 9));
  EXPECT_LT(eval_of("shogi", "4k4/9/9/9/9/9/9/9/4K4 b 4Plp 1"), 0);
  // The search's move-by-move material is the same as counted afresh: a capture of a Pawn
  // into a hand holding three.
  Position pos = parse_sfen(v, "4k4/9/9/9/4p4/4P4/9/9/4K4 b 3P 1");
  Move capture;
  bool found = false;
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list)
    if (m.to == make_square(4, 4) && !m.is_drop()) capture = m, found = true;
  ASSERT_TRUE(found);
  const int delta = e->material_delta(pos, capture);
  Undo u;
  const int before = e->material(pos);
  pos.do_move(capture, u);
  EXPECT_EQ(e->material(pos), before + delta);
}

}  // namespace
}  // namespace kirin
