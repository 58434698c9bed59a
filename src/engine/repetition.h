// Repetitions as the search sees them: a position met again (in the game or the line searched)
// is judged as the game's rule would judge the fourfold repetition it leads to, if both sides
// kept repeating: a draw, or a loss for the side that kept attacking (perpetual check or
// lishogi's perpetual attack).
#pragma once

#include <cstdint>
#include <vector>

#include "rules/variant.h"

namespace kirin {

enum class RepetitionVerdict { Draw, SideToMoveWins, SideToMoveLoses };

// The index of the latest earlier occurrence of the last position (same side to move) among
// `hashes`, oldest first, looking back at most `window` plies; -1 if there is none. Two plies
// back already counts: two passes in a row bring a position back.
int earlier_occurrence(const std::vector<uint64_t>& hashes, int window = 64);

// `attacking[i]`: the move that led to position i attacked. `first`: the earlier occurrence of
// the last position. The side that made the last move is judged as lishogi does (it loses if
// all its moves since `first` attacked); under the exact rule (JCSA) only when its opponent's
// moves did not all attack too, and the opponent loses in the mirror case.
RepetitionVerdict judge_repetition(const std::vector<uint8_t>& attacking, int first,
                                   const RuleOptions& rules);

}  // namespace kirin
