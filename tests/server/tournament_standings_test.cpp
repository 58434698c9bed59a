// Swiss and round-robin standings: points, Buchholz, Sonneborn-Berger. The worked examples are
// Sensei's Library's ("Sonneborn-Berger": a double round robin of four, SB 11, 9, 6, 4) and
// fiveinline.com's ("Sonneborn-Berger points", example 2: three players tied on 4 and on 8).
#include <gtest/gtest.h>

#include "server/domain/tournament_pairing.h"

namespace kirin::server::tournament {
namespace {

constexpr Id A = 1, B = 2, C = 3, D = 4;

Played win(Id winner, Id loser) { return {winner, loser, Result::BlackWins}; }

const ScoreLine& of(const std::vector<ScoreLine>& lines, Id e) {
  for (const ScoreLine& l : lines)
    if (l.entry == e) return l;
  throw std::runtime_error("no line");
}

TEST(TournamentStandings, SenseisDoubleRoundRobin) {
  // First cycle: A beats B, C, D; B beats C, D; C beats D. Second: B beats A, A beats C, D
  // beats A, C beats B, B beats D, C beats D.
  std::vector<Played> results = {win(A, B), win(A, C), win(A, D), win(B, C), win(B, D),
                                 win(C, D), win(B, A), win(A, C), win(D, A), win(C, B),
                                 win(B, D), win(C, D)};
  auto lines = standings(TournamentKind::Robin, {D, C, B, A}, results);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].entry, A);  // A and B both score 4: A's SB 11 against B's 9
  EXPECT_EQ(lines[1].entry, B);
  EXPECT_EQ(lines[2].entry, C);
  EXPECT_EQ(lines[3].entry, D);
  EXPECT_EQ(of(lines, A).points2, 8);
  EXPECT_EQ(of(lines, A).sonneborn4, 11 * 4);
  EXPECT_EQ(of(lines, B).sonneborn4, 9 * 4);
  EXPECT_EQ(of(lines, C).sonneborn4, 6 * 4);
  EXPECT_EQ(of(lines, D).sonneborn4, 4 * 4);
  EXPECT_EQ(of(lines, A).wins, 4);
  EXPECT_EQ(of(lines, A).losses, 2);
  // Buchholz: twice each opponent's score. A: 2 x (4 + 3 + 1).
  EXPECT_EQ(of(lines, A).buchholz2, 2 * 2 * 8);
  EXPECT_EQ(of(lines, D).buchholz2, 2 * 2 * 11);
}

TEST(TournamentStandings, FiveinlinesThreeWayTieKeepsTheEntriesOrder) {
  // A beats B and C twice; B beats C and D twice; D beats A and C twice: 4, 4, 4, 0, SB 8 each.
  std::vector<Played> results = {win(A, B), win(A, B), win(A, C), win(A, C), win(B, C), win(B, C),
                                 win(B, D), win(B, D), win(D, A), win(D, A), win(D, C), win(D, C)};
  auto lines = standings(TournamentKind::Robin, {B, D, A, C}, results);
  EXPECT_EQ(lines[0].entry, B);
  EXPECT_EQ(lines[1].entry, D);
  EXPECT_EQ(lines[2].entry, A);
  EXPECT_EQ(lines[3].entry, C);
  for (Id e : {A, B, D}) {
    EXPECT_EQ(of(lines, e).points2, 8);
    EXPECT_EQ(of(lines, e).sonneborn4, 8 * 4);
  }
  EXPECT_EQ(of(lines, C).points2, 0);
}

TEST(TournamentStandings, DrawsHalfPointsAndByesInTheTieBreaks) {
  // Round 1: A-B drawn, C beats D (as White), E has the bye. Round 2: A beats C, D-E drawn,
  // B has the bye.
  constexpr Id E = 5;
  std::vector<Played> results = {{A, B, Result::Draw},  {D, C, Result::WhiteWins}, {E, 0, Result::Draw},
                                 {A, C, Result::BlackWins}, {D, E, Result::Draw}, {B, 0, Result::Ongoing},
                                 {B, 0, Result::BlackWins}};
  // The ongoing bye is not counted; a bye's result is a point whatever it says.
  auto lines = standings(TournamentKind::Swiss, {A, B, C, D, E}, results);
  // Points: A 1.5, B 1.5 (draw, bye), C 1, D 0.5, E 1.5 (bye, draw).
  // Buchholz: A met B (1.5) and C (1): 2.5. B met A (1.5) plus its bye as itself (1.5): 3.
  // E: its bye (1.5) and D (0.5): 2. C: D (0.5) and A (1.5): 2. D: C (1) and E (1.5): 2.5.
  // Sonneborn-Berger: A: half of B's 1.5 + C's 1 = 1.75. B: half of A's 1.5 + half its own
  // 1.5 = 1.5. E: half its own 1.5 + half of D's 0.5 = 1.
  // C: D beaten, 0.5. D: half of E's 1.5 = 0.75.
  struct Row {
    Id entry;
    int points2, buchholz2, sonneborn4;
  };
  for (Row row : {Row{A, 3, 5, 7}, Row{B, 3, 6, 6}, Row{C, 2, 4, 2}, Row{D, 1, 5, 3},
                  Row{E, 3, 4, 4}}) {
    const ScoreLine& l = of(lines, row.entry);
    EXPECT_EQ(l.points2, row.points2) << row.entry;
    EXPECT_EQ(l.buchholz2, row.buchholz2) << row.entry;
    EXPECT_EQ(l.sonneborn4, row.sonneborn4) << row.entry;
  }
  EXPECT_EQ(of(lines, B).byes, 1);
  EXPECT_EQ(of(lines, A).draws, 1);
  // Swiss order: points, then Buchholz (B 3 > A 2.5 > E 2), then SB.
  EXPECT_EQ(lines[0].entry, B);
  EXPECT_EQ(lines[1].entry, A);
  EXPECT_EQ(lines[2].entry, E);
  EXPECT_EQ(lines[3].entry, C);
  EXPECT_EQ(lines[4].entry, D);
  // Round robin order: points, then SB alone (A 1.75 > B 1.5 > E 1).
  auto robin = standings(TournamentKind::Robin, {A, B, C, D, E}, results);
  EXPECT_EQ(robin[0].entry, A);
  EXPECT_EQ(robin[1].entry, B);
}

TEST(TournamentStandings, ResultsOfUnlistedEntriesAndSelfGamesAreIgnored) {
  auto lines = standings(TournamentKind::Swiss, {A, B, B},
                         {win(A, 99), win(A, A), {A, B, Result::Ongoing}, win(B, A)});
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].entry, B);
  EXPECT_EQ(lines[0].points2, 2);
  EXPECT_EQ(lines[1].points2, 0);
  EXPECT_EQ(lines[1].losses, 1);
  EXPECT_TRUE(standings(TournamentKind::Swiss, {}, {}).empty());
}

}  // namespace
}  // namespace kirin::server::tournament
