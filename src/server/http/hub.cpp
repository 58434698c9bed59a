#include "server/http/hub.h"

#include <vector>

namespace kirin::server::http {

void Hub::subscribe(const std::string& topic, const std::shared_ptr<Subscriber>& subscriber) {
  std::lock_guard lock(mutex_);
  topics_[topic][subscriber.get()] = subscriber;
}

void Hub::unsubscribe(const std::string& topic, const Subscriber* subscriber) {
  std::lock_guard lock(mutex_);
  auto it = topics_.find(topic);
  if (it == topics_.end()) return;
  it->second.erase(subscriber);
  if (it->second.empty()) topics_.erase(it);
}

std::size_t Hub::publish(const std::string& topic, const nlohmann::json& event) {
  std::vector<std::shared_ptr<Subscriber>> targets;
  {
    std::lock_guard lock(mutex_);
    auto it = topics_.find(topic);
    if (it == topics_.end()) return 0;
    targets.reserve(it->second.size());
    for (const auto& [key, weak] : it->second)
      if (auto strong = weak.lock()) targets.push_back(std::move(strong));
  }
  // Deliver outside the lock: a subscriber's last reference may die here, and its destructor
  // unsubscribes, which takes the lock.
  nlohmann::json message = {{"type", "event"}, {"topic", topic}, {"event", event}};
  auto text = std::make_shared<const std::string>(
      message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  for (const auto& target : targets) target->deliver(text);
  return targets.size();
}

std::size_t Hub::subscriber_count(const std::string& topic) const {
  std::lock_guard lock(mutex_);
  auto it = topics_.find(topic);
  return it == topics_.end() ? 0 : it->second.size();
}

}  // namespace kirin::server::http
