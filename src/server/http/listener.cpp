#include "server/http/listener.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/beast/core.hpp>
#include <cerrno>
#include <cstring>

#include "server/http/fd_limit.h"
#include "server/http/http_session.h"
#include "server/http/log.h"

namespace kirin::server::http {

namespace beast = boost::beast;
namespace net = boost::asio;
using net::ip::tcp;

namespace {

int take_reserve() { return ::open("/dev/null", O_RDONLY | O_CLOEXEC); }

// What a connection refused for want of descriptors is sent, if its socket takes it.
const std::string& out_of_descriptors_response() {
  static const std::string response = [] {
    std::string body =
        error_body("server_busy", "the server is out of file descriptors; try again later").dump();
    return fmt::format(
        "HTTP/1.1 503 Service Unavailable\r\nServer: kirin\r\nContent-Type: application/json\r\n"
        "Content-Length: {}\r\nConnection: close\r\n\r\n{}",
        body.size(), body);
  }();
  return response;
}

}  // namespace

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
  // refuse_with_reserve accepts with accept4 on the side: it must never block.
  acceptor_.non_blocking(true, ec);
  check("non-blocking");
  endpoint_ = acceptor_.local_endpoint();
  reserve_ = take_reserve();
}

Listener::~Listener() {
  if (reserve_ >= 0) ::close(reserve_);
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
  if (ec == net::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system)
    return out_of_descriptors(ec);
  if (ec) {
    log("error: accepting a connection: {}", ec.message());
    return pause_accepting();
  }
  if (reserve_ < 0) reserve_ = take_reserve();  // descriptors are free again
  admit(std::move(socket));
  do_accept();
}

void Listener::admit(tcp::socket socket) {
  beast::error_code ec;
  tcp::endpoint peer = socket.remote_endpoint(ec);
  if (ec) return;  // gone already
  const ServerOptions& o = context_.options;
  std::size_t per_address =
      o.trusted_proxies.contains(peer.address()) ? 0 : o.connections_per_address;
  Admission::Decision decision =
      context_.admission.admit(peer.address(), per_address, o.max_connections);
  auto session =
      std::make_shared<HttpSession>(std::move(socket), context_, std::move(decision.ticket));
  switch (decision.verdict) {
    case Admission::Verdict::Admitted:
      return session->run();
    case Admission::Verdict::AddressFull:
      return session->refuse(error_response(
          503, "too_many_connections",
          fmt::format("at most {} connections at once from one address; close some first",
                      o.connections_per_address)));
    case Admission::Verdict::ServerFull:
      return session->refuse(error_response(
          503, "server_busy",
          fmt::format("the server holds its most connections ({}); try again later",
                      o.max_connections)));
  }
}

void Listener::out_of_descriptors(boost::system::error_code) {
  // Linux fails an accept for want of a descriptor even when no connection waits. Asio's next
  // accept would then wait for the listening socket to be reported readable again, which a
  // connection already waiting does not make it (its readiness went to the accept that
  // failed): it would wait for the next connection to come (the transport test's clients, one
  // run in five). So while out of descriptors the listener polls, every 10 ms, accepting what
  // waits itself and refusing it with the reserve descriptor, until descriptors are free.
  retry_.expires_after(std::chrono::milliseconds(10));
  retry_.async_wait([self = shared_from_this()](beast::error_code error) {
    if (!error) self->accept_out_of_descriptors();
  });
}

void Listener::accept_out_of_descriptors() {
  if (!acceptor_.is_open()) return;
  for (;;) {
    int fd = ::accept4(acceptor_.native_handle(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {  // descriptors are free again: served as any connection
      if (reserve_ < 0) reserve_ = take_reserve();
      beast::error_code ec;
      tcp::socket socket(net::make_strand(io_));
      socket.assign(endpoint_.protocol(), fd, ec);
      if (ec) {
        ::close(fd);
      } else {
        admit(std::move(socket));
      }
      continue;
    }
    if (errno == EINTR || errno == ECONNABORTED) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {  // none waits, and a descriptor is free
      if (reserve_ < 0) reserve_ = take_reserve();
      return do_accept();
    }
    if (errno != EMFILE && errno != ENFILE) {
      log("error: accepting a connection: {}", std::strerror(errno));
      return pause_accepting();
    }
    switch (refuse_with_reserve()) {
      case Refusal::Refused: continue;  // more may wait
      case Refusal::NoneWaiting: return out_of_descriptors({});
      case Refusal::NoReserve:
        log("error: accepting a connection: {}", std::strerror(EMFILE));
        return pause_accepting();
    }
  }
}

Listener::Refusal Listener::refuse_with_reserve() {
  if (reserve_ < 0) return Refusal::NoReserve;
  ::close(reserve_);
  // One connection a time, then back to the acceptor: if descriptors are free again by then,
  // the next one is served.
  int fd = ::accept4(acceptor_.native_handle(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd >= 0) {
    // Unread bytes at close would make it a reset, which may discard the answer: read what
    // the client sent already (its request, typically), answer without waiting, close.
    char discard[8192];
    [[maybe_unused]] auto read = ::recv(fd, discard, sizeof discard, MSG_DONTWAIT);
    const std::string& response = out_of_descriptors_response();
    [[maybe_unused]] auto sent =
        ::send(fd, response.data(), response.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    ::close(fd);
    ++refused_unlogged_;
  }
  reserve_ = take_reserve();
  const Refusal done = fd >= 0 ? Refusal::Refused : Refusal::NoneWaiting;
  auto now = std::chrono::steady_clock::now();
  if (refused_unlogged_ > 0 && now - logged_at_ >= std::chrono::seconds(10)) {
    log("error: out of file descriptors (the limit is {}): refused {} connections", fd_limit(),
        refused_unlogged_);
    refused_unlogged_ = 0;
    logged_at_ = now;
  }
  return done;
}

void Listener::pause_accepting() {
  // Retrying at once would spin, so pause a little.
  retry_.expires_after(std::chrono::milliseconds(100));
  retry_.async_wait([self = shared_from_this()](beast::error_code error) {
    if (!error) self->do_accept();
  });
}

}  // namespace kirin::server::http
