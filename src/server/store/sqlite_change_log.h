// Game changes in SQLite (GameChangeFeed): triggers log every change of a game, and every
// ending of a user's sessions (table game_changes, migrations.cpp), whichever process wrote it. A listener polls the log on a
// connection of its own, every poll_interval (cheaply: PRAGMA data_version says whether any
// other connection committed since), and deletes entries older than ten minutes. A listener
// that fell further behind than that reports GameChange{0}.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "server/store/change_feed.h"

namespace kirin::server::sql {

class SqliteChangeLog : public ChangeFeed {
 public:
  SqliteChangeLog(std::string path, std::chrono::milliseconds poll_interval);
  ~SqliteChangeLog() override;

 private:
  class Listener;
  std::unique_ptr<Listening> start(GameChangeFn on_change) override;
  std::string path_;
  std::chrono::milliseconds poll_interval_;
};

}  // namespace kirin::server::sql
