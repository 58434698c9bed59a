#include "server/http/app.h"

#include <random>

#include "server/domain/service_error.h"
#include "server/http/analysis.h"
#include "server/http/api_routes.h"
#include "server/http/command_routes.h"
#include "server/http/log.h"
#include "server/http/service_errors.h"
#include "server/http/static_files.h"

namespace kirin::server::http {

App::App(AppOptions options)
    : options_(std::move(options)),
      services_(std::make_unique<Services>(open_storage(options_.store_url, options_.storage),
                                           options_.services)) {
  if (!options_.computer_name.empty()) attach_computer();

  commands_ =
      std::make_unique<CommandInterface>(accounts(), challenges(), games(), services_->messages(),
                                         services_->problems(),
                                         ModerationServices{services_->blocks(), services_->reports(),
                                                            services_->moderation()},
                                         services_->tournaments());
  if (!options_.sendmail.empty()) {
    notices_ = std::make_unique<Notices>(accounts(), challenges(), games(), *commands_);
    mail::MailOptions mail_options;
    mail_options.from = options_.mail_from;
    mail::check_options(mail_options);  // a bad From: fails at start-up, not at each mail
    outbox_ = std::make_unique<mail::Outbox>(
        *notices_, mail::Sendmail(options_.sendmail), mail_options,
        [](const std::string& what) { log("error: {}", what); });
    outbox_handle_ = events().subscribe([this](const Event& e) { outbox_->publish(e); });
  }
  Router router;
  ApiServices api{accounts(),           challenges(),           games(),
                  services_->imports(), services_->messages(), services_->problems(),
                  services_->mate(),    services_->blocks(),   services_->reports(),
                  services_->moderation(), services_->tournaments()};
  api.logged_out = [this](const std::string& token) { server_->close_websockets_of(token); };
  add_api_routes(router, api);
  router.set_error_mapper([this](const std::exception& e) {
    if (dynamic_cast<const StoreError*>(&e)) ++store_errors_;
    return map_service_error(e);
  });
  store_probe_ = std::make_unique<StoreProbe>([this] { services_->storage().ping(); },
                                              options_.http.health_store_limit);
  add_health_routes(router, {store_probe_.get(),
                             [this]() -> const Context* {
                               return server_ ? &server_->context() : nullptr;
                             },
                             options_.http.metrics_from});
  add_command_route(router, *commands_, accounts(), options_.max_password_checks);
  add_static_files(router, options_.http.web_root);  // the web UI: every path no route takes
  server_ = std::make_unique<Server>(
      options_.http, std::move(router),
      api_topic_policy(accounts(), games(), services_->tournaments()));
  auto analysis = std::make_shared<AnalysisService>(analysis_limits(options_.http));
  server_->add_ws_extension(analysis);
  register_metrics(*analysis);
  server_->find_session_users_with([this](const std::string& token) { return session_user(token); });
  forwarder_ = std::make_unique<EventForwarder>(server_->hub(), [this](Id challenge) {
    return challenges().get(challenge).challenged.id == 0;
  });
  forwarder_handle_ = events().subscribe([this](const Event& e) {
    if (e.kind == EventKind::SessionsEnded) return close_websockets_of_user(e);
    forwarder_->publish(e);
  });
}

App::~App() {
  stop();
  events().unsubscribe(metrics_handle_);
  events().unsubscribe(forwarder_handle_);
  if (outbox_) events().unsubscribe(outbox_handle_);
  outbox_.reset();  // sends what is queued
  computer_.reset();  // its worker calls the game service: gone before the service is
}

void App::close_websockets_of_user(const Event& ended) {
  // A socket whose session lives on stays: the one a password change keeps, and one opened
  // since with a new session (this node hears its own endings again from the change feed).
  server_->close_websockets_of_user(ended.users.at(0).id, [this](const std::string& token) {
    return session_user(token).has_value();
  });
}

std::optional<Id> App::session_user(const std::string& token) {
  try {
    return accounts().authenticate(token).id;
  } catch (const ServiceError& e) {
    if (e.code() == ErrorCode::Unauthorized) return std::nullopt;
    throw;
  }
}

void App::register_metrics(AnalysisService& analysis) {
  metrics_handle_ = events().subscribe([this](const Event& e) {
    if (e.kind == EventKind::Move && !e.elsewhere) ++moves_played_;
  });
  using Type = Metrics::Type;
  Metrics& m = server_->metrics();
  const Context& context = server_->context();
  auto value = [&m](const char* name, const char* help, Type type, std::function<double()> read) {
    m.add_value(name, help, type, std::move(read));
  };
  value("kirin_connections_open", "connections open (HTTP and WebSocket)", Type::Gauge,
        [&context] { return double(context.admission.admitted()); });
  value("kirin_websockets_open", "WebSocket connections open", Type::Gauge,
        [&context] { return double(context.websockets_open.load()); });
  value("kirin_games_active", "games being played (not adjourned), on the whole store",
        Type::Gauge, [this] { return double(services_->storage().games().count_active_games()); });
  value("kirin_moves_total", "moves played through this server (players and computer)",
        Type::Counter, [this] { return double(moves_played_.load()); });
  value("kirin_store_errors_total", "requests and clock ticks that failed on a store error",
        Type::Counter, [this] { return double(store_errors_.load()); });
  value("kirin_analysis_waiting", "analyses waiting for an analysis thread", Type::Gauge,
        [&analysis] { return double(analysis.waiting()); });
  value("kirin_analysis_running", "analyses running", Type::Gauge,
        [&analysis] { return double(analysis.running()); });
  value("kirin_mate_waiting", "mate solves waiting for a solver thread", Type::Gauge,
        [this] { return double(services_->mate().waiting()); });
  value("kirin_mate_running", "mate solves running", Type::Gauge,
        [this] { return double(services_->mate().running()); });
  value("kirin_computer_waiting", "games waiting for the computer opponent to think",
        Type::Gauge, [this] {
          std::lock_guard lock(computer_mutex_);
          return computer_ ? double(computer_->waiting()) : 0.0;
        });
  value("kirin_computer_running", "games the computer opponent is thinking about",
        Type::Gauge, [this] {
          std::lock_guard lock(computer_mutex_);
          return computer_ ? double(computer_->running()) : 0.0;
        });
  value("kirin_leader", "1 if this server does the background work of its store (the "
        "computer opponent, run-out clocks)", Type::Gauge, [this] { return leading_ ? 1.0 : 0.0; });
  m.add_histogram("kirin_computer_answer_seconds",
                  "seconds from the opponent's move to the computer's answer", computer_answers_);
  value("kirin_password_hashes_waiting", "password checks waiting for a hashing thread",
        Type::Gauge, [this] { return double(services_->accounts().hashes_waiting()); });
  value("kirin_forwarded_for_malformed_total",
        "requests from a trusted proxy whose X-Forwarded-For could not be read",
        Type::Counter, [&context] { return double(context.forwarded_for_malformed.load()); });
  double started = std::chrono::duration<double>(
                       std::chrono::system_clock::now().time_since_epoch()).count();
  value("process_start_time_seconds", "when the server started, in seconds since the epoch",
        Type::Gauge, [started] { return started; });
}

void App::attach_computer() {
  const std::string& name = options_.computer_name;
  Id user = 0;
  try {
    user = accounts().user_by_name(name).id;
  } catch (const ServiceError& e) {
    if (e.code() != ErrorCode::NotFound) throw;
  }
  if (!user) {
    // Nobody logs in as the computer: its password is random and never shown.
    std::random_device random;
    std::string password;
    for (int i = 0; i < 32; ++i) password += "abcdefghijklmnopqrstuvwxyz0123456789"[random() % 36];
    try {
      user = accounts().sign_up(name, name + "@computer.invalid", password).id;
    } catch (const ServiceError& e) {
      // Servers starting together on one store all look, find no account and create it:
      // those that lose the race take the one that won.
      if (e.code() != ErrorCode::Conflict) throw;
      user = accounts().user_by_name(name).id;
    }
  }
  computer_user_ = user;
  games().set_computer_account(user);  // known to every node; the leader's engine answers
}

bool App::lead() {
  bool leading = services_->storage().leadership().lead();
  if (!computer_user_) return leading_ = leading;
  std::unique_ptr<EngineComputer> gone;  // destroyed outside the lock: it joins its thread
  {
    std::lock_guard lock(computer_mutex_);
    if (leading && !computer_) {
      computer_ = std::make_unique<EngineComputer>(games(), computer_user_,
                                                   options_.computer_movetime_ms, 16,
                                                   options_.computer_max_wait_ms);
      computer_->on_answer(
          [answers = computer_answers_](double seconds) { answers->observe(seconds); });
    } else if (!leading && computer_) {
      gone = std::move(computer_);
    }
  }
  if (gone) {
    log("no longer the leader: the computer opponent is another node's now");
  } else if (leading && !leading_) {
    games().wake_computer();  // games where it was to move while another node (or none) led
  }
  leading_ = leading;
  return leading;
}

void App::start() {
  // A tournament game that ends wakes the ticker (set before any request can end one).
  services_->tournaments().on_wake([this] {
    {
      std::lock_guard lock(tick_mutex_);
      tick_now_ = true;
    }
    tick_wake_.notify_all();
  });
  server_->start();
  {
    std::lock_guard lock(tick_mutex_);
    ticking_ = true;
  }
  // Moves and comments other processes store (another node, `kirin command`, `kirin mail`)
  // reach this server's clients and its computer player.
  services_->storage().changes().listen_for_game_changes([this](const GameChange& change) {
    if (change.sessions_of) return accounts().sessions_ended_elsewhere(change.sessions_of);
    if (change.tournament) return services_->tournaments().changed_elsewhere(change.tournament);
    games().changed_elsewhere(change);
  });
  lead();  // at once, so that a lone server's computer answers from the start
  ticker_ = std::thread([this] { tick_loop(); });
}

void App::stop() {
  {
    std::lock_guard lock(tick_mutex_);
    if (!ticking_) return;
    ticking_ = false;
  }
  tick_wake_.notify_all();
  ticker_.join();
  services_->mate().stop();  // a running solve answers at once, not after its budget
  // The requests answered from the hashing threads finish before the server they answer on.
  services_->accounts().stop_hashing();
  services_->storage().changes().stop_listening();
  server_->stop();
}

void App::tick_loop() {
  // Clocks run out while nobody sends anything: without this, a flagged player's opponent
  // would wait for the next request on that game to learn of the win.
  std::unique_lock lock(tick_mutex_);
  int ticks = 0;
  while (!tick_wake_.wait_for(lock, options_.tick, [this] { return !ticking_ || tick_now_; }) ||
         ticking_) {
    tick_now_ = false;
    lock.unlock();
    try {
      // Once per cluster: the leader's (storage.h). A lost lead shows within a tick.
      if (lead()) {
        games().expire_clocks(system_now());
        if (++ticks % 3600 == 0) services_->accounts().purge_expired_sessions();
        services_->tournaments().tick();  // after the clocks: the games they ended count
      }
    } catch (const std::exception& e) {
      if (dynamic_cast<const StoreError*>(&e)) ++store_errors_;
      log("error: clock ticker: {}", e.what());
    }
    lock.lock();
  }
}

}  // namespace kirin::server::http
