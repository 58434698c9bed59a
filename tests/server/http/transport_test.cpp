// The HTTP/WebSocket transport on its own: a real server on an ephemeral port, test routes,
// and Beast clients.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>

#include "server/http/fd_limit.h"
#include "server/http/server.h"
#include "server/http/url.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::HttpClient;
using test::WsClient;

Router test_routes() {
  Router router;
  router.add("GET", "/api/games/{id}/moves/{ply}", [](const Request& r) {
    return json_response({{"id", r.params.at("id")},
                          {"ply", r.params.at("ply")},
                          {"user", r.query_or("user", "-")}});
  });
  router.add("POST", "/api/games/{id}/moves", [](const Request& r) {
    return json_response({{"id", r.params.at("id")}, {"got", r.json()}}, 201);
  });
  router.add("GET", "/api/whoami", [](const Request& r) {
    auto token = r.bearer_token();
    if (!token) throw HttpError(401, "unauthorized", "no bearer token");
    return json_response({{"token", *token}});
  });
  router.add("GET", "/api/broken",
             [](const Request&) -> Response { throw std::runtime_error("disk on fire"); });
  router.add("DELETE", "/api/broken",
             [](const Request&) -> Response { throw std::out_of_range("mapped"); });
  router.set_error_mapper([](const std::exception& e) -> std::optional<Response> {
    if (dynamic_cast<const std::out_of_range*>(&e))
      return error_response(409, "conflict", e.what());
    return std::nullopt;
  });
  return router;
}

ServerOptions test_options() {
  ServerOptions options;
  options.port = 0;
  options.body_limit = 1024;
  options.shutdown_grace = std::chrono::milliseconds(500);
  return options;
}

class Transport : public ::testing::Test {
 protected:
  void SetUp() override {
    raise_fd_limit();
    server_ = std::make_unique<Server>(test_options(), test_routes());
    server_->start();
  }
  void TearDown() override { server_->stop(); }
  std::uint16_t port() const { return server_->port(); }

  std::unique_ptr<Server> server_;
};

TEST(Url, DecodesSegmentsAndQueries) {
  EXPECT_EQ(percent_decode("a%20b+c", false), "a b+c");
  EXPECT_EQ(percent_decode("a%20b+c", true), "a b c");
  EXPECT_THROW(percent_decode("100%", false), HttpError);
  EXPECT_THROW(percent_decode("%zz", false), HttpError);
  auto query = parse_query("user=ann%21&flag&&x=1=2");
  EXPECT_EQ(query["user"], "ann!");
  EXPECT_EQ(query["flag"], "");
  EXPECT_EQ(query["x"], "1=2");
  EXPECT_EQ(path_segments("//api/games/7/").size(), 3u);
}

TEST(Router, MatchesWithoutNetwork) {
  Router router = test_routes();
  Request request;
  request.method = "GET";
  request.path = "/api/games/a%2Fb/moves/3";
  Response response = router.handle(request);
  EXPECT_EQ(response.status, 200u);
  EXPECT_EQ(json::parse(response.body)["id"], "a/b");  // %2F stays inside its segment
}

TEST_F(Transport, RoutesWithParametersAndQuery) {
  HttpClient client(port());
  auto reply = client.request("GET", "/api/games/42/moves/7?user=ann%20b");
  ASSERT_EQ(reply.status, 200u);
  EXPECT_EQ(reply.headers["content-type"], "application/json");
  EXPECT_EQ(reply.json(), json({{"id", "42"}, {"ply", "7"}, {"user", "ann b"}}));
  // Same connection, kept alive.
  reply = client.request("POST", "/api/games/9/moves", R"({"move":"7g7f"})");
  EXPECT_EQ(reply.status, 201u);
  EXPECT_EQ(reply.json()["got"]["move"], "7g7f");
  EXPECT_TRUE(reply.keep_alive);
}

TEST_F(Transport, BadJsonNamesTheByte) {
  HttpClient client(port());
  auto reply = client.request("POST", "/api/games/9/moves", R"({"move": 7g7f})");
  ASSERT_EQ(reply.status, 400u);
  auto error = reply.json()["error"];
  EXPECT_EQ(error["code"], "bad_json");
  EXPECT_NE(error["message"].get<std::string>().find("at byte 10"), std::string::npos)
      << error["message"];
}

TEST_F(Transport, NotFoundAndMethodNotAllowed) {
  HttpClient client(port());
  auto reply = client.request("GET", "/api/nothing/here");
  EXPECT_EQ(reply.status, 404u);
  EXPECT_EQ(reply.json()["error"]["code"], "not_found");
  reply = client.request("PUT", "/api/games/1/moves", "{}");
  EXPECT_EQ(reply.status, 405u);
  EXPECT_EQ(reply.json()["error"]["code"], "method_not_allowed");
  EXPECT_EQ(reply.headers["allow"], "POST");
  reply = client.request("GET", "/api/games/%zz/moves/1");
  EXPECT_EQ(reply.status, 400u);
  EXPECT_EQ(reply.json()["error"]["code"], "bad_url");
}

TEST_F(Transport, BodyOverTheLimitIs413) {
  HttpClient client(port());
  auto reply = client.request("POST", "/api/games/1/moves", std::string(5000, ' '));
  EXPECT_EQ(reply.status, 413u);
  EXPECT_EQ(reply.json()["error"]["code"], "too_large");
  EXPECT_FALSE(reply.keep_alive);
  // A body that fits still works, on a new connection.
  HttpClient again(port());
  EXPECT_EQ(again.request("POST", "/api/games/1/moves", "[" + std::string(900, ' ') + "]").status,
            201u);
}

TEST_F(Transport, HeadersOverTheLimitAre431) {
  HttpClient client(port());
  auto reply = client.request("GET", "/api/whoami", "", {{"X-Padding", std::string(9000, 'x')}});
  EXPECT_EQ(reply.status, 431u);
  EXPECT_EQ(reply.json()["error"]["code"], "headers_too_large");
  EXPECT_FALSE(reply.keep_alive);
  HttpClient again(port());  // headers that fit still work
  auto fits = again.request("GET", "/api/whoami", "",
                            {{"Authorization", "Bearer " + std::string(7000, 'x')}});
  EXPECT_EQ(fits.status, 200u);
}

TEST(TransportLimits, AWebSocketMessageOverTheLimitClosesTheConnection) {
  ServerOptions options = test_options();
  options.ws_message_limit = 1024;
  Server server(options, test_routes());
  server.start();
  WsClient ws(server.port());
  ws.send({{"op", "ping"}, {"padding", std::string(900, 'x')}});  // fits
  EXPECT_EQ(ws.receive().value()["type"], "pong");
  ws.send({{"op", "ping"}, {"padding", std::string(1100, 'x')}});
  EXPECT_FALSE(ws.receive(std::chrono::seconds(5)));  // closed, not answered
  server.stop();
}

TEST(TransportLimits, SubscriptionsPastTheLimitAreRefused) {
  ServerOptions options = test_options();
  options.ws_topic_limit = 3;
  Server server(options, test_routes());
  server.start();
  WsClient ws(server.port());
  for (int i = 1; i <= 3; ++i)
    ASSERT_EQ(ws.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(i)}})["type"],
              "subscribed");
  json refused = ws.call({{"op", "subscribe"}, {"topic", "game:4"}});
  EXPECT_EQ(refused["error"]["code"], "too_many_topics");
  EXPECT_EQ(server.hub().subscriber_count("game:4"), 0u);
  // Subscribing again to a topic it has is no new subscription; leaving one makes room.
  EXPECT_EQ(ws.call({{"op", "subscribe"}, {"topic", "game:1"}})["type"], "subscribed");
  EXPECT_EQ(ws.call({{"op", "unsubscribe"}, {"topic", "game:1"}})["type"], "unsubscribed");
  EXPECT_EQ(ws.call({{"op", "subscribe"}, {"topic", "game:4"}})["type"], "subscribed");
  server.stop();
}

TEST_F(Transport, BearerTokenAndHandlerErrors) {
  HttpClient client(port());
  EXPECT_EQ(client.request("GET", "/api/whoami").status, 401u);
  auto reply = client.request("GET", "/api/whoami", "", {{"Authorization", "bearer  abc.def "}});
  EXPECT_EQ(reply.json()["token"], "abc.def");
  reply = client.request("GET", "/api/broken");
  EXPECT_EQ(reply.status, 500u);
  EXPECT_EQ(reply.json()["error"]["message"], "internal server error");  // no details leak
  reply = client.request("DELETE", "/api/broken");
  EXPECT_EQ(reply.status, 409u);
  EXPECT_EQ(reply.json()["error"]["code"], "conflict");
}

TEST_F(Transport, MalformedRequestIs400) {
  HttpClient client(port());
  boost::asio::write(client.stream(), boost::asio::buffer(std::string("NOT HTTP\r\n\r\n")));
  auto reply = client.receive();
  EXPECT_EQ(reply.status, 400u);
  EXPECT_EQ(reply.json()["error"]["code"], "bad_request");
}

TEST(TransportTimeouts, IdleConnectionIsClosed) {
  ServerOptions options = test_options();
  options.idle_timeout = std::chrono::milliseconds(200);
  Server server(options, test_routes());
  server.start();
  HttpClient client(server.port());
  EXPECT_TRUE(client.closed_within(std::chrono::seconds(3)));
  server.stop();
}

TEST_F(Transport, WebSocketSubscribeAndReceive) {
  WsClient ws(port());
  EXPECT_EQ(ws.call({{"op", "subscribe"}, {"topic", "game:7"}, {"id", 1}}),
            json({{"type", "subscribed"}, {"topic", "game:7"}, {"id", 1}}));
  EXPECT_EQ(server_->hub().publish("game:7", {{"kind", "move"}, {"ply", 3}}), 1u);
  auto event = ws.receive();
  ASSERT_TRUE(event);
  EXPECT_EQ(
      *event,
      json({{"type", "event"}, {"topic", "game:7"}, {"event", {{"kind", "move"}, {"ply", 3}}}}));
  EXPECT_EQ(server_->hub().publish("game:8", {{"kind", "move"}}), 0u);
  EXPECT_EQ(ws.call({{"op", "ping"}})["type"], "pong");
  EXPECT_EQ(ws.call({{"op", "subscribe"}, {"topic", "nonsense"}})["error"]["code"], "forbidden");
  EXPECT_EQ(ws.call({{"op", "dance"}})["error"]["code"], "bad_op");
  ws.stream().write(boost::asio::buffer(std::string("{oops")));
  EXPECT_EQ(ws.receive().value()["error"]["code"], "bad_json");
  EXPECT_EQ(ws.call({{"op", "unsubscribe"}, {"topic", "game:7"}})["type"], "unsubscribed");
  EXPECT_EQ(server_->hub().subscriber_count("game:7"), 0u);
}

// A number too large for a double is no parse error to nlohmann (out_of_range): it once
// escaped the connection's handler, so the client got no answer and its connection read no
// more (found by fuzz/websocket.cpp).
TEST_F(Transport, WebSocketNumberTooLargeIsBadJson) {
  WsClient ws(port());
  for (std::string text : {"1e400", R"({"op": "ping", "id": -1e999})"}) {
    ws.stream().write(boost::asio::buffer(text));
    json error = ws.receive().value()["error"];
    EXPECT_EQ(error["code"], "bad_json") << text;
    EXPECT_NE(error["message"].get<std::string>().find("number overflow"), std::string::npos)
        << error["message"];
  }
  EXPECT_EQ(ws.call({{"op", "ping"}})["type"], "pong");
}

TEST(TransportPolicy, TokenReachesTheTopicPolicy) {
  auto policy = [](const std::string& topic,
                   const std::optional<std::string>& token) -> std::optional<std::string> {
    if (topic == "user:ann" && token != "ann-token") return "not yours";
    return std::nullopt;
  };
  Server server(test_options(), test_routes(), policy);
  server.start();
  {
    WsClient anonymous(server.port());
    EXPECT_EQ(anonymous.call({{"op", "subscribe"}, {"topic", "user:ann"}})["error"]["message"],
              "not yours");
    WsClient by_query(server.port(), "/ws?token=ann-token");
    EXPECT_EQ(by_query.call({{"op", "subscribe"}, {"topic", "user:ann"}})["type"], "subscribed");
    WsClient by_header(server.port(), "/ws", {{"Authorization", "Bearer ann-token"}});
    EXPECT_EQ(by_header.call({{"op", "subscribe"}, {"topic", "user:ann"}})["type"], "subscribed");
  }  // closed before the stop, which would otherwise wait for their close handshakes
  server.stop();
}

TEST_F(Transport, FiveHundredConcurrentHttpConnections) {
  std::vector<std::unique_ptr<HttpClient>> clients;
  for (int i = 0; i < 500; ++i) clients.push_back(std::make_unique<HttpClient>(port()));
  // All requests are in flight before any reply is read.
  for (int i = 0; i < 500; ++i)
    clients[i]->send("GET", "/api/games/" + std::to_string(i) + "/moves/1");
  for (int i = 0; i < 500; ++i) {
    auto reply = clients[i]->receive();
    ASSERT_EQ(reply.status, 200u);
    EXPECT_EQ(reply.json()["id"], std::to_string(i));
  }
}

TEST_F(Transport, FiveHundredWebSocketsReceiveOneEvent) {
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < 500; ++i) {
    clients.push_back(std::make_unique<WsClient>(port()));
    ASSERT_EQ(clients.back()->call({{"op", "subscribe"}, {"topic", "lobby"}})["type"],
              "subscribed");
  }
  EXPECT_EQ(server_->hub().publish("lobby", {{"kind", "challenge"}, {"id", 5}}), 500u);
  for (auto& client : clients) {
    auto event = client->receive();
    ASSERT_TRUE(event);
    EXPECT_EQ((*event)["event"]["id"], 5);
  }
}

TEST(TransportSlowClient, IsDroppedPastTheQueueLimit) {
  ServerOptions options = test_options();
  options.ws_queue_limit = 4;
  Server server(options, test_routes());
  server.start();
  WsClient slow(server.port());  // subscribes, then never reads
  ASSERT_EQ(slow.call({{"op", "subscribe"}, {"topic", "lobby"}})["type"], "subscribed");
  json big = {{"padding", std::string(256 * 1024, 'x')}};
  // Socket buffers take a few megabytes; past them the queue fills and the client is dropped.
  for (int i = 0; i < 400 && server.hub().subscriber_count("lobby") > 0; ++i) {
    server.hub().publish("lobby", big);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  for (int i = 0; i < 200 && server.hub().subscriber_count("lobby") > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(server.hub().subscriber_count("lobby"), 0u);
  server.stop();
}

TEST(TransportShutdown, ClosesWebSocketsAndIdleConnections) {
  Server server(test_options(), test_routes());
  server.start();
  WsClient ws(server.port());
  ASSERT_EQ(ws.call({{"op", "subscribe"}, {"topic", "lobby"}})["type"], "subscribed");
  HttpClient idle(server.port());
  ASSERT_EQ(idle.request("GET", "/api/games/1/moves/1").status, 200u);
  std::thread stopper([&] { server.stop(); });
  EXPECT_FALSE(ws.receive());
  EXPECT_EQ(ws.last_error(), boost::beast::websocket::error::closed);
  EXPECT_EQ(ws.stream().reason().code, boost::beast::websocket::close_code::going_away);
  EXPECT_TRUE(idle.closed_within(std::chrono::seconds(3)));
  stopper.join();
  EXPECT_EQ(server.connection_count(), 0u);
  EXPECT_THROW(HttpClient late(server.port()), boost::system::system_error);
}

TEST(TransportWorkers, ASlowHandlerDoesNotHoldUpOthers) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<bool> slow_done{false};
  Router router = test_routes();
  router.add("GET", "/api/slow", [released, &slow_done](const Request&) {
    released.wait_for(std::chrono::seconds(10));
    slow_done = true;
    return json_response({{"slow", true}});
  });
  ServerOptions options = test_options();
  options.threads = 1;  // one I/O thread: a handler running on it would block everything
  options.workers = 2;
  Server server(options, std::move(router));
  server.start();
  HttpClient slow(server.port());
  slow.send("GET", "/api/slow");
  HttpClient fast(server.port());
  EXPECT_EQ(fast.request("GET", "/api/games/1/moves/2").status, 200u);
  EXPECT_FALSE(slow_done);
  release.set_value();
  EXPECT_EQ(slow.receive().json()["slow"], true);
  server.stop();
}

// The topic policy may read the store (watching a game loads it): it runs on a worker, so a
// slow check holds up neither the I/O thread's other clients nor, out of order, its own.
TEST(TransportWorkers, ASlowTopicPolicyDoesNotHoldUpOthers) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<bool> checked{false};
  auto policy = [released, &checked](const std::string& topic,
                                     const std::optional<std::string>&)
      -> std::optional<std::string> {
    if (topic == "game:slow") {
      released.wait_for(std::chrono::seconds(10));
      checked = true;
    }
    return topic == "game:refused" ? std::optional<std::string>("no") : std::nullopt;
  };
  ServerOptions options = test_options();
  options.threads = 1;  // one I/O thread: a check running on it would block everything
  options.workers = 2;
  Server server(options, test_routes(), policy);
  server.start();
  {
    WsClient slow(server.port());
    slow.send({{"op", "subscribe"}, {"topic", "game:slow"}, {"id", 1}});
    slow.send({{"op", "ping"}, {"id", 2}});
    WsClient other(server.port());
    EXPECT_EQ(other.call({{"op", "ping"}})["type"], "pong");
    EXPECT_EQ(other.call({{"op", "subscribe"}, {"topic", "game:refused"}})["error"]["code"],
              "forbidden");
    EXPECT_EQ(other.call({{"op", "subscribe"}, {"topic", "lobby"}})["type"], "subscribed");
    EXPECT_FALSE(checked);
    release.set_value();
    auto first = slow.receive();
    auto second = slow.receive();
    ASSERT_TRUE(first && second);
    EXPECT_EQ((*first)["type"], "subscribed");
    EXPECT_EQ((*first)["id"], 1);
    EXPECT_EQ((*second)["type"], "pong");  // after the answer to the message before it
    EXPECT_EQ((*second)["id"], 2);
    EXPECT_EQ(server.hub().subscriber_count("game:slow"), 1u);
  }
  server.stop();
}

TEST(TransportListen, BusyPortIsAClearError) {
  Server first(test_options(), test_routes());
  first.start();
  ServerOptions options = test_options();
  options.port = first.port();
  Server second(options, test_routes());
  try {
    second.start();
    FAIL() << "a second server bound the same port";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot listen on 127.0.0.1:"), std::string::npos)
        << e.what();
  }
  first.stop();
}

}  // namespace
}  // namespace kirin::server::http
