// What every connection of one server shares: options, routes, the hub and the registry of
// live connections. The server owns it and outlives all its connections.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/http/admission.h"
#include "server/http/connections.h"
#include "server/http/hub.h"
#include "server/http/metrics.h"
#include "server/http/options.h"
#include "server/http/router.h"
#include "server/http/ws_extension.h"

namespace kirin::server::http {

// May a WebSocket client holding this bearer token (if any) subscribe to the topic? nullopt
// means yes; otherwise the reason it may not.
using TopicPolicy = std::function<std::optional<std::string>(
    const std::string& topic, const std::optional<std::string>& token)>;

// Accepts "lobby", "game:ID" and "user:NAME" from anyone.
std::optional<std::string> default_topic_policy(const std::string& topic,
                                                const std::optional<std::string>& token);

struct Context {
  ServerOptions options;
  Router router;
  TopicPolicy topic_policy = default_topic_policy;
  // The user of a live session token, or nullopt (none: WebSockets are not told apart by
  // user). Read off the I/O threads when a WebSocket opens with a token, so that the end of
  // the user's sessions ends it (Connections::shutdown_user).
  std::function<std::optional<Id>(const std::string& token)> session_user;
  Hub hub;
  Connections connections;
  Admission admission;  // the connection limits (options.connections_per_address, ...)
  std::vector<std::shared_ptr<WsExtension>> ws_extensions;  // ops beyond subscribe (analysis)
  // Runs a route handler off the I/O threads (the server's worker pool).
  std::function<void(std::function<void()>)> run_handler = [](std::function<void()> f) { f(); };
  std::atomic<bool> stopping{false};  // set by Server::stop: no new requests from here on
  Metrics metrics;  // GET /metrics: the requests counted here, values registered by the app
  std::atomic<std::size_t> websockets_open{0};
  // Requests whose trusted proxy sent an X-Forwarded-For we could not read (client_address.h).
  std::atomic<std::uint64_t> forwarded_for_malformed{0};
};

}  // namespace kirin::server::http
