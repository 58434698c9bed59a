#include "server/http/client_address.h"

namespace kirin::server::http {

std::string client_address(const boost::asio::ip::address& peer) {
  if (peer.is_v4()) return peer.to_v4().to_string();
  boost::asio::ip::address_v6 v6 = peer.to_v6();
  if (v6.is_v4_mapped())
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  boost::asio::ip::address_v6::bytes_type bytes = v6.to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

}  // namespace kirin::server::http
