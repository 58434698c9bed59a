#include "server/store/postgres_store.h"

#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <optional>
#include <string_view>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "server/store/record_text.h"
#include "server/store/rows.h"

namespace kirin::server {
namespace {

using namespace record_text;

#define GAME_CHANNEL "kirin_games"
static_assert(std::string_view(PostgresStore::kGameChannel) == GAME_CHANNEL);

// Migrations, in order: the schema at version N is the first N applied to an empty database.
// The same tables and columns as the SQLite store's.
const char* const kMigrations[] = {
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
)sql",
    // 2: the computer opponent's strength, chosen with the challenge.
    R"sql(
ALTER TABLE challenges ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
)sql",
    // 3: aborted games are over too; a challenge offering a rematch of a game; games listed
    // by game and by result.
    R"sql(
DROP INDEX games_unfinished;
CREATE INDEX games_unfinished ON games(id) WHERE status NOT IN ('finished', 'aborted');
ALTER TABLE challenges ADD COLUMN rematch_of BIGINT REFERENCES games(id);
CREATE INDEX challenges_rematch ON challenges(rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX games_game ON games(game, id);
)sql",
    // 4: rated games and the players' ratings (domain/ratings.h); when a user was last seen.
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
)sql",
    // 5: game records imported from files (ImportedGame): the record's names, not users.
    R"sql(
CREATE TABLE imported_games (
  id BIGSERIAL PRIMARY KEY,
  imported_by BIGINT NOT NULL REFERENCES users(id),
  format TEXT NOT NULL, game TEXT NOT NULL, start_sfen TEXT NOT NULL,
  black_name TEXT NOT NULL, white_name TEXT NOT NULL, event TEXT NOT NULL,
  played_at TEXT NOT NULL, moves TEXT NOT NULL, result TEXT NOT NULL, ending TEXT NOT NULL,
  created_ms BIGINT NOT NULL);
CREATE INDEX imported_games_by ON imported_games(imported_by, id);
)sql",
    // 6: takebacks (allowed by the challenge, asked during the game) and forecasts (a
    // player's conditional moves).
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
)sql",
    // 7: closed accounts, private messages and a game's chat between its players.
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
)sql",
};
static_assert(std::size(kMigrations) == PostgresStore::kSchemaVersion);

// Held while migrating, so that nodes starting together migrate one after the other.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(4242104116)";

// --- Errors and values ---

// What libpq or the server reported; with_conn turns it into a StoreError naming the URL.
class PgError : public std::runtime_error {
 public:
  explicit PgError(const std::string& message, std::string sqlstate = {})
      : std::runtime_error(message), sqlstate_(std::move(sqlstate)) {}
  const std::string& sqlstate() const { return sqlstate_; }

 private:
  std::string sqlstate_;
};

// libpq's message on one line: "...failed: Connection refused\n\tIs the server running...".
std::string trimmed(const char* s) {
  std::string out;
  for (const char* p = s ? s : ""; *p; ++p) {
    if (*p == '\n' || *p == '\t') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += *p;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A bound parameter in text form; nullopt is NULL.
using Param = std::optional<std::string>;
using Params = std::vector<Param>;

Param num(int64_t v) { return std::to_string(v); }
Param text(std::string_view s) {
  // libpq takes text parameters as C strings: refuse what would be cut short silently.
  if (s.find('\0') != std::string_view::npos)
    throw PgError("text with a NUL character cannot be stored");
  return std::string(s);
}
Param boolean(bool b) { return std::string(b ? "true" : "false"); }
// The shortest text that reads back as the same double: a rating survives the round trip.
Param real(double v) { return fmt::format("{}", v); }

// A query's values as libpq parameters.
Params params_of(const std::vector<std::variant<int64_t, std::string>>& values) {
  Params p;
  for (const auto& value : values)
    p.push_back(std::visit(
        [](const auto& v) -> Param {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, int64_t>) return num(v);
          else return text(v);
        },
        value));
  return p;
}

Param id_or_null(Id id) { return id ? num(id) : std::nullopt; }

// A query result, owned.
class Result {
 public:
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() { PQclear(r_); }
  Result(Result&& o) noexcept : r_(std::exchange(o.r_, nullptr)) {}
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  Result& operator=(Result&&) = delete;

  PGresult* get() const { return r_; }
  int rows() const { return PQntuples(r_); }
  int affected() const {  // rows an INSERT, UPDATE or DELETE changed
    std::string_view n = PQcmdTuples(r_);
    int v = 0;
    std::from_chars(n.data(), n.data() + n.size(), v);
    return v;
  }
  bool is_null(int row, int col) const { return PQgetisnull(r_, row, col); }
  std::string str(int row, int col) const {
    return std::string(PQgetvalue(r_, row, col), size_t(PQgetlength(r_, row, col)));
  }
  int64_t i64(int row, int col) const { return number<int64_t>(row, col, "an integer"); }
  double dbl(int row, int col) const { return number<double>(row, col, "a number"); }
  bool boolean(int row, int col) const { return str(row, col) == "t"; }

 private:
  template <class T>
  T number(int row, int col, const char* what) const {
    const char* v = PQgetvalue(r_, row, col);
    const char* end = v + PQgetlength(r_, row, col);
    T out = 0;
    auto [p, ec] = std::from_chars(v, end, out);
    if (is_null(row, col) || ec != std::errc() || p != end)
      throw PgError(std::string("column ") + PQfname(r_, col) + " holds '" + std::string(v, end) +
                    "', not " + what);
    return out;
  }

  PGresult* r_;
};

// Reads consecutive columns of one row from `i` on.
struct Row {
  const Result& r;
  int row = 0;
  int i = 0;
  int64_t i64() { return r.i64(row, i++); }
  int i32() { return int(r.i64(row, i++)); }
  std::string str() { return r.str(row, i++); }
  bool boolean() { return r.boolean(row, i++); }
  double dbl() { return r.dbl(row, i++); }
  bool null_next() const { return r.is_null(row, i); }
  void skip(int n = 1) { i += n; }
};

// Whether an idle connection is still usable: nothing arrives on an idle connection unless
// the server is closing it (a restart, an administrator's pg_terminate_backend). Its last
// word (a FATAL error, which libpq takes for a notice) can come before the end of the
// stream does, so anything at all that arrived means the connection is to be replaced.
bool idle_and_sound(PGconn* pg) {
  if (PQstatus(pg) != CONNECTION_OK || PQtransactionStatus(pg) != PQTRANS_IDLE) return false;
  pollfd p{PQsocket(pg), POLLIN, 0};
  return poll(&p, 1, 0) == 0;
}

}  // namespace

// --- Connections ---

struct PostgresStore::Conn {
  PGconn* pg = nullptr;
  std::unordered_map<std::string, std::string> prepared;  // SQL -> statement name

  Conn() = default;
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;
  ~Conn() {
    if (pg) PQfinish(pg);
  }

  [[noreturn]] void fail(const PGresult* r) const {
    const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    const char* primary = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    std::string message = primary ? primary : trimmed(r ? PQresultErrorMessage(r) : "");
    if (message.empty()) message = trimmed(PQerrorMessage(pg));
    if (message.empty()) message = "the query failed";
    throw PgError(message, state ? state : "");
  }
  Result check(PGresult* raw) const {
    Result r(raw);
    ExecStatusType s = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) fail(raw);
    return r;
  }

  // One statement or several, no parameters (BEGIN, COMMIT, schema changes).
  Result simple(const char* sql) { return check(PQexec(pg, sql)); }

  // A statement prepared on this connection the first time it runs; $1, $2... are `params`.
  Result exec(const std::string& sql, const Params& params = {}) {
    auto it = prepared.find(sql);
    if (it == prepared.end()) {
      std::string name = "k" + std::to_string(prepared.size() + 1);
      check(PQprepare(pg, name.c_str(), sql.c_str(), 0, nullptr));
      it = prepared.emplace(sql, std::move(name)).first;
    }
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const Param& p : params) values.push_back(p ? p->c_str() : nullptr);
    return check(PQexecPrepared(pg, it->second.c_str(), int(values.size()), values.data(),
                                nullptr, nullptr, 0));
  }
};

// A transaction: rolled back unless committed.
class PostgresStore::Tx {
 public:
  explicit Tx(Conn& c, const char* begin = "BEGIN") : c_(c) { c_.simple(begin); }
  ~Tx() {
    if (!done_) PQclear(PQexec(c_.pg, "ROLLBACK"));
  }
  Tx(const Tx&) = delete;
  Tx& operator=(const Tx&) = delete;
  void commit() {
    done_ = true;
    Result r = c_.simple("COMMIT");
    // COMMIT of a transaction an error aborted answers ROLLBACK, without an error.
    if (std::string_view(PQcmdStatus(r.get())) != "COMMIT")
      throw PgError("the transaction was rolled back");
  }

 private:
  Conn& c_;
  bool done_ = false;
};

class PostgresStore::Lease {
 public:
  Lease(PostgresStore& store, std::unique_ptr<Conn> c) : store_(&store), c_(std::move(c)) {}
  Lease(Lease&& o) noexcept = default;
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  Lease& operator=(Lease&&) = delete;
  ~Lease() {
    if (c_) store_->release(std::move(c_));
  }
  Conn& operator*() { return *c_; }

 private:
  PostgresStore* store_;
  std::unique_ptr<Conn> c_;
};

std::unique_ptr<PostgresStore::Conn> PostgresStore::connect() {
  // The URL's own settings override connect_timeout (it comes first); the encoding is ours.
  const char* keys[] = {"connect_timeout", "dbname", "client_encoding",
                        "fallback_application_name", nullptr};
  const char* values[] = {"10", url_.c_str(), "UTF8", "kirin", nullptr};
  auto c = std::make_unique<Conn>();
  c->pg = PQconnectdbParams(keys, values, 1);
  if (!c->pg) throw PgError("out of memory");
  if (PQstatus(c->pg) != CONNECTION_OK) throw PgError(trimmed(PQerrorMessage(c->pg)));
  PQsetNoticeProcessor(c->pg, [](void*, const char*) {}, nullptr);  // no NOTICEs on stderr
  return c;
}

PostgresStore::Lease PostgresStore::acquire() {
  std::unique_ptr<Conn> c;
  {
    std::unique_lock lock(pool_mutex_);
    pool_free_.wait(lock, [&] { return !idle_.empty() || open_ < options_.pool_size; });
    if (!idle_.empty()) {
      c = std::move(idle_.back());
      idle_.pop_back();
    } else {
      ++open_;  // a new connection, opened below
    }
  }
  try {
    if (!c || !idle_and_sound(c->pg)) {
      c.reset();
      c = connect();
    }
  } catch (...) {
    std::lock_guard lock(pool_mutex_);
    --open_;
    pool_free_.notify_one();
    throw;
  }
  return Lease(*this, std::move(c));
}

void PostgresStore::release(std::unique_ptr<Conn> c) {
  // A connection left in a transaction (an error while rolling back) or broken is dropped.
  if (PQstatus(c->pg) == CONNECTION_OK && PQtransactionStatus(c->pg) == PQTRANS_INERROR)
    PQclear(PQexec(c->pg, "ROLLBACK"));
  bool keep = PQstatus(c->pg) == CONNECTION_OK && PQtransactionStatus(c->pg) == PQTRANS_IDLE;
  if (!keep) c.reset();
  std::lock_guard lock(pool_mutex_);
  if (keep)
    idle_.push_back(std::move(c));
  else
    --open_;
  pool_free_.notify_one();
}

template <class F>
auto PostgresStore::with_conn(F&& f) -> decltype(f(std::declval<Conn&>())) {
  try {
    Lease c = acquire();
    return f(*c);
  } catch (const PgError& e) {
    throw StoreError("store " + redacted_ + ": " + e.what());
  } catch (const nlohmann::json::exception& e) {
    throw StoreError("store " + redacted_ + ": " + e.what());
  }
}

std::string PostgresStore::redact_url(std::string_view url) {
  std::string out(url);
  if (size_t scheme = out.find("://"); scheme != std::string::npos) {
    size_t start = scheme + 3;
    size_t end = std::min(out.find_first_of("/?", start), out.size());
    std::string_view authority = std::string_view(out).substr(start, end - start);
    size_t at = authority.rfind('@');
    size_t colon = authority.find(':');
    if (at != std::string_view::npos && colon < at) out.erase(start + colon, at - colon);
    // password=... among the query parameters.
    if (size_t q = out.find('?'); q != std::string::npos) {
      std::string query;
      std::string_view rest = std::string_view(out).substr(q + 1);
      while (!rest.empty()) {
        size_t amp = rest.find('&');
        std::string_view item = rest.substr(0, amp);
        if (!item.starts_with("password=")) query += (query.empty() ? "" : "&") + std::string(item);
        rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
      }
      out = out.substr(0, q) + (query.empty() ? "" : "?" + query);
    }
    return out;
  }
  // "host=... password=secret ...": key/value form.
  std::string kv;
  std::string_view rest = url;
  while (!rest.empty()) {
    size_t sp = rest.find(' ');
    std::string_view item = rest.substr(0, sp);
    if (!item.empty() && !item.starts_with("password="))
      kv += (kv.empty() ? "" : " ") + std::string(item);
    rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
  }
  return kv;
}

PostgresStore::PostgresStore(const std::string& url) : PostgresStore(url, Options{}) {}

PostgresStore::PostgresStore(const std::string& url, Options options)
    : url_(url), redacted_(redact_url(url)), options_(options) {
  options_.pool_size = std::max(1, options_.pool_size);
  try {
    std::unique_ptr<Conn> c = connect();
    migrate(*c);
    idle_.push_back(std::move(c));
    open_ = 1;
  } catch (const PgError& e) {
    throw StoreError("cannot open store " + redacted_ + ": " + e.what());
  }
}

PostgresStore::~PostgresStore() {
  stop_listening();
  std::lock_guard lock(pool_mutex_);
  idle_.clear();
}

void PostgresStore::migrate(Conn& c) {
  Tx tx(c);
  c.simple(kMigrationLock);
  c.simple("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  Result r = c.simple("SELECT max(version) FROM schema_version");
  int version = r.is_null(0, 0) ? 0 : int(r.i64(0, 0));
  if (version > kSchemaVersion)
    throw StoreError("store " + redacted_ + " has schema version " + std::to_string(version) +
                     ", newer than this server's " + std::to_string(kSchemaVersion));
  for (int v = version; v < kSchemaVersion; ++v) c.simple(kMigrations[v]);
  if (version < kSchemaVersion) {
    c.simple("DELETE FROM schema_version");
    c.exec("INSERT INTO schema_version (version) VALUES ($1)", {num(kSchemaVersion)});
  }
  tx.commit();
}

int PostgresStore::schema_version() {
  return with_conn([&](Conn& c) -> int {
    return int(c.exec("SELECT version FROM schema_version").i64(0, 0));
  });
}

// --- Rows ---

namespace {

// Setup and time control: the columns games and challenges share.
#define SETUP_COLUMNS "game, profile, options, drops, handicap, custom_sfen"
#define TC_COLUMNS "tc_kind, tc_main_ms, tc_byoyomi_ms, tc_increment_ms, tc_days"
// The columns a game's writes change.
#define STATE_COLUMNS                                                                       \
  "clock_black_ms, clock_white_ms, turn_started_ms, status, result, reason, ply, version, " \
  "draw_offer, sealed_usi, sealed_by, sealed_time_ms, sealed_at_ms, updated_ms, "       \
  "takeback_offer"
#define STATE_SET                                                                          \
  "clock_black_ms = $1, clock_white_ms = $2, turn_started_ms = $3, status = $4, "          \
  "result = $5, reason = $6, ply = $7, version = $8, draw_offer = $9, sealed_usi = $10, "  \
  "sealed_by = $11, sealed_time_ms = $12, sealed_at_ms = $13, updated_ms = $14, "          \
  "takeback_offer = $15"
// ASCII case folding, as the unique index on users.name has it.
#define NAME_KEY(x) "translate(" x ", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"

void push_setup(Params& p, const GameSetup& s) {  // SETUP_COLUMNS
  p.push_back(text(s.game));
  p.push_back(text(s.profile));
  p.push_back(text(options_json(s)));
  p.push_back(s.drops ? boolean(*s.drops) : std::nullopt);
  p.push_back(text(s.handicap));
  p.push_back(text(s.start_sfen));
}

void push_tc(Params& p, const TimeControl& tc) {  // TC_COLUMNS
  p.push_back(text(tc_kind_text(tc.kind)));
  p.push_back(num(tc.main_ms));
  p.push_back(num(tc.byoyomi_ms));
  p.push_back(num(tc.increment_ms));
  p.push_back(num(tc.days_per_move));
}

void push_state(Params& p, const GameState& g) {  // STATE_COLUMNS, STATE_SET's $1..$15
  p.push_back(num(g.clock.remaining_ms[kBlack]));
  p.push_back(num(g.clock.remaining_ms[kWhite]));
  p.push_back(num(g.clock.turn_started));
  p.push_back(text(status_text(g.status)));
  p.push_back(text(result_text(g.result)));
  p.push_back(text(g.reason));
  p.push_back(num(g.ply));
  p.push_back(num(g.version));
  p.push_back(g.draw_offer ? text(color_text(*g.draw_offer)) : std::nullopt);
  if (g.sealed) {
    p.push_back(text(g.sealed->usi));
    p.push_back(num(g.sealed->by));
    p.push_back(num(g.sealed->time_used_ms));
    p.push_back(num(g.sealed->at));
  } else {
    p.insert(p.end(), 4, std::nullopt);
  }
  p.push_back(num(g.updated));
  p.push_back(g.takeback_offer ? text(color_text(*g.takeback_offer)) : std::nullopt);
}

// The columns in the order rows::read_game takes them.
#define SELECT_GAME                                                                         \
  "SELECT g.id, g.game, g.profile, g.options, g.drops, g.handicap, g.custom_sfen, "         \
  "g.start_sfen, g.black, b.name, g.white, w.name, g.tc_kind, g.tc_main_ms, "               \
  "g.tc_byoyomi_ms, g.tc_increment_ms, g.tc_days, g.clock_black_ms, g.clock_white_ms, "     \
  "g.turn_started_ms, g.status, g.result, g.reason, g.ply, g.version, g.draw_offer, "       \
  "g.sealed_usi, g.sealed_by, g.sealed_time_ms, g.sealed_at_ms, g.created_ms, g.updated_ms, " \
  "g.computer_level, g.rated, g.takebacks, g.takeback_offer "                                \
  "FROM games g JOIN users b ON b.id = g.black JOIN users w ON w.id = g.white "

std::vector<GameState> read_games(const Result& res) {
  std::vector<GameState> out;
  for (int i = 0; i < res.rows(); ++i) out.push_back(rows::read_game(Row{res, i}));
  return out;
}

// In the order rows::read_challenge takes them.
#define SELECT_CHALLENGE                                                                     \
  "SELECT c.id, c.challenger, a.name, coalesce(c.challenged, 0), coalesce(b.name, ''), "     \
  "c.game, c.profile, c.options, c.drops, c.handicap, c.custom_sfen, c.color, c.tc_kind, "   \
  "c.tc_main_ms, c.tc_byoyomi_ms, c.tc_increment_ms, c.tc_days, c.status, "                  \
  "coalesce(c.game_id, 0), c.created_ms, c.computer_level, coalesce(c.rematch_of, 0), "     \
  "c.rated, c.takebacks "                                                                    \
  "FROM challenges c "                                                                       \
  "JOIN users a ON a.id = c.challenger LEFT JOIN users b ON b.id = c.challenged "

std::vector<Challenge> read_challenges(const Result& res) {
  std::vector<Challenge> out;
  for (int i = 0; i < res.rows(); ++i) out.push_back(rows::read_challenge(Row{res, i}));
  return out;
}

// In the order rows::read_user takes them.
#define SELECT_USER \
  "SELECT id, name, email, password_hash, preferences, created_ms, seen_ms, closed_ms FROM users "

// In the order rows::read_message takes them.
#define SELECT_MESSAGE                                                                   \
  "SELECT m.id, m.sender, a.name, m.recipient, b.name, m.text, m.at_ms, m.read_ms "     \
  "FROM messages m JOIN users a ON a.id = m.sender JOIN users b ON b.id = m.recipient "

}  // namespace

// --- Users and sessions ---

std::optional<Id> PostgresStore::create_user(const User& u) {
  return with_conn([&](Conn& c) -> std::optional<Id> {
    Result r = c.exec(
        "INSERT INTO users (name, email, password_hash, preferences, created_ms) "
        "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id",
        {text(u.name), text(u.email), text(u.password_hash), text(preferences_json(u.preferences)),
         num(u.created)});
    if (r.rows() == 0) return std::nullopt;  // the name is taken
    return r.i64(0, 0);
  });
}

std::optional<User> PostgresStore::find_user(Id id) {
  return with_conn([&](Conn& c) -> std::optional<User> {
    Result r = c.exec(SELECT_USER "WHERE id = $1", {num(id)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_user(Row{r});
  });
}

std::optional<User> PostgresStore::find_user_by_name(std::string_view name) {
  return with_conn([&](Conn& c) -> std::optional<User> {
    Result r = c.exec(SELECT_USER "WHERE " NAME_KEY("name") " = " NAME_KEY("$1"), {text(name)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_user(Row{r});
  });
}

void PostgresStore::set_preferences(Id user, const Preferences& prefs) {
  with_conn([&](Conn& c) {
    c.exec("UPDATE users SET preferences = $1 WHERE id = $2",
           {text(preferences_json(prefs)), num(user)});
  });
}

void PostgresStore::set_password_hash(Id user, const std::string& password_hash) {
  with_conn([&](Conn& c) {
    c.exec("UPDATE users SET password_hash = $1 WHERE id = $2", {text(password_hash), num(user)});
  });
}

void PostgresStore::set_email(Id user, const std::string& email) {
  with_conn([&](Conn& c) {
    c.exec("UPDATE users SET email = $1 WHERE id = $2", {text(email), num(user)});
  });
}

void PostgresStore::close_user(Id user, TimeMs at) {
  with_conn([&](Conn& c) {
    Tx tx(c);
    c.exec("UPDATE users SET closed_ms = $1 WHERE id = $2", {num(at), num(user)});
    c.exec("DELETE FROM sessions WHERE user_id = $1", {num(user)});
    tx.commit();
  });
}

void PostgresStore::create_session(const Session& s) {
  with_conn([&](Conn& c) {
    c.exec(
        "INSERT INTO sessions (token_hash, user_id, expires_ms, created_ms) "
        "VALUES ($1, $2, $3, $4)",
        {text(s.token_hash), num(s.user), num(s.expires), num(s.created)});
  });
}

std::optional<Session> PostgresStore::find_session(const std::string& token_hash) {
  return with_conn([&](Conn& c) -> std::optional<Session> {
    Result r = c.exec(
        "SELECT token_hash, user_id, expires_ms, created_ms FROM sessions WHERE token_hash = $1",
        {text(token_hash)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_session(Row{r});
  });
}

void PostgresStore::delete_session(const std::string& token_hash) {
  with_conn([&](Conn& c) {
    c.exec("DELETE FROM sessions WHERE token_hash = $1", {text(token_hash)});
  });
}

int PostgresStore::delete_expired_sessions(TimeMs now) {
  return with_conn([&](Conn& c) -> int {
    return c.exec("DELETE FROM sessions WHERE expires_ms <= $1", {num(now)}).affected();
  });
}

int PostgresStore::delete_sessions_of(Id user, const std::string& keep) {
  return with_conn([&](Conn& c) -> int {
    return c.exec("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2",
                  {num(user), text(keep)})
        .affected();
  });
}

// --- Challenges ---

Id PostgresStore::create_challenge(const Challenge& ch) {
  return with_conn([&](Conn& c) -> Id {
    Params p{num(ch.challenger.id), id_or_null(ch.challenged.id)};
    push_setup(p, ch.setup);
    push_tc(p, ch.time_control);
    p.push_back(text(color_choice_text(ch.color)));
    p.push_back(text(challenge_status_text(ch.status)));
    p.push_back(num(ch.created));
    p.push_back(num(ch.setup.computer_level));
    p.push_back(id_or_null(ch.rematch_of));
    p.push_back(boolean(ch.setup.rated));
    p.push_back(boolean(ch.setup.takebacks));
    return c
        .exec("INSERT INTO challenges (challenger, challenged, " SETUP_COLUMNS ", " TC_COLUMNS
              ", color, status, created_ms, computer_level, rematch_of, rated, takebacks) VALUES "
              "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, "
              "$19, $20) "
              "RETURNING id",
              p)
        .i64(0, 0);
  });
}

std::optional<Challenge> PostgresStore::find_rematch(Id game) {
  return with_conn([&](Conn& c) -> std::optional<Challenge> {
    Result r = c.exec(SELECT_CHALLENGE "WHERE c.rematch_of = $1 ORDER BY c.game_id IS NULL, c.id DESC LIMIT 1",
                      {num(game)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_challenge(Row{r});
  });
}

std::optional<Challenge> PostgresStore::find_challenge(Id id) {
  return with_conn([&](Conn& c) -> std::optional<Challenge> {
    Result r = c.exec(SELECT_CHALLENGE "WHERE c.id = $1", {num(id)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_challenge(Row{r});
  });
}

bool PostgresStore::close_challenge(Id id, ChallengeStatus status) {
  return with_conn([&](Conn& c) -> bool {
    return c.exec("UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'open'",
                  {text(challenge_status_text(status)), num(id)})
               .affected() == 1;
  });
}

std::optional<Id> PostgresStore::accept_challenge(Id id, const GameState& g) {
  return with_conn([&](Conn& c) -> std::optional<Id> {
    Tx tx(c);
    // A second acceptance waits for the first one's commit, then finds the challenge closed.
    if (c.exec("UPDATE challenges SET status = 'accepted' WHERE id = $1 AND status = 'open'",
               {num(id)})
            .affected() == 0)
      return std::nullopt;  // the transaction rolls back
    Params p;
    push_setup(p, g.setup);                    // $1..$6
    p.push_back(text(g.start_sfen));           // $7
    p.push_back(num(g.black.id));              // $8
    p.push_back(num(g.white.id));              // $9
    push_tc(p, g.time_control);                // $10..$14
    push_state(p, g);                          // $15..$29
    p.push_back(num(g.created));               // $30
    p.push_back(num(g.setup.computer_level));  // $31
    p.push_back(boolean(g.setup.takebacks));   // $32
    p.push_back(boolean(g.setup.rated));       // $33
    Id game = c.exec("INSERT INTO games (" SETUP_COLUMNS ", start_sfen, black, white, " TC_COLUMNS
                     ", " STATE_COLUMNS ", created_ms, computer_level, takebacks, rated) VALUES "
                     "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, "
                     "$18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, "
                     "$33) RETURNING id",
                     p)
                  .i64(0, 0);
    c.exec("UPDATE challenges SET game_id = $1 WHERE id = $2", {num(game), num(id)});
    c.exec("SELECT pg_notify('" GAME_CHANNEL "', $1)",
           {text(std::to_string(game) + " v" + std::to_string(g.version))});
    tx.commit();
    return game;
  });
}

std::vector<Challenge> PostgresStore::open_challenges_to(Id user) {
  return with_conn([&](Conn& c) -> std::vector<Challenge> {
    if (!user)
      return read_challenges(c.exec(
          SELECT_CHALLENGE "WHERE c.status = 'open' AND c.challenged IS NULL ORDER BY c.id"));
    return read_challenges(c.exec(
        SELECT_CHALLENGE "WHERE c.status = 'open' AND c.challenged = $1 ORDER BY c.id",
        {num(user)}));
  });
}

std::vector<Challenge> PostgresStore::open_challenges_from(Id user) {
  return with_conn([&](Conn& c) -> std::vector<Challenge> {
    return read_challenges(c.exec(
        SELECT_CHALLENGE "WHERE c.status = 'open' AND c.challenger = $1 ORDER BY c.id",
        {num(user)}));
  });
}

// --- Games ---

std::optional<GameState> PostgresStore::find_game(Id id) {
  return with_conn([&](Conn& c) -> std::optional<GameState> {
    Result r = c.exec(SELECT_GAME "WHERE g.id = $1", {num(id)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_game(Row{r});
  });
}

std::optional<StoredGame> PostgresStore::load_game(Id id) {
  return with_conn([&](Conn& c) -> std::optional<StoredGame> {
    // One snapshot: the state, moves and comments of one moment.
    Tx tx(c, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    Result game = c.exec(SELECT_GAME "WHERE g.id = $1", {num(id)});
    if (game.rows() == 0) return std::nullopt;
    StoredGame g;
    g.state = rows::read_game(Row{game});
    Result moves = c.exec(
        "SELECT ply, usi, time_used_ms, at_ms FROM moves WHERE game_id = $1 ORDER BY ply",
        {num(id)});
    for (int i = 0; i < moves.rows(); ++i) g.moves.push_back(rows::read_move(Row{moves, i}));
    Result comments = c.exec(
        "SELECT c.id, c.game_id, c.ply, c.user_id, u.name, c.text, c.at_ms FROM comments c "
        "JOIN users u ON u.id = c.user_id WHERE c.game_id = $1 ORDER BY c.id",
        {num(id)});
    for (int i = 0; i < comments.rows(); ++i)
      g.comments.push_back(rows::read_comment(Row{comments, i}));
    tx.commit();
    return g;
  });
}

std::vector<GameState> PostgresStore::list_games_of(Id user) {
  return with_conn([&](Conn& c) -> std::vector<GameState> {
    return read_games(
        c.exec(SELECT_GAME "WHERE g.black = $1 OR g.white = $1 ORDER BY g.id DESC", {num(user)}));
  });
}

std::vector<GameState> PostgresStore::list_unfinished_games() {
  return with_conn([&](Conn& c) -> std::vector<GameState> {
    return read_games(
        c.exec(SELECT_GAME "WHERE g.status NOT IN ('finished', 'aborted') ORDER BY g.id"));
  });
}

std::vector<GameState> PostgresStore::find_games(const GameQuery& query) {
  return with_conn([&](Conn& c) -> std::vector<GameState> {
    rows::GameQuerySql sql = rows::game_query_sql(query, '$');
    return read_games(c.exec(std::string(SELECT_GAME "WHERE ") + sql.sql, params_of(sql.params)));
  });
}

// After a conditional write changed nothing: why not.
WriteResult PostgresStore::why_not_written(Conn& c, Id game, int expected_ply) {
  Result r = c.exec("SELECT ply FROM games WHERE id = $1", {num(game)});
  if (r.rows() == 0) return rows::why_not_written(std::nullopt, expected_ply);
  return rows::why_not_written(int(r.i64(0, 0)), expected_ply);
}

WriteResult PostgresStore::append_move(Id game, int expected_ply, const MoveRecord& move,
                                       const GameState& state) {
  rows::check_append_move(game, expected_ply, move, state);
  return with_conn([&](Conn& c) -> WriteResult {
    Params p;
    push_state(p, state);                 // $1..$15
    p.push_back(num(game));               // $16
    p.push_back(num(expected_ply));       // $17
    p.push_back(num(state.version - 1));  // $18
    p.push_back(num(move.ply));           // $19
    p.push_back(text(move.usi));          // $20
    p.push_back(num(move.time_used_ms));  // $21
    p.push_back(num(move.at));            // $22
    p.push_back(text(" v" + std::to_string(state.version)));  // $23: the notification's tail
    // One statement, so one transaction: the game's row is updated only if it is still at
    // the expected ply and version (a concurrent writer's UPDATE waits for this one to commit
    // and then finds it is not), the move is inserted only if the row was, and the change is
    // notified only if both were.
    Result r = c.exec(
        "WITH g AS (UPDATE games SET " STATE_SET
        " WHERE id = $16 AND ply = $17 AND version = $18 "
        "AND status NOT IN ('finished', 'aborted') RETURNING id), "
        "m AS (INSERT INTO moves (game_id, ply, usi, time_used_ms, at_ms) "
        "SELECT id, $19::integer, $20::text, $21::bigint, $22::bigint FROM g RETURNING game_id) "
        "SELECT pg_notify('" GAME_CHANNEL "', game_id::text || $23::text) FROM m",
        p);
    if (r.rows() == 1) return WriteResult::Ok;
    return why_not_written(c, game, expected_ply);
  });
}

WriteResult PostgresStore::update_game(const GameState& state) {
  return with_conn([&](Conn& c) -> WriteResult {
    Params p;
    push_state(p, state);                 // $1..$15
    p.push_back(num(state.id));           // $16
    p.push_back(num(state.version - 1));  // $17
    p.push_back(num(state.ply));          // $18
    p.push_back(text(" v" + std::to_string(state.version)));  // $19: the notification's tail
    Result r = c.exec("WITH g AS (UPDATE games SET " STATE_SET
                      " WHERE id = $16 AND version = $17 AND ply = $18 RETURNING id) "
                      "SELECT pg_notify('" GAME_CHANNEL "', id::text || $19::text) FROM g",
                      p);
    if (r.rows() == 1) return WriteResult::Ok;
    return why_not_written(c, state.id, state.ply);
  });
}

WriteResult PostgresStore::take_back(const GameState& state, int plies) {
  rows::check_take_back(state, plies);
  return with_conn([&](Conn& c) -> WriteResult {
    Params p;
    push_state(p, state);                 // $1..$15
    p.push_back(num(state.id));           // $16
    p.push_back(num(state.ply + plies));  // $17
    p.push_back(num(state.version - 1));  // $18
    p.push_back(num(state.ply));          // $19
    p.push_back(text(" v" + std::to_string(state.version)));  // $20: the notification's tail
    // One statement, as append_move: the moves go only if the game's row was updated.
    Result r = c.exec(
        "WITH g AS (UPDATE games SET " STATE_SET
        " WHERE id = $16 AND ply = $17 AND version = $18 "
        "AND status NOT IN ('finished', 'aborted') RETURNING id), "
        "m AS (DELETE FROM moves WHERE game_id IN (SELECT id FROM g) AND ply > $19) "
        "SELECT pg_notify('" GAME_CHANNEL "', id::text || $20::text) FROM g",
        p);
    if (r.rows() == 1) return WriteResult::Ok;
    return why_not_written(c, state.id, state.ply + plies);
  });
}

std::optional<Forecast> PostgresStore::find_forecast(Id game, Id user) {
  return with_conn([&](Conn& c) -> std::optional<Forecast> {
    Result r = c.exec("SELECT ply, lines FROM forecasts WHERE game_id = $1 AND user_id = $2",
                      {num(game), num(user)});
    if (r.rows() == 0) return std::nullopt;
    return Forecast{int(r.i64(0, 0)), forecast_lines_of(r.str(0, 1))};
  });
}

void PostgresStore::set_forecast(Id game, Id user, const Forecast& forecast) {
  with_conn([&](Conn& c) {
    if (forecast.lines.empty()) {
      c.exec("DELETE FROM forecasts WHERE game_id = $1 AND user_id = $2", {num(game), num(user)});
      return;
    }
    c.exec("INSERT INTO forecasts (game_id, user_id, ply, lines) VALUES ($1, $2, $3, $4) "
           "ON CONFLICT (game_id, user_id) DO UPDATE SET ply = excluded.ply, "
           "lines = excluded.lines",
           {num(game), num(user), num(forecast.ply), text(forecast_lines_text(forecast.lines))});
  });
}

Id PostgresStore::add_comment(const Comment& cm) {
  return with_conn([&](Conn& c) -> Id {
    return c
        .exec("WITH c AS (INSERT INTO comments (game_id, ply, user_id, text, at_ms) "
              "VALUES ($1, $2, $3, $4, $5) RETURNING id, game_id) "
              "SELECT id, pg_notify('" GAME_CHANNEL "', game_id::text || ' c' || id::text) FROM c",
              {num(cm.game), num(cm.ply), num(cm.user.id), text(cm.text), num(cm.at)})
        .i64(0, 0);
  });
}

void PostgresStore::set_last_seen(Id user, TimeMs at) {
  with_conn([&](Conn& c) {
    c.exec("UPDATE users SET seen_ms = $2 WHERE id = $1 AND seen_ms < $2", {num(user), num(at)});
  });
}

// --- Ratings ---

#define SELECT_RATING \
  "SELECT " RATING_COLUMNS " FROM ratings r JOIN users u ON u.id = r.user_id "
#define SELECT_RATING_CHANGE \
  "SELECT " RATING_CHANGE_COLUMNS " FROM rating_changes c JOIN users u ON u.id = c.user_id "

namespace {

std::vector<Rating> read_ratings(const Result& res) {
  std::vector<Rating> out;
  for (int i = 0; i < res.rows(); ++i) out.push_back(rows::read_rating(Row{res, i}));
  return out;
}

std::vector<RatingChange> read_rating_changes(const Result& res) {
  std::vector<RatingChange> out;
  for (int i = 0; i < res.rows(); ++i) out.push_back(rows::read_rating_change(Row{res, i}));
  return out;
}

}  // namespace

std::vector<Rating> PostgresStore::ratings_of(Id user) {
  return with_conn([&](Conn& c) -> std::vector<Rating> {
    return read_ratings(c.exec(SELECT_RATING "WHERE r.user_id = $1 ORDER BY r.game", {num(user)}));
  });
}

std::optional<Rating> PostgresStore::find_rating(Id user, std::string_view game) {
  return with_conn([&](Conn& c) -> std::optional<Rating> {
    Result r = c.exec(SELECT_RATING "WHERE r.user_id = $1 AND r.game = $2",
                      {num(user), text(game)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_rating(Row{r});
  });
}

RatingWrite PostgresStore::record_rating_changes(const std::vector<RatingChange>& changes) {
  rows::check_rating_changes(changes);
  return with_conn([&](Conn& c) -> RatingWrite {
    Tx tx(c);  // rolled back by any return but the last
    for (const RatingChange& ch : changes) {
      // The game's changes are unique: a second settlement of it inserts nothing.
      if (c.exec("INSERT INTO rating_changes (game_id, user_id, game, rating_before, "
                 "deviation_before, volatility_before, rating, deviation, volatility, "
                 "games_before, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) "
                 "ON CONFLICT (game_id, user_id) DO NOTHING",
                 {num(ch.game_id), num(ch.user.id), text(ch.game), real(ch.before.rating),
                  real(ch.before.deviation), real(ch.before.volatility), real(ch.after.rating),
                  real(ch.after.deviation), real(ch.after.volatility), num(ch.games_before),
                  num(ch.at)})
              .affected() == 0)
        return RatingWrite::AlreadyRated;
      // Written only over the rating the change was computed from: a concurrent writer's
      // insert or update waits for this transaction, then finds the count moved on.
      Params p{num(ch.user.id), text(ch.game), real(ch.after.rating), real(ch.after.deviation),
               real(ch.after.volatility), num(ch.games_before + 1), num(ch.at)};
      Result r = ch.games_before == 0
                     ? c.exec("INSERT INTO ratings (user_id, game, rating, deviation, volatility, "
                              "games, last_played_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                              "ON CONFLICT (user_id, game) DO NOTHING",
                              p)
                     : c.exec("UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, "
                              "games = $6, last_played_ms = $7 WHERE user_id = $1 AND game = $2 "
                              "AND games = $6 - 1",
                              p);
      if (r.affected() == 0) return RatingWrite::Stale;
    }
    tx.commit();
    return RatingWrite::Ok;
  });
}

std::vector<RatingChange> PostgresStore::rating_changes_of_game(Id game) {
  return with_conn([&](Conn& c) -> std::vector<RatingChange> {
    return read_rating_changes(
        c.exec(SELECT_RATING_CHANGE "WHERE c.game_id = $1 ORDER BY c.id", {num(game)}));
  });
}

std::vector<RatingChange> PostgresStore::rating_history(Id user) {
  return with_conn([&](Conn& c) -> std::vector<RatingChange> {
    return read_rating_changes(
        c.exec(SELECT_RATING_CHANGE "WHERE c.user_id = $1 ORDER BY c.id", {num(user)}));
  });
}

std::vector<Rating> PostgresStore::leaderboard(std::string_view game, double max_deviation,
                                               int limit) {
  return with_conn([&](Conn& c) -> std::vector<Rating> {
    return read_ratings(c.exec(SELECT_RATING
                               "WHERE r.game = $1 AND r.deviation <= $2 AND u.closed_ms = 0 "
                               "ORDER BY r.rating DESC, u.name LIMIT $3",
                               {text(game), real(max_deviation), num(limit)}));
  });
}

std::vector<Standing> PostgresStore::standings(const StandingsQuery& query) {
  return with_conn([&](Conn& c) -> std::vector<Standing> {
    rows::GameQuerySql sql = rows::standings_sql(query, '$');
    Result res = c.exec(sql.sql, params_of(sql.params));
    std::vector<Standing> out;
    for (int i = 0; i < res.rows(); ++i) out.push_back(rows::read_standing(Row{res, i}));
    return out;
  });
}

#define SELECT_IMPORTED                                                                    \
  "SELECT i.id, i.imported_by, u.name, i.format, i.game, i.start_sfen, i.black_name, "     \
  "i.white_name, i.event, i.played_at, i.moves, i.result, i.ending, i.created_ms "          \
  "FROM imported_games i JOIN users u ON u.id = i.imported_by "

Id PostgresStore::add_imported_game(const ImportedGame& g) {
  return with_conn([&](Conn& c) -> Id {
    return c
        .exec("INSERT INTO imported_games (imported_by, format, game, start_sfen, black_name, "
              "white_name, event, played_at, moves, result, ending, created_ms) "
              "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
              {num(g.imported_by.id), text(g.format), text(g.game), text(g.start_sfen),
               text(g.black), text(g.white), text(g.event), text(g.played_at),
               text(rows::imported_moves_text(g)), text(result_text(g.result)), text(g.ending),
               num(g.created)})
        .i64(0, 0);
  });
}

std::optional<ImportedGame> PostgresStore::find_imported_game(Id id) {
  return with_conn([&](Conn& c) -> std::optional<ImportedGame> {
    Result r = c.exec(SELECT_IMPORTED "WHERE i.id = $1", {num(id)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_imported_game(Row{r});
  });
}

std::vector<ImportedGame> PostgresStore::list_imported_games(Id user, int limit) {
  return with_conn([&](Conn& c) -> std::vector<ImportedGame> {
    Result r = c.exec(SELECT_IMPORTED "WHERE i.imported_by = $1 ORDER BY i.id DESC LIMIT $2",
                      {num(user), num(limit)});
    std::vector<ImportedGame> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(rows::read_imported_game(Row{r, i}));
    return out;
  });
}

std::vector<GameState> PostgresStore::finished_rated_games() {
  return with_conn([&](Conn& c) -> std::vector<GameState> {
    return read_games(c.exec(
        SELECT_GAME "WHERE g.rated AND g.status = 'finished' ORDER BY g.updated_ms, g.id"));
  });
}

void PostgresStore::clear_ratings() {
  with_conn([&](Conn& c) {
    Tx tx(c);
    c.simple("DELETE FROM rating_changes; DELETE FROM ratings");
    tx.commit();
  });
}

Id PostgresStore::add_chat_line(const ChatLine& line) {
  return with_conn([&](Conn& c) -> Id {
    return c
        .exec("INSERT INTO chat (game_id, ply, user_id, text, at_ms) "
              "VALUES ($1, $2, $3, $4, $5) RETURNING id",
              {num(line.game), num(line.ply), num(line.user.id), text(line.text), num(line.at)})
        .i64(0, 0);
  });
}

std::vector<ChatLine> PostgresStore::chat_of(Id game) {
  return with_conn([&](Conn& c) -> std::vector<ChatLine> {
    Result r = c.exec(
        "SELECT c.id, c.game_id, c.ply, c.user_id, u.name, c.text, c.at_ms FROM chat c "
        "JOIN users u ON u.id = c.user_id WHERE c.game_id = $1 ORDER BY c.id",
        {num(game)});
    std::vector<ChatLine> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(rows::read_comment(Row{r, i}));
    return out;
  });
}

// --- Messages ---

Id PostgresStore::add_message(const Message& m) {
  return with_conn([&](Conn& c) -> Id {
    return c
        .exec("INSERT INTO messages (sender, recipient, text, at_ms, read_ms) "
              "VALUES ($1, $2, $3, $4, $5) RETURNING id",
              {num(m.from.id), num(m.to.id), text(m.text), num(m.at), num(m.read)})
        .i64(0, 0);
  });
}

std::optional<Message> PostgresStore::find_message(Id id) {
  return with_conn([&](Conn& c) -> std::optional<Message> {
    Result r = c.exec(SELECT_MESSAGE "WHERE m.id = $1", {num(id)});
    if (r.rows() == 0) return std::nullopt;
    return rows::read_message(Row{r});
  });
}

std::vector<Message> PostgresStore::find_messages(Id user, Id before, int limit) {
  return with_conn([&](Conn& c) -> std::vector<Message> {
    Result r = c.exec(SELECT_MESSAGE
                      "WHERE m.recipient = $1 AND ($2::bigint = 0 OR m.id < $2::bigint) "
                      "ORDER BY m.id DESC "
                      "LIMIT $3",
                      {num(user), num(before), num(limit)});
    std::vector<Message> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(rows::read_message(Row{r, i}));
    return out;
  });
}

bool PostgresStore::mark_message_read(Id message, Id user, TimeMs at) {
  return with_conn([&](Conn& c) -> bool {
    return c.exec("UPDATE messages SET read_ms = $1 WHERE id = $2 AND recipient = $3 "
                  "AND read_ms = 0",
                  {num(at), num(message), num(user)})
               .affected() == 1;
  });
}

int PostgresStore::count_unread_messages(Id user) {
  return with_conn([&](Conn& c) -> int {
    return int(c.exec("SELECT count(*) FROM messages WHERE recipient = $1 AND read_ms = 0",
                      {num(user)})
                   .i64(0, 0));
  });
}

// --- Notifications ---

class PostgresStore::Listener {
 public:
  Listener(PostgresStore& store, GameChangeFn on_change)
      : store_(store), on_change_(std::move(on_change)) {
    conn_ = store_.connect();
    conn_->simple("LISTEN " GAME_CHANNEL);
    wake_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (wake_ < 0) throw PgError("eventfd failed");
    try {
      thread_ = std::thread([this] { run(); });
    } catch (...) {
      close(wake_);
      throw;
    }
  }
  ~Listener() {
    uint64_t one = 1;
    if (write(wake_, &one, sizeof one) < 0) {
      // The counter cannot overflow from one write; nothing else can fail here.
    }
    thread_.join();
    close(wake_);
  }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

 private:
  void call(const GameChange& change) {
    try {
      on_change_(change);
    } catch (...) {
      // Documented: ignored.
    }
  }

  // "GAME vVERSION" or "GAME cCOMMENT" (PostgresStore::kGameChannel).
  static GameChange parse_payload(std::string_view payload) {
    GameChange change;
    const char* end = payload.data() + payload.size();
    auto [p, ec] = std::from_chars(payload.data(), end, change.game);
    if (ec != std::errc()) return {};
    if (end - p > 2 && p[0] == ' ') {
      if (p[1] == 'v') std::from_chars(p + 2, end, change.version);
      if (p[1] == 'c') std::from_chars(p + 2, end, change.comment);
    }
    return change;
  }

  // Waits up to `ms` for the stop signal; true if it came.
  bool stopped_within(int ms) {
    pollfd p{wake_, POLLIN, 0};
    return poll(&p, 1, ms) > 0;
  }

  void run() {
    int backoff_ms = 50;
    for (;;) {
      if (!conn_) {
        try {
          conn_ = store_.connect();
          conn_->simple("LISTEN " GAME_CHANNEL);
          backoff_ms = 50;
          call(GameChange{});  // back: whatever happened meanwhile was not heard
        } catch (const std::exception&) {
          conn_.reset();
          if (stopped_within(backoff_ms)) return;
          backoff_ms = std::min(backoff_ms * 2, 5000);
          continue;
        }
      }
      pollfd fds[2] = {{PQsocket(conn_->pg), POLLIN, 0}, {wake_, POLLIN, 0}};
      if (poll(fds, 2, -1) < 0) {
        if (errno == EINTR) continue;
        if (stopped_within(backoff_ms)) return;
        continue;
      }
      if (fds[1].revents) return;
      if (!fds[0].revents) continue;
      if (!PQconsumeInput(conn_->pg) || PQstatus(conn_->pg) != CONNECTION_OK) {
        conn_.reset();  // reconnect at once, then back off
        continue;
      }
      while (PGnotify* n = PQnotifies(conn_->pg)) {
        GameChange change = parse_payload(n->extra ? n->extra : "");
        PQfreemem(n);
        if (change.game > 0) call(change);
      }
    }
  }

  PostgresStore& store_;
  GameChangeFn on_change_;
  std::unique_ptr<Conn> conn_;  // null while reconnecting
  int wake_ = -1;               // eventfd: written to stop the thread
  std::thread thread_;
};

void PostgresStore::listen_for_game_changes(GameChangeFn on_change) {
  std::lock_guard lock(listener_mutex_);
  if (listener_) throw StoreError("store " + redacted_ + ": already listening for game changes");
  try {
    listener_ = std::make_unique<Listener>(*this, std::move(on_change));
  } catch (const PgError& e) {
    throw StoreError("store " + redacted_ + ": cannot listen for game changes: " + e.what());
  }
}

void PostgresStore::stop_listening() {
  std::unique_ptr<Listener> l;
  {
    std::lock_guard lock(listener_mutex_);
    l = std::move(listener_);
  }
  l.reset();  // joins the thread, outside the lock
}

}  // namespace kirin::server
