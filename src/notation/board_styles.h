// A position drawn in the three board styles of pbmserv (seed 003, "shogi set ... standard |
// alternate | small"), as its e-mails show the board. The seed's samples (a White Knight and a
// Black promoted Pawn):
//
//   standard   |\ N/|/+P\|   a piece points away from its owner: "/ \" up, "\ /" down
//   alternate  | wN |+bP |   'w' White, 'b' Black, a leading '+' for promoted
//   small      |wN bG bP+|   no grid; a trailing '+' for promoted
//
// Pieces are pbmserv's codes of the unpromoted piece (written_move.h: "DH", "Ln", "Ky"), the
// promotion shown by the style's '+'. The cells widen with the longest code: one more
// character per extra letter, so Chu's and Dai's "+DH" fit (standard "/+DH\", alternate
// "+wDH ", small "wDH+"); shogi's are the seed's exactly. File numbers stand above and below
// the columns, rank letters right of the rows. Empty squares are blank in the two grid styles
// and '.' in the small one (the seed does not show them). With drops, each side's hand is
// listed on its side of the board ("White in hand: G Px2", '-' if empty); the last line says
// who is to move. Every line of every game's drawing fits in 80 columns (kMailColumns).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/position.h"

namespace kirin {

enum class BoardStyle { Standard, Alternate, Small };

// "standard", "alternate", "small" (pbmserv's option names) and back.
std::optional<BoardStyle> parse_board_style(std::string_view name);
const char* board_style_name(BoardStyle style);

// The width of a mail's lines: a grid style whose rows would be wider (Dai's 15 files) is
// drawn without the rules between its columns.
inline constexpr size_t kMailColumns = 80;

// `flip`: rotated by 180 degrees, White's side at the bottom (for a viewer playing White);
// otherwise Black's side is at the bottom (pbmserv's "noflip").
std::string board_text_pbm(const Position& pos, BoardStyle style, bool flip);

}  // namespace kirin
