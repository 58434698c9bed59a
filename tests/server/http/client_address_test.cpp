// Who a request comes from: the peer, or behind a trusted reverse proxy the X-Forwarded-For
// address (client_address.h), on its own and through a real server's HTTP and WebSocket.
#include <gtest/gtest.h>

#include "server/http/client_address.h"
#include "server/http/server.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using boost::asio::ip::make_address;
using nlohmann::json;

TrustedProxies trusting(std::initializer_list<const char*> texts) {
  TrustedProxies trusted;
  for (const char* text : texts) trusted.add(text);
  return trusted;
}

std::string origin(const char* peer, std::string_view header, const TrustedProxies& trusted,
                   bool* malformed = nullptr) {
  RequestOrigin o = request_origin(make_address(peer), header, trusted);
  if (malformed) *malformed = o.malformed;
  return o.address.to_string();
}

TEST(TrustedProxies, MatchesAddressesAndNetworks) {
  TrustedProxies trusted = trusting({"127.0.0.1", "10.1.0.0/16", "fd00::/8"});
  EXPECT_TRUE(trusted.contains(make_address("127.0.0.1")));
  EXPECT_TRUE(trusted.contains(make_address("::ffff:127.0.0.1")));  // IPv4-mapped
  EXPECT_FALSE(trusted.contains(make_address("127.0.0.2")));
  EXPECT_TRUE(trusted.contains(make_address("10.1.255.3")));
  EXPECT_FALSE(trusted.contains(make_address("10.2.0.1")));
  EXPECT_TRUE(trusted.contains(make_address("fdab::1")));
  EXPECT_FALSE(trusted.contains(make_address("fe80::1")));
  EXPECT_TRUE(trusting({"0.0.0.0/0"}).contains(make_address("203.0.113.9")));
  EXPECT_FALSE(TrustedProxies().contains(make_address("127.0.0.1")));
}

TEST(TrustedProxies, RefusesWhatIsNotAnAddressOrNetwork) {
  for (const char* bad : {"", "localhost", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/x", "::1/129",
                          "1.2.3.4/8/8", "10.0.0.0/-1", "1.2.3"}) {
    TrustedProxies trusted;
    EXPECT_THROW(trusted.add(bad), std::invalid_argument) << bad;
    EXPECT_TRUE(trusted.empty()) << bad;
  }
}

// The address parser reads a C string: a NUL must not end the text early (found by
// fuzz_forwarded_for: "f::d0<NUL>...b8::/8" trusted f::d0/8, that is every ::x address).
TEST(TrustedProxies, RefusesAControlCharacterInsideAnAddress) {
  using namespace std::string_literals;
  for (std::string bad : {"10.0.0.1\0junk"s, "f::d0\0\0b8::/8"s, "10.0.0.0\t/8"s, " 10.0.0.1"s}) {
    TrustedProxies trusted;
    EXPECT_THROW(trusted.add(bad), std::invalid_argument) << bad;
    EXPECT_TRUE(trusted.empty()) << bad;
  }
  bool malformed = false;
  EXPECT_EQ(origin("127.0.0.1", "203.0.113.5\0junk"s, trusting({"127.0.0.1"}), &malformed),
            "127.0.0.1");
  EXPECT_TRUE(malformed);
}

TEST(RequestOrigin, TheHeaderCountsOnlyFromATrustedPeer) {
  TrustedProxies none;
  EXPECT_EQ(origin("127.0.0.1", "203.0.113.5", none), "127.0.0.1");
  TrustedProxies proxy = trusting({"127.0.0.1"});
  EXPECT_EQ(origin("198.51.100.7", "203.0.113.5", proxy), "198.51.100.7");
  EXPECT_EQ(origin("127.0.0.1", "203.0.113.5", proxy), "203.0.113.5");
  EXPECT_EQ(origin("127.0.0.1", "", proxy), "127.0.0.1");  // the proxy itself asks
}

TEST(RequestOrigin, TakesTheRightmostUntrustedAddressNeverTheLeftmost) {
  TrustedProxies proxies = trusting({"127.0.0.1", "10.0.0.0/8"});
  // The client prepended a lie; the proxy appended the address it saw.
  EXPECT_EQ(origin("127.0.0.1", "1.1.1.1, 203.0.113.5", proxies), "203.0.113.5");
  // Two proxies: the inner one (10.0.0.2) appended what the outer one told it.
  EXPECT_EQ(origin("127.0.0.1", "1.1.1.1,203.0.113.5, 10.0.0.2", proxies), "203.0.113.5");
  // Only proxies: the leftmost of them.
  EXPECT_EQ(origin("127.0.0.1", "10.0.0.3, 10.0.0.2", proxies), "10.0.0.3");
  EXPECT_EQ(origin("127.0.0.1", "[2001:db8::1]", proxies), "2001:db8::1");
  // Garbage left of the client's address is the client's own business.
  bool malformed = true;
  EXPECT_EQ(origin("127.0.0.1", "not an address, 203.0.113.5", proxies, &malformed),
            "203.0.113.5");
  EXPECT_FALSE(malformed);
}

TEST(RequestOrigin, AMalformedHeaderFallsBackToThePeer) {
  TrustedProxies proxy = trusting({"127.0.0.1"});
  for (const char* bad : {"unknown", "203.0.113.5:4711", "203.0.113.5,", ",", "1.2.3.4 5.6.7.8",
                          "203.0.113.5, 10.0.0.1 x"}) {
    bool malformed = false;
    EXPECT_EQ(origin("127.0.0.1", bad, proxy, &malformed), "127.0.0.1") << bad;
    EXPECT_TRUE(malformed) << bad;
  }
}

ServerOptions proxied_options(std::initializer_list<const char*> proxies) {
  ServerOptions options;
  options.port = 0;
  options.shutdown_grace = std::chrono::milliseconds(500);
  for (const char* proxy : proxies) options.trusted_proxies.add(proxy);
  return options;
}

Router whoami_routes() {
  Router router;
  router.add("GET", "/client", [](const Request& r) { return json_response({{"client", r.client}}); });
  return router;
}

// Answers {"op":"whoami"} with the address the WebSocket's extensions see.
class WhoAmI : public WsExtension {
 public:
  std::vector<std::string> ops() const override { return {"whoami"}; }
  bool handle(const std::shared_ptr<WsPeer>& peer, std::string_view, const json&, const json&,
              ResumeReading) override {
    peer->send({{"client", peer->client_address()}});
    return true;
  }
  void closed(const WsPeer*) override {}
  void stop() override {}
};

std::string client_seen(std::uint16_t port, const std::string& forwarded_for) {
  test::HttpClient client(port);
  std::map<std::string, std::string> headers;
  if (!forwarded_for.empty()) headers["X-Forwarded-For"] = forwarded_for;
  return client.request("GET", "/client", "", headers).json()["client"];
}

TEST(ProxiedServer, RequestsAndWebSocketsCarryTheForwardedClient) {
  Server server(proxied_options({"127.0.0.1"}), whoami_routes());
  server.add_ws_extension(std::make_shared<WhoAmI>());
  server.start();
  EXPECT_EQ(client_seen(server.port(), "1.1.1.1, 203.0.113.5"), "203.0.113.5");
  EXPECT_EQ(client_seen(server.port(), "2001:db8:1:2:3::9"), "2001:db8:1:2::/64");
  EXPECT_EQ(client_seen(server.port(), ""), "127.0.0.1");
  EXPECT_EQ(server.context().forwarded_for_malformed.load(), 0u);
  EXPECT_EQ(client_seen(server.port(), "203.0.113.5:80"), "127.0.0.1");
  EXPECT_EQ(server.context().forwarded_for_malformed.load(), 1u);
  test::WsClient ws(server.port(), "/ws", {{"X-Forwarded-For", "198.51.100.4"}});
  EXPECT_EQ(ws.call({{"op", "whoami"}})["client"], "198.51.100.4");
  server.stop();
}

TEST(ProxiedServer, WithoutTrustTheHeaderIsIgnored) {
  Server server(proxied_options({"10.0.0.0/8"}), whoami_routes());
  server.add_ws_extension(std::make_shared<WhoAmI>());
  server.start();
  EXPECT_EQ(client_seen(server.port(), "203.0.113.5"), "127.0.0.1");
  test::WsClient ws(server.port(), "/ws", {{"X-Forwarded-For", "198.51.100.4"}});
  EXPECT_EQ(ws.call({{"op", "whoami"}})["client"], "127.0.0.1");
  EXPECT_EQ(server.context().forwarded_for_malformed.load(), 0u);
  server.stop();
}

// Connections are admitted before a header is read: a proxy's are its clients', so the
// per-address limit leaves it alone, and still holds for everyone else.
TEST(ProxiedServer, ATrustedProxysConnectionsAreNotLimitedPerAddress) {
  ServerOptions trusted = proxied_options({"127.0.0.1"});
  trusted.connections_per_address = 1;
  Server server(trusted, whoami_routes());
  server.start();
  test::HttpClient a(server.port()), b(server.port()), c(server.port());
  EXPECT_EQ(a.request("GET", "/client").status, 200u);
  EXPECT_EQ(b.request("GET", "/client").status, 200u);
  EXPECT_EQ(c.request("GET", "/client").status, 200u);
  server.stop();

  ServerOptions untrusted = proxied_options({"10.0.0.1"});
  untrusted.connections_per_address = 1;
  Server limited(untrusted, whoami_routes());
  limited.start();
  test::HttpClient d(limited.port()), e(limited.port());
  EXPECT_EQ(d.request("GET", "/client").status, 200u);
  EXPECT_EQ(e.request("GET", "/client").status, 503u);
  limited.stop();
}

}  // namespace
}  // namespace kirin::server::http
