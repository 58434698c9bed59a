// The operator's routes: GET /healthz (the store asked, the stop seen) and GET /metrics
// (Prometheus' text format 0.0.4, checked line by line by a small parser; who may read it).
#include <gtest/gtest.h>

#include <regex>
#include <thread>

#include "../server_fixture.h"
#include "server/http/app.h"
#include "server/http/health_routes.h"
#include "server/http/metrics.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::Reply;

// The exposition parsed, every line's shape checked: "# HELP name text", "# TYPE name type"
// (once per family, before its samples), "name{label="value",...} number". Counters end in
// _total; a histogram's buckets are cumulative, end with le="+Inf", and the +Inf bucket
// equals _count. Samples by "name{labels}" as written.
struct Exposition {
  std::map<std::string, std::string> types;
  std::map<std::string, double> samples;
};

double parse_value(const std::string& text) {
  if (text == "+Inf") return INFINITY;
  if (text == "-Inf") return -INFINITY;
  if (text == "NaN") return NAN;
  std::size_t used = 0;
  double v = std::stod(text, &used);
  if (used != text.size()) throw std::invalid_argument("bad number " + text);
  return v;
}

Exposition parse_exposition(const std::string& text) {
  EXPECT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n') << "the last line must end with a line feed";
  static const std::regex help(R"(# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*))");
  static const std::regex type(R"(# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped))");
  static const std::regex sample(
      R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*)\})? ([^ ]+))");
  Exposition out;
  std::string family;  // the TYPE in force
  std::map<std::string, std::vector<double>> buckets;  // histogram series -> cumulative counts
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (line.empty()) continue;
    if (std::regex_match(line, m, help)) continue;
    if (std::regex_match(line, m, type)) {
      EXPECT_FALSE(out.types.count(m[1])) << "a second TYPE for " << m[1];
      out.types[m[1]] = m[2];
      family = m[1];
      if (m[2] == "counter") {
        EXPECT_TRUE(family.ends_with("_total")) << family;
      }
      continue;
    }
    if (!std::regex_match(line, m, sample)) {
      ADD_FAILURE() << "not a sample line: " << line;
      continue;
    }
    std::string name = m[1];
    double value = parse_value(m[4]);
    if (family.empty()) {
      ADD_FAILURE() << "a sample before any TYPE: " << line;
      continue;
    }
    const std::string& t = out.types[family];
    if (t == "histogram") {
      if (name != family + "_bucket" && name != family + "_sum" && name != family + "_count") {
        ADD_FAILURE() << "not of histogram " << family << ": " << line;
        continue;
      }
      std::string labels = m[3];
      if (name == family + "_bucket") {
        std::smatch le;
        if (!std::regex_search(labels, le, std::regex(R"(le="([^"]+)\")"))) {
          ADD_FAILURE() << "a bucket without le: " << line;
          continue;
        }
        std::string series = std::regex_replace(labels, std::regex(R"(,?le="[^"]+\")"), "");
        auto& seen = buckets[family + "{" + series + "}"];
        if (!seen.empty()) {
          EXPECT_GE(value, seen.back()) << "buckets must be cumulative: " << line;
        }
        seen.push_back(value);
        if (le[1] == "+Inf") out.samples[family + "_inf{" + series + "}"] = value;
      }
    } else {
      EXPECT_EQ(name, family) << "a sample outside its family: " << line;
    }
    out.samples[name + (m[2].matched ? std::string(m[2]) : "")] = value;
  }
  for (const auto& [series, counts] : buckets) {
    std::string labels = series.substr(series.find('{'));
    std::string name = series.substr(0, series.find('{'));
    std::string count_key = name + "_count" + (labels == "{}" ? "" : labels);
    EXPECT_EQ(out.samples[name + "_inf" + labels], out.samples[count_key]) << series;
  }
  return out;
}

TEST(Metrics, RendersCountersGaugesAndHistogramsInTheTextFormat) {
  Metrics m;
  m.count_request("GET", "/api/games/{id}", 200, 0.003);
  m.count_request("GET", "/api/games/{id}", 200, 0.2);
  m.count_request("GET", "/api/games/{id}", 404, 0.001);
  m.count_request("POST", "a \"quoted\\\" route\n", 500, 20);  // escaped, not broken
  m.add_value("kirin_things_total", "things\\done\nso far", Metrics::Type::Counter, [] { return 7.0; });
  m.add_value("kirin_broken", "a value whose source fails", Metrics::Type::Gauge,
              []() -> double { throw std::runtime_error("store down"); });
  auto h = std::make_shared<Histogram>(std::vector<double>{1, 5});
  h->observe(0.5);
  h->observe(1);  // le: on the bound counts in it
  h->observe(7);
  m.add_histogram("kirin_waits_seconds", "waits", h);
  Exposition e = parse_exposition(m.render());
  EXPECT_EQ(e.types["kirin_http_requests_total"], "counter");
  EXPECT_EQ(e.types["kirin_http_request_duration_seconds"], "histogram");
  EXPECT_EQ((e.samples["kirin_http_requests_total{method=\"GET\",route=\"/api/games/{id}\",status=\"200\"}"]), 2);
  EXPECT_EQ((e.samples["kirin_http_requests_total{method=\"GET\",route=\"/api/games/{id}\",status=\"404\"}"]), 1);
  EXPECT_EQ((e.samples["kirin_http_request_duration_seconds_count{method=\"GET\",route=\"/api/games/{id}\"}"]), 3);
  EXPECT_EQ((e.samples["kirin_http_request_duration_seconds_bucket{method=\"GET\",route=\"/api/games/{id}\",le=\"0.005\"}"]), 2);
  EXPECT_EQ(e.samples["kirin_things_total"], 7);
  EXPECT_EQ(e.types["kirin_broken"], "gauge");
  EXPECT_FALSE(e.samples.count("kirin_broken"));
  EXPECT_EQ(e.samples["kirin_waits_seconds_bucket{le=\"1\"}"], 2);
  EXPECT_EQ(e.samples["kirin_waits_seconds_bucket{le=\"5\"}"], 2);
  EXPECT_EQ(e.samples["kirin_waits_seconds_bucket{le=\"+Inf\"}"], 3);
  EXPECT_EQ(e.samples["kirin_waits_seconds_sum"], 8.5);
  EXPECT_EQ(e.samples["kirin_waits_seconds_count"], 3);
}

TEST(StoreProbe, AnswersTimesOutAndRecovers) {
  std::atomic<int> mode{0};  // 0 answers, 1 throws, 2 hangs a while
  StoreProbe probe(
      [&] {
        if (mode == 1) throw StoreError("database is locked");
        if (mode == 2) std::this_thread::sleep_for(std::chrono::milliseconds(600));
      },
      std::chrono::milliseconds(200));
  EXPECT_EQ(probe.check(), std::nullopt);
  mode = 1;
  EXPECT_EQ(probe.check().value_or(""), "the store failed: database is locked");
  mode = 2;
  EXPECT_EQ(probe.check().value_or(""), "the store did not answer within 200 ms");
  mode = 0;
  std::this_thread::sleep_for(std::chrono::milliseconds(700));  // the slow ping ends
  EXPECT_EQ(probe.check(), std::nullopt);
}

class Ops : public ::testing::Test {
 protected:
  void SetUp() override {
    db_.check();
    if (IsSkipped() || HasFatalFailure()) return;
  }
  void TearDown() override {
    if (app_) app_->stop();
  }
  void start(AppOptions options = {}) {
    options.http.port = 0;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = db_.url();
    options.services.accounts.hash_cost = HashCost::Minimal;
    options.computer_name = "";
    app_ = std::make_unique<App>(options);
    app_->start();
  }
  Reply get(const std::string& target, const std::map<std::string, std::string>& headers = {}) {
    test::HttpClient client(app_->port());
    return client.request("GET", target, "", headers);
  }

  testing::TestDatabase db_;
  std::unique_ptr<App> app_;
};

TEST_F(Ops, HealthzIsOkAndSaysWhyNotWhenTheStoreCannotAnswer) {
  start();
  Reply ok = get("/healthz");
  EXPECT_EQ(ok.status, 200u);
  EXPECT_EQ(ok.json(), json({{"status", "ok"}}));
  // Break the store under the running server: its trivial question now fails.
  auto other = open_storage(db_.url());
  other->database().write([](sql::Connection& c) { c.execute("DROP TABLE schema_version"); });
  Reply down = get("/healthz");
  EXPECT_EQ(down.status, 503u);
  EXPECT_EQ(down.json()["status"], "unavailable");
  EXPECT_NE(down.json()["reason"].get<std::string>().find("the store failed"), std::string::npos)
      << down.body;
}

TEST_F(Ops, MetricsCountWhatHappenedBefore) {
  start();
  Reply signup = test::api_call(app_->port(), "POST", "/api/signup",
                                {{"name", "ann"}, {"email", "ann@example.org"},
                                 {"password", "pw-ann-123"}});
  ASSERT_EQ(signup.status, 201u);
  EXPECT_EQ(get("/api/games/999999").status, 404u);
  EXPECT_EQ(get("/no/such/page/at/all").status, 404u);
  test::WsClient ws(app_->port());
  Reply r = get("/metrics");
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8");
  Exposition e = parse_exposition(r.body);
  EXPECT_EQ((e.samples["kirin_http_requests_total{method=\"POST\",route=\"/api/signup\",status=\"201\"}"]), 1);
  EXPECT_EQ((e.samples["kirin_http_requests_total{method=\"GET\",route=\"/api/games/{game}\",status=\"404\"}"]), 1);
  // No route, and no web UI to answer it.
  EXPECT_EQ((e.samples["kirin_http_requests_total{method=\"GET\",route=\"unmatched\",status=\"404\"}"]), 1);
  for (const auto& [key, value] : e.samples)
    EXPECT_EQ(key.find("/no/such"), std::string::npos) << "a raw path as a label: " << key;
  EXPECT_EQ(e.samples["kirin_websockets_open"], 1);
  EXPECT_GE(e.samples["kirin_connections_open"], 2);  // the WebSocket and this request
  EXPECT_EQ(e.samples["kirin_games_active"], 0);
  EXPECT_EQ(e.samples["kirin_moves_total"], 0);
  for (const char* name :
       {"kirin_store_errors_total", "kirin_analysis_waiting", "kirin_analysis_running",
        "kirin_mate_waiting", "kirin_mate_running", "kirin_computer_waiting",
        "kirin_computer_running", "kirin_computer_answer_seconds_count",
        "kirin_password_hashes_waiting", "kirin_forwarded_for_malformed_total",
        "process_start_time_seconds"})
    EXPECT_TRUE(e.samples.count(name)) << name;
  EXPECT_GT(e.samples["process_start_time_seconds"], 1.7e9);
}

TEST_F(Ops, MetricsAreRefusedToOtherAddresses) {
  AppOptions options;
  options.http.trusted_proxies.add("127.0.0.1");
  start(options);
  // Through the proxy, the public client is judged by its own address.
  Reply refused = get("/metrics", {{"X-Forwarded-For", "203.0.113.9"}});
  EXPECT_EQ(refused.status, 403u);
  EXPECT_EQ(refused.json()["error"]["code"], "forbidden");
  EXPECT_EQ(get("/metrics").status, 200u);  // the proxy host itself
  EXPECT_EQ(get("/healthz", {{"X-Forwarded-For", "203.0.113.9"}}).status, 200u);  // for anyone
  app_->stop();
  options.http.metrics_from.add("203.0.113.0/24");
  start(options);
  EXPECT_EQ(get("/metrics", {{"X-Forwarded-For", "203.0.113.9"}}).status, 200u);
  EXPECT_EQ(get("/metrics", {{"X-Forwarded-For", "198.51.100.1"}}).status, 403u);
}

TEST(Healthz, Is503WhileStopping) {
  Context context;
  context.stopping = true;
  Router router;
  StoreProbe probe([] {}, std::chrono::milliseconds(100));
  add_health_routes(router, {&probe, [&]() -> const Context* { return &context; }, {}});
  Request request;
  request.method = "GET";
  request.path = "/healthz";
  Response r = router.handle(request);
  EXPECT_EQ(r.status, 503u);
  EXPECT_EQ(json::parse(r.body)["reason"], "the server is stopping");
  context.stopping = false;
  EXPECT_EQ(router.handle(request).status, 200u);
}

}  // namespace
}  // namespace kirin::server::http
