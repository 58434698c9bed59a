#include "match/time_control.h"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "engine/limits.h"

namespace kirin::match {
namespace {

// Seconds as written by a user ("10", "0.1") to milliseconds; throws on anything else.
int64_t seconds_to_ms(const std::string& text, const std::string& what) {
  if (text.empty()) throw std::invalid_argument(what + " is empty");
  char* end = nullptr;
  double s = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(s) || s < 0 || s > 1e7)
    throw std::invalid_argument(what + " '" + text + "' is not a number of seconds");
  return int64_t(std::llround(s * 1000));
}


}  // namespace

int64_t TimeControl::available_ms(int64_t left_ms) const {
  if (nodes > 0) return kNodesDeadlineMs;
  if (fixed_per_move()) return movetime_ms;
  return left_ms + byoyomi_ms;
}

bool TimeControl::charge(int64_t& left_ms, int64_t elapsed_ms, int64_t grace_ms) const {
  if (fixed_per_move()) return elapsed_ms <= available_ms(left_ms) + grace_ms;
  if (elapsed_ms > left_ms + byoyomi_ms + grace_ms) {
    left_ms = 0;
    return false;
  }
  // Byoyomi is not consumed: it is there again for the next move.
  left_ms = elapsed_ms >= left_ms ? 0 : left_ms - elapsed_ms;
  left_ms += increment_ms;
  return true;
}

std::string TimeControl::describe() const {
  if (nodes > 0) return "nodes " + std::to_string(nodes);
  if (fixed_per_move()) return "movetime " + seconds_text(movetime_ms);
  std::string s = seconds_text(base_ms);
  if (increment_ms) s += "+" + seconds_text(increment_ms);
  if (byoyomi_ms) s += "+byoyomi " + seconds_text(byoyomi_ms);
  return s;
}

TimeControl parse_time_control(const std::string& tc, double byoyomi_s, int64_t movetime_ms,
                               int64_t nodes) {
  TimeControl out;
  if (movetime_ms < 0) throw std::invalid_argument("--movetime must be positive");
  if (nodes < 0) throw std::invalid_argument("--nodes must be positive");
  if (nodes > 0 && movetime_ms > 0) throw std::invalid_argument("give --nodes or --movetime, not both");
  if (nodes > 0) {
    out.nodes = nodes;
    return out;
  }
  if (movetime_ms > 0) {
    out.movetime_ms = movetime_ms;
    return out;
  }
  if (!std::isfinite(byoyomi_s) || byoyomi_s < 0 || byoyomi_s > 1e6)
    throw std::invalid_argument("--byoyomi must be a non-negative number of seconds");
  out.byoyomi_ms = int64_t(std::llround(byoyomi_s * 1000));
  auto plus = tc.find('+');
  out.base_ms = seconds_to_ms(tc.substr(0, plus), "the main time of --tc");
  if (plus != std::string::npos)
    out.increment_ms = seconds_to_ms(tc.substr(plus + 1), "the increment of --tc");
  if (out.increment_ms > 0 && out.byoyomi_ms > 0)
    throw std::invalid_argument("give an increment or a byoyomi, not both");
  if (out.base_ms == 0 && out.increment_ms == 0 && out.byoyomi_ms == 0)
    throw std::invalid_argument("the time control '" + tc + "' gives no time at all");
  return out;
}

}  // namespace kirin::match
