// The live connections, so a graceful stop can ask each to finish and wait until they have,
// a logout can end the WebSockets opened with the token it ends, and the end of a user's
// sessions (a password change, a closure, a ban) can end every WebSocket of that user.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/domain/records.h"

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

  // The user behind a connection's token, found after it opened (a store read, off the I/O
  // threads). `since` is user_endings() read before that read: if the user's sessions ended
  // meanwhile (shutdown_user), the token may be dead already, and this returns false without
  // recording anything: the caller reads again.
  std::uint64_t user_endings() const;
  bool set_user(const Connection* connection, Id user, std::uint64_t since);
  // Ends the user's connections but those whose token `keep` says to keep (called outside the
  // registry's lock: it may read the store); returns how many.
  std::size_t shutdown_user(Id user, const std::function<bool(const std::string& token)>& keep);

 private:
  // The live connections opened with this token; all of them when it is null.
  std::vector<std::shared_ptr<Connection>> opened_with(const std::string* token) const;

  struct Live {
    std::weak_ptr<Connection> connection;
    std::optional<std::string> token;
    Id user = 0;  // 0 until set_user
  };
  mutable std::mutex mutex_;
  std::unordered_map<const Connection*, Live> live_;
  std::uint64_t endings_ = 0;  // shutdown_user calls so far
  // The users whose sessions ended, with the count of endings then: what set_user checks.
  // Bounded: the oldest are forgotten, and a lookup that began before the newest forgotten
  // one is refused (it reads again), whoever it is for.
  std::unordered_map<Id, std::uint64_t> ended_;
  std::uint64_t forgotten_ = 0;
};

}  // namespace kirin::server::http
