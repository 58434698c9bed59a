// Round robin: Berger's tables as FIDE publishes them (Handbook C.05, annex 1; the same tables
// as c.w.fox.tripod.com/chess/berger.html), verbatim, the first named moving first (Black).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "server/domain/tournament_pairing.h"

namespace kirin::server::tournament {
namespace {

// "1-6 2-5 3-4 | 6-4 5-3 1-2 | ..." in the tables' 1-based numbers.
std::string table(int n) {
  std::ostringstream out;
  auto rounds = berger_rounds(n, false);
  for (size_t r = 0; r < rounds.size(); ++r) {
    if (r) out << " | ";
    for (size_t g = 0; g < rounds[r].size(); ++g)
      out << (g ? " " : "") << rounds[r][g].first + 1 << '-' << rounds[r][g].second + 1;
  }
  return out.str();
}

TEST(Berger, FidesTablesVerbatim) {
  EXPECT_EQ(table(4), "1-4 2-3 | 4-3 1-2 | 2-4 3-1");
  EXPECT_EQ(table(6), "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1");
  EXPECT_EQ(table(8),
            "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | "
            "3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1");
  EXPECT_EQ(table(10),
            "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | "
            "10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | "
            "4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1");
}

TEST(Berger, AnOddCountUsesTheNextTableAndTheHighestNumberSitsOut) {
  // 5 players: the table of 6 without player 6's games.
  EXPECT_EQ(table(5), "2-5 3-4 | 5-3 1-2 | 3-1 4-5 | 1-4 2-3 | 4-2 5-1");
  EXPECT_EQ(table(3), "2-3 | 1-2 | 3-1");
  EXPECT_TRUE(berger_rounds(1, false).empty());
  EXPECT_TRUE(berger_rounds(0, true).empty());
}

// Every pair meets exactly `times` times, once a round at most, colours swapped between the
// meetings; no one has the same colour three times in a row; whoever has no game sits out.
void check(int n, bool twice) {
  auto rounds = berger_rounds(n, twice);
  int m = n % 2 == 0 ? n : n + 1;
  ASSERT_EQ(rounds.size(), size_t((m - 1) * (twice ? 2 : 1))) << n;
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> met;
  std::vector<std::string> colours(static_cast<size_t>(n));
  for (const auto& round : rounds) {
    std::set<int> busy;
    for (auto [b, w] : round) {
      ASSERT_TRUE(b >= 0 && b < n && w >= 0 && w < n && b != w) << n;
      EXPECT_TRUE(busy.insert(b).second && busy.insert(w).second) << n;
      met[{std::min(b, w), std::max(b, w)}].push_back({b, w});
      colours[size_t(b)] += 'b';
      colours[size_t(w)] += 'w';
    }
    EXPECT_EQ(busy.size(), size_t(n - n % 2)) << n;
    for (int p = 0; p < n; ++p)
      if (!busy.count(p)) colours[size_t(p)] += '-';
  }
  EXPECT_EQ(met.size(), size_t(n * (n - 1) / 2)) << n;
  for (const auto& [pair, games] : met) {
    ASSERT_EQ(games.size(), size_t(twice ? 2 : 1)) << n;
    if (twice) {
      EXPECT_EQ(games[0].first, games[1].second) << n;
    }
  }
  for (const std::string& c : colours) {
    std::string played;
    for (char x : c)
      if (x != '-') played += x;
    EXPECT_EQ(played.find("bbb"), std::string::npos) << n << ' ' << c;
    EXPECT_EQ(played.find("www"), std::string::npos) << n << ' ' << c;
  }
}

TEST(Berger, EveryPairMeetsOnceOrTwiceWithColoursSwapped) {
  for (int n = 2; n <= 20; ++n) {
    check(n, false);
    check(n, true);
  }
}

}  // namespace
}  // namespace kirin::server::tournament
