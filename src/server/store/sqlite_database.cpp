#include "server/store/sqlite_database.h"

#include <sqlite3.h>

#include <atomic>
#include <exception>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "server/store/migrations.h"

namespace kirin::server::sql {
namespace {

// The statement's text as SQLite reads it: $N parameters become ?N (quoted text is left alone).
std::string sqlite_params(std::string_view sql) {
  std::string out(sql);
  bool quoted = false;
  for (size_t i = 0; i + 1 < out.size(); ++i) {
    if (out[i] == '\'') quoted = !quoted;
    if (!quoted && out[i] == '$' && out[i + 1] >= '0' && out[i + 1] <= '9') out[i] = '?';
  }
  return out;
}

}  // namespace

// The one connection, with its prepared statements by text.
class SqliteDatabase::Conn : public Connection, private Cursor {
 public:
  explicit Conn(const std::string& path) : path_(path) {
    int rc = sqlite3_open_v2(path.c_str(), &db_,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                             nullptr);
    if (rc != SQLITE_OK) {
      std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
      sqlite3_close(db_);
      throw StoreError("cannot open store " + path + ": " + message);
    }
    sqlite3_busy_timeout(db_, 5000);
  }
  ~Conn() override {
    for (auto& [sql, stmt] : statements_) sqlite3_finalize(stmt);
    sqlite3_close(db_);
  }
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;

  Dialect dialect() const override { return Dialect::Sqlite; }

  int64_t run(std::string_view sql, const Value* params, size_t count,
              const std::function<void(Cursor&)>& on_row) override {
    sqlite3_stmt* s = statement(sql);
    // Reset after use, whatever happens: a statement left stepping holds its read snapshot.
    struct Reset {
      sqlite3_stmt* s;
      ~Reset() {
        sqlite3_reset(s);
        sqlite3_clear_bindings(s);
      }
    } reset{s};
    for (size_t i = 0; i < count; ++i) bind(s, int(i + 1), params[i]);
    stmt_ = s;
    for (;;) {
      int rc = sqlite3_step(s);
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_ROW) fail();
      if (on_row) on_row(*this);
    }
    return sqlite3_changes64(db_);
  }

  void script(const std::string& sql) override {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      std::string what = message ? message : sqlite3_errmsg(db_);
      sqlite3_free(message);
      throw StoreError("store " + path_ + ": " + what);
    }
  }

  bool in_transaction() { return !sqlite3_get_autocommit(db_); }
  sqlite3* handle() { return db_; }

 private:
  [[noreturn]] void fail() { throw StoreError("store " + path_ + ": " + sqlite3_errmsg(db_)); }

  sqlite3_stmt* statement(std::string_view sql) {
    auto it = statements_.find(sql);
    if (it != statements_.end()) return it->second;
    // Queries built from a filter's fields come in a few hundred shapes at most; a bound on
    // the cache keeps a long-running server from growing with them anyway.
    if (statements_.size() >= 512) {
      for (auto& [text, stmt] : statements_) sqlite3_finalize(stmt);
      statements_.clear();
    }
    sqlite3_stmt* s = nullptr;
    std::string text = sqlite_params(sql);
    if (sqlite3_prepare_v3(db_, text.c_str(), int(text.size()), SQLITE_PREPARE_PERSISTENT, &s,
                           nullptr) != SQLITE_OK)
      fail();
    statements_.emplace(std::string(sql), s);
    return s;
  }

  void bind(sqlite3_stmt* s, int i, const Value& v) {
    int rc = SQLITE_OK;
    switch (v.kind) {
      case Value::Kind::Null: rc = sqlite3_bind_null(s, i); break;
      case Value::Kind::Int:
      case Value::Kind::Bool: rc = sqlite3_bind_int64(s, i, v.i); break;
      case Value::Kind::Real: rc = sqlite3_bind_double(s, i, v.d); break;
      case Value::Kind::Text:
        rc = sqlite3_bind_text64(s, i, v.s.data(), v.s.size(), SQLITE_STATIC, SQLITE_UTF8);
        break;
    }
    if (rc != SQLITE_OK) fail();
  }

  // Cursor: the current row of stmt_.
  bool is_null(int col) override { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  int64_t i64(int col) override { return sqlite3_column_int64(stmt_, col); }
  double dbl(int col) override { return sqlite3_column_double(stmt_, col); }
  std::string str(int col) override {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return text ? std::string(text, size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
  }
  bool boolean(int col) override { return sqlite3_column_int64(stmt_, col) != 0; }

  std::string path_;
  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*, TextHash, std::equal_to<>> statements_;
  sqlite3_stmt* stmt_ = nullptr;  // the statement whose row is being read
};

// Runs PASSIVE checkpoints on a connection of its own when a commit asks for one.
class SqliteDatabase::Checkpointer {
 public:
  explicit Checkpointer(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
      std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("cannot open store " + path + ": " + message);
    }
    sqlite3_busy_timeout(db_, 5000);
    thread_ = std::thread([this] { run(); });
  }
  ~Checkpointer() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
    sqlite3_close(db_);
  }
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  // From the writer's commit (sqlite3_wal_hook): wakes the thread, at once.
  void request() {
    {
      std::lock_guard lock(mutex_);
      requested_ = true;
    }
    wake_.notify_one();
  }
  int64_t done() const { return done_; }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return requested_ || stopping_; });
      if (stopping_) return;
      requested_ = false;
      lock.unlock();
      // Copies what no reader still needs and fsyncs the database file, without the writer's
      // lock; a busy database is tried again at the next request.
      if (sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr) ==
          SQLITE_OK)
        done_++;
      lock.lock();
    }
  }

  sqlite3* db_ = nullptr;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool requested_ = false;
  bool stopping_ = false;
  std::atomic<int64_t> done_ = 0;
  std::thread thread_;
};

SqliteDatabase::SqliteDatabase(const std::string& path, SqliteSync sync)
    : path_(path), sync_(sync), conn_(std::make_unique<Conn>(path)) {
  try {
    conn_->script("PRAGMA foreign_keys = ON");
    conn_->script("PRAGMA journal_mode = WAL");
    conn_->script(sync == SqliteSync::Full ? "PRAGMA synchronous = FULL"
                                           : "PRAGMA synchronous = NORMAL");
    if (sync == SqliteSync::Normal) {
      checkpointer_ = std::make_unique<Checkpointer>(path_);
      // Replaces SQLite's automatic checkpoint (itself a WAL hook) for this connection.
      sqlite3_wal_hook(
          conn_->handle(),
          [](void* self, sqlite3* db, const char* name, int pages) -> int {
            static_cast<SqliteDatabase*>(self)->log_grew(db, name, pages);
            return SQLITE_OK;
          },
          this);
    }
    conn_->script("BEGIN IMMEDIATE");
    try {
      migrate(*conn_, path_);
      conn_->script("COMMIT");
    } catch (...) {
      if (conn_->in_transaction()) conn_->script("ROLLBACK");
      throw;
    }
  } catch (const StoreError& e) {
    // "store PATH: message" becomes "cannot open store PATH: message"; a newer schema keeps
    // its own message.
    std::string what = e.what();
    const std::string prefix = "store " + path_ + ": ";
    if (!what.starts_with(prefix)) throw;
    throw StoreError("cannot open store " + path_ + ": " + what.substr(prefix.size()));
  }
}

SqliteDatabase::~SqliteDatabase() {
  sqlite3_wal_hook(conn_->handle(), nullptr, nullptr);
  checkpointer_.reset();  // before the connection: closing the last one checkpoints the rest
}

int SqliteDatabase::schema_version() {
  return read([](Connection& c) { return sql::schema_version(c); });
}

SqliteSync SqliteDatabase::synchronous() {
  int64_t level = read([](Connection& c) { return *c.integer("PRAGMA synchronous"); });
  if (level == 1) return SqliteSync::Normal;
  if (level == 2) return SqliteSync::Full;
  throw StoreError("store " + path_ + ": unexpected PRAGMA synchronous " + std::to_string(level));
}

// After each commit, under the connection's lock: the log holds `pages` pages.
void SqliteDatabase::log_grew(sqlite3* db, const char* name, int pages) {
  if (pages < next_checkpoint_at_ - kCheckpointPages)  // the log started again
    next_checkpoint_at_ = kCheckpointPages;
  if (pages >= kCheckpointInlinePages) {
    sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  } else if (pages >= next_checkpoint_at_) {
    // Once per kCheckpointPages pages: asked at each commit, the thread would never rest.
    next_checkpoint_at_ = pages + kCheckpointPages;
    checkpointer_->request();
  }
}

int64_t SqliteDatabase::background_checkpoints() {
  return checkpointer_ ? checkpointer_->done() : 0;
}

SqliteDatabase::GroupCommits SqliteDatabase::group_commits() {
  std::lock_guard lock(group_mutex_);
  return group_commits_;
}

void SqliteDatabase::run_read(const Work& f) {
  std::lock_guard lock(mutex_);
  f(*conn_);
}

void SqliteDatabase::in_transaction(const char* begin, const Work& f) {
  std::lock_guard lock(mutex_);
  conn_->script(begin);
  try {
    f(*conn_);
  } catch (...) {
    if (conn_->in_transaction()) conn_->script("ROLLBACK");
    throw;
  }
  conn_->script("COMMIT");
}

void SqliteDatabase::run_snapshot(const Work& f) { in_transaction("BEGIN DEFERRED", f); }

// --- Group commit ---

struct SqliteDatabase::Write {
  const Work& run;
  std::exception_ptr error;
  bool done = false;
};

void SqliteDatabase::run_write(const Work& f) {
  if (sync_ == SqliteSync::Full) return commit_in_group(f);
  in_transaction("BEGIN IMMEDIATE", f);
}

void SqliteDatabase::commit_in_group(const Work& f) {
  Write w{f};
  std::unique_lock lock(group_mutex_);
  waiting_.push_back(&w);
  // A write that arrives while a group commits waits for the next group: the first of its
  // writers to wake up commits all that waited meanwhile, in one transaction.
  group_done_.wait(lock, [&] { return w.done || !committing_; });
  if (!w.done) {
    committing_ = true;
    std::vector<Write*> group;
    group.swap(waiting_);
    lock.unlock();
    commit_group(group);  // sets each write's error; throws nothing
    lock.lock();
    for (Write* g : group) g->done = true;
    group_commits_.writes += int64_t(group.size());
    group_commits_.commits++;
    committing_ = false;
    group_done_.notify_all();
  }
  if (w.error) std::rethrow_exception(w.error);
}

void SqliteDatabase::commit_group(const std::vector<Write*>& group) {
  std::lock_guard lock(mutex_);
  try {
    conn_->script("BEGIN IMMEDIATE");
    for (Write* w : group) {
      conn_->script("SAVEPOINT one_write");
      try {
        w->run(*conn_);
      } catch (...) {
        w->error = std::current_exception();
      }
      if (w->error) {
        // Some errors (a full disk, I/O) end the whole transaction: then the group fails.
        if (!conn_->in_transaction())
          throw StoreError("store " + path_ + ": the transaction was rolled back");
        conn_->script("ROLLBACK TO one_write");
      }
      conn_->script("RELEASE one_write");
    }
    conn_->script("COMMIT");
  } catch (const StoreError&) {
    // BEGIN or COMMIT failed, or a write took the transaction with it: nothing was written.
    std::exception_ptr failed = std::current_exception();
    try {
      if (conn_->in_transaction()) conn_->script("ROLLBACK");
    } catch (const StoreError&) {
      // Already reported.
    }
    for (Write* w : group)
      if (!w->error) w->error = failed;
  }
}

}  // namespace kirin::server::sql
