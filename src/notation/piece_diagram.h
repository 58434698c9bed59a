// Text drawings of how a piece moves, for people checking a game definition at a glance.
#pragma once

#include <string>
#include <vector>

#include "rules/variant.h"

namespace kirin {

// The drawing as data (the web UI draws it itself): a square grid of 2 * reach + 1 cells with
// the piece on the middle cell, row 0 the farthest forward, one character per cell:
//   X  the piece         .  nothing
//   o  move or capture   m  move only   x  capture only   (a leap or step)
//   | - / \  slide this way (to the grid's edge when unlimited)
//   1..9  where a limited slide ends    ^  a hopping (cannon) slide
//   *  reached only by two steps through an empty square (a lame leap)
// and `notes`, one line each for two-step moves and named powers (igui, pass, area, burn...).
struct PieceDiagramGrid {
  int reach = 1;
  std::vector<std::string> rows;
  std::vector<std::string> notes;
};
PieceDiagramGrid piece_diagram_grid(const PieceType& piece);

// A small grid seen from Black (forward is up) with the piece as 'X' in the middle:
//   o  move or capture     m  move only     x  capture only
//   | - \ /  slides (to the edge of the drawing when unlimited; a digit marks a range limit)
// followed by a line describing any two-step (lion-type) moves.
std::string piece_diagram(const PieceType& piece);

}  // namespace kirin
