// Tournaments through the API end to end (docs/API.md, "Tournaments"): every route, every
// refusal (401 without a session, 403 for another's start and cancel, 422 naming the field,
// 409 full or started, a private event's password), the per-address limit on creation, and
// the WebSocket pushes of `tournament:ID` and of a player's `user:NAME`. On SQLite (or
// PostgreSQL with KIRIN_TEST_STORE=postgres).
#include <gtest/gtest.h>

#include <thread>

#include "../server_fixture.h"
#include "server/http/app.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::Reply;
using test::WsClient;

class TournamentsApi : public ::testing::Test {
 protected:
  void SetUp() override {
    db_.check();
    if (IsSkipped() || HasFatalFailure()) return;
    AppOptions options;
    options.http.port = 0;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = db_.url();
    options.services.accounts.hash_cost = HashCost::Minimal;
    options.services.challenges.rated_min_account_age_ms = 0;  // fresh accounts play rated
    options.tick = std::chrono::milliseconds(50);              // the director pairs at once
    options.services.tournaments.max_created_per_address_per_hour = 12;
    options.computer_name = "kirin";  // the computer may enter
    options.computer_movetime_ms = 50;
    app_ = std::make_unique<App>(options);
    app_->start();
    alice_ = sign_up("alice");
    bob_ = sign_up("bob");
    carol_ = sign_up("carol");
    mod_ = sign_up("moddy");
    app_->moderation().set_role(Moderation::kShell, "moddy", Role::Moderator);
  }
  void TearDown() override {
    if (app_) app_->stop();
  }

  Reply call(const std::string& method, const std::string& target, const json& body = nullptr,
             const std::string& token = {}) {
    return test::api_call(app_->port(), method, target, body, token);
  }
  std::string sign_up(const std::string& name) { return test::api_sign_up(app_->port(), name); }

  // The moderator creates an event (moderators need no rated game): its id.
  Id create(json body) {
    Reply r = call("POST", "/api/tournaments", body, mod_);
    EXPECT_EQ(r.status, 201u) << r.body;
    return r.status == 201 ? r.json()["id"].get<Id>() : 0;
  }
  static json robin() {
    return {{"kind", "robin"}, {"game", "shogi"}, {"time_control", "3 days"}, {"rated", false}};
  }
  std::string path(Id id, const std::string& rest = {}) {
    return "/api/tournaments/" + std::to_string(id) + rest;
  }
  // Waits (up to 5 s) until the event's page satisfies `done`.
  json page_when(Id id, const std::function<bool(const json&)>& done) {
    json page;
    for (int i = 0; i < 100; ++i) {
      page = call("GET", path(id), nullptr, alice_).json();
      if (done(page)) return page;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "the page never got there: " << page.dump();
    return page;
  }

  testing::TestDatabase db_;
  std::unique_ptr<App> app_;
  std::string alice_, bob_, carol_, mod_;  // moddy: a moderator
};

TEST_F(TournamentsApi, EveryWriteNeedsASession) {
  Id id = create(robin());
  for (const std::string& target : {std::string("/api/tournaments"), path(id, "/join"),
                                    path(id, "/withdraw"), path(id, "/start"), path(id, "/cancel")})
    EXPECT_EQ(call("POST", target, robin()).status, 401u) << target;
  // Reading is public.
  EXPECT_EQ(call("GET", "/api/tournaments").status, 200u);
  EXPECT_EQ(call("GET", path(id)).status, 200u);
  EXPECT_EQ(call("GET", path(id, "/games")).status, 200u);
}

TEST_F(TournamentsApi, CreateListAndShow) {
  Reply r = call("POST", "/api/tournaments",
                 {{"kind", "arena"},
                  {"game", "chushogi"},
                  {"name", "Friday arena"},
                  {"description", "for the club"},
                  {"time_control", "600 byoyomi 30"},
                  {"minutes", 45},
                  {"max_players", 12},
                  {"computer", {{"entries", 1}, {"level", 2}}}},
                 mod_);
  ASSERT_EQ(r.status, 201u) << r.body;
  json t = r.json();
  EXPECT_EQ(t["kind"], "arena");
  EXPECT_EQ(t["name"], "Friday arena");
  EXPECT_EQ(t["description"], "for the club");
  EXPECT_EQ(t["status"], "created");
  EXPECT_EQ(t["creator"]["name"], "moddy");
  EXPECT_EQ(t["game"], "chu");
  EXPECT_EQ(t["game_name"], "Chu Shogi");
  EXPECT_EQ(t["time_control"]["byoyomi_ms"], 30000);
  EXPECT_EQ(t["minutes"], 45);
  EXPECT_EQ(t["max_players"], 12);
  EXPECT_EQ(t["berserk"], true);
  EXPECT_EQ(t["private"], false);
  EXPECT_EQ(t["computer"]["entries"], 1);
  EXPECT_EQ(t["computer"]["level"], 2);
  EXPECT_EQ(t["starts_at"], nullptr);
  Id id = t["id"].get<Id>();

  json lists = call("GET", "/api/tournaments").json();
  ASSERT_EQ(lists["upcoming"].size(), 1u);
  EXPECT_EQ(lists["upcoming"][0]["id"], id);
  EXPECT_TRUE(lists["running"].empty());
  EXPECT_TRUE(lists["finished"].empty());
  EXPECT_EQ(call("GET", "/api/tournaments?game=chu").json()["upcoming"].size(), 1u);
  EXPECT_EQ(call("GET", "/api/tournaments?game=shogi").json()["upcoming"].size(), 0u);
  Reply unknown_game = call("GET", "/api/tournaments?game=nonesuch");
  EXPECT_EQ(unknown_game.status, 422u);
  EXPECT_EQ(unknown_game.json()["error"]["field"], "game");

  json page = call("GET", path(id), nullptr, alice_).json();
  EXPECT_EQ(page["id"], id);
  EXPECT_EQ(page["page"], 1);
  EXPECT_EQ(page["me"], nullptr);
  EXPECT_EQ(page["my_game"], nullptr);
  EXPECT_FALSE(page["rules"].get<std::string>().empty());
  EXPECT_TRUE(page["podium"].empty());
  EXPECT_TRUE(page.contains("stats"));

  EXPECT_EQ(call("GET", "/api/tournaments/999").status, 404u);
  EXPECT_EQ(call("GET", "/api/tournaments/x").status, 404u);
  EXPECT_EQ(call("GET", path(id, "?page=0")).status, 400u);
  EXPECT_EQ(call("GET", path(id, "?page=abc")).status, 400u);
  EXPECT_EQ(call("GET", path(id, "/games?limit=500")).status, 400u);
}

TEST_F(TournamentsApi, BadFieldsAreNamed) {
  struct Case {
    json change;
    std::string field;
  };
  json arena = {{"kind", "arena"}, {"game", "shogi"}, {"time_control", "300+5"}, {"minutes", 30}};
  std::vector<Case> cases = {
      {{{"kind", "blitz"}}, "kind"},
      {{{"game", "nonesuch"}}, "game"},
      {{{"time_control", "fast"}}, "time_control"},
      {{{"minutes", 0}}, "minutes"},
      {{{"kind", "swiss"}, {"rounds", 0}}, "rounds"},
      {{{"max_players", 100000}}, "max_players"},
      {{{"computer", {{"entries", 1}, {"level", 99}}}}, "computer"},
      {{{"computer", {{"entries", 1000}, {"level", 1}}}}, "computer"},
      {{{"starts_at", 1000}}, "starts_at"},
  };
  for (const Case& c : cases) {
    json body = arena;
    body.update(c.change);
    Reply r = call("POST", "/api/tournaments", body, mod_);
    EXPECT_EQ(r.status, 422u) << c.change.dump() << r.body;
    if (r.status == 422u) {
      EXPECT_EQ(r.json()["error"]["field"], c.field) << r.body;
    }
  }
  // The wrong type is a 400 naming the field; nothing is created by any of them.
  json wrong = arena;
  wrong["minutes"] = "thirty";
  Reply r = call("POST", "/api/tournaments", wrong, mod_);
  EXPECT_EQ(r.status, 400u);
  EXPECT_NE(r.json()["error"]["message"].get<std::string>().find("\"minutes\""), std::string::npos);
  EXPECT_EQ(call("POST", "/api/tournaments", "not an object", mod_).status, 400u);
  EXPECT_TRUE(call("GET", "/api/tournaments").json()["upcoming"].empty());
}

TEST_F(TournamentsApi, OnlyPlayersOfRatedGamesCreate) {
  // alice has played no rated game and is no moderator.
  Reply r = call("POST", "/api/tournaments", robin(), alice_);
  EXPECT_EQ(r.status, 403u) << r.body;
  EXPECT_TRUE(call("GET", "/api/tournaments").json()["upcoming"].empty());
}

TEST_F(TournamentsApi, CreationIsLimitedPerAddress) {
  // 12 an hour from this address (SetUp); a refused one costs no place.
  json bad = robin();
  bad["max_players"] = 100000;
  EXPECT_EQ(call("POST", "/api/tournaments", bad, mod_).status, 422u);
  for (int i = 0; i < 12; ++i) create(robin());
  Reply r = call("POST", "/api/tournaments", robin(), mod_);
  EXPECT_EQ(r.status, 429u) << r.body;
  EXPECT_FALSE(r.headers["retry-after"].empty());
  EXPECT_EQ(call("GET", "/api/tournaments").json()["upcoming"].size(), 12u);
  // Another address still may.
  test::HttpClient other(app_->port(), "127.0.0.2");
  Reply elsewhere =
      other.request("POST", "/api/tournaments", robin().dump(),
                    {{"Authorization", "Bearer " + mod_}, {"Content-Type", "application/json"}});
  EXPECT_EQ(elsewhere.status, 201u) << elsewhere.body;
}

TEST_F(TournamentsApi, JoinWithdrawStartCancelAndTheirRefusals) {
  Id id = create(robin());
  Reply joined = call("POST", path(id, "/join"), nullptr, alice_);
  ASSERT_EQ(joined.status, 200u) << joined.body;
  EXPECT_GT(joined.json()["entry"].get<Id>(), 0);
  EXPECT_EQ(joined.json()["tournament"]["entries"], 1);
  // Joining again answers the same entry; withdrawing from an event one is not in is a 404.
  Reply again = call("POST", path(id, "/join"), nullptr, alice_);
  EXPECT_EQ(again.status, 200u);
  EXPECT_EQ(again.json()["entry"], joined.json()["entry"]);
  EXPECT_EQ(call("POST", path(id, "/withdraw"), nullptr, bob_).status, 404u);
  ASSERT_EQ(call("POST", path(id, "/join"), nullptr, bob_).status, 200u);
  json page = call("GET", path(id), nullptr, alice_).json();
  EXPECT_EQ(page["entries"], 2);
  ASSERT_EQ(page["standings"].size(), 2u);
  ASSERT_FALSE(page["me"].is_null());
  EXPECT_EQ(page["me"]["entry"], joined.json()["entry"]);

  // Someone else's start and cancel: 403; nothing changes.
  EXPECT_EQ(call("POST", path(id, "/start"), nullptr, alice_).status, 403u);
  EXPECT_EQ(call("POST", path(id, "/cancel"), nullptr, bob_).status, 403u);
  EXPECT_EQ(call("GET", path(id)).json()["status"], "created");

  Reply started = call("POST", path(id, "/start"), nullptr, mod_);
  ASSERT_EQ(started.status, 200u) << started.body;
  EXPECT_EQ(started.json()["status"], "running");
  EXPECT_EQ(call("POST", path(id, "/start"), nullptr, mod_).status, 409u);
  EXPECT_EQ(call("POST", path(id, "/join"), nullptr, carol_).status, 409u);  // a robin started

  // The correspondence robin's one game is paired: on the page, in the games, in the game.
  json paired = page_when(id, [](const json& p) { return !p["my_game"].is_null(); });
  Id game = paired["my_game"].get<Id>();
  json games = call("GET", path(id, "/games")).json()["games"];
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]["id"], game);
  EXPECT_EQ(games[0]["tournament"], id);
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(game)).json()["tournament"], id);

  Reply cancelled = call("POST", path(id, "/cancel"), nullptr, mod_);
  ASSERT_EQ(cancelled.status, 200u) << cancelled.body;
  EXPECT_EQ(cancelled.json()["status"], "cancelled");
  EXPECT_EQ(call("POST", path(id, "/cancel"), nullptr, mod_).status, 409u);
  EXPECT_EQ(call("POST", "/api/tournaments/999/join", nullptr, alice_).status, 404u);
}

TEST_F(TournamentsApi, FullAndPrivateEvents) {
  json small = robin();
  small["max_players"] = 2;
  small["password"] = "club-secret";
  Id id = create(small);
  EXPECT_EQ(call("GET", path(id)).json()["private"], true);
  Reply none = call("POST", path(id, "/join"), nullptr, alice_);
  EXPECT_EQ(none.status, 403u) << none.body;
  EXPECT_EQ(none.json()["error"]["field"], "password");
  Reply wrong = call("POST", path(id, "/join"), {{"password", "guess"}}, alice_);
  EXPECT_EQ(wrong.status, 403u);
  EXPECT_EQ(wrong.json()["error"]["field"], "password");
  EXPECT_EQ(call("GET", path(id)).json()["entries"], 0);
  EXPECT_EQ(call("POST", path(id, "/join"), {{"password", 7}}, alice_).status, 400u);
  EXPECT_EQ(call("POST", path(id, "/join"), {{"password", "club-secret"}}, alice_).status, 200u);
  EXPECT_EQ(call("POST", path(id, "/join"), {{"password", "club-secret"}}, bob_).status, 200u);
  Reply full = call("POST", path(id, "/join"), {{"password", "club-secret"}}, carol_);
  EXPECT_EQ(full.status, 409u) << full.body;
  EXPECT_EQ(call("GET", path(id)).json()["entries"], 2);
}

TEST_F(TournamentsApi, EntryConditionsAreKept) {
  json strict = robin();
  strict["min_rated_games"] = 1;
  Id games = create(strict);
  strict = robin();
  strict["min_rating"] = 1700;
  Id rating = create(strict);
  // alice has no rated game, and the rating of a new player.
  for (Id id : {games, rating}) {
    Reply r = call("POST", path(id, "/join"), nullptr, alice_);
    EXPECT_EQ(r.status, 403u) << r.body;
    EXPECT_EQ(call("GET", path(id)).json()["entries"], 0);
  }
}

TEST_F(TournamentsApi, WebSocketPushesTheEventAndThePlayersPairings) {
  Id id = create(robin());
  const std::string topic = "tournament:" + std::to_string(id);
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", topic}})["type"], "subscribed");
  WsClient alices(app_->port(), "/ws?token=" + alice_);
  ASSERT_EQ(alices.call({{"op", "subscribe"}, {"topic", "user:alice"}})["type"], "subscribed");
  // Only the canonical spelling of an existing event (asked on a connection of its own: the
  // watcher's may be hearing of the event already).
  WsClient other(app_->port());
  EXPECT_EQ(other.call({{"op", "subscribe"},
                        {"topic", "tournament:0" + std::to_string(id)}})["error"]["code"],
            "forbidden");
  EXPECT_EQ(other.call({{"op", "subscribe"}, {"topic", "tournament:999"}})["error"]["code"],
            "forbidden");

  // The next message on `ws` that is a tournament event (skipping others), or that says `what`.
  auto next = [](WsClient& ws, const std::string& what = {}) -> json {
    for (int i = 0; i < 20; ++i) {
      std::optional<json> m = ws.receive();
      if (!m) return nullptr;
      if ((*m)["type"] == "event" && (*m)["event"]["type"] == "tournament" &&
          (what.empty() || (*m)["event"]["what"] == what))
        return *m;
    }
    return nullptr;
  };
  // (On PostgreSQL a node hears its own writes again from the change feed: an event may come
  // twice, which a page's throttled reload absorbs. Each is looked for by what it says.)
  ASSERT_EQ(call("POST", path(id, "/join"), nullptr, alice_).status, 200u);
  json joined = next(watcher, "joined");
  ASSERT_FALSE(joined.is_null());
  EXPECT_EQ(joined["topic"], topic);
  EXPECT_EQ(joined["event"]["tournament"], id);
  EXPECT_EQ(joined["event"]["what"], "joined");
  ASSERT_EQ(call("POST", path(id, "/join"), nullptr, bob_).status, 200u);
  EXPECT_EQ(next(watcher, "joined")["event"]["what"], "joined");
  ASSERT_EQ(call("POST", path(id, "/start"), nullptr, mod_).status, 200u);
  EXPECT_EQ(next(watcher, "started")["event"]["what"], "started");
  // (The robin's first "round" comes with its pairings.)
  json paired = next(watcher, "paired");
  ASSERT_FALSE(paired.is_null());
  Id game = paired["event"]["game"].get<Id>();
  EXPECT_GT(game, 0);
  // alice's own topic hears of her new game.
  json mine = next(alices, "paired");
  ASSERT_FALSE(mine.is_null());
  EXPECT_EQ(mine["topic"], "user:alice");
  EXPECT_EQ(mine["event"]["what"], "paired");
  EXPECT_EQ(mine["event"]["game"], game);
}

}  // namespace
}  // namespace kirin::server::http
