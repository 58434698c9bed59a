// Ratings, their changes and standings (RatingRepo), in SQL both databases run.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {
namespace {

const std::string& select_rating() {
  static const std::string sql = select_sql<Rating>();
  return sql;
}

const std::string& select_change() {
  static const std::string sql = select_sql<RatingChange>();
  return sql;
}

// The whole standings statement for `q`; adds its parameters to `v`.
std::string standings_sql(const StandingsQuery& q, Values& v) {
  auto param = [&](Value value) { return v.param(value); };
  std::string where = "g.status = 'finished'";
  if (!q.game.empty()) where += " AND g.game = " + param(std::string_view(q.game));
  if (q.user) where += " AND u.id = " + param(q.user);
  if (q.rated) where += " AND g.rated = " + param(*q.rated);
  // The player's colour's result word: 'black' for Black, 'white' for White.
  const std::string mine = "(CASE WHEN g.black = u.id THEN 'black' ELSE 'white' END)";
  const std::string theirs = "(CASE WHEN g.black = u.id THEN 'white' ELSE 'black' END)";
  return "SELECT id, name, game, wins, losses, draws FROM (SELECT u.id, u.name, g.game, "
         "sum(CASE WHEN g.result = " + mine + " THEN 1 ELSE 0 END) AS wins, "
         "sum(CASE WHEN g.result = " + theirs + " THEN 1 ELSE 0 END) AS losses, "
         "sum(CASE WHEN g.result = 'draw' THEN 1 ELSE 0 END) AS draws "
         "FROM games g JOIN users u ON u.id = g.black OR u.id = g.white WHERE " + where +
         " GROUP BY u.id, u.name, g.game) s ORDER BY 2 * wins + draws DESC, name, game LIMIT " +
         param(q.limit);
}

Standing read_standing(Row& r) {  // a computed row, not a table's
  Standing s;
  s.user.id = r.i64();
  s.user.name = r.str();
  s.game = r.str();
  s.wins = r.i32();
  s.losses = r.i32();
  s.draws = r.i32();
  return s;
}

}  // namespace

std::vector<Rating> SqlRatingRepo::ratings_of(Id user) {
  static const std::string sql = select_rating() + "WHERE r.user_id = $1 ORDER BY r.game";
  return db_.read([&](Connection& c) { return c.all(sql, {user}, read<Rating>); });
}

std::optional<Rating> SqlRatingRepo::find_rating(Id user, std::string_view game) {
  static const std::string sql = select_rating() + "WHERE r.user_id = $1 AND r.game = $2";
  return db_.read([&](Connection& c) { return c.first(sql, {user, game}, read<Rating>); });
}

RatingWrite SqlRatingRepo::record_rating_changes(const std::vector<RatingChange>& changes) {
  if (changes.empty()) throw StoreError("record_rating_changes: no change");
  for (const RatingChange& c : changes)
    if (c.game_id != changes[0].game_id || c.game != changes[0].game || !c.user.id)
      throw StoreError("record_rating_changes: the changes must be of one game, by players");
  static const std::string insert_change =
      insert_sql<RatingChange>() + " ON CONFLICT (game_id, user_id) DO NOTHING";
  static const std::string insert_rating =
      insert_sql<Rating>() + " ON CONFLICT (user_id, game) DO NOTHING";
  static const std::string update_rating = "UPDATE ratings SET " + set_list<Rating>(4) +
                                           " WHERE user_id = $1 AND game = $2 AND games = $3";
  RatingWrite result = RatingWrite::Ok;
  try {
    db_.write([&](Connection& c) {
      for (const RatingChange& ch : changes) {
        // The game's changes are unique: a second settlement of it inserts nothing.
        Values change;
        bind(change, ch, ColumnNames::For::Insert);
        if (c.execute(insert_change, change) == 0) {
          result = RatingWrite::AlreadyRated;
          throw Rollback();
        }
        // Written only over the rating the change was computed from: a concurrent writer's
        // insert or update waits for this transaction, then finds the count moved on.
        Rating after{ch.user, ch.game, ch.after, ch.games_before + 1, ch.at};
        Values rating;
        if (ch.games_before > 0) rating = {ch.user.id, std::string_view(ch.game), ch.games_before};
        bind(rating, after, ch.games_before == 0 ? ColumnNames::For::Insert : ColumnNames::For::Update);
        if (c.execute(ch.games_before == 0 ? insert_rating : update_rating, rating) == 0) {
          result = RatingWrite::Stale;
          throw Rollback();
        }
      }
    });
  } catch (const Rollback&) {
  }
  return result;
}

std::vector<RatingChange> SqlRatingRepo::rating_changes_of_game(Id game) {
  static const std::string sql = select_change() + "WHERE c.game_id = $1 ORDER BY c.id";
  return db_.read([&](Connection& c) { return c.all(sql, {game}, read<RatingChange>); });
}

std::vector<RatingChange> SqlRatingRepo::rating_history(Id user) {
  static const std::string sql = select_change() + "WHERE c.user_id = $1 ORDER BY c.id";
  return db_.read([&](Connection& c) { return c.all(sql, {user}, read<RatingChange>); });
}

std::vector<Rating> SqlRatingRepo::leaderboard(std::string_view game, double above_deviation,
                                               double max_deviation, int limit) {
  static const std::string sql =
      select_rating() +
      "WHERE r.game = $1 AND r.deviation > $2 AND r.deviation <= $3 AND u.closed_ms = 0 "
      "ORDER BY r.rating DESC, u.name LIMIT $4";
  return db_.read([&](Connection& c) {
    return c.all(sql, {game, above_deviation, max_deviation, limit}, read<Rating>);
  });
}

std::vector<Standing> SqlRatingRepo::standings(const StandingsQuery& query) {
  Values v;
  std::string sql = standings_sql(query, v);
  return db_.read([&](Connection& c) { return c.all(sql, v, read_standing); });
}

void SqlRatingRepo::clear_ratings() {
  db_.write_all({{"DELETE FROM rating_changes", {}}, {"DELETE FROM ratings", {}}});
}

}  // namespace kirin::server::sql
