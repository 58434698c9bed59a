// Publish/subscribe between the server's events and WebSocket clients. Topics are strings
// ("game:12", "user:ann", "lobby"); an event is serialised once and the same text is handed
// to every subscriber. The hub holds subscribers weakly: a closed connection simply drops out.
#pragma once

#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>

namespace kirin::server::http {

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Called from any thread; must not block (a connection queues the text on its strand).
  virtual void deliver(std::shared_ptr<const std::string> text) = 0;
};

class Hub {
 public:
  void subscribe(const std::string& topic, const std::shared_ptr<Subscriber>& subscriber);
  void unsubscribe(const std::string& topic, const Subscriber* subscriber);

  // Sends {"type":"event","topic":TOPIC,"event":EVENT} to the topic's subscribers; returns how
  // many it reached.
  std::size_t publish(const std::string& topic, const nlohmann::json& event);
  std::size_t subscriber_count(const std::string& topic) const;

 private:
  using Subscribers = std::unordered_map<const Subscriber*, std::weak_ptr<Subscriber>>;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Subscribers> topics_;
};

}  // namespace kirin::server::http
