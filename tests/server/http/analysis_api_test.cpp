// A game's computer analysis over HTTP: PUT and GET /api/games/{id}/analysis and POST
// /api/analysis/review, each refusal with its status, and the larger body these routes take.
#include <gtest/gtest.h>

#include "../server_fixture.h"
#include "server/http/app.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::Reply;

class AnalysisApi : public ::testing::Test {
 protected:
  void SetUp() override {
    db_.check();
    if (IsSkipped() || HasFatalFailure()) return;
    AppOptions options;
    options.http.port = 0;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = db_.url();
    options.services.accounts.hash_cost = HashCost::Minimal;
    options.computer_name = "";
    options.services.games.analysis.reviews_per_minute = 3;
    app_ = std::make_unique<App>(options);
    app_->start();
    alice_ = test::api_sign_up(app_->port(), "alice");
    bob_ = test::api_sign_up(app_->port(), "bob");
    carol_ = test::api_sign_up(app_->port(), "carol");
  }
  void TearDown() override {
    if (app_) app_->stop();
  }
  Reply call(const std::string& method, const std::string& target, const json& body = nullptr,
             const std::string& token = {}) {
    return test::api_call(app_->port(), method, target, body, token);
  }
  // alice (Black) and bob: 7g7f 3c3d, then alice resigns.
  Id finished_game() {
    Id g = test::api_start_game(app_->port(), alice_, "bob", bob_);
    const std::string path = "/api/games/" + std::to_string(g);
    EXPECT_EQ(call("POST", path + "/moves", {{"move", "7g7f"}}, alice_).status, 200u);
    EXPECT_EQ(call("POST", path + "/moves", {{"move", "3c3d"}}, bob_).status, 200u);
    EXPECT_EQ(call("POST", path + "/resign", nullptr, alice_).status, 200u);
    return g;
  }
  static json analysis() {
    return {{"nodes", 20000},
            {"positions",
             {{{"cp", 40}, {"pv", {"2g2f", "8c8d"}}},
              {{"cp", -30}, {"pv", {"8c8d"}}},
              {{"mate", 5}, {"pv", {"8h2b+", "3a2b"}}}}}};
  }

  testing::TestDatabase db_;
  std::unique_ptr<App> app_;
  std::string alice_, bob_, carol_;
};

TEST_F(AnalysisApi, APlayerKeepsItAndAnyoneReadsIt) {
  Id g = finished_game();
  const std::string path = "/api/games/" + std::to_string(g) + "/analysis";
  EXPECT_EQ(call("GET", path).status, 404u);
  EXPECT_EQ(call("PUT", path, analysis()).status, 401u);
  Reply other = call("PUT", path, analysis(), carol_);
  EXPECT_EQ(other.status, 403u) << other.body;
  Reply put = call("PUT", path, analysis(), bob_);
  ASSERT_EQ(put.status, 201u) << put.body;
  json a = put.json();
  EXPECT_EQ(a["stored"], true);
  EXPECT_EQ(a["by"]["name"], "bob");
  EXPECT_EQ(a["positions"].size(), 3u);
  // 3c3d let Black mate: a blunder by White, the better move 8c8d.
  EXPECT_EQ(a["moves"][1]["mark"], "blunder");
  EXPECT_EQ(a["moves"][1]["glyph"], "??");
  EXPECT_EQ(a["moves"][1]["mate"], "mate_created");
  EXPECT_EQ(a["moves"][1]["best"], "8c8d");
  EXPECT_EQ(a["players"]["white"]["blunders"], 1);
  EXPECT_EQ(a["scale"], 1.0);
  // Anyone, signed in or not, reads the same.
  Reply got = call("GET", path);
  ASSERT_EQ(got.status, 200u);
  EXPECT_EQ(got.json()["moves"], a["moves"]);
  EXPECT_EQ(call("PUT", path, analysis(), alice_).status, 409u);  // one a game
}

TEST_F(AnalysisApi, RefusesUnfinishedGamesAndMalformedInput) {
  Id live = test::api_start_game(app_->port(), alice_, "bob", bob_);
  json one = {{"nodes", 10}, {"positions", {{{"cp", 0}, {"pv", {"7g7f"}}}}}};
  Reply r = call("PUT", "/api/games/" + std::to_string(live) + "/analysis", one, alice_);
  EXPECT_EQ(r.status, 409u) << r.body;
  Id g = finished_game();
  const std::string path = "/api/games/" + std::to_string(g) + "/analysis";
  auto status_of = [&](const json& body) {
    Reply reply = call("PUT", path, body, alice_);
    EXPECT_NE(reply.json()["error"]["message"].get<std::string>(), "") << reply.body;
    return reply.status;
  };
  json a = analysis();
  a["positions"][1]["cp"] = "thirty";
  EXPECT_EQ(status_of(a), 400u);
  a = analysis();
  a["positions"][0].erase("pv");
  EXPECT_EQ(status_of(a), 400u);
  a = analysis();
  // What the service checks is 422: a line no move of White's, a position missing.
  a["positions"][1]["pv"] = {"9i9a"};
  EXPECT_EQ(status_of(a), 422u);
  a = analysis();
  a["positions"].erase(2);
  EXPECT_EQ(status_of(a), 422u);
  a = analysis();
  a.erase("nodes");
  EXPECT_EQ(status_of(a), 400u);
  // Too many positions, and a body over even these routes' larger limit.
  a = analysis();
  a["positions"] = json::array();
  for (int i = 0; i < 2002; ++i) a["positions"].push_back(nullptr);
  EXPECT_EQ(status_of(a), 400u);
  a["positions"] = json::array();
  for (int i = 0; i < 2001; ++i)
    a["positions"].push_back({{"cp", 1}, {"pv", json::array({std::string(30, 'x')})}});
  a["padding"] = std::string(600 * 1024, ' ');
  EXPECT_EQ(call("PUT", path, a, alice_).status, 413u);
  EXPECT_EQ(call("GET", path).status, 404u);  // nothing kept
}

TEST_F(AnalysisApi, AReviewIsJudgedForAnyoneAndLimited) {
  Id g = finished_game();
  json body = analysis();
  body["game"] = g;
  Reply r = call("POST", "/api/analysis/review", body, carol_);
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["stored"], false);
  EXPECT_EQ(r.json()["moves"][1]["mark"], "blunder");
  EXPECT_EQ(call("POST", "/api/analysis/review", body, carol_).status, 200u);
  EXPECT_EQ(call("POST", "/api/analysis/review", body, carol_).status, 200u);
  Reply limited = call("POST", "/api/analysis/review", body, carol_);
  EXPECT_EQ(limited.status, 429u) << limited.body;
  EXPECT_NE(limited.headers["retry-after"], "");
  EXPECT_EQ(call("POST", "/api/analysis/review", body).status, 200u);  // the address's own count
  body.erase("game");
  EXPECT_EQ(call("POST", "/api/analysis/review", body).status, 400u);
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(g) + "/analysis").status, 404u);
}

}  // namespace
}  // namespace kirin::server::http
