// Arena: the sheet case by case against lishogi's rules (modules/tournament/.../ArenaSheet:
// each case names the rule it checks), and the pairing of the waiting players.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "server/domain/tournament_pairing.h"

namespace kirin::server::tournament {
namespace {

constexpr Result W = Result::BlackWins;  // from the entry's side: won
constexpr Result L = Result::WhiteWins;  // lost
constexpr Result D = Result::Draw;

ArenaGame g(Result r, int ply = 80, bool berserk = false) { return {r, ply, berserk}; }

std::vector<int> points(const std::vector<ArenaGame>& games) { return arena_sheet(games).points; }

TEST(ArenaSheet, WinTwoDrawOneLossNothing) {
  EXPECT_EQ(points({g(W), g(D), g(L)}), (std::vector<int>{2, 1, 0}));
  EXPECT_EQ(arena_sheet({g(W), g(D), g(L)}).total, 3);
}

TEST(ArenaSheet, TwoWinsInARowSetTheNextGamesOnFire) {
  // The third win in a row counts double, and so does every win after it while the streak lasts.
  ArenaSheet s = arena_sheet({g(W), g(W), g(W), g(W)});
  EXPECT_EQ(s.points, (std::vector<int>{2, 2, 4, 4}));
  EXPECT_EQ(s.on_fire, (std::vector<bool>{false, false, true, true}));
  EXPECT_TRUE(s.fire);
  EXPECT_EQ(s.total, 12);
  EXPECT_EQ(s.text(), "2 2 4 4");
  // One win is no streak yet.
  EXPECT_FALSE(arena_sheet({g(W)}).fire);
  EXPECT_TRUE(arena_sheet({g(L), g(W), g(W)}).fire);
}

TEST(ArenaSheet, ADrawOnFireCountsDoubleAndEndsTheStreak) {
  // lila: a draw when on fire is flagged Double (2 points); the last two are then not both wins.
  ArenaSheet s = arena_sheet({g(W), g(W), g(D), g(W)});
  EXPECT_EQ(s.points, (std::vector<int>{2, 2, 2, 2}));
  EXPECT_EQ(s.on_fire, (std::vector<bool>{false, false, true, false}));
  EXPECT_FALSE(s.fire);
}

TEST(ArenaSheet, ALossEndsTheStreak) {
  ArenaSheet s = arena_sheet({g(W), g(W), g(W), g(L), g(W), g(W), g(W)});
  EXPECT_EQ(s.points, (std::vector<int>{2, 2, 4, 0, 2, 2, 4}));
  EXPECT_TRUE(s.fire);
}

TEST(ArenaSheet, ADrawBeforePly20ScoresNothingAndEndsTheStreak) {
  // quickDraw (turns < 20): no point, and not a win, so the streak is over.
  EXPECT_EQ(points({g(D, 19)}), (std::vector<int>{0}));
  EXPECT_EQ(points({g(D, 20)}), (std::vector<int>{1}));
  ArenaSheet s = arena_sheet({g(W), g(W), g(D, 10), g(W)});
  EXPECT_EQ(s.points, (std::vector<int>{2, 2, 0, 2}));
  EXPECT_FALSE(s.fire);
}

TEST(ArenaSheet, BerserkAddsAPointToAWinOfAtLeast14Plies) {
  EXPECT_EQ(points({g(W, 14, true)}), (std::vector<int>{3}));
  EXPECT_EQ(points({g(W, 13, true)}), (std::vector<int>{2}));  // notSoQuickFinish: 14 plies
  EXPECT_EQ(points({g(D, 40, true)}), (std::vector<int>{1}));  // only to a win
  EXPECT_EQ(points({g(L, 40, true)}), (std::vector<int>{0}));
  // On fire: 4 + 1.
  EXPECT_EQ(points({g(W), g(W), g(W, 30, true)}), (std::vector<int>{2, 2, 5}));
}

TEST(ArenaSheet, ASecondShortDrawInARowScoresNothing) {
  // lishogi's V2 sheet: a draw right after a draw (losses between do not count) scores 0
  // unless the game lasted 60 plies (longGame).
  EXPECT_EQ(points({g(D, 30), g(D, 30)}), (std::vector<int>{1, 0}));
  EXPECT_EQ(points({g(D, 30), g(L), g(D, 30)}), (std::vector<int>{1, 0, 0}));
  EXPECT_EQ(points({g(D, 30), g(D, 59)}), (std::vector<int>{1, 0}));
  EXPECT_EQ(points({g(D, 30), g(D, 60)}), (std::vector<int>{1, 1}));
  // A win between starts afresh.
  EXPECT_EQ(points({g(D, 30), g(W), g(D, 30)}), (std::vector<int>{1, 2, 1}));
  // A quick draw counts as a draw before it (isDrawStreak looks at any result not a win or loss).
  EXPECT_EQ(points({g(D, 10), g(D, 30)}), (std::vector<int>{0, 0}));
  // On fire the doubling wins over it: W W D is 2 2 2 whatever came before.
  EXPECT_EQ(points({g(D, 30), g(W), g(W), g(D, 30)}), (std::vector<int>{1, 2, 2, 2}));
}

TEST(ArenaSheet, GamesStillRunningDoNotCount) {
  ArenaSheet s = arena_sheet({g(W), g(Result::Ongoing), g(W), g(W)});
  EXPECT_EQ(s.points, (std::vector<int>{2, 2, 4}));
  EXPECT_EQ(arena_sheet({}).text(), "");
}

ArenaPlayer player(Id entry, int rank, int rating = 1500, Id last = 0) {
  ArenaPlayer p;
  p.entry = entry;
  p.rank = rank;
  p.rating = rating;
  p.last_opponent = last;
  return p;
}

std::set<std::pair<Id, Id>> unordered(const std::vector<std::pair<Id, Id>>& pairs) {
  std::set<std::pair<Id, Id>> out;
  for (auto [a, b] : pairs) out.insert({std::min(a, b), std::max(a, b)});
  return out;
}

TEST(ArenaPairing, TheFirstPairingPairsNeighboursInTheRanking) {
  std::vector<ArenaPlayer> waiting = {player(14, 4), player(11, 1), player(13, 3), player(12, 2),
                                      player(15, 5)};
  auto pairs = pair_arena(waiting, 5, true, {});
  EXPECT_EQ(unordered(pairs), (std::set<std::pair<Id, Id>>{{11, 12}, {13, 14}}));
  // A forbidden neighbour is passed over for the next one down.
  Forbidden blocked = [](Id a, Id b) { return std::min(a, b) == 11 && std::max(a, b) == 12; };
  pairs = pair_arena(waiting, 5, true, blocked);
  EXPECT_EQ(unordered(pairs), (std::set<std::pair<Id, Id>>{{11, 13}, {12, 14}}));
}

TEST(ArenaPairing, NoImmediateRematchAndNoForbiddenPairEvenIfSomeoneWaits) {
  // 1 and 2 just played: 1-3 and 2-4 rather than 1-2 and 3-4.
  std::vector<ArenaPlayer> waiting = {player(1, 1, 1500, 2), player(2, 2, 1500, 1),
                                      player(3, 3), player(4, 4)};
  EXPECT_EQ(unordered(pair_arena(waiting, 4, false, {})),
            (std::set<std::pair<Id, Id>>{{1, 3}, {2, 4}}));
  // Two players who just met wait rather than meet again (lila gives their pair no edge).
  std::vector<ArenaPlayer> two = {player(1, 1, 1500, 2), player(2, 2, 1500, 1)};
  EXPECT_TRUE(pair_arena(two, 2, false, {}).empty());
  // An entry listed twice is paired once.
  std::vector<ArenaPlayer> twice = {player(1, 1), player(1, 1), player(2, 2)};
  EXPECT_EQ(pair_arena(twice, 2, false, {}).size(), 1u);
  EXPECT_EQ(pair_arena(twice, 2, true, {}).size(), 1u);
  Forbidden all = [](Id, Id) { return true; };
  EXPECT_TRUE(pair_arena(waiting, 4, false, all).empty());
  EXPECT_TRUE(pair_arena(waiting, 4, true, all).empty());
}

TEST(ArenaPairing, LeadersMeetLeaders) {
  // Ranks 1..4: 1-2 and 3-4 cost 2 x rank factor; 1-3 and 2-4 twice that.
  std::vector<ArenaPlayer> waiting = {player(1, 1, 1900), player(2, 2, 1500), player(3, 3, 1900),
                                      player(4, 4, 1500)};
  EXPECT_EQ(unordered(pair_arena(waiting, 40, false, {})),
            (std::set<std::pair<Id, Id>>{{1, 2}, {3, 4}}));
  // With three waiting, one place apart costs less lower down (lila's factor falls with the
  // rank): 2-3 rather than 1-2; but a rating far from 2's makes 3 the one who waits.
  std::vector<ArenaPlayer> three = {player(1, 1, 1500), player(2, 2, 1500), player(3, 3, 1500)};
  EXPECT_EQ(unordered(pair_arena(three, 40, false, {})), (std::set<std::pair<Id, Id>>{{2, 3}}));
  three[2].rating = 2500;
  EXPECT_EQ(unordered(pair_arena(three, 40, false, {})), (std::set<std::pair<Id, Id>>{{1, 2}}));
}

TEST(ArenaPairing, FewerBlacksTakesBlackThenWhoHadWhiteLast) {
  ArenaPlayer a = player(1, 1), b = player(2, 2);
  a.blacks = 3;
  b.blacks = 2;
  auto pairs = pair_arena({a, b}, 2, false, {});
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], (std::pair<Id, Id>{2, 1}));
  a.blacks = b.blacks = 2;
  a.last_colour = 'w';
  b.last_colour = 'b';
  pairs = pair_arena({a, b}, 2, false, {});
  EXPECT_EQ(pairs[0], (std::pair<Id, Id>{1, 2}));
  a.last_colour = 'b';
  b.last_colour = 'w';
  pairs = pair_arena({a, b}, 2, false, {});
  EXPECT_EQ(pairs[0], (std::pair<Id, Id>{2, 1}));
  // All equal: the same two always get the same colours, and not always the lower entry Black.
  a.last_colour = b.last_colour = '-';
  EXPECT_EQ(pair_arena({a, b}, 2, false, {}), pair_arena({b, a}, 2, false, {}));
  int lower_black = 0;
  for (Id e = 1; e <= 40; ++e) {
    auto p = pair_arena({player(e, 1), player(e + 100, 2)}, 2, false, {});
    lower_black += p[0].first == e;
  }
  EXPECT_GT(lower_black, 5);
  EXPECT_LT(lower_black, 35);
}

TEST(ArenaPairing, AThousandWaitingPlayersAreAllPairedByTheRules) {
  std::mt19937 rng(29);
  std::vector<ArenaPlayer> waiting;
  const int n = 1000;
  for (int i = 0; i < n; ++i)
    waiting.push_back(player(1000 + i, i + 1, 1200 + int(rng() % 1200)));
  // Last opponents: neighbours mostly (as an arena leaves them), some far away.
  for (int i = 0; i + 1 < n; i += 2) {
    int j = rng() % 4 == 0 ? int(rng() % n) : i + 1;
    if (j == i || waiting[j].last_opponent) continue;
    waiting[i].last_opponent = waiting[j].entry;
    waiting[j].last_opponent = waiting[i].entry;
  }
  Forbidden blocked = [](Id a, Id b) { return (a + b) % 97 == 0; };
  std::shuffle(waiting.begin(), waiting.end(), rng);
  auto pairs = pair_arena(waiting, n + 200, false, blocked);
  std::set<Id> seen;
  std::map<Id, const ArenaPlayer*> by_entry;
  for (const auto& p : waiting) by_entry[p.entry] = &p;
  for (auto [a, b] : pairs) {
    EXPECT_TRUE(seen.insert(a).second);
    EXPECT_TRUE(seen.insert(b).second);
    EXPECT_NE(by_entry[a]->last_opponent, b);
    EXPECT_NE(by_entry[b]->last_opponent, a);
    EXPECT_FALSE(blocked(a, b));
    // Groups by rank: partners are near each other in the ranking.
    EXPECT_LT(std::abs(by_entry[a]->rank - by_entry[b]->rank), 200);
  }
  EXPECT_EQ(pairs.size(), size_t(n / 2));
}

}  // namespace
}  // namespace kirin::server::tournament
