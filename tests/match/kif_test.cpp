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
            "   5二歩目 7六獅子 （←6七）\n"
            "   6   3五歩兵 （←3四）\n"
            "   7   投了\n"
            "* A resigns\n"
            "まで6手で後手の勝ち\n");
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
  EXPECT_NE(text.find("   5   千日手\nまで4手で千日手\n"), std::string::npos) << text;
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
