// The terminal board drawing of `kirin play`.
#include "notation/board_text.h"

#include <gtest/gtest.h>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

TEST(BoardText, ShogiWithHandsAndHighlight) {
  auto v = builtin_variant("shogi");
  Position pos = parse_sfen(v, "4k4/9/4P4/9/9/9/9/9/4K4 b G2Pr 1");
  BoardTextStyle style;
  style.highlight_to = parse_square(*v, "5c");
  EXPECT_EQ(board_text(pos, style),
            "       9    8    7    6    5    4    3    2    1 \n"
            "  a    .    .    .    .   vk    .    .    .    .  a\n"
            "  b    .    .    .    .    .    .    .    .    .  b\n"
            "  c    .    .    .    . [  P]   .    .    .    .  c\n"
            "  d    .    .    .    .    .    .    .    .    .  d\n"
            "  e    .    .    .    .    .    .    .    .    .  e\n"
            "  f    .    .    .    .    .    .    .    .    .  f\n"
            "  g    .    .    .    .    .    .    .    .    .  g\n"
            "  h    .    .    .    .    .    .    .    .    .  h\n"
            "  i    .    .    .    .    K    .    .    .    .  i\n"
            "       9    8    7    6    5    4    3    2    1 \n"
            "  Black in hand: G Px2\n"
            "  White in hand: R\n"
            "  Black to move\n");
}

TEST(BoardText, FlippedShowsWhitesSideAtTheBottom) {
  auto v = builtin_variant("shogi");
  Position pos = parse_sfen(v, "4k4/9/9/9/9/9/9/9/K8 w - 1");
  BoardTextStyle style;
  style.flip = true;
  std::string text = board_text(pos, style);
  // File 1 first, rank i on top: Black's King on 9i is in the top right corner.
  EXPECT_EQ(text.substr(0, text.find('\n', text.find('\n') + 1) + 1),
            "       1    2    3    4    5    6    7    8    9 \n"
            "  i    .    .    .    .    .    .    .    .    K  i\n");
  EXPECT_NE(text.find("White to move"), std::string::npos);
}

}  // namespace
}  // namespace kirin
