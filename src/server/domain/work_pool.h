// A few threads for CPU-heavy work that must not hold up the request path (password hashing;
// replaying an analysis request's moves): a fixed number of threads and a bounded queue. Work
// that finds every thread busy and the queue full is refused at once, so that the caller can
// answer "busy" instead of letting work pile up.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kirin::server {

class WorkPool {
 public:
  // At most `threads` tasks run and `queue_limit` more wait.
  WorkPool(int threads, std::size_t queue_limit);
  ~WorkPool();  // stop()
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // Queues `task`; false (and `task` is not run) if the pool is full or has stopped. A task
  // must not throw.
  bool try_post(std::function<void()> task);
  // Runs `task` on a pool thread and waits for it, rethrowing what it threw; false if the
  // pool is full or has stopped. Once it has returned, the task's place is free again.
  bool try_run(const std::function<void()>& task);
  // Drops the tasks posted and still waiting, lets the running ones and those a caller waits
  // for (try_run) finish, and joins. Idempotent.
  void stop();

  std::size_t waiting() const;  // tasks queued, not yet on a thread

 private:
  struct Task {
    std::function<void()> run;
    bool frees_itself = false;  // it gives its place back before its caller can see it done
  };
  bool admit_locked() const;
  void work();

  std::size_t threads_wanted_, queue_limit_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Task> queue_;
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;  // last: they start once the rest exists
};

}  // namespace kirin::server
