// The one weighted matching of the tournament pairings (internal to tournament_*.cpp): the
// pairs of the most players, and among those the cheapest, by LEMON's MaxWeightedMatching.
//
// Why LEMON and not Boost.Graph's maximum_weighted_matching: Boost 1.74's (Debian's) gives
// wrong matchings, fails assertions, crashes or never returns on some graphs (boostorg/graph
// issues 199, 223 and 399), and took 2 to 12 s on a 500-player Swiss round where LEMON takes
// under 0.1 s (docs/BENCHMARKS.md, issue 29).
#pragma once

#include <cstdint>
#include <vector>

namespace kirin::server::tournament {

// An allowed pair of vertices and what pairing them costs (0 or more).
struct MatchingEdge {
  int a = 0, b = 0;
  int64_t cost = 0;
};

// The largest costs a matching may hold: weights are kept under 2^58 so that LEMON's integer
// duals (four times the weights, added in pairs) stay inside 64 bits.
inline constexpr int64_t kMaxMatchingWeight = int64_t(1) << 58;

// mate[v]: the vertex matched to v, or -1. Among the matchings with the most edges, one of the
// least total cost. Throws std::length_error if the costs cannot be weighed inside 64 bits.
std::vector<int> min_cost_max_matching(int vertices, const std::vector<MatchingEdge>& edges);

// How many edges the largest matching holds (costs ignored).
int max_matching_size(int vertices, const std::vector<MatchingEdge>& edges);

}  // namespace kirin::server::tournament
