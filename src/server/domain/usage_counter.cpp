#include "server/domain/usage_counter.h"

#include "server/domain/service_error.h"

namespace kirin::server {

namespace {
constexpr TimeMs kHourMs = 3'600'000;
}

UsageCounter::UsageCounter(UsageRepo& repo, NowFn now) : repo_(repo), now_(std::move(now)) {}

void UsageCounter::take(std::string_view kind, std::string_view key, int per_hour,
                        std::string_view what) {
  if (per_hour <= 0 || key.empty()) return;
  const TimeMs now = now_();
  const TimeMs hour = now - now % kHourMs;  // clock hours: one row a key and hour
  if (repo_.count_use(std::string(kind), std::string(key), hour, per_hour, hour - kHourMs))
    return;
  const long seconds = long((hour + kHourMs - now + 999) / 1000);
  const long minutes = (seconds + 59) / 60;
  throw ServiceError(ErrorCode::TooManyRequests,
                     std::string(what) + ": at most " + std::to_string(per_hour) +
                         " an hour: try again in " + std::to_string(minutes) +
                         (minutes == 1 ? " minute" : " minutes"))
      .retry_after(seconds);
}

}  // namespace kirin::server
