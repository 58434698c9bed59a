// No client can hold the server (issue 28, the probe's findings 2 to 4): a mate solve or a
// password check does not hold an HTTP worker while it waits or runs, and the solver's and the
// hashing threads' queues are fair between client addresses, each with a cap of its own. The
// second client comes from 127.0.0.2, which the server counts as another address.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "../server_fixture.h"
#include "server/http/app.h"
#include "server/http/router.h"
#include "server/text/commands.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::HttpClient;
using test::Reply;

class Fairness : public ::testing::Test {
 protected:
  void SetUp() override { db_.check(); }
  void start(MateOptions mate, AccountOptions accounts = {.hash_cost = HashCost::Minimal}) {
    AppOptions options;
    options.http.port = 0;
    options.http.workers = 2;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = db_.url();
    options.services.accounts = accounts;
    options.services.mate = mate;
    options.computer_name.clear();
    app_ = std::make_unique<App>(options);
    app_->start();
  }
  void TearDown() override {
    if (app_) app_->stop();
  }
  // A solve of many seconds: B45, a mate in 31, with the whole budget.
  std::string long_solve() {
    HttpClient c(app_->port());
    std::string sfen = c.request("GET", "/api/problems/chu-tsume-ab/B45").json()["sfen"];
    return json{{"variant", "chu"}, {"sfen", sfen}, {"movetime_ms", 20'000}}.dump();
  }
  static bool answered(HttpClient& c) { return c.stream().socket().available() > 0; }

  testing::TestDatabase db_;
  std::unique_ptr<App> app_;
};

TEST_F(Fairness, SolvesAndPasswordChecksHoldNoRequestWorker) {
  // Two workers; every solve and password check is one client's, at the Argon2 cost of a real
  // server, so that the hashes take a while.
  start(
      MateOptions{.threads = 1, .queue_limit = 1, .queue_per_client = 2, .max_movetime_ms = 20'000},
      AccountOptions{
          .hash_cost = HashCost::Interactive, .hash_queue = 8, .hash_queue_per_client = 8});
  app_->accounts().sign_up("alice", "alice@example.org", "alice's password");
  std::string solve = long_solve();
  std::vector<std::unique_ptr<HttpClient>> solves, logins;
  for (int i = 0; i < 2; ++i) {  // one runs, one waits for the solver's thread
    solves.push_back(std::make_unique<HttpClient>(app_->port()));
    solves.back()->send("POST", "/api/mate", solve);
  }
  std::string login = json{{"name", "alice"}, {"password", "alice's password"}}.dump();
  for (int i = 0; i < 8; ++i) {
    logins.push_back(std::make_unique<HttpClient>(app_->port()));
    logins.back()->send("POST", "/api/login", login);
  }
  // Another client's cheap request is answered while the solves are still running, and the
  // logins still hashing.
  HttpClient other(app_->port(), "127.0.0.2");
  EXPECT_EQ(other.request("GET", "/api/variants").status, 200u);
  EXPECT_FALSE(answered(*solves[0]));
  EXPECT_FALSE(answered(*solves[1]));
  EXPECT_FALSE(answered(*logins.back()));
  for (auto& c : logins) EXPECT_EQ(c->receive().status, 200u);
  app_->stop();  // the solves answer at once: unknown
  for (auto& c : solves) {
    Reply r = c->receive();
    EXPECT_EQ(r.status, 200u) << r.body;
    EXPECT_EQ(r.json()["status"], "unknown");
  }
}

TEST_F(Fairness, OneAddressFloodingSolvesIsBusyForItselfOnly) {
  start(MateOptions{.threads = 1, .queue_limit = 1, .max_movetime_ms = 20'000});
  std::string solve = long_solve();
  // Two solves from one address: one runs, the other is refused as its own, at once.
  HttpClient one(app_->port()), two(app_->port());
  one.send("POST", "/api/mate", solve);
  two.send("POST", "/api/mate", solve);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!answered(one) && !answered(two) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_NE(answered(one), answered(two));
  HttpClient& first = answered(one) ? two : one;  // the one still running
  Reply refused = (answered(one) ? one : two).receive();
  EXPECT_EQ(refused.status, 429u) << refused.body;
  EXPECT_NE(refused.headers["retry-after"], "");
  // Another address's solve waits its turn, and is answered.
  HttpClient other(app_->port(), "127.0.0.2");
  other.send("POST", "/api/mate",
             json{{"variant", "chu"},
                  {"sfen", other.request("GET", "/api/problems/chu-tsume-ab/A22").json()["sfen"]}}
                 .dump());
  EXPECT_FALSE(answered(first));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(answered(other));  // waiting for the solver's one thread
  app_->stop();                   // the long solve ends, and the waiting one answers too
  EXPECT_EQ(first.receive().status, 200u);
  Reply answer = other.receive();
  EXPECT_EQ(answer.status, 200u) << answer.body;
}

TEST_F(Fairness, AnotherAddressSolvesInItsTurnWhileOneFloods) {
  start(MateOptions{.threads = 1, .queue_limit = 1, .max_movetime_ms = 2'000});
  std::string sfen =
      HttpClient(app_->port()).request("GET", "/api/problems/chu-tsume-ab/B45").json()["sfen"];
  std::string slow = json{{"variant", "chu"}, {"sfen", sfen}, {"movetime_ms", 1'000}}.dump();
  // The flooder keeps two solves asked at all times, from one address.
  std::atomic<bool> flooding{true};
  std::atomic<int> refused{0};
  std::vector<std::thread> flood;
  for (int i = 0; i < 2; ++i)
    flood.emplace_back([&] {
      HttpClient c(app_->port());
      while (flooding) {
        Reply r = c.request("POST", "/api/mate", slow);
        if (r.status == 429u || r.status == 503u) ++refused;
      }
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  HttpClient other(app_->port(), "127.0.0.2");
  Reply answer = other.request(
      "POST", "/api/mate", json{{"variant", "chu"}, {"sfen", sfen}, {"movetime_ms", 500}}.dump());
  flooding = false;
  for (std::thread& t : flood) t.join();
  EXPECT_EQ(answer.status, 200u) << answer.body;  // today: 503 busy, the flood took the queue
  EXPECT_GT(refused.load(), 0);                   // the flooder is refused, itself
}

TEST_F(Fairness, AFloodOfCorrectLoginsFromOneAddressLeavesOthersSigningIn) {
  // The defaults of `kirin serve`, at a real server's cost.
  start(MateOptions{}, AccountOptions{.hash_cost = HashCost::Interactive});
  app_->accounts().sign_up("mallory", "mallory@example.org", "mallory's password");
  app_->accounts().sign_up("bob", "bob@example.org", "bob's password");
  std::string flood_login = json{{"name", "mallory"}, {"password", "mallory's password"}}.dump();
  std::atomic<bool> flooding{true};
  std::atomic<int> refused{0}, signed_in{0};
  std::vector<std::thread> flood;
  for (int i = 0; i < 6; ++i)
    flood.emplace_back([&] {
      HttpClient c(app_->port());
      while (flooding) {
        Reply r = c.request("POST", "/api/login", flood_login);
        if (r.status == 200u) ++signed_in;
        if (r.status == 429u || r.status == 503u) ++refused;
      }
    });
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (signed_in < 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // the flood is under way
  HttpClient other(app_->port(), "127.0.0.2");
  Reply bob = other.request("POST", "/api/login",
                            json{{"name", "bob"}, {"password", "bob's password"}}.dump());
  flooding = false;
  for (std::thread& t : flood) t.join();
  EXPECT_EQ(bob.status, 200u) << bob.body;  // today: 503 busy, the flood took the queue
  EXPECT_GT(refused.load(), 0);
}

// The router's side, without a network: a route run on a pool answers when the pool has done
// its work, a refused hand-over is the answer at once, and only added routes can be moved.
TEST(RouterOnPool, AnswersWhenThePoolHasDoneTheWork) {
  Router router;
  router.add("POST", "/api/slow/{n}", [](const Request& r) {
    if (r.params.at("n") == "bad") throw HttpError(422, "invalid", "bad n");
    return json_response({{"n", r.params.at("n")}});
  });
  std::vector<std::pair<std::function<void()>, std::function<void()>>> handed;
  bool refuse = false;
  router.run_on_pool("POST", "/api/slow/{n}",
                     [&](const Request&, std::function<void()> work, std::function<void()> then) {
                       if (refuse) throw HttpError(503, "busy", "the pool is full");
                       handed.emplace_back(std::move(work), std::move(then));
                     });
  std::vector<Response> sent;
  auto send = [&](Response response) { sent.push_back(std::move(response)); };
  Request ok{.method = "POST", .path = "/api/slow/7"};
  router.dispatch(ok, send);
  Request bad{.method = "POST", .path = "/api/slow/bad"};
  router.dispatch(bad, send);
  EXPECT_TRUE(sent.empty());  // nothing answered before the pool works
  ASSERT_EQ(handed.size(), 2u);
  for (auto& [work, then] : handed) {
    work();
    then();
  }
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_EQ(sent[0].status, 200u);
  EXPECT_EQ(json::parse(sent[0].body)["n"], "7");
  EXPECT_EQ(sent[1].status, 422u);  // the handler's error, mapped as for any handler
  refuse = true;
  router.dispatch(ok, send);
  ASSERT_EQ(sent.size(), 3u);  // refused: answered at once
  EXPECT_EQ(sent[2].status, 503u);
  EXPECT_THROW(router.run_on_pool("GET", "/api/slow/{n}", {}), std::logic_error);
}

// POST /api/command runs a text that may solve on the solver's threads, any other on the
// hashing threads: a text solve must not hold the thread every login waits for.
TEST(CommandRoutePool, ATextThatMaySolveIsTold) {
  EXPECT_TRUE(CommandInterface::text_asks_solver("chu mate 12/12 b"));
  EXPECT_TRUE(CommandInterface::text_asks_solver("# a comment\nproblem chu-tsume-ab A22 5e5d"));
  EXPECT_FALSE(CommandInterface::text_asks_solver("problem chu-tsume-ab A22"));
  EXPECT_FALSE(CommandInterface::text_asks_solver("problem chu-tsume-ab A22 solution"));
  EXPECT_FALSE(CommandInterface::text_asks_solver("chu move 1 alice secret 7g7f"));
  EXPECT_FALSE(CommandInterface::text_asks_solver("chu board 1\n--\nchu mate 12/12 b"));
}

}  // namespace
}  // namespace kirin::server::http
