// The whole game server in one object, as `kirin serve` runs it and the integration tests
// start it: the store, the service (accounts, games, challenges, the computer opponent, the
// text commands), the HTTP/WebSocket server with the API routes, the forwarding of service
// events to WebSocket topics, a ticker that ends games whose clock ran out, and a listener
// for the changes other processes make to the store (GameService::changed_elsewhere), and
// with AppOptions::sendmail the players' mail notices.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/domain/computer.h"
#include "server/domain/services.h"
#include "server/http/analysis.h"
#include "server/http/event_forwarder.h"
#include "server/http/health_routes.h"
#include "server/http/metrics.h"
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
  // The computer thinks less as games wait for it, so that a user waits about this at most.
  int64_t computer_max_wait_ms = EngineComputer::kDefaultMaxWaitMs;
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
  bool leading() const { return leading_; }  // as of the last tick
  // The computer opponent's answers here, since this node last became the leader: accepted,
  // and refused because the game had moved on (0, 0 on a node that does not lead).
  std::pair<int, int> computer_answers() {
    std::lock_guard lock(computer_mutex_);
    if (!computer_) return {0, 0};
    return {computer_->moves_played(), computer_->moves_refused()};
  }
  Moderation& moderation() { return services_->moderation(); }

 private:
  void tick_loop();
  void attach_computer();  // the computer's account, made if missing
  // Asks the store who leads (storage.h): the leader runs the computer opponent, a node that
  // stops leading drops it. Returns whether this node leads.
  bool lead();
  void register_metrics(AnalysisService& analysis);
  void close_websockets_of_user(const Event& ended);  // their sessions ended
  std::optional<Id> session_user(const std::string& token);  // nullopt: no live session

  EventHub& events() { return services_->events(); }

  AppOptions options_;
  std::unique_ptr<Services> services_;
  Id computer_user_ = 0;
  std::mutex computer_mutex_;  // computer_ comes and goes with the lead
  std::unique_ptr<EngineComputer> computer_;
  std::atomic<bool> leading_{false};
  std::unique_ptr<CommandInterface> commands_;  // POST /api/command
  std::unique_ptr<Notices> notices_;
  std::unique_ptr<mail::Outbox> outbox_;  // with AppOptions::sendmail
  int outbox_handle_ = 0;
  std::unique_ptr<StoreProbe> store_probe_;  // GET /healthz
  std::unique_ptr<Server> server_;
  std::unique_ptr<EventForwarder> forwarder_;
  int forwarder_handle_ = 0;
  // The metrics' own counts: moves played through this node, store failures seen.
  std::atomic<std::uint64_t> moves_played_{0}, store_errors_{0};
  int metrics_handle_ = 0;
  std::shared_ptr<Histogram> computer_answers_ =
      std::make_shared<Histogram>(std::vector<double>{0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 300});

  std::mutex tick_mutex_;
  std::condition_variable tick_wake_;
  bool ticking_ = false;
  bool tick_now_ = false;  // a tournament game ended: tick without waiting
  std::thread ticker_;
};

}  // namespace kirin::server::http
