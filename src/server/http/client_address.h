// Who a request comes from, as the login throttle counts clients (login_throttle.h): the
// peer's IP address, an IPv4-mapped IPv6 address as IPv4, and an IPv6 address as its /64
// network (one household or server gets a whole /64 and may use any address in it).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>

namespace kirin::server::http {

std::string client_address(const boost::asio::ip::address& peer);

}  // namespace kirin::server::http
