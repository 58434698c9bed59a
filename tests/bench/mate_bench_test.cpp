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
            "chu-tsume-ab problem A22 B34 shogi-tsume-muso lengths problem M65 total ");
  EXPECT_NE(out.str().find(" book "), std::string::npos);
}

// B34's mate in 4 is proved the shortest: the row gives the length without "<=".
TEST(MateBench, AMateInFourIsSolvedAndProvedShortest) {
  std::ostringstream out;
  const MateBenchTotals total = run_mate_bench(
      {.movetime_ms = 60'000, .hash_mb = 16, .collection = "chu-tsume-ab", .problems = {"B34"}},
      out);
  EXPECT_EQ(total.solved, 1) << out.str();
  EXPECT_EQ(total.exact, 1) << out.str();
  EXPECT_EQ(total.shorter, 0) << out.str();
  EXPECT_NE(out.str().find("B34      mate         4     4 "), std::string::npos) << out.str();
}

// A shorter mate than the book's is a finding, marked; a longer one proved the shortest is a
// finding too (the book's defence is not the longest); unproved, the solver's shortfall.
TEST(MateBench, TheNoteComparesTheLengthWithTheBooks) {
  EXPECT_STREQ(compare_with_published(2, true, 18), "shorter than published");
  EXPECT_STREQ(compare_with_published(2, false, 18), "shorter than published");
  EXPECT_STREQ(compare_with_published(19, true, 18),
               "longer than published: the book misses a defence");
  EXPECT_STREQ(compare_with_published(19, false, 18), "not proved shortest in the budget");
  EXPECT_STREQ(compare_with_published(18, true, 18), "");
}

// Shogi's lengths leave futile interpositions out, as the book does, unless asked to count
// them; the Chu collections have none (no drops) and say nothing of them.
TEST(MateBench, TheShogiTablesSayHowInterpositionsCount) {
  std::ostringstream book, every;
  run_mate_bench({.movetime_ms = 1, .hash_mb = 1, .problems = {"A22", "M77"}}, book);
  run_mate_bench(
      {.movetime_ms = 1, .hash_mb = 1, .problems = {"M77"}, .every_interposition = true}, every);
  EXPECT_NE(book.str().find("shogi-tsume-muso: Edo-period shogi tsume"), std::string::npos);
  EXPECT_NE(book.str().find("\nlengths without futile interpositions (無駄合)\nproblem"),
            std::string::npos)
      << book.str();
  EXPECT_EQ(book.str().find("lengths"), book.str().rfind("lengths")) << book.str();
  EXPECT_NE(every.str().find("\nlengths counting futile interpositions (無駄合)\n"),
            std::string::npos)
      << every.str();
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
