// Handicap start positions: a game's named handicaps ("2-lions", or pbmserv's "2ln") and the
// play-by-email server's general syntax (rules README §3): piece codes remove White's pieces
// ("Ph" the Phoenix in Chu, "RL" Rook and Lance in shogi), "8b,1a" empties squares, "8b=Ln"
// puts a piece on a square, "2p" is shogi's two-piece handicap; forms combine in one comma
// list. Pieces are pbmserv's codes (pbm_piece_names), the longest first, in any case. White
// moves first in a handicap game.
#pragma once

#include <memory>
#include <string_view>

#include "notation/notation_error.h"
#include "rules/position.h"

namespace kirin {

// Throws NotationError (field "handicap", character offset) for a bad specification.
Position handicap_position(std::shared_ptr<const Variant> variant, std::string_view spec);

}  // namespace kirin
