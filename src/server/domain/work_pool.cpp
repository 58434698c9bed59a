#include "server/domain/work_pool.h"

#include <exception>
#include <utility>

namespace kirin::server {

namespace {
// The pool whose thread this is, if any: try_run on it runs inline.
thread_local const WorkPool* this_threads_pool = nullptr;
}  // namespace

WorkPool::WorkPool(int threads, std::size_t queue_limit, std::size_t owner_limit)
    : threads_wanted_(threads > 0 ? std::size_t(threads) : 0),
      queue_limit_(queue_limit),
      owner_limit_(owner_limit) {
  for (std::size_t i = 0; i < threads_wanted_; ++i) threads_.emplace_back([this] { work(); });
}

WorkPool::~WorkPool() { stop(); }

// Room: a thread free or a place in the queue, counting the tasks queued and running, and the
// owner under its cap. A refused task is left to the caller, to be destroyed after the lock.
WorkPool::Refusal WorkPool::admit_locked(const std::string& owner, Task&& task) {
  if (stopping_ || threads_wanted_ == 0) return Refusal::busy;
  std::size_t room = threads_wanted_ + queue_limit_;
  std::size_t queue_room = running_ < room ? room - running_ : 0;
  auto it = running_of_.find(owner);
  switch (queue_.push(owner, std::move(task), queue_room, owner_limit_,
                      it == running_of_.end() ? 0 : it->second)) {
    case FairQueue<Task>::Refusal::full: return Refusal::busy;
    case FairQueue<Task>::Refusal::owner_full: return Refusal::owner_busy;
    case FairQueue<Task>::Refusal::none: break;
  }
  return Refusal::none;
}

void WorkPool::finished_locked(const std::string& owner) {
  --running_;
  if (auto it = running_of_.find(owner); it != running_of_.end() && --it->second == 0)
    running_of_.erase(it);
}

WorkPool::Refusal WorkPool::try_post(const std::string& owner, std::function<void()> task,
                                     std::function<void()> then) {
  Task posted{std::move(task), std::move(then), false};
  {
    std::lock_guard lock(mutex_);
    if (Refusal refusal = admit_locked(owner, std::move(posted)); refusal != Refusal::none)
      return refusal;
  }
  wake_.notify_one();
  return Refusal::none;
}

WorkPool::Refusal WorkPool::try_run(const std::string& owner, const std::function<void()>& task) {
  if (this_threads_pool == this) {  // already on its thread, holding its place
    task();
    return Refusal::none;
  }
  std::mutex done_mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::exception_ptr error;
  Task waited{[&] {
                try {
                  task();
                } catch (...) {
                  error = std::current_exception();
                }
                {
                  std::lock_guard pool_lock(mutex_);
                  finished_locked(owner);  // before the caller returns: its next task fits
                }
                std::lock_guard done_lock(done_mutex);
                done = true;
                done_cv.notify_one();
              },
              {},
              true};
  {
    std::lock_guard lock(mutex_);
    if (Refusal refusal = admit_locked(owner, std::move(waited)); refusal != Refusal::none)
      return refusal;
  }
  wake_.notify_one();
  std::unique_lock done_lock(done_mutex);
  done_cv.wait(done_lock, [&] { return done; });
  if (error) std::rethrow_exception(error);
  return Refusal::none;
}

void WorkPool::stop(bool run_waiting) {
  std::vector<Task> dropped;  // destroyed outside the lock: their captures may own things
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    // Those a caller waits for (try_run) stay: they run, and their callers return.
    if (!run_waiting) dropped = queue_.remove_all([](const Task& t) { return !t.frees_itself; });
  }
  wake_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable() && t.get_id() != std::this_thread::get_id()) t.join();
}

std::size_t WorkPool::waiting() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

std::size_t WorkPool::running() const {
  std::lock_guard lock(mutex_);
  return running_;
}

void WorkPool::work() {
  this_threads_pool = this;
  for (;;) {
    std::string owner;
    Task task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing a caller waits for
      std::tie(owner, task) = queue_.pop();
      ++running_;
      ++running_of_[owner];
    }
    task.run();
    if (!task.frees_itself) {
      std::lock_guard lock(mutex_);
      finished_locked(owner);
    }
    if (task.then) task.then();
  }
}

}  // namespace kirin::server
