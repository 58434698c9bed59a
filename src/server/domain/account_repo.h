// Accounts and their sessions, as the accounts module stores them (storage.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

class AccountRepo {
 public:
  virtual ~AccountRepo() = default;

  // Users. Names are unique ignoring ASCII case; create_user returns nullopt if taken.
  virtual std::optional<Id> create_user(const User& user) = 0;
  virtual std::optional<User> find_user(Id id) = 0;
  virtual std::optional<User> find_user_by_name(std::string_view name) = 0;
  virtual void set_preferences(Id user, const Preferences& prefs) = 0;
  virtual void set_password_hash(Id user, const std::string& password_hash) = 0;
  virtual void set_email(Id user, const std::string& email) = 0;
  // When a user was last seen (User::last_seen); never moves it back.
  virtual void set_last_seen(Id user, TimeMs at) = 0;
  // Marks the account closed at `at` (its sessions are ended apart: end_sessions).
  virtual void close_user(Id user, TimeMs at) = 0;

  // Sessions, by the hash of their token.
  virtual void create_session(const Session& session) = 0;
  virtual std::optional<Session> find_session(const std::string& token_hash) = 0;
  virtual void delete_session(const std::string& token_hash) = 0;
  virtual int delete_expired_sessions(TimeMs now) = 0;
  // Deletes the user's sessions but the one whose token hashes to `keep` ("": all of them),
  // and in the same transaction tells the change feed (GameChange::sessions_of), so that every
  // process on the store ends what those sessions hold open; returns how many it deleted.
  virtual int end_sessions(Id user, const std::string& keep, TimeMs at) = 0;
};

}  // namespace kirin::server
