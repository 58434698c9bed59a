// The USI front-end driven through string streams: handshake, positions, searches with each
// kind of limit, and malformed input that must neither crash nor change the state.
#include <gtest/gtest.h>

#include "engine/limits.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "protocol/text_util.h"
#include "protocol/usi_engine.h"
#include "protocol_driver.h"
#include "rules/mating.h"
#include "rules/movegen.h"

namespace kirin::protocol::test {
namespace {

using Usi = Driver<UsiEngine>;

const char* kLionAndPawns = "k11/12/12/12/7p4/6p5/5N6/12/12/12/12/11K b - 1";

// The one bestmove line; checks that it is a legal move of `pos` and returns its text.
std::string bestmove(const std::vector<std::string>& lines, const Position& pos) {
  auto best = with_prefix(lines, "bestmove ");
  EXPECT_EQ(best.size(), 1u);
  if (best.size() != 1) return {};
  auto words = split_words(best[0]);
  EXPECT_GE(words.size(), 2u);
  Move m = parse_usi(pos, words[1]);  // throws (and fails the test) if illegal
  EXPECT_TRUE(is_legal(pos, m)) << best[0];
  if (words.size() == 4) {  // "ponder X": legal after the best move
    EXPECT_EQ(words[2], "ponder");
    Position after = pos;
    Undo u;
    after.do_move(m, u);
    EXPECT_NO_THROW(parse_usi(after, words[3])) << best[0];
  }
  return words[1];
}

TEST(UsiProtocol, Handshake) {
  Usi usi;
  auto out = usi.run("usi\nisready\n");
  ASSERT_GE(out.size(), 4u);
  EXPECT_EQ(out[0], "id name Kirin 0.1.0");
  EXPECT_TRUE(starts_with(out[1], "id author "));
  EXPECT_EQ(out[out.size() - 2], "usiok");
  EXPECT_EQ(out.back(), "readyok");
  auto has = [&](const std::string& prefix) { return !with_prefix(out, prefix).empty(); };
  EXPECT_TRUE(has("option name USI_Hash type spin default 64"));
  EXPECT_TRUE(has("option name USI_Ponder type check"));
  // Every game's id, then the games' USI names (their [names] tables).
  EXPECT_TRUE(has("option name UCI_Variant type combo default chu var chu var chu-seireigi "
                  "var chu-seireigi-10 var chu-seireigi-2023 var dai var dai-seireigi "
                  "var mitsugumi var sho var shogi var chushogi var daishogi var standard"));
  EXPECT_TRUE(has("option name Profile type combo default lishogi"));
  EXPECT_TRUE(has("option name Option_lion_protection type check default true"));
  EXPECT_TRUE(has("option name Option_promotion type combo default lishogi var lishogi var shogi"));
}

TEST(UsiProtocol, PositionStartposAndSfenWithMoves) {
  Usi usi;
  auto out = usi.run("position startpos moves 3i3h 10d10e 1i1h\n");
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(usi.game().plies(), 3);
  out = usi.run(std::string("position sfen ") + kLionAndPawns + " moves 7g6f7g\n");
  EXPECT_TRUE(out.empty()) << out[0];
  EXPECT_EQ(usi.game().plies(), 1);
  // The igui took the Pawn on 6f and left the Lion where it was.
  EXPECT_EQ(to_sfen(usi.game().position()), "k11/12/12/12/7p4/12/5N6/12/12/12/12/11K w - 2");
}

TEST(UsiProtocol, LionMovesIguiDoubleCaptureAndPass) {
  Usi usi;
  for (const char* move : {"7g6f7g", "7g6f5e", "7g7f7g", "7g6f6e"}) {
    auto out = usi.run(std::string("position sfen ") + kLionAndPawns + " moves " + move + "\n");
    EXPECT_TRUE(out.empty()) << move << ": " << (out.empty() ? "" : out[0]);
    EXPECT_EQ(usi.game().plies(), 1) << move;
  }
  usi.run(std::string("position sfen ") + kLionAndPawns + " moves 7g6f5e\n");
  EXPECT_EQ(to_sfen(usi.game().position()), "k11/12/12/12/7N4/12/12/12/12/12/12/11K w - 2")
      << "the Lion took both Pawns and stands on 5e";
}

TEST(UsiProtocol, PromotionAndDropsInShogi) {
  Usi usi;
  auto out = usi.run(
      "setoption name UCI_Variant value standard\n"
      "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*5e\n");
  EXPECT_TRUE(out.empty()) << out[0];
  EXPECT_EQ(usi.engine().session().variant()->id, "shogi");
  EXPECT_EQ(usi.game().plies(), 5);
  out = usi.run("go depth 2\n");
  bestmove(out, usi.game().position());
}

TEST(UsiProtocol, DropsInChuWithTheDropsOption) {
  Usi usi;
  auto out = usi.run("setoption name Option_drops value true\nposition startpos\ngo depth 1\n");
  EXPECT_TRUE(with_prefix(out, "info string").empty()) << out[0];
  EXPECT_TRUE(usi.engine().session().variant()->rules.drops);
  bestmove(out, usi.game().position());
}

TEST(UsiProtocol, GoWithEachKindOfLimitAnswersALegalMove) {
  Usi usi;
  usi.run("position startpos moves 3i3h 10d10e\n");
  const Position pos = usi.game().position();
  for (const char* go : {"go depth 3", "go nodes 3000", "go movetime 200",
                         "go btime 2000 wtime 2000 binc 100 winc 100",
                         "go btime 0 wtime 0 byoyomi 300", "go byoyomi 200",
                         "go btime 3000 wtime 3000 movestogo 10"}) {
    auto out = usi.run(std::string(go) + "\n");
    auto infos = with_prefix(out, "info depth ");
    EXPECT_FALSE(infos.empty()) << go;
    for (const std::string& info : infos) {
      for (const char* field : {" seldepth ", " score ", " nodes ", " nps ", " time ",
                                " hashfull ", " pv "})
        EXPECT_NE(info.find(field), std::string::npos) << go << ": " << info;
    }
    bestmove(out, pos);
  }
  auto out = usi.run("go depth 2\n");
  EXPECT_EQ(with_prefix(out, "info depth ").size(), 2u);
}

TEST(UsiProtocol, MultiPvNumbersEachLineOfEachIteration) {
  Usi usi;
  EXPECT_EQ(with_prefix(usi.run("usi\n"), "option name MultiPV ").size(), 1u);
  usi.run("position startpos moves 3i3h 10d10e\nsetoption name MultiPV value 3\n");
  const Position pos = usi.game().position();
  auto out = usi.run("go depth 2\n");
  auto infos = with_prefix(out, "info depth ");
  ASSERT_EQ(infos.size(), 6u);  // three lines at each of two depths
  for (std::size_t i = 0; i < infos.size(); ++i)
    EXPECT_NE(infos[i].find(" multipv " + std::to_string(i % 3 + 1) + " score "),
              std::string::npos) << infos[i];
  bestmove(out, pos);
  // Back to one line: no multipv field, as before.
  usi.run("setoption name MultiPV value 1\n");
  for (const std::string& info : with_prefix(usi.run("go depth 2\n"), "info depth "))
    EXPECT_EQ(info.find(" multipv "), std::string::npos) << info;
}

TEST(UsiProtocol, StopEndsAnInfiniteSearchAndPonderhitAPonderingOne) {
  Usi usi;
  usi.run("position startpos\n");
  auto out = usi.run("go infinite\nisready\nstop\n");
  EXPECT_EQ(with_prefix(out, "readyok").size(), 1u) << "isready is answered while searching";
  bestmove(out, usi.game().position());
  out = usi.run("go ponder btime 1000 wtime 1000\nponderhit\n");
  bestmove(out, usi.game().position());
  out = usi.run("go infinite\n");  // the end of the input stops it
  bestmove(out, usi.game().position());
  out = usi.run("go\nquit\n");  // bare go analyses until stop (here quit)
  bestmove(out, usi.game().position());
}

TEST(UsiProtocol, GameOverAnswersResign) {
  Usi usi;
  // White takes Black's King: the royals are captured, the game is over. (A side that starts
  // without royals, as in a mating problem, plays on: MatingProblem tests.)
  auto out = usi.run(
      "position sfen k10r/12/12/12/12/12/12/12/12/12/12/10GK w - 1 moves 1a1l\ngo depth 3\n");
  ASSERT_TRUE(usi.game().outcome().over());
  EXPECT_EQ(with_prefix(out, "bestmove").size(), 1u);
  EXPECT_EQ(with_prefix(out, "bestmove")[0], "bestmove resign");
}

TEST(UsiProtocol, MalformedInputChangesNothing) {
  Usi usi;
  usi.run("position startpos moves 3i3h\n");
  const std::string sfen = to_sfen(usi.game().position());
  struct Case {
    const char* command;
    const char* expect;  // in the one reply line
  } cases[] = {
      {"position sfen lfcsgekgscfl/zzz b - 1", "info string error: SFEN board"},
      {"position sfen", "info string error: 'sfen' needs a position"},
      {"position startpos moves 3i3h 10d10e 3h3h", "move 3"},
      {"position startpos moves 3i3h 99z99y", "move 2"},
      {"position startpos moves 7g7f", "move 1: illegal move '7g7f'"},
      {"position", "info string error: expected 'position startpos'"},
      {"position startpos 3i3h", "expected 'moves'"},
      {"frobnicate now", "info string unknown command: frobnicate now"},
      {"\x01\x02\xff garbage", "info string unknown command:"},
      {"setoption name Bogus value 3", "unknown option 'Bogus'"},
      {"setoption name USI_Hash value lots", "USI_Hash takes a whole number"},
      {"setoption name USI_Hash value 0", "USI_Hash takes a whole number"},
      {"setoption name MultiPV value 0", "MultiPV takes a whole number from 1 to 64"},
      {"setoption name MultiPV value 65", "MultiPV takes a whole number from 1 to 64"},
      {"setoption name UCI_Variant value minishogi", "minishogi is not one of Kirin's games"},
      {"setoption name UCI_Variant value nonsense", "error"},
      {"setoption name Profile value nonsense", "error"},
      {"setoption name Option_max_plies value many", "error"},
      {"setoption name Option_nonsense value 1", "error"},
      {"setoption value 3", "expected 'setoption name"},
      {"go depth", "needs a number"},
      {"go depth x", "needs a whole number"},
      {"go sideways 3", "unknown parameter 'sideways'"},
      {"go mate", "go mate takes milliseconds or 'infinite'"},
      {"go mate soon", "not 'soon'"},
      {"go mate 5 6", "go mate takes milliseconds or 'infinite'"},
  };
  for (const Case& c : cases) {
    auto out = usi.run(std::string(c.command) + "\n");
    ASSERT_EQ(out.size(), 1u) << c.command;
    EXPECT_NE(out[0].find(c.expect), std::string::npos) << c.command << " -> " << out[0];
    EXPECT_EQ(to_sfen(usi.game().position()), sfen) << c.command;
    EXPECT_EQ(usi.engine().session().variant()->id, "chu") << c.command;
    EXPECT_EQ(usi.engine().session().hash_mb(), 64u) << c.command;
  }
  EXPECT_EQ(usi.game().plies(), 1);
}

// go mate: the mate solver's answer as the USI specification has it, the line replaying as a
// mate under the conventions of a mating problem.
TEST(UsiProtocol, GoMateAnswersTheLineNoMateOrTimeout) {
  Usi usi;
  // Middle Shogi Manual B34, a mate in 4.
  const std::string b34 = "5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1";
  usi.run("position sfen " + b34 + "\n");
  auto out = usi.run("go mate 60000\n");
  ASSERT_EQ(out.size(), 2u);
  // First what the solve cost and what its length is proved to be (a mate in 4, the shortest).
  EXPECT_EQ(out[0].rfind("info nodes ", 0), 0u) << out[0];
  EXPECT_NE(out[0].find(" string mate 4 length exact"), std::string::npos) << out[0];
  out.erase(out.begin());
  auto words = split_words(out[0]);
  // "checkmate" and the shortest mate's 7 plies (proved the shortest in about 13,000 nodes).
  ASSERT_EQ(words.size(), 8u) << out[0];
  EXPECT_EQ(words.size() % 2, 0u) << out[0];
  EXPECT_EQ(words[0], "checkmate");
  std::vector<Move> line;
  Position pos = usi.game().position();
  for (size_t i = 1; i < words.size(); ++i) {
    line.push_back(parse_usi(pos, words[i]));
    Undo u;
    pos.do_move(line.back(), u);
  }
  EXPECT_EQ(check_mating_line(usi.game(), line), "");

  // Chu's start, White to move: no White move attacks Black's King, so no mate.
  usi.run("position startpos moves 3i3h\n");
  out = usi.run("go mate infinite\n");
  EXPECT_EQ(with_prefix(out, "checkmate"), std::vector<std::string>{"checkmate nomate"});
  EXPECT_EQ(with_prefix(out, "info nodes ").size(), 1u);
  EXPECT_EQ(with_prefix(out, "info nodes ")[0].find("string"), std::string::npos) << "no length";

  // Book problem B28 (a mate in 14 the solver has not proved in 4 minutes): stopped, or out of
  // time, long before it is solved.
  const std::string b28 =
      "1r9+V/+M+F2d2et3/2m1+P1g1s1x1/1+V3spk1p+H1/3p1p1Tp3/7+M1b1+v/3+g4i3/1+F+p9/1+p7+L2/+p6+a2+r1/11Q/3+H3B4 b - 1";
  usi.run("position sfen " + b28 + "\n");
  out = usi.run("go mate infinite\nisready\nstop\n");
  EXPECT_EQ(with_prefix(out, "readyok").size(), 1u) << "isready is answered while solving";
  EXPECT_EQ(with_prefix(out, "checkmate"), std::vector<std::string>{"checkmate timeout"});
  EXPECT_EQ(with_prefix(usi.run("go mate 1\n"), "checkmate"), std::vector<std::string>{"checkmate timeout"});
  // The end of the input stops an infinite solve; a search after it still answers.
  EXPECT_EQ(with_prefix(usi.run("go mate infinite\n"), "checkmate"),
            std::vector<std::string>{"checkmate timeout"});
  bestmove(usi.run("go depth 1\n"), usi.game().position());

  // "defend": the side to move defends. After B34's first move the line starts with the
  // longest defence and mates in 3 more; after a move that attacks nothing, no mate.
  usi.run("position sfen " + b34 + " moves 10d7d\n");
  out = usi.run("go mate 60000 defend\n");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_NE(out[0].find(" string mate 3 length exact"), std::string::npos) << out[0];
  EXPECT_EQ(split_words(out[1]).size(), 7u) << out[1];  // checkmate and 6 plies
  usi.run("position startpos moves 3i3h\n");
  out = usi.run("go mate 60000 defend\n");
  EXPECT_EQ(with_prefix(out, "checkmate"), std::vector<std::string>{"checkmate nomate"});

  // A refused position is not solved.
  out = usi.run("position sfen nonsense\ngo mate 1000\n");
  EXPECT_EQ(out.back(), "checkmate nomate");
}

// After a refused position the engine and the GUI see different games: a move of the
// position kept would be illegal there or mean another move, so `go` answers resign.
TEST(UsiProtocol, GoAfterARefusedPositionResignsInsteadOfPlayingTheOldOne) {
  Usi usi;
  usi.run("position startpos moves 3i3h\n");
  auto out = usi.run("position startpos moves 3i3h 7g7f\ngo depth 2\n");
  ASSERT_EQ(with_prefix(out, "bestmove").size(), 1u);
  EXPECT_EQ(with_prefix(out, "bestmove")[0], "bestmove resign");
  EXPECT_EQ(with_prefix(out, "info string error: no search: the last position was refused").size(), 1u);
  EXPECT_EQ(usi.game().plies(), 1);
  // A position that parses searches again.
  out = usi.run("position startpos moves 3i3h 10d10e\ngo depth 2\n");
  bestmove(out, usi.game().position());
  // So does a new game chosen by name.
  usi.run("position startpos moves 7g7f\nsetoption name UCI_Variant value dai\n");
  bestmove(usi.run("go depth 1\n"), usi.game().position());
}

// GUIs and `kirin match` name the game before every game, after or before the other options:
// naming the game being played keeps the profile and options already set.
TEST(UsiProtocol, NamingTheCurrentGameKeepsItsProfileAndOptions) {
  Usi usi;
  usi.run("setoption name Profile value hachu\nsetoption name Option_max_plies value 300\n"
          "setoption name UCI_Variant value chushogi\n");
  EXPECT_EQ(usi.engine().session().rules().profile, "hachu");
  EXPECT_TRUE(usi.engine().session().variant()->rules.lion_protection_by_recapture);
  EXPECT_EQ(usi.engine().session().variant()->rules.max_plies, 300);
  // Another game starts from its own defaults.
  usi.run("setoption name UCI_Variant value dai\n");
  EXPECT_EQ(usi.engine().session().rules().profile, "");
  EXPECT_FALSE(usi.engine().session().variant()->rules.lion_protection_by_recapture);
}

TEST(UsiProtocol, VariantNamesAndOptions) {
  Usi usi;
  usi.run("setoption name UCI_Variant value chushogi\n");
  EXPECT_EQ(usi.engine().session().variant()->id, "chu");
  usi.run("setoption name UCI_Variant value daishogi\n");
  EXPECT_EQ(usi.engine().session().variant()->id, "dai");
  usi.run("setoption name UCI_Variant value shogi\n");
  EXPECT_EQ(usi.engine().session().variant()->id, "shogi");
  usi.run("setoption name UCI_Variant value chu\nsetoption name Profile value jcsa\n");
  EXPECT_EQ(usi.engine().session().rules().profile, "jcsa");
  usi.run("setoption name Option_max_plies value 300\nsetoption name USI_Hash value 16\n");
  EXPECT_EQ(usi.engine().session().variant()->rules.max_plies, 300);
  EXPECT_EQ(usi.engine().session().hash_mb(), 16u);
  // The options offered follow the game.
  auto out = usi.run("setoption name UCI_Variant value dai\nusi\n");
  EXPECT_FALSE(with_prefix(out, "option name Option_lion_rules").empty());
}

TEST(UsiProtocol, QuitStopsASearchAndEndsTheLoop) {
  Usi usi;
  auto out = usi.run("position startpos\ngo infinite\nquit\nisready\n");
  EXPECT_EQ(with_prefix(out, "bestmove").size(), 1u);
  EXPECT_TRUE(with_prefix(out, "readyok").empty()) << "nothing is read after quit";
}

// A GUI whose clock lost time the engine did not see (a loaded machine: pipes, scheduling):
// the next `go` plans a margin for it; a new game forgets it. The search's clock starts when
// `position` was read, with `go` right after it.
TEST(UsiProtocol, TimeLostBetweenGosBecomesAMargin) {
  Usi usi;
  auto out = usi.run("usinewgame\nposition startpos\ngo btime 10000 wtime 10000 binc 100 winc 100\n");
  const std::string first = bestmove(out, usi.game().position());
  EXPECT_EQ(usi.engine().session().search_limits().lag_ms, 0);
  EXPECT_TRUE(usi.engine().session().search_limits().received.has_value());
  Position after = usi.game().position();
  Undo u;
  after.do_move(parse_usi(after, first), u);
  MoveList replies;
  generate_moves(after, replies);
  const std::string moves = first + " " + to_usi(after, replies.moves[0]);
  // The move took at most a second by the engine's measure: the GUI charged 2.9 s more.
  out = usi.run("position startpos moves " + moves + "\ngo btime 7000 wtime 10000 binc 100 winc 100\n");
  bestmove(out, usi.game().position());
  const int64_t lag = usi.engine().session().search_limits().lag_ms;
  EXPECT_GE(lag, 2000);
  EXPECT_LE(lag, 3100);
  const SearchLimits lagging = usi.engine().session().search_limits();
  SearchLimits calm = lagging;
  calm.lag_ms = 0;
  EXPECT_LT(plan_time(lagging, kBlack, 2).hard_ms, plan_time(calm, kBlack, 2).hard_ms);
  // Analysis and a fixed budget neither read nor reset it.
  usi.run("go depth 1\n");
  EXPECT_EQ(usi.engine().session().search_limits().lag_ms, lag);
  usi.run("usinewgame\nposition startpos\ngo btime 10000 wtime 10000 binc 100 winc 100\n");
  EXPECT_EQ(usi.engine().session().search_limits().lag_ms, 0);
}

}  // namespace
}  // namespace kirin::protocol::test
