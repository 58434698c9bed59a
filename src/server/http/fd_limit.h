// Every connection is a file descriptor: 10,000 idle WebSocket clients need more than the
// usual soft limit of 1024, so the server raises its soft limit to the hard one at startup,
// and holds no more connections than the limit leaves room for.
#pragma once

#include <cstddef>

namespace kirin::server::http {

// Raises RLIMIT_NOFILE's soft limit to its hard limit; returns the limit now in force
// (LONG_MAX when unlimited, -1 when it cannot be read).
long raise_fd_limit();
// RLIMIT_NOFILE's soft limit, as raise_fd_limit returns it, without changing it.
long fd_limit();

// The most connections a server may hold under this open-file limit: the limit less what the
// rest of the process needs at once (the store, web UI files being sent, mail pipes, the
// listener and its reserve), 64 descriptors or a quarter of a small limit. 0 (no limit) when
// the limit is unknown (-1).
std::size_t connection_limit_for(long fd_limit);

}  // namespace kirin::server::http
