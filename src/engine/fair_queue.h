// A queue that is fair between owners: every owner (a user, a client address, a game: whoever
// an item is charged to) has a queue of its own, and pop() takes one item from each owner in
// turn, so one owner's many items never hold back another's first. Limits stop abuse: the
// items waiting, all owners together, and one owner's (counting, if the caller says so, what
// it has running too). The one implementation behind SearchRunner (the engine's searches) and
// the server's WorkPool (password hashes, mate solves). Not thread-safe: its users lock.
#pragma once

#include <algorithm>
#include <cstddef>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kirin {

template <class T>
class FairQueue {
 public:
  enum class Refusal { none, full, owner_full };

  // Queues `item` for `owner` unless `limit` items wait already (all owners), or the owner
  // has `owner_limit` items waiting plus `owner_running` (what the caller runs for it now).
  // A refused item is left as it was, for the caller to destroy outside its lock.
  Refusal push(const std::string& owner, T&& item, std::size_t limit, std::size_t owner_limit,
               std::size_t owner_running = 0) {
    if (size_ >= limit) return Refusal::full;
    auto queue = queues_.find(owner);
    std::size_t owned = owner_running + (queue == queues_.end() ? 0 : queue->second.size());
    if (owned >= owner_limit) return Refusal::owner_full;
    if (queue == queues_.end()) {
      turns_.push_back(owner);
      queue = queues_.emplace(owner, std::deque<T>{}).first;
    }
    queue->second.push_back(std::move(item));
    ++size_;
    return Refusal::none;
  }

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::size_t size_of(const std::string& owner) const {
    auto queue = queues_.find(owner);
    return queue == queues_.end() ? 0 : queue->second.size();
  }

  // The next item, the owner whose turn it is; the queue must not be empty.
  std::pair<std::string, T> pop() {
    std::string owner = std::move(turns_.front());
    turns_.pop_front();
    auto queue = queues_.find(owner);
    T next = std::move(queue->second.front());
    queue->second.pop_front();
    --size_;
    if (queue->second.empty())
      queues_.erase(queue);
    else
      turns_.push_back(owner);
    return {std::move(owner), std::move(next)};
  }

  // The items that pop() returns before a new item of `owner`: it would be its owner's k-th
  // waiting one (k from 0), so it comes in round k; an owner whose turn comes before it in that
  // round has min(n, k + 1) items before it, and one whose turn comes after, min(n, k).
  std::size_t ahead(const std::string& owner) const {
    std::size_t k = size_of(owner);
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

  // The first waiting item `match` accepts, or nullptr.
  template <class Match>
  T* find(Match match) {
    for (auto& [owner, queue] : queues_)
      for (T& item : queue)
        if (match(item)) return &item;
    return nullptr;
  }
  template <class Match>
  const T* find(Match match) const {
    return const_cast<FairQueue*>(this)->find(match);
  }

  // Takes out the first waiting item `match` accepts.
  template <class Match>
  std::optional<T> remove(Match match) {
    for (auto queue = queues_.begin(); queue != queues_.end(); ++queue) {
      auto it = std::find_if(queue->second.begin(), queue->second.end(), match);
      if (it == queue->second.end()) continue;
      std::optional<T> removed(std::move(*it));
      queue->second.erase(it);
      --size_;
      if (queue->second.empty()) {
        std::erase(turns_, queue->first);
        queues_.erase(queue);
      }
      return removed;
    }
    return std::nullopt;
  }

  // Takes out every waiting item `match` accepts (all of them by default), in no set order.
  template <class Match>
  std::vector<T> remove_all(Match match) {
    std::vector<T> removed;
    for (auto queue = queues_.begin(); queue != queues_.end();) {
      for (auto it = queue->second.begin(); it != queue->second.end();)
        if (match(*it)) {
          removed.push_back(std::move(*it));
          it = queue->second.erase(it);
          --size_;
        } else {
          ++it;
        }
      if (queue->second.empty()) {
        std::erase(turns_, queue->first);
        queue = queues_.erase(queue);
      } else {
        ++queue;
      }
    }
    return removed;
  }
  std::vector<T> remove_all() {
    return remove_all([](const T&) { return true; });
  }

 private:
  std::map<std::string, std::deque<T>> queues_;  // by owner; no empty queues
  std::deque<std::string> turns_;  // owners with waiting items, whose turn comes first first
  std::size_t size_ = 0;
};

}  // namespace kirin
