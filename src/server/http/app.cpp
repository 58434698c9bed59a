#include "server/http/app.h"

#include <random>

#include "server/domain/service_error.h"
#include "server/http/analysis.h"
#include "server/http/api_routes.h"
#include "server/http/command_routes.h"
#include "server/http/log.h"
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
                                                            services_->moderation()});
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
                  services_->moderation()};
  api.logged_out = [this](const std::string& token) { server_->close_websockets_of(token); };
  add_api_routes(router, api);
  add_command_route(router, *commands_, accounts(), options_.max_password_checks);
  add_static_files(router, options_.http.web_root);  // the web UI: every path no route takes
  server_ = std::make_unique<Server>(options_.http, std::move(router),
                                     api_topic_policy(accounts(), games()));
  server_->add_ws_extension(std::make_shared<AnalysisService>(analysis_limits(options_.http)));
  forwarder_ = std::make_unique<EventForwarder>(server_->hub(), [this](Id challenge) {
    return challenges().get(challenge).challenged.id == 0;
  });
  forwarder_handle_ = events().subscribe([this](const Event& e) { forwarder_->publish(e); });
}

App::~App() {
  stop();
  events().unsubscribe(forwarder_handle_);
  if (outbox_) events().unsubscribe(outbox_handle_);
  outbox_.reset();  // sends what is queued
  computer_.reset();  // its worker calls the game service: gone before the service is
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
  computer_ = std::make_unique<EngineComputer>(games(), user, options_.computer_movetime_ms);
}

void App::start() {
  server_->start();
  {
    std::lock_guard lock(tick_mutex_);
    ticking_ = true;
  }
  ticker_ = std::thread([this] { tick_loop(); });
  // Moves and comments other processes store (another node, `kirin command`, `kirin mail`)
  // reach this server's clients and its computer player.
  services_->storage().changes().listen_for_game_changes(
      [this](const GameChange& change) { games().changed_elsewhere(change); });
  games().wake_computer();  // games where it was to move when the server last stopped
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
  services_->storage().changes().stop_listening();
  server_->stop();
}

void App::tick_loop() {
  // Clocks run out while nobody sends anything: without this, a flagged player's opponent
  // would wait for the next request on that game to learn of the win.
  std::unique_lock lock(tick_mutex_);
  int ticks = 0;
  while (!tick_wake_.wait_for(lock, options_.tick, [this] { return !ticking_; })) {
    lock.unlock();
    try {
      games().expire_clocks(system_now());
      if (++ticks % 3600 == 0) services_->accounts().purge_expired_sessions();
    } catch (const std::exception& e) {
      log("error: clock ticker: {}", e.what());
    }
    lock.lock();
  }
}

}  // namespace kirin::server::http
