// Storage behind one interface that speaks the domain (records.h), not SQL, so that SQLite
// (embedded default) and PostgreSQL (several server nodes) can implement it alike.
//
// Concurrency: every game write is conditional. append_move checks the ply the caller saw, so
// two clients sending a move for the same ply get exactly one acceptance; other game writes
// check the version. A lost race is a normal result (WriteResult), not an exception.
// Exceptions (StoreError) mean the storage itself failed.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/records.h"

namespace kirin::server {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class WriteResult {
  Ok,
  NotFound,   // no such game
  StalePly,   // the stored ply is not the expected one: someone else moved first
  Changed,    // the game changed otherwise (version or status): reload and retry
};

// Which games a list shows (Store::find_games), newest first: each field set narrows it.
struct GameQuery {
  Id player = 0;                     // games this user plays or played, either colour
  Id opponent = 0;                   // games against this user (with `player`: between both)
  std::optional<bool> rated;         // rated games only, or casual ones only
  std::string game;                  // a canonical game id ("chu")
  std::vector<GameStatus> statuses;  // any of these
  std::optional<Result> result;      // finished games with this result
  std::optional<bool> won;           // with `player`: finished games they won, or lost
  Id before = 0;                     // games with a smaller id: the next page
  int limit = 50;
};

// Which finished games Store::standings counts: each field set narrows it.
struct StandingsQuery {
  std::string game;           // a canonical game id; empty: every game, a row per game
  Id user = 0;                // only this player's rows
  std::optional<bool> rated;  // rated games only, or casual ones only
  int limit = 200;
};

// Why Store::record_rating_changes wrote nothing.
enum class RatingWrite {
  Ok,
  AlreadyRated,  // the game's changes are stored already
  Stale,         // a player's rating changed since it was read: read it again and retry
};

// A committed change of a game, as a listener hears it (Store::listen_for_game_changes).
struct GameChange {
  Id game = 0;       // 0: changes may have been missed (a lost connection): refresh everything
  int version = 0;   // the game's version after a change of its state (a new game, a move...)
  Id comment = 0;    // or the comment added (the game's version does not change)
};

class Store {
 public:
  virtual ~Store() = default;

  // Users. Names are unique ignoring ASCII case; create_user returns nullopt if taken.
  virtual std::optional<Id> create_user(const User& user) = 0;
  virtual std::optional<User> find_user(Id id) = 0;
  virtual std::optional<User> find_user_by_name(std::string_view name) = 0;
  virtual void set_preferences(Id user, const Preferences& prefs) = 0;
  virtual void set_password_hash(Id user, const std::string& password_hash) = 0;
  virtual void set_email(Id user, const std::string& email) = 0;
  // Marks the account closed at `at` and deletes its sessions, in one transaction.
  virtual void close_user(Id user, TimeMs at) = 0;

  // Sessions, by the hash of their token.
  virtual void create_session(const Session& session) = 0;
  virtual std::optional<Session> find_session(const std::string& token_hash) = 0;
  virtual void delete_session(const std::string& token_hash) = 0;
  virtual int delete_expired_sessions(TimeMs now) = 0;
  // Deletes the user's sessions but the one whose token hashes to `keep` ("": all of them);
  // returns how many it deleted.
  virtual int delete_sessions_of(Id user, const std::string& keep) = 0;

  // Challenges. close_challenge moves an open challenge to Declined or Cancelled and returns
  // false if it was no longer open. accept_challenge creates the game and marks the
  // challenge accepted in one transaction; nullopt if the challenge was no longer open.
  virtual Id create_challenge(const Challenge& challenge) = 0;
  virtual std::optional<Challenge> find_challenge(Id id) = 0;
  virtual bool close_challenge(Id id, ChallengeStatus status) = 0;
  virtual std::optional<Id> accept_challenge(Id id, const GameState& game) = 0;
  // Open challenges addressed to `user` (0: those open to anyone), and those sent by `user`;
  // oldest first.
  virtual std::vector<Challenge> open_challenges_to(Id user) = 0;
  virtual std::vector<Challenge> open_challenges_from(Id user) = 0;
  // The challenge offering a rematch of `game` (Challenge::rematch_of): the accepted one if
  // any, else the latest, in any status.
  virtual std::optional<Challenge> find_rematch(Id game) = 0;

  // Games.
  virtual std::optional<GameState> find_game(Id id) = 0;
  virtual std::optional<StoredGame> load_game(Id id) = 0;  // with moves and comments
  virtual std::vector<GameState> list_games_of(Id user) = 0;  // newest first
  virtual std::vector<GameState> list_unfinished_games() = 0;  // active and adjourned
  // The games `query` selects, newest (highest id) first, at most query.limit.
  virtual std::vector<GameState> find_games(const GameQuery& query) = 0;
  // Stores the move (its ply must be expected_ply + 1) and the game's new state in one
  // transaction, if the stored game is not finished, at expected_ply and at version
  // state.version - 1. (An adjourned game resumes by appending its sealed move.)
  virtual WriteResult append_move(Id game, int expected_ply, const MoveRecord& move,
                                  const GameState& state) = 0;
  // Replaces the game's state if the stored version is state.version - 1 and its ply is
  // state.ply (moves go through append_move).
  virtual WriteResult update_game(const GameState& state) = 0;
  // Takes back the last `plies` moves: deletes them and replaces the game's state (whose ply
  // is the stored ply minus `plies`) in one transaction, if the stored game is not over, at
  // ply state.ply + plies and at version state.version - 1.
  virtual WriteResult take_back(const GameState& state, int plies) = 0;
  virtual Id add_comment(const Comment& comment) = 0;
  // A game's chat, private to its players; oldest first.
  virtual Id add_chat_line(const ChatLine& line) = 0;
  virtual std::vector<ChatLine> chat_of(Id game) = 0;

  // Private messages. find_messages: those sent to `user` with an id below `before` (0: any),
  // newest first, at most `limit`. mark_message_read sets the read time of a message to
  // `user` that was unread; false if there is none such.
  virtual Id add_message(const Message& message) = 0;
  virtual std::optional<Message> find_message(Id id) = 0;
  virtual std::vector<Message> find_messages(Id user, Id before, int limit) = 0;
  virtual bool mark_message_read(Id message, Id user, TimeMs at) = 0;
  virtual int count_unread_messages(Id user) = 0;

  // When a user was last seen (User::last_seen).
  virtual void set_last_seen(Id user, TimeMs at) = 0;

  // Ratings (domain/ratings.h). A user's stored ratings, by game id.
  virtual std::vector<Rating> ratings_of(Id user) = 0;
  virtual std::optional<Rating> find_rating(Id user, std::string_view game) = 0;
  // Stores what one rated game did to its players' ratings, in one transaction: each change
  // (all of one game) and each player's new rating, if the game has no changes stored yet
  // (else AlreadyRated) and each player's stored rating still counts change.games_before
  // games (none stored for 0; else Stale, and nothing is written).
  virtual RatingWrite record_rating_changes(const std::vector<RatingChange>& changes) = 0;
  virtual std::vector<RatingChange> rating_changes_of_game(Id game) = 0;
  // A user's rating changes in every game, oldest first.
  virtual std::vector<RatingChange> rating_history(Id user) = 0;
  // The best ratings of a game whose deviation is at most max_deviation, highest first; a
  // closed account's are left out (as lishogi drops closed accounts from its leaderboards).
  virtual std::vector<Rating> leaderboard(std::string_view game, double max_deviation,
                                          int limit) = 0;
  // Wins, losses and draws per player and game over the finished games `query` selects; by
  // score (a draw a half), then name.
  virtual std::vector<Standing> standings(const StandingsQuery& query) = 0;
  // The finished rated games in the order their ratings were settled: by end time, then id.
  virtual std::vector<GameState> finished_rated_games() = 0;
  // Forgets every rating and rating change (before a recompute).
  virtual void clear_ratings() = 0;

  // Imported game records (records.h). A user's are listed newest first, at most `limit`.
  virtual Id add_imported_game(const ImportedGame& game) = 0;
  virtual std::optional<ImportedGame> find_imported_game(Id id) = 0;
  virtual std::vector<ImportedGame> list_imported_games(Id user, int limit) = 0;

  // A player's conditional moves in a game (records.h, Forecast); set_forecast with no lines
  // deletes them.
  virtual std::optional<Forecast> find_forecast(Id game, Id user) = 0;
  virtual void set_forecast(Id game, Id user, const Forecast& forecast) = 0;

  // Game change notifications, so that a server hears what other processes (another node, a
  // `kirin command` or `kirin mail` run) write: every change committed from the call on, by
  // any process on this store (this one included), calls on_change on a background thread,
  // in commit order, shortly after the commit. on_change must not throw (what it throws is
  // ignored) and must not call stop_listening. Throws StoreError if it cannot listen, or if
  // this store is already listening.
  using GameChangeFn = std::function<void(const GameChange&)>;
  virtual void listen_for_game_changes(GameChangeFn on_change) = 0;
  // Stops listening and waits for a running on_change to return; the destructor does too.
  virtual void stop_listening() = 0;
};

// When a SQLite commit is on disk (PRAGMA synchronous in WAL mode). Normal: at the next
// checkpoint; an acknowledged write survives the process being killed, not the machine
// stopping. Full: before the commit returns (an fsync of the log per commit, shared by the
// writes committed together), so it survives a power cut or a kernel crash too. Normal is the
// default: Full did not hold 2,000 moves/s with p99 under 20 ms here (docs/BENCHMARKS.md).
// PostgreSQL's commits are on disk when they return (its server's synchronous_commit).
enum class SqliteSync { Normal, Full };

struct StoreOptions {
  SqliteSync sqlite_sync = SqliteSync::Normal;
};

// Opens a store by URL: "sqlite:PATH" (the file is created if missing) or a PostgreSQL
// connection URI, "postgresql://..." (postgres_store.h). Throws StoreError
// naming the URL for an unknown scheme or a store that cannot be opened.
std::unique_ptr<Store> open_store(std::string_view url, const StoreOptions& options = {});

}  // namespace kirin::server
