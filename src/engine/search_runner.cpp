#include "engine/search_runner.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

namespace kirin {

SearchRunner::SearchRunner(Limits limits) : limits_(limits) {
  if (!kHasThreads) limits_.threads = std::min(limits_.threads, 1);
  for (int i = 0; i < limits_.threads; ++i) {
    auto worker = std::make_unique<Worker>();
    worker->searcher.set_hash_mb(limits_.hash_mb);
    workers_.push_back(std::move(worker));
  }
  if (kHasThreads)
    for (auto& worker : workers_) worker->thread = std::thread([this, w = worker.get()] { run(*w); });
}

SearchRunner::~SearchRunner() { shutdown(); }

SearchRunner::Admission SearchRunner::submit(SearchJob job) {
  Admission admission;
  Waiting waiting{0, std::move(job)};  // a refused one is destroyed after the lock
  {
    std::lock_guard lock(mutex_);
    auto refuse = [&](Refusal why) {
      admission = Admission{.refusal = why};
      return admission;
    };
    if (stopping_) return refuse(Refusal::shut_down);
    if (workers_.empty()) return refuse(Refusal::no_threads);
    const std::string& owner = waiting.job.owner;
    admission.ticket = waiting.ticket = next_ticket_ + 1;
    admission.ahead = queue_.ahead(owner);
    admission.waits = running_locked() + queue_.size() >= workers_.size();
    switch (queue_.push(std::string(owner), std::move(waiting), limits_.queue_limit,
                        limits_.owner_queue_limit)) {
      case FairQueue<Waiting>::Refusal::full: return refuse(Refusal::queue_full);
      case FairQueue<Waiting>::Refusal::owner_full: return refuse(Refusal::owner_queue_full);
      case FairQueue<Waiting>::Refusal::none: break;
    }
    ++next_ticket_;
  }
  if constexpr (!kHasThreads) {
    std::unique_lock lock(mutex_);
    run_next(*workers_.front(), lock);
    return admission;
  }
  wake_.notify_one();
  return admission;
}

const SearchRunner::Waiting* SearchRunner::find_waiting_locked(Ticket ticket) const {
  return queue_.find([&](const Waiting& w) { return w.ticket == ticket; });
}

SearchRunner::Waiting* SearchRunner::find_waiting_locked(Ticket ticket) {
  return const_cast<Waiting*>(std::as_const(*this).find_waiting_locked(ticket));
}

SearchRunner::Worker* SearchRunner::find_running_locked(Ticket ticket) {
  for (auto& worker : workers_)
    if (ticket != 0 && worker->ticket == ticket) return worker.get();
  return nullptr;
}

void SearchRunner::stop_locked(Worker& worker, bool cancel) {
  if (cancel) worker.cancelled = true;
  worker.stop_requested = true;
  worker.searcher.stop();
}

SearchRunner::Cancelled SearchRunner::cancel(Ticket ticket) {
  std::optional<Waiting> dropped;  // destroyed after the lock: its callbacks may own things
  {
    std::lock_guard lock(mutex_);
    if (Worker* worker = find_running_locked(ticket)) {
      stop_locked(*worker, true);
      return Cancelled::stopping;
    }
    dropped = queue_.remove([&](const Waiting& w) { return w.ticket == ticket; });
    if (!dropped) return Cancelled::unknown;
  }
  idle_.notify_all();
  return Cancelled::dropped;
}

void SearchRunner::stop(Ticket ticket) {
  std::lock_guard lock(mutex_);
  if (Worker* worker = find_running_locked(ticket)) return stop_locked(*worker, false);
  if (Waiting* waiting = find_waiting_locked(ticket)) waiting->stop_requested = true;
}

void SearchRunner::ponderhit(Ticket ticket) {
  std::lock_guard lock(mutex_);
  if (Worker* worker = find_running_locked(ticket)) {
    worker->ponderhit_requested = true;
    worker->searcher.ponderhit();
  } else if (Waiting* waiting = find_waiting_locked(ticket)) {
    waiting->ponderhit_requested = true;
  }
}

bool SearchRunner::idle_locked() const { return queue_.empty() && running_locked() == 0; }

void SearchRunner::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return idle_locked(); });
}

void SearchRunner::shutdown() {
  std::vector<Waiting> dropped;  // destroyed after the lock: their callbacks may own things
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped = queue_.remove_all();
    for (auto& worker : workers_)
      if (worker->ticket != 0) stop_locked(*worker, true);
  }
  wake_.notify_all();
  idle_.notify_all();
  for (auto& worker : workers_)
    if (worker->thread.joinable() && worker->thread.get_id() != std::this_thread::get_id())
      worker->thread.join();
}

void SearchRunner::set_hash_mb(std::size_t mb) {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return idle_locked(); });
  limits_.hash_mb = mb;
  for (auto& worker : workers_) worker->searcher.set_hash_mb(mb);
}

void SearchRunner::new_game() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return idle_locked(); });
  for (auto& worker : workers_) worker->searcher.new_game();
}

std::size_t SearchRunner::hash_mb() const {
  std::lock_guard lock(mutex_);
  return limits_.hash_mb;
}

std::size_t SearchRunner::waiting() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

bool SearchRunner::is_waiting(Ticket ticket) const {
  std::lock_guard lock(mutex_);
  return find_waiting_locked(ticket) != nullptr;
}

std::size_t SearchRunner::running() const {
  std::lock_guard lock(mutex_);
  return running_locked();
}

std::size_t SearchRunner::running_locked() const {
  return std::size_t(std::count_if(workers_.begin(), workers_.end(),
                                   [](const auto& w) { return w->ticket != 0; }));
}

void SearchRunner::run(Worker& worker) {
  for (;;) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    run_next(worker, lock);
  }
}

void SearchRunner::run_next(Worker& worker, std::unique_lock<std::mutex>& lock) {
  std::optional<Waiting> next(queue_.pop().second);
  worker.ticket = next->ticket;
  worker.stop_requested = next->stop_requested;
  worker.ponderhit_requested = next->ponderhit_requested;
  worker.cancelled = false;
  lock.unlock();

  SearchJob& job = next->job;
  if (job.before_start) job.before_start(job.limits);
  if (job.on_start) job.on_start();
  SearchDone done;
  done.ticket = next->ticket;
  try {
    done.result = worker.searcher.search(job.game, job.limits, [&](const SearchInfo& info) {
      if (worker.stop_requested) worker.searcher.stop();
      if (worker.ponderhit_requested) worker.searcher.ponderhit();
      if (job.on_info && !worker.cancelled) job.on_info(info);
    });
  } catch (const std::exception& e) {
    done.end = SearchEnd::failed;
    done.error = e.what();
  }

  lock.lock();
  if (done.end != SearchEnd::failed) {
    if (stopping_)
      done.end = SearchEnd::shut_down;
    else if (worker.stop_requested)
      done.end = SearchEnd::stopped;
  }
  lock.unlock();
  if (job.on_done) job.on_done(done);
  next.reset();  // its callbacks' captures go before the runner counts it done

  lock.lock();
  worker.ticket = 0;
  bool idle = idle_locked();
  lock.unlock();
  if (idle) idle_.notify_all();
}

}  // namespace kirin
