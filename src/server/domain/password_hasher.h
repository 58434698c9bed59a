// Password hashing: how much it costs, and where it runs.
//
// Argon2id is slow on purpose (at the INTERACTIVE limits a tenth of a second of one core and
// 64 MiB a hash), so a flood of logins must not take every thread the server has. HashPool
// runs the hashes of everyone on threads of its own, a fixed number, with a bounded queue:
// its callers wait for their result, at most `threads + queue` of them at once, and any more
// are refused at once (ServiceError busy) instead of waiting in line. The HTTP workers that
// are not waiting on a hash keep serving the other requests.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/domain/work_pool.h"

namespace kirin::server {

enum class HashCost {
  Interactive,  // crypto_pwhash_OPSLIMIT/MEMLIMIT_INTERACTIVE: for real use
  Minimal,      // the smallest libsodium allows: for tests only
};

class PasswordHasher {
 public:
  virtual ~PasswordHasher() = default;
  // A string that keeps the algorithm, its limits, a random salt and the hash.
  virtual std::string hash(std::string_view password) = 0;
  // Whether `password` is the one `hash` was made from.
  virtual bool verify(const std::string& hash, std::string_view password) = 0;
  // A hash of nobody's password that costs as much to verify as this hasher's own: an unknown
  // name is checked against it, so that it takes as long as a wrong password.
  virtual const std::string& dummy_hash() const = 0;
};

// libsodium's crypto_pwhash_str (Argon2id), on the calling thread.
class Argon2Hasher final : public PasswordHasher {
 public:
  explicit Argon2Hasher(HashCost cost);
  std::string hash(std::string_view password) override;
  bool verify(const std::string& hash, std::string_view password) override;
  const std::string& dummy_hash() const override { return dummy_; }

 private:
  HashCost cost_;
  std::string dummy_;
};

// Runs another hasher's work on a WorkPool of `threads` threads; at most `queue_limit` jobs
// wait for a thread, and a job beyond that is refused: hash and verify throw ServiceError
// busy (retry after a second). The destructor lets the queued jobs finish.
class HashPool final : public PasswordHasher {
 public:
  HashPool(std::unique_ptr<PasswordHasher> inner, int threads, std::size_t queue_limit);

  std::string hash(std::string_view password) override;
  bool verify(const std::string& hash, std::string_view password) override;
  const std::string& dummy_hash() const override { return inner_->dummy_hash(); }
  std::size_t waiting() { return pool_.waiting(); }  // jobs in the queue, not yet on a thread

 private:
  // Runs `job` on the pool and waits for it, or throws busy.
  void run(const std::function<void()>& job);

  std::unique_ptr<PasswordHasher> inner_;
  WorkPool pool_;  // last: its threads go first
};

}  // namespace kirin::server
