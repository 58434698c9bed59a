// Games, moves and comments (GameRepo), in SQL both databases run.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {
namespace {

const std::string& select_game() {
  static const std::string sql = select_sql<GameState>();
  return sql;
}

// The games' conditions of a GameQuery after WHERE, then the order and the limit; adds the
// parameters to `v`.
std::string game_query_sql(const GameQuery& q, Values& v) {
  auto param = [&](Value value) { return v.param(value); };
  std::string where = "TRUE";
  if (q.player) {
    std::string p = param(q.player);
    where += " AND (g.black = " + p + " OR g.white = " + p + ")";
    if (q.won) {
      // The player's colour won (or the other one did).
      std::string black = *q.won ? "'black'" : "'white'", white = *q.won ? "'white'" : "'black'";
      where += " AND g.status = 'finished' AND ((g.black = " + p + " AND g.result = " + black +
               ") OR (g.white = " + p + " AND g.result = " + white + "))";
    }
  }
  if (q.opponent) {
    std::string p = param(q.opponent);
    where += " AND (g.black = " + p + " OR g.white = " + p + ")";
  }
  if (q.rated) where += " AND g.rated = " + param(*q.rated);
  if (!q.game.empty()) where += " AND g.game = " + param(std::string_view(q.game));
  if (!q.statuses.empty()) {
    where += " AND g.status IN (";
    for (size_t i = 0; i < q.statuses.size(); ++i)
      where += (i ? ", " : "") + param(record_text::status_text(q.statuses[i]));
    where += ")";
  }
  if (q.result)
    where += " AND g.status = 'finished' AND g.result = " +
             param(record_text::result_text(*q.result));
  if (q.before) where += " AND g.id < " + param(q.before);
  return where + " ORDER BY g.id DESC LIMIT " + param(q.limit);
}

// After a conditional game write changed nothing: why not, from the ply now stored.
WriteResult why_not(Connection& c, Id game, int expected_ply) {
  std::optional<int64_t> ply = c.integer("SELECT ply FROM games WHERE id = $1", {game});
  if (!ply) return WriteResult::NotFound;
  if (*ply != expected_ply) return WriteResult::StalePly;
  return WriteResult::Changed;
}

// The update of a game's state: its columns from $4 on, after the conditions' $1..$3.
std::string update_game_sql(const std::string& conditions) {
  return "UPDATE games SET " + set_list<GameState>(4) + " WHERE " + conditions;
}

constexpr const char* kNotOver = "status NOT IN ('finished', 'aborted')";


}  // namespace

SqlGameRepo::SqlGameRepo(Database& db)
    : db_(db),
      insert_move_(insert_select_sql<MoveRecord>("game_id", "id", 4) +
                   " FROM games WHERE id = $1 AND ply = $2 AND version = $3 AND " + kNotOver +
                   db.lock_rows()),
      update_after_move_(update_game_sql("id = $1 AND ply = $2 AND version = $3 AND " +
                                         std::string(kNotOver))) {}

std::optional<GameState> SqlGameRepo::find_game(Id id) {
  static const std::string sql = select_game() + "WHERE g.id = $1";
  return db_.read([&](Connection& c) { return c.first(sql, {id}, read<GameState>); });
}

std::optional<StoredGame> SqlGameRepo::load_game(Id id) {
  static const std::string game = select_game() + "WHERE g.id = $1";
  static const std::string moves = select_sql<MoveRecord>() + "WHERE m.game_id = $1 ORDER BY m.ply";
  static const std::string comments = select_sql<Comment>() + "WHERE c.game_id = $1 AND c.removed_ms = 0 ORDER BY c.id";
  // One snapshot: the state, moves and comments of one moment.
  return db_.snapshot([&](Connection& c) -> std::optional<StoredGame> {
    std::optional<GameState> state = c.first(game, {id}, read<GameState>);
    if (!state) return std::nullopt;
    StoredGame g;
    g.state = std::move(*state);
    g.moves = c.all(moves, {id}, read<MoveRecord>);
    g.comments = c.all(comments, {id}, read<Comment>);
    return g;
  });
}

std::vector<GameState> SqlGameRepo::list_games_of(Id user) {
  static const std::string sql =
      select_game() + "WHERE g.black = $1 OR g.white = $1 ORDER BY g.id DESC";
  return db_.read([&](Connection& c) { return c.all(sql, {user}, read<GameState>); });
}

std::vector<GameState> SqlGameRepo::list_unfinished_games() {
  static const std::string sql =
      select_game() + "WHERE g." + kNotOver + " ORDER BY g.id";
  return db_.read([&](Connection& c) { return c.all(sql, {}, read<GameState>); });
}

int64_t SqlGameRepo::count_active_games() {
  static const std::string sql = "SELECT COUNT(*) FROM games WHERE status = 'active'";
  return db_.read([](Connection& c) { return *c.integer(sql); });
}

std::vector<GameState> SqlGameRepo::find_games(const GameQuery& query) {
  Values v;
  std::string sql = select_game() + "WHERE " + game_query_sql(query, v);
  return db_.read([&](Connection& c) { return c.all(sql, v, read<GameState>); });
}

std::vector<GameState> SqlGameRepo::finished_rated_games() {
  static const std::string sql =
      select_game() + "WHERE g.rated = $1 AND g.status = 'finished' ORDER BY g.updated_ms, g.id";
  return db_.read([&](Connection& c) { return c.all(sql, {true}, read<GameState>); });
}

int SqlGameRepo::count_played_games(Id user, int min_ply) {
  static const std::string sql =
      "SELECT count(*) FROM games WHERE (black = $1 OR white = $1) AND status = 'finished' "
      "AND ply >= $2";
  return int(db_.read([&](Connection& c) { return c.integer(sql, {user, min_ply}); }).value_or(0));
}

Id SqlGameRepo::insert_game(Connection& c, const GameState& g) {
  static const std::string sql = insert_sql<GameState>() + " RETURNING id";
  Values v;
  bind(v, g, ColumnNames::For::Insert);
  return *c.integer(sql, v);
}

WriteResult SqlGameRepo::append_move(Id game, int expected_ply, const MoveRecord& move,
                                     const GameState& state) {
  if (state.id != game || move.ply != expected_ply + 1 || state.ply != expected_ply + 1)
    throw StoreError("append_move: the move and the state must be of ply " +
                     std::to_string(expected_ply + 1) + " of game " + std::to_string(game));
  Values m{game, expected_ply, state.version - 1};
  bind(m, move, ColumnNames::For::Insert);
  Values u{game, expected_ply, state.version - 1};
  bind(u, state, ColumnNames::For::Update);
  // Both statements find the game only if it is still at the expected ply and version and not
  // over. The first locks its row (PostgreSQL; SQLite's writes take turns anyway), so the
  // second finds it too: the move is stored with its game's state or not at all. A concurrent
  // writer's statement waits for this one's commit, then finds the game moved on. Sent
  // together: one round trip to PostgreSQL.
  std::vector<int64_t> changed = db_.write_all({{insert_move_, m}, {update_after_move_, u}});
  if (changed[1] == 0) return why_not_written(game, expected_ply);
  return WriteResult::Ok;
}

WriteResult SqlGameRepo::update_game(const GameState& state) {
  static const std::string update = update_game_sql("id = $1 AND version = $2 AND ply = $3");
  Values u{state.id, state.version - 1, state.ply};
  bind(u, state, ColumnNames::For::Update);
  if (db_.write_one(update, u) == 0) return why_not_written(state.id, state.ply);
  return WriteResult::Ok;
}

WriteResult SqlGameRepo::why_not_written(Id game, int expected_ply) {
  return db_.read([&](Connection& c) { return why_not(c, game, expected_ply); });
}

WriteResult SqlGameRepo::take_back(const GameState& state, int plies) {
  if (plies < 1 || state.ply < 0)
    throw StoreError("take_back: take back at least one move, to a ply of 0 or more (game " +
                     std::to_string(state.id) + ")");
  static const std::string update =
      update_game_sql("id = $1 AND ply = $2 AND version = $3 AND " + std::string(kNotOver));
  Values u{state.id, state.ply + plies, state.version - 1};
  bind(u, state, ColumnNames::For::Update);
  return db_.write([&](Connection& c) {
    if (c.execute(update, u) == 0) return why_not(c, state.id, state.ply + plies);
    c.execute("DELETE FROM moves WHERE game_id = $1 AND ply > $2", {state.id, state.ply});
    return WriteResult::Ok;
  });
}

Id SqlGameRepo::add_comment(const Comment& comment) {
  static const std::string sql = insert_sql<Comment>() + " RETURNING id";
  Values v;
  bind(v, comment, ColumnNames::For::Insert);
  return *db_.write_returning(sql, v);
}

}  // namespace kirin::server::sql
