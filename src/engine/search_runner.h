// The threads that run searches: a fixed number of them, each with its own Searcher (and so its
// own transposition table), taking jobs from a bounded queue. The engine session (one thread,
// one user), the server's computer opponent and the server's analysis each own one.
//
// The queue is fair between owners (engine/fair_queue.h): an owner is whoever a job is charged
// to (a user, a game, a connection), each owner has a queue of its own, and the threads take
// one job from each owner in turn, so one owner's many jobs never hold back another's first.
// Limits stop abuse: a total queue length, and a queue length per owner.
//
// Callbacks run on the search thread with no lock held, so they may call back into the runner.
// A job that starts gets on_start, then on_info after every iteration, then exactly one
// on_done; a job cancelled or shut down before it started gets none of them (cancel() tells
// which). stop() ends a job as USI's "stop" does: it still starts if it waits, and ends with
// the move of its first iteration.
//
// A build without threads (WebAssembly without SharedArrayBuffer: src/wasm's kirin-engine-st)
// has runners of one worker and no thread: submit() runs the job to its end on the caller's
// thread before it returns, and stop() can only come from a callback.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/fair_queue.h"
#include "engine/search.h"
#include "rules/game.h"

namespace kirin {

// Whether this build can start threads (see above).
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kHasThreads = false;
#else
inline constexpr bool kHasThreads = true;
#endif

// Why a search ended.
enum class SearchEnd {
  finished,   // it reached its limits (or found the game decided)
  stopped,    // stop() or cancel(): it still returns its best move so far
  shut_down,  // the runner is shutting down: its result is not a considered move
  failed,     // it threw; SearchDone::error says what
};

struct SearchDone {
  std::uint64_t ticket = 0;  // the job's (SearchRunner::Ticket)
  SearchResult result;
  SearchEnd end = SearchEnd::finished;
  std::string error;
};

struct SearchJob {
  std::string owner;  // whom it is charged to: the queue is fair between owners
  Game game;          // the position to search, with its history (for repetitions)
  SearchLimits limits;
  // Runs as the job leaves the queue, before on_start, and may change its limits (the
  // computer opponent thinks less while many wait for it).
  std::function<void(SearchLimits&)> before_start;
  std::function<void()> on_start;
  std::function<void(const SearchInfo&)> on_info;
  std::function<void(const SearchDone&)> on_done;
};

class SearchRunner {
 public:
  using Ticket = std::uint64_t;

  struct Limits {
    int threads = 1;                // searches at once; 0 refuses every job
    std::size_t hash_mb = 16;       // transposition table per thread
    std::size_t queue_limit = 32;   // jobs waiting for a thread, all owners together
    std::size_t owner_queue_limit = 32;  // jobs waiting for a thread, one owner
  };

  enum class Refusal { none, no_threads, queue_full, owner_queue_full, shut_down };

  struct Admission {
    Ticket ticket = 0;  // 0 when refused
    Refusal refusal = Refusal::none;
    bool waits = false;      // no thread was free: it was queued
    std::size_t ahead = 0;   // jobs that will start before it
    explicit operator bool() const { return refusal == Refusal::none; }
  };

  enum class Cancelled {
    unknown,   // no such job waits or runs (it has ended, or never was)
    dropped,   // it was waiting: it is gone, and none of its callbacks will run
    stopping,  // it was running: it stops soon, without more on_info, and its on_done tells
  };

  explicit SearchRunner(Limits limits);
  ~SearchRunner();  // shutdown()
  SearchRunner(const SearchRunner&) = delete;
  SearchRunner& operator=(const SearchRunner&) = delete;

  Admission submit(SearchJob job);
  Cancelled cancel(Ticket ticket);
  void stop(Ticket ticket);
  // A pondering job becomes a timed one (USI ponderhit), also if it has not begun yet.
  void ponderhit(Ticket ticket);

  // Blocks until no job waits or runs, every on_done having returned.
  void wait_idle();
  // Drops the waiting jobs, stops the running ones (their on_done gets shut_down) and joins
  // the threads. submit() refuses from then on. Idempotent.
  void shutdown();

  // Both wait for the jobs under way to end first (without stopping them).
  void set_hash_mb(std::size_t mb);  // resizes and clears every thread's table
  void new_game();                   // clears the tables and the move-ordering history
  std::size_t hash_mb() const;

  const Limits& limits() const { return limits_; }
  std::size_t waiting() const;
  std::size_t running() const;
  bool is_waiting(Ticket ticket) const;  // queued, not yet started

 private:
  struct Waiting {
    Ticket ticket;
    SearchJob job;
    bool stop_requested = false, ponderhit_requested = false;
  };
  struct Worker {
    Searcher searcher;
    std::thread thread;
    Ticket ticket = 0;  // of the job it runs; 0 when idle
    // Searcher::search clears its flags when it begins, so a request that arrives before then
    // is remembered here and repeated after every iteration.
    std::atomic<bool> stop_requested{false};
    std::atomic<bool> ponderhit_requested{false};
    std::atomic<bool> cancelled{false};  // its caller wants no more on_info
  };

  void run(Worker& worker);
  // Takes the next job off the queue and runs it on the calling thread: called with the lock
  // held, returns with it released.
  void run_next(Worker& worker, std::unique_lock<std::mutex>& lock);
  bool idle_locked() const;
  std::size_t running_locked() const;
  Waiting* find_waiting_locked(Ticket ticket);
  const Waiting* find_waiting_locked(Ticket ticket) const;
  Worker* find_running_locked(Ticket ticket);
  void stop_locked(Worker& worker, bool cancel);

  Limits limits_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  FairQueue<Waiting> queue_;
  std::vector<std::unique_ptr<Worker>> workers_;
  Ticket next_ticket_ = 0;
  bool stopping_ = false;
};

}  // namespace kirin
