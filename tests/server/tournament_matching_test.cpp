// The tournaments' weighted matching (LEMON behind tournament_matching.h) against every
// matching of small random graphs: the most pairs first, then the least cost.
#include "server/domain/tournament_matching.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <stdexcept>

namespace kirin::server::tournament {
namespace {

// (pairs, cost) of the best matching, by enumeration.
std::pair<int, int64_t> brute_force(int n, const std::vector<MatchingEdge>& edges) {
  std::vector<std::vector<int64_t>> cost(size_t(n), std::vector<int64_t>(size_t(n), -1));
  for (const MatchingEdge& e : edges) cost[size_t(e.a)][size_t(e.b)] = cost[size_t(e.b)][size_t(e.a)] = e.cost;
  std::pair<int, int64_t> best{-1, 0};
  std::vector<bool> used(size_t(n), false);
  std::function<void(int, int, int64_t)> go = [&](int i, int pairs, int64_t total) {
    while (i < n && used[size_t(i)]) ++i;
    if (i == n) {
      if (pairs > best.first || (pairs == best.first && total < best.second)) best = {pairs, total};
      return;
    }
    used[size_t(i)] = true;
    go(i + 1, pairs, total);
    for (int j = i + 1; j < n; ++j) {
      if (used[size_t(j)] || cost[size_t(i)][size_t(j)] < 0) continue;
      used[size_t(j)] = true;
      go(i + 1, pairs + 1, total + cost[size_t(i)][size_t(j)]);
      used[size_t(j)] = false;
    }
    used[size_t(i)] = false;
  };
  go(0, 0, 0);
  return best;
}

TEST(TournamentMatching, MostPairsThenLeastCostOnRandomGraphs) {
  std::mt19937 rng(29);
  for (int t = 0; t < 300; ++t) {
    int n = 2 + int(rng() % 10);
    std::vector<MatchingEdge> edges;
    int density = 20 + int(rng() % 80);
    // A third of the graphs with costs as large as may be weighed (the Swiss round's tiers).
    const uint64_t max_cost =
        t % 3 == 0 ? uint64_t(kMaxMatchingWeight / (n / 2 + 1) - 1) : uint64_t(1000000);
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        if (int(rng() % 100) < density) edges.push_back({a, b, int64_t(rng() % max_cost)});
    std::vector<int> mate = min_cost_max_matching(n, edges);
    int pairs = 0;
    int64_t total = 0;
    for (int v = 0; v < n; ++v) {
      if (mate[size_t(v)] < 0) continue;
      ASSERT_EQ(mate[size_t(mate[size_t(v)])], v);
      if (mate[size_t(v)] < v) continue;
      bool found = false;
      for (const MatchingEdge& e : edges)
        if ((e.a == v && e.b == mate[size_t(v)]) || (e.b == v && e.a == mate[size_t(v)])) {
          found = true;
          total += e.cost;
        }
      ASSERT_TRUE(found) << "a pair with no edge";
      ++pairs;
    }
    auto best = brute_force(n, edges);
    EXPECT_EQ(pairs, best.first);
    EXPECT_EQ(total, best.second);
    EXPECT_EQ(max_matching_size(n, edges), best.first);
  }
}

TEST(TournamentMatching, RefusesEdgesItCannotWeigh) {
  EXPECT_THROW(min_cost_max_matching(2, {{0, 2, 1}}), std::invalid_argument);
  EXPECT_THROW(min_cost_max_matching(2, {{0, 0, 1}}), std::invalid_argument);
  EXPECT_THROW(min_cost_max_matching(2, {{0, 1, -1}}), std::invalid_argument);
  EXPECT_THROW(min_cost_max_matching(2, {{0, 1, kMaxMatchingWeight}}), std::length_error);
  EXPECT_EQ(min_cost_max_matching(3, {}), (std::vector<int>{-1, -1, -1}));
  EXPECT_EQ(max_matching_size(3, {}), 0);
}

}  // namespace
}  // namespace kirin::server::tournament
