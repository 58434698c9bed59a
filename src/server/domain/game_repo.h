// Games, their moves and comments, as the games module stores them (storage.h).
//
// Concurrency: every game write is conditional. append_move checks the ply the caller saw, so
// two servers sending a move for the same ply get exactly one acceptance; other game writes
// check the version. A lost race is a normal result (WriteResult), not an exception.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

enum class WriteResult {
  Ok,
  NotFound,   // no such game
  StalePly,   // the stored ply is not the expected one: someone else moved first
  Changed,    // the game changed otherwise (version or status): reload and retry
};

// Which games a list shows (GameRepo::find_games), newest first: each field set narrows it.
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

class GameRepo {
 public:
  virtual ~GameRepo() = default;

  virtual std::optional<GameState> find_game(Id id) = 0;
  virtual std::optional<StoredGame> load_game(Id id) = 0;  // with moves and comments, at once
  virtual std::vector<GameState> list_games_of(Id user) = 0;  // newest first
  virtual std::vector<GameState> list_unfinished_games() = 0;  // active and adjourned
  virtual int64_t count_active_games() = 0;  // being played (not adjourned): for the metrics
  // The games `query` selects, newest (highest id) first, at most query.limit.
  virtual std::vector<GameState> find_games(const GameQuery& query) = 0;
  // The finished rated games in the order their ratings were settled: by end time, then id.
  virtual std::vector<GameState> finished_rated_games() = 0;
  // How many finished games the user played of at least `min_ply` moves (rated or casual).
  virtual int count_played_games(Id user, int min_ply) = 0;

  // Stores the move (its ply must be expected_ply + 1) and the game's new state in one
  // transaction, if the stored game is not over, at expected_ply and at version
  // state.version - 1. (An adjourned game resumes by appending its sealed move.) Throws
  // StoreError if the move and the state are not of ply expected_ply + 1 of `game`.
  virtual WriteResult append_move(Id game, int expected_ply, const MoveRecord& move,
                                  const GameState& state) = 0;
  // Replaces the game's state if the stored version is state.version - 1 and its ply is
  // state.ply (moves go through append_move).
  virtual WriteResult update_game(const GameState& state) = 0;
  // Takes back the last `plies` moves: deletes them and replaces the game's state (whose ply
  // is the stored ply minus `plies`) in one transaction, if the stored game is not over, at
  // ply state.ply + plies and at version state.version - 1.
  virtual WriteResult take_back(const GameState& state, int plies) = 0;

  // A public comment on the game (its version does not change).
  virtual Id add_comment(const Comment& comment) = 0;
};

}  // namespace kirin::server
