// WebSocket operations beyond subscriptions (the engine's analysis): a WsExtension answers the
// ops it names on any /ws connection, and talks back through the connection as a WsPeer.
// The server owns its extensions: they outlive every connection and the worker pool.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace kirin::server::http {

// A WebSocket connection as an extension sees it.
class WsPeer {
 public:
  virtual ~WsPeer() = default;
  // Queues a message for the client; callable from any thread, never blocks. A connection
  // that has closed drops it.
  virtual void send(const nlohmann::json& message) = 0;
  // The client's IP address ("127.0.0.1"), for limits per client.
  virtual const std::string& client_address() const = 0;
};

// Lets a connection read its next message; callable from any thread, once.
using ResumeReading = std::function<void()>;

class WsExtension {
 public:
  virtual ~WsExtension() = default;

  // The ops it answers: {"analyze", "stop_analysis"}.
  virtual std::vector<std::string> ops() const = 0;
  // One client message with an op this extension handles. Runs on the connection's strand,
  // so it must not block: slow work goes to the extension's own threads. `id` is the
  // message's "id" (null if none), for the answers to repeat. Returns true if the connection
  // may read its next message at once; false if it must wait until the extension calls
  // `resume` (so that a client cannot queue up work faster than it is done).
  virtual bool handle(const std::shared_ptr<WsPeer>& peer, std::string_view op,
                      const nlohmann::json& message, const nlohmann::json& id,
                      ResumeReading resume) = 0;
  // The connection has ended (called from its destructor): stop what it started.
  virtual void closed(const WsPeer* peer) = 0;
  // The server is stopping: end all work and join any threads. Idempotent; nothing is sent
  // to clients afterwards.
  virtual void stop() = 0;
};

}  // namespace kirin::server::http
