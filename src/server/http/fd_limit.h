// Every connection is a file descriptor: 10,000 idle WebSocket clients need more than the
// usual soft limit of 1024, so the server raises its soft limit to the hard one at startup.
#pragma once

namespace kirin::server::http {

// Raises RLIMIT_NOFILE's soft limit to its hard limit; returns the limit now in force
// (LONG_MAX when unlimited, -1 when it cannot be read).
long raise_fd_limit();

}  // namespace kirin::server::http
