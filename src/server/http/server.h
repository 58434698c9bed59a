// The HTTP + WebSocket server: a listener and an io_context run by `threads` threads for the
// network, and a pool of `workers` threads for the route handlers. Routes and the topic
// policy are given at construction; events are published through hub().
//
//   Server server(options, std::move(router));
//   server.start();                 // listening when this returns
//   server.hub().publish("lobby", event);
//   server.wait_for_signal();       // SIGINT or SIGTERM
//   server.stop();                  // graceful: connections finish, then threads join
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "server/http/context.h"

namespace kirin::server::http {

class Listener;

class Server {
 public:
  Server(ServerOptions options, Router router, TopicPolicy policy = default_topic_policy);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds (throws std::runtime_error naming the address and reason) and starts the threads.
  void start();
  // Stops accepting, lets open requests finish and WebSockets close (up to shutdown_grace),
  // then joins the threads. Idempotent; not callable from a handler.
  void stop();
  // With options.handle_signals: blocks until SIGINT or SIGTERM arrives and returns its
  // number (0 if stop() came first). The handler is installed by start(), so a signal is
  // never missed between start() and this call.
  int wait_for_signal();

  // Answers more WebSocket ops (ws_extension.h); before start(). stop() stops it first.
  void add_ws_extension(std::shared_ptr<WsExtension> extension);

  // Closes the WebSockets opened with this token (1008 "logged out"): their user topics were
  // granted to a session that has ended. Returns how many; callable from any thread.
  std::size_t close_websockets_of(const std::string& token);
  // How a WebSocket's token is told to be a user's (Context::session_user); before start().
  void find_session_users_with(std::function<std::optional<Id>(const std::string&)> lookup);
  // Closes the user's WebSockets (1008 "logged out"): their sessions ended. Those whose token
  // `keep` accepts stay. Returns how many; callable from any thread.
  std::size_t close_websockets_of_user(Id user,
                                       const std::function<bool(const std::string&)>& keep);

  std::uint16_t port() const;  // the bound port (useful with port 0)
  const std::string& host() const { return context_.options.host; }
  Hub& hub() { return context_.hub; }
  const Context& context() const { return context_; }  // its counters, for /metrics and tests
  Metrics& metrics() { return context_.metrics; }  // to register the app's values
  std::size_t connection_count() const { return context_.connections.size(); }
  // The limit on connections at once in force (options.max_connections, derived at start).
  std::size_t max_connections() const { return context_.options.max_connections; }

 private:
  Context context_;  // declared first: outlives io_ and every connection in it
  boost::asio::io_context io_;
  boost::asio::thread_pool workers_;  // after io_: joined and gone before it
  std::shared_ptr<Listener> listener_;
  std::unique_ptr<boost::asio::signal_set> signals_;
  std::promise<int> signal_caught_;
  std::vector<std::thread> threads_;
  std::mutex stop_mutex_;
  bool stopped_ = false;
};

}  // namespace kirin::server::http
