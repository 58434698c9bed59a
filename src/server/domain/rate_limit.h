// How often one user (or one client address) may do something that costs other players
// (writing a comment, a chat line, a message, asking the mate solver): at most
// `per_minute` times in any minute. Memory stays bounded: a user is remembered only while
// their last minute has entries, each at most `per_minute` of them.
#pragma once

#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/domain/clocks.h"
#include "server/domain/records.h"

namespace kirin::server {

class RateLimit {
 public:
  RateLimit(std::size_t per_minute, NowFn now);

  // Counts `count` more for `user` and returns 0, or, over the limit, returns how many
  // milliseconds until it may (and counts nothing).
  TimeMs take(Id user, std::size_t count = 1);
  // The same, counted for a client address (or any other name) instead of a user.
  TimeMs take(const std::string& client, std::size_t count = 1);
  // take, or over the limit throws ServiceError too_many_requests with the seconds to wait:
  // "you have <done> 10 <things> in the last minute: try again in 7 s".
  void take_or_refuse(Id user, const std::string& done, const std::string& things,
                      std::size_t count = 1);
  void take_or_refuse(const std::string& client, const std::string& done,
                      const std::string& things, std::size_t count = 1);
  std::size_t per_minute() const { return per_minute_; }

 private:
  std::size_t per_minute_;
  NowFn now_;
  std::mutex mutex_;
  // By user ("#ID") or client: the times within the last minute.
  std::unordered_map<std::string, std::deque<TimeMs>> recent_;
  TimeMs last_sweep_ = 0;
};

}  // namespace kirin::server
