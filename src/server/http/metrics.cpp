#include "server/http/metrics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace kirin::server::http {

namespace {

std::string number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  return fmt::format("{}", v);
}

void header(std::string& out, std::string_view name, std::string_view help,
            std::string_view type) {
  std::string text(help);  // HELP escapes \ and newline
  std::string escaped;
  for (char c : text) escaped += c == '\\' ? "\\\\" : c == '\n' ? "\\n" : std::string(1, c);
  out += fmt::format("# HELP {} {}\n# TYPE {} {}\n", name, escaped, name, type);
}

}  // namespace

std::vector<double> latency_buckets() {
  return {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
}

std::string escape_label(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

Histogram::Histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)),
      counts_(std::make_unique<std::atomic<std::uint64_t>[]>(bounds_.size() + 1)) {}

void Histogram::observe(double value) {
  std::size_t bucket =
      std::lower_bound(bounds_.begin(), bounds_.end(), value) - bounds_.begin();  // le
  counts_[bucket].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(value, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
}

void Histogram::write(std::string& out, std::string_view name, std::string_view labels) const {
  std::string prefix = labels.empty() ? "" : std::string(labels) + ",";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i <= bounds_.size(); ++i) {
    cumulative += counts_[i].load(std::memory_order_relaxed);
    out += fmt::format("{}_bucket{{{}le=\"{}\"}} {}\n", name, prefix,
                       i < bounds_.size() ? number(bounds_[i]) : "+Inf", cumulative);
  }
  // Read apart from the buckets, a concurrent observation may show in one and not the
  // other; the count is the +Inf bucket's, so that they agree as the format requires.
  std::string braces = labels.empty() ? "" : "{" + std::string(labels) + "}";
  out += fmt::format("{}_sum{} {}\n{}_count{} {}\n", name, braces,
                     number(sum_.load(std::memory_order_relaxed)), name, braces, cumulative);
}

void Metrics::count_request(std::string_view method, std::string_view route, unsigned status,
                            double seconds) {
  RouteStats* stats;
  {
    std::lock_guard lock(mutex_);
    auto& slot = routes_[{std::string(method), std::string(route)}];
    if (!slot) slot = std::make_unique<RouteStats>();
    ++slot->by_status[status];
    stats = slot.get();  // never removed
  }
  stats->latency.observe(seconds);
}

void Metrics::add_value(std::string name, std::string help, Type type,
                        std::function<double()> read) {
  std::lock_guard lock(mutex_);
  values_.push_back({std::move(name), std::move(help), type, std::move(read)});
}

void Metrics::add_histogram(std::string name, std::string help,
                            std::shared_ptr<const Histogram> h) {
  std::lock_guard lock(mutex_);
  histograms_.push_back({std::move(name), std::move(help), std::move(h)});
}

std::string Metrics::render() const {
  std::string out;
  std::vector<Value> values;
  std::vector<Family> histograms;
  std::unique_lock lock(mutex_);
  header(out, "kirin_http_requests_total", "HTTP requests answered, by route pattern and status",
         "counter");
  for (const auto& [key, stats] : routes_)
    for (const auto& [status, count] : stats->by_status)
      out += fmt::format(
          "kirin_http_requests_total{{method=\"{}\",route=\"{}\",status=\"{}\"}} {}\n",
          escape_label(std::get<0>(key)), escape_label(std::get<1>(key)), status, count);
  header(out, "kirin_http_request_duration_seconds",
         "seconds from a request's arrival to its response, by route pattern", "histogram");
  for (const auto& [key, stats] : routes_)
    stats->latency.write(out, "kirin_http_request_duration_seconds",
                         fmt::format("method=\"{}\",route=\"{}\"", escape_label(std::get<0>(key)),
                                     escape_label(std::get<1>(key))));
  values = values_;
  histograms = histograms_;
  lock.unlock();  // the values may ask the store: requests must not wait for that
  for (const Value& v : values) {
    header(out, v.name, v.help, v.type == Type::Counter ? "counter" : "gauge");
    try {
      out += fmt::format("{} {}\n", v.name, number(v.read()));
    } catch (const std::exception&) {
      // Left out: a scrape shows what it can.
    }
  }
  for (const Family& f : histograms) {
    header(out, f.name, f.help, "histogram");
    f.histogram->write(out, f.name, "");
  }
  return out;
}

}  // namespace kirin::server::http
