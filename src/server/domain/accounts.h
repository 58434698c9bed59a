// Accounts: sign up, log in and out, sessions, preferences.
//
// Passwords are hashed with libsodium's crypto_pwhash_str (Argon2id, the INTERACTIVE limits;
// tests may ask for the minimum to stay fast). A session token is 32 random bytes shown to
// the client once, base64url; the store keeps only its BLAKE2b hash, so a leaked database
// gives no usable sessions.
#pragma once

#include <string>
#include <string_view>

#include "server/domain/clocks.h"
#include "server/store/store.h"

namespace kirin::server {

enum class HashCost {
  Interactive,  // crypto_pwhash_OPSLIMIT/MEMLIMIT_INTERACTIVE: for real use
  Minimal,      // the smallest libsodium allows: for tests only
};

struct LoginResult {
  std::string token;
  User user;
  TimeMs expires = 0;
};

class Accounts {
 public:
  static constexpr TimeMs kSessionLifetimeMs = 30LL * 24 * 3600 * 1000;

  explicit Accounts(Store& store, HashCost cost = HashCost::Interactive, NowFn now = system_now);

  // Throws ServiceError: invalid (naming "name", "email" or "password" and the rule it
  // breaks) or conflict (the name is taken, in any letter case).
  User sign_up(std::string_view name, std::string_view email, std::string_view password);
  // Throws ServiceError unauthorized for an unknown name or a wrong password (one message
  // for both).
  LoginResult log_in(std::string_view name, std::string_view password);
  // The user of a live session; throws ServiceError unauthorized.
  User authenticate(std::string_view token);
  void log_out(std::string_view token);  // ends the session; unknown tokens are ignored
  int purge_expired_sessions();  // for a periodic job; returns how many it deleted

  User user(Id id);  // throws ServiceError not_found
  User user_by_name(std::string_view name);  // throws ServiceError not_found
  Preferences preferences(Id user);
  // Throws ServiceError invalid naming the bad field ("board_style", "piece_set").
  void set_preferences(Id user, const Preferences& prefs);

  // The checks sign_up makes; throw ServiceError invalid.
  static void validate_name(std::string_view name);
  static void validate_email(std::string_view email);
  static void validate_password(std::string_view password);
  static void validate_preferences(const Preferences& prefs);

 private:
  std::string hash_password(std::string_view password) const;

  Store& store_;
  HashCost cost_;
  NowFn now_;
};

}  // namespace kirin::server
