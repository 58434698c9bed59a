// The whole game server in one object, as `kirin serve` runs it and the integration tests
// start it: the store, the service (accounts, games, challenges, the computer opponent, the
// text commands), the HTTP/WebSocket server with the API routes, the forwarding of service
// events to WebSocket topics, a ticker that ends games whose clock ran out, and a listener
// for the changes other processes make to the store (GameService::changed_elsewhere), and
// with AppOptions::sendmail the players' mail notices.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/domain/computer.h"
#include "server/domain/services.h"
#include "server/http/event_forwarder.h"
#include "server/http/server.h"
#include "server/mail/outbox.h"
#include "server/store/sql_storage.h"
#include "server/text/commands.h"
#include "server/text/notices.h"

namespace kirin::server::http {

struct AppOptions {
  ServerOptions http;
  std::string store_url = "sqlite:var/kirin.db";
  StorageOptions storage;
  ServiceOptions services;
  // Commands carrying a password run from one POST /api/command (command_routes.h).
  int max_password_checks = CommandInterface::kMaxPasswordChecksPerText;
  std::string computer_name = "kirin";  // the engine's account; empty: no computer opponent
  int64_t computer_movetime_ms = 2000;
  std::chrono::milliseconds tick{1000};  // how often run-out clocks are looked for
  // Mail notices to the players (server/text/notices.h) through this command, e.g.
  // "/usr/sbin/sendmail -t -oi"; empty: none are sent.
  std::string sendmail;
  std::string mail_from = "Kirin game server <kirin@localhost>";
};

class App {
 public:
  // Opens the store (throws StoreError naming it) and builds everything; nothing listens yet.
  explicit App(AppOptions options);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  void start();  // listens (throws std::runtime_error naming the address) and starts ticking
  void stop();   // graceful; idempotent
  int wait_for_signal() { return server_->wait_for_signal(); }

  std::uint16_t port() const { return server_->port(); }
  Server& server() { return *server_; }
  Accounts& accounts() { return services_->accounts(); }
  Challenges& challenges() { return services_->challenges(); }
  GameService& games() { return services_->games(); }
  Moderation& moderation() { return services_->moderation(); }

 private:
  void tick_loop();
  void attach_computer();

  EventHub& events() { return services_->events(); }

  AppOptions options_;
  std::unique_ptr<Services> services_;
  std::unique_ptr<EngineComputer> computer_;
  std::unique_ptr<CommandInterface> commands_;  // POST /api/command
  std::unique_ptr<Notices> notices_;
  std::unique_ptr<mail::Outbox> outbox_;  // with AppOptions::sendmail
  int outbox_handle_ = 0;
  std::unique_ptr<Server> server_;
  std::unique_ptr<EventForwarder> forwarder_;
  int forwarder_handle_ = 0;

  std::mutex tick_mutex_;
  std::condition_variable tick_wake_;
  bool ticking_ = false;
  std::thread ticker_;
};

}  // namespace kirin::server::http
