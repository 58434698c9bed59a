// The benchmark module: its positions (src/bench/positions.tsv, embedded) and the perft benchmark's
// counts, which docs/BENCHMARKS.md and tests/match/hachu_match_test.sh read by label.
#include <gtest/gtest.h>

#include <sstream>

#include "bench/perft_bench.h"
#include "bench/positions.h"
#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin::bench {
namespace {

TEST(BenchPositions, LabelsAndDepthsInOrder) {
  const std::vector<std::pair<std::string, int>> expected = {
      {"start", 5},    {"middle-1", 4}, {"middle-2", 4}, {"middle-3", 4},
      {"middle-4", 4}, {"middle-5", 4}, {"middle-6", 4}};
  ASSERT_EQ(bench_positions().size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(bench_positions()[i].label, expected[i].first);
    EXPECT_EQ(bench_positions()[i].perft_depth, expected[i].second);
  }
}

TEST(BenchPositions, StartIsTheGamesSetup) {
  auto chu = builtin_variant("chu");
  EXPECT_EQ(to_sfen(bench_position("start").position), to_sfen(parse_sfen(chu, chu->setup)));
  EXPECT_THROW(bench_position("middle-7"), std::out_of_range);
}

TEST(PerftBench, QuickCountsAndRowNames) {
  std::ostringstream out;
  const PerftSpeed total = run_perft_bench({.quick = true}, out);
  // The sum of tests/data/chu-perft.tsv's counts: the start at depth 4, the rest at depth 3.
  EXPECT_EQ(total.nodes, 2621263u);
  std::istringstream lines(out.str());
  std::string line, names;
  while (std::getline(lines, line)) names += line.substr(0, line.find(' ')) + " ";
  EXPECT_EQ(names, "position start middle-1 middle-2 middle-3 middle-4 middle-5 middle-6 total ");
}

}  // namespace
}  // namespace kirin::bench
