// The live connections, so a graceful stop can ask each to finish and wait until they have,
// and a logout can end the WebSockets opened with the token it ends.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace kirin::server::http {

class Connection {
 public:
  enum class Ending { ServerStopping, LoggedOut };

  virtual ~Connection() = default;
  // Asks the connection to end soon (after the response in flight); callable from any thread.
  virtual void shutdown(Ending why) = 0;
};

class Connections {
 public:
  // token: the bearer token the connection was opened with (a WebSocket's), if any.
  void add(const std::shared_ptr<Connection>& connection,
           std::optional<std::string> token = std::nullopt);
  void remove(const Connection* connection);  // from the connection's destructor
  std::size_t size() const;
  void shutdown_all();
  // Ends the connections opened with this token (it was logged out); returns how many.
  std::size_t shutdown_token(const std::string& token);

 private:
  // The live connections opened with this token; all of them when it is null.
  std::vector<std::shared_ptr<Connection>> opened_with(const std::string* token) const;

  struct Live {
    std::weak_ptr<Connection> connection;
    std::optional<std::string> token;
  };
  mutable std::mutex mutex_;
  std::unordered_map<const Connection*, Live> live_;
};

}  // namespace kirin::server::http
