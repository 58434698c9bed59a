// The embedded store: one SQLite file through SQLiteCpp.
//
// Durability: WAL journal, synchronous=NORMAL by default, or FULL (Options::sync; store.h says
// what each setting promises). Writes are committed in groups: the writes that wait while a
// group commits form the next group, which one transaction covers (BEGIN IMMEDIATE: two
// processes on one file queue behind the busy timeout instead of failing to upgrade a lock),
// and under FULL one fsync. Each write runs in a savepoint of its own, so one that fails
// changes nothing and the others still commit; a failed commit fails them all.
//
// Threads: one connection, guarded by a mutex; statements are prepared once and reused.
// The schema is created or migrated on open (table schema_version), in one transaction:
// several processes opening one new file at once create it once.
//
// Notifications: triggers log every change of a game (table game_changes), whichever process
// wrote it. A listener polls the log on a connection of its own, every Options::poll_interval
// (cheaply: PRAGMA data_version says whether any other connection committed since), and
// deletes entries older than ten minutes. A listener that fell further behind than that
// reports GameChange{0}.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "server/store/store.h"

namespace kirin::server {

class SqliteStore : public Store {
 public:
  // Opens or creates the file; throws StoreError naming it if it cannot, or if its schema is
  // newer than this program knows.
  struct Options {
    std::chrono::milliseconds poll_interval{100};  // how often a listener looks for changes
    SqliteSync sync = SqliteSync::Normal;
  };
  explicit SqliteStore(const std::string& path);
  SqliteStore(const std::string& path, Options options);
  ~SqliteStore() override;

  static constexpr int kSchemaVersion = 8;
  int schema_version();
  // The connection's PRAGMA synchronous, read back.
  SqliteSync synchronous();
  // Writes and the transactions that committed them, since the store opened.
  struct GroupCommits {
    int64_t writes = 0;
    int64_t commits = 0;
  };
  GroupCommits group_commits();

  std::optional<Id> create_user(const User& user) override;
  std::optional<User> find_user(Id id) override;
  std::optional<User> find_user_by_name(std::string_view name) override;
  void set_preferences(Id user, const Preferences& prefs) override;
  void set_password_hash(Id user, const std::string& password_hash) override;
  void set_email(Id user, const std::string& email) override;
  void close_user(Id user, TimeMs at) override;

  void create_session(const Session& session) override;
  std::optional<Session> find_session(const std::string& token_hash) override;
  void delete_session(const std::string& token_hash) override;
  int delete_expired_sessions(TimeMs now) override;
  int delete_sessions_of(Id user, const std::string& keep) override;

  Id create_challenge(const Challenge& challenge) override;
  std::optional<Challenge> find_challenge(Id id) override;
  bool close_challenge(Id id, ChallengeStatus status) override;
  std::optional<Id> accept_challenge(Id id, const GameState& game) override;
  std::vector<Challenge> open_challenges_to(Id user) override;
  std::vector<Challenge> open_challenges_from(Id user) override;
  std::optional<Challenge> find_rematch(Id game) override;

  std::optional<GameState> find_game(Id id) override;
  std::optional<StoredGame> load_game(Id id) override;
  std::vector<GameState> list_games_of(Id user) override;
  std::vector<GameState> list_unfinished_games() override;
  std::vector<GameState> find_games(const GameQuery& query) override;
  WriteResult append_move(Id game, int expected_ply, const MoveRecord& move,
                          const GameState& state) override;
  WriteResult update_game(const GameState& state) override;
  WriteResult take_back(const GameState& state, int plies) override;
  Id add_comment(const Comment& comment) override;
  Id add_imported_game(const ImportedGame& game) override;
  std::optional<ImportedGame> find_imported_game(Id id) override;
  std::vector<ImportedGame> list_imported_games(Id user, int limit) override;

  void set_last_seen(Id user, TimeMs at) override;
  std::vector<Rating> ratings_of(Id user) override;
  std::optional<Rating> find_rating(Id user, std::string_view game) override;
  RatingWrite record_rating_changes(const std::vector<RatingChange>& changes) override;
  std::vector<RatingChange> rating_changes_of_game(Id game) override;
  std::vector<RatingChange> rating_history(Id user) override;
  std::vector<Rating> leaderboard(std::string_view game, double max_deviation,
                                  int limit) override;
  std::vector<Standing> standings(const StandingsQuery& query) override;
  std::vector<GameState> finished_rated_games() override;
  void clear_ratings() override;

  std::optional<Forecast> find_forecast(Id game, Id user) override;
  void set_forecast(Id game, Id user, const Forecast& forecast) override;

  Id add_chat_line(const ChatLine& line) override;
  std::vector<ChatLine> chat_of(Id game) override;
  Id add_message(const Message& message) override;
  std::optional<Message> find_message(Id id) override;
  std::vector<Message> find_messages(Id user, Id before, int limit) override;
  bool mark_message_read(Id message, Id user, TimeMs at) override;
  int count_unread_messages(Id user) override;

  void listen_for_game_changes(GameChangeFn on_change) override;
  void stop_listening() override;

 private:
  class Listener;
  // Runs one operation under the mutex, SQLite's exceptions turned into StoreError.
  template <class F>
  auto guarded(F&& f) -> decltype(f()) {
    std::lock_guard lock(mutex_);
    try {
      return f();
    } catch (const SQLite::Exception& e) {
      throw StoreError("store " + path_ + ": " + e.what());
    }
  }
  // Runs one write in the next group commit (its savepoint) and returns what it returned;
  // SQLite's exceptions become StoreError.
  template <class F>
  auto write(F&& f) -> decltype(f()) {
    using R = decltype(f());
    if constexpr (std::is_void_v<R>) {
      commit_in_group(f);
    } else {
      std::optional<R> out;
      commit_in_group([&] { out.emplace(f()); });
      return std::move(*out);
    }
  }
  struct Write;
  void commit_in_group(const std::function<void()>& run);
  void commit_group(const std::vector<Write*>& group);
  // A statement prepared once (keyed by the address of its SQL literal), reset for each use.
  SQLite::Statement& statement(const char* sql);
  void migrate();
  std::optional<GameState> game_locked(Id id);
  WriteResult why_not_written(const GameState& state, int expected_ply);
  std::vector<Challenge> challenges_where(const char* sql, Id user);

  std::string path_;
  std::mutex mutex_;
  std::unique_ptr<SQLite::Database> db_;
  std::map<const char*, std::unique_ptr<SQLite::Statement>> statements_;  // by SQL literal
  Options options_;
  std::mutex group_mutex_;  // guards what follows
  std::condition_variable group_done_;
  std::vector<Write*> waiting_;  // the next group
  bool committing_ = false;      // a group is being committed
  GroupCommits group_commits_;
  std::mutex listener_mutex_;
  std::unique_ptr<Listener> listener_;
};

}  // namespace kirin::server
