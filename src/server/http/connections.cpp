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

std::uint64_t Connections::user_endings() const {
  std::lock_guard lock(mutex_);
  return endings_;
}

bool Connections::set_user(const Connection* connection, Id user, std::uint64_t since) {
  std::lock_guard lock(mutex_);
  if (since < forgotten_) return false;
  if (auto ended = ended_.find(user); ended != ended_.end() && ended->second > since) return false;
  if (auto it = live_.find(connection); it != live_.end()) it->second.user = user;
  return true;
}

std::size_t Connections::shutdown_user(Id user,
                                       const std::function<bool(const std::string&)>& keep) {
  constexpr std::size_t kEndingsKept = 4096;
  std::vector<std::pair<std::shared_ptr<Connection>, std::string>> theirs;
  {
    std::lock_guard lock(mutex_);
    ended_[user] = ++endings_;
    if (ended_.size() > kEndingsKept) {
      // Forget the older half: a lookup older than those is refused by set_user.
      std::uint64_t cut = endings_ - kEndingsKept / 2;
      std::erase_if(ended_, [&](const auto& e) { return e.second <= cut; });
      forgotten_ = cut;
    }
    for (const auto& [key, live] : live_)
      if (live.user == user)
        if (auto strong = live.connection.lock()) theirs.emplace_back(std::move(strong), *live.token);
  }
  // keep may read the store, and shutdown may drop a last reference: outside the lock.
  std::size_t ended = 0;
  for (const auto& [connection, token] : theirs)
    if (!keep(token)) {
      connection->shutdown(Connection::Ending::LoggedOut);
      ++ended;
    }
  return ended;
}

}  // namespace kirin::server::http
