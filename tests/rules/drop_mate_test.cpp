// A Pawn drop may not give checkmate (shogi's uchifuzume, and every piece with no_drop_mate),
// whether or not the dropping side has a King: a mating problem's attacker has none.
#include <gtest/gtest.h>

#include <algorithm>

#include "notation/notation_error.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

// Is `move` among the legal moves, and does parse_usi (which refuses an illegal move) agree?
bool legal(const char* sfen, const char* move) {
  const Position pos = parse_sfen(builtin_variant("shogi"), sfen);
  MoveList moves;
  generate_moves(pos, moves);
  const bool generated = std::any_of(moves.begin(), moves.end(),
                                     [&](const Move& m) { return to_usi(pos, m) == move; });
  bool parsed = true;
  try {
    parse_usi(pos, move);
  } catch (const NotationError&) {
    parsed = false;
  }
  EXPECT_EQ(generated, parsed) << sfen << " " << move;
  return generated;
}

TEST(DropMate, APawnDropMayNotMateWithOrWithoutTheDroppersKing) {
  // White's King on 1a, its Lance on 2a; Black's Gold on 2c guards 1b and 2b: P*1b mates.
  EXPECT_FALSE(legal("7lk/9/7G1/9/9/9/9/9/4K4 b P 1", "P*1b"));
  EXPECT_FALSE(legal("7lk/9/7G1/9/9/9/9/9/9 b P 1", "P*1b"));
  // A Gold drop may mate.
  EXPECT_TRUE(legal("7lk/9/7G1/9/9/9/9/9/9 b G 1", "G*1b"));
  // Without the Gold the King takes the Pawn: a check, not a mate, and legal.
  EXPECT_TRUE(legal("7lk/9/9/9/9/9/9/9/9 b P 1", "P*1b"));
}

}  // namespace
}  // namespace kirin
