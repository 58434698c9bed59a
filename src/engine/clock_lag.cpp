#include "engine/clock_lag.h"

#include <algorithm>

namespace kirin {

namespace {
// Above this a reading is no lag but another clock (a GUI that changed the time control
// between moves): it is not remembered.
constexpr int64_t kMaxLagMs = 60'000;
}  // namespace

void ClockLag::new_game() {
  std::lock_guard lock(mutex_);
  expected_ms_.reset();
  lag_ms_ = 0;
}

void ClockLag::moved(int64_t remaining_ms, int64_t spent_ms, int64_t increment_ms) {
  std::lock_guard lock(mutex_);
  // Time overspent from a byoyomi period does not come off the main time.
  expected_ms_ = std::max<int64_t>(0, remaining_ms - std::max<int64_t>(0, spent_ms)) +
                 std::max<int64_t>(0, increment_ms);
}

int64_t ClockLag::clock_read(int64_t remaining_ms) {
  std::lock_guard lock(mutex_);
  if (expected_ms_) {
    const int64_t lost = *expected_ms_ - remaining_ms;
    expected_ms_.reset();
    lag_ms_ -= lag_ms_ / 8;
    if (lost > lag_ms_ && lost <= kMaxLagMs) lag_ms_ = lost;
  }
  return lag_ms_;
}

int64_t ClockLag::lag_ms() const {
  std::lock_guard lock(mutex_);
  return lag_ms_;
}

void ClockLag::forget_move() {
  std::lock_guard lock(mutex_);
  expected_ms_.reset();
}

}  // namespace kirin
