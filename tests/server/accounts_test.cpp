#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using AccountsTest = ServerTest;

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
  ServiceError e = service_error([&] { accounts->sign_up("ALICE", "a2@example.org", "12345678"); });
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
  EXPECT_FALSE(store->find_session(login.token));

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

TEST(AccountsCost, InteractiveHashIsArgon2idAtTheInteractiveLimits) {
  TempDir dir;
  auto store = open_store("sqlite:" + (dir.path() / "a.db").string());
  Accounts accounts(*store);
  User u = accounts.sign_up("erin", "erin@example.org", "a long password");
  // libsodium's INTERACTIVE limits: 64 MiB, 2 passes.
  EXPECT_TRUE(u.password_hash.starts_with("$argon2id$v=19$m=65536,t=2,p=1$")) << u.password_hash;
  EXPECT_EQ(accounts.log_in("erin", "a long password").user.id, u.id);
}

}  // namespace
}  // namespace kirin::server::testing
