// gtest fixtures on PostgreSQL (postgres_cluster.h): PostgresTest gives each test a fresh
// database; PostgresServerTest is ServerTest's service (server_fixture.h) on it. Tests skip
// only if the PostgreSQL server binaries are not installed.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "postgres_cluster.h"
#include "server_fixture.h"

namespace kirin::server::testing {

// A fresh database on the shared server for each test: url() names it.
class PostgresTest : public ::testing::Test {
 protected:
  void SetUp() override {
    PostgresCluster& pg = PostgresCluster::shared();
    if (pg.state() == PostgresCluster::State::Absent) GTEST_SKIP() << pg.message();
    ASSERT_EQ(pg.state(), PostgresCluster::State::Ready) << pg.message();
    database_ = pg.create_database();
  }
  void TearDown() override {
    if (!database_.empty()) PostgresCluster::shared().drop_database(database_);
  }
  std::string url() const { return with_database(PostgresCluster::shared().url(), database_); }

  std::string database_;
};

// ServerTest's service (server_fixture.h), on a PostgresStore.
class PostgresServerTest : public PostgresTest {
 protected:
  void SetUp() override {
    PostgresTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    open();
    alice = sign_up("alice");
    bob = sign_up("bob");
  }
  void TearDown() override {
    close();
    PostgresTest::TearDown();
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

  FakeClock clock;
  EventLog log;
  std::unique_ptr<Store> store;
  std::unique_ptr<Accounts> accounts;
  std::unique_ptr<GameService> games;
  std::unique_ptr<Challenges> challenges;
  User alice, bob;
};

}  // namespace kirin::server::testing
