// Where a request comes from behind a reverse proxy: "TRUSTED\nPEER\nX-FORWARDED-FOR", the
// --trusted-proxy list (entries separated by spaces, as `kirin serve` takes them), the peer's
// address and the header's value (server/http/client_address.h).
// Promises: the list refuses an entry only with std::invalid_argument; the answer is the peer
// unless the peer is trusted, and otherwise either the peer or an address no trusted proxy
// covers (one the header names); the peer is the answer whenever the header is malformed.
#include <boost/asio/ip/address.hpp>
#include <string>

#include "fuzz/fuzz_input.h"
#include "server/http/client_address.h"

using namespace kirin;
namespace ip = boost::asio::ip;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  server::http::TrustedProxies trusted;
  std::string_view list = fuzz::take_line(text);
  while (!list.empty()) {
    size_t end = list.find(' ');
    std::string_view entry = list.substr(0, end);
    list = end == std::string_view::npos ? std::string_view() : list.substr(end + 1);
    try {
      trusted.add(entry);
    } catch (const std::invalid_argument&) {
    }
  }
  boost::system::error_code ec;
  ip::address peer = ip::make_address(std::string(fuzz::take_line(text)), ec);
  if (ec) return 0;
  std::string header(text);
  server::http::RequestOrigin origin = server::http::request_origin(peer, header, trusted);
  fuzz::echo(origin.address.to_string() + (origin.malformed ? " malformed" : ""));
  if (!trusted.contains(peer)) {
    if (origin.address != peer || origin.malformed)
      fuzz::broken("an untrusted peer's header was read: " + origin.address.to_string());
    return 0;
  }
  if (origin.malformed && origin.address != peer)
    fuzz::broken("a malformed header named a client: " + origin.address.to_string());
  if (origin.address == peer) return 0;
  if (trusted.contains(origin.address))
    fuzz::broken("the client is a trusted proxy: " + origin.address.to_string());
  return 0;
}
