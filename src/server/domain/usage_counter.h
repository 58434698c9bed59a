// Uses of something costly counted per key (a client address, a mail's sender) and clock
// hour, in the store: so that a restart forgets nothing, several nodes share the count, and
// `kirin mail`, a process per message, counts across messages. Sign-ups per address and mate
// solves per mail sender are counted here (docs/API.md, "Limits").
#pragma once

#include <string>
#include <string_view>

#include "server/domain/clocks.h"
#include "server/domain/records.h"

namespace kirin::server {

// The store's side (storage.h).
class UsageRepo {
 public:
  virtual ~UsageRepo() = default;
  // Counts one use of `kind` by `key` in the hour starting at `hour`, unless `limit` uses are
  // counted there already: true if counted. One conditional write, so that racing processes
  // never count past the limit. Forgets hours that ended before `forget_before`.
  virtual bool count_use(const std::string& kind, const std::string& key, TimeMs hour,
                         int limit, TimeMs forget_before) = 0;
};

class UsageCounter {
 public:
  explicit UsageCounter(UsageRepo& repo, NowFn now = system_now);

  // Counts one use of `kind` by `key` this hour if fewer than `per_hour` were; else throws
  // ServiceError too_many_requests "WHAT: at most N an hour ...: try again in M minutes",
  // with retry_after (the seconds to the next hour). per_hour 0, or an empty key (the local
  // operator): no limit, nothing counted.
  void take(std::string_view kind, std::string_view key, int per_hour, std::string_view what);

 private:
  UsageRepo& repo_;
  NowFn now_;
};

}  // namespace kirin::server
