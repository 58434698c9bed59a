// The storage of the domain (storage.h) on SQLite or PostgreSQL: one Database (database.h),
// the repositories written once over it (repositories.h), and the database's change feed.
#pragma once

#include <chrono>
#include <memory>
#include <string_view>

#include "server/domain/storage.h"
#include "server/store/database.h"
#include "server/store/repositories.h"
#include "server/store/sqlite_database.h"

namespace kirin::server::sql {

struct StorageOptions {
  SqliteSync sqlite_sync = SqliteSync::Normal;
  std::chrono::milliseconds sqlite_poll_interval{100};  // how often the change log is read
  int postgres_pool_size = 4;                           // connections at most
};

class SqlStorage : public Storage {
 public:
  // `feed` is made on the database, which outlives it.
  SqlStorage(std::unique_ptr<Database> db,
             const std::function<std::unique_ptr<GameChangeFeed>(Database&)>& feed);
  ~SqlStorage() override;

  Database& database() { return *db_; }
  AccountRepo& accounts() override { return accounts_; }
  ChallengeRepo& challenges() override { return challenges_; }
  GameRepo& games() override { return games_; }
  RatingRepo& ratings() override { return ratings_; }
  SocialRepo& social() override { return social_; }
  ImportRepo& imports() override { return imports_; }
  ForecastRepo& forecasts() override { return forecasts_; }
  ModerationRepo& moderation() override { return moderation_; }
  UsageRepo& usage() override { return usage_; }
  TournamentRepo& tournaments() override { return tournaments_; }
  AnalysisRepo& analyses() override { return analyses_; }
  GameChangeFeed& changes() override { return *changes_; }
  void ping() override;
  Leadership& leadership() override { return *leadership_; }

 private:
  std::unique_ptr<Database> db_;
  SqlAccountRepo accounts_;
  SqlChallengeRepo challenges_;
  SqlGameRepo games_;
  SqlRatingRepo ratings_;
  SqlSocialRepo social_;
  SqlImportRepo imports_;
  SqlForecastRepo forecasts_;
  SqlModerationRepo moderation_;
  SqlUsageRepo usage_;
  SqlTournamentRepo tournaments_;
  SqlAnalysisRepo analyses_;
  std::unique_ptr<GameChangeFeed> changes_;  // stops listening before the database goes
  std::unique_ptr<Leadership> leadership_;   // gives the lead up before the database goes
};

}  // namespace kirin::server::sql

namespace kirin::server {

using sql::SqliteSync;
using sql::StorageOptions;

// Opens the storage at `url`: "sqlite:PATH" (the file is created if missing) or a PostgreSQL
// connection URI, "postgresql://..." (postgres_database.h). Throws StoreError naming the URL
// for an unknown scheme or a store that cannot be opened.
std::unique_ptr<sql::SqlStorage> open_storage(std::string_view url,
                                              const StorageOptions& options = {});

}  // namespace kirin::server
