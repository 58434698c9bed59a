#include "server/http/health_routes.h"

#include <fmt/core.h>

#include <boost/asio/ip/address.hpp>

namespace kirin::server::http {

StoreProbe::StoreProbe(std::function<void()> ping, std::chrono::milliseconds limit)
    : ping_(std::move(ping)), limit_(limit), thread_([this] { work(); }) {}

StoreProbe::~StoreProbe() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::optional<std::string> StoreProbe::check() {
  std::unique_lock lock(mutex_);
  std::uint64_t mine = ++asked_;
  wake_.notify_all();
  if (!done_.wait_for(lock, limit_, [&] { return answered_ >= mine; }))
    return fmt::format("the store did not answer within {} ms", limit_.count());
  if (error_.empty()) return std::nullopt;
  return "the store failed: " + error_;
}

void StoreProbe::work() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || asked_ > answered_; });
    if (stopping_) return;
    std::uint64_t serving = asked_;  // every check asked so far gets this ping's answer
    lock.unlock();
    std::string error;
    try {
      ping_();
    } catch (const std::exception& e) {
      error = e.what();
      if (error.empty()) error = "unknown error";
    }
    lock.lock();
    answered_ = serving;
    error_ = std::move(error);
    done_.notify_all();
  }
}

void add_health_routes(Router& router, OpsRouteSources s) {
  router.add("GET", "/healthz", [store = s.store, server = s.server](const Request&) {
    const Context* context = server();
    std::optional<std::string> trouble;
    if (!context || context->stopping) trouble = "the server is stopping";
    else trouble = store->check();
    if (!trouble) return json_response({{"status", "ok"}});
    Response response = json_response({{"status", "unavailable"}, {"reason", *trouble}}, 503);
    response.headers.emplace_back("Cache-Control", "no-store");
    return response;
  });
  router.add("GET", "/metrics", [server = s.server, from = s.metrics_from](const Request& r) {
    const Context* context = server();
    if (!context) throw HttpError(503, "shutting_down", "the server is not running");
    boost::system::error_code ec;
    auto origin = boost::asio::ip::make_address(r.origin, ec);
    bool loopback = !ec && (origin.is_loopback() ||
                            (origin.is_v6() && origin.to_v6().is_v4_mapped() &&
                             boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped,
                                                              origin.to_v6())
                                 .is_loopback()));
    if (ec || !(loopback || context->options.trusted_proxies.contains(origin) ||
                from.contains(origin)))
      throw HttpError(403, "forbidden",
                      "the metrics are served to loopback, the trusted proxies and the "
                      "addresses of --metrics-from only");
    Response response;
    response.content_type = "text/plain; version=0.0.4; charset=utf-8";
    response.body = context->metrics.render();
    return response;
  });
}

}  // namespace kirin::server::http
