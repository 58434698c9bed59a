#include "server/domain/work_pool.h"

#include <exception>
#include <utility>

namespace kirin::server {

WorkPool::WorkPool(int threads, std::size_t queue_limit)
    : threads_wanted_(threads > 0 ? std::size_t(threads) : 0), queue_limit_(queue_limit) {
  for (std::size_t i = 0; i < threads_wanted_; ++i) threads_.emplace_back([this] { work(); });
}

WorkPool::~WorkPool() { stop(); }

// Room: a thread free, or a place in the queue, counting the tasks queued and running.
bool WorkPool::admit_locked() const {
  return !stopping_ && threads_wanted_ > 0 &&
         queue_.size() + running_ < threads_wanted_ + queue_limit_;
}

bool WorkPool::try_post(std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (!admit_locked()) return false;
    queue_.push_back(Task{std::move(task), false});
  }
  wake_.notify_one();
  return true;
}

bool WorkPool::try_run(const std::function<void()>& task) {
  std::mutex done_mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::exception_ptr error;
  {
    std::lock_guard lock(mutex_);
    if (!admit_locked()) return false;
    queue_.push_back(Task{[&] {
                            try {
                              task();
                            } catch (...) {
                              error = std::current_exception();
                            }
                            {
                              std::lock_guard pool_lock(mutex_);
                              --running_;  // before the caller returns: its next task fits
                            }
                            std::lock_guard done_lock(done_mutex);
                            done = true;
                            done_cv.notify_one();
                          },
                          true});
  }
  wake_.notify_one();
  std::unique_lock done_lock(done_mutex);
  done_cv.wait(done_lock, [&] { return done; });
  if (error) std::rethrow_exception(error);
  return true;
}

void WorkPool::stop() {
  std::deque<Task> dropped;  // destroyed outside the lock: their captures may own things
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto it = queue_.begin(); it != queue_.end();)
      if (it->frees_itself) {
        ++it;  // a caller waits for it
      } else {
        dropped.push_back(std::move(*it));
        it = queue_.erase(it);
      }
  }
  wake_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable() && t.get_id() != std::this_thread::get_id()) t.join();
}

std::size_t WorkPool::waiting() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void WorkPool::work() {
  for (;;) {
    Task task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing a caller waits for
      task = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    task.run();
    if (!task.frees_itself) {
      std::lock_guard lock(mutex_);
      --running_;
    }
  }
}

}  // namespace kirin::server
