// USI moves as lishogi writes them: "7g7f", "8h8c+", lion two-steps "7g6f5e", igui "7g6f7g",
// a pass "7g7f7g". Every spelling lishogi accepts is read; one canonical spelling is written.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "notation/notation_error.h"
#include "rules/position.h"

namespace kirin {

// Reads a move and checks it against the legal moves; throws NotationError saying what is
// malformed (with the character offset) or why the move is illegal.
Move parse_usi(const Position& pos, std::string_view text);

// The canonical spelling of a legal move.
std::string to_usi(const Position& pos, const Move& m);

// A line of moves from `start` (a principal variation), space-separated.
std::string to_usi_line(const Position& start, const std::vector<Move>& moves);

// Parses a square name ("7g", "12a"); returns kNoSquare if it is not one of this board's.
Square parse_square(const Variant& v, std::string_view text);

}  // namespace kirin
