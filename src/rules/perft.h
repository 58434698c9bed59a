// Move-path enumeration for testing the move generator against reference counts.
#pragma once

#include <cstdint>

#include "rules/position.h"

namespace kirin {

enum class PerftCount {
  Positions,  // one per distinct resulting position (what the generator emits)
  Encodings,  // every USI spelling lishogi accepts, counted separately
};

// Leaf moves are counted without being made (bulk counting).
uint64_t perft(Position& pos, int depth, PerftCount count);

}  // namespace kirin
