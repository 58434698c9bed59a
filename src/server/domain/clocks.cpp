#include "server/domain/clocks.h"

#include <chrono>

#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

[[noreturn]] void invalid(const TimeControlError& e) {
  throw ServiceError(ErrorCode::Invalid, e.what(), "time_control");
}

}  // namespace

TimeMs system_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

TimeControl read_time_control(std::string_view text) {
  TimeControl tc;
  try {
    tc = parse_time_control(text);
  } catch (const TimeControlError& e) {
    invalid(e);
  }
  check_time_control(tc);
  return tc;
}

void check_time_control(const TimeControl& tc) {
  try {
    if (tc.per_move())
      throw TimeControlError("a fixed time or node budget per move is for engine matches");
    validate(tc);
  } catch (const TimeControlError& e) {
    invalid(e);
  }
}

}  // namespace kirin::server
