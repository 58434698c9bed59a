#include "clock/time_control.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace kirin {
namespace {

constexpr int64_t kDayMs = 24 * 3600 * 1000;

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

constexpr double kMaxSeconds = 1e9;  // keeps the milliseconds in range; validate says more

// The whole text as a decimal number (inf if beyond a double), or nothing.
std::optional<double> decimal(std::string_view text) {
  std::string s(text);
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || std::isnan(v)) return std::nullopt;
  return v;
}

// Seconds in milliseconds; `what` names the part of the time control in the error.
int64_t seconds_of(std::string_view text, const std::string& what) {
  if (std::optional<int64_t> ms = parse_seconds(text)) return *ms;
  std::optional<double> v = decimal(text);
  throw TimeControlError(what + " '" + std::string(text) + "' is " +
                         (v && *v > kMaxSeconds ? "too many seconds" : "not a number of seconds"));
}

std::string days_refusal(const std::string& days) {
  return "days per move must be from 1 to 60, not " + days;
}

// A whole decimal number, or nothing; one too large for 64 bits is refused with `too_large`
// (never wrapped or clamped into another number).
std::optional<int64_t> whole_number(std::string_view text, const std::string& too_large) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (!text.empty() && ec == std::errc::result_out_of_range && end == text.data() + text.size())
    throw TimeControlError(too_large);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string periods_refusal(const std::string& n) {
  return "byoyomi periods must be from 1 to " + std::to_string(TimeControl::kMaxPeriods) +
         ", not " + n;
}

// A number of byoyomi periods ("3").
int periods_of(std::string_view text) {
  text = trim(text);
  std::optional<int64_t> n = whole_number(text, periods_refusal(std::string(text)));
  if (!n) throw TimeControlError("'" + std::string(text) + "' is not a number of periods");
  if (*n < 1 || *n > TimeControl::kMaxPeriods)
    throw TimeControlError(periods_refusal(std::string(text)));
  return int(*n);
}

// The byoyomi after the word: "30", "30 periods 3" or "30x3".
void read_byoyomi(std::string_view text, TimeControl& tc) {
  std::string_view period = text;
  if (auto p = text.find(" periods "); p != std::string_view::npos) {
    period = trim(text.substr(0, p));
    tc.periods = periods_of(text.substr(p + 9));
  } else if (auto x = text.find('x'); x != std::string_view::npos) {
    period = trim(text.substr(0, x));
    tc.periods = periods_of(text.substr(x + 1));
  }
  tc.byoyomi_ms = seconds_of(period, "byoyomi");
  if (tc.byoyomi_ms > 0 && tc.periods == 0) tc.periods = 1;
}

// lishogi's "M|B" and "M|B(N)": main time in minutes, byoyomi in seconds, N periods.
void read_lishogi(std::string_view text, TimeControl& tc) {
  const size_t bar = text.find('|');
  std::string_view byo = trim(text.substr(bar + 1));
  if (auto open = byo.find('('); open != std::string_view::npos) {
    if (!byo.ends_with(')')) throw TimeControlError("'" + std::string(byo) + "' lacks its ')'");
    tc.periods = periods_of(byo.substr(open + 1, byo.size() - open - 2));
    byo = trim(byo.substr(0, open));
  }
  std::string_view minutes = trim(text.substr(0, bar));
  int64_t main_minutes_ms = seconds_of(minutes, "main time in minutes");
  if (main_minutes_ms > 7 * kDayMs / 60) throw TimeControlError("the main time cannot exceed a week");
  tc.main_ms = main_minutes_ms * 60;
  tc.byoyomi_ms = seconds_of(byo, "byoyomi");
  if (tc.byoyomi_ms > 0 && tc.periods == 0) tc.periods = 1;
}

// The periods a move or a turn of `over` ms past the main time overran (wholly ran out):
// `exact_end_keeps`: a move at a period's very end was made within it.
int periods_overrun(int64_t over, int64_t byoyomi_ms, bool exact_end_keeps) {
  if (over <= 0 || byoyomi_ms <= 0) return 0;
  return int(exact_end_keeps ? (over - 1) / byoyomi_ms : over / byoyomi_ms);
}

}  // namespace

int byoyomi_periods(const TimeControl& tc) {
  if (tc.kind != TimeControl::Kind::Live || tc.byoyomi_ms <= 0) return 0;
  return std::max(1, tc.periods);
}

std::optional<int64_t> parse_seconds(std::string_view text) {
  std::optional<double> v = decimal(text);
  if (!v || *v < 0 || *v > kMaxSeconds) return std::nullopt;
  return int64_t(std::llround(*v * 1000));
}

std::string seconds_text(int64_t ms) {
  std::string s = std::to_string(ms / 1000);
  if (int64_t frac = ms % 1000) {
    std::string f = std::to_string(1000 + frac).substr(1);
    while (f.back() == '0') f.pop_back();
    s += "." + f;
  }
  return s;
}

TimeControl parse_time_control(std::string_view text) {
  text = trim(text);
  TimeControl tc;
  if (text.empty() || text == "none") return tc;
  if (text.ends_with(" days") || text.ends_with(" day")) {
    std::string_view n = trim(text.substr(0, text.rfind(' ')));
    std::optional<int64_t> days = whole_number(n, days_refusal(std::string(n)));
    if (!days) throw TimeControlError("'" + std::string(n) + "' is not a number of days");
    if (*days < 1 || *days > 60) throw TimeControlError(days_refusal(std::string(n)));
    tc.kind = TimeControl::Kind::Correspondence;
    tc.days_per_move = int(*days);
  } else if (text.starts_with("movetime ")) {
    tc.kind = TimeControl::Kind::MoveTime;
    tc.movetime_ms = seconds_of(trim(text.substr(9)), "the time per move");
  } else if (text.starts_with("nodes ")) {
    std::string_view n = trim(text.substr(6));
    std::optional<int64_t> nodes =
        whole_number(n, "the node budget '" + std::string(n) + "' is too large");
    if (!nodes) throw TimeControlError("'" + std::string(n) + "' is not a number of nodes");
    tc.kind = TimeControl::Kind::Nodes;
    tc.nodes = *nodes;
  } else if (text.find('|') != std::string_view::npos) {
    tc.kind = TimeControl::Kind::Live;
    read_lishogi(text, tc);
  } else {
    tc.kind = TimeControl::Kind::Live;
    std::string_view main = text;
    if (text.find("periods") != std::string_view::npos && text.find("byoyomi ") == std::string_view::npos)
      throw TimeControlError("byoyomi periods need a byoyomi");
    if (auto b = text.find("byoyomi "); b != std::string_view::npos) {
      main = trim(text.substr(0, b));
      if (main.ends_with('+')) main = trim(main.substr(0, main.size() - 1));  // "60+byoyomi 5"
      read_byoyomi(trim(text.substr(b + 8)), tc);
    }
    if (auto plus = main.find('+'); plus != std::string_view::npos) {
      tc.increment_ms = seconds_of(trim(main.substr(plus + 1)), "increment");
      main = trim(main.substr(0, plus));
    }
    tc.main_ms = seconds_of(main, "main time");
  }
  validate(tc);
  return tc;
}

std::string describe(const TimeControl& tc) {
  switch (tc.kind) {
    case TimeControl::Kind::None: return "none";
    case TimeControl::Kind::Correspondence:
      return std::to_string(tc.days_per_move) + (tc.days_per_move == 1 ? " day" : " days");
    case TimeControl::Kind::MoveTime: return "movetime " + seconds_text(tc.movetime_ms);
    case TimeControl::Kind::Nodes: return "nodes " + std::to_string(tc.nodes);
    case TimeControl::Kind::Live: break;
  }
  std::string s = seconds_text(tc.main_ms);
  if (tc.increment_ms) s += "+" + seconds_text(tc.increment_ms);
  if (tc.byoyomi_ms) s += " byoyomi " + seconds_text(tc.byoyomi_ms);
  // One period is written as before periods existed, so stored games read back unchanged.
  if (byoyomi_periods(tc) > 1) s += " periods " + std::to_string(tc.periods);
  return s;
}

void validate(const TimeControl& tc) {
  switch (tc.kind) {
    case TimeControl::Kind::None: return;
    case TimeControl::Kind::Correspondence:
      if (tc.days_per_move < 1 || tc.days_per_move > 60)
        throw TimeControlError(days_refusal(std::to_string(tc.days_per_move)));
      return;
    case TimeControl::Kind::MoveTime:
      if (tc.movetime_ms < 1 || tc.movetime_ms > kDayMs)
        throw TimeControlError("the time per move must be from 1 ms to a day");
      return;
    case TimeControl::Kind::Nodes:
      if (tc.nodes < 1) throw TimeControlError("the node budget must be positive");
      return;
    case TimeControl::Kind::Live: break;
  }
  if (tc.main_ms < 0 || tc.byoyomi_ms < 0 || tc.increment_ms < 0)
    throw TimeControlError("times cannot be negative");
  if (tc.main_ms > 7 * kDayMs) throw TimeControlError("the main time cannot exceed a week");
  if (tc.byoyomi_ms > kDayMs || tc.increment_ms > kDayMs)
    throw TimeControlError("byoyomi and increment cannot exceed a day");
  if (tc.byoyomi_ms > 0 && tc.increment_ms > 0)
    throw TimeControlError("give a byoyomi or an increment, not both");
  if (tc.periods < 0 || tc.periods > TimeControl::kMaxPeriods)
    throw TimeControlError(periods_refusal(std::to_string(tc.periods)));
  if (tc.periods > 0 && tc.byoyomi_ms == 0)
    throw TimeControlError("byoyomi periods need a byoyomi");
  if (tc.main_ms + tc.byoyomi_ms + tc.increment_ms == 0)
    throw TimeControlError("it gives no time at all");
}

ClockState start_clock(const TimeControl& tc, int64_t now) {
  ClockState c;
  if (tc.kind == TimeControl::Kind::Live) c.remaining_ms = {tc.main_ms, tc.main_ms};
  c.turn_started = now;
  return c;
}

std::optional<int64_t> deadline(const TimeControl& tc, const ClockState& clock, Color to_move) {
  switch (tc.kind) {
    case TimeControl::Kind::None: return std::nullopt;
    case TimeControl::Kind::Correspondence:
      return clock.turn_started + tc.days_per_move * kDayMs;
    case TimeControl::Kind::MoveTime: return clock.turn_started + tc.movetime_ms;
    case TimeControl::Kind::Nodes: return clock.turn_started + TimeControl::kNodesDeadlineMs;
    case TimeControl::Kind::Live: break;
  }
  const int left = std::max(0, byoyomi_periods(tc) - clock.periods_used[to_move]);
  return clock.turn_started + clock.remaining_ms[to_move] + left * tc.byoyomi_ms;
}

std::optional<int64_t> charge_move(const TimeControl& tc, ClockState& clock, Color mover,
                                   int64_t now, int64_t grace_ms) {
  int64_t used = std::max<int64_t>(0, now - clock.turn_started);
  std::optional<int64_t> limit = deadline(tc, clock, mover);
  if (limit && now > *limit + grace_ms) return std::nullopt;
  if (tc.kind == TimeControl::Kind::Live) {
    int64_t& left = clock.remaining_ms[mover];
    // A move within the grace after the last period keeps that period: at least one stays.
    const int can_lose = std::max(0, byoyomi_periods(tc) - clock.periods_used[mover] - 1);
    clock.periods_used[mover] +=
        std::min(can_lose, periods_overrun(used - left, tc.byoyomi_ms, true));
    left = std::max<int64_t>(0, left - used) + tc.increment_ms;
  }
  clock.turn_started = now;
  return used;
}

std::array<int64_t, 2> remaining_at(const TimeControl& tc, const ClockState& clock,
                                    Color to_move, int64_t now) {
  std::array<int64_t, 2> left = clock.remaining_ms;
  if (tc.kind == TimeControl::Kind::Correspondence) {
    // The side not to move has its whole time per move ahead of it, not nothing.
    left = {tc.days_per_move * kDayMs, tc.days_per_move * kDayMs};
    left[to_move] = std::max<int64_t>(0, *deadline(tc, clock, to_move) - now);
  } else if (tc.kind == TimeControl::Kind::Live) {
    int64_t used = std::max<int64_t>(0, now - clock.turn_started);
    left[to_move] = std::max<int64_t>(0, left[to_move] - used);
  }
  return left;
}

int periods_left_at(const TimeControl& tc, const ClockState& clock, Color c, Color to_move,
                    int64_t now) {
  int left = std::max(0, byoyomi_periods(tc) - clock.periods_used[c]);
  if (c != to_move || left == 0) return left;
  const int64_t over = std::max<int64_t>(0, now - clock.turn_started) - clock.remaining_ms[c];
  return std::max(0, left - periods_overrun(over, tc.byoyomi_ms, true));
}

void run_down(const TimeControl& tc, ClockState& clock, Color to_move, int64_t now) {
  if (tc.kind != TimeControl::Kind::Live) return;
  const int64_t used = std::max<int64_t>(0, now - clock.turn_started);
  const int left = std::max(0, byoyomi_periods(tc) - clock.periods_used[to_move]);
  clock.periods_used[to_move] +=
      std::min(left, periods_overrun(used - clock.remaining_ms[to_move], tc.byoyomi_ms, false));
  clock.remaining_ms[to_move] = std::max<int64_t>(0, clock.remaining_ms[to_move] - used);
  clock.turn_started = now;
}

}  // namespace kirin
