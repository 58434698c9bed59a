// The built-in mating problems (problems/*.tsv, tests/data/chu-tsume-ab.tsv): every position
// loads, and every published line replays as legal moves under the conventions of a mating
// problem (rules/mating.h), ending with the defender mated.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "notation/notation_error.h"
#include "notation/problems.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/mating.h"

namespace kirin {
namespace {

TEST(Problems, TheTestDataCopyIsTheBuiltInCollection) {
  std::ifstream in(std::string(KIRIN_TEST_DATA) + "/chu-tsume-ab.tsv");
  ASSERT_TRUE(in) << "tests/data/chu-tsume-ab.tsv is missing";
  std::stringstream text;
  text << in.rdbuf();
  const ProblemCollection file = parse_problem_collection("chu-tsume-ab", text.str());
  const Problem* a1 = find_problem("chu-tsume-ab", "A1");
  ASSERT_NE(a1, nullptr);
  EXPECT_EQ(file.problems.size(), 77u);
  EXPECT_EQ(file.problems.front().sfen, a1->sfen);
  EXPECT_EQ(file.game, "chu");
  EXPECT_EQ(a1->series, "A");
  EXPECT_NE(file.title.find("Middle Shogi Manual"), std::string::npos);
  // Every built-in collection is titled in Japanese too, for the Japanese pages.
  for (const ProblemCollection& c : builtin_problem_collections())
    EXPECT_FALSE(c.title_ja.empty()) << c.id;
  EXPECT_NE(file.source.find("Muller"), std::string::npos);
}

TEST(Problems, EveryPublishedLineMates) {
  int checked = 0;
  for (const ProblemCollection& c : builtin_problem_collections()) {
    auto game = builtin_variant(c.game);
    for (const Problem& p : c.problems) {
      SCOPED_TRACE(c.id + " " + p.name);
      Game g(parse_sfen(game, p.sfen));
      ASSERT_FALSE(g.outcome().over()) << describe(g.outcome());
      std::vector<Move> line;
      Position pos = g.position();
      for (const std::string& text : p.solution) {
        Move m;
        ASSERT_NO_THROW(m = parse_usi(pos, text)) << text;
        line.push_back(m);
        Undo u;
        pos.do_move(m, u);
      }
      EXPECT_EQ(check_mating_line(g, line), "");
      ++checked;
    }
  }
  EXPECT_GE(checked, 77);
}

TEST(Problems, MalformedCollectionsNameTheLine) {
  try {
    parse_problem_collection("chu-x", "# t\nA1\tsfen\n");
    FAIL();
  } catch (const NotationError& e) {
    EXPECT_EQ(std::string(e.what()),
              "line 2: expected name, SFEN and solution separated by tabs, found 2 field(s)");
  }
  EXPECT_THROW(parse_problem_collection("chu-x", "A1\ts\t7g7f\nA1\ts\t7g7f\n"), NotationError);
  EXPECT_THROW(parse_problem_collection("chu-x", "A1\ts\t \n"), NotationError);
  const ProblemCollection c =
      parse_problem_collection("shogi-x",
                               "# Title\n# title-ja: 題\n# From here\n# and there\n"
                               "# name\tsfen\tsolution\n"
                               "B12a\ts\t1a1b\n");
  EXPECT_EQ(c.game, "shogi");
  EXPECT_EQ(c.title, "Title");
  EXPECT_EQ(c.title_ja, "題");
  EXPECT_EQ(c.source, "From here and there");
  ASSERT_EQ(c.problems.size(), 1u);
  EXPECT_EQ(c.problems[0].series, "B");
  EXPECT_EQ(c.problems[0].published_moves(), 1);
}

}  // namespace
}  // namespace kirin
