// A few threads for CPU-heavy work that must not hold up the request path (password hashing,
// mate solves, replaying an analysis request's moves): a fixed number of threads and a bounded
// queue, fair between owners (engine/fair_queue.h: a client address, a user), each owner with
// a cap of its own. Work that finds every thread busy and the queue full, or its owner at its
// cap, is refused at once, so that the caller can answer "busy" instead of letting work pile
// up; one owner's flood fills its own cap, and another owner's work waits its turn.
//
// try_post hands the work over and returns (the HTTP routes answer from the pool's thread, so
// no request worker waits); try_run waits for it. Work running on a pool's thread that calls
// try_run on the same pool runs at once, inline: a route that runs a whole request on the
// pool that owns its cost (a login on the hash pool) does not queue twice.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/fair_queue.h"

namespace kirin::server {

class WorkPool {
 public:
  enum class Refusal {
    none,       // taken
    busy,       // every thread and place in the queue taken, or no threads, or stopping
    owner_busy  // the owner has owner_limit tasks waiting or running already
  };

  // At most `threads` tasks run and `queue_limit` more wait, of which one owner has at most
  // `owner_limit` waiting or running.
  WorkPool(int threads, std::size_t queue_limit,
           std::size_t owner_limit = std::numeric_limits<std::size_t>::max());
  ~WorkPool();  // stop(): drops what waits
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // Queues `task` for `owner`; refused, `task` is not run. `then`, if any, runs after it on
  // the same thread once its place is free (an answer sent from there finds the owner's cap
  // free for its next request). Neither may throw.
  Refusal try_post(const std::string& owner, std::function<void()> task,
                   std::function<void()> then = {});
  // Runs `task` on a pool thread and waits for it, rethrowing what it threw; on one of this
  // pool's threads, runs it at once. Once it has returned, the task's place is free again.
  Refusal try_run(const std::string& owner, const std::function<void()>& task);
  // Refuses new tasks, drops the tasks posted and still waiting (or, with run_waiting, runs
  // them: work that answers someone, and answers quickly once its service stops), lets the
  // running ones and those a caller waits for (try_run) finish, and joins. Idempotent.
  void stop(bool run_waiting = false);

  std::size_t threads() const { return threads_wanted_; }
  std::size_t waiting() const;  // tasks queued, not yet on a thread
  std::size_t running() const;

 private:
  struct Task {
    std::function<void()> run;
    std::function<void()> then;  // once its place is free
    bool frees_itself = false;  // it gives its place back before its caller can see it done
  };
  Refusal admit_locked(const std::string& owner, Task&& task);
  void finished_locked(const std::string& owner);
  void work();

  std::size_t threads_wanted_, queue_limit_, owner_limit_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  FairQueue<Task> queue_;
  std::map<std::string, std::size_t> running_of_;  // by owner; no zeros
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;  // last: they start once the rest exists
};

}  // namespace kirin::server
