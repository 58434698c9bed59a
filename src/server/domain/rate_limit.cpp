#include "server/domain/rate_limit.h"

#include <utility>

namespace kirin::server {

namespace {
constexpr TimeMs kMinute = 60'000;
}

RateLimit::RateLimit(std::size_t per_minute, NowFn now)
    : per_minute_(per_minute > 0 ? per_minute : 1), now_(std::move(now)) {}

TimeMs RateLimit::take(Id user) {
  TimeMs now = now_();
  std::lock_guard lock(mutex_);
  if (now - last_sweep_ >= kMinute) {  // forget the users quiet for a minute
    std::erase_if(recent_, [&](const auto& entry) { return entry.second.back() <= now - kMinute; });
    last_sweep_ = now;
  }
  std::deque<TimeMs>& times = recent_[user];
  while (!times.empty() && times.front() <= now - kMinute) times.pop_front();
  if (times.size() >= per_minute_) return times.front() + kMinute - now;
  times.push_back(now);
  return 0;
}

}  // namespace kirin::server
