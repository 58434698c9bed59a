// The login throttle on its own, on a clock the test moves: the free failures, the doubling
// waits and their cap, per name and per address, what a success clears, forgetting, and the
// bounded tables.
#include "server/domain/login_throttle.h"

#include <gtest/gtest.h>

#include <string>

namespace kirin::server {
namespace {

class LoginThrottleTest : public ::testing::Test {
 protected:
  TimeMs now = 1'000'000;
  LoginThrottleOptions options{.account_free_failures = 3,
                               .address_free_failures = 5,
                               .first_wait_ms = 1000,
                               .max_wait_ms = 8000,
                               .forget_after_ms = 60'000,
                               .max_entries = 4};
  LoginThrottle throttle{options, [this] { return now; }};
};

TEST_F(LoginThrottleTest, WaitsDoubleAfterTheFreeFailuresUpToTheCap) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(throttle.wait("alice", "").ms, 0) << i;
    throttle.failed("alice", "");
  }
  EXPECT_EQ(throttle.wait("alice", "").ms, 0);  // three were free
  throttle.failed("alice", "");
  EXPECT_EQ(throttle.wait("ALICE", "").ms, 1000);  // names in any letter case are one
  now += 400;
  EXPECT_EQ(throttle.wait("alice", "").ms, 600);
  EXPECT_FALSE(throttle.wait("alice", "").by_address);
  for (TimeMs expected : {2000, 4000, 8000, 8000}) {
    now += 10'000;
    throttle.failed("alice", "");
    EXPECT_EQ(throttle.wait("alice", "").ms, expected);
  }
  EXPECT_EQ(throttle.wait("bob", "").ms, 0);  // another name is not slowed down
}

TEST_F(LoginThrottleTest, AnAddressIsSlowedAcrossNamesAndASuccessDoesNotClearIt) {
  for (int i = 0; i < 6; ++i) throttle.failed("name" + std::to_string(i % 2), "192.0.2.7");
  LoginThrottle::Wait w = throttle.wait("carol", "192.0.2.7");
  EXPECT_EQ(w.ms, 1000);
  EXPECT_TRUE(w.by_address);
  EXPECT_EQ(throttle.wait("carol", "192.0.2.8").ms, 0);
  EXPECT_EQ(throttle.wait("carol", "").ms, 0);  // the local operator has no address

  throttle.succeeded("carol");
  EXPECT_EQ(throttle.wait("carol", "192.0.2.7").ms, 1000);
}

TEST_F(LoginThrottleTest, ASuccessClearsTheNameAndOldFailuresAreForgotten) {
  for (int i = 0; i < 4; ++i) throttle.failed("alice", "");
  EXPECT_GT(throttle.wait("alice", "").ms, 0);
  throttle.succeeded("alice");
  EXPECT_EQ(throttle.wait("alice", "").ms, 0);
  EXPECT_EQ(throttle.accounts_tracked(), 0u);

  for (int i = 0; i < 4; ++i) throttle.failed("bob", "198.51.100.1");
  now += 59'999;
  EXPECT_EQ(throttle.accounts_tracked(), 1u);
  now += 1;
  EXPECT_EQ(throttle.wait("bob", "198.51.100.1").ms, 0);
  EXPECT_EQ(throttle.accounts_tracked(), 0u);
  EXPECT_EQ(throttle.addresses_tracked(), 0u);
}

TEST_F(LoginThrottleTest, TablesAreBoundedAndDropTheOldestFirst) {
  for (int i = 0; i < 4; ++i) throttle.failed("victim", "");
  for (int i = 0; i < 100; ++i) {
    now += 1;
    throttle.failed("made-up-" + std::to_string(i), "203.0.113." + std::to_string(i));
  }
  EXPECT_EQ(throttle.accounts_tracked(), 4u);
  EXPECT_EQ(throttle.addresses_tracked(), 4u);
  EXPECT_EQ(throttle.wait("made-up-99", "").ms, 0);  // one failure: still free

  // A name far longer than any user's is kept as its first kMaxKeyBytes bytes.
  std::string long_name(100'000, 'x');
  for (int i = 0; i < 4; ++i) throttle.failed(long_name, "");
  EXPECT_GT(throttle.wait(long_name.substr(0, LoginThrottle::kMaxKeyBytes) + "y", "").ms, 0);
}

}  // namespace
}  // namespace kirin::server
