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

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/domain/account_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/events.h"
#include "server/domain/login_throttle.h"
#include "server/domain/password_hasher.h"
#include "server/domain/usage_counter.h"

namespace kirin::server {

struct AccountOptions {
  HashCost hash_cost = HashCost::Interactive;
  // Password hashes computed at once, and how many more may wait for one (any more are
  // refused at once: ServiceError busy); one client's at once, waiting or running (any more
  // of its are refused: too_many_requests), so that a flood from one address leaves room.
  int hash_threads = 1;
  std::size_t hash_queue = 8;
  std::size_t hash_queue_per_client = 2;
  LoginThrottleOptions throttle;
  // Accounts one client (an HTTP client's address, a mail's sender) may open in a clock hour,
  // counted in the store (limit_signups); 0: no limit.
  int signups_per_address_per_hour = 5;
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
  // and their queue are all taken); too_many_requests (with retry_after_s) past the sign-ups
  // of `client` this hour (limit_signups; "": the local operator, not limited).
  User sign_up(std::string_view name, std::string_view email, std::string_view password,
               std::string_view client = {});
  // Signs up and starts a session, with one hash and no check of the password just set.
  LoginResult sign_up_and_log_in(std::string_view name, std::string_view email,
                                 std::string_view password, std::string_view client = {});
  // Counts sign-ups per client in `usage`, at most per_hour a clock hour (0: no limit).
  // Services sets it; without it sign-ups are not counted.
  void limit_signups(UsageCounter& usage, int per_hour) {
    signups_ = &usage;
    signups_per_hour_ = per_hour;
  }
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
  // The one way a user's sessions end at once (a password change, a closure, a ban): deletes
  // every session of the user but keep_token's, then publishes EventKind::SessionsEnded, and
  // the store tells every other process on it (GameChange::sessions_of), so that each closes
  // the WebSockets of the dead sessions. Returns how many sessions it ended.
  int end_sessions(Id user, std::string_view keep_token = {});
  // Another process ended them (its GameChange): published here as it was there.
  void sessions_ended_elsewhere(Id user);
  // Where SessionsEnded events go (Services sets it; none by default).
  void publish_to(EventSink& events) { events_ = &events; }

  User user(Id id);  // throws ServiceError not_found
  User user_by_name(std::string_view name);  // throws ServiceError not_found
  Preferences preferences(Id user);
  // Throws ServiceError invalid naming the bad field ("board_style", "piece_set").
  void set_preferences(Id user, const Preferences& prefs);

  // The checks sign_up makes; throw ServiceError invalid.
  static void validate_name(std::string_view name);
  // Password checks waiting for a hashing thread (the metrics); 0 without a HashPool.
  std::size_t hashes_waiting() const;

  static void validate_email(std::string_view email);
  // Also refuses the commonest passwords (common_passwords.h), blanks only, fewer than four
  // different characters ("aaaaaaaa"), and the account's `name` (ignoring case, if it has
  // three characters or more) with little around it ("Alice1987"): without the name, a
  // password keeps 6 characters, 4 of them different.
  static void validate_password(std::string_view password, std::string_view name);
  static void validate_preferences(const Preferences& prefs);
  // Sets the player's default rule profile of `game` (an id or alias: "chushogi" is chu);
  // "default" or "" clears it. Throws ServiceError invalid (field "profile") for a game without
  // that profile, naming the game's profiles.
  static void set_default_profile(Preferences& prefs, std::string_view game,
                                  std::string_view profile);

  // Runs `task`, a request that checks or sets a password (sign-in, sign-up, a password
  // change, a text command), on the password hashing threads in `client`'s turn, then `then`
  // (its answer) once its place is free, and returns at once: none of the front door's own
  // threads waits for a hash (PasswordHasher::post). Throws ServiceError busy or
  // too_many_requests when refused.
  void post_password_work(const std::string& client, std::function<void()> task,
                          std::function<void()> then) {
    hasher_->post(client, std::move(task), std::move(then));
  }
  // Stops the hashing threads: the work under way and waiting finishes, new work is refused.
  void stop_hashing() { hasher_->stop(); }

 private:
  LoginResult start_session(User user);
  void seen(User& user);  // marks the user seen now (last_seen), if not this minute
  void announce_sessions_ended(Id user, bool elsewhere);

  AccountRepo& account_repo_;
  std::unique_ptr<PasswordHasher> hasher_;
  LoginThrottle throttle_;
  NowFn now_;
  NullEventSink no_events_;
  EventSink* events_ = &no_events_;
  UsageCounter* signups_ = nullptr;
  int signups_per_hour_ = 0;
};

}  // namespace kirin::server
