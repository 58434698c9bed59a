// Two servers on one PostgreSQL database: the background work (the computer opponent) is the
// leader's alone (storage.h's Leadership), so each of a player's moves is answered once, and
// when the leader dies the other server takes over. SQLite has one server, always the leader.
#include <gtest/gtest.h>

#include <thread>

#include "../server_fixture.h"
#include "server/http/app.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;

std::unique_ptr<App> start_node(const std::string& url, const std::string& computer = "kirin") {
  AppOptions options;
  options.computer_name = computer;
  options.http.port = 0;
  options.http.shutdown_grace = std::chrono::milliseconds(500);
  options.store_url = url;
  options.services.accounts.hash_cost = HashCost::Minimal;
  options.computer_movetime_ms = 30;
  options.tick = std::chrono::milliseconds(100);
  auto app = std::make_unique<App>(options);
  app->start();
  return app;
}

// Polls `done` for up to `limit`.
template <class F>
bool eventually(F&& done, std::chrono::milliseconds limit = std::chrono::seconds(15)) {
  auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

TEST(Leadership, OnSqliteTheOneServerLeads) {
  testing::TestDatabase db(false);
  auto app = start_node(db.url());
  EXPECT_TRUE(app->leading());
  app->stop();
  app.reset();
  auto without_computer = start_node(db.url(), "");  // it still ends games on time
  EXPECT_TRUE(without_computer->leading());
  without_computer->stop();
}

TEST(Leadership, TwoNodesAnswerEachMoveOnceAndTheOtherTakesOver) {
  if (!testing::TestDatabase::postgres_wanted())
    GTEST_SKIP() << "several servers on one store need PostgreSQL (KIRIN_TEST_STORE=postgres)";
  testing::TestDatabase db;
  db.check();
  if (::testing::Test::IsSkipped() || ::testing::Test::HasFatalFailure()) return;
  std::unique_ptr<App> a = start_node(db.url()), b = start_node(db.url());
  ASSERT_NE(a->leading(), b->leading()) << "exactly one node leads";
  std::unique_ptr<App>& leader = a->leading() ? a : b;
  std::unique_ptr<App>& follower = a->leading() ? b : a;

  // The player uses the node that does not lead: its game is answered by the other.
  std::uint16_t port = follower->port();
  auto call = [&](const std::string& method, const std::string& target, const json& body,
                  const std::string& token) {
    return test::api_call(port, method, target, body, token);
  };
  std::string token = call("POST", "/api/signup",
                           {{"name", "ann"}, {"email", "ann@example.org"}, {"password", "pw-ann-123"}},
                           "")
                          .json()["token"];
  test::Reply c = call("POST", "/api/challenges",
                       {{"opponent", "kirin"}, {"game", "shogi"}, {"color", "black"}}, token);
  ASSERT_EQ(c.status, 201u) << c.body;
  ASSERT_EQ(c.json()["status"], "accepted");
  std::string game = "/api/games/" + std::to_string(c.json()["game"].get<Id>());
  auto ply = [&] { return call("GET", game, nullptr, token).json()["ply"].get<int>(); };
  auto play_and_wait = [&](int expected) {
    json view = call("GET", game, nullptr, token).json();
    ASSERT_EQ(view["ply"], expected);
    test::Reply m = call("POST", game + "/moves",
                         {{"move", view["legal_moves"][0]}, {"expected_ply", expected}}, token);
    ASSERT_EQ(m.status, 200u) << m.body;
    ASSERT_TRUE(eventually([&] { return ply() == expected + 2; })) << "no answer to ply " << expected + 1;
  };
  for (int move = 0; move < 3; ++move) play_and_wait(2 * move);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // a second answer would be in
  EXPECT_EQ(leader->computer_answers(), std::make_pair(3, 0));
  EXPECT_EQ(follower->computer_answers(), std::make_pair(0, 0));
  EXPECT_EQ(ply(), 6);

  // The leader goes (its connection, and the lock with it); the other node takes over.
  leader->stop();
  leader.reset();
  ASSERT_TRUE(eventually([&] { return follower->leading(); }, std::chrono::seconds(5)));
  play_and_wait(6);
  EXPECT_EQ(follower->computer_answers(), std::make_pair(1, 0));
  follower->stop();
}

}  // namespace
}  // namespace kirin::server::http
