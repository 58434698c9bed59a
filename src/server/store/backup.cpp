#include "server/store/backup.h"

#include <fcntl.h>
#include <libpq-fe.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include "server/domain/storage.h"
#include "server/store/postgres_database.h"

extern char** environ;

namespace kirin::server::sql {

namespace fs = std::filesystem;

namespace {

// A temporary file beside the target, removed unless kept (renamed into place).
class TempFile {
 public:
  explicit TempFile(const std::string& target) {
    fs::path t(target);
    std::string pattern = (t.parent_path().empty() ? fs::path(".") : t.parent_path()) /
                          ("." + t.filename().string() + ".partial-XXXXXX");
    int fd = mkstemp(pattern.data());
    if (fd < 0)
      throw StoreError("cannot create a file beside " + target + ": " + std::strerror(errno));
    ::close(fd);
    path_ = pattern;
  }
  ~TempFile() {
    if (!kept_) ::unlink(path_.c_str());
  }
  const std::string& path() const { return path_; }
  // Syncs the file, renames it to `target` and syncs the directory, so the name survives a
  // crash only with the whole backup behind it.
  void keep_as(const std::string& target) {
    int fd = ::open(path_.c_str(), O_RDONLY);
    if (fd < 0 || ::fsync(fd) != 0) {
      if (fd >= 0) ::close(fd);
      throw StoreError("cannot sync " + path_ + ": " + std::strerror(errno));
    }
    ::close(fd);
    if (::rename(path_.c_str(), target.c_str()) != 0)
      throw StoreError("cannot rename " + path_ + " to " + target + ": " + std::strerror(errno));
    kept_ = true;
    fs::path dir = fs::path(target).parent_path();
    int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
      ::fsync(dfd);
      ::close(dfd);
    }
  }

 private:
  std::string path_;
  bool kept_ = false;
};

struct SqliteCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using SqliteHandle = std::unique_ptr<sqlite3, SqliteCloser>;

SqliteHandle open_sqlite(const std::string& path, int flags, const std::string& what) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  SqliteHandle handle(db);
  if (rc != SQLITE_OK)
    throw StoreError("cannot open " + what + " " + path + ": " +
                     (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
  sqlite3_busy_timeout(db, 5000);
  return handle;
}

void exec(sqlite3* db, const char* sql, const std::string& what) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : sqlite3_errmsg(db);
    sqlite3_free(error);
    throw StoreError(what + ": " + message);
  }
}

// PRAGMA integrity_check's rows: "ok" alone, or the problems found.
std::string integrity_problems(sqlite3* db) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &stmt, nullptr) != SQLITE_OK)
    return sqlite3_errmsg(db);
  std::string out;
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    const unsigned char* text = sqlite3_column_text(stmt, 0);
    std::string row = text ? reinterpret_cast<const char*>(text) : "";
    if (row != "ok") out += (out.empty() ? "" : "; ") + row;
  }
  if (rc != SQLITE_DONE) out += (out.empty() ? "" : "; ") + std::string(sqlite3_errmsg(db));
  sqlite3_finalize(stmt);
  return out;
}

BackupResult backup_sqlite(const std::string& source, const std::string& target,
                           const BackupOptions& o) {
  if (!fs::exists(source)) throw StoreError("no SQLite database at " + source);
  SqliteHandle from = open_sqlite(source, SQLITE_OPEN_READWRITE, "the store");
  // The read transaction fixes the moment the copy holds (see backup.h); its first read is
  // what begins it.
  exec(from.get(), "BEGIN", "cannot begin reading " + source);
  exec(from.get(), "SELECT COUNT(*) FROM sqlite_schema", "cannot read " + source);
  if (o.snapshot_taken) o.snapshot_taken();

  TempFile temp(target);
  BackupResult result;
  {
    SqliteHandle to = open_sqlite(temp.path(), SQLITE_OPEN_READWRITE, "the backup");
    sqlite3_backup* backup = sqlite3_backup_init(to.get(), "main", from.get(), "main");
    if (!backup)
      throw StoreError("cannot start the backup: " + std::string(sqlite3_errmsg(to.get())));
    int rc;
    while (true) {
      rc = sqlite3_backup_step(backup, o.pages_per_step);
      if (o.progress && (rc == SQLITE_OK || rc == SQLITE_DONE))
        o.progress(sqlite3_backup_remaining(backup), sqlite3_backup_pagecount(backup));
      if (rc == SQLITE_OK) continue;
      if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        continue;
      }
      break;
    }
    result.pages = sqlite3_backup_pagecount(backup);
    int finished = sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE || finished != SQLITE_OK)
      throw StoreError("the backup failed: " +
                       std::string(sqlite3_errstr(rc != SQLITE_DONE ? rc : finished)));
    std::string problems = integrity_problems(to.get());
    if (!problems.empty()) throw StoreError("the copy fails its integrity check: " + problems);
    // One file, nothing in a log beside it: the backup is the database.
    exec(to.get(), "PRAGMA journal_mode = DELETE", "cannot finish the copy");
  }
  exec(from.get(), "COMMIT", "cannot end reading " + source);
  if (fs::exists(target) && !o.force)  // looked at again: it may have appeared meanwhile
    throw StoreError(target + " exists; --force replaces it");
  temp.keep_as(target);
  result.bytes = static_cast<long long>(fs::file_size(target));
  return result;
}

// The URL's password (URI or key=value form), or "" if it names none.
std::string password_of(const std::string& url) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (!options) {
    std::string why = error ? error : "cannot be parsed";
    PQfreemem(error);
    throw StoreError("the store URL " + PostgresDatabase::redact_url(url) + ": " + why);
  }
  std::string password;
  for (PQconninfoOption* o = options; o->keyword; ++o)
    if (std::strcmp(o->keyword, "password") == 0 && o->val) password = o->val;
  PQconninfoFree(options);
  return password;
}

BackupResult backup_postgres(const std::string& url, const std::string& target,
                             const BackupOptions& o) {
  std::string password = password_of(url);
  std::string dbname = PostgresDatabase::redact_url(url);
  TempFile temp(target);
  std::vector<std::string> args = {o.pg_dump, "--format=custom", "--no-password",
                                   "--file=" + temp.path(), "--dbname=" + dbname};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_text;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "PGPASSWORD=", 11) != 0 || password.empty()) env_text.emplace_back(*e);
  if (!password.empty()) env_text.push_back("PGPASSWORD=" + password);
  std::vector<char*> envp;
  for (std::string& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);
  if (o.snapshot_taken) o.snapshot_taken();
  pid_t pid;
  int rc = posix_spawnp(&pid, o.pg_dump.c_str(), nullptr, nullptr, argv.data(), envp.data());
  if (rc != 0)
    throw StoreError("cannot run " + o.pg_dump + ": " + std::strerror(rc) +
                     " (PostgreSQL's client programs: apt-get install postgresql-client)");
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw StoreError(o.pg_dump + " of " + dbname + " failed (its message is above)");
  if (fs::exists(target) && !o.force) throw StoreError(target + " exists; --force replaces it");
  temp.keep_as(target);
  return {static_cast<long long>(fs::file_size(target)), 0};
}

}  // namespace

BackupResult backup_store(const std::string& url, const std::string& target,
                          const BackupOptions& options) {
  if (target.empty()) throw StoreError("no backup file named");
  if (fs::exists(target) && !options.force)
    throw StoreError(target + " exists; --force replaces it");
  if (fs::is_directory(target)) throw StoreError(target + " is a directory");
  if (url.starts_with("sqlite:")) {
    std::string path = url.substr(7);
    std::error_code ec;
    if (fs::exists(target) && fs::equivalent(path, target, ec))
      throw StoreError("the backup cannot replace the database itself");
    return backup_sqlite(path, target, options);
  }
  if (url.starts_with("postgresql:") || url.starts_with("postgres:"))
    return backup_postgres(url, target, options);
  throw StoreError("store URL '" + url + "': use sqlite:PATH or postgresql://...");
}

}  // namespace kirin::server::sql
