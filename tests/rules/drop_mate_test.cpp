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

// generate_drop (the search's check of a remembered drop) gives a drop exactly when
// generate_moves has it: every kind on every square, in positions that exercise each rule.
TEST(DropMate, OneDropIsCheckedAsTheGeneratorChecksIt) {
  const auto v = builtin_variant("shogi");
  for (const char* sfen : {
           "7lk/9/7G1/9/9/9/9/9/4K4 b P 1",          // a Pawn drop that would mate
           "4k4/9/4P4/9/9/9/9/9/4K4 b GPL 1",        // a Pawn on the file, dead last ranks
           "4k4/9/9/9/9/9/9/4r4/4K4 b GSNLP 1",      // in check: only drops that block
           "4k4/9/9/9/4r4/9/9/4G4/4K4 b BNP 1",      // a pinned Gold beside free drops
           "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",  // empty hand
       }) {
    const Position pos = parse_sfen(v, sfen);
    MoveList all, one;
    generate_moves(pos, all);
    int found = 0;
    for (Kind k = 1; k <= v->num_kinds(); ++k)
      for (int row = 0; row < v->ranks; ++row)
        for (int col = 0; col < v->files; ++col) {
          const Move m{kNoSquare, kNoSquare, make_square(col, row), Move::kDrop, k};
          generate_drop(pos, m, one);
          const bool generated = std::find(all.begin(), all.end(), m) != all.end();
          ASSERT_EQ(one.size == 1, generated) << sfen << " " << to_usi(pos, m);
          found += generated;
        }
    EXPECT_EQ(found, std::count_if(all.begin(), all.end(), [](const Move& m) {
                return m.is_drop();
              })) << sfen;
  }
}

}  // namespace
}  // namespace kirin
