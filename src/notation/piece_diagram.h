// Text drawings of how a piece moves, for people checking a game definition at a glance.
#pragma once

#include <string>

#include "rules/variant.h"

namespace kirin {

// A small grid seen from Black (forward is up) with the piece as 'X' in the middle:
//   o  move or capture     m  move only     x  capture only
//   | - \ /  slides (to the edge of the drawing when unlimited; a digit marks a range limit)
// followed by a line describing any two-step (lion-type) moves.
std::string piece_diagram(const PieceType& piece);

}  // namespace kirin
