#include "engine/limits.h"

#include <algorithm>

namespace kirin {

TimeBudget plan_time(const SearchLimits& limits, Color us, int ply_of_game) {
  if (limits.infinite || limits.ponder) return {};
  if (limits.movetime_ms > 0) {
    int64_t margin = std::min<int64_t>(50, limits.movetime_ms / 10) +
                     std::clamp<int64_t>(limits.lag_ms, 0, limits.movetime_ms / 4);
    int64_t t = std::max<int64_t>(1, limits.movetime_ms - margin);
    return {t, t};
  }
  if (limits.time_control.kind != TimeControl::Kind::Live) return {};
  const TimeControl& c = limits.time_control;
  const int64_t left = std::max<int64_t>(0, limits.clock.remaining_ms[us]);
  // The lag the GUI charged on recent moves beyond the engine's own measure is charged again
  // on this one: it comes off the move's budget, and with the fixed margin for protocol and
  // scheduling delays off the time that may be spent. Bounded, so that one long stall (or a
  // GUI that rounds clocks coarsely) cannot leave the engine thinking for nothing.
  const int64_t lag = std::clamp<int64_t>(limits.lag_ms, 0, (left + c.byoyomi_ms) / 4);
  const int64_t margin = 50 + lag;
  // What may be spent on this move without losing a period: the main time left (less the
  // margin) plus one byoyomi period, which is renewed every move. Further periods are never
  // planned into: a move that overran one would lose it for good, and they are the margin.
  const int64_t usable = std::max<int64_t>(1, left + c.byoyomi_ms - margin);
  if (left <= 0) {  // in byoyomi: use the period, almost all of it
    int64_t t = std::max<int64_t>(1, c.byoyomi_ms - margin);
    return {t * 7 / 10, t};
  }
  // Large-variant games are long (Chu: 100 to 200 moves a side): plan for many moves, so that
  // a reserve is left for the end, where an increment alone would leave no room for a
  // hiccup of the machine. With an increment the reserve settles where left/moves_left
  // makes up the quarter of the increment not spent.
  int moves_left = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 60)
                                          : std::max(40, 100 - ply_of_game / 4);
  // A reserve that grows with the lag: a machine that lags stalls now and then for several
  // times its usual lag (a 370 ms stall lost a game at 265 ms left: docs/BENCHMARKS.md), so
  // kLagReserve times the lag is kept out of the time shared among the moves left (at most half
  // of it). At 10+0.1 the increment alone keeps about a second in hand.
  constexpr int64_t kLagReserve = 20;
  const int64_t shared = std::max(left / 2, left - kLagReserve * lag);
  const int64_t per_move = shared / moves_left + c.increment_ms * 3 / 4 + c.byoyomi_ms * 9 / 10;
  int64_t soft = per_move - lag;
  int64_t hard =
      std::min(per_move * 3, left / 4 + c.increment_ms * 3 / 4 + c.byoyomi_ms * 9 / 10) - lag;
  soft = std::clamp<int64_t>(soft, 1, usable);
  hard = std::clamp<int64_t>(hard, soft, usable);
  return {soft, hard};
}

}  // namespace kirin
