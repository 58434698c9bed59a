#include "server/http/server.h"

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <csignal>

#include "server/http/fd_limit.h"
#include "server/http/listener.h"
#include "server/http/log.h"

namespace kirin::server::http {

namespace net = boost::asio;
using net::ip::tcp;

Server::Server(ServerOptions options, Router router, TopicPolicy policy)
    : io_(std::max(1, options.threads)), workers_(std::max(1, options.workers)) {
  context_.options = std::move(options);
  context_.router = std::move(router);
  context_.topic_policy = std::move(policy);
  context_.run_handler = [this](std::function<void()> handler) {
    net::post(workers_, std::move(handler));
  };
}

Server::~Server() { stop(); }

void Server::start() {
  // Under the open-file limit now in force (`kirin serve` has raised it already).
  if (context_.options.max_connections == 0)
    context_.options.max_connections = connection_limit_for(fd_limit());
  const ServerOptions& o = context_.options;
  boost::system::error_code ec;
  net::ip::address address = net::ip::make_address(o.host, ec);
  if (ec) {
    // Not a literal address: a name such as "localhost"; take the first it resolves to.
    tcp::resolver resolver(io_);
    auto results = resolver.resolve(o.host, std::to_string(o.port), ec);
    if (ec || results.empty())
      throw std::runtime_error(fmt::format("cannot listen on {}:{}: cannot resolve the host ({})",
                                           o.host, o.port, ec.message()));
    address = results.begin()->endpoint().address();
  }
  listener_ = std::make_shared<Listener>(io_, tcp::endpoint(address, o.port), context_);
  listener_->run();
  if (o.handle_signals) {
    signals_ = std::make_unique<net::signal_set>(io_, SIGINT, SIGTERM);
    signals_->async_wait([this](const boost::system::error_code& error, int number) {
      signal_caught_.set_value(error ? 0 : number);
    });
  }
  for (int i = 0; i < std::max(1, o.threads); ++i) {
    threads_.emplace_back([this] {
      // A handler that throws must not take a thread (and its share of clients) with it.
      for (;;) {
        try {
          io_.run();
          return;
        } catch (const std::exception& e) {
          log("error: uncaught in an io thread: {}", e.what());
        }
      }
    });
  }
}

void Server::stop() {
  std::lock_guard lock(stop_mutex_);
  if (stopped_ || !listener_) return;
  stopped_ = true;
  context_.stopping = true;
  // Extensions end their work (searches) first: nothing they send may outlive the threads.
  for (const auto& extension : context_.ws_extensions) extension->stop();
  listener_->stop();
  if (signals_) net::post(io_, [this] { signals_->cancel(); });
  context_.connections.shutdown_all();
  auto deadline = std::chrono::steady_clock::now() + context_.options.shutdown_grace;
  while (context_.connections.size() > 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  io_.stop();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
  workers_.join();
}

std::size_t Server::close_websockets_of(const std::string& token) {
  return context_.connections.shutdown_token(token);
}

void Server::find_session_users_with(
    std::function<std::optional<Id>(const std::string&)> lookup) {
  context_.session_user = std::move(lookup);
}

std::size_t Server::close_websockets_of_user(
    Id user, const std::function<bool(const std::string&)>& keep) {
  return context_.connections.shutdown_user(user, keep);
}

int Server::wait_for_signal() {
  if (!signals_) throw std::logic_error("Server::wait_for_signal without options.handle_signals");
  return signal_caught_.get_future().get();
}

void Server::add_ws_extension(std::shared_ptr<WsExtension> extension) {
  if (listener_) throw std::logic_error("Server::add_ws_extension after start()");
  context_.ws_extensions.push_back(std::move(extension));
}

std::uint16_t Server::port() const {
  return listener_ ? listener_->local_endpoint().port() : context_.options.port;
}

}  // namespace kirin::server::http
