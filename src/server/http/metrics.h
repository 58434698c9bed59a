// What GET /metrics shows, in Prometheus' text exposition format (version 0.0.4): the HTTP
// requests this module counts itself (by method, route pattern and status, and their
// latency), and values owned elsewhere (queues, open connections, moves played), read at
// each scrape through the callbacks registered with add_value. Labels come from the router's
// patterns, never from raw paths, so that a client cannot make the series unbounded.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace kirin::server::http {

// Counts observations in buckets by upper bound (the last, +Inf, implied), lock-free.
class Histogram {
 public:
  explicit Histogram(std::vector<double> bounds);  // increasing
  void observe(double value);
  // Appends NAME_bucket{LABELS,le="..."} (cumulative), NAME_sum and NAME_count.
  void write(std::string& out, std::string_view name, std::string_view labels) const;

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;  // per bucket, +Inf last; not cumulative
  std::atomic<std::uint64_t> count_{0};
  std::atomic<double> sum_{0};
};

// Latency buckets in seconds, from a cached read to a slow password check.
std::vector<double> latency_buckets();

class Metrics {
 public:
  enum class Type { Counter, Gauge };

  // One request answered: method (a route's, or the request's if no route took it), route
  // (the pattern, "static" for the web UI's files, "unmatched"), status, seconds taken.
  void count_request(std::string_view method, std::string_view route, unsigned status,
                     double seconds);
  // A value read at each scrape; a counter's name ends in _total. A callback that throws
  // (the store is down) leaves its sample out of that scrape.
  void add_value(std::string name, std::string help, Type type, std::function<double()> read);
  void add_histogram(std::string name, std::string help, std::shared_ptr<const Histogram> h);

  std::string render() const;  // the exposition, every line ending in \n

 private:
  struct Value {
    std::string name, help;
    Type type;
    std::function<double()> read;
  };
  struct Family {
    std::string name, help;
    std::shared_ptr<const Histogram> histogram;
  };
  struct RouteStats {
    Histogram latency{latency_buckets()};
    std::map<unsigned, std::uint64_t> by_status;
  };

  mutable std::mutex mutex_;
  std::map<std::tuple<std::string, std::string>, std::unique_ptr<RouteStats>> routes_;
  std::vector<Value> values_;
  std::vector<Family> histograms_;
};

// A label value with \, " and newline escaped, as the format asks.
std::string escape_label(std::string_view value);

}  // namespace kirin::server::http
