// Small value types shared by every layer: colours, squares, pieces and moves.
#pragma once

#include <cstdint>

namespace kirin {

enum Color : uint8_t { kBlack = 0, kWhite = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// The board is a padded mailbox of fixed width, so that square arithmetic is the same for every
// game and leaps of up to kPad squares never need a bounds check: the padding holds walls.
constexpr int kMaxFiles = 16;
constexpr int kMaxRanks = 16;
constexpr int kPad = 3;
constexpr int kStride = kMaxFiles + 2 * kPad;
constexpr int kArraySize = (kMaxRanks + 2 * kPad) * kStride;

// A mailbox index. Column 0 is the leftmost file as Black sees it (file N), row 0 is rank 'a'
// (White's back rank). Index 0 lies in the padding and doubles as "no square".
using Square = int16_t;
constexpr Square kNoSquare = 0;
constexpr Square make_square(int col, int row) {
  return Square((row + kPad) * kStride + col + kPad);
}
constexpr int col_of(Square s) { return s % kStride - kPad; }
constexpr int row_of(Square s) { return s / kStride - kPad; }
constexpr int offset_of(int dx, int dy) { return dy * kStride + dx; }  // dy grows downwards
constexpr int distance(Square a, Square b) {  // Chebyshev distance
  int dx = col_of(a) - col_of(b), dy = row_of(a) - row_of(b);
  dx = dx < 0 ? -dx : dx;
  dy = dy < 0 ? -dy : dy;
  return dx > dy ? dx : dy;
}

// A piece kind is an index into the game's piece table (1..kMaxKinds-1; 0 is "none").
using Kind = uint8_t;
constexpr int kMaxKinds = 127;

// A board cell: 0 empty, 1 wall (off the board), otherwise (kind << 1) | colour.
using Piece = uint8_t;
constexpr Piece kEmpty = 0;
constexpr Piece kWall = 1;
constexpr Piece make_piece(Kind k, Color c) { return Piece(k << 1 | c); }
constexpr Kind kind_of(Piece p) { return Kind(p >> 1); }
constexpr Color color_of(Piece p) { return Color(p & 1); }
constexpr bool is_piece(Piece p) { return p >= 2; }

// One move, one distinct result. A two-step (lion) move has `mid` set: the square of its first
// step; `to == from` then means igui (enemy on mid) or a pass (mid empty). Drops have from == 0.
// `kill` holds further victims: pieces burned, jumped by a range capture, or a second igui.
struct Move {
  enum Flags : uint8_t { kPromote = 1, kDrop = 2 };

  Square from = kNoSquare;
  Square mid = kNoSquare;
  Square to = kNoSquare;
  uint8_t flags = 0;
  Kind drop_kind = 0;
  Square kill[2] = {kNoSquare, kNoSquare};

  bool promotes() const { return flags & kPromote; }
  bool is_drop() const { return flags & kDrop; }
  bool is_two_step() const { return mid != kNoSquare; }
  bool has_kills() const { return kill[0] != kNoSquare; }
  bool is_null() const { return from == kNoSquare && to == kNoSquare; }
  friend bool operator==(const Move&, const Move&) = default;
};
static_assert(sizeof(Move) == 12);

}  // namespace kirin
