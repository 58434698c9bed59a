// Which connections the server takes: at most so many at once from one client address and
// so many overall, so that one client cannot take every file descriptor (each connection is
// one) and leave the others waiting. IPv6 addresses are counted by their /64, the block one
// customer gets; an IPv4 address mapped into IPv6 counts as that IPv4 address.
#pragma once

#include <array>
#include <boost/asio/ip/address.hpp>
#include <cstddef>
#include <map>
#include <mutex>

namespace kirin::server::http {

class Admission {
 public:
  using Key = std::array<unsigned char, 16>;
  enum class Verdict { Admitted, AddressFull, ServerFull };

  // Held by an admitted connection until it closes (moved along with an upgrade to a
  // WebSocket); its destruction gives the place back.
  class Ticket {
   public:
    Ticket() = default;
    Ticket(Ticket&& other) noexcept;
    Ticket& operator=(Ticket&& other) noexcept;
    ~Ticket();

   private:
    friend class Admission;
    Ticket(Admission* owner, const Key& key) : owner_(owner), key_(key) {}
    Admission* owner_ = nullptr;
    Key key_{};
  };

  struct Decision {
    Verdict verdict;
    Ticket ticket;  // empty unless admitted
  };

  // A limit of 0 means none. The Admission must outlive its tickets.
  Decision admit(const boost::asio::ip::address& address, std::size_t per_address,
                 std::size_t total);
  std::size_t admitted() const;

 private:
  void release(const Key& key);

  mutable std::mutex mutex_;
  std::map<Key, std::size_t> per_address_;
  std::size_t total_ = 0;
};

}  // namespace kirin::server::http
