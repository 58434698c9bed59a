// Challenges (ChallengeRepo), in SQL both databases run.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {
namespace {

const std::string& select_challenge() {
  static const std::string sql = select_sql<Challenge>();
  return sql;
}

}  // namespace

Id SqlChallengeRepo::create_challenge(const Challenge& ch) {
  static const std::string sql = insert_sql<Challenge>() + " RETURNING id";
  Values v;
  bind(v, ch, ColumnNames::For::Insert);
  return *db_.write_returning(sql, v);
}

std::optional<Challenge> SqlChallengeRepo::find_challenge(Id id) {
  static const std::string sql = select_challenge() + "WHERE c.id = $1";
  return db_.read([&](Connection& c) { return c.first(sql, {id}, read<Challenge>); });
}

bool SqlChallengeRepo::close_challenge(Id id, ChallengeStatus status) {
  return db_.write_one("UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'open'",
                       {record_text::challenge_status_text(status), id}) == 1;
}

std::optional<Id> SqlChallengeRepo::accept_challenge(Id id, const GameState& g) {
  // Not static: the dialect is this database's (a process may open both kinds).
  const std::string lock_game =
      "SELECT g.id FROM challenges c JOIN games g ON g.id = c.rematch_of WHERE c.id = $1" +
      std::string(db_.lock_rows());
  return db_.write([&](Connection& c) -> std::optional<Id> {
    // Two offers of one rematch accepted at once (each player accepting the other's): the
    // game played again is locked first, so that the second sees the first's acceptance and
    // writes nothing. (The unique index challenges_one_rematch is the guarantee under it.)
    c.integer(lock_game, {id});
    // A second acceptance waits for the first one's commit, then finds the challenge closed.
    if (c.execute("UPDATE challenges SET status = 'accepted' WHERE id = $1 AND status = 'open' "
                  "AND NOT EXISTS (SELECT 1 FROM challenges o WHERE o.rematch_of = "
                  "challenges.rematch_of AND o.status = 'accepted')",
                  {id}) == 0)
      return std::nullopt;  // nothing written
    Id game = SqlGameRepo::insert_game(c, g);
    c.execute("UPDATE challenges SET game_id = $1 WHERE id = $2", {game, id});
    return game;
  });
}

std::vector<Challenge> SqlChallengeRepo::open_challenges_to(Id user) {
  static const std::string to_anyone =
      select_challenge() + "WHERE c.status = 'open' AND c.challenged IS NULL ORDER BY c.id";
  static const std::string to_user =
      select_challenge() + "WHERE c.status = 'open' AND c.challenged = $1 ORDER BY c.id";
  return db_.read([&](Connection& c) {
    return user ? c.all(to_user, {user}, read<Challenge>) : c.all(to_anyone, {}, read<Challenge>);
  });
}

std::vector<Challenge> SqlChallengeRepo::open_challenges_from(Id user) {
  static const std::string sql =
      select_challenge() + "WHERE c.status = 'open' AND c.challenger = $1 ORDER BY c.id";
  return db_.read([&](Connection& c) { return c.all(sql, {user}, read<Challenge>); });
}

std::optional<Challenge> SqlChallengeRepo::find_rematch(Id game) {
  static const std::string sql =
      select_challenge() +
      "WHERE c.rematch_of = $1 ORDER BY c.game_id IS NULL, c.id DESC LIMIT 1";
  return db_.read([&](Connection& c) { return c.first(sql, {game}, read<Challenge>); });
}

}  // namespace kirin::server::sql
