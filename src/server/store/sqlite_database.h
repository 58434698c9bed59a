// The embedded database: one SQLite file, through SQLite's C API.
//
// Durability: WAL journal, synchronous=NORMAL by default, or FULL (SqliteSync says what each
// promises). Each write is one transaction (BEGIN IMMEDIATE: two processes on one file queue
// behind the busy timeout instead of failing to upgrade a lock). Under FULL, where each commit
// costs an fsync, writes are committed in groups: the writes that wait while a group commits
// form the next group, which one transaction and one fsync cover, each write in a savepoint of
// its own, so one that fails changes nothing and the others still commit (a failed commit fails
// them all). Under NORMAL a commit costs no fsync, so there is nothing to share, and the hand-off
// to the group's committing thread only cost the server a task switch per move.
//
// Checkpoints (under NORMAL): a write never copies the log back into the database itself, as
// SQLite's automatic checkpoint would, holding the connection through the copy and its fsync
// while every other request waits (docs/BENCHMARKS.md, "The server's lost moves per second").
// Once a commit leaves the log past kCheckpointPages, a checkpointer thread with a connection
// of its own runs a PASSIVE checkpoint, which never blocks writers. Under a steady stream of
// writes it never quite catches up (frames are added while it copies), and SQLite starts the
// log again from its beginning only once every frame is copied back; so a commit that leaves
// the log past kCheckpointInlinePages checkpoints in the write: by then the thread has copied
// nearly every frame, and the write copies the last few.
// Under FULL, SQLite's own checkpoint stays: there the commits' fsyncs and the checkpoint's
// collide, and the thread lost.
//
// Threads: one connection, guarded by a mutex; statements are prepared once and reused. Reads
// take the mutex too, so they see every committed write of this process. The schema is created
// or migrated on open (migrations.h), in one transaction: several processes opening one new
// file at once create it once.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/store/database.h"

struct sqlite3;

namespace kirin::server::sql {

// When a SQLite commit is on disk (PRAGMA synchronous in WAL mode). Normal: at the next
// checkpoint; an acknowledged write survives the process being killed, not the machine
// stopping. Full: before the commit returns (an fsync of the log per commit, shared by the
// writes committed together), so it survives a power cut or a kernel crash too. Normal is the
// default: Full did not hold 2,000 moves/s with p99 under 20 ms here (docs/BENCHMARKS.md).
// PostgreSQL's commits are on disk when they return (its server's synchronous_commit).
enum class SqliteSync { Normal, Full };

class SqliteDatabase : public Database {
 public:
  // Opens or creates the file; throws StoreError naming it if it cannot, or if its schema is
  // newer than this program knows.
  explicit SqliteDatabase(const std::string& path, SqliteSync sync = SqliteSync::Normal);
  ~SqliteDatabase() override;
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  Dialect dialect() const override { return Dialect::Sqlite; }
  int schema_version() override;
  const std::string& path() const { return path_; }
  // The connection's PRAGMA synchronous, read back.
  SqliteSync synchronous();
  // Under FULL, the writes and the group transactions that committed them since the
  // database opened (under NORMAL each write commits alone: not counted).
  struct GroupCommits {
    int64_t writes = 0;
    int64_t commits = 0;
  };
  GroupCommits group_commits();
  // Checkpoints the checkpointer thread ran, since the database opened.
  int64_t background_checkpoints();

  static constexpr int kCheckpointPages = 1000;  // SQLite's own default
  static constexpr int kCheckpointInlinePages = 4000;

 protected:
  void run_read(const Work& f) override;
  void run_snapshot(const Work& f) override;
  void run_write(const Work& f) override;

 private:
  class Conn;
  class Checkpointer;
  struct Write;
  void in_transaction(const char* begin, const Work& f);
  void log_grew(sqlite3* db, const char* name, int pages);
  void commit_in_group(const Work& f);
  void commit_group(const std::vector<Write*>& group);

  std::string path_;
  SqliteSync sync_;
  std::mutex mutex_;  // guards the connection
  std::unique_ptr<Conn> conn_;
  std::unique_ptr<Checkpointer> checkpointer_;  // under NORMAL
  int next_checkpoint_at_ = kCheckpointPages;    // the log's pages that ask for the next one
  std::mutex group_mutex_;  // guards what follows
  std::condition_variable group_done_;
  std::vector<Write*> waiting_;  // the next group
  bool committing_ = false;      // a group is being committed
  GroupCommits group_commits_;
};

}  // namespace kirin::server::sql
