// The time a GUI charges the engine beyond what the engine measures itself spending: on a
// loaded machine the pipes and the scheduler delay the order to move and the move, and the
// GUI's clock runs meanwhile. The engine cannot see those delays, but it can see what they cost:
// after each move the next clock reading is less than its previous one, minus the time it
// measured from reading the order to sending the move, plus the increment. The front-ends keep
// a decaying maximum of that loss and plan it as an overhead of every move (SearchLimits::lag_ms).
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>

namespace kirin {

// Milliseconds from `t` to now.
inline int64_t ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t)
      .count();
}

class ClockLag {
 public:
  // A new game: the lag seen in the last one is forgotten.
  void new_game();
  // A move was sent: the engine's clock read `remaining_ms` when it was asked for, `spent_ms`
  // passed (by its own measure) from reading the order to sending the move, and the GUI adds
  // `increment_ms` for it.
  void moved(int64_t remaining_ms, int64_t spent_ms, int64_t increment_ms);
  // The next clock reading of the engine's side: compared with what moved() expected, the
  // difference is the lag of that move. Returns lag_ms().
  int64_t clock_read(int64_t remaining_ms);
  // The move's overhead to plan for: the largest lag of the recent moves, each move taking an
  // eighth off what older moves left.
  int64_t lag_ms() const;
  // Forgets the expectation of the last move (a search that did not move on the clock: an
  // analysis, a ponder, a take-back), keeping the lag.
  void forget_move();

 private:
  mutable std::mutex mutex_;  // moved() runs on the search thread, the rest on the reader's
  std::optional<int64_t> expected_ms_;
  int64_t lag_ms_ = 0;
};

}  // namespace kirin
