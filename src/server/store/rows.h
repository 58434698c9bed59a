// What the SQLite and PostgreSQL stores share beyond record_text: reading a row into a record,
// and the checks on a write's arguments. Each store keeps its own SQL; its SELECTs list the
// columns in the order these readers take them (noted at each).
//
// A Row reads consecutive columns of one result row: i64(), i32(), str(), boolean(),
// null_next() (whether the next column is NULL, without reading it) and skip(n). The readers
// of whole records take it by forwarding reference: read_game(Row{...}) or a Row in use.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/domain/records.h"
#include "server/store/record_text.h"
#include "server/store/store.h"

namespace kirin::server::rows {

// game, profile, options, drops, handicap, custom_sfen
template <class Row>
void read_setup(Row& r, GameSetup& s) {
  s.game = r.str();
  s.profile = r.str();
  s.options = record_text::options_of(r.str());
  if (r.null_next())
    r.skip(1);
  else
    s.drops = r.boolean();
  s.handicap = r.str();
  s.start_sfen = r.str();
}

// tc_kind, tc_main_ms, tc_byoyomi_ms, tc_increment_ms, tc_days
template <class Row>
void read_tc(Row& r, TimeControl& tc) {
  tc.kind = record_text::tc_kind_of(r.str());
  tc.main_ms = r.i64();
  tc.byoyomi_ms = r.i64();
  tc.increment_ms = r.i64();
  tc.days_per_move = r.i32();
}

// g.id, the setup, g.start_sfen, g.black, b.name, g.white, w.name, the time control,
// g.clock_black_ms, g.clock_white_ms, g.turn_started_ms, g.status, g.result, g.reason, g.ply,
// g.version, g.draw_offer, g.sealed_usi, g.sealed_by, g.sealed_time_ms, g.sealed_at_ms,
// g.created_ms, g.updated_ms, g.computer_level, g.rated, g.takebacks, g.takeback_offer
template <class Row>
GameState read_game(Row&& r) {
  GameState g;
  g.id = r.i64();
  read_setup(r, g.setup);
  g.start_sfen = r.str();
  g.black.id = r.i64();
  g.black.name = r.str();
  g.white.id = r.i64();
  g.white.name = r.str();
  read_tc(r, g.time_control);
  g.clock.remaining_ms[kBlack] = r.i64();
  g.clock.remaining_ms[kWhite] = r.i64();
  g.clock.turn_started = r.i64();
  g.status = record_text::status_of(r.str());
  g.result = record_text::result_of(r.str());
  g.reason = r.str();
  g.ply = r.i32();
  g.version = r.i64();
  if (r.null_next())
    r.skip(1);
  else
    g.draw_offer = record_text::color_of(r.str());
  if (r.null_next()) {
    r.skip(4);
  } else {
    SealedMove m;
    m.usi = r.str();
    m.by = r.i64();
    m.time_used_ms = r.i64();
    m.at = r.i64();
    g.sealed = m;
  }
  g.created = r.i64();
  g.updated = r.i64();
  g.setup.computer_level = r.i32();
  g.setup.rated = r.boolean();
  g.setup.takebacks = r.boolean();
  if (r.null_next())
    r.skip(1);
  else
    g.takeback_offer = record_text::color_of(r.str());
  return g;
}

// c.id, c.challenger, a.name, c.challenged (0 if open to anyone), its name ('' if open), the
// setup, c.color, the time control, c.status, c.game_id (0 if none), c.created_ms,
// c.computer_level, c.rematch_of (0 if none), c.rated, c.takebacks
template <class Row>
Challenge read_challenge(Row&& r) {
  Challenge c;
  c.id = r.i64();
  c.challenger.id = r.i64();
  c.challenger.name = r.str();
  c.challenged.id = r.i64();
  c.challenged.name = r.str();
  read_setup(r, c.setup);
  c.color = record_text::color_choice_of(r.str());
  read_tc(r, c.time_control);
  c.status = record_text::challenge_status_of(r.str());
  c.game = r.i64();
  c.created = r.i64();
  c.setup.computer_level = r.i32();
  c.rematch_of = r.i64();
  c.setup.rated = r.boolean();
  c.setup.takebacks = r.boolean();
  return c;
}

// id, name, email, password_hash, preferences, created_ms, seen_ms, closed_ms
template <class Row>
User read_user(Row&& r) {
  User u;
  u.id = r.i64();
  u.name = r.str();
  u.email = r.str();
  u.password_hash = r.str();
  u.preferences = record_text::preferences_of(r.str());
  u.created = r.i64();
  u.last_seen = r.i64();
  u.closed = r.i64();
  return u;
}

// rating, deviation, volatility
template <class Row>
Glicko2Rating read_glicko2(Row& r) {
  Glicko2Rating g;
  g.rating = r.dbl();
  g.deviation = r.dbl();
  g.volatility = r.dbl();
  return g;
}

#define RATING_COLUMNS \
  "r.user_id, u.name, r.game, r.rating, r.deviation, r.volatility, r.games, r.last_played_ms"
// RATING_COLUMNS
template <class Row>
Rating read_rating(Row&& r) {
  Rating out;
  out.user.id = r.i64();
  out.user.name = r.str();
  out.game = r.str();
  out.value = read_glicko2(r);
  out.games = r.i32();
  out.last_played = r.i64();
  return out;
}

#define RATING_CHANGE_COLUMNS                                                             \
  "c.game_id, c.user_id, u.name, c.game, c.rating_before, c.deviation_before, "           \
  "c.volatility_before, c.rating, c.deviation, c.volatility, c.games_before, c.at_ms"
// RATING_CHANGE_COLUMNS
template <class Row>
RatingChange read_rating_change(Row&& r) {
  RatingChange c;
  c.game_id = r.i64();
  c.user.id = r.i64();
  c.user.name = r.str();
  c.game = r.str();
  c.before = read_glicko2(r);
  c.after = read_glicko2(r);
  c.games_before = r.i32();
  c.at = r.i64();
  return c;
}

// user id, name, game, wins, losses, draws
template <class Row>
Standing read_standing(Row&& r) {
  Standing s;
  s.user.id = r.i64();
  s.user.name = r.str();
  s.game = r.str();
  s.wins = r.i32();
  s.losses = r.i32();
  s.draws = r.i32();
  return s;
}

// m.id, m.sender, its name, m.recipient, its name, m.text, m.at_ms, m.read_ms
template <class Row>
Message read_message(Row&& r) {
  Message m;
  m.id = r.i64();
  m.from.id = r.i64();
  m.from.name = r.str();
  m.to.id = r.i64();
  m.to.name = r.str();
  m.text = r.str();
  m.at = r.i64();
  m.read = r.i64();
  return m;
}

// token_hash, user_id, expires_ms, created_ms
template <class Row>
Session read_session(Row&& r) {
  Session s;
  s.token_hash = r.str();
  s.user = r.i64();
  s.expires = r.i64();
  s.created = r.i64();
  return s;
}

// ply, usi, time_used_ms, at_ms
template <class Row>
MoveRecord read_move(Row&& r) {
  MoveRecord m;
  m.ply = r.i32();
  m.usi = r.str();
  m.time_used_ms = r.i64();
  m.at = r.i64();
  return m;
}

// c.id, c.game_id, c.ply, c.user_id, u.name, c.text, c.at_ms
template <class Row>
Comment read_comment(Row&& r) {
  Comment c;
  c.id = r.i64();
  c.game = r.i64();
  c.ply = r.i32();
  c.user.id = r.i64();
  c.user.name = r.str();
  c.text = r.str();
  c.at = r.i64();
  return c;
}

// A GameQuery in SQL: the conditions on the games `g` after "WHERE" (TRUE for none), then the
// order and the limit, with parameters numbered from 1 as `mark`N (?1 in SQLite, $1 in
// PostgreSQL), and their values in that order.
struct GameQuerySql {
  std::string sql;
  std::vector<std::variant<int64_t, std::string>> params;
};
inline GameQuerySql game_query_sql(const GameQuery& q, char mark) {
  GameQuerySql out;
  auto param = [&](std::variant<int64_t, std::string> value) {
    out.params.push_back(std::move(value));
    return mark + std::to_string(out.params.size());
  };
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
  if (q.rated) where += " AND g.rated = " + param(int64_t(*q.rated));
  if (!q.game.empty()) where += " AND g.game = " + param(q.game);
  if (!q.statuses.empty()) {
    where += " AND g.status IN (";
    for (size_t i = 0; i < q.statuses.size(); ++i)
      where += (i ? ", " : "") + param(std::string(record_text::status_text(q.statuses[i])));
    where += ")";
  }
  if (q.result)
    where += " AND g.status = 'finished' AND g.result = " +
             param(std::string(record_text::result_text(*q.result)));
  if (q.before) where += " AND g.id < " + param(q.before);
  out.sql = where + " ORDER BY g.id DESC LIMIT " + param(int64_t(q.limit));
  return out;
}

// A StandingsQuery in SQL, as game_query_sql: the whole statement, reading as read_standing.
inline GameQuerySql standings_sql(const StandingsQuery& q, char mark) {
  GameQuerySql out;
  auto param = [&](std::variant<int64_t, std::string> value) {
    out.params.push_back(std::move(value));
    return mark + std::to_string(out.params.size());
  };
  std::string where = "g.status = 'finished'";
  if (!q.game.empty()) where += " AND g.game = " + param(q.game);
  if (q.user) where += " AND u.id = " + param(q.user);
  if (q.rated) where += " AND g.rated = " + param(int64_t(*q.rated));
  // The player's colour's result word: 'black' for Black, 'white' for White.
  const std::string mine = "(CASE WHEN g.black = u.id THEN 'black' ELSE 'white' END)";
  const std::string theirs = "(CASE WHEN g.black = u.id THEN 'white' ELSE 'black' END)";
  out.sql =
      "SELECT id, name, game, wins, losses, draws FROM (SELECT u.id, u.name, g.game, "
      "sum(CASE WHEN g.result = " + mine + " THEN 1 ELSE 0 END) AS wins, "
      "sum(CASE WHEN g.result = " + theirs + " THEN 1 ELSE 0 END) AS losses, "
      "sum(CASE WHEN g.result = 'draw' THEN 1 ELSE 0 END) AS draws "
      "FROM games g JOIN users u ON u.id = g.black OR u.id = g.white WHERE " + where +
      " GROUP BY u.id, u.name, g.game) s ORDER BY 2 * wins + draws DESC, name, game LIMIT " +
      param(int64_t(q.limit));
  return out;
}

// The changes of one rated game, as Store::record_rating_changes takes them: one per player,
// all of one game. Throws StoreError otherwise.
inline void check_rating_changes(const std::vector<RatingChange>& changes) {
  if (changes.empty()) throw StoreError("record_rating_changes: no change");
  for (const RatingChange& c : changes)
    if (c.game_id != changes[0].game_id || c.game != changes[0].game || !c.user.id)
      throw StoreError("record_rating_changes: the changes must be of one game, by players");
}

// Store::append_move's precondition: the move and the state are of ply expected_ply + 1 of
// `game`. Throws StoreError otherwise.
inline void check_append_move(Id game, int expected_ply, const MoveRecord& move,
                              const GameState& state) {
  if (state.id != game || move.ply != expected_ply + 1 || state.ply != expected_ply + 1)
    throw StoreError("append_move: the move and the state must be of ply " +
                     std::to_string(expected_ply + 1) + " of game " + std::to_string(game));
}

// Store::take_back's precondition: at least one move is taken back, and no more than played.
inline void check_take_back(const GameState& state, int plies) {
  if (plies < 1 || state.ply < 0)
    throw StoreError("take_back: take back at least one move, to a ply of 0 or more (game " +
                     std::to_string(state.id) + ")");
}

// After a conditional game write changed nothing: why not, from the ply now stored (nullopt:
// no such game).
inline WriteResult why_not_written(std::optional<int> stored_ply, int expected_ply) {
  if (!stored_ply) return WriteResult::NotFound;
  if (*stored_ply != expected_ply) return WriteResult::StalePly;
  return WriteResult::Changed;
}

// i.id, i.imported_by, u.name, i.format, i.game, i.start_sfen, i.black_name, i.white_name,
// i.event, i.played_at, i.moves (USI, space-separated), i.result, i.ending, i.created_ms
template <class Row>
ImportedGame read_imported_game(Row&& r) {
  ImportedGame g;
  g.id = r.i64();
  g.imported_by.id = r.i64();
  g.imported_by.name = r.str();
  g.format = r.str();
  g.game = r.str();
  g.start_sfen = r.str();
  g.black = r.str();
  g.white = r.str();
  g.event = r.str();
  g.played_at = r.str();
  const std::string moves = r.str();
  for (size_t at = 0; at < moves.size();) {
    size_t end = moves.find(' ', at);
    if (end == std::string::npos) end = moves.size();
    if (end > at) g.moves.push_back(moves.substr(at, end - at));
    at = end + 1;
  }
  g.result = record_text::result_of(r.str());
  g.ending = r.str();
  g.created = r.i64();
  return g;
}

// The moves of an imported game as its row holds them: USI, space-separated.
inline std::string imported_moves_text(const ImportedGame& g) {
  std::string out;
  for (const std::string& m : g.moves) out += (out.empty() ? "" : " ") + m;
  return out;
}

}  // namespace kirin::server::rows
