// The one database API the repositories are written against (sql_*.cpp), so that each
// statement is written once for SQLite and PostgreSQL: a connection runs a statement with
// parameters and reads its rows; a Database hands out a connection for a read, a consistent
// read of several statements, or a write (one transaction), and runs a write of statements
// known beforehand (write_all). The dialects differ here only:
//
// - Parameters are written $1, $2... (PostgreSQL's form; SQLite reads them as ?1, ?2...).
// - Values: booleans are 0/1 in SQLite and BOOLEAN in PostgreSQL; both read back as bool.
// - Database::same_name: the ASCII case-insensitive comparison of a user name, which each
//   database indexes its own way; Database::lock_rows: SELECT ... FOR UPDATE, where SQLite's
//   writes take turns anyway.
// - How writes are committed (sqlite_database.h: a transaction each, or under FULL a group of
//   writes in one transaction, a savepoint each; postgres_database.h: a transaction on a pooled
//   connection, write_all's statements sent together), and how changes are heard
//   (game_change_feed.h: a log SQLite's triggers write, PostgreSQL's NOTIFY).
// Everything else (RETURNING, ON CONFLICT, CASE, CAST, coalesce) both databases speak alike.
#pragma once

#include <concepts>
#include <cstdint>
#include <deque>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "server/domain/storage.h"

namespace kirin::server::sql {

enum class Dialect { Sqlite, Postgres };

// A statement's parameter. Text is viewed, not copied: the value it views must outlive the
// statement's run (a temporary of the calling expression does).
struct Value {
  enum class Kind : uint8_t { Null, Int, Real, Text, Bool };
  Kind kind = Kind::Null;
  int64_t i = 0;
  double d = 0;
  std::string_view s;

  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : kind(Kind::Bool), i(b) {}
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  Value(T v) : kind(Kind::Int), i(int64_t(v)) {}
  Value(double v) : kind(Kind::Real), d(v) {}
  Value(std::string_view v) : kind(Kind::Text), s(v) {}
  Value(const std::string& v) : Value(std::string_view(v)) {}
  Value(const char* v) : Value(std::string_view(v)) {}
  template <class T>
  Value(const std::optional<T>& o) : Value(o ? Value(*o) : Value()) {}
};
// A statement's parameters, $1 first. Keeps the text of values made for it (JSON, joined
// lists), so that what they view lives as long as the parameters.
class Values {
 public:
  Values() = default;
  Values(std::initializer_list<Value> values) : values_(values) {}
  // Moved, never copied: a copy's values would view the original's kept text.
  Values(Values&&) = default;
  Values& operator=(Values&&) = default;
  Values(const Values&) = delete;
  Values& operator=(const Values&) = delete;
  void add(Value v) { values_.push_back(v); }
  // Adds a value and returns its placeholder, "$N": for statements built from a filter.
  std::string param(Value v) {
    add(v);
    return "$" + std::to_string(values_.size());
  }
  // Adds text made for the statement, kept here.
  void add_owned(std::string text) { add(Value(kept_.emplace_back(std::move(text)))); }
  const Value* data() const { return values_.data(); }
  size_t size() const { return values_.size(); }

 private:
  std::vector<Value> values_;
  std::deque<std::string> kept_;  // a deque: adding does not move what values view
};

// The row of a statement's result being read. Columns are numbered from 0.
class Cursor {
 public:
  virtual ~Cursor() = default;
  virtual bool is_null(int col) = 0;
  virtual int64_t i64(int col) = 0;
  virtual double dbl(int col) = 0;
  virtual std::string str(int col) = 0;
  virtual bool boolean(int col) = 0;
};

// A row's columns read one after the other, as the record readers (columns.h) take them.
class Row {
 public:
  explicit Row(Cursor& c) : c_(c) {}
  int64_t i64() { return c_.i64(i_++); }
  int i32() { return int(c_.i64(i_++)); }
  double dbl() { return c_.dbl(i_++); }
  std::string str() { return c_.str(i_++); }
  bool boolean() { return c_.boolean(i_++); }
  bool null_next() { return c_.is_null(i_); }
  void skip(int n) { i_ += n; }

 private:
  Cursor& c_;
  int i_ = 0;
};

// Statements kept by their text, found by a string_view of it without a copy.
struct TextHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};

class Connection {
 public:
  virtual ~Connection() = default;
  virtual Dialect dialect() const = 0;
  // Runs one statement; each row of its result calls on_row with the cursor on it. Returns the
  // rows an INSERT, UPDATE or DELETE changed. Statements are prepared once per connection
  // (by their text) and reused. Throws StoreError.
  virtual int64_t run(std::string_view sql, const Value* params, size_t count,
                      const std::function<void(Cursor&)>& on_row) = 0;
  // Statements without parameters, separated by semicolons (the schema's migrations).
  virtual void script(const std::string& sql) = 0;

  int64_t execute(std::string_view sql, const Values& params = {}) {
    return run(sql, params.data(), params.size(), {});
  }
  // Calls read(Row&) on each row.
  template <class F>
  void each(std::string_view sql, const Values& params, F&& read) {
    run(sql, params.data(), params.size(), [&](Cursor& c) {
      Row r(c);
      read(r);
    });
  }
  // Each row as read(Row&) reads it.
  template <class F>
  auto all(std::string_view sql, const Values& params, F&& read)
      -> std::vector<std::decay_t<decltype(read(std::declval<Row&>()))>> {
    std::vector<std::decay_t<decltype(read(std::declval<Row&>()))>> out;
    each(sql, params, [&](Row& r) { out.push_back(read(r)); });
    return out;
  }
  // The first row read by read(Row&), or nullopt if there is none.
  template <class F>
  auto first(std::string_view sql, const Values& params, F&& read)
      -> std::optional<std::decay_t<decltype(read(std::declval<Row&>()))>> {
    std::optional<std::decay_t<decltype(read(std::declval<Row&>()))>> out;
    each(sql, params, [&](Row& r) {
      if (!out) out.emplace(read(r));
    });
    return out;
  }
  // The one integer the statement returns (an id from RETURNING, a count).
  std::optional<int64_t> integer(std::string_view sql, const Values& params = {}) {
    return first(sql, params, [](Row& r) { return r.i64(); });
  }
};

// A database as the repositories use it. A read runs on a connection with nothing written
// between its statements by this process (SQLite) or in autocommit (PostgreSQL); a snapshot
// reads several statements as of one moment; a write is one transaction, all or nothing.
// Each throws StoreError for a failure of the database, and passes on what `f` throws (after
// rolling back its write).
// One statement of Database::write_all: its text, its parameters and what reads its rows (a
// RETURNING clause's).
struct Statement {
  std::string_view sql;
  const Values& params;
  std::function<void(Cursor&)> on_row = {};
};

class Database {
 public:
  virtual ~Database() = default;
  virtual Dialect dialect() const = 0;
  // The schema's version (migrations.h).
  virtual int schema_version() = 0;

  // Each returns what `f` returns.
  template <class F>
  auto read(F&& f) -> decltype(f(std::declval<Connection&>())) {
    return call(&Database::run_read, std::forward<F>(f));
  }
  template <class F>
  auto snapshot(F&& f) -> decltype(f(std::declval<Connection&>())) {
    return call(&Database::run_snapshot, std::forward<F>(f));
  }
  template <class F>
  auto write(F&& f) -> decltype(f(std::declval<Connection&>())) {
    return call(&Database::run_write, std::forward<F>(f));
  }

  // A write of statements known beforehand: one transaction, all or nothing, as `write`; on
  // PostgreSQL the statements are sent together (one round trip, where `write` waits for each
  // statement, its BEGIN and its COMMIT). Returns the rows each statement changed.
  std::vector<int64_t> write_all(std::initializer_list<Statement> statements) {
    return run_write_all(statements.begin(), statements.size());
  }
  // The same for one statement; with RETURNING, the one integer it returns (an id; nullopt if
  // it changed no row).
  int64_t write_one(std::string_view sql, const Values& params) {
    return write_all({{sql, params}})[0];
  }
  std::optional<int64_t> write_returning(std::string_view sql, const Values& params) {
    std::optional<int64_t> out;
    write_all({{sql, params, [&](Cursor& c) { out = c.i64(0); }}});
    return out;
  }

  // The comparison of a user name column with a parameter, ignoring ASCII case.
  std::string same_name(std::string_view column, std::string_view param) const;
  // What a SELECT ends with to lock the rows it finds until the write commits: " FOR UPDATE"
  // (PostgreSQL), or nothing (SQLite, whose writes take turns).
  const char* lock_rows() const { return dialect() == Dialect::Postgres ? " FOR UPDATE" : ""; }

 protected:
  using Work = std::function<void(Connection&)>;
  virtual void run_read(const Work& f) = 0;
  virtual void run_snapshot(const Work& f) = 0;
  virtual void run_write(const Work& f) = 0;
  virtual std::vector<int64_t> run_write_all(const Statement* statements, size_t count);

 private:
  template <class F>
  auto call(void (Database::*how)(const Work&), F&& f) -> decltype(f(std::declval<Connection&>())) {
    using R = decltype(f(std::declval<Connection&>()));
    if constexpr (std::is_void_v<R>) {
      (this->*how)([&](Connection& c) { f(c); });
    } else {
      std::optional<R> out;
      (this->*how)([&](Connection& c) { out.emplace(f(c)); });
      return std::move(*out);
    }
  }
};

}  // namespace kirin::server::sql
