// A position as an SVG image (the server's /games/ID/board.svg): a grid with file numbers
// above and rank letters to the right, lines bounding the promotion zones, each piece as its
// Western abbreviation (Black's upright, White's turned 180 degrees, promoted ones in red
// without their '+'), the pieces in hand and the side to move. Plain SVG 1.1 text: no
// scripts, no external fonts or images, so it can be embedded or mailed as it is.
#pragma once

#include <string>

#include "rules/position.h"

namespace kirin {

struct BoardSvgStyle {
  bool flip = false;  // White's view: White's side at the bottom, White's pieces upright
  int cell = 40;      // pixels per square
};

std::string board_svg(const Position& pos, const BoardSvgStyle& style = {});

}  // namespace kirin
