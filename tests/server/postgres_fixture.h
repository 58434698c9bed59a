// gtest fixtures on PostgreSQL (postgres_cluster.h): PostgresTest gives each test a fresh
// database. Tests skip only if the PostgreSQL server binaries are not installed. (The
// service's tests, ServerTest in server_fixture.h, run on PostgreSQL with KIRIN_TEST_STORE.)
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
    if (pg.state() == PostgresCluster::State::Absent) {
      if (oracles_required()) FAIL() << pg.message() << kOraclesRequired;
      GTEST_SKIP() << pg.message();
    }
    ASSERT_EQ(pg.state(), PostgresCluster::State::Ready) << pg.message();
    database_ = pg.create_database();
  }
  void TearDown() override {
    if (!database_.empty()) PostgresCluster::shared().drop_database(database_);
  }
  std::string url() const { return with_database(PostgresCluster::shared().url(), database_); }

  std::string database_;
};


}  // namespace kirin::server::testing
