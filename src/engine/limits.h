// What the caller allows a search: depth, nodes, fixed time, or a clock to manage.
#pragma once

#include <cstdint>
#include <string>

#include "rules/types.h"

namespace kirin {

// Milliseconds as seconds, the way time controls write them (protocols, game files, the
// server): 1500 -> "1.5", 10000 -> "10".
std::string seconds_text(int64_t ms);

struct Clock {
  int64_t time_ms = -1;     // time left on the main clock; -1: not given
  int64_t increment_ms = 0;  // added after each move (Fischer)
  int64_t byoyomi_ms = 0;    // per-move period once the main time is used up
};

struct SearchLimits {
  int depth = 0;             // 0: no depth limit
  int64_t nodes = 0;         // 0: no node limit
  int64_t movetime_ms = 0;   // 0: none; otherwise search exactly this long (less if sure)
  Clock clock[2];            // indexed by Color (kBlack, kWhite)
  int moves_to_go = 0;       // moves until the next time control; 0: sudden death
  bool infinite = false;     // analysis: only stop() ends it
  bool ponder = false;       // pondering: like infinite until ponderhit()

  bool has_clock(Color c) const { return clock[c].time_ms >= 0; }
};

// How long to think: a target (the search starts no new iteration after 60% of it, since the
// next would likely overrun it) and a hard maximum.
struct TimeBudget {
  int64_t soft_ms = 0;  // 0: no time limit
  int64_t hard_ms = 0;
};

// Chooses the budget for the side to move from its clock (sudden death, increment, byoyomi,
// moves to go) or the fixed move time, keeping a safety margin for communication.
TimeBudget plan_time(const SearchLimits& limits, Color us, int ply_of_game);

}  // namespace kirin
