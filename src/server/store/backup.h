// `kirin backup`: a copy of a store that a running server keeps writing to.
//
// SQLite: SQLite's online backup API, a few pages a step, from a connection that holds one
// read transaction from the first step to the last. In WAL mode a reader never blocks the
// server's writers and sees the database as it was when its transaction began, so the copy is
// that moment's database: consistent, and holding every write committed (acknowledged) before
// it, none after. (Without the held transaction the backup would start over each time another
// connection wrote, and under steady play might never end.) The copy is written to a
// temporary file beside the target, checked with PRAGMA integrity_check, synced and renamed
// into place, so that a half-written backup never has the backup's name.
//
// PostgreSQL: pg_dump --format=custom (itself one consistent snapshot), to a temporary file
// renamed into place; the URL's password goes to pg_dump in PGPASSWORD, never on its command
// line, where every user of the machine could read it. Restore with pg_restore
// (docs/OPERATIONS.md).
#pragma once

#include <functional>
#include <string>

namespace kirin::server::sql {

struct BackupOptions {
  bool force = false;         // replace an existing target
  int pages_per_step = 256;   // SQLite: pages copied between two looks at the progress
  // SQLite: pages left and in all, after each step.
  std::function<void(int remaining, int total)> progress;
  // Called once the moment the copy holds is fixed (SQLite: the read transaction began;
  // PostgreSQL: before pg_dump starts, whose snapshot is taken a little later).
  std::function<void()> snapshot_taken;
  std::string pg_dump = "pg_dump";  // the program, found on PATH
};

struct BackupResult {
  long long bytes = 0;  // the backup file's size
  int pages = 0;        // SQLite: the database's pages copied
};

// Backs up the store at `url` ("sqlite:PATH" or a PostgreSQL URI) to the file `target`.
// Throws StoreError saying what went wrong; the target is then left as it was.
BackupResult backup_store(const std::string& url, const std::string& target,
                          const BackupOptions& options = {});

}  // namespace kirin::server::sql
