// kirin bench mate: the rows it writes, the totals it returns and the names it refuses.
#include <gtest/gtest.h>

#include <sstream>

#include "bench/mate_bench.h"

namespace kirin::bench {
namespace {

// The first word of each line.
std::string first_words(const std::string& text) {
  std::istringstream lines(text);
  std::string line, words;
  while (std::getline(lines, line)) words += line.substr(0, line.find_first_of(" :")) + " ";
  return words;
}

TEST(MateBench, ChosenProblemsOfEachCollectionAndTheTotal) {
  std::ostringstream out;
  const MateBenchTotals total =
      run_mate_bench({.movetime_ms = 1, .hash_mb = 1, .problems = {"B34", "A22", "M65"}}, out);
  EXPECT_EQ(total.problems, 3);
  EXPECT_LE(total.solved, 3);
  EXPECT_GE(total.nodes, 0);
  // A title and a header per collection, the rows in the collection's order, the total.
  EXPECT_EQ(first_words(out.str()),
            "chu-tsume-ab problem A22 B34 shogi-tsume-muso problem M65 total ");
  EXPECT_NE(out.str().find(" book "), std::string::npos);
}

// The length found may be longer than the book's on a loaded machine (the shortening pass has a
// time budget of its own), never shorter for B34.
TEST(MateBench, AMateInFourIsSolved) {
  std::ostringstream out;
  const MateBenchTotals total = run_mate_bench(
      {.movetime_ms = 60'000, .hash_mb = 16, .collection = "chu-tsume-ab", .problems = {"B34"}},
      out);
  EXPECT_EQ(total.solved, 1) << out.str();
  EXPECT_EQ(total.shorter, 0) << out.str();
  EXPECT_NE(out.str().find("B34      mate "), std::string::npos) << out.str();
}

// B29 as the collection has it mates in 2 (the book: 18; docs/BENCHMARKS.md): a finding, marked.
TEST(MateBench, AMateShorterThanTheBooksIsMarked) {
  std::ostringstream out;
  const MateBenchTotals total =
      run_mate_bench({.movetime_ms = 60'000, .hash_mb = 16, .problems = {"B29"}}, out);
  EXPECT_EQ(total.shorter, 1) << out.str();
  EXPECT_NE(out.str().find("B29      mate         2    18"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("shorter than published\n"), std::string::npos) << out.str();
}

TEST(MateBench, UnknownNamesAreRefusedBeforeAnythingRuns) {
  std::ostringstream out;
  EXPECT_THROW(run_mate_bench({.collection = "nosuch"}, out), MateBenchOptionError);
  EXPECT_THROW(run_mate_bench({.collection = "shogi-tsume-muso", .problems = {"B34"}}, out),
               MateBenchOptionError);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace kirin::bench
