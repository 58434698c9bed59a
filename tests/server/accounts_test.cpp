#include <atomic>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "server/domain/common_passwords.h"
#include "server/domain/password_hasher.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using AccountsTest = ServerTest;

// Argon2 at the minimal cost, counting the hashes it computes and checks.
class CountingHasher final : public PasswordHasher {
 public:
  std::string hash(std::string_view password) override {
    ++hashes;
    return argon2_.hash(password);
  }
  bool verify(const std::string& hash, std::string_view password) override {
    ++verifies;
    return argon2_.verify(hash, password);
  }
  const std::string& dummy_hash() const override { return argon2_.dummy_hash(); }

  std::atomic<int> hashes = 0, verifies = 0;

 private:
  Argon2Hasher argon2_{HashCost::Minimal};
};

// Holds every hash until released, so that a test can fill a pool's threads and queue.
class GatedHasher final : public PasswordHasher {
 public:
  std::string hash(std::string_view password) override {
    std::unique_lock lock(mutex_);
    ++started;
    changed_.notify_all();
    changed_.wait(lock, [&] { return open_; });
    return std::string(password);
  }
  bool verify(const std::string& hash, std::string_view password) override {
    return this->hash(password) == hash;
  }
  const std::string& dummy_hash() const override { return dummy_; }

  void wait_for_started(int n) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return started >= n; });
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }

  int started = 0;  // under mutex_

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = false;
  std::string dummy_ = "dummy";
};

TEST_F(AccountsTest, SignUpStoresAHashedPasswordAndDefaults) {
  User carol = accounts->sign_up("Carol_9", "carol@example.org", "correct horse");
  EXPECT_GT(carol.id, bob.id);
  User stored = accounts->user_by_name("carol_9");  // names match ignoring case
  EXPECT_EQ(stored.id, carol.id);
  EXPECT_EQ(stored.name, "Carol_9");
  EXPECT_EQ(stored.email, "carol@example.org");
  EXPECT_TRUE(stored.password_hash.starts_with("$argon2id$")) << stored.password_hash;
  EXPECT_EQ(stored.password_hash.find("correct horse"), std::string::npos);
  EXPECT_EQ(stored.preferences, Preferences{});
  EXPECT_EQ(stored.created, clock.t.load());
}

TEST_F(AccountsTest, DuplicateNameIsAConflictInAnyCase) {
  ServiceError e =
      service_error([&] { accounts->sign_up("ALICE", "a2@example.org", "not-so-common"); });
  EXPECT_EQ(e.code(), ErrorCode::Conflict);
  EXPECT_EQ(e.field(), "name");
  EXPECT_EQ(std::string(e.what()), "the name 'ALICE' is taken");
}

TEST_F(AccountsTest, BadInputNamesTheField) {
  struct Case {
    const char *name, *email, *password, *field, *message;
  };
  for (const Case& c : {
           Case{"x", "x@example.org", "12345678", "name", "a name has 2 to 24 characters, not 1"},
           Case{"9lives", "x@example.org", "12345678", "name",
                "a name starts with a letter (A-Z, a-z)"},
           Case{"bad name", "x@example.org", "12345678", "name",
                "a name has only letters, digits, '_' and '-': character 4 is not one"},
           Case{"dave", "dave.example.org", "12345678", "email",
                "an email address has one '@' with something before it"},
           Case{"dave", "dave@localhost", "12345678", "email",
                "the domain of the email address ('localhost') has no dot between its parts"},
           Case{"dave", "dave@example.org", "short", "password",
                "a password has at least 8 characters"},
       }) {
    ServiceError e = service_error([&] { accounts->sign_up(c.name, c.email, c.password); });
    EXPECT_EQ(e.code(), ErrorCode::Invalid) << c.name;
    EXPECT_EQ(e.field(), c.field) << c.name;
    EXPECT_EQ(std::string(e.what()), c.message);
  }
  EXPECT_EQ(service_error([&] { accounts->user_by_name("dave"); }).code(), ErrorCode::NotFound);
}

TEST_F(AccountsTest, LogInAuthenticateLogOut) {
  LoginResult login = accounts->log_in("Alice", "password-alice");
  EXPECT_EQ(login.user.id, alice.id);
  EXPECT_EQ(login.token.size(), 43u);  // 32 bytes, base64url without padding
  EXPECT_EQ(login.expires, clock.t.load() + Accounts::kSessionLifetimeMs);
  EXPECT_EQ(accounts->authenticate(login.token).id, alice.id);

  // Two logins are two sessions; only the hash of a token is stored.
  LoginResult second = accounts->log_in("alice", "password-alice");
  EXPECT_NE(second.token, login.token);
  EXPECT_FALSE(store->accounts().find_session(login.token));

  accounts->log_out(login.token);
  ServiceError e = service_error([&] { accounts->authenticate(login.token); });
  EXPECT_EQ(e.code(), ErrorCode::Unauthorized);
  EXPECT_EQ(accounts->authenticate(second.token).id, alice.id);
}

TEST_F(AccountsTest, WrongPasswordOrUnknownNameIsUnauthorized) {
  ServiceError wrong = service_error([&] { accounts->log_in("alice", "password-bob"); });
  EXPECT_EQ(wrong.code(), ErrorCode::Unauthorized);
  EXPECT_EQ(std::string(wrong.what()), "wrong name or password");
  ServiceError unknown = service_error([&] { accounts->log_in("nobody", "password-bob"); });
  EXPECT_EQ(unknown.code(), ErrorCode::Unauthorized);
  EXPECT_EQ(std::string(unknown.what()), "wrong name or password");
  EXPECT_EQ(service_error([&] { accounts->authenticate("not-a-token"); }).code(),
            ErrorCode::Unauthorized);
}

TEST_F(AccountsTest, SessionsExpire) {
  LoginResult login = accounts->log_in("bob", "password-bob");
  LoginResult other = accounts->log_in("alice", "password-alice");
  clock.advance(Accounts::kSessionLifetimeMs - 1);
  EXPECT_EQ(accounts->authenticate(login.token).id, bob.id);
  clock.advance(1);
  ServiceError e = service_error([&] { accounts->authenticate(login.token); });
  EXPECT_EQ(e.code(), ErrorCode::Unauthorized);
  EXPECT_EQ(std::string(e.what()), "the session has expired: sign in again");
  // That one is gone already; the purge finds the other.
  LoginResult fresh = accounts->log_in("alice", "password-alice");
  EXPECT_EQ(accounts->purge_expired_sessions(), 1);
  EXPECT_EQ(service_error([&] { accounts->authenticate(other.token); }).code(),
            ErrorCode::Unauthorized);
  EXPECT_EQ(accounts->authenticate(fresh.token).id, alice.id);
}

TEST_F(AccountsTest, PreferencesAreValidatedAndKept) {
  Preferences p{"small", true, "western"};
  accounts->set_preferences(alice.id, p);
  reopen();
  EXPECT_EQ(accounts->preferences(alice.id), p);
  EXPECT_EQ(accounts->preferences(bob.id), Preferences{});

  ServiceError e =
      service_error([&] { accounts->set_preferences(alice.id, {"huge", false, "kanji"}); });
  EXPECT_EQ(e.code(), ErrorCode::Invalid);
  EXPECT_EQ(e.field(), "board_style");
  EXPECT_EQ(service_error([&] { accounts->set_preferences(alice.id, {"standard", false, "a b"}); })
                .field(),
            "piece_set");
  EXPECT_EQ(accounts->preferences(alice.id), p);  // unchanged
}

TEST_F(AccountsTest, ADefaultProfileBelongsToOneGame) {
  Preferences p;
  Accounts::set_default_profile(p, "chushogi", "pbmserv");  // an alias: kept by the game's id
  EXPECT_EQ(p.profiles, (std::map<std::string, std::string>{{"chu", "pbmserv"}}));
  accounts->set_preferences(alice.id, p);
  reopen();
  EXPECT_EQ(accounts->preferences(alice.id).profiles.at("chu"), "pbmserv");

  ServiceError e = service_error([&] { Accounts::set_default_profile(p, "chu", "nosuch"); });
  EXPECT_EQ(e.field(), "profile");
  EXPECT_STREQ(e.what(),
               "Chu Shogi has no rule profile 'nosuch' (its profiles: hachu, jcsa, lishogi, "
               "pbmserv, xboard)");
  EXPECT_STREQ(service_error([&] { Accounts::set_default_profile(p, "shogi", "pbmserv"); }).what(),
               "Shogi has no rule profile 'pbmserv' (it has none)");
  EXPECT_EQ(service_error([&] { Accounts::set_default_profile(p, "nogame", "x"); }).field(),
            "profile");
  // A stored preference is checked too: another game's profile, or a game's alias.
  Preferences wrong;
  wrong.profiles = {{"shogi", "pbmserv"}};
  EXPECT_EQ(service_error([&] { accounts->set_preferences(alice.id, wrong); }).field(),
            "profile");
  wrong.profiles = {{"chushogi", "pbmserv"}};
  EXPECT_EQ(service_error([&] { accounts->set_preferences(alice.id, wrong); }).field(),
            "profiles");
  Accounts::set_default_profile(p, "chu", "default");
  EXPECT_TRUE(p.profiles.empty());
}

TEST_F(AccountsTest, TheCommonestPasswordsAreRefusedInAnyCase) {
  EXPECT_GT(common_password_count(), 3000u);
  for (const char* password : {"password1", "PassWord1", "QWERTYUIOP", "iloveyou"}) {
    ServiceError e = service_error([&] { accounts->sign_up("dave", "d@example.org", password); });
    EXPECT_EQ(e.code(), ErrorCode::Invalid) << password;
    EXPECT_EQ(e.field(), "password");
    EXPECT_EQ(std::string(e.what()),
              "that password is one of the commonest, which guessers try first: choose another");
  }
  EXPECT_EQ(accounts->sign_up("dave", "d@example.org", "password1 with more").name, "dave");
}

// Issue 28, the probe's finding 8: the guesses a guesser makes first, at sign-up and at a
// change, each refused with what is wrong.
TEST_F(AccountsTest, WeakPasswordsAreRefusedSayingWhy) {
  struct Case {
    const char *password, *message;
  };
  for (const Case& c : {
           Case{"aaaaaaaa", "a password has at least 4 different characters: one like 'aaaaaaaa' "
                            "is guessed at once"},
           Case{"abababab", "a password has at least 4 different characters: one like 'aaaaaaaa' "
                            "is guessed at once"},
           Case{"          ", "a password is not blanks only"},
           Case{" \t \t \t \t", "a password is not blanks only"},
           Case{"dave", "a password has at least 8 characters"},
           Case{"Dave1987!", "a password is more than the account's name: without it, at least "
                             "6 characters, 4 of them different"},
           Case{"davedavedave", "a password is more than the account's name: without it, at "
                                "least 6 characters, 4 of them different"},
           Case{"DAVE-----", "a password is more than the account's name: without it, at least "
                             "6 characters, 4 of them different"},
       }) {
    ServiceError e = service_error([&] { accounts->sign_up("dave", "d@example.org", c.password); });
    EXPECT_EQ(e.code(), ErrorCode::Invalid) << c.password;
    EXPECT_EQ(e.field(), "password");
    EXPECT_EQ(std::string(e.what()), c.message) << c.password;
  }
  EXPECT_EQ(service_error([&] { accounts->user_by_name("dave"); }).code(), ErrorCode::NotFound);
  // A two-letter name is in too many good passwords to refuse them; a longer one may be in a
  // password that is strong without it.
  EXPECT_EQ(accounts->sign_up("Jo", "jo@example.org", "jo-jo-bean-9").name, "Jo");
  EXPECT_EQ(accounts->sign_up("Eve", "eve@example.org", "eve's-red-kite").name, "Eve");
  // A change is checked against the account's name too, and changes nothing when refused.
  accounts->sign_up("dave", "d@example.org", "correct horse");
  ServiceError e = service_error(
      [&] { accounts->change_password("dave", "correct horse", "dave-dave-dave", ""); });
  EXPECT_EQ(e.field(), "new_password");
  EXPECT_EQ(std::string(e.what()), "the new password: a password is more than the account's "
                                   "name: without it, at least 6 characters, 4 of them different");
  EXPECT_EQ(accounts->check_password("dave", "correct horse").name, "dave");
}

// Issue 28, sign-ups: throwaway accounts are not free. At most a few a client and clock hour,
// counted in the store, so that a restart or another node does not reset the count.
TEST_F(AccountsTest, SignUpsAreLimitedPerClientAndHourInTheStore) {
  UsageCounter usage(store->usage(), clock.fn());
  accounts->limit_signups(usage, 3);
  auto sign_up = [&](const std::string& name, const std::string& client) {
    return accounts->sign_up(name, name + "@example.org", "correct horse", client);
  };
  for (const char* name : {"u1", "u2", "u3"}) EXPECT_EQ(sign_up(name, "192.0.2.7").name, name);
  // A refused sign-up creates nothing and says when to try again.
  ServiceError e = service_error([&] { sign_up("u4", "192.0.2.7"); });
  EXPECT_EQ(e.code(), ErrorCode::TooManyRequests);
  EXPECT_GT(e.retry_after_s(), 0);
  EXPECT_LE(e.retry_after_s(), 3600);
  EXPECT_TRUE(std::string(e.what()).starts_with(
      "accounts opened from your address: at most 3 an hour: try again in "))
      << e.what();
  EXPECT_EQ(service_error([&] { accounts->user_by_name("u4"); }).code(), ErrorCode::NotFound);
  // Mistakes cost no place: a taken name, a bad password are refused before counting.
  EXPECT_EQ(service_error([&] { sign_up("u1", "192.0.2.8"); }).code(), ErrorCode::Conflict);
  EXPECT_EQ(service_error([&] { accounts->sign_up("u5", "u5@example.org", "aaaaaaaa", "192.0.2.8"); })
                .code(),
            ErrorCode::Invalid);
  // Another address, and the local operator, still sign up; another process sees the count.
  EXPECT_EQ(sign_up("u5", "192.0.2.8").name, "u5");
  EXPECT_EQ(sign_up("u6", "").name, "u6");
  {
    auto node2 = open_storage(url());
    UsageCounter usage2(node2->usage(), clock.fn());
    Accounts accounts2(node2->accounts(), AccountOptions{.hash_cost = HashCost::Minimal},
                       clock.fn());
    accounts2.limit_signups(usage2, 3);
    EXPECT_EQ(service_error([&] {
                accounts2.sign_up("u7", "u7@example.org", "correct horse", "192.0.2.7");
              }).code(),
              ErrorCode::TooManyRequests);
  }
  clock.advance(3'600'000);  // the next hour
  EXPECT_EQ(sign_up("u7", "192.0.2.7").name, "u7");
}

TEST_F(AccountsTest, WrongPasswordsMakeTheNextTriesWaitEvenWithTheRightOne) {
  // The default: five wrong passwords are free, the sixth makes the next try wait a second.
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(service_error([&] { accounts->log_in("alice", "guess-" + std::to_string(i)); })
                  .code(),
              ErrorCode::Unauthorized)
        << i;
  ServiceError e = service_error([&] { accounts->log_in("alice", "password-alice"); });
  EXPECT_EQ(e.code(), ErrorCode::TooManyRequests);
  EXPECT_EQ(e.retry_after_s(), 1);
  EXPECT_EQ(std::string(e.what()), "too many wrong passwords for that name: try again in 1 second");
  EXPECT_EQ(service_error([&] { accounts->check_password("ALICE", "password-alice"); }).code(),
            ErrorCode::TooManyRequests);
  EXPECT_EQ(accounts->log_in("bob", "password-bob").user.id, bob.id);  // others are not slowed

  clock.advance(1000);
  EXPECT_EQ(accounts->log_in("alice", "password-alice").user.id, alice.id);
  // The success cleared the name: wrong passwords are free again.
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(service_error([&] { accounts->log_in("alice", "again"); }).code(),
              ErrorCode::Unauthorized);
}

TEST_F(AccountsTest, OneClientGuessingAtManyNamesIsSlowedDown) {
  for (int i = 0; i < 21; ++i)
    service_error([&] { accounts->log_in("user" + std::to_string(i), "x", "192.0.2.1"); });
  ServiceError e = service_error([&] { accounts->log_in("bob", "password-bob", "192.0.2.1"); });
  EXPECT_EQ(e.code(), ErrorCode::TooManyRequests);
  EXPECT_EQ(std::string(e.what()),
            "too many wrong passwords from your address: try again in 1 second");
  EXPECT_EQ(accounts->log_in("bob", "password-bob", "192.0.2.2").user.id, bob.id);
}

TEST_F(AccountsTest, AnUnknownNameCostsOneHashLikeAWrongPassword) {
  auto owned = std::make_unique<CountingHasher>();
  CountingHasher& hasher = *owned;
  Accounts counted(store->accounts(), std::move(owned), {}, clock.fn());
  EXPECT_EQ(service_error([&] { counted.log_in("alice", "wrong password"); }).code(),
            ErrorCode::Unauthorized);
  EXPECT_EQ(hasher.verifies, 1);
  EXPECT_EQ(service_error([&] { counted.log_in("nobody", "wrong password"); }).code(),
            ErrorCode::Unauthorized);
  EXPECT_EQ(hasher.verifies, 2);
  EXPECT_EQ(counted.log_in("alice", "password-alice").user.id, alice.id);
  EXPECT_EQ(hasher.verifies, 3);
  // Signing up hashes once, and its session needs no second check.
  EXPECT_FALSE(counted.sign_up_and_log_in("erin", "erin@example.org", "erin's password")
                   .token.empty());
  EXPECT_EQ(hasher.hashes, 1);
  EXPECT_EQ(hasher.verifies, 3);
  // After six wrong passwords for the name (one above), a refused try hashes nothing.
  for (int i = 0; i < 5; ++i) service_error([&] { counted.log_in("nobody", "guess"); });
  EXPECT_EQ(hasher.verifies, 8);
  EXPECT_EQ(service_error([&] { counted.log_in("nobody", "guess"); }).code(),
            ErrorCode::TooManyRequests);
  EXPECT_EQ(hasher.verifies, 8);
}

TEST(HashPool, AFullQueueIsRefusedAtOnce) {
  auto owned = std::make_unique<GatedHasher>();
  GatedHasher& gate = *owned;
  HashPool pool(std::move(owned), 1, 1);
  // One hash runs and one waits for the thread; a third is refused without waiting.
  auto running = std::async(std::launch::async, [&] { return pool.hash("first"); });
  gate.wait_for_started(1);
  auto queued = std::async(std::launch::async, [&] { return pool.hash("second"); });
  while (pool.waiting() < 1) std::this_thread::yield();
  ServiceError busy = service_error([&] { pool.verify("third", "third"); });
  EXPECT_EQ(busy.code(), ErrorCode::Busy);
  EXPECT_EQ(busy.retry_after_s(), 1);
  gate.open();
  EXPECT_EQ(running.get(), "first");
  EXPECT_EQ(queued.get(), "second");
  EXPECT_TRUE(pool.verify("fourth", "fourth"));  // room again
}

TEST(HashPool, WithoutAQueueOnlyAFreeThreadIsTaken) {
  auto owned = std::make_unique<GatedHasher>();
  GatedHasher& gate = *owned;
  HashPool pool(std::move(owned), 2, 0);
  auto first = std::async(std::launch::async, [&] { return pool.hash("first"); });
  auto second = std::async(std::launch::async, [&] { return pool.hash("second"); });
  gate.wait_for_started(2);
  EXPECT_EQ(service_error([&] { pool.hash("third"); }).code(), ErrorCode::Busy);
  gate.open();
  EXPECT_EQ(first.get(), "first");
  EXPECT_EQ(second.get(), "second");
  EXPECT_EQ(pool.hash("fourth"), "fourth");
}

TEST(AccountsCost, InteractiveHashIsArgon2idAtTheInteractiveLimits) {
  TempDir dir;
  auto store = open_storage("sqlite:" + (dir.path() / "a.db").string());
  Accounts accounts(store->accounts());
  User u = accounts.sign_up("erin", "erin@example.org", "a long password");
  // libsodium's INTERACTIVE limits: 64 MiB, 2 passes.
  EXPECT_TRUE(u.password_hash.starts_with("$argon2id$v=19$m=65536,t=2,p=1$")) << u.password_hash;
  EXPECT_EQ(accounts.log_in("erin", "a long password").user.id, u.id);
}

}  // namespace
}  // namespace kirin::server::testing
