// LEMON's matchings behind tournament_matching.h. LEMON 1.3's maps still call the allocator
// members C++20 removed, so this file alone is compiled as C++17 (CMakeLists.txt); its
// interface holds only vectors and integers.
#include "server/domain/tournament_matching.h"

#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <stdexcept>

namespace kirin::server::tournament {
namespace {

struct Built {
  lemon::SmartGraph graph;
  std::vector<lemon::SmartGraph::Node> nodes;
};

void build(Built& built, int vertices, const std::vector<MatchingEdge>& edges,
           lemon::SmartGraph::EdgeMap<int64_t>* weights, int64_t big) {
  built.graph.reserveNode(vertices);
  built.graph.reserveEdge(int(edges.size()));
  for (int v = 0; v < vertices; ++v) built.nodes.push_back(built.graph.addNode());
  for (const MatchingEdge& e : edges) {
    if (e.a == e.b || e.a < 0 || e.b < 0 || e.a >= vertices || e.b >= vertices)
      throw std::invalid_argument("matching: an edge names no vertex");
    lemon::SmartGraph::Edge edge = built.graph.addEdge(built.nodes[e.a], built.nodes[e.b]);
    if (weights) (*weights)[edge] = big - e.cost;
  }
}

}  // namespace

std::vector<int> min_cost_max_matching(int vertices, const std::vector<MatchingEdge>& edges) {
  std::vector<int> mate(vertices, -1);
  if (edges.empty()) return mate;
  // Every edge weighs BIG - cost, with BIG over the costliest matching's total: one edge more
  // then always outweighs any saving in cost, so the heaviest matching is a largest one, and
  // among the largest the cheapest.
  int64_t max_cost = 0;
  for (const MatchingEdge& e : edges) {
    if (e.cost < 0) throw std::invalid_argument("matching: a negative cost");
    max_cost = std::max(max_cost, e.cost);
  }
  const int64_t pairs = vertices / 2 + 1;
  if (max_cost >= kMaxMatchingWeight / pairs) throw std::length_error("matching: costs too large");
  const int64_t big = max_cost * pairs + 1;

  Built built;
  lemon::SmartGraph::EdgeMap<int64_t> weights(built.graph);
  build(built, vertices, edges, &weights, big);
  lemon::MaxWeightedMatching<lemon::SmartGraph, lemon::SmartGraph::EdgeMap<int64_t>> matching(
      built.graph, weights);
  matching.run();
  for (int v = 0; v < vertices; ++v) {
    lemon::SmartGraph::Node other = matching.mate(built.nodes[v]);
    if (other != lemon::INVALID) mate[v] = built.graph.id(other);
  }
  return mate;
}

int max_matching_size(int vertices, const std::vector<MatchingEdge>& edges) {
  if (edges.empty()) return 0;
  Built built;
  build(built, vertices, edges, nullptr, 0);
  lemon::MaxMatching<lemon::SmartGraph> matching(built.graph);
  matching.run();
  return matching.matchingSize();
}

}  // namespace kirin::server::tournament
