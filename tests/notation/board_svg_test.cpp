// The SVG board image of the server (/games/ID/board.svg).
#include "notation/board_svg.h"

#include <gtest/gtest.h>

#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

// The <text> element that draws the piece named `title`, e.g. "White King".
std::string piece_element(const std::string& svg, const std::string& title) {
  std::size_t at = svg.find("<title>" + title + "</title>");
  if (at == std::string::npos) return {};
  std::size_t start = svg.rfind("<text", at), end = svg.find("</text>", at);
  return svg.substr(start, end + 7 - start);
}

TEST(BoardSvg, ShogiPiecesHandsAndTurn) {
  auto v = builtin_variant("shogi");
  std::string svg = board_svg(parse_sfen(v, "4k4/9/4+P4/9/9/9/9/9/4K4 b G2Pr 1"));
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  // Cells of 40 px from x = 8, y = 56 (two text lines above: White's hand, file numbers).
  EXPECT_EQ(piece_element(svg, "Black King"),
            "<text x=\"188\" y=\"396\" dominant-baseline=\"central\" fill=\"#000000\">"
            "<title>Black King</title>K</text>");
  EXPECT_EQ(piece_element(svg, "White King"),
            "<text x=\"188\" y=\"76\" dominant-baseline=\"central\" fill=\"#000000\" "
            "transform=\"rotate(180 188 76)\"><title>White King</title>K</text>");
  std::string tokin = piece_element(svg, "Black Tokin");
  EXPECT_NE(tokin.find("fill=\"#cc0000\""), std::string::npos) << svg;
  EXPECT_NE(tokin.find(">P</text>"), std::string::npos) << tokin;  // red, without its '+'
  EXPECT_NE(svg.find(">White in hand: R<"), std::string::npos);
  EXPECT_NE(svg.find(">Black in hand: G Px2<"), std::string::npos);
  EXPECT_NE(svg.find(">Black to move<"), std::string::npos);
  // Zone lines after rank c and after rank f.
  EXPECT_NE(svg.find("<line x1=\"8\" y1=\"176\" x2=\"368\" y2=\"176\"/>"), std::string::npos);
  EXPECT_NE(svg.find("<line x1=\"8\" y1=\"296\" x2=\"368\" y2=\"296\"/>"), std::string::npos);
}

TEST(BoardSvg, FlippedTurnsTheBoardAndThePieces) {
  auto v = builtin_variant("shogi");
  BoardSvgStyle style;
  style.flip = true;
  std::string svg = board_svg(parse_sfen(v, "4k4/9/9/9/9/9/9/9/K8 w - 1"), style);
  // Black's King on 9i is now at the top right, upside down; White's King upright below.
  EXPECT_EQ(piece_element(svg, "Black King"),
            "<text x=\"348\" y=\"76\" dominant-baseline=\"central\" fill=\"#000000\" "
            "transform=\"rotate(180 348 76)\"><title>Black King</title>K</text>");
  EXPECT_EQ(piece_element(svg, "White King").find("rotate"), std::string::npos);
  EXPECT_NE(svg.find(">White to move<"), std::string::npos);
}

TEST(BoardSvg, ChuWithoutHandsNamesEveryPiece) {
  auto v = builtin_variant("chu");
  std::string svg = board_svg(parse_sfen(v, v->setup));
  EXPECT_EQ(svg.find("in hand"), std::string::npos);
  std::size_t pieces = 0;
  for (std::size_t i = svg.find("<title>"); i != std::string::npos; i = svg.find("<title>", i + 1))
    ++pieces;
  EXPECT_EQ(pieces, 1u + 92u);  // the image's title and 46 pieces a side
  EXPECT_NE(piece_element(svg, "Black Lion").find(">Ln</text>"), std::string::npos);
}

}  // namespace
}  // namespace kirin
