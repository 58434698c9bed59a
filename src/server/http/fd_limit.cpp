#include "server/http/fd_limit.h"

#include <sys/resource.h>

#include <algorithm>
#include <climits>

namespace kirin::server::http {

namespace {

long in_force(const rlimit& limit) {
  return limit.rlim_cur == RLIM_INFINITY ? LONG_MAX : static_cast<long>(limit.rlim_cur);
}

}  // namespace

long raise_fd_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  return in_force(limit);
}

long fd_limit() {
  rlimit limit{};
  return getrlimit(RLIMIT_NOFILE, &limit) == 0 ? in_force(limit) : -1;
}

std::size_t connection_limit_for(long fd_limit) {
  if (fd_limit < 0) return 0;
  long kept = std::min(64L, fd_limit / 4);
  return static_cast<std::size_t>(std::max(1L, fd_limit - kept));
}

}  // namespace kirin::server::http
