// What the caller allows a search: depth, nodes, fixed time, or a clock to manage.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "clock/time_control.h"
#include "rules/types.h"

namespace kirin {

struct SearchLimits {
  int depth = 0;             // 0: no depth limit
  int64_t nodes = 0;         // 0: no node limit
  int64_t movetime_ms = 0;   // 0: none; otherwise search exactly this long (less if sure)
  // The game's clocks, when the engine manages its time: a Live time control and the main
  // time left of each side (clock.remaining_ms; the search times itself from its start).
  TimeControl time_control;
  ClockState clock;
  int moves_to_go = 0;       // moves until the next time control; 0: sudden death
  bool infinite = false;     // analysis: only stop() ends it
  bool ponder = false;       // pondering: like infinite until ponderhit()
  int multipv = 1;           // lines to find: the best moves, each with its own score and PV
  // When the order to move was read (USI position and go, XBoard's move): the GUI's clock
  // already ran then, so the search times itself from it rather than from its own start, after
  // the queue and the thread's wake-up. Unset: from the search's start.
  std::optional<std::chrono::steady_clock::time_point> received;
  // Time the GUI charged on recent moves beyond what the engine measured (engine/clock_lag.h):
  // a busy machine's delays in pipes and scheduling. Planned as an overhead of every move.
  int64_t lag_ms = 0;
};

// How long to think: a target (the search starts no new iteration after 60% of it, since the
// next would likely overrun it) and a hard maximum.
struct TimeBudget {
  int64_t soft_ms = 0;  // 0: no time limit
  int64_t hard_ms = 0;
};

// Chooses the budget for the side to move from its clock (sudden death, increment, byoyomi,
// moves to go) or the fixed move time, keeping a safety margin for communication and, on a
// lagging machine, for the lag of every move (at most a quarter of the time left).
TimeBudget plan_time(const SearchLimits& limits, Color us, int ply_of_game);

}  // namespace kirin
