// The referee with scripted engines (tests/match/engines): results, forfeits, protocols.
#include "match/referee.h"

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>

#include "match/match_runner.h"
#include "match/usi_player.h"
#include "match/xboard_player.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"

namespace kirin::match {
namespace {

const std::string kEngines = KIRIN_MATCH_ENGINES;

PlayerConfig usi_script(const std::string& moves, const std::string& name) {
  PlayerConfig c;
  c.command = "sh " + kEngines + "/usi_script.sh " + moves;
  c.protocol = Protocol::Usi;
  c.name = name;
  return c;
}

PlayerConfig xboard_script(const std::string& moves) {
  PlayerConfig c;
  c.command = "sh " + kEngines + "/xboard_script.sh " + moves;
  c.protocol = Protocol::XBoard;
  return c;
}

// tests/match/engines/usi_swapped_clock.sh: reads its time from the field Fairy-Stockfish
// 11.1 reads (wtime as Black), thinks a quarter of it.
PlayerConfig swapped_clock_script(const std::string& id_name, const std::string& moves,
                                  UsiClocks clocks) {
  PlayerConfig c;
  c.command = "sh " + kEngines + "/usi_swapped_clock.sh '" + id_name + "' " + moves;
  c.protocol = Protocol::Usi;
  c.usi_clocks = clocks;
  return c;
}

RefereeSettings fast(int64_t movetime_ms = 2000) {
  RefereeSettings s;
  TimeControl tc = {.kind = TimeControl::Kind::MoveTime, .movetime_ms = movetime_ms};
  s.tc = {tc, tc};
  s.grace_ms = 100;
  return s;
}

std::vector<std::string> usi_moves(const GameRecord& g) {
  std::vector<std::string> out;
  for (const RecordedMove& m : g.moves) out.push_back(m.usi);
  return out;
}

TEST(Referee, RepetitionEndsTheGameByTheRules) {
  auto black = start_player(usi_script("5i5h 5h5i", "Shuffler"));
  auto white = start_player(usi_script("5a5b 5b5a", "Mirror"));
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, fast());
  EXPECT_EQ(g.result, Result::Draw);
  EXPECT_EQ(g.termination, Termination::Rules);
  EXPECT_EQ(g.rules_reason, EndReason::Repetition);
  EXPECT_EQ(g.reason, "repetition");
  EXPECT_EQ(g.black, "Shuffler");
  EXPECT_EQ(g.moves.size() % 4, 0u);
  EXPECT_EQ(g.result_text(), "1/2-1/2");
}

TEST(Referee, ASecondBestmoveIsNotTheNextAnswer) {
  // Black answers each go twice, the second line 300 ms late: the referee's isready before the
  // next go drops it, and the game ends by repetition as above rather than by Black "moving"
  // 5i5h from 5h.
  auto black = start_player(usi_script("twice:5i5h twice:5h5i", "Stutter"));
  auto white = start_player(usi_script("5a5b 5b5a", "Mirror"));
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, fast());
  EXPECT_EQ(g.termination, Termination::Rules) << g.reason;
  EXPECT_EQ(g.reason, "repetition");
}

TEST(Referee, PlyCapAdjudicatesADraw) {
  auto black = start_player(usi_script("5i5h 5h5i", "A"));
  auto white = start_player(usi_script("5a5b 5b5a", "B"));
  RefereeSettings s = fast();
  s.max_plies = 6;
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, s);
  EXPECT_EQ(g.result, Result::Draw);
  EXPECT_EQ(g.termination, Termination::Adjudication);
  EXPECT_EQ(g.moves.size(), 6u);
}

TEST(Referee, IllegalMoveLoses) {
  auto black = start_player(usi_script("7g7f", "A"));
  auto white = start_player(usi_script("5a5a", "Cheater"));
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, fast());
  EXPECT_EQ(g.result, Result::BlackWins);
  EXPECT_EQ(g.termination, Termination::IllegalMove);
  EXPECT_NE(g.reason.find("Cheater played an illegal move"), std::string::npos) << g.reason;
  EXPECT_NE(g.reason.find("5a5a"), std::string::npos) << g.reason;
  EXPECT_EQ(usi_moves(g), (std::vector<std::string>{"7g7f"}));
}

TEST(Referee, HangingEngineLosesOnTime) {
  auto black = start_player(usi_script("7g7f", "A"));
  auto white = start_player(usi_script("hang", "Sleeper"));
  auto started = std::chrono::steady_clock::now();
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, fast(200));
  auto took = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(g.result, Result::BlackWins);
  EXPECT_EQ(g.termination, Termination::Time);
  EXPECT_NE(g.reason.find("Sleeper lost on time"), std::string::npos) << g.reason;
  // 200 ms a move; the sleeper would wait forever. Wide: this also runs under the sanitizers.
  EXPECT_LT(took, std::chrono::seconds(30));
  EXPECT_FALSE(white->healthy());
}

// Byoyomi periods: the hanging engine has its main time and all three periods, then loses.
TEST(Referee, HangingEngineLosesAfterItsLastPeriod) {
  auto black = start_player(usi_script("7g7f", "A"));
  auto white = start_player(usi_script("hang", "Sleeper"));
  RefereeSettings s;
  s.tc = match_time_controls("0.1 byoyomi 0.1 periods 3", {}, 0, 0, 0);
  s.grace_ms = 100;
  auto started = std::chrono::steady_clock::now();
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, s);
  auto took = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(g.result, Result::BlackWins);
  EXPECT_EQ(g.termination, Termination::Time);
  EXPECT_NE(g.reason.find("Sleeper lost on time"), std::string::npos) << g.reason;
  // 0.1 s of main time and three periods of 0.1 s, then the 0.1 s grace: 0.5 s (a millisecond
  // rounded either way); with one period it would be 0.3 s.
  EXPECT_GE(took, std::chrono::milliseconds(450));
  EXPECT_LT(took, std::chrono::seconds(30));
}

// The engine that reads the clocks swapped plays Black at 3+0 against an engine that moves at
// once: it reads White's untouched 3 s every move, thinks 750 ms each time and runs out by its
// fifth move, before the fourfold repetition at ply 12. Told its own time in both fields it
// thinks 750, 562, 421... ms (2.5 s in all, half a second to spare for a loaded machine) and
// the game ends by the rules.
GameRecord swapped_clock_game(const std::string& id_name, UsiClocks clocks) {
  auto black = start_player(swapped_clock_script(id_name, "5i5h 5h5i", clocks));
  auto white = start_player(usi_script("5a5b 5b5a", "Quick"));
  RefereeSettings s;
  s.tc = match_time_controls("3+0", {}, 0, 0);
  s.grace_ms = 100;
  return play_game(*black, *white, builtin_variant("shogi"), {}, s);
}

TEST(Referee, SwappedClockReaderLosesOnTimeWithStandardClocks) {
  GameRecord g = swapped_clock_game("Fairy-Stockfish 11.1 LB 64", UsiClocks::Standard);
  EXPECT_EQ(g.termination, Termination::Time) << g.reason;
  EXPECT_EQ(g.result, Result::WhiteWins);
  EXPECT_LT(g.moves.size(), 10u);
}

TEST(Referee, SwappedClockReaderToldItsOwnTimeKeepsIt) {
  GameRecord g = swapped_clock_game("SwappedReader", UsiClocks::Own);
  EXPECT_EQ(g.termination, Termination::Rules) << g.reason;
  EXPECT_EQ(g.reason, "repetition");
  EXPECT_EQ(g.moves.size(), 12u);
}

TEST(Referee, AutoClocksRecogniseOldFairyStockfish) {
  GameRecord g = swapped_clock_game("Fairy-Stockfish 11.1 LB 64", UsiClocks::Auto);
  EXPECT_EQ(g.termination, Termination::Rules) << g.reason;
  // Another name under auto gets the standard clocks and loses as above.
  g = swapped_clock_game("Fairy-Stockfish 14.0.1 LB 64", UsiClocks::Auto);
  EXPECT_EQ(g.termination, Termination::Time) << g.reason;
}

TEST(Referee, AutoClocksSayWhyAtTheStartOfTheMatch) {
  MatchSettings s;
  s.variant = builtin_variant("shogi");
  s.engines[0] = usi_script("resign", "One");
  s.engines[1] = swapped_clock_script("Fairy-Stockfish 11.1 LB 64", "resign", UsiClocks::Auto);
  s.referee.tc = match_time_controls("2+0", {}, 0, 0);
  std::vector<std::string> notices;
  s.on_notice = [&](const std::string& n) { notices.push_back(n); };
  run_match(s, {});
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0].rfind("engine 2 (--usi-clocks2 auto): its own time goes in both", 0), 0u)
      << notices[0];
  EXPECT_NE(notices[0].find("'Fairy-Stockfish 11.1 LB 64'"), std::string::npos);
  // Said explicitly, nothing to explain.
  s.engines[1].usi_clocks = UsiClocks::Own;
  notices.clear();
  run_match(s, {});
  EXPECT_TRUE(notices.empty());
}

TEST(Referee, TimeOddsGiveEachSideItsOwnClock) {
  // Black has 0.3 s and hangs: it loses on its own clock, not White's minute.
  auto black = start_player(usi_script("hang", "Short"));
  auto white = start_player(usi_script("5a5b", "Long"));
  RefereeSettings s;
  s.tc = match_time_controls("60", {"0.3", ""}, 0, 0);
  s.grace_ms = 100;
  auto t0 = std::chrono::steady_clock::now();
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, s);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  EXPECT_EQ(g.termination, Termination::Time) << g.reason;
  EXPECT_EQ(g.result, Result::WhiteWins);
  EXPECT_EQ(g.reason, "Short lost on time (no bestmove)");
  EXPECT_EQ(g.time_control, "0.3 (Black), 60 (White)");
  EXPECT_NE(format_record(g).find("[TimeControl \"0.3 (Black), 60 (White)\"]"),
            std::string::npos);
}

TEST(Match, TimeOddsFollowTheEngineAcrossColours) {
  // Engine 1 has 1 s and reads the clocks swapped, engine 2 a minute: standard clocks tell
  // engine 1 as Black that it has a minute (it thinks 15 s and loses), its own clocks that it
  // has 1 s. In game 2 engine 2 is Black and resigns at once.
  MatchSettings s;
  s.variant = builtin_variant("shogi");
  s.engines[0] = swapped_clock_script("Odd", "5i5h 5a5b", UsiClocks::Standard);
  s.engines[1] = usi_script("resign", "Resigner");
  s.referee.tc = match_time_controls("60", {"1", ""}, 0, 0);
  s.referee.grace_ms = 100;
  s.games = 2;
  std::vector<GameRecord> games = run_match(s, {}).games;
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].time_control, "1 (Black), 60 (White)");
  EXPECT_EQ(games[1].time_control, "60 (Black), 1 (White)");
  EXPECT_EQ(games[0].termination, Termination::Time) << games[0].reason;
  EXPECT_EQ(games[1].termination, Termination::Resignation) << games[1].reason;
  s.engines[0].usi_clocks = UsiClocks::Own;
  games = run_match(s, {}).games;
  EXPECT_EQ(games[0].termination, Termination::Resignation) << games[0].reason;
  EXPECT_EQ(games[0].reason, "Resigner resigns");
}

TEST(UsiNotation, ClockReadingByEngineName) {
  EXPECT_EQ(UsiPlayer::usi_clocks_for("Fairy-Stockfish 11.1 LB 64"), UsiClocks::Own);
  EXPECT_EQ(UsiPlayer::usi_clocks_for("Fairy-Stockfish 12.0 64"), UsiClocks::Own);
  EXPECT_EQ(UsiPlayer::usi_clocks_for("Fairy-Stockfish 13.0 LB 64"), UsiClocks::Standard);
  EXPECT_EQ(UsiPlayer::usi_clocks_for("Fairy-Stockfish 111021 LB 64"), UsiClocks::Standard);
  EXPECT_EQ(UsiPlayer::usi_clocks_for("Fairy-Stockfish"), UsiClocks::Standard);
  EXPECT_EQ(UsiPlayer::usi_clocks_for("Stockfish 11.1"), UsiClocks::Standard);
  EXPECT_EQ(UsiPlayer::usi_clocks_for("Kirin 0.1.0"), UsiClocks::Standard);
  EXPECT_EQ(parse_usi_clocks("own"), UsiClocks::Own);
  EXPECT_THROW(parse_usi_clocks("swapped"), std::invalid_argument);
}

TEST(Referee, CrashingEngineLoses) {
  auto black = start_player(usi_script("crash", "Fragile"));
  auto white = start_player(usi_script("5a5b", "B"));
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, fast());
  EXPECT_EQ(g.result, Result::WhiteWins);
  EXPECT_EQ(g.termination, Termination::Crash);
  EXPECT_NE(g.reason.find("exited with code 3"), std::string::npos) << g.reason;
}

// An engine that refused the position answers about another game: the referee reports the
// disagreement over the rules instead of scoring a resignation.
TEST(Referee, ARefusedPositionIsAProtocolFailureNotAResignation) {
  auto black = start_player(usi_script("refuse", "Dissenter"));
  auto white = start_player(usi_script("5a5b", "B"));
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {}, fast());
  EXPECT_EQ(g.result, Result::WhiteWins);
  EXPECT_EQ(g.termination, Termination::Protocol);
  EXPECT_NE(g.reason.find("Dissenter rejected the position sent (error: move 1: illegal move"),
            std::string::npos)
      << g.reason;
}

TEST(Referee, ResignationAndOpeningMoves) {
  auto black = start_player(usi_script("resign", "Quitter"));
  auto white = start_player(usi_script("5a5b", "B"));
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {"7g7f", "3c3d"}, fast());
  EXPECT_EQ(g.result, Result::WhiteWins);
  EXPECT_EQ(g.termination, Termination::Resignation);
  EXPECT_EQ(g.opening_plies, 2);
  EXPECT_EQ(usi_moves(g), (std::vector<std::string>{"7g7f", "3c3d"}));
}

TEST(Referee, XBoardLionMovesAgainstUsi) {
  std::mutex mutex;
  std::vector<std::string> sent;
  PlayerConfig x = xboard_script("f3f5 f5f7 f7g6,g6f7 resign");
  x.log = [&](char dir, std::string_view line) {
    std::lock_guard<std::mutex> lock(mutex);
    if (dir == '>') sent.emplace_back(line);
  };
  auto black = start_player(x);
  EXPECT_EQ(black->protocol(), Protocol::XBoard);
  EXPECT_EQ(black->name(), "XScript");
  auto white = start_player(usi_script("6c6e 6e6g 3d3e", "U"));
  GameRecord g = play_game(*black, *white, builtin_variant("chu"), {}, fast());
  EXPECT_EQ(usi_moves(g),
            (std::vector<std::string>{"7j7h", "6c6e", "7h7f", "6e6g", "7f6g7f", "3d3e"}));
  EXPECT_EQ(g.result, Result::WhiteWins);
  EXPECT_EQ(g.termination, Termination::Resignation);
  auto has = [&](const std::string& line) {
    return std::find(sent.begin(), sent.end(), line) != sent.end();
  };
  EXPECT_TRUE(has("variant chu"));
  EXPECT_TRUE(has("option Allow repeats=1"));  // the engine declared it
  EXPECT_TRUE(has("usermove g10g8"));          // 6c6e in XBoard coordinates
  EXPECT_TRUE(has("usermove j9j8"));           // 3d3e
  EXPECT_TRUE(has("result 0-1 {XScript resigns}"));
}

TEST(Referee, XBoardEngineGetsOpeningInForceMode) {
  std::vector<std::string> sent;
  PlayerConfig x = xboard_script("g7g6 resign");
  x.log = [&](char dir, std::string_view line) {
    if (dir == '>') sent.emplace_back(line);
  };
  auto black = start_player(usi_script("2g2f", "U"));
  auto white = start_player(x);
  GameRecord g = play_game(*black, *white, builtin_variant("shogi"), {"7g7f"}, fast());
  EXPECT_EQ(usi_moves(g), (std::vector<std::string>{"7g7f", "3c3d", "2g2f"}));
  EXPECT_EQ(g.result, Result::BlackWins);
  auto force = std::find(sent.begin(), sent.end(), "force");
  auto opening = std::find(sent.begin(), sent.end(), "usermove c3c4");
  auto go = std::find(sent.begin(), sent.end(), "go");
  EXPECT_TRUE(force < opening && opening < go);
}

TEST(Referee, AutoDetectsBothProtocols) {
  PlayerConfig u = usi_script("7g7f", "");
  u.protocol = Protocol::Auto;
  PlayerConfig x = xboard_script("g7g6");
  x.protocol = Protocol::Auto;
  auto usi = start_player(u);
  EXPECT_EQ(usi->protocol(), Protocol::Usi);
  EXPECT_EQ(usi->name(), "UsiScript");
  auto xboard = start_player(x);
  EXPECT_EQ(xboard->protocol(), Protocol::XBoard);
}

TEST(Referee, EnginesSayWhichGamesTheyPlay) {
  auto xboard = start_player(xboard_script("g7g6"));
  EXPECT_NO_THROW(xboard->check_game(*builtin_variant("chu")));
  EXPECT_THROW(xboard->check_game(*builtin_variant("mitsugumi")), EngineError);
  auto usi = start_player(usi_script("7g7f", "U"));  // declares no variant option
  EXPECT_NO_THROW(usi->check_game(*builtin_variant("mitsugumi")));
}

TEST(Match, NodeBudgetGoesToUsiEnginesOnly) {
  MatchSettings s;
  s.variant = builtin_variant("shogi");
  s.engines[0] = usi_script("resign", "One");
  s.engines[1] = xboard_script("g7g6");
  s.referee.tc = match_time_controls("10", {}, 0, 0, 1000);
  s.games = 2;
  try {
    run_match(s, {});
    ADD_FAILURE() << "an XBoard engine was given a node budget";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("engine 2: a node budget"), std::string::npos) << e.what();
  }
}

TEST(Referee, MissingEngineIsAnError) {
  PlayerConfig c;
  c.command = "/nonexistent/engine";
  c.protocol = Protocol::Usi;
  EXPECT_THROW(start_player(c), EngineError);
}

// A shogi match of `games` games between two engines that resign at once.
MatchSettings resigners(int games) {
  MatchSettings s;
  s.variant = builtin_variant("shogi");
  s.engines[0] = usi_script("resign", "One");
  s.engines[1] = usi_script("resign", "Two");
  s.referee = fast();
  s.games = games;
  return s;
}

TEST(Match, AlternatesColoursAndCountsScore) {
  MatchSettings s = resigners(4);
  s.openings = {{"7g7f"}, {"2g2f"}};
  std::vector<std::string> blacks;
  MatchResult r = run_match(s, [&](const GameRecord& g, const ResultSplit&) {
    blacks.push_back(g.black);
    return true;
  });
  // Each opening twice with colours swapped; after one opening ply White is to move and
  // resigns, so Black wins every game: two wins for each engine, all on the board.
  EXPECT_EQ(r.results.all.wins, 2);
  EXPECT_EQ(r.results.all.losses, 2);
  EXPECT_EQ(r.results[Ending::Board].games(), 4);
  EXPECT_EQ(blacks, (std::vector<std::string>{"One", "Two", "One", "Two"}));
  EXPECT_EQ(r.games[2].moves.front().usi, "2g2f");
}

TEST(Match, StopsWhenTheCallbackSaysSo) {
  MatchResult r = run_match(resigners(10), [&](const GameRecord& g, const ResultSplit&) {
    return g.number < 3;  // stop after game 3
  });
  EXPECT_EQ(r.games.size(), 3u);
  EXPECT_EQ(r.results.all.games(), 3);
}

TEST(XBoardNotation, MovesBothWays) {
  auto chu = builtin_variant("chu");
  Position start = parse_sfen(chu, chu->setup);
  EXPECT_EQ(parse_xboard_move(start, "f3f5"), parse_usi(start, "7j7h"));
  EXPECT_EQ(to_xboard_move(start, parse_usi(start, "7j7h")), "f3f5");
  Position lone = parse_sfen(chu, "k11/12/12/12/12/12/12/12/12/2N9/12/11K b - 1");
  Move pass = parse_xboard_move(lone, "@@@@");
  EXPECT_EQ(pass.from, pass.to);
  EXPECT_EQ(to_xboard_move(lone, pass), "@@@@");
  EXPECT_EQ(parse_xboard_move(lone, "c3c3"), pass);
  EXPECT_THROW(parse_xboard_move(lone, "z9z9"), NotationError);
  EXPECT_THROW(parse_xboard_move(lone, "c3"), NotationError);
  EXPECT_THROW(parse_xboard_move(lone, "c3c5,d5d6"), NotationError);
  EXPECT_THROW(parse_xboard_move(start, "a1a2"), NotationError);  // a Lance cannot move there

  auto shogi = builtin_variant("shogi");
  Position p = parse_sfen(shogi, shogi->setup);
  for (const char* m : {"7g7f", "3c3d", "8h2b+", "3a2b"}) {
    Undo u;
    p.do_move(parse_usi(p, m), u);
  }
  EXPECT_EQ(parse_xboard_move(p, "B@f5"), parse_usi(p, "B*4e"));
  EXPECT_EQ(to_xboard_move(p, parse_usi(p, "B*4e")), "B@f5");

  TimeControl tc = parse_time_control("2+0.05");
  EXPECT_EQ(xboard_level_command(tc), "level 0 0:02 0.05");
  tc.main_ms = 90000;
  tc.increment_ms = 0;
  EXPECT_EQ(xboard_level_command(tc), "level 0 1:30 0");
  tc.main_ms = 120000;
  EXPECT_EQ(xboard_level_command(tc), "level 0 2 0");
}

TEST(UsiNotation, GoCommands) {
  TimeControl tc = parse_time_control("10+0.1");
  auto both = [](const TimeControl& t) { return TimeControls{t, t}; };
  ClockState c{{9000, 8000}, 0};
  const UsiClocks kStd = UsiClocks::Standard;
  EXPECT_EQ(UsiPlayer::go_command(both(tc), c, kWhite, kStd),
            "go btime 9000 wtime 8000 binc 100 winc 100");
  // Own: each side's own time in both fields.
  EXPECT_EQ(UsiPlayer::go_command(both(tc), c, kWhite, UsiClocks::Own),
            "go btime 8000 wtime 8000 binc 100 winc 100");
  EXPECT_EQ(UsiPlayer::go_command(both(tc), c, kBlack, UsiClocks::Own),
            "go btime 9000 wtime 9000 binc 100 winc 100");
  tc.increment_ms = 0;
  tc.byoyomi_ms = 3000;
  EXPECT_EQ(UsiPlayer::go_command(both(tc), c, kBlack, kStd),
            "go btime 9000 wtime 8000 byoyomi 3000");
  // USI has no periods: one period's byoyomi.
  EXPECT_EQ(UsiPlayer::go_command(both(parse_time_control("0 byoyomi 3x5")), c, kBlack, kStd),
            "go btime 9000 wtime 8000 byoyomi 3000");
  tc.kind = TimeControl::Kind::MoveTime;
  tc.movetime_ms = 500;
  EXPECT_EQ(UsiPlayer::go_command(both(tc), c, kBlack, UsiClocks::Own), "go movetime 500");
}

TEST(UsiNotation, GoCommandsWithTimeOdds) {
  // Black plays 10+0.1, White 60+1: each increment in its own field, or the mover's in both.
  TimeControls odds = {parse_time_control("10+0.1"), parse_time_control("60+1")};
  ClockState c{{9000, 59000}, 0};
  EXPECT_EQ(UsiPlayer::go_command(odds, c, kBlack, UsiClocks::Standard),
            "go btime 9000 wtime 59000 binc 100 winc 1000");
  EXPECT_EQ(UsiPlayer::go_command(odds, c, kWhite, UsiClocks::Own),
            "go btime 59000 wtime 59000 binc 1000 winc 1000");
  // A byoyomi is the mover's own: USI has one field for it.
  odds[kWhite] = parse_time_control("0 byoyomi 2");
  EXPECT_EQ(UsiPlayer::go_command(odds, c, kWhite, UsiClocks::Standard),
            "go btime 9000 wtime 59000 byoyomi 2000");
  EXPECT_EQ(UsiPlayer::go_command(odds, c, kBlack, UsiClocks::Standard),
            "go btime 9000 wtime 59000 binc 100 winc 0");
}

}  // namespace
}  // namespace kirin::match
