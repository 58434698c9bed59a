// A position drawn as text for a terminal: the board with file numbers and rank letters, each
// piece as its Western abbreviation (White's in lower case, marked 'v'), the hands and the side
// to move.
#pragma once

#include <functional>
#include <string>

#include "rules/position.h"

namespace kirin {

struct BoardTextStyle {
  bool flip = false;              // White's view: White's pieces at the bottom
  Square highlight_from = kNoSquare;  // e.g. the last move, shown in brackets
  Square highlight_to = kNoSquare;
};

std::string board_text(const Position& pos, const BoardTextStyle& style = {});

// A side's hand as the text drawings list it: each kind in hand by `code`, with "x<count>" when
// there are more than one, in the order of the variant's hand kinds ("G Px2"); "-" if empty.
std::string hand_list(const Position& pos, Color c, const std::function<std::string(Kind)>& code);

}  // namespace kirin
