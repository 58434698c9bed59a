// Accepts TCP connections and starts an HttpSession on each, on a strand of its own.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <memory>

#include "server/http/context.h"

namespace kirin::server::http {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens; throws std::runtime_error naming the address and the reason.
  Listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
           Context& context);

  void run();
  void stop();  // closes the acceptor; callable from any thread
  boost::asio::ip::tcp::endpoint local_endpoint() const { return endpoint_; }

 private:
  void do_accept();
  void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& io_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_;
  boost::asio::ip::tcp::endpoint endpoint_;
  Context& context_;
};

}  // namespace kirin::server::http
