#include "server/http/connections.h"

#include <vector>

namespace kirin::server::http {

void Connections::add(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock(mutex_);
  live_[connection.get()] = connection;
}

void Connections::remove(const Connection* connection) {
  std::lock_guard lock(mutex_);
  live_.erase(connection);
}

std::size_t Connections::size() const {
  std::lock_guard lock(mutex_);
  return live_.size();
}

void Connections::shutdown_all() {
  std::vector<std::shared_ptr<Connection>> all;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, weak] : live_)
      if (auto strong = weak.lock()) all.push_back(std::move(strong));
  }
  for (const auto& connection : all) connection->shutdown();
}

}  // namespace kirin::server::http
