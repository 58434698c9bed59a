#include "server/domain/computer.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <string>

#include "notation/usi.h"
#include "server/domain/service_error.h"

namespace kirin::server {

// The queue needs no cap of its own: a game asks only on the computer's turn, and
// Challenges caps the games a user plays against the computer.
EngineComputer::EngineComputer(GameService& games, Id user, int64_t movetime_ms, size_t hash_mb,
                               int64_t max_wait_ms)
    : games_(games),
      user_(user),
      movetime_ms_(movetime_ms),
      max_wait_ms_(max_wait_ms),
      runner_(SearchRunner::Limits{.threads = 1,
                                   .hash_mb = hash_mb,
                                   .queue_limit = std::numeric_limits<std::size_t>::max(),
                                   .owner_queue_limit = std::numeric_limits<std::size_t>::max()}) {
  games_.set_computer(this);
}

EngineComputer::~EngineComputer() {
  games_.clear_computer(this);
  runner_.shutdown();
}

SearchLimits EngineComputer::limits_for(int level, int64_t movetime_ms) {
  SearchLimits limits;
  limits.movetime_ms = movetime_ms;
  static constexpr int kDepth[] = {0, 1, 2, 3, 4, 6};
  if (level >= 1 && level <= 5) limits.depth = kDepth[level];
  if (level == 6) limits.movetime_ms = std::max<int64_t>(1, movetime_ms / 4);
  if (level == 8) limits.movetime_ms = movetime_ms * 4;
  return limits;
}

int64_t EngineComputer::think_cap_ms(int64_t max_wait_ms, std::size_t waiting) {
  return std::max<int64_t>(kLeastThinkMs, max_wait_ms / int64_t(waiting + 1));
}

int64_t EngineComputer::last_wait_ms() const {
  std::lock_guard lock(mutex_);
  return last_wait_ms_;
}

void EngineComputer::your_turn(Id game, int ply, const Game& game_now, int level, Id opponent) {
  std::lock_guard lock(mutex_);  // so that on_done finds the ticket stored
  if (auto old = searches_.find(game); old != searches_.end()) runner_.cancel(old->second);
  const auto asked = std::chrono::steady_clock::now();
  SearchRunner::Admission admission = runner_.submit(SearchJob{
      .owner = "user " + std::to_string(opponent),
      .game = game_now,
      .limits = limits_for(level, movetime_ms_),
      // The games still waiting share the wait: each search that starts gets its part of it.
      // A depth-limited level keeps its depth, within that time.
      .before_start =
          [this, asked](SearchLimits& limits) {
            int64_t cap = think_cap_ms(max_wait_ms_, runner_.waiting());
            limits.movetime_ms = limits.movetime_ms > 0 ? std::min(limits.movetime_ms, cap) : cap;
            auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - asked);
            std::lock_guard wait_lock(mutex_);
            last_wait_ms_ = waited.count();
          },
      .on_start = {},
      .on_info = {},
      .on_done = [this, game, ply, root = game_now.position(),
                  asked = std::chrono::steady_clock::now()](const SearchDone& done) {
        answer(game, ply, root, done, asked);
      }});
  if (admission) searches_[game] = admission.ticket;
}

void EngineComputer::game_over(Id game) {
  std::lock_guard lock(mutex_);
  auto it = searches_.find(game);
  if (it == searches_.end()) return;
  runner_.cancel(it->second);  // a running search still ends in answer(), which is refused
  searches_.erase(it);
}

void EngineComputer::wait_idle() { runner_.wait_idle(); }

int EngineComputer::moves_played() const {
  std::lock_guard lock(mutex_);
  return played_;
}

int EngineComputer::moves_refused() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

void EngineComputer::answer(Id game, int ply, const Position& root, const SearchDone& done,
                            std::chrono::steady_clock::time_point asked) {
  bool accepted = false;
  // A search cut short by shutdown is not a considered move.
  if (done.result.has_move && done.end != SearchEnd::shut_down) {
    try {
      games_.play_move(game, user_, to_usi(root, done.result.best), ply);
      accepted = true;
      if (on_answer_)
        on_answer_(std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count());
    } catch (const ServiceError&) {
      // The game moved on (or ended) while it thought: nothing to answer any more.
    } catch (const std::exception&) {
      // The store failed: the game waits for its move; wake_computer asks again on restart.
    }
  }
  std::lock_guard lock(mutex_);
  (accepted ? played_ : refused_)++;
  if (auto it = searches_.find(game); it != searches_.end() && it->second == done.ticket)
    searches_.erase(it);
}

}  // namespace kirin::server
