// What other processes changed: so that a server hears what another node, a `kirin command`
// or a `kirin mail` run wrote to the same store (storage.h). SQLite keeps a log of changes
// that a listener polls; PostgreSQL notifies them (LISTEN/NOTIFY); both behind this interface.
#pragma once

#include <functional>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

// A committed change of a game, as a listener hears it.
struct GameChange {
  Id game = 0;       // 0: changes may have been missed (a lost connection): refresh everything
  int version = 0;   // the game's version after a change of its state (a new game, a move...)
  Id comment = 0;    // or the comment added (the game's version does not change)
  // Not a game's change (game is 0): sessions of this user ended at once (a password change,
  // a closure, a ban: Accounts::end_sessions).
  Id sessions_of = 0;
  // Not a game's change (game is 0): this tournament was written (tournament_repo.h).
  Id tournament = 0;
};

class GameChangeFeed {
 public:
  virtual ~GameChangeFeed() = default;
  // Every change committed from the call on, by any process on this store (this one
  // included), calls on_change on a background thread, in commit order, shortly after the
  // commit. on_change must not throw (what it throws is ignored) and must not call
  // stop_listening. Throws StoreError if it cannot listen, or if it is listening already.
  using GameChangeFn = std::function<void(const GameChange&)>;
  virtual void listen_for_game_changes(GameChangeFn on_change) = 0;
  // Stops listening and waits for a running on_change to return; the destructor does too.
  virtual void stop_listening() = 0;
};

}  // namespace kirin::server
