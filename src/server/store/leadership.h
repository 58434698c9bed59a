// The leadership of background work (storage.h) per store: a SQLite store's one server
// always leads; on PostgreSQL the leader is the node holding an advisory lock on a connection
// kept for it.
#pragma once

#include <memory>
#include <mutex>

#include "server/domain/storage.h"

struct pg_conn;

namespace kirin::server::sql {

class PostgresDatabase;

class SoleLeadership : public Leadership {
 public:
  bool lead() override { return true; }
};

class PostgresLeadership : public Leadership {
 public:
  explicit PostgresLeadership(PostgresDatabase& db) : db_(db) {}
  ~PostgresLeadership() override;  // closing the connection gives the lock up

  bool lead() override;

 private:
  void drop_connection();

  PostgresDatabase& db_;
  std::mutex mutex_;
  pg_conn* conn_ = nullptr;  // kept by followers too, so that asking costs no new connection
  bool holding_ = false;
};

}  // namespace kirin::server::sql
