// The score split by how games ended (match/results.h).
#include "match/results.h"

#include <gtest/gtest.h>

namespace kirin::match {
namespace {

GameRecord game(Result r, Termination t) {
  GameRecord g;
  g.result = r;
  g.termination = t;
  return g;
}

TEST(Results, EndingsOfTerminations) {
  EXPECT_EQ(ending_of(Termination::Rules), Ending::Board);
  EXPECT_EQ(ending_of(Termination::Resignation), Ending::Board);
  EXPECT_EQ(ending_of(Termination::Time), Ending::Time);
  EXPECT_EQ(ending_of(Termination::IllegalMove), Ending::IllegalMove);
  EXPECT_EQ(ending_of(Termination::Crash), Ending::Crash);
  EXPECT_EQ(ending_of(Termination::Protocol), Ending::Crash);
  EXPECT_EQ(ending_of(Termination::Adjudication), Ending::Adjudication);
}

TEST(Results, SplitFromTheFirstEnginesSide) {
  ResultSplit r;
  r.add(game(Result::BlackWins, Termination::Rules), true);         // engine 1 mates as Black
  r.add(game(Result::BlackWins, Termination::Resignation), false);  // engine 1 resigns as White
  r.add(game(Result::WhiteWins, Termination::Time), true);          // engine 1 loses on time
  r.add(game(Result::WhiteWins, Termination::Time), false);         // engine 2 loses on time
  r.add(game(Result::BlackWins, Termination::Time), true);          // and again as White
  r.add(game(Result::Draw, Termination::Adjudication), true);
  r.add(game(Result::WhiteWins, Termination::Protocol), false);     // engine 2 breaks down
  EXPECT_EQ(r.all.wins, 4);
  EXPECT_EQ(r.all.losses, 2);
  EXPECT_EQ(r.all.draws, 1);
  EXPECT_EQ(r[Ending::Board].wins, 1);
  EXPECT_EQ(r[Ending::Board].losses, 1);
  EXPECT_EQ(r[Ending::Time].wins, 2);
  EXPECT_EQ(r[Ending::Time].losses, 1);
  EXPECT_EQ(r[Ending::Crash].wins, 1);
  EXPECT_EQ(r[Ending::Adjudication].draws, 1);
  EXPECT_EQ(r[Ending::IllegalMove].games(), 0);
  EXPECT_EQ(format_split_short(r),
            "board +1 -1 =0, time +2 -1 =0, crash +1 -0 =0, adjudicated +0 -0 =1");
}

TEST(Results, SummaryLinesWithTheBoardElo) {
  // Fairy-Stockfish's old clock bug in numbers: all ten wins on time, all ten losses on the
  // board. All games: even; on the board: every game lost.
  ResultSplit r;
  for (int i = 0; i < 10; ++i) {
    r.add(game(Result::BlackWins, Termination::Time), i % 2 == 0);
    r.add(game(Result::WhiteWins, Termination::Rules), i % 2 == 0);
  }
  std::vector<std::string> lines = format_split(r);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "on the board: +5 -5 =0 (10 games)");
  EXPECT_EQ(lines[1], "on time: +5 -5 =0 (10 games)");
  EXPECT_EQ(lines[2].rfind("Elo difference: 0.0 +/- ", 0), 0u) << lines[2];
  EXPECT_EQ(lines[3].rfind("Elo on the board: 0.0 +/- ", 0), 0u) << lines[3];

  ResultSplit lopsided;
  for (int i = 0; i < 10; ++i) {
    lopsided.add(game(Result::BlackWins, Termination::Time), true);
    lopsided.add(game(Result::WhiteWins, Termination::Rules), true);
  }
  lines = format_split(lopsided);
  EXPECT_EQ(lines[0], "on the board: +0 -10 =0 (10 games)");
  EXPECT_EQ(lines[1], "on time: +10 -0 =0 (10 games)");
  EXPECT_EQ(lines[2].rfind("Elo difference: 0.0 +/- ", 0), 0u) << lines[2];
  EXPECT_EQ(lines[3].rfind("Elo on the board: -inf +/- inf", 0), 0u) << lines[3];
  EXPECT_EQ(lines[3].substr(lines[3].size() - 10), "(10 games)");
}

TEST(Results, NoGameOnTheBoard) {
  ResultSplit r;
  r.add(game(Result::WhiteWins, Termination::Crash), true);
  std::vector<std::string> lines = format_split(r);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "crash or protocol: +0 -1 =0 (1 game)");
  EXPECT_EQ(lines[2], "Elo on the board: 0.0 +/- 0.0, LOS: 50.0 %, draw ratio: 0.0 % (0 games)");
}

}  // namespace
}  // namespace kirin::match
