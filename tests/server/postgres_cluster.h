// A PostgreSQL server for the tests, and fresh databases on it (postgres_fixture.h has the
// gtest fixtures).
//
// The server is the one KIRIN_TEST_POSTGRES_URL names, if set (a URL whose user may create
// databases, such as the one `scripts/pg-test-cluster.sh start DIR` prints: `make test` can
// start one cluster for every test process), or else a throwaway cluster of this process:
// scripts/pg-test-cluster.sh starts it when the first PostgreSQL test runs and stops it (and
// deletes it) when the tests end, from a gtest Environment's TearDown or, failing that, at
// exit; if the process dies without either, the script's watchdog stops it.
//
// A test is to skip (GTEST_SKIP) only if the PostgreSQL server binaries are not installed
// (state Absent: the script exits 77); any other trouble starting the server fails it.
#pragma once

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

namespace kirin::server::testing {

// scripts/pg-test-cluster.sh of this source tree (postgres_cluster.cpp).
std::string pg_cluster_script();

// `make test` installs PostgreSQL and sets KIRIN_REQUIRE_ORACLES: then a test that would skip
// for want of it fails instead (tests/oracle.sh).
inline bool oracles_required() { return std::getenv("KIRIN_REQUIRE_ORACLES") != nullptr; }
inline constexpr const char* kOraclesRequired =
    " (KIRIN_REQUIRE_ORACLES is set: this test may not be skipped)";

// Runs a shell command; its exit status, and its output and errors together.
inline int run_shell(const std::string& command, std::string& output) {
  output.clear();
  FILE* f = popen((command + " 2>&1").c_str(), "r");
  if (!f) return -1;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) output.append(buf, n);
  int status = pclose(f);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline std::string shell_quoted(const std::string& s) {  // for the shell
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs scripts/pg-test-cluster.sh COMMAND DIR [ARG].
inline int run_pg_cluster_script(const std::string& command, const std::string& dir,
                                 const std::string& arg, std::string& output) {
  return run_shell("bash " + shell_quoted(pg_cluster_script()) + " " + command + " " +
                       shell_quoted(dir) + (arg.empty() ? "" : " " + shell_quoted(arg)),
                   output);
}

// The URL of database `name` on the server `url` is on.
inline std::string with_database(const std::string& url, const std::string& name) {
  return url + (url.find('?') == std::string::npos ? "?" : "&") + "dbname=" + name;
}

// Runs one statement (no user data) on `url`; throws std::runtime_error saying why it failed.
inline void pg_exec(const std::string& url, const std::string& sql) {
  PGconn* c = PQconnectdb(url.c_str());
  std::string error;
  if (PQstatus(c) != CONNECTION_OK) {
    error = PQerrorMessage(c);
  } else {
    PGresult* r = PQexec(c, sql.c_str());
    if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
      error = PQresultErrorMessage(r);
    PQclear(r);
  }
  PQfinish(c);
  if (!error.empty()) throw std::runtime_error(sql + ": " + error);
}

class PostgresCluster {
 public:
  enum class State { Ready, Absent, Failed };

  // A throwaway cluster of its own, in a new directory under the temporary directory.
  static std::unique_ptr<PostgresCluster> start_private() {
    auto c = std::unique_ptr<PostgresCluster>(new PostgresCluster);
    c->start();
    return c;
  }

  // The one the tests share: KIRIN_TEST_POSTGRES_URL's, or a private one started now.
  static PostgresCluster& shared() {
    std::lock_guard lock(shared_mutex());
    std::unique_ptr<PostgresCluster>& s = shared_slot();
    if (!s) {
      if (const char* url = getenv("KIRIN_TEST_POSTGRES_URL"); url && *url) {
        s.reset(new PostgresCluster);
        s->url_ = url;
        s->state_ = State::Ready;
      } else {
        s = start_private();
      }
    }
    return *s;
  }
  static void stop_shared() {
    std::lock_guard lock(shared_mutex());
    shared_slot().reset();
  }

  ~PostgresCluster() { stop(); }
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

  State state() const { return state_; }
  const std::string& message() const { return message_; }  // why not Ready
  const std::string& url() const { return url_; }  // the database kirin, as superuser
  bool owned() const { return !dir_.empty(); }

  // Stops the server (immediate: as a crash) and starts it again; throws if it cannot.
  void restart(const char* mode) {
    if (!owned()) throw std::runtime_error("not a cluster of these tests");
    std::string out;
    if (run_pg_cluster_script("restart", dir_, mode, out) != 0)
      throw std::runtime_error("restarting the PostgreSQL test cluster failed: " + out);
  }

  // A new empty database; returns its name.
  std::string create_database() {
    static std::atomic<int> counter{0};
    std::string name = "kirin_t" + std::to_string(getpid()) + "_" + std::to_string(++counter);
    pg_exec(url_, "CREATE DATABASE " + name);
    return name;
  }
  void drop_database(const std::string& name) {
    pg_exec(url_, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  }

 private:
  PostgresCluster() = default;

  static std::mutex& shared_mutex() {
    static std::mutex m;
    return m;
  }
  static std::unique_ptr<PostgresCluster>& shared_slot() {
    static std::unique_ptr<PostgresCluster> s;
    return s;
  }

  void start() {
    // Short: the server's socket goes in it (sun_path has 108 bytes).
    std::filesystem::path tmp = std::filesystem::temp_directory_path();
    if (tmp.string().size() > 60) tmp = "/tmp";
    std::string pattern = (tmp / "kirin-pg-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
      state_ = State::Failed;
      message_ = "mkdtemp failed";
      return;
    }
    std::string out;
    int status = run_pg_cluster_script("start", pattern, std::to_string(getpid()), out);
    while (!out.empty() && out.back() == '\n') out.pop_back();
    if (status == 0) {
      dir_ = pattern;
      owner_ = getpid();
      url_ = out.substr(out.rfind('\n') + 1);  // the last line
      state_ = State::Ready;
      return;
    }
    std::error_code ec;
    std::filesystem::remove_all(pattern, ec);
    state_ = status == 77 ? State::Absent : State::Failed;
    message_ = (status == 77 ? "PostgreSQL is not installed: " : "cannot start PostgreSQL: ") + out;
  }

  void stop() {
    if (dir_.empty() || getpid() != owner_) return;  // not in a forked child
    std::string out;
    run_pg_cluster_script("stop", dir_, "", out);
    dir_.clear();
  }

  State state_ = State::Failed;
  std::string message_;
  std::string url_;
  std::string dir_;  // of a cluster this process started
  pid_t owner_ = 0;
};

// Stops the shared cluster once all tests ran (the function-local static's destructor would
// too, at exit: this is earlier, and explicit).
class PostgresEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { PostgresCluster::stop_shared(); }
};
inline ::testing::Environment* const kPostgresEnvironment =
    ::testing::AddGlobalTestEnvironment(new PostgresEnvironment);

}  // namespace kirin::server::testing
