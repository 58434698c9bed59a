// gtest fixtures on PostgreSQL (postgres_cluster.h): PostgresTest gives each test a fresh
// database; PostgresServerTest is ServerTest's service (server_fixture.h) on it. Tests skip
// only if the PostgreSQL server binaries are not installed.
#pragma once

#include <gtest/gtest.h>

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

// ServerTest's service (server_fixture.h), on PostgreSQL whatever KIRIN_TEST_STORE says.
class PostgresServerTest : public ServerTest {
 protected:
  PostgresServerTest() : ServerTest(true) {}
};

}  // namespace kirin::server::testing
