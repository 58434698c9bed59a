// SFEN: lishogi's Chu Shogi layout (board, side, counter-strike square, move number) and the
// standard USI layout (board, side, hands, move number).
#pragma once

#include <string>
#include <string_view>

#include "notation/notation_error.h"
#include "rules/position.h"

namespace kirin {

// Throws NotationError naming the field and the character offset in `sfen`.
Position parse_sfen(std::shared_ptr<const Variant> variant, std::string_view sfen);

// A start position a user sets up: parse_sfen, and refused with every problem that makes it
// impossible in its game (rules/position_check: a piece that could never move, nifu, more of
// a kind than the game's setup and handicaps hold), the first one's square or hand entry as
// the field and offset.
Position parse_start_sfen(std::shared_ptr<const Variant> variant, std::string_view sfen);

std::string to_sfen(const Position& pos);

}  // namespace kirin
