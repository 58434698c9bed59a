// The computer opponent: Kirin's own engine playing as a user (by convention one named
// "kirin"). Its level (GameSetup::computer_level, limits_for) is how deep or how long it
// thinks per move. It thinks on a SearchRunner of its own (one thread: one game at a time),
// where the users it plays take turns, so that one user's many games never hold back
// another's; a game that ends has its search dropped. Many users' games at once (other users
// flooding it, each one's turn coming in every round) would make everyone wait the sum of
// their think times, so it thinks less as games wait: a search that starts with N games
// waiting gets at most max_wait / (N + 1) (and its level's time), and a user's wait stays
// about max_wait however many games wait. It answers through
// GameService::play_move like any player, with
// the ply it was asked about as the expected ply: if the game moved on meanwhile
// (resignation, timeout, a second request), the stale answer is refused and dropped.
// It does not answer draw offers (they lapse when it moves).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>

#include "engine/search.h"
#include "engine/search_runner.h"
#include "server/domain/games.h"

namespace kirin::server {

class EngineComputer : public ComputerPlayer {
 public:
  // Registers itself with `games`; the destructor unregisters it and stops its searches.
  static constexpr int64_t kDefaultMaxWaitMs = 10'000;
  static constexpr int64_t kLeastThinkMs = 20;  // however many games wait

  EngineComputer(GameService& games, Id user, int64_t movetime_ms, size_t hash_mb = 16,
                 int64_t max_wait_ms = kDefaultMaxWaitMs);
  ~EngineComputer() override;
  EngineComputer(const EngineComputer&) = delete;
  EngineComputer& operator=(const EngineComputer&) = delete;

  Id user() const override { return user_; }
  void your_turn(Id game, int ply, const Game& game_now, int level, Id opponent) override;
  void game_over(Id game) override;

  // What a level means, with `movetime_ms` the server's default time per move (level 0):
  // levels 1 to 5 search to depth 1, 2, 3, 4 and 6 (within that time), 6 to 8 think a
  // quarter of it, all of it, and four times it.
  static SearchLimits limits_for(int level, int64_t movetime_ms);

  // Blocks until no search waits or runs (tests, shutdown).
  void wait_idle();
  int moves_played() const;  // moves the service accepted from it
  int moves_refused() const;  // answers the service refused (the game had moved on)
  // For the metrics: games waiting for the engine, and being thought about (0 or 1).
  std::size_t waiting() const { return runner_.waiting(); }
  std::size_t running() const { return runner_.running(); }
  // Called with the seconds from being asked (the opponent's move) to each accepted answer;
  // set before the first your_turn.
  void on_answer(std::function<void(double)> observe) { on_answer_ = std::move(observe); }

  // For monitoring: the games waiting for it to start thinking, and how long the last search
  // to start waited (from the opponent's move), in milliseconds.
  std::size_t queue_length() const { return runner_.waiting(); }
  int64_t last_wait_ms() const;
  // The most time a search may take that starts with `waiting` games behind it.
  static int64_t think_cap_ms(int64_t max_wait_ms, std::size_t waiting);

 private:
  void answer(Id game, int ply, const Position& root, const SearchDone& done,
              std::chrono::steady_clock::time_point asked);

  GameService& games_;
  Id user_;
  int64_t movetime_ms_, max_wait_ms_;
  mutable std::mutex mutex_;
  int64_t last_wait_ms_ = 0;
  std::map<Id, SearchRunner::Ticket> searches_;  // by game: the one waiting or running
  std::function<void(double)> on_answer_;
  int played_ = 0, refused_ = 0;
  SearchRunner runner_;  // last: its thread starts once everything above exists
};

}  // namespace kirin::server
