// Accounts and sessions (AccountRepo), in SQL both databases run.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {
namespace {

const std::string& select_user() {
  static const std::string sql = select_sql<User>();
  return sql;
}

}  // namespace

SqlAccountRepo::SqlAccountRepo(Database& db)
    : db_(db), find_by_name_(select_user() + "WHERE " + db.same_name("u.name", "$1")) {}

std::optional<Id> SqlAccountRepo::create_user(const User& u) {
  static const std::string sql = insert_sql<User>() + " ON CONFLICT DO NOTHING RETURNING id";
  Values v;
  bind(v, u, ColumnNames::For::Insert);
  return db_.write_returning(sql, v);  // none: the name is taken
}

std::optional<User> SqlAccountRepo::find_user(Id id) {
  static const std::string sql = select_user() + "WHERE u.id = $1";
  return db_.read([&](Connection& c) { return c.first(sql, {id}, read<User>); });
}

std::optional<User> SqlAccountRepo::find_user_by_name(std::string_view name) {
  // No name has a NUL (sign-up allows letters, digits, '_' and '-'), and PostgreSQL refuses
  // one in a parameter: the answer needs no query.
  if (name.find('\0') != std::string_view::npos) return std::nullopt;
  return db_.read([&](Connection& c) { return c.first(find_by_name_, {name}, read<User>); });
}

void SqlAccountRepo::set_preferences(Id user, const Preferences& prefs) {
  std::string json = record_text::preferences_json(prefs);
  db_.write_one("UPDATE users SET preferences = $1 WHERE id = $2", {json, user});
}

void SqlAccountRepo::set_password_hash(Id user, const std::string& password_hash) {
  db_.write_one("UPDATE users SET password_hash = $1 WHERE id = $2", {password_hash, user});
}

void SqlAccountRepo::set_email(Id user, const std::string& email) {
  db_.write_one("UPDATE users SET email = $1 WHERE id = $2", {email, user});
}

void SqlAccountRepo::set_last_seen(Id user, TimeMs at) {
  db_.write_one("UPDATE users SET seen_ms = $2 WHERE id = $1 AND seen_ms < $2", {user, at});
}

void SqlAccountRepo::close_user(Id user, TimeMs at) {
  db_.write_one("UPDATE users SET closed_ms = $1 WHERE id = $2", {at, user});
}

void SqlAccountRepo::create_session(const Session& s) {
  static const std::string sql = insert_sql<Session>();
  Values v;
  bind(v, s, ColumnNames::For::Insert);
  db_.write_one(sql, v);
}

std::optional<Session> SqlAccountRepo::find_session(const std::string& token_hash) {
  static const std::string sql = select_sql<Session>() + "WHERE s.token_hash = $1";
  return db_.read([&](Connection& c) { return c.first(sql, {token_hash}, read<Session>); });
}

void SqlAccountRepo::delete_session(const std::string& token_hash) {
  db_.write_one("DELETE FROM sessions WHERE token_hash = $1", {token_hash});
}

int SqlAccountRepo::delete_expired_sessions(TimeMs now) {
  return int(db_.write_one("DELETE FROM sessions WHERE expires_ms <= $1", {now}));
}

int SqlAccountRepo::end_sessions(Id user, const std::string& keep, TimeMs at) {
  // The ending's row is what other processes hear (its triggers: SQLite's game_changes log,
  // PostgreSQL's NOTIFY), committed with the deletion or not at all. Rows older than a day
  // go: nobody listens that far back.
  Values of{user, keep}, ending{user, at}, old{at - 24LL * 3600 * 1000};
  return int(db_.write_all(
      {{"DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2", of},
       {"INSERT INTO session_endings (user_id, at_ms) VALUES ($1, $2)", ending},
       {"DELETE FROM session_endings WHERE at_ms < $1", old}})[0]);
}

}  // namespace kirin::server::sql
