// The PostgreSQL store: several server nodes on one database, through libpq.
//
// URL: a libpq connection URI, "postgresql://[user[:password]@][host][:port][/dbname][?k=v&...]"
// (e.g. "postgresql:///kirin?host=/run/postgresql" for a Unix socket). Errors name the URL
// without its password (redact_url).
//
// Connections: a pool of up to Options::pool_size connections, opened as needed (the first one
// on construction, which also creates or migrates the schema); a caller waits for a free one.
// Each connection prepares its statements once, on first use; every value is a bound
// parameter. An idle connection that the server closed (it restarted) is reopened before use;
// an operation that loses its connection midway throws StoreError, and its connection is
// dropped (a transaction the server did not see commit was rolled back).
//
// Transactions (READ COMMITTED; every game write is conditional, as in SQLite): append_move is
// one statement that updates the game only WHERE its id, ply and version match and it is not
// finished, and inserts the move (primary key game_id, ply) only if the update did. A second
// writer of the same game waits for the first to commit, re-checks the condition against the
// committed row and changes nothing, so a lost race is WriteResult::StalePly or Changed, as in
// SQLite. accept_challenge is one transaction; load_game reads in one REPEATABLE READ
// transaction. Text must be UTF-8 without NUL characters (StoreError otherwise).
//
// Durability: a commit returns once the server has it on disk (synchronous_commit, on by
// default), so an acknowledged move survives kill -9 of the server node and of PostgreSQL.
//
// Notifications: every committed change of a game (accepted challenge, move, state, comment)
// sends NOTIFY kirin_games (payload: kGameChannel) in its own transaction: nothing is sent for
// a write that did not commit. listen_for_game_changes lets a node hear them.
//
// Schema: the same tables as the SQLite store's (BIGINT ids and times in milliseconds, TEXT,
// BOOLEAN), created or migrated on open in one transaction under an advisory lock (nodes
// starting together do it once); table schema_version.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/store/store.h"

namespace kirin::server {

class PostgresStore : public Store {
 public:
  struct Options {
    int pool_size = 4;  // connections at most
  };

  // Connects and creates or migrates the schema; throws StoreError naming the URL (without
  // the password) if it cannot, or if the database's schema is newer than this program's.
  explicit PostgresStore(const std::string& url);
  PostgresStore(const std::string& url, Options options);
  ~PostgresStore() override;
  PostgresStore(const PostgresStore&) = delete;
  PostgresStore& operator=(const PostgresStore&) = delete;

  static constexpr int kSchemaVersion = 7;
  int schema_version();

  // The channel game changes are notified on; the payload is the game id in decimal, then
  // " vN" (the game's new version) or " cN" (the comment added).
  static constexpr const char* kGameChannel = "kirin_games";

  // Notifications: LISTEN on kGameChannel on a connection of their own. If it is lost, the
  // listener reconnects (retrying with back-off) and then reports GameChange{0}: changes may
  // have been missed.
  void listen_for_game_changes(GameChangeFn on_change) override;
  void stop_listening() override;

  // The URL without its password (user:password@ in the authority, password= in the query).
  static std::string redact_url(std::string_view url);

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

 private:
  struct Conn;      // one libpq connection and the statements prepared on it
  class Lease;      // a connection taken from the pool, given back when it goes
  class Tx;         // a transaction on a connection, rolled back unless committed
  class Listener;   // the LISTEN connection and its thread

  // Runs f(Conn&) on a pooled connection; libpq, JSON and value errors become StoreError
  // naming the URL.
  template <class F>
  auto with_conn(F&& f) -> decltype(f(std::declval<Conn&>()));
  std::unique_ptr<Conn> connect();
  Lease acquire();
  void release(std::unique_ptr<Conn> c);
  void migrate(Conn& c);
  WriteResult why_not_written(Conn& c, Id game, int expected_ply);

  std::string url_;       // as given, for libpq
  std::string redacted_;  // for messages
  Options options_;

  std::mutex pool_mutex_;  // guards idle_ and open_
  std::condition_variable pool_free_;
  std::vector<std::unique_ptr<Conn>> idle_;
  int open_ = 0;  // connections idle or leased

  std::mutex listener_mutex_;
  std::unique_ptr<Listener> listener_;
};

}  // namespace kirin::server
