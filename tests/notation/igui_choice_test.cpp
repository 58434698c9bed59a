// The record keeps the move that was played: two Lions can each take the Pawn between them
// without moving (the same resulting position, so the generator lists one igui for both), and
// the move read, stored (USI), written (KIF) and shown names the Lion the player chose.
#include <gtest/gtest.h>

#include "notation/gamecourier.h"
#include "notation/kif.h"
#include "notation/pbm.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

// Chu: Black Lions on 7g and 6g, a White Pawn on 7f next to both.
constexpr const char* kTwoLions = "k11/12/12/12/12/5p6/5NN5/12/12/12/12/11K b - 1";

TEST(IguiChoice, EachLionsIguiIsKeptAsPlayed) {
  Position pos = parse_sfen(builtin_variant("chu"), kTwoLions);
  // The generator counts positions: one igui of the Pawn (perft is unchanged).
  MoveList list;
  generate_moves(pos, list);
  int iguis = 0;
  for (const Move& m : list) iguis += is_igui(pos, m) && m.mid == parse_square(pos.variant(), "7f");
  EXPECT_EQ(iguis, 1);

  for (const char* usi : {"7g7f7g", "6g7f6g"}) {
    const Move m = parse_usi(pos, usi);
    EXPECT_EQ(to_usi(pos, m), usi);
    EXPECT_TRUE(is_legal(pos, m)) << usi;
  }
  EXPECT_EQ(kif_move(pos, parse_usi(pos, "6g7f6g"), kNoSquare),
            "一歩目 7六獅子 （←6七）\n二歩目 6七獅子（居食い） （←7六）");
  EXPECT_EQ(kif_move(pos, parse_usi(pos, "7g7f7g"), kNoSquare),
            "一歩目 7六獅子 （←7七）\n二歩目 7七獅子（居食い） （←7六）");
  // Both leave the same position.
  Position a = pos, b = pos;
  Undo ua, ub;
  a.do_move(parse_usi(pos, "7g7f7g"), ua);
  b.do_move(parse_usi(pos, "6g7f6g"), ub);
  EXPECT_EQ(to_sfen(a), to_sfen(b));
  // pbmserv's and Game Courier's notations name the Lion too.
  EXPECT_EQ(to_usi(pos, parse_pbm_move(pos, "Ln6gx!7f")), "6g7f6g");
  EXPECT_EQ(to_usi(pos, parse_pbm_move(pos, "Ln7gx!7f")), "7g7f7g");
  EXPECT_EQ(to_usi(pos, parse_gamecourier_move(pos, "n 6g-7f; n 7f-6g")), "6g7f6g");
  // A KIF record of either reads back as that Lion's move.
  KifGame g(pos);
  g.moves = {parse_usi(pos, "6g7f6g")};
  EXPECT_EQ(read_kif(write_kif(g)).moves, g.moves);
}

TEST(IguiChoice, ANotIguiTwinIsNotLegal) {
  Position pos = parse_sfen(builtin_variant("chu"), kTwoLions);
  Move bogus = parse_usi(pos, "6g7f6g");
  bogus.mid = parse_square(pos.variant(), "6f");  // through an empty square: not an igui
  EXPECT_FALSE(is_legal(pos, bogus));
}

}  // namespace
}  // namespace kirin
