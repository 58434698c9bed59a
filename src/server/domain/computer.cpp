#include "server/domain/computer.h"

#include <algorithm>

#include "notation/usi.h"
#include "server/domain/service_error.h"

namespace kirin::server {

EngineComputer::EngineComputer(GameService& games, Id user, int64_t movetime_ms, size_t hash_mb)
    : games_(games), user_(user), movetime_ms_(movetime_ms) {
  searcher_.set_hash_mb(hash_mb);
  worker_ = std::thread([this] { run(); });
  games_.set_computer(this);
}

EngineComputer::~EngineComputer() {
  games_.clear_computer(this);
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  searcher_.stop();
  wake_.notify_all();
  worker_.join();
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

void EngineComputer::your_turn(Id game, int ply, const Game& game_now, int level) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.push_back(Job{game, ply, game_now, level});
  }
  wake_.notify_one();
}

void EngineComputer::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return stopping_ || (queue_.empty() && !busy_); });
}

int EngineComputer::moves_played() const {
  std::lock_guard lock(mutex_);
  return played_;
}

int EngineComputer::moves_refused() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

void EngineComputer::run() {
  for (;;) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) break;
    Job job = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();

    SearchResult r = searcher_.search(job.position, limits_for(job.level, movetime_ms_));
    bool accepted = false;
    bool stopping;
    {
      std::lock_guard guard(mutex_);
      stopping = stopping_;
    }
    if (r.has_move && !stopping) {  // a search cut short by shutdown is not a considered move
      try {
        games_.play_move(job.game, user_, to_usi(job.position.position(), r.best), job.ply);
        accepted = true;
      } catch (const ServiceError&) {
        // The game moved on (or ended) while it thought: nothing to answer any more.
      } catch (const std::exception&) {
        // The store failed: the game waits for its move; wake_computer asks again on restart.
      }
    }

    lock.lock();
    busy_ = false;
    (accepted ? played_ : refused_)++;
    if (queue_.empty()) idle_.notify_all();
  }
  idle_.notify_all();
}

}  // namespace kirin::server
