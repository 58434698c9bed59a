#include "server/domain/clocks.h"

#include <algorithm>
#include <chrono>
#include <ctime>

#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

[[noreturn]] void invalid(const TimeControlError& e) {
  throw ServiceError(ErrorCode::Invalid, e.what(), "time_control");
}

}  // namespace

std::string utc_text(TimeMs t, const char* format) {
  std::time_t secs = std::time_t(t / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  return std::string(buf, std::strftime(buf, sizeof buf, format, &tm));
}

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

Color side_to_move(const GameState& g) {
  const size_t space = g.start_sfen.find(' ');
  const bool white_first = space != std::string::npos && space + 1 < g.start_sfen.size() &&
                           g.start_sfen[space + 1] == 'w';
  const Color first = white_first ? kWhite : kBlack;
  return g.ply % 2 ? ~first : first;
}

bool both_have_moved(const GameState& g) { return g.ply >= 2; }

bool has_moved(const GameState& g, Color c) {
  const Color first = g.ply % 2 ? ~side_to_move(g) : side_to_move(g);
  return g.ply >= (c == first ? 1 : 2);
}

TimeControl colour_time_control(const GameState& g, Color c) {
  TimeControl tc = g.time_control;
  if (g.berserk[c] && tc.kind == TimeControl::Kind::Live)
    tc.byoyomi_ms = tc.increment_ms = tc.periods = 0;
  return tc;
}

void berserk_clock(GameState& g, Color c) {
  g.clock.remaining_ms[c] /= 2;
  g.berserk[c] = true;
}

std::optional<Color> running_clock(const GameState& g) {
  if (g.status != GameStatus::Active) return std::nullopt;
  switch (g.time_control.kind) {
    case TimeControl::Kind::Correspondence: return side_to_move(g);
    case TimeControl::Kind::Live:
      if (both_have_moved(g)) return side_to_move(g);
      return std::nullopt;
    default: return std::nullopt;
  }
}

std::optional<TimeMs> flag_deadline(const GameState& g) {
  if (!running_clock(g) || !both_have_moved(g)) return std::nullopt;
  return deadline(colour_time_control(g, side_to_move(g)), g.clock, side_to_move(g));
}

std::optional<TimeMs> abort_deadline(const GameState& g, int64_t first_move_timeout_ms) {
  if (g.status != GameStatus::Active || both_have_moved(g)) return std::nullopt;
  if (g.time_control.kind == TimeControl::Kind::Correspondence)
    return deadline(g.time_control, g.clock, side_to_move(g));
  if (g.time_control.kind == TimeControl::Kind::Live && first_move_timeout_ms > 0)
    return g.clock.turn_started + first_move_timeout_ms;
  return std::nullopt;
}

std::optional<int64_t> charge_turn(GameState& g, Color mover, TimeMs now) {
  if (both_have_moved(g)) return charge_move(colour_time_control(g, mover), g.clock, mover, now);
  int64_t used = std::max<int64_t>(0, now - g.clock.turn_started);
  g.clock.turn_started = now;
  return used;
}

void charge_unfinished_turn(GameState& g, TimeMs now) {
  if (g.time_control.kind != TimeControl::Kind::Live) return;
  std::optional<Color> running = running_clock(g);
  if (!running) return;
  run_down(colour_time_control(g, *running), g.clock, *running, now);
}

std::array<int64_t, 2> clock_left(const GameState& g, TimeMs now) {
  std::optional<Color> running = running_clock(g);
  if (!running) return g.clock.remaining_ms;
  return remaining_at(colour_time_control(g, *running), g.clock, *running, now);
}

std::array<int, 2> periods_left(const GameState& g, TimeMs now) {
  std::optional<Color> running = running_clock(g);
  std::array<int, 2> left{};
  for (Color c : {kBlack, kWhite})
    left[c] = running ? periods_left_at(colour_time_control(g, c), g.clock, c, *running, now)
                      : periods_left_at(colour_time_control(g, c), g.clock, c, ~c, now);
  return left;
}

}  // namespace kirin::server
