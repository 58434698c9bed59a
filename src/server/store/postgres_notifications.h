// Game changes in PostgreSQL (GameChangeFeed): triggers NOTIFY every committed change of a game
// on the channel kirin_games (migrations.cpp; nothing is sent for a write that did not commit),
// with the payload "GAME vVERSION" (a change of its state) or "GAME cCOMMENT" (a comment
// added), and a user's sessions ended (session_endings) as "0 sUSER". A listener LISTENs on a connection of its own; if it is lost, it reconnects
// (retrying with back-off) and then reports GameChange{0}: changes may have been missed.
#pragma once

#include <memory>

#include "server/store/change_feed.h"
#include "server/store/postgres_database.h"

namespace kirin::server::sql {

class PostgresNotifications : public ChangeFeed {
 public:
  explicit PostgresNotifications(PostgresDatabase& db);
  ~PostgresNotifications() override;

 private:
  class Listener;
  std::unique_ptr<Listening> start(GameChangeFn on_change) override;
  PostgresDatabase& db_;
};

}  // namespace kirin::server::sql
