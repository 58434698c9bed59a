#include "server/store/migrations.h"

#include <iterator>
#include <string>

namespace kirin::server::sql {
namespace {

// The steps, in order; a database's schema at version N is the first N of its steps (those
// with SQL for it) applied to an empty database. Where the SQL differs it is given twice
// (types: SQLite's INTEGER PRIMARY KEY, INTEGER booleans and COLLATE NOCASE against
// PostgreSQL's BIGSERIAL, BOOLEAN and an index on the ASCII-folded name); kSame where both
// run the same; nullptr where a database has no such step. Never edit a step that has
// shipped: add one.
const char* const kSame = "";
const Migration kSteps[] = {
    {"the accounts, sessions, games, moves, comments and challenges",
     R"sql(
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  preferences TEXT NOT NULL,
  created_ms INTEGER NOT NULL);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_ms INTEGER NOT NULL,
  created_ms INTEGER NOT NULL);
CREATE INDEX sessions_expiry ON sessions(expires_ms);
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL, profile TEXT NOT NULL, options TEXT NOT NULL, drops INTEGER,
  handicap TEXT NOT NULL, custom_sfen TEXT NOT NULL, start_sfen TEXT NOT NULL,
  black INTEGER NOT NULL REFERENCES users(id),
  white INTEGER NOT NULL REFERENCES users(id),
  tc_kind TEXT NOT NULL, tc_main_ms INTEGER NOT NULL, tc_byoyomi_ms INTEGER NOT NULL,
  tc_increment_ms INTEGER NOT NULL, tc_days INTEGER NOT NULL,
  clock_black_ms INTEGER NOT NULL, clock_white_ms INTEGER NOT NULL,
  turn_started_ms INTEGER NOT NULL,
  status TEXT NOT NULL, result TEXT NOT NULL, reason TEXT NOT NULL,
  ply INTEGER NOT NULL, version INTEGER NOT NULL,
  draw_offer TEXT,
  sealed_usi TEXT, sealed_by INTEGER REFERENCES users(id), sealed_time_ms INTEGER,
  sealed_at_ms INTEGER,
  created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);
CREATE INDEX games_black ON games(black);
CREATE INDEX games_white ON games(white);
CREATE INDEX games_status ON games(status);
CREATE TABLE moves (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  usi TEXT NOT NULL,
  time_used_ms INTEGER NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
CREATE TABLE comments (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  text TEXT NOT NULL,
  at_ms INTEGER NOT NULL);
CREATE INDEX comments_game ON comments(game_id, id);
CREATE TABLE challenges (
  id INTEGER PRIMARY KEY,
  challenger INTEGER NOT NULL REFERENCES users(id),
  challenged INTEGER REFERENCES users(id),
  game TEXT NOT NULL, profile TEXT NOT NULL, options TEXT NOT NULL, drops INTEGER,
  handicap TEXT NOT NULL, custom_sfen TEXT NOT NULL,
  color TEXT NOT NULL,
  tc_kind TEXT NOT NULL, tc_main_ms INTEGER NOT NULL, tc_byoyomi_ms INTEGER NOT NULL,
  tc_increment_ms INTEGER NOT NULL, tc_days INTEGER NOT NULL,
  status TEXT NOT NULL,
  game_id INTEGER REFERENCES games(id),
  created_ms INTEGER NOT NULL);
CREATE INDEX challenges_open ON challenges(status, challenged);
)sql",
     R"sql(
CREATE TABLE users (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  preferences TEXT NOT NULL,
  created_ms BIGINT NOT NULL);
-- Unique ignoring ASCII case, as SQLite's COLLATE NOCASE (lower() would depend on the locale).
CREATE UNIQUE INDEX users_name ON users
  (translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'));
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_ms BIGINT NOT NULL,
  created_ms BIGINT NOT NULL);
CREATE INDEX sessions_expiry ON sessions(expires_ms);
CREATE TABLE games (
  id BIGSERIAL PRIMARY KEY,
  game TEXT NOT NULL, profile TEXT NOT NULL, options TEXT NOT NULL, drops BOOLEAN,
  handicap TEXT NOT NULL, custom_sfen TEXT NOT NULL, start_sfen TEXT NOT NULL,
  black BIGINT NOT NULL REFERENCES users(id),
  white BIGINT NOT NULL REFERENCES users(id),
  tc_kind TEXT NOT NULL, tc_main_ms BIGINT NOT NULL, tc_byoyomi_ms BIGINT NOT NULL,
  tc_increment_ms BIGINT NOT NULL, tc_days INTEGER NOT NULL,
  clock_black_ms BIGINT NOT NULL, clock_white_ms BIGINT NOT NULL,
  turn_started_ms BIGINT NOT NULL,
  status TEXT NOT NULL, result TEXT NOT NULL, reason TEXT NOT NULL,
  ply INTEGER NOT NULL, version BIGINT NOT NULL,
  draw_offer TEXT,
  sealed_usi TEXT, sealed_by BIGINT REFERENCES users(id), sealed_time_ms BIGINT,
  sealed_at_ms BIGINT,
  created_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL);
CREATE INDEX games_black ON games(black);
CREATE INDEX games_white ON games(white);
CREATE INDEX games_unfinished ON games(id) WHERE status <> 'finished';
CREATE TABLE moves (
  game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  usi TEXT NOT NULL,
  time_used_ms BIGINT NOT NULL,
  at_ms BIGINT NOT NULL,
  PRIMARY KEY (game_id, ply));
CREATE TABLE comments (
  id BIGSERIAL PRIMARY KEY,
  game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  user_id BIGINT NOT NULL REFERENCES users(id),
  text TEXT NOT NULL,
  at_ms BIGINT NOT NULL);
CREATE INDEX comments_game ON comments(game_id, id);
CREATE TABLE challenges (
  id BIGSERIAL PRIMARY KEY,
  challenger BIGINT NOT NULL REFERENCES users(id),
  challenged BIGINT REFERENCES users(id),
  game TEXT NOT NULL, profile TEXT NOT NULL, options TEXT NOT NULL, drops BOOLEAN,
  handicap TEXT NOT NULL, custom_sfen TEXT NOT NULL,
  color TEXT NOT NULL,
  tc_kind TEXT NOT NULL, tc_main_ms BIGINT NOT NULL, tc_byoyomi_ms BIGINT NOT NULL,
  tc_increment_ms BIGINT NOT NULL, tc_days INTEGER NOT NULL,
  status TEXT NOT NULL,
  game_id BIGINT REFERENCES games(id),
  created_ms BIGINT NOT NULL);
CREATE INDEX challenges_open ON challenges(status, challenged);
CREATE INDEX challenges_from ON challenges(challenger) WHERE status = 'open';
)sql"},
    {"a log of game changes, written by triggers so that every process writing the file logs alike (SQLite; PostgreSQL notified from its writes until step 9)",
     R"sql(
CREATE TABLE game_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  comment_id INTEGER NOT NULL,
  at_ms INTEGER NOT NULL);
CREATE TRIGGER game_created AFTER INSERT ON games BEGIN
  INSERT INTO game_changes (game_id, version, comment_id, at_ms)
  VALUES (NEW.id, NEW.version, 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER game_changed AFTER UPDATE ON games BEGIN
  INSERT INTO game_changes (game_id, version, comment_id, at_ms)
  VALUES (NEW.id, NEW.version, 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER comment_added AFTER INSERT ON comments BEGIN
  INSERT INTO game_changes (game_id, version, comment_id, at_ms)
  VALUES (NEW.game_id, 0, NEW.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
)sql",
     nullptr},
    {"the computer opponent's strength, chosen with the challenge",
     R"sql(
ALTER TABLE challenges ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
)sql",
     kSame},
    {"a challenge offering a rematch of a game; games listed by game and by result (PostgreSQL: aborted games are over too)",
     R"sql(
ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games(id);
CREATE INDEX challenges_rematch ON challenges(rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX games_game ON games(game, id);
)sql",
     R"sql(
DROP INDEX games_unfinished;
CREATE INDEX games_unfinished ON games(id) WHERE status NOT IN ('finished', 'aborted');
ALTER TABLE challenges ADD COLUMN rematch_of BIGINT REFERENCES games(id);
CREATE INDEX challenges_rematch ON challenges(rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX games_game ON games(game, id);
)sql"},
    {"rated games and the players' ratings; when a user was last seen",
     R"sql(
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN seen_ms INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_rated_finished ON games(updated_ms, id) WHERE rated = 1 AND status = 'finished';
CREATE TABLE ratings (
  user_id INTEGER NOT NULL REFERENCES users(id),
  game TEXT NOT NULL,
  rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
  games INTEGER NOT NULL,
  last_played_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, game));
CREATE INDEX ratings_board ON ratings(game, rating);
CREATE TABLE rating_changes (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  game TEXT NOT NULL,
  rating_before REAL NOT NULL, deviation_before REAL NOT NULL, volatility_before REAL NOT NULL,
  rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
  games_before INTEGER NOT NULL,
  at_ms INTEGER NOT NULL,
  UNIQUE (game_id, user_id));
CREATE INDEX rating_changes_user ON rating_changes(user_id, id);
)sql",
     R"sql(
ALTER TABLE challenges ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN seen_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_rated_finished ON games(updated_ms, id) WHERE rated AND status = 'finished';
CREATE TABLE ratings (
  user_id BIGINT NOT NULL REFERENCES users(id),
  game TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL,
  last_played_ms BIGINT NOT NULL,
  PRIMARY KEY (user_id, game));
CREATE INDEX ratings_board ON ratings(game, rating);
CREATE TABLE rating_changes (
  id BIGSERIAL PRIMARY KEY,
  game_id BIGINT NOT NULL REFERENCES games(id),
  user_id BIGINT NOT NULL REFERENCES users(id),
  game TEXT NOT NULL,
  rating_before DOUBLE PRECISION NOT NULL, deviation_before DOUBLE PRECISION NOT NULL,
  volatility_before DOUBLE PRECISION NOT NULL,
  rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games_before INTEGER NOT NULL,
  at_ms BIGINT NOT NULL,
  UNIQUE (game_id, user_id));
CREATE INDEX rating_changes_user ON rating_changes(user_id, id);
)sql"},
    {"game records imported from files",
     R"sql(
CREATE TABLE imported_games (
  id INTEGER PRIMARY KEY,
  imported_by INTEGER NOT NULL REFERENCES users(id),
  format TEXT NOT NULL, game TEXT NOT NULL, start_sfen TEXT NOT NULL,
  black_name TEXT NOT NULL, white_name TEXT NOT NULL, event TEXT NOT NULL,
  played_at TEXT NOT NULL, moves TEXT NOT NULL, result TEXT NOT NULL, ending TEXT NOT NULL,
  created_ms INTEGER NOT NULL);
CREATE INDEX imported_games_by ON imported_games(imported_by, id);
)sql",
     R"sql(
CREATE TABLE imported_games (
  id BIGSERIAL PRIMARY KEY,
  imported_by BIGINT NOT NULL REFERENCES users(id),
  format TEXT NOT NULL, game TEXT NOT NULL, start_sfen TEXT NOT NULL,
  black_name TEXT NOT NULL, white_name TEXT NOT NULL, event TEXT NOT NULL,
  played_at TEXT NOT NULL, moves TEXT NOT NULL, result TEXT NOT NULL, ending TEXT NOT NULL,
  created_ms BIGINT NOT NULL);
CREATE INDEX imported_games_by ON imported_games(imported_by, id);
)sql"},
    {"takebacks (allowed by the challenge, asked during the game) and forecasts",
     R"sql(
ALTER TABLE challenges ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN takeback_offer TEXT;
CREATE TABLE forecasts (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  ply INTEGER NOT NULL,
  lines TEXT NOT NULL,
  PRIMARY KEY (game_id, user_id)) WITHOUT ROWID;
)sql",
     R"sql(
ALTER TABLE challenges ADD COLUMN takebacks BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE games ADD COLUMN takebacks BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE games ADD COLUMN takeback_offer TEXT;
CREATE TABLE forecasts (
  game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users(id),
  ply INTEGER NOT NULL,
  lines TEXT NOT NULL,
  PRIMARY KEY (game_id, user_id));
)sql"},
    {"closed accounts, private messages and a game's chat between its players",
     R"sql(
ALTER TABLE users ADD COLUMN closed_ms INTEGER NOT NULL DEFAULT 0;
CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  sender INTEGER NOT NULL REFERENCES users(id),
  recipient INTEGER NOT NULL REFERENCES users(id),
  text TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  read_ms INTEGER NOT NULL DEFAULT 0);
CREATE INDEX messages_recipient ON messages(recipient, id);
CREATE TABLE chat (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  text TEXT NOT NULL,
  at_ms INTEGER NOT NULL);
CREATE INDEX chat_game ON chat(game_id, id);
)sql",
     R"sql(
ALTER TABLE users ADD COLUMN closed_ms BIGINT NOT NULL DEFAULT 0;
CREATE TABLE messages (
  id BIGSERIAL PRIMARY KEY,
  sender BIGINT NOT NULL REFERENCES users(id),
  recipient BIGINT NOT NULL REFERENCES users(id),
  text TEXT NOT NULL,
  at_ms BIGINT NOT NULL,
  read_ms BIGINT NOT NULL DEFAULT 0);
CREATE INDEX messages_recipient ON messages(recipient, id);
CREATE TABLE chat (
  id BIGSERIAL PRIMARY KEY,
  game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  user_id BIGINT NOT NULL REFERENCES users(id),
  text TEXT NOT NULL,
  at_ms BIGINT NOT NULL);
CREATE INDEX chat_game ON chat(game_id, id);
)sql"},
    {"PostgreSQL notifies game changes by triggers, as SQLite logs them: the repositories' SQL is the same for both",
     nullptr,
     R"sql(
CREATE FUNCTION kirin_game_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kirin_games', NEW.id::text || ' v' || NEW.version::text);
  RETURN NULL;
END $$;
CREATE TRIGGER game_changed AFTER INSERT OR UPDATE ON games
  FOR EACH ROW EXECUTE FUNCTION kirin_game_changed();
CREATE FUNCTION kirin_comment_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kirin_games', NEW.game_id::text || ' c' || NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER comment_added AFTER INSERT ON comments
  FOR EACH ROW EXECUTE FUNCTION kirin_comment_added();
)sql"},
    {"a user's sessions ended at once (password change, closure, ban), heard by every process as game changes are",
     R"sql(
CREATE TABLE session_endings (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  at_ms INTEGER NOT NULL);
ALTER TABLE game_changes ADD COLUMN sessions_of INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER sessions_ended AFTER INSERT ON session_endings BEGIN
  INSERT INTO game_changes (game_id, version, comment_id, at_ms, sessions_of)
  VALUES (0, 0, 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NEW.user_id);
END;
)sql",
     R"sql(
CREATE TABLE session_endings (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  at_ms BIGINT NOT NULL);
CREATE FUNCTION kirin_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kirin_games', '0 s' || NEW.user_id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_ended AFTER INSERT ON session_endings
  FOR EACH ROW EXECUTE FUNCTION kirin_sessions_ended();
)sql"},
    {"moderation: roles, bans and mutes, blocks, reports, the audit log, removed lines",
     R"sql(
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'player';
ALTER TABLE users ADD COLUMN banned_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN muted_until_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE comments ADD COLUMN removed_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE chat ADD COLUMN removed_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN warning INTEGER NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN removed_ms INTEGER NOT NULL DEFAULT 0;
CREATE TABLE blocks (
  blocker INTEGER NOT NULL REFERENCES users(id),
  blocked INTEGER NOT NULL REFERENCES users(id),
  created_ms INTEGER NOT NULL,
  PRIMARY KEY (blocker, blocked)) WITHOUT ROWID;
CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  reporter INTEGER NOT NULL REFERENCES users(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  reason TEXT NOT NULL,
  text TEXT NOT NULL,
  game_id INTEGER, comment_id INTEGER, chat_id INTEGER, message_id INTEGER,
  created_ms INTEGER NOT NULL,
  open INTEGER NOT NULL,
  closed_by INTEGER REFERENCES users(id),
  closed_ms INTEGER NOT NULL,
  resolution TEXT NOT NULL);
CREATE INDEX reports_open ON reports(open, id);
CREATE INDEX reports_user ON reports(user_id, id);
CREATE INDEX reports_reporter ON reports(reporter, created_ms);
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL,
  by_user INTEGER REFERENCES users(id),
  action TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id),
  target_kind TEXT NOT NULL,
  target_id INTEGER,
  reason TEXT NOT NULL);
CREATE INDEX audit_log_user ON audit_log(user_id, id);
)sql",
     R"sql(
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'player';
ALTER TABLE users ADD COLUMN banned_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN muted_until_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE comments ADD COLUMN removed_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE chat ADD COLUMN removed_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN warning BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE messages ADD COLUMN removed_ms BIGINT NOT NULL DEFAULT 0;
CREATE TABLE blocks (
  blocker BIGINT NOT NULL REFERENCES users(id),
  blocked BIGINT NOT NULL REFERENCES users(id),
  created_ms BIGINT NOT NULL,
  PRIMARY KEY (blocker, blocked));
CREATE TABLE reports (
  id BIGSERIAL PRIMARY KEY,
  reporter BIGINT NOT NULL REFERENCES users(id),
  user_id BIGINT NOT NULL REFERENCES users(id),
  reason TEXT NOT NULL,
  text TEXT NOT NULL,
  game_id BIGINT, comment_id BIGINT, chat_id BIGINT, message_id BIGINT,
  created_ms BIGINT NOT NULL,
  open BOOLEAN NOT NULL,
  closed_by BIGINT REFERENCES users(id),
  closed_ms BIGINT NOT NULL,
  resolution TEXT NOT NULL);
CREATE INDEX reports_open ON reports(open, id);
CREATE INDEX reports_user ON reports(user_id, id);
CREATE INDEX reports_reporter ON reports(reporter, created_ms);
CREATE TABLE audit_log (
  id BIGSERIAL PRIMARY KEY,
  at_ms BIGINT NOT NULL,
  by_user BIGINT REFERENCES users(id),
  action TEXT NOT NULL,
  user_id BIGINT REFERENCES users(id),
  target_kind TEXT NOT NULL,
  target_id BIGINT,
  reason TEXT NOT NULL);
CREATE INDEX audit_log_user ON audit_log(user_id, id);
)sql"},
    {"one rematch played per game (the race of two accepts: the store refuses the second); a second one a race left before this is kept as a game, no longer as the rematch",
     R"sql(
UPDATE challenges SET rematch_of = NULL
WHERE status = 'accepted' AND rematch_of IS NOT NULL AND id > (
  SELECT min(o.id) FROM challenges o WHERE o.rematch_of = challenges.rematch_of AND o.status = 'accepted');
CREATE UNIQUE INDEX challenges_one_rematch ON challenges(rematch_of) WHERE status = 'accepted';
)sql",
     kSame},
    {"uses of costly things counted per key and clock hour (sign-ups per address, mate solves per mail sender), shared by every process",
     R"sql(
CREATE TABLE usage_counts (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  hour_ms BIGINT NOT NULL,
  uses INTEGER NOT NULL,
  PRIMARY KEY (kind, key, hour_ms));
CREATE INDEX usage_counts_hour ON usage_counts(hour_ms);
)sql",
     kSame},
    {"a game remembers the tournament that paired it, and an arena game its players' berserks",
     R"sql(
ALTER TABLE games ADD COLUMN tournament_id BIGINT;
ALTER TABLE games ADD COLUMN berserk_allowed BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN berserk_black BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN berserk_white BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX games_tournament ON games(tournament_id, id) WHERE tournament_id IS NOT NULL;
)sql",
     kSame},
    {"byoyomi periods: how many a time control gives (1 for every byoyomi stored before), and how many each player of a game has used up",
     R"sql(
ALTER TABLE games ADD COLUMN tc_periods INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN tc_periods INTEGER NOT NULL DEFAULT 0;
UPDATE games SET tc_periods = 1 WHERE tc_byoyomi_ms > 0;
UPDATE challenges SET tc_periods = 1 WHERE tc_byoyomi_ms > 0;
ALTER TABLE games ADD COLUMN periods_used_black INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN periods_used_white INTEGER NOT NULL DEFAULT 0;
)sql",
     kSame},
    {"tournaments (issue 29): events, entries and pairings; every write to an event is heard by the other processes as game changes are",
     R"sql(
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL,
  game TEXT NOT NULL, profile TEXT NOT NULL, options TEXT NOT NULL, drops INTEGER,
  handicap TEXT NOT NULL, custom_sfen TEXT NOT NULL, computer_level INTEGER NOT NULL,
  rated INTEGER NOT NULL, takebacks INTEGER NOT NULL,
  tc_kind TEXT NOT NULL, tc_main_ms INTEGER NOT NULL, tc_byoyomi_ms INTEGER NOT NULL,
  tc_increment_ms INTEGER NOT NULL, tc_days INTEGER NOT NULL, tc_periods INTEGER NOT NULL,
  minutes INTEGER NOT NULL, rounds INTEGER NOT NULL, double_round INTEGER NOT NULL,
  round_interval_s INTEGER NOT NULL, starts_at_ms INTEGER NOT NULL, max_players INTEGER NOT NULL,
  min_rating INTEGER NOT NULL, min_rated_games INTEGER NOT NULL, berserk INTEGER NOT NULL,
  password_hash TEXT NOT NULL, computer_entries INTEGER NOT NULL, computer_entry_level INTEGER NOT NULL,
  creator INTEGER NOT NULL REFERENCES users(id),
  status TEXT NOT NULL, round INTEGER NOT NULL,
  created_ms INTEGER NOT NULL, started_ms INTEGER NOT NULL, finished_ms INTEGER NOT NULL,
  deadline_ms INTEGER NOT NULL, version INTEGER NOT NULL, change TEXT NOT NULL);
CREATE INDEX tournaments_status ON tournaments(status, id);
CREATE INDEX tournaments_creator ON tournaments(creator, created_ms);
CREATE TABLE tournament_entries (
  id INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  computer INTEGER NOT NULL,
  rating INTEGER NOT NULL,
  withdrawn INTEGER NOT NULL,
  joined_ms INTEGER NOT NULL,
  UNIQUE (tournament_id, user_id, computer));
CREATE TABLE tournament_pairings (
  id INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  round INTEGER NOT NULL,
  game_id INTEGER UNIQUE REFERENCES games(id),
  black INTEGER NOT NULL REFERENCES tournament_entries(id),
  white INTEGER REFERENCES tournament_entries(id),
  result TEXT NOT NULL, reason TEXT NOT NULL, ply INTEGER NOT NULL,
  berserk_black INTEGER NOT NULL, berserk_white INTEGER NOT NULL, counted INTEGER NOT NULL,
  created_ms INTEGER NOT NULL, ended_ms INTEGER NOT NULL);
CREATE INDEX tournament_pairings_round ON tournament_pairings(tournament_id, round, id);
CREATE INDEX tournament_pairings_playing ON tournament_pairings(tournament_id) WHERE ended_ms = 0;
ALTER TABLE game_changes ADD COLUMN tournament_id INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER tournament_created AFTER INSERT ON tournaments BEGIN
  INSERT INTO game_changes (game_id, version, comment_id, at_ms, tournament_id)
  VALUES (0, 0, 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NEW.id);
END;
CREATE TRIGGER tournament_changed AFTER UPDATE ON tournaments BEGIN
  INSERT INTO game_changes (game_id, version, comment_id, at_ms, tournament_id)
  VALUES (0, 0, 0, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), NEW.id);
END;
)sql",
     R"sql(
CREATE TABLE tournaments (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL,
  game TEXT NOT NULL, profile TEXT NOT NULL, options TEXT NOT NULL, drops BOOLEAN,
  handicap TEXT NOT NULL, custom_sfen TEXT NOT NULL, computer_level BIGINT NOT NULL,
  rated BOOLEAN NOT NULL, takebacks BOOLEAN NOT NULL,
  tc_kind TEXT NOT NULL, tc_main_ms BIGINT NOT NULL, tc_byoyomi_ms BIGINT NOT NULL,
  tc_increment_ms BIGINT NOT NULL, tc_days BIGINT NOT NULL, tc_periods BIGINT NOT NULL,
  minutes BIGINT NOT NULL, rounds BIGINT NOT NULL, double_round BOOLEAN NOT NULL,
  round_interval_s BIGINT NOT NULL, starts_at_ms BIGINT NOT NULL, max_players BIGINT NOT NULL,
  min_rating BIGINT NOT NULL, min_rated_games BIGINT NOT NULL, berserk BOOLEAN NOT NULL,
  password_hash TEXT NOT NULL, computer_entries BIGINT NOT NULL, computer_entry_level BIGINT NOT NULL,
  creator BIGINT NOT NULL REFERENCES users(id),
  status TEXT NOT NULL, round BIGINT NOT NULL,
  created_ms BIGINT NOT NULL, started_ms BIGINT NOT NULL, finished_ms BIGINT NOT NULL,
  deadline_ms BIGINT NOT NULL, version BIGINT NOT NULL, change TEXT NOT NULL);
CREATE INDEX tournaments_status ON tournaments(status, id);
CREATE INDEX tournaments_creator ON tournaments(creator, created_ms);
CREATE TABLE tournament_entries (
  id BIGSERIAL PRIMARY KEY,
  tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
  user_id BIGINT NOT NULL REFERENCES users(id),
  computer BIGINT NOT NULL,
  rating BIGINT NOT NULL,
  withdrawn BOOLEAN NOT NULL,
  joined_ms BIGINT NOT NULL,
  UNIQUE (tournament_id, user_id, computer));
CREATE TABLE tournament_pairings (
  id BIGSERIAL PRIMARY KEY,
  tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
  round BIGINT NOT NULL,
  game_id BIGINT UNIQUE REFERENCES games(id),
  black BIGINT NOT NULL REFERENCES tournament_entries(id),
  white BIGINT REFERENCES tournament_entries(id),
  result TEXT NOT NULL, reason TEXT NOT NULL, ply BIGINT NOT NULL,
  berserk_black BOOLEAN NOT NULL, berserk_white BOOLEAN NOT NULL, counted BOOLEAN NOT NULL,
  created_ms BIGINT NOT NULL, ended_ms BIGINT NOT NULL);
CREATE INDEX tournament_pairings_round ON tournament_pairings(tournament_id, round, id);
CREATE INDEX tournament_pairings_playing ON tournament_pairings(tournament_id) WHERE ended_ms = 0;
CREATE FUNCTION kirin_tournament_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kirin_games', '0 t' || NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER tournament_changed AFTER INSERT OR UPDATE ON tournaments
  FOR EACH ROW EXECUTE FUNCTION kirin_tournament_changed();
)sql"},
    {"a player's sent messages, newest first (the inbox's Sent view)",
     R"sql(
CREATE INDEX messages_sender ON messages(sender, id);
)sql",
     kSame},
    {"a game's computer analysis (issue 33): one per game, a line per position",
     R"sql(
CREATE TABLE game_analyses (
  game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  nodes INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  positions TEXT NOT NULL);
)sql",
     R"sql(
CREATE TABLE game_analyses (
  game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users(id),
  nodes BIGINT NOT NULL,
  created_ms BIGINT NOT NULL,
  positions TEXT NOT NULL);
)sql"},
};

}  // namespace

std::vector<std::string_view> migrations(Dialect d) {
  std::vector<std::string_view> out;
  for (const Migration& m : kSteps) {
    const char* sql = d == Dialect::Sqlite ? m.sqlite : m.postgres;
    if (sql == kSame) sql = m.sqlite;
    if (sql) out.emplace_back(sql);
  }
  return out;
}

int latest_schema_version(Dialect d) { return int(migrations(d).size()); }

void migrate(Connection& c, std::string_view name) {
  c.script("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  const int version = int(c.integer("SELECT coalesce(max(version), 0) FROM schema_version").value_or(0));
  const std::vector<std::string_view> steps = migrations(c.dialect());
  const int latest = int(steps.size());
  if (version > latest)
    throw StoreError("store " + std::string(name) + " has schema version " +
                     std::to_string(version) + ", newer than this server's " +
                     std::to_string(latest));
  for (int v = version; v < latest; ++v) c.script(std::string(steps[size_t(v)]));
  if (version < latest) {
    c.execute("DELETE FROM schema_version");
    c.execute("INSERT INTO schema_version (version) VALUES ($1)", {latest});
  }
}

int schema_version(Connection& c) {
  return int(c.integer("SELECT version FROM schema_version").value_or(0));
}

}  // namespace kirin::server::sql
