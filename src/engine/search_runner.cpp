#include "engine/search_runner.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

namespace kirin {

SearchRunner::SearchRunner(Limits limits) : limits_(limits) {
  for (int i = 0; i < limits_.threads; ++i) {
    auto worker = std::make_unique<Worker>();
    worker->searcher.set_hash_mb(limits_.hash_mb);
    workers_.push_back(std::move(worker));
  }
  for (auto& worker : workers_) worker->thread = std::thread([this, w = worker.get()] { run(*w); });
}

SearchRunner::~SearchRunner() { shutdown(); }

SearchRunner::Admission SearchRunner::submit(SearchJob job) {
  Admission admission;
  {
    std::lock_guard lock(mutex_);
    auto refuse = [&](Refusal why) {
      admission.refusal = why;
      return admission;
    };
    if (stopping_) return refuse(Refusal::shut_down);
    if (workers_.empty()) return refuse(Refusal::no_threads);
    if (waiting_ >= limits_.queue_limit) return refuse(Refusal::queue_full);
    auto queue = queues_.find(job.owner);
    if (queue != queues_.end() && queue->second.size() >= limits_.owner_queue_limit)
      return refuse(Refusal::owner_queue_full);

    admission.ticket = ++next_ticket_;
    admission.ahead = ahead_locked(job.owner);
    admission.waits = running_locked() + waiting_ >= workers_.size();
    if (queue == queues_.end()) {
      turns_.push_back(job.owner);
      queue = queues_.emplace(job.owner, std::deque<Waiting>{}).first;
    }
    queue->second.push_back(Waiting{admission.ticket, std::move(job)});
    ++waiting_;
  }
  wake_.notify_one();
  return admission;
}

// The jobs that start before a new job of `owner`: the threads take one job per owner in turn,
// starting with turns_.front(). The new job is its owner's k-th waiting one (k from 0), so it
// starts in round k; an owner whose turn comes before it in that round has min(n, k + 1) jobs
// before it, and one whose turn comes after, min(n, k).
std::size_t SearchRunner::ahead_locked(const std::string& owner) const {
  auto own = queues_.find(owner);
  std::size_t k = own == queues_.end() ? 0 : own->second.size();
  bool before = true;  // a new owner takes its first turn after every owner waiting now
  std::size_t ahead = k;
  for (const std::string& other : turns_) {
    if (other == owner) {
      before = false;
      continue;
    }
    std::size_t n = queues_.at(other).size();
    ahead += std::min(n, before ? k + 1 : k);
  }
  return ahead;
}

SearchRunner::Waiting SearchRunner::take_next_locked() {
  std::string owner = std::move(turns_.front());
  turns_.pop_front();
  auto queue = queues_.find(owner);
  Waiting next = std::move(queue->second.front());
  queue->second.pop_front();
  if (queue->second.empty())
    queues_.erase(queue);
  else
    turns_.push_back(std::move(owner));
  --waiting_;
  return next;
}

const SearchRunner::Waiting* SearchRunner::find_waiting_locked(Ticket ticket) const {
  for (const auto& [owner, queue] : queues_)
    for (const Waiting& w : queue)
      if (w.ticket == ticket) return &w;
  return nullptr;
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
    for (auto queue = queues_.begin(); queue != queues_.end() && !dropped; ++queue) {
      auto it = std::find_if(queue->second.begin(), queue->second.end(),
                             [&](const Waiting& w) { return w.ticket == ticket; });
      if (it == queue->second.end()) continue;
      dropped.emplace(std::move(*it));
      queue->second.erase(it);
      --waiting_;
      if (queue->second.empty()) {
        std::erase(turns_, queue->first);
        queues_.erase(queue);
        break;
      }
    }
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

bool SearchRunner::idle_locked() const { return waiting_ == 0 && running_locked() == 0; }

void SearchRunner::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return idle_locked(); });
}

void SearchRunner::shutdown() {
  std::map<std::string, std::deque<Waiting>> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped = std::move(queues_);
    queues_.clear();
    turns_.clear();
    waiting_ = 0;
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
  return waiting_;
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
    wake_.wait(lock, [this] { return stopping_ || waiting_ > 0; });
    if (stopping_) return;
    std::optional<Waiting> next(take_next_locked());
    worker.ticket = next->ticket;
    worker.stop_requested = next->stop_requested;
    worker.ponderhit_requested = next->ponderhit_requested;
    worker.cancelled = false;
    lock.unlock();

    SearchJob& job = next->job;
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
}

}  // namespace kirin
