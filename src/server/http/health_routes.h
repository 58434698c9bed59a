// The operator's routes: GET /healthz (is this node able to serve: the store answers a trivial
// question in time and the server is not stopping) for a load balancer or systemd, and
// GET /metrics (Prometheus' text format, metrics.h) for monitoring. Neither needs a session.
// /metrics reveals load, not users, but only to the addresses allowed: loopback, the
// trusted proxies themselves, and --metrics-from; a client forwarded by a proxy is judged by
// its own address, so the public cannot read it through the proxy.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/http/client_address.h"
#include "server/http/context.h"
#include "server/http/router.h"

namespace kirin::server::http {

// Runs the store's ping on a thread of its own, so that a store that hangs makes a health
// check fail after `limit` rather than hold a request worker; checks that come while a ping
// runs wait for the next one, and never more than one runs.
class StoreProbe {
 public:
  StoreProbe(std::function<void()> ping, std::chrono::milliseconds limit);
  ~StoreProbe();  // waits for a ping under way
  StoreProbe(const StoreProbe&) = delete;
  StoreProbe& operator=(const StoreProbe&) = delete;

  // nullopt if the store answered within the limit; otherwise why not.
  std::optional<std::string> check();

 private:
  void work();

  std::function<void()> ping_;
  std::chrono::milliseconds limit_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t asked_ = 0, answered_ = 0;  // pings asked for; the newest asked one answered
  std::string error_;                       // of the newest ping; "" if it succeeded
  bool stopping_ = false;
  std::thread thread_;  // last: it starts once the rest exists
};

struct OpsRouteSources {
  StoreProbe* store;                       // for /healthz
  std::function<const Context*()> server;  // the running server's context; null before start
  TrustedProxies metrics_from;             // beside loopback and the trusted proxies
};

void add_health_routes(Router& router, OpsRouteSources sources);

}  // namespace kirin::server::http
