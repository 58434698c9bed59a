#include "server/http/listener.h"

#include <fmt/core.h>

#include <boost/beast/core.hpp>

#include "server/http/http_session.h"
#include "server/http/log.h"

namespace kirin::server::http {

namespace beast = boost::beast;
namespace net = boost::asio;
using net::ip::tcp;

Listener::Listener(net::io_context& io, const tcp::endpoint& endpoint, Context& context)
    : io_(io),
      strand_(net::make_strand(io)),
      acceptor_(strand_),
      retry_(strand_),
      context_(context) {
  beast::error_code ec;
  auto check = [&](const char* step) {
    if (ec)
      throw std::runtime_error(fmt::format("cannot listen on {}:{}: {} ({})",
                                           endpoint.address().to_string(), endpoint.port(),
                                           ec.message(), step));
  };
  acceptor_.open(endpoint.protocol(), ec);
  check("open");
  acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  check("SO_REUSEADDR");
  acceptor_.bind(endpoint, ec);
  check("bind");
  acceptor_.listen(net::socket_base::max_listen_connections, ec);
  check("listen");
  endpoint_ = acceptor_.local_endpoint();
}

void Listener::run() {
  net::dispatch(strand_, beast::bind_front_handler(&Listener::do_accept, shared_from_this()));
}

void Listener::stop() {
  net::post(strand_, [self = shared_from_this()] {
    beast::error_code ignored;
    self->acceptor_.close(ignored);
    self->retry_.cancel();
  });
}

void Listener::do_accept() {
  if (!acceptor_.is_open()) return;
  // Each connection gets its own strand: its handlers never run at the same time, while
  // different connections run on all the io threads.
  acceptor_.async_accept(net::make_strand(io_),
                         beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::system::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted) return;  // stopped
  if (ec) {
    // Out of file descriptors (or similar): retrying at once would spin, so pause a little.
    log("error: accepting a connection: {}", ec.message());
    retry_.expires_after(std::chrono::milliseconds(100));
    retry_.async_wait([self = shared_from_this()](beast::error_code error) {
      if (!error) self->do_accept();
    });
    return;
  }
  std::make_shared<HttpSession>(std::move(socket), context_)->run();
  do_accept();
}

}  // namespace kirin::server::http
