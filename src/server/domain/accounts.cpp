#include "server/domain/accounts.h"

#include <sodium.h>

#include <set>
#include <stdexcept>

#include "notation/notation_error.h"
#include "rules/catalog.h"
#include "server/domain/common_passwords.h"
#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

[[noreturn]] void invalid(const std::string& field, const std::string& what) {
  throw ServiceError(ErrorCode::Invalid, what, field);
}

bool ascii_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Hex BLAKE2b-256 of a session token: what the store keeps.
std::string token_hash(std::string_view token) {
  unsigned char digest[32];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                     token.size(), nullptr, 0);
  char hex[2 * sizeof digest + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

std::string new_token() {
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char text[sodium_base64_ENCODED_LEN(sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(text, sizeof text, bytes, sizeof bytes,
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return text;
}

const char* const kUnauthorized = "wrong name or password";

std::unique_ptr<PasswordHasher> pooled_hasher(const AccountOptions& options) {
  return std::make_unique<HashPool>(std::make_unique<Argon2Hasher>(options.hash_cost),
                                    options.hash_threads, options.hash_queue,
                                    options.hash_queue_per_client);
}

std::size_t different_characters(std::string_view s) {
  return std::set<char>(s.begin(), s.end()).size();
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

// The wait in whole seconds, rounded up (as Retry-After counts).
long seconds_to_wait(TimeMs ms) { return long((ms + 999) / 1000); }

}  // namespace

Accounts::Accounts(AccountRepo& repo, const AccountOptions& options, NowFn now)
    : Accounts(repo, pooled_hasher(options), options.throttle, std::move(now)) {}

Accounts::Accounts(AccountRepo& repo, std::unique_ptr<PasswordHasher> hasher,
                   const LoginThrottleOptions& throttle, NowFn now)
    : account_repo_(repo), hasher_(std::move(hasher)), throttle_(throttle, now), now_(std::move(now)) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

void Accounts::validate_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 24)
    invalid("name", "a name has 2 to 24 characters, not " + std::to_string(name.size()));
  if (!((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z')))
    invalid("name", "a name starts with a letter (A-Z, a-z)");
  for (size_t i = 0; i < name.size(); ++i)
    if (!ascii_alnum(name[i]) && name[i] != '_' && name[i] != '-')
      invalid("name", "a name has only letters, digits, '_' and '-': character " +
                          std::to_string(i + 1) + " is not one");
}

void Accounts::validate_email(std::string_view email) {
  if (email.size() > 254) invalid("email", "the email address is longer than 254 characters");
  auto at = email.find('@');
  if (at == std::string_view::npos || at == 0 || email.find('@', at + 1) != email.npos)
    invalid("email", "an email address has one '@' with something before it");
  std::string_view domain = email.substr(at + 1);
  auto dot = domain.find('.');
  if (domain.empty() || dot == 0 || dot == std::string_view::npos || domain.back() == '.')
    invalid("email", "the domain of the email address ('" + std::string(domain) +
                         "') has no dot between its parts");
  for (char c : email)
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f)
      invalid("email", "an email address has no spaces or control characters");
}

void Accounts::validate_password(std::string_view password, std::string_view name) {
  if (password.size() < 8) invalid("password", "a password has at least 8 characters");
  if (password.size() > 1024) invalid("password", "a password has at most 1024 characters");
  if (password.find_first_not_of(" \t\r\n") == std::string_view::npos)
    invalid("password", "a password is not blanks only");
  if (different_characters(password) < 4)
    invalid("password",
            "a password has at least 4 different characters: one like 'aaaaaaaa' is guessed at once");
  // The name is what a guesser tries first, with digits and marks around it: it counts for
  // nothing (a two-letter name is in too many good passwords to be taken out).
  if (name.size() >= 3) {
    std::string rest = ascii_lower(password);
    const std::string lower_name = ascii_lower(name);
    for (auto at = rest.find(lower_name); at != std::string::npos; at = rest.find(lower_name, at))
      rest.erase(at, lower_name.size());
    if (rest.size() < password.size() && (rest.size() < 6 || different_characters(rest) < 4))
      invalid("password",
              "a password is more than the account's name: without it, at least 6 characters, "
              "4 of them different");
  }
  if (is_common_password(password))
    invalid("password",
            "that password is one of the commonest, which guessers try first: choose another");
}

namespace {

std::shared_ptr<const Variant> profile_game(std::string_view game) {
  try {
    return builtin_variant(std::string(game.substr(0, 64)));
  } catch (const VariantError& e) {
    invalid("profile", e.what());
  }
}

void check_profile(const Variant& v, std::string_view profile) {
  if (v.profiles.count(std::string(profile))) return;
  std::string known;
  for (const auto& [name, _] : v.profiles) known += (known.empty() ? "" : ", ") + name;
  invalid("profile", v.name + " has no rule profile " + quoted_input(profile.substr(0, 64)) +
                         (known.empty() ? " (it has none)" : " (its profiles: " + known + ")"));
}

}  // namespace

void Accounts::validate_preferences(const Preferences& p) {
  if (p.board_style != "standard" && p.board_style != "alternate" && p.board_style != "small")
    invalid("board_style",
            "board_style is standard, alternate or small, not '" + p.board_style + "'");
  if (p.piece_set.empty() || p.piece_set.size() > 32)
    invalid("piece_set", "piece_set has 1 to 32 characters");
  for (char c : p.piece_set)
    if (!ascii_alnum(c) && c != '-' && c != '_')
      invalid("piece_set", "piece_set has only letters, digits, '-' and '_': '" + p.piece_set +
                               "' is not a piece set name");
  for (const auto& [game, profile] : p.profiles) {
    std::shared_ptr<const Variant> v = profile_game(game);
    if (v->id != game) invalid("profiles", "profiles are kept by game id: " + v->id + ", not " + game);
    check_profile(*v, profile);
  }
}

void Accounts::set_default_profile(Preferences& p, std::string_view game,
                                   std::string_view profile) {
  std::shared_ptr<const Variant> v = profile_game(game);
  if (profile.empty() || profile == "default") {
    p.profiles.erase(v->id);
    return;
  }
  check_profile(*v, profile);
  p.profiles[v->id] = std::string(profile);
}

User Accounts::sign_up(std::string_view name, std::string_view email, std::string_view password,
                       std::string_view client) {
  validate_name(name);
  validate_email(email);
  validate_password(password, name);
  if (account_repo_.find_user_by_name(name))
    throw ServiceError(ErrorCode::Conflict, "the name '" + std::string(name) + "' is taken",
                       "name");
  // Counted once the sign-up would succeed: a typo costs no place, a taken name none either.
  if (signups_)
    signups_->take("signup", client, signups_per_hour_, "accounts opened from your address");
  User u;
  u.name = name;
  u.email = email;
  u.password_hash = hasher_->hash(password);
  u.created = now_();
  std::optional<Id> id = account_repo_.create_user(u);
  if (!id)  // someone took it between the check and the insert
    throw ServiceError(ErrorCode::Conflict, "the name '" + std::string(name) + "' is taken",
                       "name");
  u.id = *id;
  return u;
}

LoginResult Accounts::sign_up_and_log_in(std::string_view name, std::string_view email,
                                         std::string_view password, std::string_view client) {
  return start_session(sign_up(name, email, password, client));
}

User Accounts::check_password(std::string_view name, std::string_view password,
                              std::string_view client) {
  // The wait comes first: a refused try costs no hashing, and tells nothing about the
  // password (the right one is refused too).
  if (LoginThrottle::Wait wait = throttle_.wait(name, client); wait.ms > 0) {
    long seconds = seconds_to_wait(wait.ms);
    throw ServiceError(ErrorCode::TooManyRequests,
                       std::string("too many wrong passwords ") +
                           (wait.by_address ? "from your address" : "for that name") +
                           ": try again in " + std::to_string(seconds) +
                           (seconds == 1 ? " second" : " seconds"))
        .retry_after(seconds);
  }
  std::optional<User> u = account_repo_.find_user_by_name(name);
  // An unknown name costs one hash too, so that the time does not tell it from a known one.
  bool right = hasher_->verify(u ? u->password_hash : hasher_->dummy_hash(), password) && u;
  if (!right) {
    throttle_.failed(name, client);
    throw ServiceError(ErrorCode::Unauthorized, kUnauthorized);
  }
  throttle_.succeeded(name);
  // Said only to whoever knows the password: a closed account's name is public anyway (its
  // games stay in the archive).
  if (u->closed)
    throw ServiceError(ErrorCode::Unauthorized,
                       "the account '" + u->name + "' is closed: nobody can sign in as it");
  if (u->banned)
    throw ServiceError(ErrorCode::Unauthorized,
                       "the account '" + u->name + "' is banned: nobody can sign in as it");
  seen(*u);
  return std::move(*u);
}

void Accounts::seen(User& u) {
  // The row was read anyway: a write only when the last one is older than the resolution.
  TimeMs now = now_();
  if (now - u.last_seen < kLastSeenResolutionMs) return;
  account_repo_.set_last_seen(u.id, now);
  u.last_seen = now;
}

User Accounts::change_password(std::string_view name, std::string_view old_password,
                               std::string_view new_password, std::string_view client,
                               std::string_view keep_token) {
  try {
    validate_password(new_password, name);
  } catch (const ServiceError& e) {
    invalid("new_password", "the new password: " + std::string(e.what()));
  }
  User u = check_password(name, old_password, client);
  if (new_password == old_password)
    invalid("new_password", "the new password is the same as the current one");
  u.password_hash = hasher_->hash(new_password);
  account_repo_.set_password_hash(u.id, u.password_hash);
  end_sessions(u.id, keep_token);
  return u;
}

User Accounts::change_email(std::string_view name, std::string_view password,
                            std::string_view email, std::string_view client) {
  validate_email(email);
  User u = check_password(name, password, client);
  u.email = email;
  account_repo_.set_email(u.id, u.email);
  return u;
}

void Accounts::close(Id id) {
  user(id);  // not_found
  // Closed first: authenticate refuses a closed account's sessions while they are deleted.
  account_repo_.close_user(id, now_());
  end_sessions(id);
}

int Accounts::end_sessions(Id id, std::string_view keep_token) {
  std::string kept = keep_token.empty() ? std::string() : token_hash(keep_token);
  int ended = account_repo_.end_sessions(id, kept, now_());
  announce_sessions_ended(id, false);
  return ended;
}

void Accounts::sessions_ended_elsewhere(Id id) { announce_sessions_ended(id, true); }

void Accounts::announce_sessions_ended(Id id, bool elsewhere) {
  Event e;
  e.kind = EventKind::SessionsEnded;
  e.users = {PlayerRef{id, {}}};
  e.elsewhere = elsewhere;
  events_->publish(e);
}

LoginResult Accounts::log_in(std::string_view name, std::string_view password,
                             std::string_view client) {
  return start_session(check_password(name, password, client));
}

LoginResult Accounts::start_session(User user) {
  LoginResult r;
  r.token = new_token();
  r.expires = now_() + kSessionLifetimeMs;
  r.user = std::move(user);
  account_repo_.create_session({token_hash(r.token), r.user.id, r.expires, now_()});
  return r;
}

User Accounts::authenticate(std::string_view token) {
  std::optional<Session> s = account_repo_.find_session(token_hash(token));
  if (!s) throw ServiceError(ErrorCode::Unauthorized, "not signed in (unknown session)");
  if (s->expires <= now_()) {
    account_repo_.delete_session(s->token_hash);
    throw ServiceError(ErrorCode::Unauthorized, "the session has expired: sign in again");
  }
  std::optional<User> u = account_repo_.find_user(s->user);
  if (!u) throw ServiceError(ErrorCode::Unauthorized, "not signed in (no such user)");
  // Closing deletes the sessions; this also covers a session created meanwhile elsewhere.
  if (u->closed)
    throw ServiceError(ErrorCode::Unauthorized, "not signed in (the account is closed)");
  if (u->banned) throw ServiceError(ErrorCode::Unauthorized, "not signed in (the account is banned)");
  seen(*u);
  return *u;
}

void Accounts::log_out(std::string_view token) { account_repo_.delete_session(token_hash(token)); }

int Accounts::purge_expired_sessions() { return account_repo_.delete_expired_sessions(now_()); }

User Accounts::user(Id id) {
  std::optional<User> u = account_repo_.find_user(id);
  if (!u) throw ServiceError(ErrorCode::NotFound, "no user with id " + std::to_string(id));
  return *u;
}

User Accounts::user_by_name(std::string_view name) {
  std::optional<User> u = account_repo_.find_user_by_name(name);
  // Quoted, its control characters drawn: a NUL from a URL would end what() there.
  if (!u) throw ServiceError(ErrorCode::NotFound, "no user named " + quoted_input(name));
  return *u;
}

Preferences Accounts::preferences(Id id) { return user(id).preferences; }

void Accounts::set_preferences(Id id, const Preferences& prefs) {
  validate_preferences(prefs);
  user(id);  // not_found
  account_repo_.set_preferences(id, prefs);
}

std::size_t Accounts::hashes_waiting() const {
  auto* pool = dynamic_cast<HashPool*>(hasher_.get());
  return pool ? pool->waiting() : 0;
}

}  // namespace kirin::server
