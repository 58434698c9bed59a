#include "match/openings.h"

#include <gtest/gtest.h>

#include <sstream>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "rules/movegen.h"

namespace kirin::match {
namespace {

TEST(Openings, RandomLinesAreQuietLegalAndRepeatable) {
  auto v = builtin_variant("chu");
  auto a = random_openings(v, 6, 6, 42);
  auto b = random_openings(v, 6, 6, 42);
  auto c = random_openings(v, 6, 6, 43);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  ASSERT_EQ(a.size(), 6u);
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].size(), 6u);
    for (size_t j = 0; j < i; ++j) EXPECT_NE(a[i], a[j]);
    Game game(parse_sfen(v, v->setup));
    for (const std::string& text : a[i]) {
      Move m = parse_usi(game.position(), text);
      EXPECT_FALSE(is_capture(game.position(), m)) << text;
      game.play(m);
      MoveList captures;
      generate_captures(game.position(), captures);
      EXPECT_EQ(captures.size, 0) << "hangs material after " << text;
    }
  }
}

TEST(Openings, ReadFromFile) {
  auto v = builtin_variant("shogi");
  std::istringstream in("# comment\n\n7g7f 3c3d\r\n2g2f\n");
  auto lines = read_openings(v, in, "book.txt");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], (Opening{"7g7f", "3c3d"}));
  EXPECT_EQ(lines[1], (Opening{"2g2f"}));
}

TEST(Openings, BadLineNamesFileLineAndMove) {
  auto v = builtin_variant("shogi");
  std::istringstream in("7g7f\n7g7f 7g7f\n");
  try {
    read_openings(v, in, "book.txt");
    FAIL() << "no error";
  } catch (const NotationError& e) {
    EXPECT_NE(std::string(e.what()).find("book.txt:2: move 2 '7g7f'"), std::string::npos)
        << e.what();
  }
  std::istringstream empty("# nothing\n");
  EXPECT_THROW(read_openings(v, empty, "empty.txt"), NotationError);
}

}  // namespace
}  // namespace kirin::match
