#include "server/store/postgres_database.h"

#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <charconv>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "server/store/migrations.h"

namespace kirin::server::sql {
namespace {

// Held while migrating, so that nodes starting together migrate one after the other.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(4242104116)";

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

// One libpq connection and the statements prepared on it; the cursor is the row being read.
class PostgresDatabase::Conn : public Connection, private Cursor {
 public:
  Conn(PGconn* connection, const std::string& redacted) : pg(connection), redacted_(redacted) {}
  ~Conn() override { PQfinish(pg); }
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;

  Dialect dialect() const override { return Dialect::Postgres; }

  int64_t run(std::string_view sql, const Value* params, size_t count,
              const std::function<void(Cursor&)>& on_row) override {
    const std::string& name = prepared(sql);
    std::vector<std::string> texts(count);
    std::vector<const char*> values(count);
    for (size_t i = 0; i < count; ++i) values[i] = text_of(params[i], texts[i]);
    PGresult* r =
        PQexecPrepared(pg, name.c_str(), int(count), values.data(), nullptr, nullptr, 0);
    Result result(check(r));
    result_ = r;
    if (on_row)
      for (row_ = 0; row_ < PQntuples(r); ++row_) on_row(*this);
    std::string_view n = PQcmdTuples(r);
    int64_t changed = 0;
    std::from_chars(n.data(), n.data() + n.size(), changed);
    return changed;
  }

  void script(const std::string& sql) override { Result r(check(PQexec(pg, sql.c_str()))); }

  // The statements sent together in pipeline mode, up to one Sync: one implicit transaction,
  // rolled back by the server if one fails (the rest are then skipped). One round trip.
  std::vector<int64_t> pipeline(const Statement* statements, size_t count) {
    std::vector<std::string> names;
    for (size_t i = 0; i < count; ++i) names.push_back(prepared(statements[i].sql));
    if (!PQenterPipelineMode(pg)) fail(trimmed(PQerrorMessage(pg)));
    std::vector<std::vector<std::string>> texts(count);
    for (size_t i = 0; i < count; ++i) {
      const Values& params = statements[i].params;
      texts[i].resize(params.size());
      std::vector<const char*> values(params.size());
      for (size_t p = 0; p < params.size(); ++p)
        values[p] = text_of(params.data()[p], texts[i][p]);
      if (!PQsendQueryPrepared(pg, names[i].c_str(), int(values.size()), values.data(), nullptr,
                               nullptr, 0))
        fail(trimmed(PQerrorMessage(pg)));  // the connection is broken: it is not reused
    }
    if (!PQpipelineSync(pg)) fail(trimmed(PQerrorMessage(pg)));
    // Every result is read up to the Sync's, whatever failed, so that the connection is idle.
    std::vector<int64_t> changed(count, 0);
    std::string error;
    for (size_t i = 0; i < count; ++i) {
      while (PGresult* r = PQgetResult(pg)) {
        Result held(r);
        ExecStatusType s = PQresultStatus(r);
        if (s == PGRES_TUPLES_OK || s == PGRES_COMMAND_OK) {
          if (error.empty() && statements[i].on_row) {
            result_ = r;
            for (row_ = 0; row_ < PQntuples(r); ++row_) statements[i].on_row(*this);
          }
          std::string_view n = PQcmdTuples(r);
          std::from_chars(n.data(), n.data() + n.size(), changed[i]);
        } else if (s != PGRES_PIPELINE_ABORTED && error.empty()) {
          const char* primary = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
          error = primary ? primary : trimmed(PQresultErrorMessage(r));
        }
      }
    }
    PGresult* sync = PQgetResult(pg);
    bool synced = sync && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
    PQclear(sync);
    if (!synced || !PQexitPipelineMode(pg)) fail(error.empty() ? trimmed(PQerrorMessage(pg)) : error);
    if (!error.empty()) fail(error);
    return changed;
  }

  PGconn* pg;

 private:
  struct Result {
    PGresult* held;
    explicit Result(PGresult* r) : held(r) {}
    ~Result() { PQclear(held); }
    Result(const Result&) = delete;
    Result& operator=(const Result&) = delete;
  };

  [[noreturn]] void fail(const std::string& message) {
    throw StoreError("store " + redacted_ + ": " + message);
  }

  PGresult* check(PGresult* r) {
    ExecStatusType s = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) return r;
    const char* primary = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    std::string message = primary ? primary : trimmed(r ? PQresultErrorMessage(r) : "");
    PQclear(r);
    if (message.empty()) message = trimmed(PQerrorMessage(pg));
    if (message.empty()) message = "the query failed";
    fail(message);
  }

  const std::string& prepared(std::string_view sql) {
    auto it = prepared_.find(sql);
    if (it != prepared_.end()) return it->second;
    std::string name = "k" + std::to_string(++statements_);
    PQclear(check(PQprepare(pg, name.c_str(), std::string(sql).c_str(), 0, nullptr)));
    return prepared_.emplace(std::string(sql), std::move(name)).first->second;
  }

  // A parameter in libpq's text form (nullptr: NULL); `keep` holds what needs holding.
  const char* text_of(const Value& v, std::string& keep) {
    switch (v.kind) {
      case Value::Kind::Null: return nullptr;
      case Value::Kind::Bool: return v.i ? "true" : "false";
      case Value::Kind::Int: keep = std::to_string(v.i); break;
      // The shortest text that reads back as the same double: a rating survives the round trip.
      case Value::Kind::Real: keep = fmt::format("{}", v.d); break;
      case Value::Kind::Text:
        // libpq takes text parameters as C strings: refuse what would be cut short silently.
        if (v.s.find('\0') != std::string_view::npos)
          fail("text with a NUL character cannot be stored");
        keep = std::string(v.s);
        break;
    }
    return keep.c_str();
  }

  template <class T>
  T number(int col, const char* what) {
    const char* v = PQgetvalue(result_, row_, col);
    const char* end = v + PQgetlength(result_, row_, col);
    T out = 0;
    auto [p, ec] = std::from_chars(v, end, out);
    if (PQgetisnull(result_, row_, col) || ec != std::errc() || p != end)
      fail(std::string("column ") + PQfname(result_, col) + " holds '" + std::string(v, end) +
           "', not " + what);
    return out;
  }
  bool is_null(int col) override { return PQgetisnull(result_, row_, col); }
  int64_t i64(int col) override { return number<int64_t>(col, "an integer"); }
  double dbl(int col) override { return number<double>(col, "a number"); }
  std::string str(int col) override {
    return std::string(PQgetvalue(result_, row_, col), size_t(PQgetlength(result_, row_, col)));
  }
  bool boolean(int col) override { return PQgetvalue(result_, row_, col)[0] == 't'; }

  std::string redacted_;
  std::unordered_map<std::string, std::string, TextHash, std::equal_to<>> prepared_;
  int statements_ = 0;
  PGresult* result_ = nullptr;  // the result being read, and its row
  int row_ = 0;
};

class PostgresDatabase::Lease {
 public:
  Lease(PostgresDatabase& db, std::unique_ptr<Conn> c) : db_(&db), c_(std::move(c)) {}
  Lease(Lease&& o) noexcept = default;
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  Lease& operator=(Lease&&) = delete;
  ~Lease() {
    if (c_) db_->release(std::move(c_));
  }
  Conn& operator*() { return *c_; }

 private:
  PostgresDatabase* db_;
  std::unique_ptr<Conn> c_;
};

pg_conn* PostgresDatabase::connect_raw() {
  // The URL's own settings override connect_timeout (it comes first); the encoding is ours.
  const char* keys[] = {"connect_timeout", "dbname", "client_encoding",
                        "fallback_application_name", nullptr};
  const char* values[] = {"10", url_.c_str(), "UTF8", "kirin", nullptr};
  PGconn* pg = PQconnectdbParams(keys, values, 1);
  if (!pg) throw StoreError("store " + redacted_ + ": out of memory");
  if (PQstatus(pg) != CONNECTION_OK) {
    std::string message = trimmed(PQerrorMessage(pg));
    PQfinish(pg);
    throw StoreError("store " + redacted_ + ": " + message);
  }
  PQsetNoticeProcessor(pg, [](void*, const char*) {}, nullptr);  // no NOTICEs on stderr
  return pg;
}

std::unique_ptr<PostgresDatabase::Conn> PostgresDatabase::connect() {
  return std::make_unique<Conn>(connect_raw(), redacted_);
}

PostgresDatabase::Lease PostgresDatabase::acquire() {
  std::unique_ptr<Conn> c;
  {
    std::unique_lock lock(pool_mutex_);
    pool_free_.wait(lock, [&] { return !idle_.empty() || open_ < pool_size_; });
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

void PostgresDatabase::release(std::unique_ptr<Conn> c) {
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

std::string PostgresDatabase::redact_url(std::string_view url) {
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

PostgresDatabase::PostgresDatabase(const std::string& url, int pool_size)
    : url_(url), redacted_(redact_url(url)), pool_size_(std::max(1, pool_size)) {
  try {
    std::unique_ptr<Conn> c = connect();
    c->script("BEGIN");
    try {
      c->script(kMigrationLock);
      migrate(*c, redacted_);
      c->script("COMMIT");
    } catch (...) {
      PQclear(PQexec(c->pg, "ROLLBACK"));
      throw;
    }
    idle_.push_back(std::move(c));
    open_ = 1;
  } catch (const StoreError& e) {
    // "store URL: message" becomes "cannot open store URL: message".
    std::string what = e.what();
    const std::string prefix = "store " + redacted_ + ": ";
    if (what.starts_with(prefix)) what = what.substr(prefix.size());
    if (what.starts_with("store ")) throw;  // a newer schema: its own message
    throw StoreError("cannot open store " + redacted_ + ": " + what);
  }
}

PostgresDatabase::~PostgresDatabase() {
  std::lock_guard lock(pool_mutex_);
  idle_.clear();
}

int PostgresDatabase::schema_version() {
  return read([](Connection& c) { return sql::schema_version(c); });
}

void PostgresDatabase::run_read(const Work& f) {
  Lease c = acquire();
  f(*c);
}

void PostgresDatabase::in_transaction(const char* begin, const Work& f) {
  Lease lease = acquire();
  Conn& c = *lease;
  c.script(begin);
  try {
    f(c);
  } catch (...) {
    PQclear(PQexec(c.pg, "ROLLBACK"));
    throw;
  }
  PGresult* r = PQexec(c.pg, "COMMIT");
  // COMMIT of a transaction an error aborted answers ROLLBACK, without an error.
  bool committed = r && PQresultStatus(r) == PGRES_COMMAND_OK &&
                   std::string_view(PQcmdStatus(r)) == "COMMIT";
  std::string message = committed ? "" : trimmed(PQerrorMessage(c.pg));
  PQclear(r);
  if (!committed)
    throw StoreError("store " + redacted_ + ": " +
                     (message.empty() ? "the transaction was rolled back" : message));
}

void PostgresDatabase::run_snapshot(const Work& f) {
  in_transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", f);
}

void PostgresDatabase::run_write(const Work& f) { in_transaction("BEGIN", f); }

std::vector<int64_t> PostgresDatabase::run_write_all(const Statement* statements, size_t count) {
  Lease c = acquire();
  return (*c).pipeline(statements, count);
}

}  // namespace kirin::server::sql
