// The PostgreSQL database: several server nodes on one database, through libpq.
//
// URL: a libpq connection URI, "postgresql://[user[:password]@][host][:port][/dbname][?k=v&...]"
// (e.g. "postgresql:///kirin?host=/run/postgresql" for a Unix socket). Errors name the URL
// without its password (redact_url).
//
// Connections: a pool of up to pool_size connections, opened as needed (the first one on
// construction, which also creates or migrates the schema under an advisory lock, so that
// nodes starting together do it once); a caller waits for a free one. Each connection prepares
// its statements once, on first use; every value is a bound parameter. An idle connection that
// the server closed (it restarted) is reopened before use; an operation that loses its
// connection midway throws StoreError, and its connection is dropped (a transaction the server
// did not see commit was rolled back).
//
// Transactions: a read runs in autocommit, a snapshot in one REPEATABLE READ READ ONLY
// transaction, a write in one READ COMMITTED transaction (write_all's statements in libpq's
// pipeline mode: sent together up to one Sync, they run as one implicit transaction) (the repositories' writes are
// conditional: a second writer of a row waits for the first to commit, re-checks its
// condition against the committed row and changes nothing). Text must be UTF-8 without NUL
// characters (StoreError otherwise).
//
// Durability: a commit returns once the server has it on disk (synchronous_commit, on by
// default), so an acknowledged move survives kill -9 of the server node and of PostgreSQL.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/database.h"

struct pg_conn;

namespace kirin::server::sql {

class PostgresDatabase : public Database {
 public:
  // Connects and creates or migrates the schema; throws StoreError naming the URL (without
  // the password) if it cannot, or if the database's schema is newer than this program's.
  explicit PostgresDatabase(const std::string& url, int pool_size = 4);
  ~PostgresDatabase() override;
  PostgresDatabase(const PostgresDatabase&) = delete;
  PostgresDatabase& operator=(const PostgresDatabase&) = delete;

  Dialect dialect() const override { return Dialect::Postgres; }
  int schema_version() override;
  // The URL without its password (user:password@ in the authority, password= in the query).
  static std::string redact_url(std::string_view url);
  const std::string& redacted_url() const { return redacted_; }
  // A new connection of its own, outside the pool (the change feed's LISTEN); the caller
  // closes it with PQfinish. Throws StoreError.
  pg_conn* connect_raw();

 protected:
  void run_read(const Work& f) override;
  void run_snapshot(const Work& f) override;
  void run_write(const Work& f) override;
  std::vector<int64_t> run_write_all(const Statement* statements, size_t count) override;

 private:
  class Conn;
  class Lease;  // a connection taken from the pool, given back when it goes
  std::unique_ptr<Conn> connect();
  Lease acquire();
  void release(std::unique_ptr<Conn> c);
  void in_transaction(const char* begin, const Work& f);

  std::string url_;       // as given, for libpq
  std::string redacted_;  // for messages
  int pool_size_;

  std::mutex pool_mutex_;  // guards idle_ and open_
  std::condition_variable pool_free_;
  std::vector<std::unique_ptr<Conn>> idle_;
  int open_ = 0;  // connections idle or leased
};

}  // namespace kirin::server::sql
