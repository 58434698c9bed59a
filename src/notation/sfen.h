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
std::string to_sfen(const Position& pos);

}  // namespace kirin
