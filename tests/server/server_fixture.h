// A whole service on a temporary SQLite file, with a fake clock and recorded events; reopen()
// closes everything and opens the store again, as a server restart would.
// With KIRIN_TEST_STORE=postgres the store is a fresh PostgreSQL database instead
// (postgres_cluster.h); the tests skip then if PostgreSQL is not installed.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "postgres_cluster.h"
#include "server/domain/accounts.h"
#include "server/domain/challenges.h"
#include "server/domain/events.h"
#include "server/domain/games.h"
#include "server/domain/imports.h"
#include "server/domain/mate_service.h"
#include "server/domain/messages.h"
#include "server/domain/moderation.h"
#include "server/domain/problems.h"
#include "server/domain/service_error.h"
#include "server/domain/tournaments.h"
#include "server/store/sql_storage.h"

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

// Where a test's server keeps its data: a SQLite file in a temporary directory, or with
// KIRIN_TEST_STORE=postgres a fresh PostgreSQL database, dropped at the end. Constructors
// cannot skip a test: without PostgreSQL, url() is the SQLite file until SetUp calls check(),
// which skips the test.
class TestDatabase {
 public:
  TestDatabase() : TestDatabase(postgres_wanted()) {}
  // On PostgreSQL if `postgres`, whatever KIRIN_TEST_STORE says.
  explicit TestDatabase(bool postgres) {
    if (!postgres) return;
    PostgresCluster& pg = PostgresCluster::shared();
    if (pg.state() == PostgresCluster::State::Absent) absent_ = pg.message();
    else if (pg.state() != PostgresCluster::State::Ready) error_ = pg.message();
    else postgres_db_ = pg.create_database();
  }
  ~TestDatabase() {
    if (!postgres_db_.empty()) PostgresCluster::shared().drop_database(postgres_db_);
  }
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  std::string url() const {
    if (postgres_db_.empty()) return "sqlite:" + (dir_.path() / "kirin.db").string();
    return with_database(PostgresCluster::shared().url(), postgres_db_);
  }
  // For SetUp: skips the test if PostgreSQL is wanted but not installed (fails it under
  // KIRIN_REQUIRE_ORACLES), fails it if its server is broken.
  void check() const {
    if (!absent_.empty()) {
      if (oracles_required()) FAIL() << absent_ << kOraclesRequired;
      GTEST_SKIP() << absent_;
    }
    ASSERT_TRUE(error_.empty()) << error_;
  }

  static bool postgres_wanted() {
    const char* kind = getenv("KIRIN_TEST_STORE");
    return kind && std::string(kind) == "postgres";
  }

 private:
  TempDir dir_;
  std::string absent_, error_;
  std::string postgres_db_;
};

class ServerTest : public ::testing::Test {
 protected:
  std::string url() const { return database.url(); }

  void SetUp() override { database.check(); }
  void TearDown() override { close(); }

  void open() {
    store = open_storage(url());
    accounts = std::make_unique<Accounts>(store->accounts(), AccountOptions{.hash_cost = HashCost::Minimal},
                                          clock.fn());
    games = std::make_unique<GameService>(*store, log, clock.fn());
    challenges = std::make_unique<Challenges>(*store, *games, log, clock.fn(), fresh_may_play_rated());
    imports = std::make_unique<ImportService>(*store, clock.fn());

    messages = std::make_unique<Messages>(*store, log, clock.fn());
    mate = std::make_unique<MateService>(MateOptions{}, clock.fn());
    problems = std::make_unique<ProblemService>(*mate);
    blocks = std::make_unique<Blocks>(*store, clock.fn());
    reports = std::make_unique<Reports>(*store, clock.fn());
    moderation =
        std::make_unique<Moderation>(*store, *accounts, *challenges, *games, *messages, log, clock.fn());
    tournaments = std::make_unique<Tournaments>(*store, *accounts, *games, *challenges, *blocks,
                                                log, clock.fn());
  }
  // What the text commands take of moderation.
  ModerationServices moderation_services() { return {*blocks, *reports, *moderation}; }
  // The tests' accounts are minutes old: the rated games' gate on account age or games
  // played (ChallengeLimits) is open for them, but in the tests of the gate itself.
  static ChallengeLimits fresh_may_play_rated() {
    ChallengeLimits limits;
    limits.rated_min_account_age_ms = 0;
    return limits;
  }
  void close() {
    tournaments.reset();
    moderation.reset();
    reports.reset();
    blocks.reset();
    problems.reset();
    mate.reset();
    messages.reset();
    imports.reset();
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

  TestDatabase database;
  TempDir dir;  // for the files a test makes
  FakeClock clock;
  EventLog log;
  std::unique_ptr<sql::SqlStorage> store;
  std::unique_ptr<Accounts> accounts;
  std::unique_ptr<GameService> games;
  std::unique_ptr<Challenges> challenges;
  std::unique_ptr<ImportService> imports;
  std::unique_ptr<Messages> messages;
  std::unique_ptr<MateService> mate;
  std::unique_ptr<ProblemService> problems;
  std::unique_ptr<Blocks> blocks;
  std::unique_ptr<Reports> reports;
  std::unique_ptr<Moderation> moderation;
  std::unique_ptr<Tournaments> tournaments;
  bool opened = (open(), true);
  User alice = sign_up("alice");
  User bob = sign_up("bob");
};

// Records the game changes a store's listener hears.
struct Heard {
  std::mutex mutex;
  std::condition_variable cv;
  std::vector<GameChange> changes;
  void operator()(const GameChange& c) {
    std::lock_guard lock(mutex);
    changes.push_back(c);
    cv.notify_all();
  }
  // Waits until `n` changes were heard (or a while); returns their games.
  std::vector<Id> wait_for(size_t n, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    std::unique_lock lock(mutex);
    cv.wait_for(lock, limit, [&] { return changes.size() >= n; });
    std::vector<Id> games;
    for (const GameChange& c : changes) games.push_back(c.game);
    return games;
  }
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
