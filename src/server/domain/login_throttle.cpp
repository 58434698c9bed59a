#include "server/domain/login_throttle.h"

#include <algorithm>

namespace kirin::server {
namespace {

// Names, and e-mail addresses, are compared ignoring ASCII case.
std::string key(std::string_view name) {
  std::string key(name.substr(0, LoginThrottle::kMaxKeyBytes));
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return key;
}

}  // namespace

LoginThrottle::LoginThrottle(LoginThrottleOptions options, NowFn now)
    : options_(options),
      now_(std::move(now)),
      accounts_(std::max<std::size_t>(options.max_entries, 1), options.forget_after_ms),
      addresses_(std::max<std::size_t>(options.max_entries, 1), options.forget_after_ms) {}

std::pair<int, TimeMs> LoginThrottle::Table::find(const std::string& key, TimeMs now) {
  forget_old(now);
  auto it = index_.find(key);
  if (it == index_.end()) return {0, 0};
  return {it->second->failures, it->second->last};
}

void LoginThrottle::Table::fail(const std::string& key, TimeMs now) {
  forget_old(now);
  auto it = index_.find(key);
  if (it != index_.end()) {
    recent_.splice(recent_.begin(), recent_, it->second);
  } else {
    if (index_.size() >= max_entries_) {
      index_.erase(recent_.back().key);
      recent_.pop_back();
    }
    recent_.push_front({key, 0, now});
    index_[key] = recent_.begin();
  }
  ++recent_.front().failures;
  recent_.front().last = now;
}

void LoginThrottle::Table::erase(const std::string& key) {
  auto it = index_.find(key);
  if (it == index_.end()) return;
  recent_.erase(it->second);
  index_.erase(it);
}

void LoginThrottle::Table::forget_old(TimeMs now) {
  while (!recent_.empty() && now - recent_.back().last >= forget_after_ms_) {
    index_.erase(recent_.back().key);
    recent_.pop_back();
  }
}

TimeMs LoginThrottle::wait_after(int failures, int free_failures, TimeMs last, TimeMs now) const {
  if (failures <= free_failures) return 0;
  TimeMs wait = options_.first_wait_ms;
  for (int i = free_failures + 1; i < failures && wait < options_.max_wait_ms; ++i) wait *= 2;
  wait = std::min(wait, options_.max_wait_ms);
  return std::max<TimeMs>(0, last + wait - now);
}

LoginThrottle::Wait LoginThrottle::wait(std::string_view account, std::string_view address) {
  std::lock_guard lock(mutex_);
  TimeMs now = now_();
  auto [account_failures, account_last] = accounts_.find(key(account), now);
  Wait w;
  w.ms = wait_after(account_failures, options_.account_free_failures, account_last, now);
  if (!address.empty()) {
    auto [failures, last] = addresses_.find(key(address), now);
    TimeMs ms = wait_after(failures, options_.address_free_failures, last, now);
    if (ms > w.ms) w = {ms, true};
  }
  return w;
}

void LoginThrottle::failed(std::string_view account, std::string_view address) {
  std::lock_guard lock(mutex_);
  TimeMs now = now_();
  accounts_.fail(key(account), now);
  if (!address.empty()) addresses_.fail(key(address), now);
}

void LoginThrottle::succeeded(std::string_view account) {
  std::lock_guard lock(mutex_);
  accounts_.erase(key(account));
}

std::size_t LoginThrottle::accounts_tracked() {
  std::lock_guard lock(mutex_);
  return accounts_.size();
}

std::size_t LoginThrottle::addresses_tracked() {
  std::lock_guard lock(mutex_);
  return addresses_.size();
}

}  // namespace kirin::server
