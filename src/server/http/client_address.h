// Who a request comes from, as the login throttle counts clients (login_throttle.h): the
// peer's IP address, an IPv4-mapped IPv6 address as IPv4, and an IPv6 address as its /64
// network (one household or server gets a whole /64 and may use any address in it).
//
// Behind a reverse proxy every peer is the proxy. With `--trusted-proxy`, a request whose
// peer is a trusted proxy comes from the address X-Forwarded-For names: the rightmost one
// that is not itself a trusted proxy (each proxy appends the peer it saw; a client can
// prepend anything, so the leftmost proves nothing).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace kirin::server::http {

std::string client_address(const boost::asio::ip::address& peer);

// The addresses and networks of --trusted-proxy: "127.0.0.1", "10.0.0.0/8", "::1",
// "fd00::/8". IPv4 addresses match their IPv4-mapped IPv6 form too.
class TrustedProxies {
 public:
  // Throws std::invalid_argument saying what is wrong with the text.
  void add(std::string_view text);
  bool empty() const { return networks_.empty(); }
  bool contains(const boost::asio::ip::address& address) const;

 private:
  struct Network {
    boost::asio::ip::address_v6::bytes_type bytes;  // IPv4 as IPv4-mapped IPv6
    int prefix;                                     // in bits of the 128
  };
  std::vector<Network> networks_;
};

struct RequestOrigin {
  boost::asio::ip::address address;  // the client, or the peer when the header cannot tell
  bool malformed = false;  // a trusted peer sent an X-Forwarded-For we could not read
};

// Where a request from `peer` comes from. forwarded_for: the X-Forwarded-For headers' values
// joined by commas ("" if none). The header counts only when the peer is trusted; an entry
// that is not an IP address (on the trusted side of the rightmost untrusted one) makes the
// peer the answer, flagged malformed.
RequestOrigin request_origin(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                             const TrustedProxies& trusted);

}  // namespace kirin::server::http
