#include "server/store/postgres_notifications.h"

#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <thread>

namespace kirin::server::sql {

class PostgresNotifications::Listener : public Listening {
 public:
  Listener(PostgresDatabase& db, GameChangeFn on_change)
      : db_(db), on_change_(std::move(on_change)) {
    listen();
    wake_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (wake_ < 0) throw StoreError("store " + db_.redacted_url() + ": eventfd failed");
    try {
      thread_ = std::thread([this] { run(); });
    } catch (...) {
      close(wake_);
      throw;
    }
  }
  ~Listener() override {
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
  // A connection of its own, listening on the channel the triggers notify.
  void listen() {
    conn_.reset(db_.connect_raw());
    PGresult* r = PQexec(conn_.get(), "LISTEN kirin_games");
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok) {
      std::string message = PQerrorMessage(conn_.get());
      conn_.reset();
      throw StoreError("store " + db_.redacted_url() + ": " + message);
    }
  }

  void call(const GameChange& change) {
    try {
      on_change_(change);
    } catch (...) {
      // Documented: ignored.
    }
  }

  // "GAME vVERSION", "GAME cCOMMENT", "0 sUSER" or "0 tTOURNAMENT" (the triggers of
  // migrations.cpp).
  static GameChange parse_payload(std::string_view payload) {
    GameChange change;
    const char* end = payload.data() + payload.size();
    auto [p, ec] = std::from_chars(payload.data(), end, change.game);
    if (ec != std::errc()) return {};
    if (end - p > 2 && p[0] == ' ') {
      if (p[1] == 'v') std::from_chars(p + 2, end, change.version);
      if (p[1] == 'c') std::from_chars(p + 2, end, change.comment);
      if (p[1] == 's') std::from_chars(p + 2, end, change.sessions_of);
      if (p[1] == 't') std::from_chars(p + 2, end, change.tournament);
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
          listen();
          backoff_ms = 50;
          call(GameChange{});  // back: whatever happened meanwhile was not heard
        } catch (const std::exception&) {
          conn_.reset();
          if (stopped_within(backoff_ms)) return;
          backoff_ms = std::min(backoff_ms * 2, 5000);
          continue;
        }
      }
      pollfd fds[2] = {{PQsocket(conn_.get()), POLLIN, 0}, {wake_, POLLIN, 0}};
      if (poll(fds, 2, -1) < 0) {
        if (errno == EINTR) continue;
        if (stopped_within(backoff_ms)) return;
        continue;
      }
      if (fds[1].revents) return;
      if (!fds[0].revents) continue;
      if (!PQconsumeInput(conn_.get()) || PQstatus(conn_.get()) != CONNECTION_OK) {
        conn_.reset();  // reconnect at once, then back off
        continue;
      }
      while (PGnotify* n = PQnotifies(conn_.get())) {
        GameChange change = parse_payload(n->extra ? n->extra : "");
        PQfreemem(n);
        if (change.game > 0 || change.sessions_of > 0 || change.tournament > 0) call(change);
      }
    }
  }

  PostgresDatabase& db_;
  GameChangeFn on_change_;
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn_{nullptr, &PQfinish};  // null while reconnecting
  int wake_ = -1;               // eventfd: written to stop the thread
  std::thread thread_;
};

PostgresNotifications::PostgresNotifications(PostgresDatabase& db)
    : ChangeFeed(db.redacted_url()), db_(db) {}

PostgresNotifications::~PostgresNotifications() { stop_listening(); }

std::unique_ptr<ChangeFeed::Listening> PostgresNotifications::start(GameChangeFn on_change) {
  return std::make_unique<Listener>(db_, std::move(on_change));
}

}  // namespace kirin::server::sql
