#include "server/clocks.h"

#include <chrono>
#include <cmath>
#include <cstdlib>

#include "engine/limits.h"
#include "server/errors.h"

namespace kirin::server {
namespace {

constexpr int64_t kDayMs = 24 * 3600 * 1000;

[[noreturn]] void bad(const std::string& what) {
  throw ServiceError(ErrorCode::Invalid, "time control: " + what, "time_control");
}

// "12.5" seconds -> 12500 ms.
int64_t seconds(std::string_view text, std::string_view what) {
  std::string s(text);
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) || v < 0)
    bad(std::string(what) + " '" + s + "' is not a number of seconds");
  return int64_t(std::llround(v * 1000));
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

TimeMs system_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

TimeControl parse_time_control(std::string_view text) {
  text = trim(text);
  TimeControl tc;
  if (text.empty() || text == "none") return tc;
  if (text.ends_with(" days") || text.ends_with(" day")) {
    std::string n(trim(text.substr(0, text.rfind(' '))));
    char* end = nullptr;
    long days = std::strtol(n.c_str(), &end, 10);
    if (n.empty() || end != n.c_str() + n.size()) bad("'" + n + "' is not a number of days");
    tc.kind = TimeControl::Kind::Correspondence;
    tc.days_per_move = int(std::min(days, 100000L));
    validate(tc);
    return tc;
  }
  tc.kind = TimeControl::Kind::Live;
  std::string_view main = text;
  if (auto b = text.find(" byoyomi "); b != std::string_view::npos) {
    main = trim(text.substr(0, b));
    tc.byoyomi_ms = seconds(trim(text.substr(b + 9)), "byoyomi");
  }
  if (auto plus = main.find('+'); plus != std::string_view::npos) {
    tc.increment_ms = seconds(trim(main.substr(plus + 1)), "increment");
    main = trim(main.substr(0, plus));
  }
  tc.main_ms = seconds(main, "main time");
  validate(tc);
  return tc;
}

std::string describe(const TimeControl& tc) {
  switch (tc.kind) {
    case TimeControl::Kind::None: return "none";
    case TimeControl::Kind::Correspondence:
      return std::to_string(tc.days_per_move) + (tc.days_per_move == 1 ? " day" : " days");
    case TimeControl::Kind::Live: break;
  }
  std::string s = seconds_text(tc.main_ms);
  if (tc.increment_ms) s += "+" + seconds_text(tc.increment_ms);
  if (tc.byoyomi_ms) s += " byoyomi " + seconds_text(tc.byoyomi_ms);
  return s;
}

void validate(const TimeControl& tc) {
  switch (tc.kind) {
    case TimeControl::Kind::None: return;
    case TimeControl::Kind::Correspondence:
      if (tc.days_per_move < 1 || tc.days_per_move > 60)
        bad("days per move must be from 1 to 60, not " + std::to_string(tc.days_per_move));
      return;
    case TimeControl::Kind::Live: break;
  }
  if (tc.main_ms < 0 || tc.byoyomi_ms < 0 || tc.increment_ms < 0) bad("times cannot be negative");
  if (tc.main_ms > 7 * kDayMs) bad("the main time cannot exceed a week");
  if (tc.byoyomi_ms > kDayMs || tc.increment_ms > kDayMs)
    bad("byoyomi and increment cannot exceed a day");
  if (tc.byoyomi_ms > 0 && tc.increment_ms > 0) bad("give a byoyomi or an increment, not both");
  if (tc.main_ms + tc.byoyomi_ms + tc.increment_ms == 0) bad("it gives no time at all");
}

ClockState start_clock(const TimeControl& tc, TimeMs now) {
  ClockState c;
  if (tc.kind == TimeControl::Kind::Live) c.remaining_ms = {tc.main_ms, tc.main_ms};
  c.turn_started = now;
  return c;
}

std::optional<TimeMs> deadline(const TimeControl& tc, const ClockState& clock, Color to_move) {
  switch (tc.kind) {
    case TimeControl::Kind::None: return std::nullopt;
    case TimeControl::Kind::Correspondence:
      return clock.turn_started + tc.days_per_move * kDayMs;
    case TimeControl::Kind::Live: break;
  }
  return clock.turn_started + clock.remaining_ms[to_move] + tc.byoyomi_ms;
}

std::optional<int64_t> charge_move(const TimeControl& tc, ClockState& clock, Color mover,
                                   TimeMs now) {
  int64_t used = std::max<int64_t>(0, now - clock.turn_started);
  std::optional<TimeMs> limit = deadline(tc, clock, mover);
  if (limit && now > *limit) return std::nullopt;
  if (tc.kind == TimeControl::Kind::Live) {
    int64_t& left = clock.remaining_ms[mover];
    left = std::max<int64_t>(0, left - used) + tc.increment_ms;  // byoyomi is not consumed
  }
  clock.turn_started = now;
  return used;
}

std::array<int64_t, 2> remaining_at(const TimeControl& tc, const ClockState& clock,
                                    Color to_move, TimeMs now) {
  std::array<int64_t, 2> left = clock.remaining_ms;
  if (tc.kind == TimeControl::Kind::Correspondence) {
    left = {0, 0};
    left[to_move] = std::max<int64_t>(0, *deadline(tc, clock, to_move) - now);
  } else if (tc.kind == TimeControl::Kind::Live) {
    int64_t used = std::max<int64_t>(0, now - clock.turn_started);
    left[to_move] = std::max<int64_t>(0, left[to_move] - used);
  }
  return left;
}

}  // namespace kirin::server
