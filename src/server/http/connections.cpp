#include "server/http/connections.h"

#include <vector>

namespace kirin::server::http {

void Connections::add(const std::shared_ptr<Connection>& connection,
                      std::optional<std::string> token) {
  std::lock_guard lock(mutex_);
  live_[connection.get()] = {connection, std::move(token)};
}

void Connections::remove(const Connection* connection) {
  std::lock_guard lock(mutex_);
  live_.erase(connection);
}

std::size_t Connections::size() const {
  std::lock_guard lock(mutex_);
  return live_.size();
}

std::vector<std::shared_ptr<Connection>> Connections::opened_with(const std::string* token) const {
  std::vector<std::shared_ptr<Connection>> found;
  std::lock_guard lock(mutex_);
  for (const auto& [key, live] : live_)
    if (!token || live.token == *token)
      if (auto strong = live.connection.lock()) found.push_back(std::move(strong));
  return found;
}

// Both call shutdown outside the lock: a connection's last reference may die there, and its
// destructor removes it, which takes the lock.
void Connections::shutdown_all() {
  for (const auto& connection : opened_with(nullptr))
    connection->shutdown(Connection::Ending::ServerStopping);
}

std::size_t Connections::shutdown_token(const std::string& token) {
  auto found = opened_with(&token);
  for (const auto& connection : found) connection->shutdown(Connection::Ending::LoggedOut);
  return found.size();
}

}  // namespace kirin::server::http
