// A position drawn as text for a terminal: the board with file numbers and rank letters, each
// piece as its Western abbreviation (White's in lower case, marked 'v'), the hands and the side
// to move.
#pragma once

#include <string>

#include "rules/position.h"

namespace kirin {

struct BoardTextStyle {
  bool flip = false;              // White's view: White's pieces at the bottom
  Square highlight_from = kNoSquare;  // e.g. the last move, shown in brackets
  Square highlight_to = kNoSquare;
};

std::string board_text(const Position& pos, const BoardTextStyle& style = {});

}  // namespace kirin
