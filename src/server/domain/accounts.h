// Accounts: sign up, log in and out, sessions, preferences.
//
// Passwords are hashed with libsodium's crypto_pwhash_str (Argon2id, the INTERACTIVE limits;
// tests may ask for the minimum to stay fast) on a pool of threads of their own
// (password_hasher.h). Every password check, whichever door it comes through, is one call
// (check_password, which log_in makes too): throttled per name and per client address
// (login_throttle.h) before any hashing, and as costly for an unknown name as for a wrong
// password, so that neither the answer nor its time tells whether a name exists. A session
// token is 32 random bytes shown to the client once, base64url; the store keeps only its
// BLAKE2b hash, so a leaked database gives no usable sessions.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "server/domain/account_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/login_throttle.h"
#include "server/domain/password_hasher.h"

namespace kirin::server {

struct AccountOptions {
  HashCost hash_cost = HashCost::Interactive;
  // Password hashes computed at once, and how many more may wait for one (any more are
  // refused at once: ServiceError busy).
  int hash_threads = 1;
  std::size_t hash_queue = 2;
  LoginThrottleOptions throttle;
};

struct LoginResult {
  std::string token;
  User user;
  TimeMs expires = 0;
};

class Accounts {
 public:
  static constexpr TimeMs kSessionLifetimeMs = 30LL * 24 * 3600 * 1000;
  // User::last_seen is written at most this often per user: a session's use (authenticate)
  // and a password check (sign-in, a text or mail command) mark the user seen.
  static constexpr TimeMs kLastSeenResolutionMs = 60'000;

  explicit Accounts(AccountRepo& repo, const AccountOptions& options = {}, NowFn now = system_now);
  // With a hasher of the caller's (tests count its calls).
  Accounts(AccountRepo& repo, std::unique_ptr<PasswordHasher> hasher,
           const LoginThrottleOptions& throttle = {}, NowFn now = system_now);

  // Throws ServiceError: invalid (naming "name", "email" or "password" and the rule it
  // breaks) or conflict (the name is taken, in any letter case); busy (the hashing threads
  // and their queue are all taken).
  User sign_up(std::string_view name, std::string_view email, std::string_view password);
  // Signs up and starts a session, with one hash and no check of the password just set.
  LoginResult sign_up_and_log_in(std::string_view name, std::string_view email,
                                 std::string_view password);
  // The user whose password this is (an open account). `client` is who asks, for the throttle: the
  // HTTP client's address, a mail's sender address; "" for the local operator. Throws ServiceError
  // unauthorized for an unknown name or a wrong password (one message for both, one hash for both),
  // too_many_requests (with retry_after_s) when the name or the client must wait, busy when every
  // hashing thread and its queue are taken.
  User check_password(std::string_view name, std::string_view password,
                      std::string_view client = {});
  // check_password, then a new session. Throws what check_password throws.
  LoginResult log_in(std::string_view name, std::string_view password,
                     std::string_view client = {});
  // The user of a live session; throws ServiceError unauthorized.
  User authenticate(std::string_view token);
  void log_out(std::string_view token);  // ends the session; unknown tokens are ignored
  int purge_expired_sessions();  // for a periodic job; returns how many it deleted

  // Account management, each after check_password (throws what it throws; a closed account
  // is refused there). change_password ends every session of the user but the one whose
  // token is `keep_token` (the one asking; "" from a text command: all of them), as lishogi
  // does, so that whoever knew the old password is signed out.
  User change_password(std::string_view name, std::string_view old_password,
                       std::string_view new_password, std::string_view client,
                       std::string_view keep_token = {});
  User change_email(std::string_view name, std::string_view password, std::string_view email,
                    std::string_view client);
  // Marks the account closed and ends its sessions: nobody signs in as it any more, by any
  // door, and its name stays taken. What else closing does (challenges, games) is
  // close_account's (account_closing.h), which calls this last.
  void close(Id user);
  // Ends every session of the user at once (a ban): they must sign in again, which a ban
  // refuses.
  void end_sessions(Id user);

  User user(Id id);  // throws ServiceError not_found
  User user_by_name(std::string_view name);  // throws ServiceError not_found
  Preferences preferences(Id user);
  // Throws ServiceError invalid naming the bad field ("board_style", "piece_set").
  void set_preferences(Id user, const Preferences& prefs);

  // The checks sign_up makes; throw ServiceError invalid.
  static void validate_name(std::string_view name);
  static void validate_email(std::string_view email);
  // Also refuses the commonest passwords (common_passwords.h).
  static void validate_password(std::string_view password);
  static void validate_preferences(const Preferences& prefs);

 private:
  LoginResult start_session(User user);
  void seen(User& user);  // marks the user seen now (last_seen), if not this minute

  AccountRepo& account_repo_;
  std::unique_ptr<PasswordHasher> hasher_;
  LoginThrottle throttle_;
  NowFn now_;
};

}  // namespace kirin::server
