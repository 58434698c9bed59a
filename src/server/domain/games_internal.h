// What the files of GameService share: the cached game, with_game, and their messages' helpers.
#pragma once

#include <type_traits>

#include "server/domain/games.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"

namespace kirin::server {

struct GameService::Live {
  Live(GameState s, std::shared_ptr<const Variant> v, Position p)
      : state(std::move(s)), variant(std::move(v)), start(p), game(std::move(p)) {}
  std::mutex mutex;
  bool valid = true;  // false once dropped from the cache: whoever waited must reload
  GameState state;
  std::shared_ptr<const Variant> variant;
  Position start;
  Game game;
  std::vector<MoveRecord> moves;
  std::vector<Comment> comments;
};

struct GameService::Pending {
  struct Turn {
    Id game;
    int ply;
    Id user;
    Game now;
    int level;
    Id opponent;
  };
  std::vector<Event> events;
  std::optional<Turn> turn;
};

// Runs f(Live&, Pending&) under the game's lock, then publishes what it left in Pending (also
// when it threw: a game that ended on time before a late move was refused still ended).
template <class F>
auto GameService::with_game(Id id, F&& f) {
  for (;;) {
    std::shared_ptr<Live> g = live(id);
    std::unique_lock lock(g->mutex);
    if (!g->valid) continue;
    // Another process may have written the game since it was cached: one row read finds out.
    std::optional<GameState> stored = game_repo_.find_game(id);
    if (!stored) {
      forget(id, *g);
      throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(id));
    }
    Pending p;
    if (stored->version != g->state.version) {
      std::optional<StoredGame> sg = game_repo_.load_game(id);
      if (!sg || !catch_up(*g, std::move(*sg), p)) {
        forget(id, *g);
        continue;
      }
    }
    auto done = [&] {
      if (is_over(g->state.status)) forget(id, *g);  // only live games stay
      lock.unlock();
      flush(p);
    };
    try {
      if constexpr (std::is_void_v<decltype(f(*g, p))>) {
        f(*g, p);
        done();
        return;
      } else {
        auto result = f(*g, p);
        done();
        return result;
      }
    } catch (...) {
      if (lock.owns_lock()) done();
      throw;
    }
  }
}

// The wording of their refusals and the events they publish.
namespace games_internal {

inline const char* color_name(Color c) { return c == kBlack ? "Black" : "White"; }
inline Result win_for(Color c) { return c == kBlack ? Result::BlackWins : Result::WhiteWins; }

inline ServiceError conflict(const std::string& what) { return {ErrorCode::Conflict, what}; }
inline ServiceError forbidden(const std::string& what) { return {ErrorCode::Forbidden, what}; }

inline std::string game_name(Id id) { return "game " + std::to_string(id); }

// The end of a refusal because the game moved on: words for every door (a mail player has no
// page to reload).
inline constexpr const char* changed_advice = ": look at the board as it is now and try again";

inline Event event(EventKind kind, const GameState& s, std::string text = {}) {
  Event e;
  e.kind = kind;
  e.game = s.id;
  e.ply = s.ply;
  e.text = std::move(text);
  e.users = {s.black, s.white};
  e.status = s.status;
  e.clock = s.clock;
  return e;
}

inline void require_active(const GameState& s) {
  if (is_over(s.status))
    throw conflict(game_name(s.id) + " is over (" + describe_result(s) + ")");
  if (s.status == GameStatus::Adjourned)
    throw conflict(game_name(s.id) + " is adjourned: resume it first");
}

}  // namespace games_internal

}  // namespace kirin::server
