// The engine's analysis over a real WebSocket: iterations with a legal principal variation,
// stop, replacement, the server-wide limit, closed connections, and refused requests.
#include "server/http/analysis.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "server/http/server.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::WsClient;

// Generous: a test machine may be busy; a search is never asked to take this long.
constexpr auto kWait = std::chrono::seconds(20);

std::set<std::string> legal_moves(const std::string& game, const std::string& sfen = {}) {
  auto v = builtin_variant(game);
  Position pos = parse_sfen(v, sfen.empty() ? v->setup : sfen);
  auto list = std::make_unique<MoveList>();
  generate_moves(pos, *list);
  std::set<std::string> out;
  for (const Move& m : *list) out.insert(to_usi(pos, m));
  return out;
}

class Analysis : public ::testing::Test {
 protected:
  void SetUp() override { start(1); }
  void TearDown() override { server_->stop(); }

  // A server whose analysis has `threads` threads and lets `queue_limit` (0: the default)
  // analyses wait.
  void start(int threads, std::size_t queue_limit = 0) {
    if (server_) server_->stop();
    ServerOptions options;
    options.port = 0;
    options.shutdown_grace = std::chrono::milliseconds(500);
    options.analysis_threads = threads;
    AnalysisLimits limits = analysis_limits(options);
    if (queue_limit) limits.queue_limit = queue_limit;
    server_ = std::make_unique<Server>(options, Router());
    server_->add_ws_extension(std::make_shared<AnalysisService>(limits));
    server_->start();
  }

  // Messages until one of `type` with this id arrives (which is returned); the others are
  // kept in `seen`.
  json until(WsClient& ws, const std::string& type, const json& id, std::vector<json>* seen = {}) {
    for (;;) {
      std::optional<json> m = ws.receive(kWait);
      if (!m) {
        ADD_FAILURE() << "no " << type << " for id " << id;
        return json();
      }
      if ((*m)["type"] == type && m->value("id", json()) == id) return *m;
      if (seen) seen->push_back(*m);
    }
  }

  std::unique_ptr<Server> server_;
};

TEST_F(Analysis, StartPositionGivesLegalPrincipalVariations) {
  WsClient ws(server_->port());
  ws.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 4}, {"id", 1}});
  std::vector<json> seen;
  json done = until(ws, "analysis_done", 1, &seen);
  std::set<std::string> legal = legal_moves("shogi");
  int iterations = 0;
  bool started = false;
  for (const json& m : seen) {
    if (m["type"] == "analysis_started") {
      started = true;
      EXPECT_EQ(m["variant"], "shogi");
      EXPECT_EQ(m["to_move"], "black");
      EXPECT_EQ(m["depth"], 4);
    }
    if (m["type"] != "analysis") continue;
    ++iterations;
    EXPECT_EQ(m["id"], 1);
    ASSERT_FALSE(m["pv"].empty()) << m.dump();
    EXPECT_TRUE(legal.count(m["pv"][0])) << m.dump();
    EXPECT_TRUE(m["score_cp"].is_number_integer() != m["mate"].is_number_integer()) << m.dump();
    EXPECT_GT(m["nodes"].get<int64_t>(), 0);
  }
  EXPECT_TRUE(started);
  EXPECT_GE(iterations, 1);
  EXPECT_EQ(done["reason"], "finished");
  EXPECT_EQ(done["depth"], 4);
  EXPECT_TRUE(legal.count(done["best_move"])) << done.dump();
}

TEST_F(Analysis, MultiPvSendsEachLineNumbered) {
  WsClient ws(server_->port());
  ws.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 2}, {"multipv", 3}, {"id", 1}});
  std::vector<json> seen;
  until(ws, "analysis_done", 1, &seen);
  std::set<std::string> legal = legal_moves("shogi");
  std::map<int, std::vector<json>> by_depth;
  for (const json& m : seen) {
    if (m["type"] == "analysis_started") {
      EXPECT_EQ(m["multipv"], 3);
    }
    if (m["type"] == "analysis") by_depth[m["depth"].get<int>()].push_back(m);
  }
  ASSERT_EQ(by_depth.size(), 2u);
  for (const auto& [depth, lines] : by_depth) {
    ASSERT_EQ(lines.size(), 3u) << depth;
    std::set<std::string> firsts;
    for (std::size_t k = 0; k < lines.size(); ++k) {
      EXPECT_EQ(lines[k]["multipv"], int(k) + 1);
      ASSERT_FALSE(lines[k]["pv"].empty());
      EXPECT_TRUE(legal.count(lines[k]["pv"][0])) << lines[k].dump();
      firsts.insert(lines[k]["pv"][0].get<std::string>());
    }
    EXPECT_EQ(firsts.size(), 3u);
  }
  // Past the limit of lines: refused, naming the field.
  json refused = ws.call({{"op", "analyze"}, {"variant", "shogi"}, {"multipv", 6}, {"id", 2}});
  EXPECT_EQ(refused["error"]["field"], "multipv") << refused.dump();
  EXPECT_EQ(refused["error"]["message"],
            "field \"multipv\" must be a whole number of lines from 1 to 5");
}

TEST_F(Analysis, PositionFromSfenAndMoves) {
  WsClient ws(server_->port());
  json chu_sfen = builtin_variant("chu")->setup;
  ws.send({{"op", "analyze"},
           {"variant", "chushogi"},
           {"sfen", chu_sfen},
           {"moves", {"7i7h", "6d6e"}},
           {"depth", 2},
           {"id", "a"}});
  json started = until(ws, "analysis_started", "a");
  EXPECT_EQ(started["variant"], "chu");
  EXPECT_EQ(started["to_move"], "black");
  std::string sfen = started["sfen"];
  json done = until(ws, "analysis_done", "a");
  EXPECT_TRUE(legal_moves("chu", sfen).count(done["best_move"])) << done.dump();
}

TEST_F(Analysis, StopEndsTheSearch) {
  WsClient ws(server_->port());
  ws.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 7}});  // 30 s unless stopped
  until(ws, "analysis", 7);                                     // a first iteration
  ws.send({{"op", "stop_analysis"}, {"id", 8}});
  json done = until(ws, "analysis_done", 7);
  EXPECT_EQ(done["reason"], "stopped");
  EXPECT_TRUE(legal_moves("chu").count(done["best_move"])) << done.dump();
  // Nothing runs any more.
  json again = ws.call({{"op", "stop_analysis"}, {"id", 9}});
  EXPECT_EQ(again["type"], "analysis_done");
  EXPECT_EQ(again["reason"], "not_running");
  EXPECT_EQ(ws.call({{"op", "ping"}})["type"], "pong");
}

TEST_F(Analysis, ANewAnalysisReplacesTheRunningOne) {
  WsClient ws(server_->port());
  ws.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 1}});
  until(ws, "analysis_started", 1);
  ws.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 2}, {"id", 2}});
  std::vector<json> seen;
  json second = until(ws, "analysis_done", 2, &seen);
  EXPECT_EQ(second["reason"], "finished");
  bool replaced = false;
  for (const json& m : seen)
    if (m["type"] == "analysis_done" && m["id"] == 1) replaced = m["reason"] == "replaced";
  EXPECT_TRUE(replaced);
}

TEST_F(Analysis, ABadRequestLeavesTheRunningAnalysisAlone) {
  WsClient ws(server_->port());
  ws.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 1}});
  until(ws, "analysis_started", 1);
  ws.send({{"op", "analyze"}, {"variant", "chu"}, {"sfen", "12/12 b - 1"}, {"id", 2}});
  std::vector<json> seen;
  json error = until(ws, "error", 2, &seen);
  EXPECT_EQ(error["error"]["field"], "sfen");
  for (const json& m : seen) EXPECT_NE(m["type"], "analysis_done") << m;
  ws.send({{"op", "stop_analysis"}});
  EXPECT_EQ(until(ws, "analysis_done", 1)["reason"], "stopped");
}

TEST_F(Analysis, SearchesBeyondTheLimitWaitTheirTurn) {
  WsClient first(server_->port()), second(server_->port());
  first.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 1}});
  until(first, "analysis_started", 1);
  second.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 2}, {"id", 2}});
  json queued = until(second, "analysis_queued", 2);
  EXPECT_EQ(queued["ahead"], 0);
  first.send({{"op", "stop_analysis"}});
  EXPECT_EQ(until(first, "analysis_done", 1)["reason"], "stopped");
  EXPECT_EQ(until(second, "analysis_done", 2)["reason"], "finished");
}

// With the one thread busy and the queue full, a further analysis is refused at once with
// "busy", and nothing of it is left behind: once the queue has room, it is accepted.
TEST_F(Analysis, PastTheQueueLimitAnAnalysisIsRefusedAsBusy) {
  start(1, 1);

  WsClient running(server_->port()), waiting(server_->port()), refused(server_->port());
  running.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 1}});
  until(running, "analysis_started", 1);
  waiting.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 2}});
  until(waiting, "analysis_queued", 2);
  refused.send({{"op", "analyze"}, {"variant", "shogi"}, {"id", 3}});
  json error = until(refused, "error", 3);
  EXPECT_EQ(error["error"]["code"], "busy");
  waiting.send({{"op", "stop_analysis"}});
  EXPECT_EQ(until(waiting, "analysis_done", 2)["reason"], "stopped");
  refused.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 2}, {"id", 4}});
  until(refused, "analysis_queued", 4);
  running.send({{"op", "stop_analysis"}});
  EXPECT_EQ(until(running, "analysis_done", 1)["reason"], "stopped");
  EXPECT_EQ(until(refused, "analysis_done", 4)["reason"], "finished");
}

// One client address has a few places in the queue (kirin serve --analysis-queue-per-client),
// so that one client with many sockets cannot hold every place.
TEST_F(Analysis, OneAddressHasAFewPlacesInTheQueue) {
  WsClient running(server_->port()), first(server_->port()), second(server_->port()),
      third(server_->port());
  running.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 1}});
  until(running, "analysis_started", 1);
  first.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 1}, {"id", 2}});
  until(first, "analysis_queued", 2);
  second.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 1}, {"id", 3}});
  until(second, "analysis_queued", 3);
  third.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 1}, {"id", 4}});
  json refused = until(third, "error", 4);
  EXPECT_EQ(refused["error"]["code"], "busy");
  EXPECT_NE(refused["error"]["message"].get<std::string>().find("from your address"),
            std::string::npos)
      << refused;
  running.send({{"op", "stop_analysis"}});
  EXPECT_EQ(until(first, "analysis_done", 2)["reason"], "finished");
  EXPECT_EQ(until(second, "analysis_done", 3)["reason"], "finished");
}

// While its request is read (its moves replayed, off the network threads), a connection reads
// no further message: a client cannot pile up work faster than the server does it. Here the
// answer to the request (queued behind another client's search) comes before the pong to a
// ping sent after it.
TEST_F(Analysis, AConnectionWaitsWhileItsRequestIsRead) {
  WsClient other(server_->port()), ws(server_->port());
  other.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 1}});
  until(other, "analysis_started", 1);

  auto v = builtin_variant("chu");
  Game game(parse_sfen(v, v->setup));
  json moves = json::array();
  for (int ply = 0; ply < 300 && !game.outcome().over(); ++ply) {
    auto list = std::make_unique<MoveList>();
    generate_moves(game.position(), *list);
    const Move& m = (*list)[ply * 7 % list->size];
    moves.push_back(to_usi(game.position(), m));
    game.play(m);
  }
  ws.send({{"op", "analyze"}, {"variant", "chu"}, {"moves", moves}, {"depth", 1}, {"id", 2}});
  ws.send({{"op", "ping"}, {"id", 3}});
  std::optional<json> answer = ws.receive(kWait);
  ASSERT_TRUE(answer);
  EXPECT_EQ((*answer)["type"], "analysis_queued") << *answer;
  if ((*answer)["type"] != "pong") until(ws, "pong", 3);
  other.send({{"op", "stop_analysis"}});
}

TEST_F(Analysis, AClosedConnectionStopsItsSearch) {
  {
    WsClient ws(server_->port());
    ws.send({{"op", "analyze"}, {"variant", "chu"}, {"id", 1}});
    until(ws, "analysis_started", 1);
  }  // closed without a word while its 30 s search runs
  // The one analysis thread is free again for the next client well before those 30 s.
  WsClient next(server_->port());
  next.send({{"op", "analyze"}, {"variant", "shogi"}, {"depth", 2}, {"id", 2}});
  EXPECT_EQ(until(next, "analysis_done", 2)["reason"], "finished");
}

TEST_F(Analysis, BadRequestsAreRefusedClearly) {
  WsClient ws(server_->port());
  json unknown = ws.call({{"op", "analyze"}, {"variant", "tenjiku"}, {"id", 1}});
  EXPECT_EQ(unknown["type"], "error");
  EXPECT_EQ(unknown["id"], 1);
  EXPECT_EQ(unknown["error"]["field"], "variant");
  EXPECT_NE(unknown["error"]["message"].get<std::string>().find("unknown game 'tenjiku'"),
            std::string::npos);

  json sfen =
      ws.call({{"op", "analyze"}, {"variant", "shogi"}, {"sfen", "lnsgkgsnl/9 x"}, {"id", 2}});
  EXPECT_EQ(sfen["error"]["code"], "invalid");
  EXPECT_EQ(sfen["error"]["field"], "sfen");
  EXPECT_TRUE(sfen["error"].contains("offset")) << sfen.dump();

  // A position no game reaches: two unpromoted Black Pawns on file 5.
  json nifu = ws.call({{"op", "analyze"},
                       {"variant", "shogi"},
                       {"sfen", "4k4/9/4P4/9/9/9/4P4/9/4K4 b - 1"},
                       {"id", 2}});
  EXPECT_EQ(nifu["error"]["field"], "sfen") << nifu.dump();
  EXPECT_EQ(nifu["error"]["offset"], 7) << nifu.dump();
  EXPECT_NE(nifu["error"]["message"].get<std::string>().find("on file 5 (5c, 5g)"),
            std::string::npos)
      << nifu.dump();

  json illegal =
      ws.call({{"op", "analyze"}, {"variant", "shogi"}, {"moves", {"7g7f", "5a5c"}}, {"id", 3}});
  EXPECT_EQ(illegal["error"]["field"], "moves[1]");
  std::string why = illegal["error"]["message"];
  EXPECT_NE(why.find("moves[1]"), std::string::npos) << why;
  EXPECT_NE(why.find("5a5c"), std::string::npos) << why;

  json malformed =
      ws.call({{"op", "analyze"}, {"variant", "shogi"}, {"moves", {"7g7"}}, {"id", 4}});
  EXPECT_EQ(malformed["error"]["field"], "moves[0]");
  EXPECT_EQ(malformed["error"]["offset"], 2);

  EXPECT_EQ(ws.call({{"op", "analyze"}, {"id", 5}})["error"]["field"], "variant");
  EXPECT_EQ(
      ws.call(
          {{"op", "analyze"}, {"variant", "shogi"}, {"movetime", 0}, {"id", 6}})["error"]["field"],
      "movetime");
  EXPECT_EQ(ws.call({{"op", "analyze"},
                     {"variant", "shogi"},
                     {"moves", "7g7f"},
                     {"id", 7}})["error"]["field"],
            "moves");
  // Refusals change nothing: no analysis is running.
  EXPECT_EQ(ws.call({{"op", "stop_analysis"}})["reason"], "not_running");
  EXPECT_EQ(ws.call({{"op", "dance"}})["error"]["message"],
            "op must be one of \"subscribe\", \"unsubscribe\", \"ping\", \"analyze\", "
            "\"stop_analysis\"");
}

TEST_F(Analysis, AFinishedGameHasNothingToAnalyse) {
  WsClient ws(server_->port());
  // Black's Gold takes White's only King.
  json done = ws.call({{"op", "analyze"},
                       {"variant", "chu"},
                       {"sfen", "k11/G11/12/12/5p6/12/12/12/12/12/12/11K b - 1"},
                       {"moves", {"12b12a"}},
                       {"id", 1}});
  EXPECT_EQ(done["type"], "analysis_done") << done.dump();
  EXPECT_EQ(done["reason"], "game_over");
  EXPECT_EQ(done["best_move"], nullptr);
  EXPECT_NE(done["result"].get<std::string>().find("Black wins"), std::string::npos) << done;
  EXPECT_EQ(done["outcome"], (json{{"result", "black"}, {"reason", "royals-captured"}})) << done;
  // A start position that is already decided is refused as such: White's lone King is bared.
  // (A side without royals from the start is not lost: a mating problem's attacker.)
  json decided = ws.call({{"op", "analyze"},
                          {"variant", "chu"},
                          {"sfen", "k11/12/12/12/12/12/12/12/12/12/12/10RK w - 1"},
                          {"id", 2}});
  EXPECT_EQ(decided["error"]["field"], "sfen") << decided;
}

TEST_F(Analysis, CanBeSwitchedOff) {
  start(0);
  WsClient ws(server_->port());
  json refused = ws.call({{"op", "analyze"}, {"variant", "shogi"}, {"id", 1}});
  EXPECT_EQ(refused["error"]["code"], "unavailable");
}

}  // namespace
}  // namespace kirin::server::http
