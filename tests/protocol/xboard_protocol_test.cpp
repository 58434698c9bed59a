// The XBoard (CECP) front-end driven through string streams, as xboard 4.9 drives an engine
// in a Chu match (the command sequence of docs/hachu-protocol.md), plus Lion moves, drops,
// highlights and malformed input.
#include <gtest/gtest.h>

#include <algorithm>

#include "notation/sfen.h"
#include "protocol/text_util.h"
#include "protocol/xboard_engine.h"
#include "protocol/xboard_notation.h"
#include "protocol_driver.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin::protocol::test {
namespace {

using Xboard = Driver<XboardEngine>;

// A Black (first player, XBoard White) Lion on f6, White Pawns on g7 and h8, Kings a12 / l1.
const char* kLionFen = "k11/12/12/12/7p4/6p5/5N6/12/12/12/12/11K w - - 0 1";

// The one "move" line; checks it is legal in `pos` and returns the move text.
std::string engine_move(const std::vector<std::string>& lines, const Position& pos) {
  auto moves = with_prefix(lines, "move ");
  EXPECT_EQ(moves.size(), 1u);
  if (moves.size() != 1) return {};
  std::string text = moves[0].substr(5);
  Move m = parse_xboard_move(pos, text);  // throws (fails the test) if illegal
  EXPECT_TRUE(is_legal(pos, m)) << text;
  return text;
}

TEST(XboardProtocol, Handshake) {
  Xboard xb;
  auto out = xb.run("xboard\nprotover 2\n");
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.front(), "feature done=0");
  EXPECT_EQ(out.back(), "feature done=1");
  std::string all;
  for (const auto& l : out) all += l + "\n";
  for (const char* f : {"myname=\"Kirin", "variants=\"chu,", "setboard=1", "usermove=1", "ping=1",
                        "memory=1", "smp=1", "colors=0", "sigint=0", "sigterm=0", "highlight=1",
                        "analyze=1"})
    EXPECT_NE(all.find(f), std::string::npos) << f;
  EXPECT_NE(all.find("variants=\"chu,dai,shogi\""), std::string::npos) << all;
}

// xboard's Engine Settings dialog: the game's rule profile and options, set with `option`.
TEST(XboardProtocol, RuleProfileAndOptionsAreEngineOptions) {
  Xboard xb;
  auto out = xb.run("xboard\nprotover 2\n");
  auto has = [&](const std::string& line) {
    return std::find(out.begin(), out.end(), line) != out.end();
  };
  EXPECT_TRUE(has("feature option=\"Profile -combo hachu /// jcsa /// *lishogi /// pbmserv /// xboard\""));
  EXPECT_TRUE(has("feature option=\"Option_drops -check 0\""));
  EXPECT_TRUE(has("feature option=\"Option_max_plies -spin 1000 0 1000000\""));
  EXPECT_TRUE(has("feature option=\"Option_promotion -combo *lishogi /// shogi\""));

  // Set in the middle of a game: the game goes on from the same position.
  out = xb.run("new\nforce\nusermove f3f5\noption Profile=xboard\noption Option_drops=1\n");
  EXPECT_TRUE(with_prefix(out, "Error").empty()) << out.front();
  EXPECT_EQ(xb.game().plies(), 1);
  EXPECT_EQ(xb.engine().session().rules().profile, "xboard");
  EXPECT_TRUE(xb.engine().session().variant()->rules.counter_strike_binds_lions);
  EXPECT_TRUE(xb.engine().session().variant()->rules.drops);
  // ...and outlives `new`, for the configured game.
  xb.run("new\n");
  EXPECT_EQ(xb.engine().session().rules().profile, "xboard");
  EXPECT_TRUE(xb.engine().session().variant()->rules.drops);

  // Bad values, unknown options and rules the game played so far breaks change nothing.
  for (const char* bad : {"option Profile=nonsense", "option Option_nonsense=1",
                          "option Option_max_plies=many", "option Hash=3", "option Profile"}) {
    out = xb.run(std::string(bad) + "\n");
    ASSERT_EQ(out.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(out[0], "Error (")) << bad << " -> " << out[0];
    EXPECT_EQ(xb.engine().session().rules().profile, "xboard") << bad;
  }
  xb.run("force\nusermove f3f5\nusermove g10g8\nusermove a4a5\n");
  out = xb.run("option Option_max_plies=2\n");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(out[0].find("move 3"), std::string::npos) << out[0];
  EXPECT_EQ(xb.game().plies(), 3);
}

TEST(XboardProtocol, MatchAsXboardPlaysIt) {
  Xboard xb;
  auto out = xb.run(
      "xboard\nprotover 2\naccepted variants\nmemory 68\nnew\nrandom\nvariant chu\n"
      "level 0 0:10 0.1\npost\nhard\neasy\nping 1\nforce\n");
  EXPECT_EQ(with_prefix(out, "pong").size(), 1u);
  EXPECT_EQ(with_prefix(out, "pong")[0], "pong 1");
  EXPECT_TRUE(with_prefix(out, "Error").empty()) << with_prefix(out, "Error")[0];
  // The engine plays the first player.
  Position start = xb.game().position();
  out = xb.run("computer\ntime 1000\notim 1000\ngo\n");
  std::string first = engine_move(out, start);
  EXPECT_EQ(xb.game().plies(), 1);
  EXPECT_FALSE(with_prefix(out, "1 ").empty()) << "post: thinking lines";
  // The opponent answers; the engine replies at once (it is out of force mode).
  Position before = xb.game().position();
  out = xb.run("time 990\notim 1000\nusermove e9e8\n");
  EXPECT_EQ(xb.game().plies(), 3);
  Position after_user = before;
  Undo u;
  after_user.do_move(parse_xboard_move(before, "e9e8"), u);
  engine_move(out, after_user);
  out = xb.run("result 1-0 {Xboard adjudication: Checkmate}\nforce\nping 4\n");
  EXPECT_EQ(out, std::vector<std::string>{"pong 4"});
}

TEST(XboardProtocol, EnginePlaysSecondAfterNew) {
  Xboard xb;
  auto out = xb.run("new\nlevel 0 0:10 0.1\nusermove f3f5\n");  // HaChu's first move: the Lion jumps the Pawn
  EXPECT_EQ(xb.game().plies(), 2);
  EXPECT_EQ(with_prefix(out, "move ").size(), 1u);
  Xboard forced;
  out = forced.run("new\nforce\nusermove f3f5\nusermove g10g8\n");
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(forced.game().plies(), 2);
}

TEST(XboardProtocol, LionMovesInBothInputForms) {
  struct Case {
    const char* input;
    const char* sfen_after;  // Kirin SFEN
  } cases[] = {
      {"usermove f6g7,g7f6", "k11/12/12/12/7p4/12/5N6/12/12/12/12/11K w - 2"},    // igui
      {"usermove f6g7,\nusermove g7f6", "k11/12/12/12/7p4/12/5N6/12/12/12/12/11K w - 2"},
      {"usermove f6g7,g7h8", "k11/12/12/12/7N4/12/12/12/12/12/12/11K w - 2"},     // both Pawns
      {"usermove f6g7,\nusermove g7h8", "k11/12/12/12/7N4/12/12/12/12/12/12/11K w - 2"},
      {"usermove f6g7", "k11/12/12/12/7p4/6N5/12/12/12/12/12/11K w - 2"},         // one Pawn
      {"usermove f6h8", "k11/12/12/12/7N4/6p5/12/12/12/12/12/11K w - 2"},         // jump
      {"usermove @@@@", "k11/12/12/12/7p4/6p5/5N6/12/12/12/12/11K w - 2"},        // pass
      {"usermove f6f6", "k11/12/12/12/7p4/6p5/5N6/12/12/12/12/11K w - 2"},
      {"usermove f6f7,f7f6", "k11/12/12/12/7p4/6p5/5N6/12/12/12/12/11K w - 2"},
  };
  for (const Case& c : cases) {
    Xboard xb;
    auto out = xb.run(std::string("force\nsetboard ") + kLionFen + "\n" + c.input + "\n");
    // Taking both Pawns bares the White King: the engine reports the result.
    bool bared = std::string(c.sfen_after).find('p') == std::string::npos;
    EXPECT_EQ(out, bared ? std::vector<std::string>{"1-0 {bare king}"} : std::vector<std::string>{})
        << c.input;
    EXPECT_EQ(xb.game().plies(), 1) << c.input;
    EXPECT_EQ(to_sfen(xb.game().position()), c.sfen_after) << c.input;
  }
}

TEST(XboardProtocol, MoveTextRoundTrips) {
  auto v = builtin_variant("chu");
  Position pos = parse_xboard_fen(v, kLionFen);
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list) {
    std::string text = to_xboard_move(pos, m);
    EXPECT_EQ(parse_xboard_move(pos, text), m) << text;
  }
  EXPECT_EQ(to_xboard_fen(pos), kLionFen);
  EXPECT_EQ(parse_xboard_square(*v, "f6"), pos.squares(kBlack)[0] == parse_xboard_square(*v, "l1")
                                               ? pos.squares(kBlack)[1]
                                               : pos.squares(kBlack)[0]);
  // The start position: XBoard's chu FEN board is lishogi's SFEN board; first player "w".
  Position start = parse_sfen(v, v->setup);
  EXPECT_EQ(to_xboard_fen(start),
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
            "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1");
  EXPECT_EQ(xboard_square(*v, parse_xboard_square(*v, "f3")), "f3");
}

TEST(XboardProtocol, PromotionAndDropsInShogi) {
  Xboard xb;
  // 7g7f 3c3d 8h2b+ 3a2b B*5e in USI.
  auto out = xb.run(
      "new\nvariant shogi\nforce\nusermove c3c4\nusermove g7g6\nusermove b2h8+\n"
      "usermove g9h8\nusermove B@e5\n");
  EXPECT_TRUE(out.empty()) << out[0];
  EXPECT_EQ(xb.game().plies(), 5);
  Position pos = xb.game().position();
  out = xb.run("sd 2\ngo\n");
  engine_move(out, pos);
}

TEST(XboardProtocol, LimitsStSdLevelAndMoveNow) {
  for (const char* limits : {"sd 2", "st 0.2", "level 40 0:20 0\ntime 2000\notim 2000",
                             "level 0 0:10 0.1\ntime 1000\notim 1000", "level 0 0:03 0.2"}) {
    Xboard xb;
    Position start = xb.game().position();
    auto out = xb.run(std::string("new\n") + limits + "\ngo\n");
    engine_move(out, start);
    if (std::string(limits) == "sd 2") {
      for (const auto& l : out)
        if (!starts_with(l, "move")) {
          EXPECT_TRUE(starts_with(l, "1 ") || starts_with(l, "2 ")) << l;
        }
    }
  }
  Xboard xb;
  Position start = xb.game().position();
  auto out = xb.run("new\nlevel 0 60 0\ntime 360000\ngo\n?\n");  // move now
  engine_move(out, start);
}

TEST(XboardProtocol, PingDuringThinkIsAnsweredAfterTheMove) {
  Xboard xb;
  auto out = xb.run("new\nsd 3\ngo\nping 7\n");
  ASSERT_EQ(with_prefix(out, "pong").size(), 1u);
  size_t move_at = 0, pong_at = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    if (starts_with(out[i], "move ")) move_at = i;
    if (starts_with(out[i], "pong 7")) pong_at = i;
  }
  EXPECT_LT(move_at, pong_at);
}

TEST(XboardProtocol, ForceCancelsTheMove) {
  Xboard xb;
  auto out = xb.run("new\nlevel 0 60 0\ntime 360000\ngo\nforce\n");
  EXPECT_TRUE(with_prefix(out, "move").empty());
  EXPECT_EQ(xb.game().plies(), 0);
}

TEST(XboardProtocol, AnalyzeExitAndUndo) {
  Xboard xb;
  auto out = xb.run("new\nforce\nusermove f3f5\nanalyze\nusermove g10g8\nundo\nexit\n");
  EXPECT_TRUE(with_prefix(out, "move").empty());
  EXPECT_EQ(xb.game().plies(), 1);
  out = xb.run("usermove g10g8\nusermove h4h5\nremove\n");
  EXPECT_EQ(xb.game().plies(), 1);
  out = xb.run("remove\n");
  EXPECT_EQ(out.size(), 1u);
  EXPECT_TRUE(starts_with(out[0], "Error (not enough moves to take back)"));
  EXPECT_EQ(xb.game().plies(), 1);
}

TEST(XboardProtocol, ResultWhenTheEngineEndsTheGame) {
  Xboard xb;
  // The first player's Lion next to the lone White King: taking it ends the game.
  auto out = xb.run("new\nforce\nsetboard k11/1N10/12/12/12/12/12/12/12/12/12/11K w - - 0 1\nsd 2\ngo\n");
  ASSERT_EQ(with_prefix(out, "move").size(), 1u);
  ASSERT_EQ(with_prefix(out, "1-0").size(), 1u) << out.back();
  EXPECT_TRUE(xb.game().outcome().over());
  out = xb.run("usermove a12a11\n");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(starts_with(out[0], "Illegal move (the game is over"));
}

TEST(XboardProtocol, LiftHighlightsLegalDestinations) {
  Xboard xb;
  xb.run(std::string("force\nsetboard ") + kLionFen + "\n");
  auto out = xb.run("lift f6\n");
  ASSERT_EQ(out.size(), 1u);
  ASSERT_TRUE(starts_with(out[0], "highlight "));
  // Rank 7 (the fifth row from the top) has the Pawn on g7 marked C: the Lion may go on.
  std::string map = out[0].substr(10);
  std::vector<std::string> ranks;
  for (size_t at = 0; at <= map.size();) {
    size_t slash = map.find('/', at);
    ranks.push_back(map.substr(at, slash == std::string::npos ? std::string::npos : slash - at));
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  ASSERT_EQ(ranks.size(), 12u);
  EXPECT_NE(ranks[5].find('C'), std::string::npos) << out[0];  // g7
  EXPECT_NE(ranks[6].find('T'), std::string::npos) << out[0];  // f6: the pass
  // After the first leg onto g7, the second-leg targets include the way back (igui).
  out = xb.run("put g7\nlift g7\n");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(starts_with(out[0], "highlight ")) << out[0];
  EXPECT_EQ(xb.game().plies(), 0) << "lift and put do not move";
  out = xb.run("lift a1\n");  // an empty square: nothing to mark
  EXPECT_EQ(out, std::vector<std::string>{"highlight 12/12/12/12/12/12/12/12/12/12/12/12"});
}

TEST(XboardProtocol, MalformedInputChangesNothing) {
  Xboard xb;
  xb.run("new\nforce\nusermove f3f5\n");
  const std::string sfen = to_sfen(xb.game().position());
  struct Case {
    const char* command;
    const char* expect;
  } cases[] = {
      {"usermove f3f5", "Illegal move ("},
      {"usermove z9z9", "Illegal move ("},
      {"usermove a1", "Illegal move ("},
      {"usermove g10g8,g8g6", "Illegal move ("},
      {"usermove g10g9,h9h8", "Illegal move (the second leg must start where the first ended)"},
      {"usermove @@@@", "Illegal move ("},
      {"usermove", "Illegal move ("},
      {"usermove P@e5", "Illegal move ("},
      {"setboard this is not a fen", "tellusererror Illegal position"},
      {"setboard 12/12 w", "tellusererror Illegal position"},
      {"variant crazyhouse", "Error (unsupported variant): crazyhouse"},
      {"level 40", "Error (level takes"},
      {"level x 5 0", "Error (level takes"},
      {"st -1", "Error (st takes"},
      {"sd zero", "Error (sd takes"},
      {"memory lots", "Error (memory takes"},
      {"time soon", "Error (time takes"},
      // Numbers beyond their fields are refused, not wrapped (level 1, a negative clock).
      {"level 4294967297 5 0", "Error (level takes"},
      {"time 9223372036854775807", "Error (time takes"},
      {"otim 99999999999999999999", "Error (otim takes"},
      {"lift z99", "Error (not a square"},
      {"frobnicate", "Error (unknown command): frobnicate"},
      {"\x01\xfe garbage", "Error (unknown command)"},
  };
  for (const Case& c : cases) {
    auto out = xb.run(std::string(c.command) + "\n");
    ASSERT_EQ(out.size(), 1u) << c.command;
    EXPECT_NE(out[0].find(c.expect), std::string::npos) << c.command << " -> " << out[0];
    EXPECT_EQ(to_sfen(xb.game().position()), sfen) << c.command;
    EXPECT_EQ(xb.game().plies(), 1) << c.command;
  }
}

TEST(XboardProtocol, OnlyVariantsXboardKnowsAreOffered) {
  Xboard xb;
  for (const char* name : {"chu-seireigi", "chuseireigi", "sho", "mitsugumi", "normal"}) {
    auto out = xb.run(std::string("variant ") + name + "\n");
    EXPECT_EQ(out, std::vector<std::string>{std::string("Error (unsupported variant): ") + name});
    EXPECT_EQ(xb.engine().session().variant()->id, "chu");
  }
  auto out = xb.run("variant shogi\n");
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(xb.engine().session().variant()->id, "shogi");
}

// XBoard's `time` before each move tells the lag the same way; `new` forgets it.
TEST(XboardProtocol, TimeLostBetweenMovesBecomesAMargin) {
  Xboard xb;
  xb.run("new\nvariant chu\nlevel 0 0:10 0.1\nforce\n");
  Position start = xb.game().position();
  auto out = xb.run("time 1000\notim 1000\ngo\n");
  const std::string first = engine_move(out, start);
  EXPECT_EQ(xb.engine().session().search_limits().lag_ms, 0);
  EXPECT_TRUE(xb.engine().session().search_limits().received.has_value());
  MoveList replies;
  generate_moves(xb.game().position(), replies);
  const std::string reply = to_xboard_move(xb.game().position(), replies.moves[0]);
  // 1000 cs left, under 2 s spent, 0.1 s increment: 700 cs means a second or more lost.
  out = xb.run("time 700\notim 1000\nusermove " + reply + "\n");
  EXPECT_EQ(xb.game().plies(), 3);
  const int64_t lag = xb.engine().session().search_limits().lag_ms;
  EXPECT_GE(lag, 1000);
  EXPECT_LE(lag, 3100);
  xb.run("new\nvariant chu\nlevel 0 0:10 0.1\nforce\ntime 1000\notim 1000\ngo\n");
  EXPECT_EQ(xb.engine().session().search_limits().lag_ms, 0);
}

}  // namespace
}  // namespace kirin::protocol::test
