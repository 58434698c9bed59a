// A few threads for CPU-heavy work that must not hold up the request path (replaying an
// analysis request's moves; password hashing): a fixed number of threads and a bounded
// queue. A task that finds the queue full is refused at once, so the caller can answer "busy"
// instead of letting work pile up.
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
  WorkPool(int threads, std::size_t queue_limit);
  ~WorkPool();  // stop()
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // Queues `task`; false (and `task` is not run) if `queue_limit` tasks wait or the pool has
  // stopped. A task must not throw.
  bool try_post(std::function<void()> task);
  // Drops the waiting tasks unrun, lets the running ones finish and joins. Idempotent.
  void stop();

 private:
  void run();

  std::size_t queue_limit_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;  // last: they start once the rest exists
};

}  // namespace kirin::server
