// The knobs of the HTTP/WebSocket server, with the defaults `kirin serve` uses.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "server/http/client_address.h"

namespace kirin::server::http {

struct ServerOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;  // 0 = any free port (tests)
  int threads = 2;            // network I/O: reading, writing, WebSocket pushes
  // Route handlers run on a pool of their own: the service blocks (SQLite, password hashing
  // takes a tenth of a second on purpose), and must not hold up the I/O of other connections.
  int workers = 4;

  std::size_t body_limit = 64 * 1024;   // larger requests get 413
  // A game's computer analysis (PUT /api/games/ID/analysis, POST /api/analysis/review)
  // carries a line per position: up to 2001 of them.
  std::size_t analysis_body_limit = 512 * 1024;
  std::size_t header_limit = 8 * 1024;  // larger headers get 431
  // Connections at once from one client address (an IPv6 /64), and in all; past them a new
  // connection is answered 503 at once (admission.h). 0: no limit. A browser tab takes up to
  // 7 (6 HTTP, 1 WebSocket), and players behind one NAT share an address. max_connections
  // 0: derived at start from the open-file limit (fd_limit.h).
  std::size_t connections_per_address = 128;
  std::size_t max_connections = 0;
  // Reverse proxies whose X-Forwarded-For names the client (client_address.h). Connections
  // are admitted before any header is read, so a trusted proxy's own connections are not
  // limited per address (the proxy limits its clients: nginx's limit_conn), only in all.
  TrustedProxies trusted_proxies;
  // Who may read GET /metrics besides loopback and the trusted proxies (health_routes.h).
  TrustedProxies metrics_from;
  // How long GET /healthz waits for the store's answer before calling it unhealthy.
  std::chrono::milliseconds health_store_limit{std::chrono::seconds(2)};
  // A new connection must send its first byte within first_byte_timeout; a keep-alive
  // connection may wait idle_timeout for its next request. From a request's first byte its
  // headers must all arrive within header_timeout, so that a client trickling them holds a
  // connection no longer.
  std::chrono::milliseconds first_byte_timeout{std::chrono::seconds(10)};
  std::chrono::milliseconds idle_timeout{std::chrono::seconds(60)};
  std::chrono::milliseconds header_timeout{std::chrono::seconds(10)};
  // ...then the body must arrive, and a response be written, within these.
  std::chrono::milliseconds body_timeout{std::chrono::seconds(30)};
  std::chrono::milliseconds write_timeout{std::chrono::seconds(30)};

  // What a client may send in one message: room for an analysis request with a long game's
  // moves (a 1000-ply Dai game is about 6 KiB of USI).
  std::size_t ws_message_limit = 16 * 1024;
  std::size_t ws_queue_limit = 1024;  // events waiting for a slow client before dropping it
  std::size_t ws_topic_limit = 100;   // subscriptions per connection
  // Catch SIGINT and SIGTERM for Server::wait_for_signal (kirin serve; not in tests).
  bool handle_signals = false;
  // The built web front-end (web/dist) served for every path no route takes; empty, or a
  // directory that does not exist: no web UI, only the API (static_files.h).
  std::string web_root;

  // Engine analysis for WebSocket clients (analysis.h): searches at once server-wide (more
  // wait in a queue), and the most time and hash one search may take.
  int analysis_threads = 1;
  std::chrono::milliseconds analysis_time_limit{std::chrono::seconds(30)};
  std::size_t analysis_hash_mb = 16;
  // Analyses one client address may have waiting (its connections take turns with others').
  std::size_t analysis_queue_per_client = 2;

  // Time given to open connections to finish after a stop is asked for.
  std::chrono::milliseconds shutdown_grace{std::chrono::seconds(5)};
};

}  // namespace kirin::server::http
