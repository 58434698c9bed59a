// The game server's load generator (kirin bench server; docs/BENCHMARKS.md, issue 5): many
// concurrent games of random legal moves over HTTP, one request per move, measuring accepted
// moves/s and the latency of each move; optionally idle WebSockets held open.
#pragma once

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>

#include "server/store/sql_storage.h"

namespace kirin::bench {

struct ServerLoadOptions {
  std::string url;  // a running server, http://HOST:PORT; empty: one started in this process
  int games = 200;
  double seconds = 20;  // the measured phase
  int connections = 64;
  int idle_ws = 0;
  std::string db;  // the started server's store; empty: a temporary SQLite file
  server::SqliteSync sqlite_sync = server::SqliteSync::Normal;  // the started server's
  int threads = 2;
  int server_threads = 2;
  int server_workers = 4;
  std::string game = "chu";
  uint64_t seed = 1;
  double rate = 0;  // moves/s offered in all; 0: as fast as the server answers
};

struct ServerLoadResult {
  int64_t accepted_moves = 0;
  int64_t move_errors = 0;
  double seconds = 0;  // the measured phase
};

// The options cannot be run: the URL does not resolve, or too few files can be opened.
class ServerLoadOptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Sets up the games, plays them for options.seconds and writes the progress and a report to
// `out`. Throws ServerLoadOptionError, or std::runtime_error if the setup fails.
ServerLoadResult run_server_load(const ServerLoadOptions& options, std::ostream& out);

}  // namespace kirin::bench
