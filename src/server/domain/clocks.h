// The server's side of clocks (the arithmetic is clock/time_control.h): the current time, and
// the time controls a server game may have, with their errors as the service reports them.
#pragma once

#include <functional>
#include <string_view>

#include "server/domain/records.h"

namespace kirin::server {

// The service's source of the current time; tests pass a fake.
using NowFn = std::function<TimeMs()>;
TimeMs system_now();  // milliseconds since the epoch, from the system clock

// A requested time control from its text (parse_time_control's spellings), checked by
// check_time_control. Throws ServiceError (invalid, field "time_control").
TimeControl read_time_control(std::string_view text);
// Throws ServiceError (invalid, field "time_control") unless a server game can have `tc`:
// none, live or correspondence, within bounds (a fixed time or node budget per move is for
// engine matches).
void check_time_control(const TimeControl& tc);

}  // namespace kirin::server
