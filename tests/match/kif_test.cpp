// KIF as lishogi writes it: expected texts checked by hand against lishogi's exporter
// (scalashogi KifModel: "%4d" move numbers, Chu's "一歩目"/"二歩目" lines and "仝").
#include "notation/kif.h"

#include <gtest/gtest.h>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

KifGame game_of(const std::string& variant, const std::vector<std::string>& usi) {
  auto v = builtin_variant(variant);
  KifGame g(parse_sfen(v, v->setup));
  Position pos = g.start;
  for (const std::string& text : usi) {
    Move m = parse_usi(pos, text);
    g.moves.push_back(m);
    Undo u;
    pos.do_move(m, u);
  }
  return g;
}

TEST(Kif, ChuLionDoubleMoveSameSquareAndResignation) {
  KifGame g = game_of("chu", {"7j7h", "6c6e", "7h7f", "6e6g", "7f6g7f", "3d3e"});
  g.black = "A";
  g.white = "B";
  g.result = Result::WhiteWins;
  g.ending = KifGame::Ending::Resignation;
  g.comment = "A resigns";
  EXPECT_EQ(write_kif(g),
            "手合割：中将棋\n"
            "先手：A\n"
            "後手：B\n"
            "手数----指手---------消費時間--\n"
            "   1   7八獅子 （←7十）\n"
            "   2   6五獅子 （←6三）\n"
            "   3   7六獅子 （←7八）\n"
            "   4   6七獅子 （←6五）\n"
            "   5一歩目 仝獅子 （←7六）\n"
            "   5二歩目 7六獅子（居食い） （←6七）\n"
            "   6   3五歩兵 （←3四）\n"
            "* A resigns\n"
            "   7   投了\n");
}

TEST(Kif, ShogiDropsPromotionDeclinedAndClocks) {
  KifGame g = game_of("shogi", {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d", "4e6c"});
  g.times_ms = {0, 1500, 61000, 2000, 500, 999, 3000};
  g.date = "2025/01/02 03:04:05";
  g.event = "test";
  g.time_control = "10+0.1";
  g.black = "Sente";
  g.white = "Gote";
  EXPECT_EQ(write_kif(g),
            "開始日時：2025/01/02 03:04:05\n"
            "棋戦：test\n"
            "持ち時間：10+0.1\n"
            "手合割：平手\n"
            "先手：Sente\n"
            "後手：Gote\n"
            "手数----指手---------消費時間--\n"
            "   1   ７六歩(77)   (00:00/00:00:00)\n"
            "   2   ３四歩(33)   (00:01/00:00:01)\n"
            "   3   ２二角成(88)   (01:01/00:01:01)\n"
            "   4   同　銀(31)   (00:02/00:00:03)\n"
            "   5   ４五角打   (00:00/00:01:01)\n"
            "   6   ８四歩(83)   (00:00/00:00:04)\n"
            "   7   ６三角不成(45)   (00:03/00:01:04)\n");
}

TEST(Kif, ChuPromotionAndTwelveFileSquares) {
  auto v = builtin_variant("chu");
  // A lone Black Rook on 12e moves into the zone at 12d... and a Lion on 10j.
  Position pos = parse_sfen(v, "k11/12/12/12/R11/12/12/12/12/2N9/12/11K b - 1");
  EXPECT_EQ(kif_move(pos, parse_usi(pos, "12e12c+"), kNoSquare), "12三飛車成 （←12五）");
  EXPECT_EQ(kif_move(pos, parse_usi(pos, "12e12c"), kNoSquare), "12三飛車不成 （←12五）");
  EXPECT_EQ(kif_move(pos, parse_usi(pos, "10j10l"), kNoSquare), "10十二獅子 （←10十）");
}

TEST(Kif, EndingsFollowTheRules) {
  EXPECT_EQ(kif_ending({Result::BlackWins, EndReason::RoyalsCaptured}), KifGame::Ending::Mate);
  EXPECT_EQ(kif_ending({Result::Draw, EndReason::Repetition}), KifGame::Ending::Repetition);
  EXPECT_EQ(kif_ending({Result::WhiteWins, EndReason::PerpetualAttack}),
            KifGame::Ending::Perpetual);
  EXPECT_EQ(kif_ending({Result::Draw, EndReason::PlyLimit}), KifGame::Ending::Draw);
  KifGame g = game_of("shogi", {"5i5h", "5a5b", "5h5i", "5b5a"});
  g.result = Result::Draw;
  g.ending = KifGame::Ending::Repetition;
  std::string text = write_kif(g);
  EXPECT_TRUE(text.ends_with("   4   ５一玉(52)\n   5   千日手\n")) << text;
}

// The ending as lishogi writes it (scalashogi's Kif.createTerminationMove, lila's
// NotationDump): the word on the line of the move not played, 投了 only for the side to move
// (a resignation by the other side is a comment on the last move), no "まで" line.
std::string ending_of(KifGame g, Result result, KifGame::Ending ending, std::string comment = {}) {
  g.black = "S";
  g.white = "G";
  g.result = result;
  g.ending = ending;
  g.comment = std::move(comment);
  const std::string text = write_kif(g);
  return text.substr(text.find("消費時間--\n") + std::string("消費時間--\n").size());
}

TEST(Kif, ResignationByEitherSideOnEitherSidesTurn) {
  const KifGame two = game_of("shogi", {"7g7f", "3c3d"});  // Black to move
  const KifGame three = game_of("shogi", {"7g7f", "3c3d", "2g2f"});  // White to move
  const std::string moves2 = "   1   ７六歩(77)\n   2   ３四歩(33)\n";
  const std::string moves3 = moves2 + "   3   ２六歩(27)\n";
  using E = KifGame::Ending;
  // Black resigns on its turn; White resigns on its turn.
  EXPECT_EQ(ending_of(two, Result::WhiteWins, E::Resignation), moves2 + "   3   投了\n");
  EXPECT_EQ(ending_of(three, Result::BlackWins, E::Resignation), moves3 + "   4   投了\n");
  // The report's case: White resigns while Black is to move. No 投了 on Black's line 3.
  EXPECT_EQ(ending_of(two, Result::BlackWins, E::Resignation, "Black wins by resignation"),
            moves2 + "* Black wins by resignation\n");
  // Black resigns while White is to move.
  EXPECT_EQ(ending_of(three, Result::WhiteWins, E::Resignation, "White wins by resignation"),
            moves3 + "* White wins by resignation\n");
}

TEST(Kif, OtherEndingsAsLishogiWritesThem) {
  const KifGame two = game_of("shogi", {"7g7f", "3c3d"});
  const std::string moves = "   1   ７六歩(77)\n   2   ３四歩(33)\n";
  using E = KifGame::Ending;
  EXPECT_EQ(ending_of(two, Result::WhiteWins, E::Timeout), moves + "   3   切れ負け\n");
  EXPECT_EQ(ending_of(two, Result::Ongoing, E::Abort), moves + "   3   中断\n");
  EXPECT_EQ(ending_of(two, Result::WhiteWins, E::Mate), moves + "   3   詰み\n");
  EXPECT_EQ(ending_of(two, Result::Draw, E::Repetition), moves + "   3   千日手\n");
  EXPECT_EQ(ending_of(two, Result::BlackWins, E::Perpetual), moves + "   3   反則勝ち\n");
  EXPECT_EQ(ending_of(two, Result::BlackWins, E::ImpasseWin), moves + "   3   入玉勝ち\n");
  // The referee's reason for an illegal move stays as a comment before the line.
  EXPECT_EQ(ending_of(two, Result::WhiteWins, E::IllegalMove, "engine crashed"),
            moves + "* engine crashed\n   3   反則負け\n");
  EXPECT_EQ(ending_of(two, Result::Ongoing, E::None), moves);
}

TEST(Kif, OtherStartPositionsAreDrawn) {
  auto v = builtin_variant("shogi");
  KifGame g(parse_sfen(v, "4k4/9/9/9/9/9/9/9/4K4 w G 1"));
  std::string text = write_kif(g);
  EXPECT_EQ(text,
            "後手の持駒：なし\n"
            "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
            "+---------------------------+\n"
            "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n"
            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
            "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n"
            "+---------------------------+\n"
            "先手の持駒：金\n"
            "後手番\n"
            "先手：\n"
            "後手：\n"
            "手数----指手---------消費時間--\n");
}

}  // namespace
}  // namespace kirin
