#include "server/http/client_address.h"

#include <charconv>
#include <optional>
#include <stdexcept>

namespace kirin::server::http {

namespace net = boost::asio;

namespace {

net::ip::address_v6 as_v6(const net::ip::address& a) {
  return a.is_v4() ? net::ip::make_address_v6(net::ip::v4_mapped, a.to_v4()) : a.to_v6();
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// An IP address written alone, or nullopt. The parser reads a C string, so a NUL (or any
// other control character) would end the text early and "10.0.0.1<NUL>junk" would pass.
std::optional<net::ip::address> parse_address(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) return std::nullopt;
  boost::system::error_code ec;
  net::ip::address a = net::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return a;
}

// One X-Forwarded-For entry: an address, an IPv6 one possibly in brackets.
std::optional<net::ip::address> parse_entry(std::string_view text) {
  if (text.size() > 2 && text.front() == '[' && text.back() == ']')
    text = text.substr(1, text.size() - 2);
  return parse_address(text);
}

}  // namespace

std::string client_address(const net::ip::address& peer) {
  if (peer.is_v4()) return peer.to_v4().to_string();
  net::ip::address_v6 v6 = peer.to_v6();
  if (v6.is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, v6).to_string();
  net::ip::address_v6::bytes_type bytes = v6.to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return net::ip::address_v6(bytes).to_string() + "/64";
}

void TrustedProxies::add(std::string_view text) {
  std::string_view address = text, bits;
  if (std::size_t slash = text.find('/'); slash != std::string_view::npos) {
    address = text.substr(0, slash);
    bits = text.substr(slash + 1);
  }
  std::optional<net::ip::address> parsed = parse_address(address);
  if (!parsed)
    throw std::invalid_argument("'" + std::string(text) +
                                "' is not an IP address or a network ADDRESS/BITS");
  net::ip::address a = *parsed;
  int width = a.is_v4() ? 32 : 128, prefix = width;
  if (!bits.empty() || address.size() != text.size()) {
    auto [end, error] = std::from_chars(bits.data(), bits.data() + bits.size(), prefix);
    if (bits.empty() || error != std::errc() || end != bits.data() + bits.size() || prefix < 0 ||
        prefix > width)
      throw std::invalid_argument("'" + std::string(text) + "': the prefix length must be 0 to " +
                                  std::to_string(width));
  }
  Network network{as_v6(a).to_bytes(), a.is_v4() ? prefix + 96 : prefix};
  // Keep only the network's bits, so that contains() compares bytes.
  for (int i = network.prefix; i < 128; ++i)
    network.bytes[i / 8] &= static_cast<unsigned char>(~(0x80u >> (i % 8)));
  networks_.push_back(network);
}

bool TrustedProxies::contains(const net::ip::address& address) const {
  net::ip::address_v6::bytes_type bytes = as_v6(address).to_bytes();
  for (const Network& n : networks_) {
    bool inside = true;
    for (int i = 0; i < n.prefix && inside; ++i) {
      unsigned char bit = static_cast<unsigned char>(0x80u >> (i % 8));
      inside = (bytes[i / 8] & bit) == (n.bytes[i / 8] & bit);
    }
    if (inside) return true;
  }
  return false;
}

RequestOrigin request_origin(const net::ip::address& peer, std::string_view forwarded_for,
                             const TrustedProxies& trusted) {
  if (trusted.empty() || !trusted.contains(peer) || trim(forwarded_for).empty()) return {peer};
  net::ip::address hop = peer;
  // From the right: each entry was appended by the hop to its right, trusted so far.
  while (true) {
    std::size_t comma = forwarded_for.rfind(',');
    std::string_view entry =
        trim(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
    std::optional<net::ip::address> address = parse_entry(entry);
    if (!address) return {peer, true};
    hop = *address;
    if (!trusted.contains(hop) || comma == std::string_view::npos) return {hop};
    forwarded_for = forwarded_for.substr(0, comma);
  }
}

}  // namespace kirin::server::http
