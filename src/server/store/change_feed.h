// What the two change feeds (sqlite_change_log.h, postgres_notifications.h) share: one listener
// at a time, started by the feed's `start`, and stopped (its thread joined) outside the lock.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "server/domain/game_change_feed.h"

namespace kirin::server::sql {

class ChangeFeed : public GameChangeFeed {
 public:
  void listen_for_game_changes(GameChangeFn on_change) final;
  void stop_listening() final;

 protected:
  explicit ChangeFeed(std::string store_name) : name_(std::move(store_name)) {}
  // A running listener; destroying it stops it and waits for its thread.
  class Listening {
   public:
    virtual ~Listening() = default;
  };
  // Starts listening; throws (StoreError or the database's error) if it cannot. A derived
  // feed's destructor calls stop_listening() first.
  virtual std::unique_ptr<Listening> start(GameChangeFn on_change) = 0;

 private:
  std::string name_;
  std::mutex mutex_;
  std::unique_ptr<Listening> listening_;
};

}  // namespace kirin::server::sql
