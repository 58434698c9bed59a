// The live connections, so a graceful stop can ask each to finish and wait until they have.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace kirin::server::http {

class Connection {
 public:
  virtual ~Connection() = default;
  // Asks the connection to end soon (after the response in flight); callable from any thread.
  virtual void shutdown() = 0;
};

class Connections {
 public:
  void add(const std::shared_ptr<Connection>& connection);
  void remove(const Connection* connection);  // from the connection's destructor
  std::size_t size() const;
  void shutdown_all();

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const Connection*, std::weak_ptr<Connection>> live_;
};

}  // namespace kirin::server::http
