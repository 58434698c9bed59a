// The test clients' bodies (test_client.h), compiled once for every HTTP test.
#include "test_client.h"

#include <gtest/gtest.h>

#include <cctype>

namespace kirin::server::http::test {

HttpClient::HttpClient(std::uint16_t port) : stream_(io_) {
  stream_.connect(
      boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
}

HttpClient::HttpClient(std::uint16_t port, const std::string& from) : stream_(io_) {
  namespace ip = boost::asio::ip;
  stream_.socket().open(ip::tcp::v4());
  stream_.socket().bind(ip::tcp::endpoint(ip::make_address(from), 0));
  stream_.connect(ip::tcp::endpoint(ip::make_address("127.0.0.1"), port));
}

HttpClient::~HttpClient() = default;

void HttpClient::send(const std::string& method, const std::string& target,
                      const std::string& body, const std::map<std::string, std::string>& headers) {
  namespace bhttp = boost::beast::http;
  bhttp::request<bhttp::string_body> request(bhttp::string_to_verb(method), target, 11);
  request.set(bhttp::field::host, "127.0.0.1");
  if (!body.empty()) request.set(bhttp::field::content_type, "application/json");
  for (const auto& [name, value] : headers) request.set(name, value);
  request.body() = body;
  request.prepare_payload();
  bhttp::write(stream_, request);
}

Reply HttpClient::receive(bool head) {
  namespace bhttp = boost::beast::http;
  bhttp::response_parser<bhttp::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  parser.skip(head);
  bhttp::read(stream_, buffer_, parser);
  auto& response = parser.get();
  Reply reply{response.result_int(), response.body(), {}, response.keep_alive()};
  for (const auto& field : response) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    reply.headers[name] = std::string(field.value());
  }
  return reply;
}

Reply HttpClient::request(const std::string& method, const std::string& target,
                          const std::string& body,
                          const std::map<std::string, std::string>& headers) {
  send(method, target, body, headers);
  return receive(method == "HEAD");
}

bool HttpClient::closed_within(std::chrono::milliseconds limit) {
  char byte;
  boost::beast::error_code ec;
  stream_.expires_after(limit);
  bool done = false;
  stream_.async_read_some(boost::asio::buffer(&byte, 1),
                          [&](boost::beast::error_code error, std::size_t) {
                            ec = error;
                            done = true;
                          });
  io_.restart();
  io_.run();
  return done && ec && ec != boost::beast::error::timeout;
}

WsClient::WsClient(std::uint16_t port, const std::string& target,
                   const std::map<std::string, std::string>& headers)
    : ws_(io_) {
  namespace websocket = boost::beast::websocket;
  boost::beast::get_lowest_layer(ws_).connect(
      boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  ws_.set_option(websocket::stream_base::decorator([headers](websocket::request_type& r) {
    for (const auto& [name, value] : headers) r.set(name, value);
  }));
  ws_.handshake("127.0.0.1", target);
}

WsClient::~WsClient() = default;

void WsClient::send(const nlohmann::json& message) {
  ws_.write(boost::asio::buffer(message.dump()));
}

std::optional<nlohmann::json> WsClient::receive(std::chrono::milliseconds limit) {
  boost::beast::flat_buffer buffer;
  boost::beast::error_code ec = boost::asio::error::timed_out;
  bool done = false;
  ws_.async_read(buffer, [&](boost::beast::error_code error, std::size_t) {
    ec = error;
    done = true;
  });
  io_.restart();
  io_.run_for(limit);
  if (!done) {
    // Abandon the read: the stream is not usable afterwards, which is fine for a test.
    boost::beast::get_lowest_layer(ws_).cancel();
    io_.restart();
    io_.run();
    last_error_ = boost::asio::error::timed_out;
    return std::nullopt;
  }
  last_error_ = ec;
  if (ec) return std::nullopt;
  return nlohmann::json::parse(boost::beast::buffers_to_string(buffer.data()));
}

nlohmann::json WsClient::call(const nlohmann::json& message) {
  send(message);
  auto reply = receive();
  return reply ? *reply : nlohmann::json();
}

Reply api_call(std::uint16_t port, const std::string& method, const std::string& target,
               const nlohmann::json& body, const std::string& token) {
  HttpClient client(port);
  std::map<std::string, std::string> headers;
  if (!token.empty()) headers["Authorization"] = "Bearer " + token;
  return client.request(method, target, body.is_null() ? "" : body.dump(), headers);
}

std::string api_sign_up(std::uint16_t port, const std::string& name) {
  Reply r = api_call(
      port, "POST", "/api/signup",
      {{"name", name}, {"email", name + "@example.org"}, {"password", "pw-" + name + "-123"}});
  EXPECT_EQ(r.status, 201u) << r.body;
  return r.status == 201 ? r.json()["token"].get<std::string>() : std::string();
}

std::int64_t api_start_game(std::uint16_t port, const std::string& challenger_token,
                            const std::string& opponent, const std::string& opponent_token) {
  Reply c = api_call(port, "POST", "/api/challenges", {{"opponent", opponent}, {"game", "shogi"}},
                     challenger_token);
  EXPECT_EQ(c.status, 201u) << c.body;
  if (c.status != 201) return 0;
  Reply a = api_call(port, "POST",
                     "/api/challenges/" + std::to_string(c.json()["id"].get<std::int64_t>()) +
                         "/accept",
                     nullptr, opponent_token);
  EXPECT_EQ(a.status, 200u) << a.body;
  return a.status == 200 ? a.json()["game"].get<std::int64_t>() : 0;
}

}  // namespace kirin::server::http::test
