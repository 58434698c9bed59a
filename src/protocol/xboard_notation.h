// XBoard (CECP) coordinates, moves and FEN for Kirin's games.
//
// Squares: files 'a'.. from the left as the first player sees the board, ranks 1.. from the
// first player's side ("f3"; "g10" on 12x12). XBoard's "White" is the side that moves first:
// Kirin's kBlack, upper case in FEN. Moves: "h4h5", promotion "b6b10+", a two-step (Lion)
// move as two comma-separated legs "j7k6,k6j7", a pass "@@@@", a drop "P@e5".
#pragma once

#include <string>
#include <string_view>

#include "notation/notation_error.h"
#include "rules/position.h"

namespace kirin::protocol {

std::string xboard_square(const Variant& v, Square s);
// kNoSquare if `text` is not one of this board's squares.
Square parse_xboard_square(const Variant& v, std::string_view text);

// Reads a move and checks it against the legal moves; throws NotationError saying what is
// malformed or why the move is illegal. Also accepts "f3f3" for a pass of the piece on f3
// and "f3f4,f4f3" (out to an empty square and back) for a pass.
Move parse_xboard_move(const Position& pos, std::string_view text);
std::string to_xboard_move(const Position& pos, const Move& m);

// XBoard FEN: the board as in SFEN (the Chu board is lishogi's), holdings in brackets for
// games with drops, side "w" for the first player, then "- - 0 <move>" fields.
std::string to_xboard_fen(const Position& pos);
// Reads the board, optional [holdings] and side; later fields are ignored. Throws
// NotationError.
Position parse_xboard_fen(std::shared_ptr<const Variant> v, std::string_view fen);

}  // namespace kirin::protocol
