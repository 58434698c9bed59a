// read_kif: both layouts lishogi reads (its table and its Chu records' "N手目 ▲" lines), the
// igui and jitto marks, the endings, the header and diagrams, errors naming the move; lishogi's
// own Chu fixture; and KIF written by Kirin reads back as the same game in every built-in game.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "../random_play.h"
#include "notation/kif.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> usi_of(const KifGame& g) {
  std::vector<std::string> out;
  Position pos = g.start;
  for (const Move& m : g.moves) {
    out.push_back(to_usi(pos, m));
    Undo u;
    pos.do_move(m, u);
  }
  return out;
}

KifGame game_of(const std::string& variant, const std::vector<std::string>& usi,
                std::string_view sfen = {}) {
  auto v = builtin_variant(variant);
  KifGame g(parse_sfen(v, sfen.empty() ? v->setup : sfen));
  Position pos = g.start;
  for (const std::string& text : usi) {
    g.moves.push_back(parse_usi(pos, text));
    Undo u;
    pos.do_move(g.moves.back(), u);
  }
  return g;
}

// The error read_kif throws for `text`; a failure if it reads it.
NotationError kif_error(std::string_view text, std::shared_ptr<const Variant> v = nullptr) {
  try {
    read_kif(text, v);
    ADD_FAILURE() << "read: " << text;
  } catch (const NotationError& e) {
    return e;
  }
  return NotationError("none");
}

TEST(KifReader, LishogisChuFixtureReplays) {
  const std::string text =
      file_text(std::string(KIRIN_TEST_DATA) + "/kif/lishogi-chushogi-kif1.kif");
  const KifGame g = read_kif(text);  // no header: the moves' style says Chu
  EXPECT_EQ(g.start.variant().id, "chu");
  ASSERT_EQ(g.moves.size(), 129u);
  const std::vector<std::string> usi = usi_of(g);
  EXPECT_EQ(usi[0], "7i7h");
  EXPECT_EQ(usi[1], "6c7e");
  EXPECT_EQ(usi[56], "7g6f7g");   // 57: the Lion's igui of the Pawn on 6f
  EXPECT_EQ(usi[66], "5e5d+");    // 67: a promotion
  EXPECT_EQ(usi[67], "6d5d6c");   // 68: a double move through the Pawn just promoted
  EXPECT_EQ(usi[128], "7d7c");    // 129: "7三獅子まで"
  EXPECT_EQ(g.ending, KifGame::Ending::None);

  // Kirin's KIF of that game: the igui marked as lishogi marks it, and read back the same.
  const std::string written = write_kif(g);
  EXPECT_NE(written.find("  57一歩目 仝獅子 （←7七）\n  57二歩目 7七獅子（居食い） （←6六）\n"),
            std::string::npos)
      << written;
  EXPECT_EQ(usi_of(read_kif(written)), usi);
}

TEST(KifReader, StandardTableWithHeaderClocksAndEnding) {
  const KifGame g = read_kif(
      "#KIF version=2.0 encoding=UTF-8\n"
      "開始日時：2025/01/02 03:04:05\n"
      "棋戦：test\n"
      "持ち時間：10分\n"
      "手合割：平手\n"
      "先手：Sente 初段\n"
      "後手：Gote\n"
      "手数----指手---------消費時間--\n"
      "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
      "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
      "   3 ２二角成(88)   ( 0:03/00:00:04)\n"
      "   4 同　銀(31)   ( 0:04/00:00:06)\n"
      "   5 ４五角打   ( 0:05/00:00:09)\n"
      "* a comment\n"
      "   6 ８四歩(83)   ( 0:06/00:00:12)\n"
      "   7 ６三角不成(45)   ( 0:07/00:00:16)\n"
      "   8 投了\n"
      "まで7手で先手の勝ち\n");
  EXPECT_EQ(g.start.variant().id, "shogi");
  EXPECT_EQ(g.black, "Sente 初段");
  EXPECT_EQ(g.white, "Gote");
  EXPECT_EQ(g.event, "test");
  EXPECT_EQ(g.date, "2025/01/02 03:04:05");
  EXPECT_EQ(g.time_control, "10分");
  EXPECT_EQ(usi_of(g), (std::vector<std::string>{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d",
                                                 "4e6c"}));
  EXPECT_EQ(g.times_ms, (std::vector<int64_t>{1000, 2000, 3000, 4000, 5000, 6000, 7000}));
  EXPECT_EQ(g.ending, KifGame::Ending::Resignation);
  EXPECT_EQ(g.result, Result::BlackWins);  // White, to move, resigned
}

TEST(KifReader, BothLayoutsOfTheSameChuGame) {
  const char* table =
      "手合割：中将棋\n"
      "手数----指手---------消費時間--\n"
      "   1   7八獅子 （←7十）\n"
      "   2   6五獅子 （←6三）\n"
      "   3   7七獅子 （←7八）\n"
      "   4   6六獅子 （←6五）\n"
      "   5一歩目 仝獅子 （←7七）\n"
      "   5二歩目 7七獅子 （←6六）\n";
  const char* numbered =
      "1手目 ▲7八獅子 （←7十）\n"
      "2手目 △6五獅子 （←6三）\n"
      "3手目 ▲7七獅子 （←7八）\n"
      "4手目 △6六獅子 （←6五）\n"
      "5手目一歩目 ▲仝獅子 （←7七）\n"
      "5手目二歩目 ▲7七獅子（居食い） （←6六）\n";
  const std::vector<std::string> want = {"7j7h", "6c6e", "7h7g", "6e6f", "7g6f7g"};
  EXPECT_EQ(usi_of(read_kif(table)), want);
  EXPECT_EQ(usi_of(read_kif(numbered)), want);
}

TEST(KifReader, JittoReadMarkedOrNotAndWrittenUnmarked) {
  // Black's Lion on 7h steps to the empty 7g and back: a pass.
  const KifGame g = game_of("chu", {"7j7h", "6c6e", "7h7g7h"});
  const std::string written = write_kif(g);
  EXPECT_NE(written.find("   3二歩目 7八獅子 （←7七）\n"), std::string::npos) << written;
  EXPECT_EQ(usi_of(read_kif(written)), usi_of(g));
  for (const char* mark : {"(じっと)", "（じっと）"}) {
    const std::string text = std::string("1手目 ▲7八獅子 （←7十）\n2手目 △6五獅子 （←6三）\n"
                                         "3手目一歩目 ▲7七獅子 （←7八）\n3手目二歩目 ▲7八獅子") +
                             mark + " （←7七）\n";
    EXPECT_EQ(usi_of(read_kif(text)), usi_of(g)) << mark;
  }
}

TEST(KifReader, EndingsSaidOfTheSideToMove) {
  auto ending = [](const char* word) {
    return read_kif(std::string("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ") + word + "\n");
  };
  EXPECT_EQ(ending("投了").result, Result::WhiteWins);
  EXPECT_EQ(ending("詰み").result, Result::WhiteWins);
  EXPECT_EQ(ending("切れ負け").ending, KifGame::Ending::Timeout);
  EXPECT_EQ(ending("反則勝ち").result, Result::BlackWins);
  EXPECT_EQ(ending("入玉勝ち").ending, KifGame::Ending::ImpasseWin);
  EXPECT_EQ(ending("千日手").result, Result::Draw);
  EXPECT_EQ(ending("持将棋").ending, KifGame::Ending::Draw);
  EXPECT_EQ(ending("中断").result, Result::Ongoing);
  // lishogi's Chu lines: "130手目 △投了".
  EXPECT_EQ(read_kif("1手目 ▲7八獅子 （←7十）\n2手目 △投了\n").result, Result::BlackWins);
}

TEST(KifReader, EveryEndingKirinWritesReadsBack) {
  using E = KifGame::Ending;
  for (E e : {E::Resignation, E::Timeout, E::IllegalMove, E::Mate, E::Repetition, E::Perpetual,
              E::ImpasseWin, E::Draw, E::Abort}) {
    KifGame g = game_of("shogi", {"7g7f", "3c3d"});
    g.ending = e;
    g.result = e == E::Perpetual || e == E::ImpasseWin ? Result::BlackWins
               : e == E::Repetition || e == E::Draw    ? Result::Draw
               : e == E::Abort                         ? Result::Ongoing
                                                       : Result::WhiteWins;
    const KifGame back = read_kif(write_kif(g));
    EXPECT_EQ(back.ending, e) << write_kif(g);
    EXPECT_EQ(back.result, g.result) << write_kif(g);
  }
}

TEST(KifReader, ABoardDiagramReadsBackAsItsPosition) {
  const char* sfen = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
  KifGame g = game_of("shogi", {"3c3d"}, sfen);
  const KifGame back = read_kif(write_kif(g));
  EXPECT_EQ(to_sfen(back.start), to_sfen(g.start));
  EXPECT_EQ(usi_of(back), usi_of(g));
  KifGame hands = game_of("shogi", {"G*5b"}, "4k4/9/9/9/9/9/9/9/4K4 b G2Pp 1");
  EXPECT_EQ(usi_of(read_kif(write_kif(hands))), usi_of(hands));
  EXPECT_EQ(to_sfen(read_kif(write_kif(hands)).start), to_sfen(hands.start));
  // Chu's diagram: 12 files, three characters a cell.
  KifGame chu = game_of("chu", {}, "k11/12/12/12/12/5p6/5NN5/12/12/12/12/11K w - 1");
  EXPECT_EQ(to_sfen(read_kif(write_kif(chu)).start), to_sfen(chu.start));
}

TEST(KifReader, ErrorsNameTheMove) {
  NotationError illegal = kif_error("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７四歩(76)\n");
  EXPECT_EQ(illegal.field(), "move 3");
  EXPECT_NE(std::string(illegal.what()).find("move 3 '７四歩(76)' (line 3)"), std::string::npos)
      << illegal.what();
  NotationError wrong_piece = kif_error("   1 ７六金(77)\n");
  EXPECT_EQ(wrong_piece.field(), "move 1");
  EXPECT_NE(std::string(wrong_piece.what()).find("is the Pawn"), std::string::npos)
      << wrong_piece.what();
  EXPECT_EQ(kif_error("   1 ７六歩\n").field(), "move 1");  // no origin
  EXPECT_EQ(kif_error("1手目 ▲7八獅子 （←7十）\n2手目二歩目 △6五獅子 （←6三）\n").field(),
            "move 2");
  EXPECT_EQ(kif_error("1手目一歩目 ▲7九獅子 （←7十）\n").field(), "move 1");
  EXPECT_EQ(kif_error("手合割：九枚落ち\n   1 ７六歩(77)\n").field(), "手合割");
  EXPECT_EQ(kif_error("   1 ７六歩(77)\nhello\n").field(), "line 2");
  EXPECT_EQ(kif_error("   1 同　歩(77)\n").field(), "move 1");  // 同 with nothing before
}

// Kirin's KIF of a random game reads back as the same moves, from the same start, in every
// built-in game and in Chu with drops.
TEST(KifReader, RandomGamesOfEveryGameReadBack) {
  std::mt19937 rng(test::random_seed(2026));
  std::vector<std::shared_ptr<const Variant>> games;
  for (const std::string& id : builtin_variant_ids()) games.push_back(builtin_variant(id));
  auto drops = builtin_variant("chu");
  drops->set_option("drops", "true");
  games.push_back(drops);
  for (const auto& v : games)
    for (int game = 0; game < test::random_games(3); ++game) {
      KifGame g(parse_sfen(v, v->setup));
      Position pos = g.start;
      for (int ply = 0; ply < 120; ++ply) {
        MoveList list;
        generate_moves(pos, list);
        if (list.size == 0) break;
        std::vector<Move> captures;
        for (const Move& m : list)
          if (is_capture(pos, m)) captures.push_back(m);
        const Move m = !captures.empty() && rng() % 2 ? captures[rng() % captures.size()]
                                                      : list[int(rng() % list.size)];
        g.moves.push_back(m);
        Undo u;
        pos.do_move(m, u);
      }
      const std::string text = write_kif(g);
      try {
        const KifGame back = read_kif(text, v);
        EXPECT_EQ(to_sfen(back.start), to_sfen(g.start)) << v->id;
        EXPECT_EQ(back.moves, g.moves) << v->id << "\n" << text;
      } catch (const NotationError& e) {
        ADD_FAILURE() << v->id << ": " << e.what() << "\n" << text;
      }
    }
}

}  // namespace
}  // namespace kirin
