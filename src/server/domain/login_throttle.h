// Login throttling: wrong passwords slow down the next tries, per account name and per client
// address, whichever door the password came through (the web's login, the text commands over
// HTTP, a mail's commands).
//
// A table per kind keeps, for each name or address, the failures in a row and the time of the
// last. Up to `free_failures` of them cost nothing; the next makes the following try wait
// first_wait_ms after it, and each further one doubles the wait, up to max_wait_ms. A try during
// the wait is refused before any hashing, even with the right password (else guessing would
// go on at full speed and only the lucky guess be let through). Refused tries do not count as
// failures, so a user who waits is let in. An entry is forgotten forget_after_ms after its
// last failure. A success clears the account's entry but not the address's, so that a
// guesser's own good account does not restart his guessing at others.
//
// Memory: keys are cut to kMaxKeyBytes, and each table holds at most max_entries; past that
// the entry whose last failure is oldest is dropped (a flood of made-up names or addresses
// evicts itself first).
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/domain/clocks.h"

namespace kirin::server {

struct LoginThrottleOptions {
  int account_free_failures = 5;   // wrong passwords for one name before any wait
  int address_free_failures = 20;  // from one address (it may be many people behind a NAT)
  TimeMs first_wait_ms = 1000;
  TimeMs max_wait_ms = 5 * 60 * 1000;
  TimeMs forget_after_ms = 60 * 60 * 1000;
  std::size_t max_entries = 100000;  // per table
};

class LoginThrottle {
 public:
  static constexpr std::size_t kMaxKeyBytes = 254;  // the longest e-mail address

  explicit LoginThrottle(LoginThrottleOptions options = {}, NowFn now = system_now);

  struct Wait {
    TimeMs ms = 0;            // 0: the check may go ahead
    bool by_address = false;  // the address's wait is the longer one
  };
  // How long a password check for `account` (a user name, any letter case) from `address`
  // ("" for none: the local operator) must wait.
  Wait wait(std::string_view account, std::string_view address);
  void failed(std::string_view account, std::string_view address);
  void succeeded(std::string_view account);

  std::size_t accounts_tracked();
  std::size_t addresses_tracked();

 private:
  class Table {
   public:
    Table(std::size_t max_entries, TimeMs forget_after_ms)
        : max_entries_(max_entries), forget_after_ms_(forget_after_ms) {}
    // The failures in a row and the time of the last, {0, 0} if none are remembered.
    std::pair<int, TimeMs> find(const std::string& key, TimeMs now);
    void fail(const std::string& key, TimeMs now);
    void erase(const std::string& key);
    std::size_t size() const { return index_.size(); }

   private:
    struct Entry {
      std::string key;
      int failures = 0;
      TimeMs last = 0;
    };
    void forget_old(TimeMs now);

    std::size_t max_entries_;
    TimeMs forget_after_ms_;
    std::list<Entry> recent_;  // the latest failure first
    std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  };

  TimeMs wait_after(int failures, int free_failures, TimeMs last, TimeMs now) const;

  LoginThrottleOptions options_;
  NowFn now_;
  std::mutex mutex_;
  Table accounts_, addresses_;
};

}  // namespace kirin::server
