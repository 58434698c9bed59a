// A whole service on a temporary SQLite file, with a fake clock and recorded events; reopen()
// closes everything and opens the store again, as a server restart would.
// With KIRIN_TEST_STORE=postgres the store is a fresh PostgreSQL database instead
// (postgres_cluster.h); the tests skip then if PostgreSQL is not installed.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/accounts.h"
#include "server/challenges.h"
#include "server/errors.h"
#include "server/events.h"
#include "server/games.h"
#include "postgres_cluster.h"
#include "server/store/store.h"

namespace kirin::server::testing {

struct FakeClock {
  std::atomic<TimeMs> t{1'700'000'000'000};
  NowFn fn() {
    return [this] { return t.load(); };
  }
  void advance(int64_t ms) { t += ms; }
};

// A fresh directory under TMPDIR, removed at the end.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "kirin-server-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Records every published event.
struct EventLog : EventSink {
  std::mutex mutex;
  std::vector<Event> events;
  void publish(const Event& e) override {
    std::lock_guard lock(mutex);
    events.push_back(e);
  }
  std::vector<std::string> kinds() {
    std::lock_guard lock(mutex);
    std::vector<std::string> out;
    for (const Event& e : events) out.push_back(event_kind_name(e.kind));
    return out;
  }
  void clear() {
    std::lock_guard lock(mutex);
    events.clear();
  }
};

class ServerTest : public ::testing::Test {
 protected:
  ServerTest() : ServerTest(postgres_wanted()) {}
  // On PostgreSQL if `postgres`, whatever KIRIN_TEST_STORE says (postgres_fixture.h).
  explicit ServerTest(bool postgres) : postgres_db(postgres ? postgres_database() : "") {}

  std::string url() const {
    if (postgres_db.empty()) return "sqlite:" + (dir.path() / "kirin.db").string();
    return with_database(PostgresCluster::shared().url(), postgres_db);
  }

  void SetUp() override {
    if (!postgres_absent.empty()) GTEST_SKIP() << postgres_absent;
    ASSERT_TRUE(postgres_error.empty()) << postgres_error;
  }
  void TearDown() override {
    close();
    if (!postgres_db.empty()) PostgresCluster::shared().drop_database(postgres_db);
  }

  void open() {
    store = open_store(url());
    accounts = std::make_unique<Accounts>(*store, HashCost::Minimal, clock.fn());
    games = std::make_unique<GameService>(*store, log, clock.fn());
    challenges = std::make_unique<Challenges>(*store, *games, log, clock.fn());
  }
  void close() {
    challenges.reset();
    games.reset();
    accounts.reset();
    store.reset();
  }
  void reopen() {
    close();
    open();
  }

  User sign_up(const std::string& name) {
    return accounts->sign_up(name, name + "@example.org", "password-" + name);
  }

  // alice challenges bob (alice Black unless `color` says otherwise) and bob accepts.
  Id start_game(GameSetup setup = {}, TimeControl tc = {},
                ColorChoice color = ColorChoice::ChallengerBlack) {
    ChallengeRequest r;
    r.opponent = bob.name;
    r.setup = std::move(setup);
    r.time_control = tc;
    r.color = color;
    Challenge c = challenges->create(alice.id, r);
    return challenges->accept(c.id, bob.id);
  }

  static GameSetup shogi(std::string sfen = {}) {
    GameSetup s;
    s.game = "shogi";
    s.start_sfen = std::move(sfen);
    return s;
  }

  static bool postgres_wanted() {
    const char* kind = getenv("KIRIN_TEST_STORE");
    return kind && std::string(kind) == "postgres";
  }
  // A new database (constructors cannot skip: without PostgreSQL the test runs on SQLite
  // until SetUp skips it).
  std::string postgres_database() {
    PostgresCluster& pg = PostgresCluster::shared();
    if (pg.state() == PostgresCluster::State::Absent) postgres_absent = pg.message();
    else if (pg.state() != PostgresCluster::State::Ready) postgres_error = pg.message();
    else return pg.create_database();
    return {};
  }

  TempDir dir;
  std::string postgres_absent, postgres_error;
  std::string postgres_db;
  FakeClock clock;
  EventLog log;
  std::unique_ptr<Store> store;
  std::unique_ptr<Accounts> accounts;
  std::unique_ptr<GameService> games;
  std::unique_ptr<Challenges> challenges;
  bool opened = (open(), true);
  User alice = sign_up("alice");
  User bob = sign_up("bob");
};

// The moves' USI texts.
inline std::vector<std::string> usi_of(const std::vector<MoveRecord>& moves) {
  std::vector<std::string> out;
  for (const MoveRecord& m : moves) out.push_back(m.usi);
  return out;
}

// Runs `f` and returns the ServiceError it throws; fails the test if it throws none.
template <class F>
ServiceError service_error(F&& f) {
  try {
    f();
  } catch (const ServiceError& e) {
    return e;
  }
  ADD_FAILURE() << "expected a ServiceError";
  return ServiceError(ErrorCode::Invalid, "none");
}

// Runs `f` and returns the message of the StoreError it throws; fails the test if it throws
// none.
template <class F>
std::string store_error(F&& f) {
  try {
    f();
  } catch (const StoreError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a StoreError";
  return {};
}

}  // namespace kirin::server::testing
