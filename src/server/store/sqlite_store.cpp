#include "server/store/sqlite_store.h"

#include <sqlite3.h>

#include <condition_variable>
#include <exception>
#include <thread>

#include "server/store/record_text.h"
#include "server/store/rows.h"

namespace kirin::server {
namespace {

using namespace record_text;

// Migrations, in order: the schema at version N is the first N applied to an empty file.
const char* const kMigrations[] = {
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
    // 2: a log of game changes, written by triggers so that every process writing the file
    // logs alike, for servers to hear what other processes wrote (listen_for_game_changes).
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
    // 3: the computer opponent's strength, chosen with the challenge.
    R"sql(
ALTER TABLE challenges ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
)sql",
    // 4: a challenge offering a rematch of a game; games listed by game and by result.
    R"sql(
ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games(id);
CREATE INDEX challenges_rematch ON challenges(rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX games_game ON games(game, id);
)sql",
    // 5: rated games and the players' ratings (domain/ratings.h); when a user was last seen.
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
    // 6: game records imported from files (ImportedGame): the record's names, not users.
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
    // 7: takebacks (allowed by the challenge, asked during the game) and forecasts (a
    // player's conditional moves).
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
    // 8: closed accounts, private messages and a game's chat between its players.
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
};
static_assert(std::size(kMigrations) == SqliteStore::kSchemaVersion);

// Resets a reused statement before and after use (a statement left stepping would hold its
// read snapshot open).
class Use {
 public:
  explicit Use(SQLite::Statement& s) : s_(s) {
    s_.reset();
    s_.clearBindings();
  }
  ~Use() { s_.tryReset(); }
  Use(const Use&) = delete;
  Use& operator=(const Use&) = delete;
  SQLite::Statement* operator->() { return &s_; }
  SQLite::Statement* get() { return &s_; }

 private:
  SQLite::Statement& s_;
};

// A comment's or chat line's columns: game_id, ply, user_id, text, at_ms.
void bind_comment(Use& q, const Comment& c) {
  q->bind(1, c.game);
  q->bind(2, c.ply);
  q->bind(3, c.user.id);
  q->bind(4, c.text);
  q->bind(5, c.at);
}

// --- Binding and reading rows ---

// Setup and time control: the columns games and challenges share.
void bind_setup(Use& q, const GameSetup& s, const TimeControl& tc) {
  q->bind(":game", s.game);
  q->bind(":profile", s.profile);
  q->bind(":options", options_json(s));
  if (s.drops)
    q->bind(":drops", int(*s.drops));
  else
    q->bind(":drops");
  q->bind(":handicap", s.handicap);
  q->bind(":custom_sfen", s.start_sfen);
  q->bind(":computer_level", s.computer_level);
  q->bind(":rated", int(s.rated));
  q->bind(":takebacks", int(s.takebacks));
  q->bind(":tc_kind", tc_kind_text(tc.kind));
  q->bind(":tc_main_ms", tc.main_ms);
  q->bind(":tc_byoyomi_ms", tc.byoyomi_ms);
  q->bind(":tc_increment_ms", tc.increment_ms);
  q->bind(":tc_days", tc.days_per_move);
}

// The columns a game's writes change.
void bind_state(Use& q, const GameState& g) {
  q->bind(":clock_black_ms", g.clock.remaining_ms[kBlack]);
  q->bind(":clock_white_ms", g.clock.remaining_ms[kWhite]);
  q->bind(":turn_started_ms", g.clock.turn_started);
  q->bind(":status", status_text(g.status));
  q->bind(":result", result_text(g.result));
  q->bind(":reason", g.reason);
  q->bind(":ply", g.ply);
  q->bind(":version", g.version);
  if (g.draw_offer)
    q->bind(":draw_offer", color_text(*g.draw_offer));
  else
    q->bind(":draw_offer");
  if (g.takeback_offer)
    q->bind(":takeback_offer", color_text(*g.takeback_offer));
  else
    q->bind(":takeback_offer");
  if (g.sealed) {
    q->bind(":sealed_usi", g.sealed->usi);
    q->bind(":sealed_by", g.sealed->by);
    q->bind(":sealed_time_ms", g.sealed->time_used_ms);
    q->bind(":sealed_at_ms", g.sealed->at);
  } else {
    for (const char* p : {":sealed_usi", ":sealed_by", ":sealed_time_ms", ":sealed_at_ms"})
      q->bind(p);
  }
  q->bind(":updated_ms", g.updated);
}

// Reads consecutive columns from `i` on.
struct Row {
  SQLite::Statement* s;
  int i = 0;
  SQLite::Column next() { return s->getColumn(i++); }
  int64_t i64() { return next().getInt64(); }
  int i32() { return next().getInt(); }
  std::string str() { return next().getString(); }
  double dbl() { return next().getDouble(); }
  bool boolean() { return i32() != 0; }
  bool null_next() const { return s->getColumn(i).isNull(); }
  void skip(int n) { i += n; }
};

#define SETUP_COLUMNS \
  "game, profile, options, drops, handicap, custom_sfen, computer_level, rated, takebacks"
#define SETUP_VALUES \
  ":game, :profile, :options, :drops, :handicap, :custom_sfen, :computer_level, :rated, " \
  ":takebacks"
#define TC_COLUMNS "tc_kind, tc_main_ms, tc_byoyomi_ms, tc_increment_ms, tc_days"
#define TC_VALUES ":tc_kind, :tc_main_ms, :tc_byoyomi_ms, :tc_increment_ms, :tc_days"
#define STATE_COLUMNS                                                                       \
  "clock_black_ms, clock_white_ms, turn_started_ms, status, result, reason, ply, version, " \
  "draw_offer, sealed_usi, sealed_by, sealed_time_ms, sealed_at_ms, updated_ms, "       \
  "takeback_offer"
#define STATE_VALUES                                                                 \
  ":clock_black_ms, :clock_white_ms, :turn_started_ms, :status, :result, :reason, :ply, " \
  ":version, :draw_offer, :sealed_usi, :sealed_by, :sealed_time_ms, :sealed_at_ms, "      \
  ":updated_ms, :takeback_offer"
#define STATE_SET                                                                          \
  "clock_black_ms = :clock_black_ms, clock_white_ms = :clock_white_ms, "                   \
  "turn_started_ms = :turn_started_ms, status = :status, result = :result, "               \
  "reason = :reason, ply = :ply, version = :version, draw_offer = :draw_offer, "           \
  "sealed_usi = :sealed_usi, sealed_by = :sealed_by, sealed_time_ms = :sealed_time_ms, "   \
  "sealed_at_ms = :sealed_at_ms, updated_ms = :updated_ms, "                               \
  "takeback_offer = :takeback_offer"

// The columns in the order rows::read_game takes them; "g." TC_COLUMNS qualifies only the
// first of those columns, the rest are unambiguous anyway.
#define SELECT_GAME                                                                  \
  "SELECT g.id, g.game, g.profile, g.options, g.drops, g.handicap, g.custom_sfen, "  \
  "g.start_sfen, g.black, b.name, g.white, w.name, g." TC_COLUMNS                    \
  ", g.clock_black_ms, g.clock_white_ms, g.turn_started_ms, g.status, g.result, "    \
  "g.reason, g.ply, g.version, g.draw_offer, g.sealed_usi, g.sealed_by, "            \
  "g.sealed_time_ms, g.sealed_at_ms, g.created_ms, g.updated_ms, g.computer_level, "  \
  "g.rated, g.takebacks, g.takeback_offer "                                          \
  "FROM games g JOIN users b ON b.id = g.black JOIN users w ON w.id = g.white "

// In the order rows::read_challenge takes them (NULL challenged reads as 0: open).
#define SELECT_CHALLENGE                                                              \
  "SELECT c.id, c.challenger, a.name, c.challenged, coalesce(b.name, ''), c.game, "   \
  "c.profile, c.options, c.drops, c.handicap, c.custom_sfen, c.color, c." TC_COLUMNS  \
  ", c.status, coalesce(c.game_id, 0), c.created_ms, c.computer_level, "                 \
  "coalesce(c.rematch_of, 0), c.rated, c.takebacks FROM challenges c "                  \
  "JOIN users a ON a.id = c.challenger LEFT JOIN users b ON b.id = c.challenged "

#define SELECT_USER \
  "SELECT id, name, email, password_hash, preferences, created_ms, seen_ms, closed_ms FROM users "

// In the order rows::read_message takes them.
#define SELECT_MESSAGE                                                                   \
  "SELECT m.id, m.sender, a.name, m.recipient, b.name, m.text, m.at_ms, m.read_ms "     \
  "FROM messages m JOIN users a ON a.id = m.sender JOIN users b ON b.id = m.recipient "

}  // namespace

SqliteStore::SqliteStore(const std::string& path) : SqliteStore(path, Options{}) {}

SqliteStore::SqliteStore(const std::string& path, Options options)
    : path_(path), options_(options) {
  try {
    db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE,
                                             5000 /* busy timeout, ms */);
    db_->exec("PRAGMA foreign_keys = ON");
    db_->execAndGet("PRAGMA journal_mode = WAL");
    db_->exec(options_.sync == SqliteSync::Full ? "PRAGMA synchronous = FULL"
                                                : "PRAGMA synchronous = NORMAL");
    migrate();
  } catch (const SQLite::Exception& e) {
    throw StoreError("cannot open store " + path + ": " + e.what());
  }
}

SqliteStore::~SqliteStore() {
  stop_listening();
  statements_.clear();  // before the connection they belong to
}

void SqliteStore::migrate() {
  SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
  db_->exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  SQLite::Statement q(*db_, "SELECT max(version) FROM schema_version");
  q.executeStep();
  int version = q.getColumn(0).isNull() ? 0 : q.getColumn(0).getInt();
  q.reset();
  if (version > kSchemaVersion)
    throw StoreError("store " + path_ + " has schema version " + std::to_string(version) +
                     ", newer than this server's " + std::to_string(kSchemaVersion));
  for (int v = version; v < kSchemaVersion; ++v) db_->exec(kMigrations[v]);
  if (version < kSchemaVersion) {
    db_->exec("DELETE FROM schema_version");
    db_->exec("INSERT INTO schema_version VALUES (" + std::to_string(kSchemaVersion) + ")");
  }
  tx.commit();
}

int SqliteStore::schema_version() {
  return guarded(
      [&]() -> int { return db_->execAndGet("SELECT version FROM schema_version").getInt(); });
}

SqliteSync SqliteStore::synchronous() {
  return guarded([&]() -> SqliteSync {
    int level = db_->execAndGet("PRAGMA synchronous").getInt();  // 1 NORMAL, 2 FULL
    if (level == 1) return SqliteSync::Normal;
    if (level == 2) return SqliteSync::Full;
    throw StoreError("store " + path_ + ": unexpected PRAGMA synchronous " +
                     std::to_string(level));
  });
}

SqliteStore::GroupCommits SqliteStore::group_commits() {
  std::lock_guard lock(group_mutex_);
  return group_commits_;
}

// --- Group commit ---

struct SqliteStore::Write {
  const std::function<void()>& run;
  std::exception_ptr error;
  bool done = false;
};

void SqliteStore::commit_in_group(const std::function<void()>& run) {
  Write w{run};
  std::unique_lock lock(group_mutex_);
  waiting_.push_back(&w);
  // A write that arrives while a group commits waits for the next group: the first of its
  // writers to wake up commits all that waited meanwhile, in one transaction.
  group_done_.wait(lock, [&] { return w.done || !committing_; });
  if (!w.done) {
    committing_ = true;
    std::vector<Write*> group;
    group.swap(waiting_);
    lock.unlock();
    commit_group(group);  // sets each write's error; throws nothing
    lock.lock();
    for (Write* g : group) g->done = true;
    group_commits_.writes += int64_t(group.size());
    group_commits_.commits++;
    committing_ = false;
    group_done_.notify_all();
  }
  if (w.error) std::rethrow_exception(w.error);
}

void SqliteStore::commit_group(const std::vector<Write*>& group) {
  auto store_error = [&](const std::exception& e) {
    return std::make_exception_ptr(StoreError("store " + path_ + ": " + e.what()));
  };
  std::lock_guard lock(mutex_);
  try {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    for (Write* w : group) {
      db_->exec("SAVEPOINT one_write");
      try {
        w->run();
      } catch (const SQLite::Exception& e) {
        w->error = store_error(e);
      } catch (...) {
        w->error = std::current_exception();
      }
      if (w->error) {
        // Some errors (a full disk, I/O) end the whole transaction: then the group fails.
        if (sqlite3_get_autocommit(db_->getHandle()))
          throw SQLite::Exception("the transaction was rolled back", SQLITE_ABORT);
        db_->exec("ROLLBACK TO one_write");
      }
      db_->exec("RELEASE one_write");
    }
    tx.commit();
  } catch (const SQLite::Exception& e) {
    // BEGIN or COMMIT failed, or a write took the transaction with it: nothing was written.
    for (Write* w : group)
      if (!w->error) w->error = store_error(e);
  }
}

SQLite::Statement& SqliteStore::statement(const char* sql) {
  auto& s = statements_[sql];
  if (!s) s = std::make_unique<SQLite::Statement>(*db_, sql);
  return *s;
}

// --- Users and sessions ---

std::optional<Id> SqliteStore::create_user(const User& u) {
  return write([&]() -> std::optional<Id> {
    static constexpr const char* sql =
        "INSERT INTO users (name, email, password_hash, preferences, created_ms) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING";
    Use q(statement(sql));
    q->bind(1, u.name);
    q->bind(2, u.email);
    q->bind(3, u.password_hash);
    q->bind(4, preferences_json(u.preferences));
    q->bind(5, u.created);
    if (q->exec() == 0) return std::nullopt;
    return db_->getLastInsertRowid();
  });
}

std::optional<User> SqliteStore::find_user(Id id) {
  return guarded([&]() -> std::optional<User> {
    Use q(statement(SELECT_USER "WHERE id = ?"));
    q->bind(1, id);
    if (!q->executeStep()) return std::nullopt;
    return rows::read_user(Row{q.get()});
  });
}

std::optional<User> SqliteStore::find_user_by_name(std::string_view name) {
  return guarded([&]() -> std::optional<User> {
    Use q(statement(SELECT_USER "WHERE name = ?"));
    q->bind(1, std::string(name));
    if (!q->executeStep()) return std::nullopt;
    return rows::read_user(Row{q.get()});
  });
}

void SqliteStore::set_preferences(Id user, const Preferences& prefs) {
  return write([&]() -> void {
    Use q(statement("UPDATE users SET preferences = ? WHERE id = ?"));
    q->bind(1, preferences_json(prefs));
    q->bind(2, user);
    q->exec();
  });
}

void SqliteStore::set_password_hash(Id user, const std::string& password_hash) {
  return write([&]() -> void {
    Use q(statement("UPDATE users SET password_hash = ? WHERE id = ?"));
    q->bind(1, password_hash);
    q->bind(2, user);
    q->exec();
  });
}

void SqliteStore::set_email(Id user, const std::string& email) {
  return write([&]() -> void {
    Use q(statement("UPDATE users SET email = ? WHERE id = ?"));
    q->bind(1, email);
    q->bind(2, user);
    q->exec();
  });
}

void SqliteStore::close_user(Id user, TimeMs at) {
  return write([&]() -> void {
    Use q(statement("UPDATE users SET closed_ms = ? WHERE id = ?"));
    q->bind(1, at);
    q->bind(2, user);
    q->exec();
    Use d(statement("DELETE FROM sessions WHERE user_id = ?"));
    d->bind(1, user);
    d->exec();
  });
}

void SqliteStore::create_session(const Session& s) {
  return write([&]() -> void {
    Use q(statement(
        "INSERT INTO sessions (token_hash, user_id, expires_ms, created_ms) VALUES (?, ?, ?, ?)"));
    q->bind(1, s.token_hash);
    q->bind(2, s.user);
    q->bind(3, s.expires);
    q->bind(4, s.created);
    q->exec();
  });
}

std::optional<Session> SqliteStore::find_session(const std::string& token_hash) {
  return guarded([&]() -> std::optional<Session> {
    Use q(statement(
        "SELECT token_hash, user_id, expires_ms, created_ms FROM sessions WHERE token_hash = ?"));
    q->bind(1, token_hash);
    if (!q->executeStep()) return std::nullopt;
    return rows::read_session(Row{q.get()});
  });
}

void SqliteStore::delete_session(const std::string& token_hash) {
  return write([&]() -> void {
    Use q(statement("DELETE FROM sessions WHERE token_hash = ?"));
    q->bind(1, token_hash);
    q->exec();
  });
}

int SqliteStore::delete_expired_sessions(TimeMs now) {
  return write([&]() -> int {
    Use q(statement("DELETE FROM sessions WHERE expires_ms <= ?"));
    q->bind(1, now);
    return q->exec();
  });
}

int SqliteStore::delete_sessions_of(Id user, const std::string& keep) {
  return write([&]() -> int {
    Use q(statement("DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?"));
    q->bind(1, user);
    q->bind(2, keep);
    return q->exec();
  });
}

// --- Challenges ---

Id SqliteStore::create_challenge(const Challenge& c) {
  return write([&]() -> Id {
    Use q(statement("INSERT INTO challenges (challenger, challenged, " SETUP_COLUMNS
                    ", color, " TC_COLUMNS ", status, created_ms, rematch_of) VALUES "
                    "(:challenger, :challenged, " SETUP_VALUES ", :color, " TC_VALUES
                    ", :status, :created, :rematch_of)"));
    q->bind(":challenger", c.challenger.id);
    if (c.challenged.id)
      q->bind(":challenged", c.challenged.id);
    else
      q->bind(":challenged");
    bind_setup(q, c.setup, c.time_control);
    q->bind(":color", color_choice_text(c.color));
    q->bind(":status", challenge_status_text(c.status));
    q->bind(":created", c.created);
    if (c.rematch_of)
      q->bind(":rematch_of", c.rematch_of);
    else
      q->bind(":rematch_of");
    q->exec();
    return db_->getLastInsertRowid();
  });
}

std::optional<Challenge> SqliteStore::find_challenge(Id id) {
  return guarded([&]() -> std::optional<Challenge> {
    Use q(statement(SELECT_CHALLENGE "WHERE c.id = ?"));
    q->bind(1, id);
    if (!q->executeStep()) return std::nullopt;
    return rows::read_challenge(Row{q.get()});
  });
}

bool SqliteStore::close_challenge(Id id, ChallengeStatus status) {
  return write([&]() -> bool {
    Use q(statement("UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'"));
    q->bind(1, challenge_status_text(status));
    q->bind(2, id);
    return q->exec() == 1;
  });
}

std::optional<Id> SqliteStore::accept_challenge(Id id, const GameState& g) {
  return write([&]() -> std::optional<Id> {
    {
      Use q(statement(
          "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'"));
      q->bind(1, id);
      if (q->exec() == 0) return std::nullopt;  // nothing written
    }
    Id game;
    {
      Use q(statement("INSERT INTO games (" SETUP_COLUMNS ", start_sfen, black, white, " TC_COLUMNS
                      ", " STATE_COLUMNS ", created_ms) VALUES (" SETUP_VALUES
                      ", :start_sfen, :black, :white, " TC_VALUES ", " STATE_VALUES
                      ", :created_ms)"));
      bind_setup(q, g.setup, g.time_control);
      bind_state(q, g);
      q->bind(":start_sfen", g.start_sfen);
      q->bind(":black", g.black.id);
      q->bind(":white", g.white.id);
      q->bind(":created_ms", g.created);
      q->exec();
      game = db_->getLastInsertRowid();
    }
    {
      Use q(statement("UPDATE challenges SET game_id = ? WHERE id = ?"));
      q->bind(1, game);
      q->bind(2, id);
      q->exec();
    }
    return game;
  });
}

std::vector<Challenge> SqliteStore::challenges_where(const char* sql, Id user) {
  Use q(statement(sql));
  if (user) q->bind(1, user);
  std::vector<Challenge> out;
  while (q->executeStep()) out.push_back(rows::read_challenge(Row{q.get()}));
  return out;
}

std::vector<Challenge> SqliteStore::open_challenges_to(Id user) {
  return guarded([&]() -> std::vector<Challenge> {
    if (!user)
      return challenges_where(
          SELECT_CHALLENGE "WHERE c.status = 'open' AND c.challenged IS NULL ORDER BY c.id", 0);
    return challenges_where(
        SELECT_CHALLENGE "WHERE c.status = 'open' AND c.challenged = ? ORDER BY c.id", user);
  });
}

std::vector<Challenge> SqliteStore::open_challenges_from(Id user) {
  return guarded([&]() -> std::vector<Challenge> {
    return challenges_where(
        SELECT_CHALLENGE "WHERE c.status = 'open' AND c.challenger = ? ORDER BY c.id", user);
  });
}

std::optional<Challenge> SqliteStore::find_rematch(Id game) {
  return guarded([&]() -> std::optional<Challenge> {
    Use q(statement(SELECT_CHALLENGE "WHERE c.rematch_of = ? ORDER BY c.game_id IS NULL, c.id DESC LIMIT 1"));
    q->bind(1, game);
    if (!q->executeStep()) return std::nullopt;
    return rows::read_challenge(Row{q.get()});
  });
}

// --- Games ---

std::optional<GameState> SqliteStore::game_locked(Id id) {
  Use q(statement(SELECT_GAME "WHERE g.id = ?"));
  q->bind(1, id);
  if (!q->executeStep()) return std::nullopt;
  return rows::read_game(Row{q.get()});
}

std::optional<GameState> SqliteStore::find_game(Id id) {
  return guarded([&]() -> std::optional<GameState> { return game_locked(id); });
}

std::optional<StoredGame> SqliteStore::load_game(Id id) {
  return guarded([&]() -> std::optional<StoredGame> {
    // One read transaction: the state, moves and comments of one moment.
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::DEFERRED);
    std::optional<GameState> state = game_locked(id);
    if (!state) return std::nullopt;
    StoredGame g;
    g.state = std::move(*state);
    {
      Use q(statement(
          "SELECT ply, usi, time_used_ms, at_ms FROM moves WHERE game_id = ? ORDER BY ply"));
      q->bind(1, id);
      while (q->executeStep()) g.moves.push_back(rows::read_move(Row{q.get()}));
    }
    {
      Use q(statement(
          "SELECT c.id, c.game_id, c.ply, c.user_id, u.name, c.text, c.at_ms FROM comments c "
          "JOIN users u ON u.id = c.user_id WHERE c.game_id = ? ORDER BY c.id"));
      q->bind(1, id);
      while (q->executeStep()) g.comments.push_back(rows::read_comment(Row{q.get()}));
    }
    tx.commit();
    return g;
  });
}

std::vector<GameState> SqliteStore::list_games_of(Id user) {
  return guarded([&]() -> std::vector<GameState> {
    Use q(statement(SELECT_GAME "WHERE g.black = ?1 OR g.white = ?1 ORDER BY g.id DESC"));
    q->bind(1, user);
    std::vector<GameState> out;
    while (q->executeStep()) out.push_back(rows::read_game(Row{q.get()}));
    return out;
  });
}

std::vector<GameState> SqliteStore::list_unfinished_games() {
  return guarded([&]() -> std::vector<GameState> {
    Use q(statement(SELECT_GAME "WHERE g.status NOT IN ('finished', 'aborted') ORDER BY g.id"));
    std::vector<GameState> out;
    while (q->executeStep()) out.push_back(rows::read_game(Row{q.get()}));
    return out;
  });
}

std::vector<GameState> SqliteStore::find_games(const GameQuery& query) {
  return guarded([&]() -> std::vector<GameState> {
    rows::GameQuerySql sql = rows::game_query_sql(query, '?');
    // Not kept: the text depends on the query.
    SQLite::Statement q(*db_, SELECT_GAME "WHERE " + sql.sql);
    for (size_t i = 0; i < sql.params.size(); ++i)
      std::visit([&](const auto& v) { q.bind(int(i + 1), v); }, sql.params[i]);
    std::vector<GameState> out;
    while (q.executeStep()) out.push_back(rows::read_game(Row{&q}));
    return out;
  });
}

// After a conditional write changed nothing: why not.
WriteResult SqliteStore::why_not_written(const GameState& state, int expected_ply) {
  Use q(statement("SELECT ply FROM games WHERE id = ?"));
  q->bind(1, state.id);
  if (!q->executeStep()) return rows::why_not_written(std::nullopt, expected_ply);
  return rows::why_not_written(q->getColumn(0).getInt(), expected_ply);
}

WriteResult SqliteStore::append_move(Id game, int expected_ply, const MoveRecord& move,
                                     const GameState& state) {
  rows::check_append_move(game, expected_ply, move, state);
  return write([&]() -> WriteResult {
    {
      Use q(statement("UPDATE games SET " STATE_SET " WHERE id = :id AND ply = :expected_ply "
                      "AND version = :old_version AND status NOT IN ('finished', 'aborted')"));
      bind_state(q, state);
      q->bind(":id", game);
      q->bind(":expected_ply", expected_ply);
      q->bind(":old_version", state.version - 1);
      if (q->exec() == 0) return why_not_written(state, expected_ply);
    }
    {
      Use q(statement(
          "INSERT INTO moves (game_id, ply, usi, time_used_ms, at_ms) VALUES (?, ?, ?, ?, ?)"));
      q->bind(1, game);
      q->bind(2, move.ply);
      q->bind(3, move.usi);
      q->bind(4, move.time_used_ms);
      q->bind(5, move.at);
      q->exec();
    }
    return WriteResult::Ok;
  });
}

WriteResult SqliteStore::update_game(const GameState& state) {
  return write([&]() -> WriteResult {
    Use q(statement("UPDATE games SET " STATE_SET
                    " WHERE id = :id AND version = :old_version AND ply = :ply"));
    bind_state(q, state);
    q->bind(":id", state.id);
    q->bind(":old_version", state.version - 1);
    if (q->exec() == 0) return why_not_written(state, state.ply);
    return WriteResult::Ok;
  });
}

WriteResult SqliteStore::take_back(const GameState& state, int plies) {
  rows::check_take_back(state, plies);
  return write([&]() -> WriteResult {
    {
      Use q(statement("UPDATE games SET " STATE_SET " WHERE id = :id AND ply = :old_ply "
                      "AND version = :old_version AND status NOT IN ('finished', 'aborted')"));
      bind_state(q, state);
      q->bind(":id", state.id);
      q->bind(":old_ply", state.ply + plies);
      q->bind(":old_version", state.version - 1);
      if (q->exec() == 0) return why_not_written(state, state.ply + plies);
    }
    Use q(statement("DELETE FROM moves WHERE game_id = ? AND ply > ?"));
    q->bind(1, state.id);
    q->bind(2, state.ply);
    q->exec();
    return WriteResult::Ok;
  });
}

std::optional<Forecast> SqliteStore::find_forecast(Id game, Id user) {
  return guarded([&]() -> std::optional<Forecast> {
    Use q(statement("SELECT ply, lines FROM forecasts WHERE game_id = ? AND user_id = ?"));
    q->bind(1, game);
    q->bind(2, user);
    if (!q->executeStep()) return std::nullopt;
    return Forecast{q->getColumn(0).getInt(), forecast_lines_of(q->getColumn(1).getString())};
  });
}

void SqliteStore::set_forecast(Id game, Id user, const Forecast& forecast) {
  return write([&]() -> void {
    if (forecast.lines.empty()) {
      Use q(statement("DELETE FROM forecasts WHERE game_id = ? AND user_id = ?"));
      q->bind(1, game);
      q->bind(2, user);
      q->exec();
      return;
    }
    Use q(statement("INSERT INTO forecasts (game_id, user_id, ply, lines) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (game_id, user_id) DO UPDATE SET ply = excluded.ply, "
                    "lines = excluded.lines"));
    q->bind(1, game);
    q->bind(2, user);
    q->bind(3, forecast.ply);
    q->bind(4, forecast_lines_text(forecast.lines));
    q->exec();
  });
}

Id SqliteStore::add_comment(const Comment& c) {
  return write([&]() -> Id {
    Use q(statement(
        "INSERT INTO comments (game_id, ply, user_id, text, at_ms) VALUES (?, ?, ?, ?, ?)"));
    bind_comment(q, c);
    q->exec();
    return db_->getLastInsertRowid();
  });
}

Id SqliteStore::add_chat_line(const ChatLine& c) {
  return write([&]() -> Id {
    Use q(
        statement("INSERT INTO chat (game_id, ply, user_id, text, at_ms) VALUES (?, ?, ?, ?, ?)"));
    bind_comment(q, c);
    q->exec();
    return db_->getLastInsertRowid();
  });
}

std::vector<ChatLine> SqliteStore::chat_of(Id game) {
  return guarded([&]() -> std::vector<ChatLine> {
    Use q(statement("SELECT c.id, c.game_id, c.ply, c.user_id, u.name, c.text, c.at_ms FROM chat c "
                    "JOIN users u ON u.id = c.user_id WHERE c.game_id = ? ORDER BY c.id"));
    q->bind(1, game);
    std::vector<ChatLine> out;
    while (q->executeStep()) out.push_back(rows::read_comment(Row{q.get()}));
    return out;
  });
}

// --- Messages ---

Id SqliteStore::add_message(const Message& m) {
  return write([&]() -> Id {
    Use q(statement(
        "INSERT INTO messages (sender, recipient, text, at_ms, read_ms) VALUES (?, ?, ?, ?, ?)"));
    q->bind(1, m.from.id);
    q->bind(2, m.to.id);
    q->bind(3, m.text);
    q->bind(4, m.at);
    q->bind(5, m.read);
    q->exec();
    return db_->getLastInsertRowid();
  });
}

std::optional<Message> SqliteStore::find_message(Id id) {
  return guarded([&]() -> std::optional<Message> {
    Use q(statement(SELECT_MESSAGE "WHERE m.id = ?"));
    q->bind(1, id);
    if (!q->executeStep()) return std::nullopt;
    return rows::read_message(Row{q.get()});
  });
}

std::vector<Message> SqliteStore::find_messages(Id user, Id before, int limit) {
  return guarded([&]() -> std::vector<Message> {
    Use q(statement(SELECT_MESSAGE
                    "WHERE m.recipient = ?1 AND (?2 = 0 OR m.id < ?2) ORDER BY m.id DESC "
                    "LIMIT ?3"));
    q->bind(1, user);
    q->bind(2, before);
    q->bind(3, limit);
    std::vector<Message> out;
    while (q->executeStep()) out.push_back(rows::read_message(Row{q.get()}));
    return out;
  });
}

bool SqliteStore::mark_message_read(Id message, Id user, TimeMs at) {
  return write([&]() -> bool {
    Use q(statement("UPDATE messages SET read_ms = ? WHERE id = ? AND recipient = ? "
                    "AND read_ms = 0"));
    q->bind(1, at);
    q->bind(2, message);
    q->bind(3, user);
    return q->exec() > 0;
  });
}

int SqliteStore::count_unread_messages(Id user) {
  return guarded([&]() -> int {
    Use q(statement("SELECT count(*) FROM messages WHERE recipient = ? AND read_ms = 0"));
    q->bind(1, user);
    q->executeStep();
    return q->getColumn(0).getInt();
  });
}

void SqliteStore::set_last_seen(Id user, TimeMs at) {
  return write([&]() -> void {
    Use q(statement("UPDATE users SET seen_ms = ? WHERE id = ? AND seen_ms < ?"));
    q->bind(1, at);
    q->bind(2, user);
    q->bind(3, at);
    q->exec();
  });
}

// --- Ratings ---

#define SELECT_RATING \
  "SELECT " RATING_COLUMNS " FROM ratings r JOIN users u ON u.id = r.user_id "
#define SELECT_RATING_CHANGE \
  "SELECT " RATING_CHANGE_COLUMNS " FROM rating_changes c JOIN users u ON u.id = c.user_id "

std::vector<Rating> SqliteStore::ratings_of(Id user) {
  return guarded([&]() -> std::vector<Rating> {
    Use q(statement(SELECT_RATING "WHERE r.user_id = ? ORDER BY r.game"));
    q->bind(1, user);
    std::vector<Rating> out;
    while (q->executeStep()) out.push_back(rows::read_rating(Row{q.get()}));
    return out;
  });
}

std::optional<Rating> SqliteStore::find_rating(Id user, std::string_view game) {
  return guarded([&]() -> std::optional<Rating> {
    Use q(statement(SELECT_RATING "WHERE r.user_id = ? AND r.game = ?"));
    q->bind(1, user);
    q->bind(2, std::string(game));
    if (!q->executeStep()) return std::nullopt;
    return rows::read_rating(Row{q.get()});
  });
}

RatingWrite SqliteStore::record_rating_changes(const std::vector<RatingChange>& changes) {
  rows::check_rating_changes(changes);
  return write([&]() -> RatingWrite {
    // Writes are serialised: what is read here holds until the writes below.
    {
      Use q(statement("SELECT 1 FROM rating_changes WHERE game_id = ?"));
      q->bind(1, changes[0].game_id);
      if (q->executeStep()) return RatingWrite::AlreadyRated;
    }
    for (const RatingChange& c : changes) {
      Use q(statement("SELECT games FROM ratings WHERE user_id = ? AND game = ?"));
      q->bind(1, c.user.id);
      q->bind(2, c.game);
      int games = q->executeStep() ? q->getColumn(0).getInt() : 0;
      if (games != c.games_before) return RatingWrite::Stale;
    }
    for (const RatingChange& c : changes) {
      {
        Use q(statement(
            "INSERT INTO ratings (user_id, game, rating, deviation, volatility, games, "
            "last_played_ms) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game) DO UPDATE "
            "SET rating = excluded.rating, deviation = excluded.deviation, "
            "volatility = excluded.volatility, games = excluded.games, "
            "last_played_ms = excluded.last_played_ms"));
        q->bind(1, c.user.id);
        q->bind(2, c.game);
        q->bind(3, c.after.rating);
        q->bind(4, c.after.deviation);
        q->bind(5, c.after.volatility);
        q->bind(6, c.games_before + 1);
        q->bind(7, c.at);
        q->exec();
      }
      Use q(statement(
          "INSERT INTO rating_changes (game_id, user_id, game, rating_before, deviation_before, "
          "volatility_before, rating, deviation, volatility, games_before, at_ms) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
      q->bind(1, c.game_id);
      q->bind(2, c.user.id);
      q->bind(3, c.game);
      q->bind(4, c.before.rating);
      q->bind(5, c.before.deviation);
      q->bind(6, c.before.volatility);
      q->bind(7, c.after.rating);
      q->bind(8, c.after.deviation);
      q->bind(9, c.after.volatility);
      q->bind(10, c.games_before);
      q->bind(11, c.at);
      q->exec();
    }
    return RatingWrite::Ok;
  });
}

std::vector<RatingChange> SqliteStore::rating_changes_of_game(Id game) {
  return guarded([&]() -> std::vector<RatingChange> {
    Use q(statement(SELECT_RATING_CHANGE "WHERE c.game_id = ? ORDER BY c.id"));
    q->bind(1, game);
    std::vector<RatingChange> out;
    while (q->executeStep()) out.push_back(rows::read_rating_change(Row{q.get()}));
    return out;
  });
}

std::vector<RatingChange> SqliteStore::rating_history(Id user) {
  return guarded([&]() -> std::vector<RatingChange> {
    Use q(statement(SELECT_RATING_CHANGE "WHERE c.user_id = ? ORDER BY c.id"));
    q->bind(1, user);
    std::vector<RatingChange> out;
    while (q->executeStep()) out.push_back(rows::read_rating_change(Row{q.get()}));
    return out;
  });
}

#define SELECT_IMPORTED                                                                    \
  "SELECT i.id, i.imported_by, u.name, i.format, i.game, i.start_sfen, i.black_name, "     \
  "i.white_name, i.event, i.played_at, i.moves, i.result, i.ending, i.created_ms "          \
  "FROM imported_games i JOIN users u ON u.id = i.imported_by "

Id SqliteStore::add_imported_game(const ImportedGame& g) {
  return write([&]() -> Id {
    Use q(statement(
        "INSERT INTO imported_games (imported_by, format, game, start_sfen, black_name, "
        "white_name, event, played_at, moves, result, ending, created_ms) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q->bind(1, g.imported_by.id);
    q->bind(2, g.format);
    q->bind(3, g.game);
    q->bind(4, g.start_sfen);
    q->bind(5, g.black);
    q->bind(6, g.white);
    q->bind(7, g.event);
    q->bind(8, g.played_at);
    q->bind(9, rows::imported_moves_text(g));
    q->bind(10, result_text(g.result));
    q->bind(11, g.ending);
    q->bind(12, g.created);
    q->exec();
    return db_->getLastInsertRowid();
  });
}

std::optional<ImportedGame> SqliteStore::find_imported_game(Id id) {
  return guarded([&]() -> std::optional<ImportedGame> {
    Use q(statement(SELECT_IMPORTED "WHERE i.id = ?"));
    q->bind(1, id);
    if (!q->executeStep()) return std::nullopt;
    return rows::read_imported_game(Row{q.get()});
  });
}

std::vector<ImportedGame> SqliteStore::list_imported_games(Id user, int limit) {
  return guarded([&] {
    Use q(statement(SELECT_IMPORTED "WHERE i.imported_by = ? ORDER BY i.id DESC LIMIT ?"));
    q->bind(1, user);
    q->bind(2, limit);
    std::vector<ImportedGame> out;
    while (q->executeStep()) out.push_back(rows::read_imported_game(Row{q.get()}));
    return out;
  });
}

std::vector<Rating> SqliteStore::leaderboard(std::string_view game, double max_deviation,
                                             int limit) {
  return guarded([&]() -> std::vector<Rating> {
    Use q(statement(SELECT_RATING
                    "WHERE r.game = ? AND r.deviation <= ? AND u.closed_ms = 0 "
                    "ORDER BY r.rating DESC, u.name LIMIT ?"));
    q->bind(1, std::string(game));
    q->bind(2, max_deviation);
    q->bind(3, limit);
    std::vector<Rating> out;
    while (q->executeStep()) out.push_back(rows::read_rating(Row{q.get()}));
    return out;
  });
}

std::vector<Standing> SqliteStore::standings(const StandingsQuery& query) {
  return guarded([&]() -> std::vector<Standing> {
    rows::GameQuerySql sql = rows::standings_sql(query, '?');
    SQLite::Statement q(*db_, sql.sql);  // not kept: the text depends on the query
    for (size_t i = 0; i < sql.params.size(); ++i)
      std::visit([&](const auto& v) { q.bind(int(i + 1), v); }, sql.params[i]);
    std::vector<Standing> out;
    while (q.executeStep()) out.push_back(rows::read_standing(Row{&q}));
    return out;
  });
}

std::vector<GameState> SqliteStore::finished_rated_games() {
  return guarded([&]() -> std::vector<GameState> {
    Use q(statement(SELECT_GAME
                    "WHERE g.rated = 1 AND g.status = 'finished' ORDER BY g.updated_ms, g.id"));
    std::vector<GameState> out;
    while (q->executeStep()) out.push_back(rows::read_game(Row{q.get()}));
    return out;
  });
}

void SqliteStore::clear_ratings() {
  return write([&]() -> void {
    db_->exec("DELETE FROM rating_changes");
    db_->exec("DELETE FROM ratings");
  });
}

// --- Notifications ---

class SqliteStore::Listener {
 public:
  Listener(const std::string& path, std::chrono::milliseconds interval, GameChangeFn on_change)
      : db_(path, SQLite::OPEN_READWRITE, 5000 /* busy timeout, ms */),
        interval_(interval),
        on_change_(std::move(on_change)) {
    data_version_ = db_.execAndGet("PRAGMA data_version").getInt64();
    last_seq_ = db_.execAndGet("SELECT coalesce(max(seq), 0) FROM game_changes").getInt64();
    thread_ = std::thread([this] { run(); });
  }
  ~Listener() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

 private:
  static constexpr int64_t kKeepMs = 10 * 60 * 1000;  // how long log entries are kept

  void run() {
    std::unique_lock lock(mutex_);
    auto next_prune = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
      lock.unlock();
      try {
        poll();
        if (std::chrono::steady_clock::now() >= next_prune) {
          next_prune += std::chrono::minutes(1);
          prune();
        }
      } catch (const std::exception&) {
        // The file is busy or gone for a moment: the next round tries again.
      }
      lock.lock();
    }
  }

  void poll() {
    int64_t version = db_.execAndGet("PRAGMA data_version").getInt64();
    if (version == data_version_) return;  // nobody else committed anything
    data_version_ = version;
    SQLite::Statement q(db_,
                        "SELECT seq, game_id, version, comment_id FROM game_changes "
                        "WHERE seq > ? ORDER BY seq");
    q.bind(1, last_seq_);
    bool first = true;
    while (q.executeStep()) {
      int64_t seq = q.getColumn(0).getInt64();
      // The log has no gaps but those pruning leaves: this listener fell behind.
      if (first && seq != last_seq_ + 1) call(GameChange{});
      first = false;
      last_seq_ = seq;
      call({q.getColumn(1).getInt64(), q.getColumn(2).getInt(), q.getColumn(3).getInt64()});
    }
  }

  void prune() {
    auto now = std::chrono::system_clock::now().time_since_epoch();
    SQLite::Statement q(db_, "DELETE FROM game_changes WHERE at_ms < ?");
    q.bind(1, int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(now).count()) -
                  kKeepMs);
    q.exec();
  }

  void call(const GameChange& change) {
    try {
      on_change_(change);
    } catch (...) {
      // Documented: ignored.
    }
  }

  SQLite::Database db_;
  std::chrono::milliseconds interval_;
  GameChangeFn on_change_;
  int64_t data_version_ = 0;
  int64_t last_seq_ = 0;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

void SqliteStore::listen_for_game_changes(GameChangeFn on_change) {
  std::lock_guard lock(listener_mutex_);
  if (listener_) throw StoreError("store " + path_ + ": already listening for game changes");
  try {
    listener_ = std::make_unique<Listener>(path_, options_.poll_interval, std::move(on_change));
  } catch (const SQLite::Exception& e) {
    throw StoreError("store " + path_ + ": cannot listen for game changes: " + e.what());
  }
}

void SqliteStore::stop_listening() {
  std::unique_ptr<Listener> l;
  {
    std::lock_guard lock(listener_mutex_);
    l = std::move(listener_);
  }
  l.reset();  // joins the thread, outside the lock
}

}  // namespace kirin::server
