// Accepts TCP connections and starts an HttpSession on each, on a strand of its own; a
// connection over the limits (admission.h) is answered 503 at once. Out of file descriptors,
// it still accepts and closes the connections waiting, through a descriptor kept in reserve,
// so that clients learn at once rather than wait in the backlog until they time out.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <memory>

#include "server/http/context.h"

namespace kirin::server::http {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens; throws std::runtime_error naming the address and the reason.
  Listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
           Context& context);

  ~Listener();

  void run();
  void stop();  // closes the acceptor; callable from any thread
  boost::asio::ip::tcp::endpoint local_endpoint() const { return endpoint_; }

 private:
  void do_accept();
  void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);
  void admit(boost::asio::ip::tcp::socket socket);
  void out_of_descriptors(boost::system::error_code ec);
  void accept_out_of_descriptors();
  // Frees the reserve, accepts one connection and closes it, takes the reserve again.
  enum class Refusal { NoReserve, NoneWaiting, Refused };
  Refusal refuse_with_reserve();
  void pause_accepting();

  boost::asio::io_context& io_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_;
  boost::asio::ip::tcp::endpoint endpoint_;
  Context& context_;
  int reserve_ = -1;  // an open /dev/null, or -1
  std::size_t refused_unlogged_ = 0;  // out-of-descriptor refusals since the last log line
  std::chrono::steady_clock::time_point logged_at_{};
};

}  // namespace kirin::server::http
