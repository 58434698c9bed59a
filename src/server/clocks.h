// Clock arithmetic of server games, apart from the service so that it can be tested and read
// on its own. Live clocks: main time, then a byoyomi period per move that is not consumed, or
// a Fischer increment. Correspondence: a number of days per move. Times come from the caller
// (an injectable clock), never from the system here.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/store/records.h"

namespace kirin::server {

// The service's source of the current time; tests pass a fake.
using NowFn = std::function<TimeMs()>;
TimeMs system_now();  // milliseconds since the epoch, from the system clock

// "none" (or empty), "S" / "S+I" / "S byoyomi B" in seconds (decimals allowed: "0.5"),
// or "D days" per move. Throws ServiceError (invalid, field "time_control").
TimeControl parse_time_control(std::string_view text);
// The same form: "600 byoyomi 30", "300+5", "3 days", "none".
std::string describe(const TimeControl& tc);
// Throws ServiceError (invalid, field "time_control") for negative or absurd values.
void validate(const TimeControl& tc);

// The clocks of a new game whose first turn starts at `now`.
ClockState start_clock(const TimeControl& tc, TimeMs now);

// When the side to move runs out of time, if it can.
std::optional<TimeMs> deadline(const TimeControl& tc, const ClockState& clock, Color to_move);

// Charges `mover` for a move made at `now` and starts the opponent's turn. Returns the time
// the move used, or nullopt (clock unchanged) if the mover's time had already run out.
std::optional<int64_t> charge_move(const TimeControl& tc, ClockState& clock, Color mover,
                                   TimeMs now);

// Main time left of each colour at `now` (the side to move's running down, not below 0).
std::array<int64_t, 2> remaining_at(const TimeControl& tc, const ClockState& clock,
                                    Color to_move, TimeMs now);

}  // namespace kirin::server
