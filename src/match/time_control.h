// Match time controls: main time with a Fischer increment or a byoyomi period, or a fixed
// time per move; and the referee's clock arithmetic.
#pragma once

#include <cstdint>
#include <string>

namespace kirin::match {

struct TimeControl {
  int64_t base_ms = 0;       // main time per player
  int64_t increment_ms = 0;  // added after each move
  int64_t byoyomi_ms = 0;    // per-move period once the main time is used up
  int64_t movetime_ms = 0;   // > 0: a fixed time per move instead of a clock
  int64_t nodes = 0;         // > 0: a node budget per move instead of a clock (USI engines)

  // A budget of nodes: the same games however loaded the machine is.
  static constexpr int64_t kNodesDeadlineMs = 120000;  // ...but no move may take longer
  bool fixed_per_move() const { return movetime_ms > 0 || nodes > 0; }
  // The longest a player with `left_ms` on its clock may think about this move.
  int64_t available_ms(int64_t left_ms) const;
  // Charges `elapsed_ms` to a clock showing `left_ms`; false if the player overstepped by
  // more than `grace_ms` (the clock then reads 0).
  bool charge(int64_t& left_ms, int64_t elapsed_ms, int64_t grace_ms) const;
  // "10+0.1", "60+byoyomi 5", "movetime 0.5" (seconds), as written in game files.
  std::string describe() const;
};

// Reads "S" or "S+I" (seconds, decimals allowed, e.g. "10+0.1"), optionally with a byoyomi
// in seconds, and a fixed move time in milliseconds or a node budget per move (either replaces
// the clock); throws std::invalid_argument saying what is wrong.
TimeControl parse_time_control(const std::string& tc, double byoyomi_s, int64_t movetime_ms,
                               int64_t nodes = 0);

}  // namespace kirin::match
