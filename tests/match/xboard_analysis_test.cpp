// An XBoard engine's analysis (kirin bench search --against): its thinking lines, and the
// position given to it as HaChu reads one.
#include <gtest/gtest.h>

#include "match/engine_process.h"
#include "match/xboard_player.h"
#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin::match {
namespace {

const std::string kEngines = KIRIN_MATCH_ENGINES;

XBoardPlayer scripted_engine() {
  PlayerConfig c;
  c.command = "sh " + kEngines + "/xboard_script.sh";
  c.protocol = Protocol::XBoard;
  return XBoardPlayer(c);
}

TEST(XBoardThinking, ReadsDepthScoreTimeNodesAndVariation) {
  auto t = parse_xboard_thinking(" 9 121 1508 3674224 f3g5 g10g8 d1d2");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->depth, 9);
  EXPECT_EQ(t->score, 121);
  EXPECT_EQ(t->centiseconds, 1508);
  EXPECT_EQ(t->nodes, 3674224);
  EXPECT_EQ(t->pv, "f3g5 g10g8 d1d2");
  t = parse_xboard_thinking("3 -40 7 900");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->score, -40);
  EXPECT_EQ(t->pv, "");
}

TEST(XBoardThinking, OtherLinesAreNotThinking) {
  for (const char* line : {"", "move h4h5", "# 1 2 3 4", "feature done=1", "1 2 3",
                           "1 2 3 x4 h4h5", "1 2 3 4x h4h5", "-1 0 3 4 h4h5", "pong 1"})
    EXPECT_FALSE(parse_xboard_thinking(line)) << line;
}

TEST(XBoardAnalysis, TheLastThinkingLineOfTheSetupOrABareBoard) {
  auto chu = builtin_variant("chu");
  auto engine = scripted_engine();
  engine.handshake();
  auto t = engine.analyze(parse_sfen(chu, chu->setup), std::chrono::milliseconds(300));
  ASSERT_TRUE(t);
  EXPECT_EQ(t->depth, 2);
  EXPECT_EQ(t->nodes, 480);
  EXPECT_EQ(t->centiseconds, 10);
  EXPECT_EQ(t->pv, "setup");  // the setup needs no setboard

  const std::string board =
      "lf1sgekgscbl/a1bctx2t1fa/mvrhdq1ohrvm/pppppppdpppp/4n2pi3/12/3i8/PP3P2I2P/"
      "2PPP1PPPPP1/MR1HDQ1DHRVM/AVBNTOXTGB1A/LFCSGKE1SCFL";
  t = engine.analyze(parse_sfen(chu, board + " b - 21"), std::chrono::milliseconds(300));
  ASSERT_TRUE(t);
  EXPECT_EQ(t->pv, board);  // the board alone: HaChu's setboard reads nothing else
}

TEST(XBoardAnalysis, APositionABareBoardCannotSayIsRefused) {
  auto chu = builtin_variant("chu");
  auto engine = scripted_engine();
  engine.handshake();
  const std::string white_to_move =
      "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
      "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2";
  EXPECT_THROW(engine.analyze(parse_sfen(chu, white_to_move), std::chrono::milliseconds(100)),
               EngineError);
}

}  // namespace
}  // namespace kirin::match
