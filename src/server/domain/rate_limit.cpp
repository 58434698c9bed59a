#include "server/domain/rate_limit.h"

#include <utility>

#include "server/domain/service_error.h"

namespace kirin::server {

namespace {
constexpr TimeMs kMinute = 60'000;
}

RateLimit::RateLimit(std::size_t per_minute, NowFn now)
    : per_minute_(per_minute > 0 ? per_minute : 1), now_(std::move(now)) {}

TimeMs RateLimit::take(Id user, std::size_t count) {
  return take("#" + std::to_string(user), count);
}

TimeMs RateLimit::take(const std::string& client, std::size_t count) {
  TimeMs now = now_();
  std::lock_guard lock(mutex_);
  if (now - last_sweep_ >= kMinute) {  // forget the users quiet for a minute
    std::erase_if(recent_, [&](const auto& entry) { return entry.second.back() <= now - kMinute; });
    last_sweep_ = now;
  }
  std::deque<TimeMs>& times = recent_[client];
  while (!times.empty() && times.front() <= now - kMinute) times.pop_front();
  if (count > per_minute_) return kMinute;  // never at once: the caller's message says why
  if (times.size() + count > per_minute_)  // until enough of them are a minute old
    return times[times.size() + count - per_minute_ - 1] + kMinute - now;
  times.insert(times.end(), count, now);
  return 0;
}

void RateLimit::take_or_refuse(Id user, const std::string& done, const std::string& things,
                               std::size_t count) {
  take_or_refuse("#" + std::to_string(user), done, things, count);
}

void RateLimit::take_or_refuse(const std::string& client, const std::string& done,
                               const std::string& things, std::size_t count) {
  if (TimeMs wait = take(client, count)) {
    long seconds = long((wait + 999) / 1000);
    throw ServiceError(ErrorCode::TooManyRequests,
                       "you have " + done + " " + std::to_string(per_minute_) + " " + things +
                           " in the last minute: try again in " + std::to_string(seconds) + " s")
        .retry_after(seconds);
  }
}

}  // namespace kirin::server
