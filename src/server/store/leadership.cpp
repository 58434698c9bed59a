#include "server/store/leadership.h"

#include <libpq-fe.h>

#include <optional>
#include <string>

#include "server/store/postgres_database.h"

namespace kirin::server::sql {

namespace {

// One key for the leadership of every Kirin on the database (the migrations' lock is
// 4242104116, taken per transaction).
constexpr const char* kTryLead = "SELECT pg_try_advisory_lock(4242104117)";

// The first cell of a one-row answer, or nullopt if the statement failed.
std::optional<std::string> ask(pg_conn* conn, const char* sql) {
  PGresult* r = PQexec(conn, sql);
  std::optional<std::string> out;
  if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1) out = PQgetvalue(r, 0, 0);
  PQclear(r);
  return out;
}

}  // namespace

PostgresLeadership::~PostgresLeadership() {
  std::lock_guard lock(mutex_);
  drop_connection();
}

void PostgresLeadership::drop_connection() {
  if (conn_) PQfinish(conn_);
  conn_ = nullptr;
  holding_ = false;
}

bool PostgresLeadership::lead() {
  std::lock_guard lock(mutex_);
  if (conn_ && PQstatus(conn_) != CONNECTION_OK) drop_connection();
  if (holding_) {
    // The lock lives as long as the session: a session that still answers still holds it.
    if (ask(conn_, "SELECT 1")) return true;
    drop_connection();  // lost with the connection: someone else may lead by now
    return false;
  }
  if (!conn_) {
    try {
      conn_ = db_.connect_raw();
    } catch (const StoreError&) {
      return false;  // the database is away: nobody here leads until it is back
    }
  }
  std::optional<std::string> got = ask(conn_, kTryLead);
  if (!got) {
    drop_connection();
    return false;
  }
  holding_ = *got == "t";
  return holding_;
}

}  // namespace kirin::server::sql
