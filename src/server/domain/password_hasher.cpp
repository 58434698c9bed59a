#include "server/domain/password_hasher.h"

#include <sodium.h>

#include <stdexcept>

#include "server/domain/service_error.h"

namespace kirin::server {

namespace {

// Hashes of 32 random bytes nobody kept, one at each cost's limits (verifying reads the
// limits from the string, so these cost what a real hash made at that cost does).
const char* const kDummyInteractive =
    "$argon2id$v=19$m=65536,t=2,p=1$mFPGFtcTYTVC9Rzx21IhpQ$IzXF1RZxOUqMw2iSsddJhsIZX9aBPvZ/"
    "a951FSOKCnI";
const char* const kDummyMinimal =
    "$argon2id$v=19$m=8,t=1,p=1$6Znvjp0sxmTkcusKi5QAqw$DbI1giQSq8Kj7nrChnO22s/W145RVzEzVF2V8Z+6Ooo";

// libsodium's arguments may not be null, which an empty string_view's data() may be.
const char* bytes(std::string_view s) { return s.empty() ? "" : s.data(); }

}  // namespace

Argon2Hasher::Argon2Hasher(HashCost cost)
    : cost_(cost), dummy_(cost == HashCost::Minimal ? kDummyMinimal : kDummyInteractive) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

std::string Argon2Hasher::hash(std::string_view password) {
  char out[crypto_pwhash_STRBYTES];
  bool cheap = cost_ == HashCost::Minimal;
  if (crypto_pwhash_str_alg(out, bytes(password), password.size(),
                            cheap ? crypto_pwhash_OPSLIMIT_MIN : crypto_pwhash_OPSLIMIT_INTERACTIVE,
                            cheap ? crypto_pwhash_MEMLIMIT_MIN : crypto_pwhash_MEMLIMIT_INTERACTIVE,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("password hashing ran out of memory");
  return out;
}

bool Argon2Hasher::verify(const std::string& hash, std::string_view password) {
  return crypto_pwhash_str_verify(hash.c_str(), bytes(password), password.size()) == 0;
}

HashPool::HashPool(std::unique_ptr<PasswordHasher> inner, int threads, std::size_t queue_limit,
                   std::size_t client_limit)
    : inner_(std::move(inner)), pool_(threads, queue_limit, client_limit) {
  if (threads < 1) throw std::invalid_argument("a hash pool needs at least one thread");
}

void HashPool::refuse(WorkPool::Refusal refusal) const {
  if (refusal == WorkPool::Refusal::owner_busy)
    throw ServiceError(ErrorCode::TooManyRequests,
                       "too many password checks from your address at once: try again in a "
                       "second")
        .retry_after(1);
  if (refusal != WorkPool::Refusal::none)
    throw ServiceError(ErrorCode::Busy,
                       "the server is busy checking other passwords: try again in a second")
        .retry_after(1);
}

// Work of no client in particular (`kirin command`, mail, tests) is charged to "".
void HashPool::run(const std::function<void()>& job) { refuse(pool_.try_run("", job)); }

void HashPool::post(const std::string& client, std::function<void()> task,
                    std::function<void()> then) {
  refuse(pool_.try_post(client, std::move(task), std::move(then)));
}

std::string HashPool::hash(std::string_view password) {
  std::string out;
  run([&] { out = inner_->hash(password); });
  return out;
}

bool HashPool::verify(const std::string& hash, std::string_view password) {
  bool ok = false;
  run([&] { ok = inner_->verify(hash, password); });
  return ok;
}

}  // namespace kirin::server
