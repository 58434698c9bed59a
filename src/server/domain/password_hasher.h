// Password hashing: how much it costs, and where it runs.
//
// Argon2id is slow on purpose (at the INTERACTIVE limits a tenth of a second of one core and
// 64 MiB a hash), so a flood of logins must not take every thread the server has. HashPool
// runs the hashes of everyone on threads of its own, a fixed number, with a bounded queue fair
// between clients (work_pool.h): at most `threads + queue` jobs at once, at most
// `queue_per_client` of them one client's, and any more are refused at once (ServiceError
// busy, or too_many_requests for a client over its own cap) instead of waiting in line. The
// HTTP routes that check passwords run on the pool's threads (post), so no HTTP worker waits
// for a hash.
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
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
  // Runs `task` (a request that checks or sets passwords) where this hasher's work runs, in
  // `client`'s turn, then `then` once the task's place is free, and returns at once; the
  // hashes the task asks for run inline there. Throws ServiceError when refused. This
  // default, for a hasher without threads of its own, runs both on the caller's thread.
  // Neither may throw.
  virtual void post(const std::string& client, std::function<void()> task,
                    std::function<void()> then) {
    (void)client;
    task();
    then();
  }
  // Refuses new work, and lets the work under way and waiting finish (it answers someone).
  virtual void stop() {}
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
// wait for a thread, `client_limit` of them one client's (waiting or running), and a job
// beyond that is refused: ServiceError busy, or too_many_requests for the client over its
// own (retry after a second). The destructor lets the jobs callers wait for finish.
class HashPool final : public PasswordHasher {
 public:
  HashPool(std::unique_ptr<PasswordHasher> inner, int threads, std::size_t queue_limit,
           std::size_t client_limit = std::numeric_limits<std::size_t>::max());

  std::string hash(std::string_view password) override;
  bool verify(const std::string& hash, std::string_view password) override;
  const std::string& dummy_hash() const override { return inner_->dummy_hash(); }
  void post(const std::string& client, std::function<void()> task,
            std::function<void()> then) override;
  void stop() override { pool_.stop(true); }
  std::size_t waiting() { return pool_.waiting(); }  // jobs in the queue, not yet on a thread

 private:
  // Runs `job` on the pool and waits for it (at once on the pool's thread), or throws busy.
  void run(const std::function<void()>& job);
  void refuse(WorkPool::Refusal refusal) const;

  std::unique_ptr<PasswordHasher> inner_;
  WorkPool pool_;  // last: its threads go first
};

}  // namespace kirin::server
