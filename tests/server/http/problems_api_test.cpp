// The problems room and "find a mate" over HTTP (docs/API.md, "Problems and mates"): the
// shapes of the answers and every refusal, on the whole server (App).
#include <gtest/gtest.h>

#include "../server_fixture.h"
#include "server/http/app.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::Reply;

const char* const kA22 = "/api/problems/chu-tsume-ab/A22";

class ProblemsApi : public ::testing::Test {
 protected:
  void SetUp() override {
    db_.check();
    if (IsSkipped() || HasFatalFailure()) return;
    start(MateOptions{.per_minute = 2});
  }
  void start(MateOptions mate) {
    if (app_) app_->stop();
    app_.reset();
    AppOptions options;
    options.http.port = 0;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = db_.url();
    options.services.accounts.hash_cost = HashCost::Minimal;
    options.services.mate = mate;
    app_ = std::make_unique<App>(options);
    app_->start();
  }
  void TearDown() override {
    if (app_) app_->stop();
  }
  Reply call(const std::string& method, const std::string& target, const json& body = nullptr) {
    return test::api_call(app_->port(), method, target, body);
  }
  Reply attempt(const json& moves) {
    return call("POST", std::string(kA22) + "/attempt", {{"moves", moves}});
  }

  testing::TestDatabase db_;
  std::unique_ptr<App> app_;
};

TEST_F(ProblemsApi, TheCollectionsListTheirProblemsBySeries) {
  Reply r = call("GET", "/api/problems");
  ASSERT_EQ(r.status, 200u) << r.body;
  json c = r.json()["collections"][0];
  EXPECT_EQ(c["id"], "chu-tsume-ab");
  EXPECT_EQ(c["game"], "chu");
  EXPECT_FALSE(c["source"].get<std::string>().empty());
  // Its title in both languages (the Japanese pages show title_ja).
  EXPECT_NE(c["title"].get<std::string>().find("Middle Shogi Manual"), std::string::npos);
  EXPECT_NE(c["title_ja"].get<std::string>().find("中将棋"), std::string::npos);
  EXPECT_EQ(c["series"][0]["series"], "A");
  bool found = false;
  for (const json& p : c["series"][0]["problems"])
    if (p["name"] == "A22") found = p["moves"] == 5 && p["attacker"] == "black";
  EXPECT_TRUE(found);
}

TEST_F(ProblemsApi, AProblemAndItsSolution) {
  Reply r = call("GET", kA22);
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["moves"], 5);
  EXPECT_NE(r.json()["collection_title_ja"].get<std::string>().find("中将棋"), std::string::npos);
  EXPECT_FALSE(r.json().contains("solution"));
  r = call("GET", std::string(kA22) + "/solution");
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["solution"].size(), 9u);
  EXPECT_EQ(r.json()["solution"][0], "5e5d");
}

TEST_F(ProblemsApi, AProblemShowsTheMateProvedAndItsProof) {
  Reply r = call("GET", kA22);
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["proved"]["moves"], 5);
  EXPECT_EQ(r.json()["proved"]["shortest"], true);
  EXPECT_GT(r.json()["proved"]["positions"].get<int>(), 1);
  r = call("GET", std::string(kA22) + "/proof");
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.headers["content-type"], "text/plain; charset=utf-8");
  EXPECT_EQ(r.body.rfind("sfen 5e2s3/2+H1ck+ltc3/", 0), 0u) << r.body;
  EXPECT_NE(r.body.find("\nvariant chu\n-\t"), std::string::npos) << r.body;
  // The list carries it too.
  bool listed = false;
  const json list = call("GET", "/api/problems").json();
  for (const json& p : list["collections"][0]["series"][0]["problems"])
    if (p["name"] == "A22") listed = p["proved"]["moves"] == 5;
  EXPECT_TRUE(listed);
}

TEST_F(ProblemsApi, NoProofWhereNoMateIsProved) {
  // B23 has no mate under the collection's conventions (docs/BENCHMARKS.md): no proof.
  Reply r = call("GET", "/api/problems/chu-tsume-ab/B23");
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_TRUE(r.json()["proved"].is_null());
  r = call("GET", "/api/problems/chu-tsume-ab/B23/proof");
  EXPECT_EQ(r.status, 404u);
  EXPECT_EQ(r.json()["error"]["code"], "not_found");
  r = call("GET", "/api/problems/chu-tsume-ab/Z9/proof");
  EXPECT_EQ(r.status, 404u);
  EXPECT_EQ(r.json()["error"]["field"], "name");
}

TEST_F(ProblemsApi, UnknownProblemsAreNotFound) {
  Reply r = call("GET", "/api/problems/chu-tsume-ab/Z9");
  EXPECT_EQ(r.status, 404u);
  EXPECT_EQ(r.json()["error"]["field"], "name");
  r = call("GET", "/api/problems/nosuch/A22/solution");
  EXPECT_EQ(r.status, 404u);
  EXPECT_EQ(r.json()["error"]["field"], "collection");
  r = call("POST", "/api/problems/nosuch/A22/attempt", {{"moves", {"5e5d"}}});
  EXPECT_EQ(r.status, 404u);
}

TEST_F(ProblemsApi, AnAttemptIsAnsweredWithAVerdict) {
  Reply r = attempt({"5e5d"});
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["verdict"], "defended");
  EXPECT_EQ(r.json()["reply"], "7b6a");
  EXPECT_EQ(r.json()["from_book"], true);
  r = attempt({"10b11b"});
  EXPECT_EQ(r.json()["verdict"], "wrong");
  EXPECT_EQ(r.json()["reason"], "no-attack");
  r = attempt({"5e5d", "7b6a", "5d5b"});
  EXPECT_EQ(r.json()["verdict"], "wrong");
  EXPECT_EQ(r.json()["reason"], "no-mate");
  EXPECT_EQ(r.json()["refutation"], "6a5b");
  r = attempt({"5e5d", "7b6a", "10e9d8c", "8b8c", "5d7b", "7a7b", "10b9a", "7b8a", "9a8a"});
  EXPECT_EQ(r.json()["verdict"], "solved");
}

TEST_F(ProblemsApi, BadAttemptsAreRefusedNamingTheField) {
  Reply r = call("POST", std::string(kA22) + "/attempt", json::object());
  EXPECT_EQ(r.status, 400u);
  r = attempt("5e5d");
  EXPECT_EQ(r.status, 400u);
  r = attempt({"5e5d", 7});
  EXPECT_EQ(r.status, 400u);
  EXPECT_NE(r.body.find("moves[1]"), std::string::npos);
  r = attempt({"5e5d", "7b6a", "9z9z"});
  EXPECT_EQ(r.status, 422u);
  EXPECT_EQ(r.json()["error"]["field"], "moves[2]");
  r = attempt(json::array());
  EXPECT_EQ(r.status, 422u);
  EXPECT_EQ(r.json()["error"]["field"], "moves");
  r = call("POST", std::string(kA22) + "/attempt",
           {{"moves", json::array()}, {"pad", std::string(70 * 1024, 'x')}});
  EXPECT_EQ(r.status, 413u);
}

TEST_F(ProblemsApi, SolvesOverTheLimitAre429) {
  // Two solves a minute from this address (SetUp); the book's line takes none.
  EXPECT_EQ(attempt({"10e9d8c"}).status, 200u);
  EXPECT_EQ(attempt({"10e9d8c"}).json()["cached"], true);  // remembered: free
  json question = {{"variant", "chu"}, {"sfen", call("GET", kA22).json()["sfen"]}};
  EXPECT_EQ(call("POST", "/api/mate", question).status, 200u);
  Reply r = attempt({"10b8b"});
  EXPECT_EQ(r.status, 429u) << r.body;
  EXPECT_TRUE(r.headers.count("retry-after"));
  EXPECT_EQ(attempt({"5e5d"}).status, 200u);
}

TEST_F(ProblemsApi, ASwitchedOffSolverIs503ButTheBookStillAnswers) {
  start(MateOptions{.threads = 0});
  Reply r = call("POST", "/api/mate", {{"variant", "shogi"}});
  EXPECT_EQ(r.status, 503u) << r.body;
  EXPECT_EQ(r.json()["error"]["code"], "busy");
  EXPECT_EQ(attempt({"10e9d8c"}).status, 503u);
  EXPECT_EQ(attempt({"5e5d"}).json()["reply"], "7b6a");
}

// For a client that solves itself (the browser's engine): the rules and the book answer, and
// "unsolved" where a solve would be needed, which none is, even with the solver off.
TEST_F(ProblemsApi, ACheckAnswersWithoutSolving) {
  start(MateOptions{.threads = 0});
  auto check = [&](const json& moves) {
    return call("POST", std::string(kA22) + "/check", {{"moves", moves}});
  };
  Reply r = check({"5e5d"});
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["verdict"], "defended");
  EXPECT_EQ(r.json()["reply"], "7b6a");
  EXPECT_EQ(r.json()["from_book"], true);
  r = check({"10e9d8c"});  // off the book: the caller solves
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["verdict"], "unsolved");
  EXPECT_EQ(r.json()["reply"], nullptr);
  EXPECT_EQ(r.json()["nodes"], 0);
  EXPECT_EQ(check({"10b11b"}).json()["verdict"], "wrong");  // attacks no royal
  EXPECT_EQ(check({"5e5d", "7b6a", "10e9d8c", "8b8c", "5d7b", "7a7b", "10b9a", "7b8a", "9a8a"})
                .json()["verdict"],
            "solved");
  // Bad attempts are refused as the attempt's are.
  r = check({"5e5d", "7b6a", "9z9z"});
  EXPECT_EQ(r.status, 422u) << r.body;
  EXPECT_EQ(r.json()["error"]["field"], "moves[2]");
  EXPECT_EQ(call("POST", "/api/problems/nosuch/A22/check", {{"moves", {"5e5d"}}}).status, 404u);
  // Checks are not solves: the per-minute limit of solves does not count them.
  for (int i = 0; i < 5; ++i) EXPECT_EQ(check({"10e9d8c"}).status, 200u);
}

TEST_F(ProblemsApi, FindAMate) {
  std::string sfen = call("GET", kA22).json()["sfen"];
  Reply r = call("POST", "/api/mate",
                 {{"variant", "chushogi"}, {"sfen", sfen}, {"movetime_ms", 60'000}});
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["status"], "mate");
  EXPECT_EQ(r.json()["mate_in"], 5);
  EXPECT_EQ(r.json()["exact"], true);  // no mate in 4: proved
  EXPECT_EQ(r.json()["length"], "exact");
  EXPECT_EQ(r.json()["line"].size(), 9u);
  EXPECT_EQ(r.json()["movetime_ms"], 10'000);  // clamped to the maximum
}

// A node budget makes the answers the same on any machine: A22's mate in 5 is first proved
// by an unlimited search (1,000 nodes: only its line), then bounded (3,000: at most 5), and
// proved the shortest later (FindAMate). Neither is remembered: more budget may prove more.
TEST_F(ProblemsApi, AMateNotProvedTheShortestSaysWhatIsProvedAndIsNotRemembered) {
  std::string sfen = call("GET", kA22).json()["sfen"];
  const json ask = {{"variant", "chushogi"}, {"sfen", sfen}};
  for (auto [nodes, length] : {std::pair{3000, "at_most"}, std::pair{1000, "unbounded"}}) {
    start(MateOptions{.per_minute = 10, .nodes = nodes});
    for (int time = 0; time < 2; ++time) {
      Reply r = call("POST", "/api/mate", ask);
      ASSERT_EQ(r.status, 200u) << r.body;
      EXPECT_EQ(r.json()["status"], "mate") << nodes;
      EXPECT_EQ(r.json()["mate_in"], 5) << nodes;
      EXPECT_EQ(r.json()["exact"], false) << nodes;
      EXPECT_EQ(r.json()["length"], length) << nodes;
      EXPECT_EQ(r.json()["cached"], false) << nodes << " asked again";
    }
  }
  // Off the book's line, an attempt says the same of the mate after its reply.
  Reply r = attempt({"5e5d", "7b6a", "10e9d8c"});
  ASSERT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(r.json()["verdict"], "defended");
  EXPECT_EQ(r.json()["mate_exact"], r.json()["mate_length"] == "exact");
  EXPECT_EQ(attempt({"5e5d"}).json()["mate_length"], nullptr);  // the book's: nothing proved
}

TEST_F(ProblemsApi, BadMateQuestionsAreRefusedNamingTheField) {
  Reply r = call("POST", "/api/mate", {{"sfen", "x"}});
  EXPECT_EQ(r.status, 400u);
  r = call("POST", "/api/mate", {{"variant", "chu"}, {"sfen", "12/12 b"}});
  EXPECT_EQ(r.status, 422u);
  EXPECT_EQ(r.json()["error"]["field"], "sfen");
  r = call("POST", "/api/mate", {{"variant", "nosuch"}});
  EXPECT_EQ(r.json()["error"]["field"], "variant");
  r = call("POST", "/api/mate", {{"variant", "shogi"}, {"moves", {"7g7f", "7g7f"}}});
  EXPECT_EQ(r.status, 422u);
  EXPECT_EQ(r.json()["error"]["field"], "moves[1]");
  r = call("POST", "/api/mate", {{"variant", "shogi"}, {"movetime_ms", 0}});
  EXPECT_EQ(r.status, 400u);
}

}  // namespace
}  // namespace kirin::server::http
