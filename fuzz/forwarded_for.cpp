// Where a request comes from behind a reverse proxy: "TRUSTED\nPEER\nX-FORWARDED-FOR", the
// --trusted-proxy list (entries separated by spaces, as `kirin serve` takes them), the peer's
// address and the header's value (server/http/client_address.h).
// Promises: the list refuses an entry only with std::invalid_argument, and one with a control
// character always; the answer is the peer unless the peer is trusted, and otherwise the peer or
// an address one of the header's entries names; the peer whenever the header is malformed.
#include <boost/asio/ip/address.hpp>
#include <string>

#include "fuzz/fuzz_input.h"
#include "server/http/client_address.h"

using namespace kirin;
namespace ip = boost::asio::ip;

namespace {

bool has_control(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) < ' ' || c == 0x7f) return true;
  return false;
}

// Whether one of the header's comma-separated entries, trimmed and unbracketed, is `address`.
bool named_in(std::string_view header, const ip::address& address) {
  while (true) {
    size_t comma = header.find(',');
    std::string_view entry = header.substr(0, comma);
    while (!entry.empty() && (entry.front() == ' ' || entry.front() == '\t')) entry.remove_prefix(1);
    while (!entry.empty() && (entry.back() == ' ' || entry.back() == '\t')) entry.remove_suffix(1);
    if (entry.size() > 2 && entry.front() == '[' && entry.back() == ']')
      entry = entry.substr(1, entry.size() - 2);
    boost::system::error_code ec;
    if (!has_control(entry) && ip::make_address(std::string(entry), ec) == address && !ec)
      return true;
    if (comma == std::string_view::npos) return false;
    header.remove_prefix(comma + 1);
  }
}

}  // namespace

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
      if (has_control(entry)) fuzz::broken("a trusted proxy with a control character");
    } catch (const std::invalid_argument&) {
    }
  }
  std::string_view peer_text = fuzz::take_line(text);
  boost::system::error_code ec;
  ip::address peer = ip::make_address(std::string(peer_text), ec);
  if (ec || has_control(peer_text)) return 0;
  std::string_view header = text;
  server::http::RequestOrigin origin = server::http::request_origin(peer, header, trusted);
  fuzz::echo(origin.address.to_string() + (origin.malformed ? " malformed" : ""));
  if (!trusted.contains(peer)) {
    if (origin.address != peer || origin.malformed)
      fuzz::broken("an untrusted peer's header was read: " + origin.address.to_string());
    return 0;
  }
  if (origin.malformed && origin.address != peer)
    fuzz::broken("a malformed header named a client: " + origin.address.to_string());
  if (origin.address != peer && !named_in(header, origin.address))
    fuzz::broken("the client is not in the header: " + origin.address.to_string());
  return 0;
}
