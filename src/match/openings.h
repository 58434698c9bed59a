// Opening lines for a match: each is a list of USI moves from the game's start position,
// played by the referee before the engines take over; each is played twice, colours swapped.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "rules/variant.h"

namespace kirin::match {

using Opening = std::vector<std::string>;

// `count` openings of `plies` random moves each, the same for the same seed. Only quiet
// moves (no capture, no Lion double move) after which neither side could capture anything,
// so that no opening gives material away or leaves a threat; if a position has none, any
// quiet move. The
// openings differ from each other as long as the game has enough of them.
std::vector<Opening> random_openings(std::shared_ptr<const Variant> variant, int count, int plies,
                                     uint64_t seed);

// One opening per line: USI moves separated by spaces; blank lines and lines starting with
// '#' are skipped. Every move is checked; throws NotationError naming `origin`, the line
// and the move.
std::vector<Opening> read_openings(std::shared_ptr<const Variant> variant, std::istream& in,
                                   const std::string& origin);

}  // namespace kirin::match
