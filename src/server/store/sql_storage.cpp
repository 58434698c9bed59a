#include "server/store/sql_storage.h"

#include <string>

#include "server/store/leadership.h"
#include "server/store/postgres_database.h"
#include "server/store/postgres_notifications.h"
#include "server/store/sqlite_change_log.h"

namespace kirin::server::sql {

SqlStorage::SqlStorage(std::unique_ptr<Database> db,
                       const std::function<std::unique_ptr<GameChangeFeed>(Database&)>& feed)
    : db_(std::move(db)),
      accounts_(*db_),
      challenges_(*db_),
      games_(*db_),
      ratings_(*db_),
      social_(*db_),
      imports_(*db_),
      forecasts_(*db_),
      moderation_(*db_),
      usage_(*db_),
      tournaments_(*db_),
      analyses_(*db_),
      changes_(feed(*db_)) {
  if (db_->dialect() == Dialect::Postgres)
    leadership_ = std::make_unique<PostgresLeadership>(static_cast<PostgresDatabase&>(*db_));
  else
    leadership_ = std::make_unique<SoleLeadership>();
}

SqlStorage::~SqlStorage() { changes_->stop_listening(); }

void SqlStorage::ping() {
  // Reads a table, so that a SQLite file gone unreadable fails it too, not only a lost server.
  db_->read([](Connection& c) { c.integer("SELECT COUNT(*) FROM schema_version"); });
}

}  // namespace kirin::server::sql

namespace kirin::server {

std::unique_ptr<sql::SqlStorage> open_storage(std::string_view url,
                                              const StorageOptions& options) {
  using namespace sql;
  if (url.starts_with("sqlite:")) {
    std::string path(url.substr(7));
    if (path.empty()) throw StoreError("store URL '" + std::string(url) + "' names no file");
    return std::make_unique<SqlStorage>(
        std::make_unique<SqliteDatabase>(path, options.sqlite_sync), [&](Database&) {
          return std::make_unique<SqliteChangeLog>(path, options.sqlite_poll_interval);
        });
  }
  if (url.starts_with("postgresql:") || url.starts_with("postgres:"))
    return std::make_unique<SqlStorage>(
        std::make_unique<PostgresDatabase>(std::string(url), options.postgres_pool_size),
        [](Database& db) {
          return std::make_unique<PostgresNotifications>(static_cast<PostgresDatabase&>(db));
        });
  throw StoreError("store URL '" + std::string(url) +
                   "' has an unknown scheme; expected sqlite:PATH or "
                   "postgresql://[USER@]HOST[:PORT]/DATABASE");
}

}  // namespace kirin::server
