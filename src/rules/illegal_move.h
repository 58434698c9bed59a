// Why a move the side to move asked for is not legal, in words for the user. The notations
// (USI, pbmserv, Game Courier) read their text, find no legal move for it and ask here, so that
// they explain a refusal alike.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "rules/position.h"

namespace kirin {

// Why the side to move cannot move the piece on `from` (there is none, or it is the
// opponent's); nullopt if it can.
std::optional<std::string> piece_refusal(const Position& pos, Square from);

// Why a move of `mover` that exists only without promotion (`promote`) or only with it (not
// `promote`) cannot be made as asked.
std::string promotion_refusal(const PieceType& mover, bool promote);

// The rule that forbids the move: `meant` picks it among every piece's moves
// (generate_every_piece_moves) in this position with the check rule, the Lion-trading rules and
// the no-consecutive-skips rule relaxed one after the other, all its state (counter-strike
// square, skips, promotion deferrals) kept. Names the rule whose relaxing first makes the move
// possible; nullopt if none does (the piece cannot move so at all).
std::optional<std::string> forbidding_rule(const Position& pos,
                                           const std::function<bool(const Move&)>& meant);

// Why the side to move cannot drop a `kind` on `to`, a drop that is not legal.
std::string drop_refusal(const Position& pos, Kind kind, Square to);

}  // namespace kirin
