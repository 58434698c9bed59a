#include "server/store/sqlite_change_log.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <condition_variable>
#include <thread>

namespace kirin::server::sql {

class SqliteChangeLog::Listener : public Listening {
 public:
  Listener(const std::string& path, std::chrono::milliseconds interval, GameChangeFn on_change)
      : db_(path, SQLite::OPEN_READWRITE, 5000 /* busy timeout, ms */),
        interval_(interval),
        on_change_(std::move(on_change)) {
    data_version_ = db_.execAndGet("PRAGMA data_version").getInt64();
    last_seq_ = db_.execAndGet("SELECT coalesce(max(seq), 0) FROM game_changes").getInt64();
    thread_ = std::thread([this] { run(); });
  }
  ~Listener() override {
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
                        "SELECT seq, game_id, version, comment_id, sessions_of, tournament_id "
                        "FROM game_changes "
                        "WHERE seq > ? ORDER BY seq");
    q.bind(1, last_seq_);
    bool first = true;
    while (q.executeStep()) {
      int64_t seq = q.getColumn(0).getInt64();
      // The log has no gaps but those pruning leaves: this listener fell behind.
      if (first && seq != last_seq_ + 1) call(GameChange{});
      first = false;
      last_seq_ = seq;
      call({q.getColumn(1).getInt64(), q.getColumn(2).getInt(), q.getColumn(3).getInt64(),
            q.getColumn(4).getInt64(), q.getColumn(5).getInt64()});
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

SqliteChangeLog::SqliteChangeLog(std::string path, std::chrono::milliseconds poll_interval)
    : ChangeFeed(path), path_(std::move(path)), poll_interval_(poll_interval) {}

SqliteChangeLog::~SqliteChangeLog() { stop_listening(); }

std::unique_ptr<ChangeFeed::Listening> SqliteChangeLog::start(GameChangeFn on_change) {
  return std::make_unique<Listener>(path_, poll_interval_, std::move(on_change));
}

}  // namespace kirin::server::sql
