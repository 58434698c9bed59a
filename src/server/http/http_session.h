// One HTTP/1.1 connection: reads a request (its first byte within first_byte_timeout, or
// idle_timeout on a kept-alive connection, then the headers within header_timeout, the body
// within body_timeout and under body_limit), answers it through the router, and keeps the
// connection for the next one. An upgrade to /ws hands the socket to a WsSession.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>
#include <optional>

#include "server/http/connections.h"
#include "server/http/context.h"
#include "server/http/message.h"

namespace kirin::server::http {

class HttpSession : public Connection, public std::enable_shared_from_this<HttpSession> {
 public:
  // ticket: the connection's place under the connection limits, held until it closes.
  HttpSession(boost::asio::ip::tcp::socket socket, Context& context, Admission::Ticket ticket);
  ~HttpSession() override;

  void run();
  // Answers with this response at once, without reading the request, and closes: a
  // connection over the limits.
  void refuse(Response response);
  void shutdown(Ending why) override;

 private:
  using Parser = boost::beast::http::request_parser<boost::beast::http::string_body>;

  void do_read();
  void on_first_byte(boost::beast::error_code ec, std::size_t bytes);
  void read_header();
  void on_header(boost::beast::error_code ec, std::size_t bytes);
  void on_continue(boost::beast::error_code ec, std::size_t bytes);
  void read_body();
  void on_body(boost::beast::error_code ec, std::size_t bytes);
  // Answers a request that could not be read (413, 431, 400) and closes.
  void fail(boost::beast::error_code ec);
  void handle();
  void upgrade();
  // The request's client (client_address.h): the peer, or behind a trusted proxy the
  // X-Forwarded-For address; "" if the peer is gone.
  // origin: if given, set to the client's full address.
  std::string client_of(const boost::beast::http::request<boost::beast::http::string_body>& raw,
                        std::string* origin = nullptr);
  // Counts the answered request in the metrics.
  void count(const Request& request, unsigned status,
             std::chrono::steady_clock::time_point arrived);
  // A HEAD request gets the headers of the response, with its Content-Length, and no body.
  void send(Response response, bool keep_alive, bool head = false);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void linger();
  void on_drain(boost::beast::error_code ec, std::size_t bytes);
  void close();

  boost::beast::tcp_stream stream_;
  Context& context_;
  Admission::Ticket ticket_;
  boost::beast::flat_buffer buffer_;
  std::optional<Parser> parser_;
  std::size_t body_limit_ = 0;  // the request's: larger for a game's analysis
  std::shared_ptr<void> response_;  // the response being written, alive until on_write
  bool waiting_ = false;            // between requests (idle): shutdown may close at once
  bool stopping_ = false;
  bool served_ = false;             // a request was read: the next may wait idle_timeout
  std::size_t drained_ = 0;  // bytes discarded while lingering
};

}  // namespace kirin::server::http
