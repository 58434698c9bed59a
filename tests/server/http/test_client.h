// Test clients for a server running in the same process: plain HTTP/1.1 over one kept-alive
// connection, and a WebSocket whose reads time out instead of hanging a failing test. Their
// bodies are in test_client.cpp, compiled once: Beast's reads, writes and handshake cost each
// test file that instantiated them about 7 s of CPU (docs/BENCHMARKS.md, issue 27).
#pragma once

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace kirin::server::http::test {

struct Reply {
  unsigned status = 0;
  std::string body;
  std::map<std::string, std::string> headers;  // lower-case names
  bool keep_alive = false;
  nlohmann::json json() const { return nlohmann::json::parse(body); }
};

class HttpClient {
 public:
  explicit HttpClient(std::uint16_t port);
  // From another loopback address ("127.0.0.2"): another client, as the server counts them.
  HttpClient(std::uint16_t port, const std::string& from);
  ~HttpClient();

  void send(const std::string& method, const std::string& target, const std::string& body = {},
            const std::map<std::string, std::string>& headers = {});

  // head: the answer to a HEAD request, whose Content-Length announces a body never sent.
  Reply receive(bool head = false);

  Reply request(const std::string& method, const std::string& target, const std::string& body = {},
                const std::map<std::string, std::string>& headers = {});

  // True when the server has closed the connection (reads end of stream) within the time.
  bool closed_within(std::chrono::milliseconds limit);

  boost::beast::tcp_stream& stream() { return stream_; }

 private:
  boost::asio::io_context io_;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
};

class WsClient {
 public:
  explicit WsClient(std::uint16_t port, const std::string& target = "/ws",
                    const std::map<std::string, std::string>& headers = {});
  ~WsClient();

  void send(const nlohmann::json& message);

  // The next message, or nullopt when none arrives in time or the connection ends.
  std::optional<nlohmann::json> receive(std::chrono::milliseconds limit = std::chrono::seconds(5));

  // Sends and returns the first reply.
  nlohmann::json call(const nlohmann::json& message);

  const boost::beast::error_code& last_error() const { return last_error_; }
  boost::beast::websocket::stream<boost::beast::tcp_stream>& stream() { return ws_; }

 private:
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::error_code last_error_;
};

// One API request on a new connection: `body` as JSON (none if null), `token` as the bearer
// token (none if empty).
Reply api_call(std::uint16_t port, const std::string& method, const std::string& target,
               const nlohmann::json& body = nullptr, const std::string& token = {});

// Signs `name` up (email NAME@example.org, password "pw-NAME-123"): the session's token. A
// refusal fails the test.
std::string api_sign_up(std::uint16_t port, const std::string& name);
// The player of `challenger_token` challenges `opponent` to shogi (Black), who accepts with
// `opponent_token`: the game's id. A refusal fails the test.
std::int64_t api_start_game(std::uint16_t port, const std::string& challenger_token,
                            const std::string& opponent, const std::string& opponent_token);

}  // namespace kirin::server::http::test
