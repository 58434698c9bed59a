#include "server/http/admission.h"

#include <utility>

namespace kirin::server::http {

namespace {

Admission::Key key_of(const boost::asio::ip::address& address) {
  if (address.is_v4())
    return boost::asio::ip::make_address_v6(boost::asio::ip::v4_mapped, address.to_v4()).to_bytes();
  boost::asio::ip::address_v6 v6 = address.to_v6();
  if (v6.is_v4_mapped()) return v6.to_bytes();
  Admission::Key key = v6.to_bytes();
  for (std::size_t i = 8; i < key.size(); ++i) key[i] = 0;  // the /64 prefix
  return key;
}

}  // namespace

Admission::Ticket::Ticket(Ticket&& other) noexcept
    : owner_(std::exchange(other.owner_, nullptr)), key_(other.key_) {}

Admission::Ticket& Admission::Ticket::operator=(Ticket&& other) noexcept {
  if (this != &other) {
    if (owner_) owner_->release(key_);
    owner_ = std::exchange(other.owner_, nullptr);
    key_ = other.key_;
  }
  return *this;
}

Admission::Ticket::~Ticket() {
  if (owner_) owner_->release(key_);
}

Admission::Decision Admission::admit(const boost::asio::ip::address& address,
                                     std::size_t per_address, std::size_t total) {
  Key key = key_of(address);
  std::lock_guard lock(mutex_);
  if (total > 0 && total_ >= total) return {Verdict::ServerFull, {}};
  std::size_t& count = per_address_[key];
  if (per_address > 0 && count >= per_address) return {Verdict::AddressFull, {}};
  ++count;
  ++total_;
  return {Verdict::Admitted, Ticket(this, key)};
}

std::size_t Admission::admitted() const {
  std::lock_guard lock(mutex_);
  return total_;
}

void Admission::release(const Key& key) {
  std::lock_guard lock(mutex_);
  auto it = per_address_.find(key);
  if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
  --total_;
}

}  // namespace kirin::server::http
