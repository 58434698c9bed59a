// The API end to end: the whole server (App) on a temporary SQLite file (or a PostgreSQL
// database with KIRIN_TEST_STORE=postgres), driven over real HTTP and WebSocket connections.
#include <gtest/gtest.h>

#include <thread>

#include "../arena_game.h"
#include "../server_fixture.h"
#include "server/domain/clocks.h"
#include "server/http/app.h"
#include "server/http/client_address.h"
#include "server/http/service_errors.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::HttpClient;
using test::Reply;
using test::WsClient;

class Api : public ::testing::Test {
 protected:
  void SetUp() override {
    db_.check();
    if (IsSkipped() || HasFatalFailure()) return;
    start("none");
    alice_ = sign_up("alice");
    bob_ = sign_up("bob");
  }
  void TearDown() override {
    if (app_) app_->stop();
  }

  void start(const std::string& computer) {
    AppOptions options;
    options.http.port = 0;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = db_.url();
    options.services.accounts.hash_cost = HashCost::Minimal;
    options.computer_name = computer == "none" ? "" : computer;
    options.computer_movetime_ms = 50;
    options.services.challenges.rated_min_account_age_ms = 0;  // fresh accounts play rated
    app_ = std::make_unique<App>(options);
    app_->start();
  }

  Reply call(const std::string& method, const std::string& target, const json& body = nullptr,
             const std::string& token = {}) {
    return test::api_call(app_->port(), method, target, body, token);
  }

  std::string sign_up(const std::string& name) { return test::api_sign_up(app_->port(), name); }

  // alice (Black) challenges bob to shogi, bob accepts: the game's id.
  Id start_game() { return test::api_start_game(app_->port(), alice_, "bob", bob_); }

  Reply move(Id game, const std::string& usi, std::optional<int> expected,
             const std::string& token) {
    json body = {{"move", usi}};
    if (expected) body["expected_ply"] = *expected;
    return call("POST", "/api/games/" + std::to_string(game) + "/moves", body, token);
  }

  testing::TestDatabase db_;  // SQLite, or PostgreSQL with KIRIN_TEST_STORE=postgres
  std::unique_ptr<App> app_;
  std::string alice_, bob_;
};

TEST_F(Api, SignUpLogInLogOut) {
  Reply taken = call("POST", "/api/signup",
                     {{"name", "Alice"}, {"email", "a@example.org"}, {"password", "whatever-1"}});
  EXPECT_EQ(taken.status, 409u);
  EXPECT_EQ(taken.json()["error"]["field"], "name");
  Reply bad = call("POST", "/api/signup",
                   {{"name", "9x"}, {"email", "x@example.org"}, {"password", "pw-12345"}});
  EXPECT_EQ(bad.status, 422u);
  EXPECT_EQ(bad.json()["error"]["code"], "invalid");
  EXPECT_EQ(call("POST", "/api/signup", {{"name", "carol"}, {"password", "pw-carol-123"}})
                .json()["error"]["message"],
            "field \"email\" is required");

  EXPECT_EQ(call("POST", "/api/login", {{"name", "alice"}, {"password", "wrong"}}).status, 401u);
  Reply login = call("POST", "/api/login", {{"name", "alice"}, {"password", "pw-alice-123"}});
  ASSERT_EQ(login.status, 200u);
  std::string token = login.json()["token"];
  Reply me = call("GET", "/api/me", nullptr, token);
  EXPECT_EQ(me.json()["user"]["name"], "alice");
  EXPECT_EQ(me.json()["user"]["email"], "alice@example.org");
  EXPECT_EQ(call("POST", "/api/logout", nullptr, token).status, 200u);
  EXPECT_EQ(call("GET", "/api/me", nullptr, token).status, 401u);
  EXPECT_EQ(call("GET", "/api/me").json()["error"]["code"], "unauthorized");
}

// Issue 28: at most 5 sign-ups an hour from one address (the default), by every door that
// takes the client's address: POST /api/signup and the signup text command over HTTP.
TEST_F(Api, SignUpsFromOneAddressAreLimitedWithRetryAfter) {
  for (const char* name : {"carol", "dave", "erin"}) sign_up(name);  // with alice and bob: 5
  Reply refused = call("POST", "/api/signup",
                       {{"name", "frank"}, {"email", "f@example.org"}, {"password", "pw-f-12345"}});
  EXPECT_EQ(refused.status, 429u) << refused.body;
  EXPECT_EQ(refused.json()["error"]["code"], "too_many_requests");
  const std::string after = refused.headers["retry-after"];
  ASSERT_FALSE(after.empty());
  EXPECT_GT(std::stol(after), 0);
  EXPECT_LE(std::stol(after), 3600);
  EXPECT_TRUE(refused.json()["error"]["message"].get<std::string>().starts_with(
      "accounts opened from your address: at most 5 an hour: try again in "))
      << refused.body;
  Reply text = HttpClient(app_->port())
                   .request("POST", "/api/command", "signup frank pw-f-12345 f@example.org",
                            {{"Content-Type", "text/plain"}});
  EXPECT_NE(text.body.find("accounts opened from your address: at most 5 an hour"),
            std::string::npos)
      << text.body;
  EXPECT_EQ(call("GET", "/api/users/frank").status, 404u);
}

TEST_F(Api, WrongPasswordsAreSlowedDownWithRetryAfter) {
  for (int i = 0; i < 6; ++i) {
    json guess = {{"name", "alice"}, {"password", "guess-" + std::to_string(i)}};
    EXPECT_EQ(call("POST", "/api/login", guess).status, 401u);
  }
  Reply slowed = call("POST", "/api/login", {{"name", "alice"}, {"password", "pw-alice-123"}});
  EXPECT_EQ(slowed.status, 429u);
  EXPECT_EQ(slowed.headers["retry-after"], "1");
  EXPECT_EQ(slowed.json()["error"]["code"], "too_many_requests");
  EXPECT_EQ(slowed.json()["error"]["retry_after"], 1);
  EXPECT_EQ(slowed.json()["error"]["message"],
            "too many wrong passwords for that name: try again in 1 second");
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  EXPECT_EQ(call("POST", "/api/login", {{"name", "alice"}, {"password", "pw-alice-123"}}).status,
            200u);

  // The client's address (here 127.0.0.1) is counted across names.
  for (int i = 0; i < 21; ++i)
    call("POST", "/api/login", {{"name", "user" + std::to_string(i)}, {"password", "guess"}});
  slowed = call("POST", "/api/login", {{"name", "bob"}, {"password", "pw-bob-123"}});
  EXPECT_EQ(slowed.status, 429u);
  EXPECT_EQ(slowed.json()["error"]["message"],
            "too many wrong passwords from your address: try again in 1 second");
}

TEST_F(Api, PasswordsAreNotShownInErrors) {
  Reply common = call("POST", "/api/signup",
                      {{"name", "carol"}, {"email", "c@example.org"}, {"password", "Password1"}});
  EXPECT_EQ(common.status, 422u);
  EXPECT_EQ(common.json()["error"]["field"], "password");
  EXPECT_EQ(common.body.find("Password1"), std::string::npos);

  // Bad JSON is not quoted back: it may be a password.
  HttpClient client(app_->port());
  Reply bad = client.request("POST", "/api/login",
                             "{\"name\": \"alice\", \"password\": \"Sekrit-Pa55\x01\"}");
  EXPECT_EQ(bad.status, 400u);
  EXPECT_EQ(bad.json()["error"]["code"], "bad_json");
  EXPECT_EQ(bad.body.find("Sekrit"), std::string::npos) << bad.body;
}

// A number too large for a double is bad JSON like any other, not a server error (found by
// fuzz_http).
TEST_F(Api, ANumberTooLargeIsBadJson) {
  HttpClient client(app_->port());
  Reply huge = client.request("POST", "/api/login", R"({"name": "alice", "password": 1e400})");
  EXPECT_EQ(huge.status, 400u) << huge.body;
  EXPECT_EQ(huge.json()["error"]["code"], "bad_json");
}

TEST(ApiErrors, SlowDownsAndBusyAnswersSayWhenToTryAgain) {
  auto busy = map_service_error(ServiceError(ErrorCode::Busy, "busy").retry_after(1));
  ASSERT_TRUE(busy);
  EXPECT_EQ(busy->status, 503u);
  using Headers = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(busy->headers, (Headers{{"Retry-After", "1"}}));
  EXPECT_EQ(json::parse(busy->body)["error"]["code"], "busy");
  auto slowed = map_service_error(ServiceError(ErrorCode::TooManyRequests, "wait").retry_after(8));
  EXPECT_EQ(slowed->status, 429u);
  EXPECT_EQ(json::parse(slowed->body)["error"]["retry_after"], 8);
  EXPECT_TRUE(map_service_error(ServiceError(ErrorCode::Invalid, "bad"))->headers.empty());
}

TEST(ApiErrors, ClientsAreCountedByAddressAndIpv6ByItsNetwork) {
  namespace ip = boost::asio::ip;
  EXPECT_EQ(client_address(ip::make_address("192.0.2.7")), "192.0.2.7");
  EXPECT_EQ(client_address(ip::make_address("::ffff:192.0.2.7")), "192.0.2.7");
  EXPECT_EQ(client_address(ip::make_address("2001:db8:1:2:3:4:5:6")), "2001:db8:1:2::/64");
  EXPECT_EQ(client_address(ip::make_address("2001:db8:1:2:ffff::1")), "2001:db8:1:2::/64");
}

TEST_F(Api, Preferences) {
  json defaults = {{"board_style", "standard"}, {"flip", true},
                   {"piece_set", "kanji"},       {"turn_mail", true},
                   {"accept_messages", true},    {"message_mail", true},
                   {"profiles", json::object()}};
  EXPECT_EQ(call("GET", "/api/me/preferences", nullptr, alice_).json(), defaults);
  Reply put = call("PUT", "/api/me/preferences",
                   {{"flip", false}, {"board_style", "small"}, {"turn_mail", false}}, alice_);
  ASSERT_EQ(put.status, 200u) << put.body;
  json changed = defaults;
  changed["flip"] = false;
  changed["board_style"] = "small";
  changed["turn_mail"] = false;
  EXPECT_EQ(call("GET", "/api/me/preferences", nullptr, alice_).json(), changed);
  Reply bad = call("PUT", "/api/me/preferences", {{"board_style", "cubist"}}, alice_);
  EXPECT_EQ(bad.status, 422u);
  EXPECT_EQ(bad.json()["error"]["field"], "board_style");
  EXPECT_EQ(call("PUT", "/api/me/preferences", {{"flip", "yes"}}, alice_).status, 400u);
}

// A default rule profile per game: kept in the preferences, used by the challenges that name
// none; "default" names the game's own.
TEST_F(Api, DefaultProfileInThePreferences) {
  Reply put = call("PUT", "/api/me/preferences", {{"profiles", {{"chushogi", "pbmserv"}}}}, alice_);
  ASSERT_EQ(put.status, 200u) << put.body;
  EXPECT_EQ(put.json()["profiles"], json({{"chu", "pbmserv"}}));
  Reply bad = call("PUT", "/api/me/preferences", {{"profiles", {{"chu", "nosuch"}}}}, alice_);
  EXPECT_EQ(bad.status, 422u);
  EXPECT_EQ(bad.json()["error"]["field"], "profiles");
  EXPECT_EQ(bad.json()["error"]["message"],
            "Chu Shogi has no rule profile 'nosuch' (its profiles: hachu, jcsa, lishogi, pbmserv, "
            "xboard)");
  EXPECT_EQ(call("PUT", "/api/me/preferences", {{"profiles", "pbmserv"}}, alice_).status, 400u);
  EXPECT_EQ(call("GET", "/api/me/preferences", nullptr, alice_).json()["profiles"],
            json({{"chu", "pbmserv"}}));  // unchanged by the refusals

  Reply mine = call("POST", "/api/challenges", {{"opponent", "bob"}, {"game", "chu"}}, alice_);
  ASSERT_EQ(mine.status, 201u) << mine.body;
  EXPECT_EQ(mine.json()["setup"]["profile"], "pbmserv");
  Reply named = call("POST", "/api/challenges",
                     {{"opponent", "bob"}, {"game", "chu"}, {"profile", "jcsa"}}, alice_);
  EXPECT_EQ(named.json()["setup"]["profile"], "jcsa");
  Reply plain = call("POST", "/api/challenges",
                     {{"opponent", "bob"}, {"game", "chu"}, {"profile", "default"}}, alice_);
  EXPECT_EQ(plain.json()["setup"]["profile"], "lishogi");
  // Bob has none: his challenge keeps the game's default rules.
  Reply his = call("POST", "/api/challenges", {{"opponent", "alice"}, {"game", "chu"}}, bob_);
  EXPECT_EQ(his.json()["setup"]["profile"], "");

  Reply cleared = call("PUT", "/api/me/preferences", {{"profiles", {{"chu", nullptr}}}}, alice_);
  EXPECT_EQ(cleared.json()["profiles"], json::object());
}

// Byoyomi periods: spelled in the time control or as a field, shown in the time control and
// the clock (periods left).
TEST_F(Api, ByoyomiPeriods) {
  Reply spelled = call("POST", "/api/challenges",
                       {{"opponent", "bob"}, {"game", "shogi"}, {"time_control", "600 byoyomi 30x3"}},
                       alice_);
  ASSERT_EQ(spelled.status, 201u) << spelled.body;
  EXPECT_EQ(spelled.json()["time_control"]["periods"], 3);
  EXPECT_EQ(spelled.json()["time_control"]["text"], "600 byoyomi 30 periods 3");
  Reply field = call("POST", "/api/challenges",
                     {{"opponent", "bob"}, {"game", "shogi"}, {"time_control", "600 byoyomi 30"},
                      {"periods", 5}},
                     alice_);
  ASSERT_EQ(field.status, 201u) << field.body;
  EXPECT_EQ(field.json()["time_control"]["periods"], 5);
  // Refusals name the field, and create nothing.
  const size_t before = call("GET", "/api/challenges", nullptr, alice_).json()["outgoing"].size();
  for (const auto& [body, named] :
       {std::pair{json{{"time_control", "300+5"}, {"periods", 3}}, "periods"},
        std::pair{json{{"time_control", "600 byoyomi 30 periods 0"}}, "time_control"}}) {
    json b = body;
    b["opponent"] = "bob";
    Reply r = call("POST", "/api/challenges", b, alice_);
    EXPECT_EQ(r.status, 422u) << b << r.body;
    EXPECT_EQ(r.json()["error"]["field"], named) << b << r.body;
  }
  // A number out of range or not a number, as for every whole-number field: 400.
  for (const json& periods : {json(11), json(0), json("3"), json(4294967297)}) {
    Reply r = call("POST", "/api/challenges",
                   {{"opponent", "bob"}, {"time_control", "600 byoyomi 30"}, {"periods", periods}},
                   alice_);
    EXPECT_EQ(r.status, 400u) << periods << r.body;
    EXPECT_NE(r.body.find("periods"), std::string::npos) << r.body;
  }
  EXPECT_EQ(call("GET", "/api/challenges", nullptr, alice_).json()["outgoing"].size(), before);
  Reply accepted =
      call("POST", "/api/challenges/" + std::to_string(spelled.json()["id"].get<Id>()) + "/accept",
           nullptr, bob_);
  ASSERT_EQ(accepted.status, 200u) << accepted.body;
  Id game = accepted.json()["game"].get<Id>();
  json g = call("GET", "/api/games/" + std::to_string(game)).json();
  EXPECT_EQ(g["time_control"]["periods"], 3);
  EXPECT_EQ(g["clock"]["black_periods"], 3);
  EXPECT_EQ(g["clock"]["white_periods"], 3);
  EXPECT_EQ(g["tournament"], nullptr);
  EXPECT_EQ(g["computer"], nullptr);  // two people
  EXPECT_EQ(g["berserk_allowed"], false);
  EXPECT_EQ(g["berserk"], (json{{"black", false}, {"white", false}}));
}

// Berserk over the API: in an arena's game, before one's first move; each refusal's status.
TEST_F(Api, Berserk) {
  auto store = open_storage(db_.url());
  User alice = *store->accounts().find_user_by_name("alice");
  User bob = *store->accounts().find_user_by_name("bob");
  Id arena = testing::store_arena_game(*store, {alice.id, "alice"}, {bob.id, "bob"},
                                       parse_time_control("60 byoyomi 10 periods 2"),
                                       system_now());
  const std::string path = "/api/games/" + std::to_string(arena) + "/berserk";
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(arena)}})["type"],
            "subscribed");
  EXPECT_EQ(call("POST", path).status, 401u);  // signed in only
  std::string carol = sign_up("carol");
  EXPECT_EQ(call("POST", path, nullptr, carol).status, 403u);  // not a player
  Reply done = call("POST", path, nullptr, bob_);
  ASSERT_EQ(done.status, 200u) << done.body;
  EXPECT_EQ(done.json()["berserk"], (json{{"black", false}, {"white", true}}));
  EXPECT_EQ(done.json()["berserk_allowed"], true);
  EXPECT_EQ(done.json()["clock"]["white_ms"], 30000);
  EXPECT_EQ(done.json()["clock"]["white_periods"], 0);
  EXPECT_EQ(done.json()["clock"]["black_periods"], 2);
  auto pushed = watcher.receive();
  ASSERT_TRUE(pushed);
  EXPECT_EQ((*pushed)["event"]["kind"], "berserk");
  EXPECT_EQ((*pushed)["event"]["text"], "white");
  EXPECT_EQ(call("POST", path, nullptr, bob_).status, 409u);  // already berserked
  Reply moved = move(arena, "9g9f", 0, alice_);
  ASSERT_EQ(moved.status, 200u) << moved.body;
  EXPECT_EQ(call("POST", path, nullptr, alice_).status, 409u);  // moved already
  // Not allowed in an ordinary game; the summary says so.
  Id plain = start_game();
  EXPECT_EQ(call("POST", "/api/games/" + std::to_string(plain) + "/berserk", nullptr, alice_).status,
            403u);
  json listed = call("GET", "/api/games?player=bob").json();
  bool seen = false;
  for (const json& s : listed["games"])
    if (s["id"] == arena) {
      seen = true;
      EXPECT_EQ(s["berserk"]["white"], true);
      EXPECT_EQ(s["tournament"], nullptr);
    }
  EXPECT_TRUE(seen) << listed;
}

TEST_F(Api, ChallengesOpenDirectDeclineCancel) {
  WsClient lobby(app_->port());
  ASSERT_EQ(lobby.call({{"op", "subscribe"}, {"topic", "lobby"}})["type"], "subscribed");
  WsClient bobs(app_->port(), "/ws?token=" + bob_);
  ASSERT_EQ(bobs.call({{"op", "subscribe"}, {"topic", "user:bob"}})["type"], "subscribed");

  Reply open = call("POST", "/api/challenges",
                    {{"game", "chu"},
                     {"color", "white"},
                     {"time_control", "600 byoyomi 30"},
                     {"options", {{"drops", false}}}},
                    alice_);
  ASSERT_EQ(open.status, 201u) << open.body;
  EXPECT_EQ(open.json()["opponent"], nullptr);
  EXPECT_EQ(open.json()["color"], "white");
  EXPECT_EQ(open.json()["time_control"]["byoyomi_ms"], 30000);
  auto pushed = lobby.receive();
  ASSERT_TRUE(pushed);
  EXPECT_EQ((*pushed)["event"]["kind"], "challenge");
  EXPECT_EQ((*pushed)["event"]["text"], "created");

  Reply direct = call("POST", "/api/challenges",
                      {{"opponent", "bob"}, {"game", "chu"}, {"handicap", "2-lions"}}, alice_);
  ASSERT_EQ(direct.status, 201u) << direct.body;
  auto to_bob = bobs.receive();
  ASSERT_TRUE(to_bob);
  EXPECT_EQ((*to_bob)["topic"], "user:bob");
  EXPECT_EQ((*to_bob)["event"]["challenge"], direct.json()["id"]);
  EXPECT_FALSE(lobby.receive(std::chrono::milliseconds(200)));  // direct ones stay private

  Reply lists = call("GET", "/api/challenges", nullptr, bob_);
  EXPECT_EQ(lists.json()["open"].size(), 1u);
  EXPECT_EQ(lists.json()["incoming"].size(), 1u);
  EXPECT_FALSE(call("GET", "/api/challenges").json().contains("incoming"));

  std::string direct_id = std::to_string(direct.json()["id"].get<Id>());
  EXPECT_EQ(call("POST", "/api/challenges/" + direct_id + "/decline", nullptr, alice_).status,
            403u);
  Reply declined = call("POST", "/api/challenges/" + direct_id + "/decline", nullptr, bob_);
  EXPECT_EQ(declined.json()["status"], "declined");
  EXPECT_EQ(call("POST", "/api/challenges/" + direct_id + "/accept", nullptr, bob_).status, 409u);

  std::string open_id = std::to_string(open.json()["id"].get<Id>());
  Reply cancelled = call("POST", "/api/challenges/" + open_id + "/cancel", nullptr, alice_);
  EXPECT_EQ(cancelled.json()["status"], "cancelled");
  EXPECT_EQ(call("GET", "/api/challenges/999").status, 404u);
  EXPECT_EQ(call("GET", "/api/challenges/abc").status, 404u);

  Reply bad = call("POST", "/api/challenges", {{"game", "chess960"}}, alice_);
  EXPECT_EQ(bad.status, 422u);
  EXPECT_EQ(bad.json()["error"]["field"], "game");
  EXPECT_EQ(call("POST", "/api/challenges", {{"game", "shogi"}}).status, 401u);
}

TEST_F(Api, PlayAGame) {
  Id game = start_game();
  std::string path = "/api/games/" + std::to_string(game);
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}})["type"],
            "subscribed");

  Reply view = call("GET", path);
  ASSERT_EQ(view.status, 200u);
  EXPECT_EQ(view.json()["black"]["name"], "alice");
  EXPECT_EQ(view.json()["to_move"], "black");
  EXPECT_EQ(view.json()["legal_moves"].size(), 30u);

  Reply first = move(game, "7g7f", 0, alice_);
  ASSERT_EQ(first.status, 200u) << first.body;
  EXPECT_EQ(first.json()["move"]["usi"], "7g7f");
  EXPECT_EQ(first.json()["game"]["ply"], 1);
  auto event = watcher.receive();
  ASSERT_TRUE(event);
  EXPECT_EQ((*event)["event"], json({{"kind", "move"},
                                     {"game", game},
                                     {"ply", 1},
                                     {"text", "7g7f"},
                                     {"users", {"alice", "bob"}}}));

  Reply illegal = move(game, "5a5c", 1, bob_);
  EXPECT_EQ(illegal.status, 422u);
  EXPECT_EQ(illegal.json()["error"]["field"], "move");
  EXPECT_NE(illegal.json()["error"]["message"].get<std::string>().find("5a5c"), std::string::npos);
  Reply wrong_player = move(game, "2g2f", 1, alice_);
  EXPECT_EQ(wrong_player.status, 403u);
  EXPECT_EQ(move(game, "3c3d", 1, "").status, 401u);

  // Two clients send a move for the same ply at once: exactly one is stored.
  HttpClient one(app_->port()), two(app_->port());
  std::map<std::string, std::string> auth = {{"Authorization", "Bearer " + bob_}};
  one.send("POST", path + "/moves", json({{"move", "3c3d"}, {"expected_ply", 1}}).dump(), auth);
  two.send("POST", path + "/moves", json({{"move", "8c8d"}, {"expected_ply", 1}}).dump(), auth);
  std::vector<unsigned> statuses = {one.receive().status, two.receive().status};
  std::sort(statuses.begin(), statuses.end());
  EXPECT_EQ(statuses, (std::vector<unsigned>{200, 409}));
  EXPECT_EQ(call("GET", path).json()["ply"], 2);

  Reply comment = call("POST", path + "/comments", {{"text", "a fine opening"}}, alice_);
  EXPECT_EQ(comment.status, 201u);
  EXPECT_EQ(call("GET", path + "/comments").json()["comments"][0]["text"], "a fine opening");

  Reply usi = call("GET", path + "/record?format=usi");
  EXPECT_EQ(usi.headers["content-type"], "text/plain; charset=utf-8");
  EXPECT_NE(usi.body.find("moves 7g7f "), std::string::npos) << usi.body;
  EXPECT_EQ(call("GET", path + "/record?format=kif").status, 200u);
  Reply courier = call("GET", path + "/record?format=gamecourier");
  EXPECT_EQ(courier.body.rfind("1. ", 0), 0u) << courier.body;
  EXPECT_EQ(call("GET", path + "/record?format=pgn").status, 422u);

  Reply games = call("GET", "/api/games?player=bob");
  ASSERT_EQ(games.json()["games"].size(), 1u);
  EXPECT_EQ(games.json()["games"][0]["id"], game);
  EXPECT_EQ(call("GET", "/api/games?user=nobody").status, 404u);
  EXPECT_EQ(call("GET", "/api/games").json()["games"].size(), 1u);  // everyone's
  EXPECT_EQ(games.json()["games"][0]["to_move"], "black");  // two moves played

  // The games anyone may watch; finished ones leave the list.
  Reply active = call("GET", "/api/games?status=active");
  ASSERT_EQ(active.status, 200u) << active.body;
  ASSERT_EQ(active.json()["games"].size(), 1u);
  EXPECT_EQ(active.json()["games"][0]["id"], game);
  EXPECT_EQ(call("GET", "/api/games?status=active&limit=1").json()["games"].size(), 1u);
  for (const char* bad : {"/api/games?status=over", "/api/games?status=active&limit=0",
                          "/api/games?status=active&limit=201", "/api/games?status=active&limit=x"})
    EXPECT_EQ(call("GET", bad).status, 400u) << bad;

  Reply resigned = call("POST", path + "/resign", nullptr, alice_);
  EXPECT_EQ(resigned.json()["result"], "white");
  EXPECT_EQ(resigned.json()["result_text"], "White wins by resignation");
  EXPECT_EQ(move(game, "2g2f", 2, alice_).status, 409u);
  EXPECT_EQ(call("GET", "/api/games?status=active").json()["games"].size(), 0u);
}

TEST_F(Api, SummariesSayWhoIsToMove) {
  // A handicap game: White moves first.
  Reply c = call("POST", "/api/challenges",
                 {{"opponent", "bob"}, {"game", "chu"}, {"handicap", "2-lions"}}, alice_);
  ASSERT_EQ(c.status, 201u) << c.body;
  Reply a = call("POST", "/api/challenges/" + std::to_string(c.json()["id"].get<Id>()) + "/accept",
                 nullptr, bob_);
  ASSERT_EQ(a.status, 200u) << a.body;
  Id game = a.json()["game"];
  auto summary = [&] { return call("GET", "/api/games?status=active").json()["games"].at(0); };
  EXPECT_EQ(summary()["id"], game);
  EXPECT_EQ(summary()["to_move"], "white");
  std::string first = call("GET", "/api/games/" + std::to_string(game)).json()["legal_moves"][0];
  ASSERT_EQ(move(game, first, 0, bob_).status, 200u);
  EXPECT_EQ(summary()["to_move"], "black");
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(game)).json()["to_move"], "black");
}

TEST_F(Api, DrawsAndAdjournment) {
  Id game = start_game();
  std::string path = "/api/games/" + std::to_string(game);
  ASSERT_EQ(move(game, "7g7f", 0, alice_).status, 200u);
  EXPECT_EQ(call("POST", path + "/draw/offer", nullptr, alice_).json()["draw_offer"], "black");
  EXPECT_EQ(call("POST", path + "/draw/decline", nullptr, bob_).json()["draw_offer"], nullptr);

  Reply sealed = call("POST", path + "/adjourn", {{"move", "3c3d"}}, bob_);
  ASSERT_EQ(sealed.status, 200u) << sealed.body;
  EXPECT_EQ(sealed.json()["status"], "adjourned");
  EXPECT_EQ(sealed.json()["sealed"]["usi"], "3c3d");  // the sealer sees it
  EXPECT_FALSE(call("GET", path, nullptr, alice_).json()["sealed"].contains("usi"));
  Reply resumed = call("POST", path + "/resume", nullptr, alice_);
  ASSERT_EQ(resumed.status, 200u) << resumed.body;
  EXPECT_EQ(resumed.json()["move"]["usi"], "3c3d");

  call("POST", path + "/draw/offer", nullptr, alice_);
  Reply agreed = call("POST", path + "/draw/accept", nullptr, bob_);
  EXPECT_EQ(agreed.json()["result"], "draw");
  EXPECT_EQ(agreed.json()["status"], "finished");
}

// Until the game resumes, no view, list or export shows a sealed move but to its sealer.
TEST_F(Api, ASealedMoveShowsOnlyToItsSealer) {
  Id game = start_game();
  std::string path = "/api/games/" + std::to_string(game);
  ASSERT_EQ(move(game, "7g7f", 0, alice_).status, 200u);
  ASSERT_EQ(call("POST", path + "/adjourn", {{"move", "3c3d"}}, bob_).status, 200u);

  auto sealed_in_list = [&](const std::string& query, const std::string& token) {
    json games = call("GET", "/api/games" + query, nullptr, token).json()["games"];
    EXPECT_EQ(games.size(), 1u) << query;
    return games.empty() ? json() : games[0]["sealed"];
  };
  for (const std::string& query : {std::string("?user=bob"), std::string("?user=alice")}) {
    EXPECT_FALSE(sealed_in_list(query, "").contains("usi")) << query;       // anonymous
    EXPECT_FALSE(sealed_in_list(query, alice_).contains("usi")) << query;  // the opponent
    EXPECT_EQ(sealed_in_list(query, bob_)["usi"], "3c3d") << query;         // the sealer
  }
  EXPECT_FALSE(sealed_in_list("", alice_).contains("usi"));  // alice's own list
  EXPECT_FALSE(call("GET", path).json()["sealed"].contains("usi"));
  for (const char* format : {"usi", "kif", "gamecourier"})
    EXPECT_EQ(call("GET", path + "/record?format=" + format).body.find("3c3d"), std::string::npos)
        << format;
}

// Checks that every element opened is closed, in order (enough for the SVG we write).
bool balanced_xml(const std::string& text) {
  std::vector<std::string> open;
  for (std::size_t i = text.find('<'); i != std::string::npos; i = text.find('<', i + 1)) {
    std::size_t end = text.find('>', i);
    if (end == std::string::npos) return false;
    std::string tag = text.substr(i + 1, end - i - 1);
    if (tag.empty() || tag.back() == '/') continue;
    std::string name = tag.substr(0, tag.find(' '));
    if (name[0] == '/') {
      if (open.empty() || open.back() != name.substr(1)) return false;
      open.pop_back();
    } else {
      open.push_back(name);
    }
  }
  return open.empty();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t i = text.find(what); i != std::string::npos; i = text.find(what, i + 1)) ++n;
  return n;
}

TEST_F(Api, BoardSvg) {
  Id game = start_game();
  ASSERT_EQ(move(game, "7g7f", 0, alice_).status, 200u);
  Reply svg = call("GET", "/games/" + std::to_string(game) + "/board.svg");
  ASSERT_EQ(svg.status, 200u);
  EXPECT_EQ(svg.headers["content-type"], "image/svg+xml");
  EXPECT_EQ(svg.body.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_TRUE(balanced_xml(svg.body)) << svg.body;
  EXPECT_EQ(count(svg.body, "</title>P</text>"), 18u);
  EXPECT_EQ(count(svg.body, "<title>Black King</title>K</text>"), 1u);
  EXPECT_EQ(count(svg.body, "<title>White King</title>K</text>"), 1u);
  EXPECT_EQ(count(svg.body, "rotate(180"), 20u);  // White's pieces
  EXPECT_NE(svg.body.find("White to move"), std::string::npos);
  EXPECT_NE(svg.body.find("Black in hand: -"), std::string::npos);
  EXPECT_EQ(call("GET", "/games/999/board.svg").status, 404u);
}

TEST_F(Api, TextCommands) {
  Id game = start_game();
  std::string board = std::to_string(game);
  auto command = [&](const std::string& text, const std::string& token = {}) {
    std::map<std::string, std::string> headers = {{"Content-Type", "text/plain"}};
    if (!token.empty()) headers["Authorization"] = "Bearer " + token;
    return HttpClient(app_->port()).request("POST", "/api/command", text, headers);
  };
  Reply reply = command("shogi move " + board + " alice pw-alice-123 7g7f\nshogi board " + board);
  ASSERT_EQ(reply.status, 200u);
  EXPECT_EQ(reply.headers["content-type"], "text/plain; charset=utf-8");
  EXPECT_NE(reply.body.find("> shogi move " + board + " alice *** 7g7f"), std::string::npos)
      << reply.body;
  EXPECT_EQ(reply.body.find("error:"), std::string::npos) << reply.body;
  EXPECT_EQ(call("GET", "/api/games/" + board).json()["ply"], 1);
  Reply refused = command("shogi move " + board + " alice pw-alice-123 3c3d");  // bob's turn
  EXPECT_EQ(refused.status, 200u);
  EXPECT_NE(refused.body.find("error: "), std::string::npos) << refused.body;
  EXPECT_EQ(command("help", "not-a-token").status, 401u);
}

TEST_F(Api, NumbersOutOfRangeAreRefusedNamingTheField) {
  struct Case {
    json body;
    unsigned status;
    const char* says;
  };
  for (const Case& c : {
           // 4294967297 is 2^32 + 1: read into an int it was level 1.
           Case{{{"game", "shogi"}, {"opponent", "kirin"}, {"level", 4294967297}}, 400,
                "field \"level\" must be a whole number from 0 to 8"},
           Case{{{"game", "shogi"}, {"level", 18446744073709551615u}}, 400, "\"level\""},
           Case{{{"game", "shogi"}, {"level", -1}}, 400, "\"level\""},
           Case{{{"game", "shogi"}, {"level", 2.5}}, 400, "\"level\""},
           Case{{{"game", "shogi"}, {"time_control", "99999999999999999999"}}, 422,
                "main time '99999999999999999999' is too many seconds"},
           Case{{{"game", "shogi"}, {"time_control", "18446744073709551617 days"}}, 422,
                "days per move must be from 1 to 60, not 18446744073709551617"},
           // An option's number, as large as JSON's unsigned: shown as sent, not as -1.
           Case{{{"game", "shogi"}, {"options", {{"max_plies", 18446744073709551615u}}}}, 422,
                "not '18446744073709551615'"},
       }) {
    Reply r = call("POST", "/api/challenges", c.body, alice_);
    EXPECT_EQ(r.status, c.status) << c.body.dump() << ": " << r.body;
    EXPECT_NE(r.json()["error"]["message"].get<std::string>().find(c.says), std::string::npos)
        << c.body.dump() << ": " << r.body;
  }
  EXPECT_EQ(call("GET", "/api/challenges", nullptr, alice_).json()["outgoing"].size(), 0u);

  Id game = start_game();
  Reply ply = call("POST", "/api/games/" + std::to_string(game) + "/moves",
                   {{"move", "7g7f"}, {"expected_ply", 4294967296}}, alice_);
  EXPECT_EQ(ply.status, 400u) << ply.body;
  EXPECT_NE(ply.body.find("expected_ply"), std::string::npos) << ply.body;
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(game)).json()["ply"], 0);
}

TEST_F(Api, NulByteInAMoveIsShownNotCutShort) {
  Id game = start_game();
  const std::string nul_move("7g7f\0x", 6);
  Reply r = move(game, nul_move, 0, alice_);
  EXPECT_EQ(r.status, 422u) << r.body;
  const std::string why = r.json()["error"]["message"];
  // The whole message, the NUL drawn as U+2400, the reason after it.
  EXPECT_NE(why.find("move '7g7f\u2400x': malformed move '7g7f\u2400x' at offset 4: unexpected "
                     "'\u2400x'"),
            std::string::npos)
      << why;
  EXPECT_EQ(why.find('\0'), std::string::npos);
  EXPECT_EQ(r.json()["error"]["offset"], 4);

  std::map<std::string, std::string> headers = {{"Content-Type", "text/plain"},
                                                {"Authorization", "Bearer " + alice_}};
  Reply text = HttpClient(app_->port())
                   .request("POST", "/api/command",
                            "shogi move " + std::to_string(game) + " alice pw-alice-123 " +
                                nul_move,
                            headers);
  EXPECT_EQ(text.status, 200u);
  // The text commands refuse the line whole, naming the character.
  EXPECT_NE(text.body.find("error: the line has a control character (code 0) at character 37"),
            std::string::npos)
      << text.body;
  EXPECT_EQ(text.body.find('\0'), std::string::npos) << text.body;
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(game)).json()["ply"], 0);
}

// Issue 28, finding 8: a NUL in a URL's name was the end of the error message (what() is a C
// string): "no user named 'a". The whole name shows, the NUL drawn.
TEST_F(Api, NulByteInAUrlNameIsShownNotCutShort) {
  struct Case {
    const char* target;
    std::string message;
  };
  for (const Case& c : {
           Case{"/api/users/a%00b", "no user named 'a\u2400b'"},
           Case{"/api/games/1%00", "no such game: '1\u2400'"},
           Case{"/api/variants/sho%00gi", "unknown game 'sho\u2400gi'"},
       }) {
    Reply r = call("GET", c.target);
    EXPECT_EQ(r.status, 404u) << c.target;
    const std::string why = r.json()["error"]["message"];
    EXPECT_TRUE(why.starts_with(c.message)) << c.target << ": " << why;
    EXPECT_EQ(why.find('\0'), std::string::npos) << c.target;
  }
}

TEST_F(Api, UserTopicNeedsItsOwnersToken) {
  WsClient anonymous(app_->port());
  EXPECT_EQ(anonymous.call({{"op", "subscribe"}, {"topic", "user:bob"}})["error"]["code"],
            "forbidden");
  WsClient alice(app_->port(), "/ws", {{"Authorization", "Bearer " + alice_}});
  EXPECT_EQ(alice.call({{"op", "subscribe"}, {"topic", "user:bob"}})["error"]["code"], "forbidden");
  EXPECT_EQ(alice.call({{"op", "subscribe"}, {"topic", "user:alice"}})["type"], "subscribed");
}

TEST_F(Api, LoggingOutClosesTheTokensWebSockets) {
  WsClient alice(app_->port(), "/ws?token=" + alice_);
  ASSERT_EQ(alice.call({{"op", "subscribe"}, {"topic", "user:alice"}})["type"], "subscribed");
  WsClient bob(app_->port(), "/ws?token=" + bob_);
  ASSERT_EQ(bob.call({{"op", "subscribe"}, {"topic", "user:bob"}})["type"], "subscribed");
  ASSERT_EQ(call("POST", "/api/logout", nullptr, alice_).status, 200u);
  EXPECT_FALSE(alice.receive());
  EXPECT_EQ(alice.stream().reason().code, boost::beast::websocket::close_code::policy_error);
  for (int i = 0; i < 100 && app_->server().hub().subscriber_count("user:alice") > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(app_->server().hub().subscriber_count("user:alice"), 0u);
  EXPECT_EQ(bob.call({{"op", "ping"}})["type"], "pong");  // other sessions are untouched
  WsClient again(app_->port(), "/ws?token=" + alice_);
  EXPECT_EQ(again.call({{"op", "subscribe"}, {"topic", "user:alice"}})["error"]["code"],
            "forbidden");
}

// A move stored by another process on the same database (what `kirin command` and `kirin
// mail` do, or another server node) reaches the server's WebSocket clients.
TEST_F(Api, MovesStoredElsewhereArePushed) {
  Id game = start_game();
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}})["type"],
            "subscribed");
  EXPECT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:999"}})["error"]["message"],
            "no game with id 999");
  // Events are published under "game:ID" only: another spelling would stay silent.
  const std::string padded = "game:000" + std::to_string(game);
  json refused = watcher.call({{"op", "subscribe"}, {"topic", padded}});
  EXPECT_EQ(refused["error"]["code"], "forbidden") << refused.dump();
  EXPECT_EQ(refused["error"]["message"], "the topic of game " + std::to_string(game) +
                                             " is spelled game:" + std::to_string(game) +
                                             ", not '" + padded + "'");
  const std::string nul_topic = "game:" + std::to_string(game) + std::string(1, '\0');
  EXPECT_EQ(watcher.call({{"op", "subscribe"}, {"topic", nul_topic}})["error"]["message"],
            "no such game: '" + std::to_string(game) + "\u2400'");

  auto store = open_storage(db_.url());
  NullEventSink nobody;
  GameService elsewhere(*store, nobody);
  Accounts accounts(store->accounts(), {.hash_cost = HashCost::Minimal});
  elsewhere.play_move(game, accounts.user_by_name("alice").id, "7g7f", 0);
  elsewhere.add_comment(game, accounts.user_by_name("bob").id, "from afar");
  auto event = watcher.receive(std::chrono::seconds(10));
  ASSERT_TRUE(event);
  EXPECT_EQ((*event)["event"], json({{"kind", "move"},
                                     {"game", game},
                                     {"ply", 1},
                                     {"text", "7g7f"},
                                     {"users", {"alice", "bob"}}}));
  event = watcher.receive(std::chrono::seconds(10));
  ASSERT_TRUE(event);
  EXPECT_EQ((*event)["event"]["kind"], "comment");
  EXPECT_EQ((*event)["event"]["text"], "from afar");
  // The server's own view has the move, and its next move is pushed once.
  ASSERT_EQ(move(game, "3c3d", 1, bob_).status, 200u);
  event = watcher.receive();
  ASSERT_TRUE(event);
  EXPECT_EQ((*event)["event"]["text"], "3c3d");
  EXPECT_FALSE(watcher.receive(std::chrono::milliseconds(500)));
}

TEST(ApiComputer, ChallengeTheEngineAndGetItsReply) {
  testing::TestDatabase db;
  db.check();
  if (::testing::Test::IsSkipped() || ::testing::Test::HasFatalFailure()) return;
  AppOptions options;
  options.http.port = 0;
  options.store_url = db.url();
  options.services.accounts.hash_cost = HashCost::Minimal;
  options.computer_movetime_ms = 50;
  options.http.shutdown_grace = std::chrono::milliseconds(500);
  App app(options);
  app.start();
  auto call = [&](const std::string& method, const std::string& target, const json& body,
                  const std::string& token) {
    return test::api_call(app.port(), method, target, body, token);
  };
  std::string token =
      call("POST", "/api/signup",
           {{"name", "ann"}, {"email", "ann@example.org"}, {"password", "pw-ann-123"}}, "")
          .json()["token"];
  // Rated against the computer: refused with why, never started as a casual game instead.
  Reply rated = call("POST", "/api/challenges",
                     {{"opponent", "kirin"}, {"game", "shogi"}, {"rated", true}}, token);
  EXPECT_EQ(rated.status, 422u);
  EXPECT_EQ(rated.json()["error"]["field"], "rated");
  EXPECT_EQ(rated.json()["error"]["message"], "a game against the computer is casual");
  EXPECT_EQ(call("GET", "/api/games?player=ann", nullptr, "").json()["games"], json::array());
  Reply c = call("POST", "/api/challenges", {{"opponent", "kirin"}, {"game", "shogi"}}, token);
  ASSERT_EQ(c.status, 201u) << c.body;
  EXPECT_EQ(c.json()["status"], "accepted");
  Id game = c.json()["game"];
  // The game says which side the computer plays (the page offers no chat with it).
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(game), nullptr, token).json()["computer"],
            "white");
  WsClient ws(app.port());
  ASSERT_EQ(ws.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}})["type"],
            "subscribed");
  ASSERT_EQ(call("POST", "/api/games/" + std::to_string(game) + "/moves",
                 {{"move", "7g7f"}, {"expected_ply", 0}}, token)
                .status,
            200u);
  std::optional<json> reply;
  for (int i = 0; i < 2 && !(reply && (*reply)["event"]["ply"] == 2); ++i)
    reply = ws.receive(std::chrono::seconds(20));
  ASSERT_TRUE(reply);
  EXPECT_EQ((*reply)["event"]["kind"], "move");
  EXPECT_EQ((*reply)["event"]["ply"], 2);

  // A move sent by another process (`kirin command`) wakes the server's computer too.
  auto store = open_storage(db.url());
  NullEventSink nobody;
  GameService elsewhere(*store, nobody);
  Accounts accounts(store->accounts(), {.hash_cost = HashCost::Minimal});
  std::vector<std::string> legal = elsewhere.view(game).legal_moves;
  ASSERT_FALSE(legal.empty());
  elsewhere.play_move(game, accounts.user_by_name("ann").id, legal.front(), 2);
  for (int i = 0; i < 3 && !(reply && (*reply)["event"]["ply"] == 4); ++i)
    reply = ws.receive(std::chrono::seconds(20));
  ASSERT_TRUE(reply);
  EXPECT_EQ((*reply)["event"]["ply"], 4);
  EXPECT_EQ(elsewhere.view(game).moves.size(), 4u);
  app.stop();
}

TEST_F(Api, TheClockJsonSaysWhoseClockRuns) {
  Reply c = call("POST", "/api/challenges",
                 {{"opponent", "bob"}, {"game", "shogi"}, {"time_control", "300+5"}}, alice_);
  Reply a = call("POST", "/api/challenges/" + std::to_string(c.json()["id"].get<Id>()) + "/accept",
                 nullptr, bob_);
  Id game = a.json()["game"];
  json clock = call("GET", "/api/games/" + std::to_string(game)).json()["clock"];
  EXPECT_EQ(clock["running"], nullptr);  // not before each side's first move
  EXPECT_EQ(clock["deadline"], nullptr);
  EXPECT_EQ(clock["black_ms"], 300000);
  EXPECT_TRUE(clock["abort_at"].is_number());
  ASSERT_EQ(move(game, "7g7f", 0, alice_).status, 200u);
  ASSERT_EQ(move(game, "3c3d", 1, bob_).status, 200u);
  clock = call("GET", "/api/games/" + std::to_string(game)).json()["clock"];
  EXPECT_EQ(clock["running"], "black");
  EXPECT_TRUE(clock["deadline"].is_number());
  EXPECT_EQ(clock["abort_at"], nullptr);
}

TEST_F(Api, AbortBeforeBothHaveMoved) {
  Id game = start_game();
  std::string path = "/api/games/" + std::to_string(game);
  std::string carol = sign_up("carol");
  EXPECT_EQ(call("POST", path + "/abort", nullptr, carol).status, 403u);
  EXPECT_EQ(call("POST", path + "/abort").status, 401u);
  Reply aborted = call("POST", path + "/abort", nullptr, bob_);
  ASSERT_EQ(aborted.status, 200u) << aborted.body;
  EXPECT_EQ(aborted.json()["status"], "aborted");
  EXPECT_EQ(aborted.json()["result"], "none");
  EXPECT_EQ(aborted.json()["result_text"], "aborted");
  EXPECT_EQ(call("POST", path + "/abort", nullptr, alice_).status, 409u);

  Id played = start_game();
  ASSERT_EQ(move(played, "7g7f", 0, alice_).status, 200u);
  ASSERT_EQ(move(played, "3c3d", 1, bob_).status, 200u);
  Reply late = call("POST", "/api/games/" + std::to_string(played) + "/abort", nullptr, alice_);
  EXPECT_EQ(late.status, 409u);
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(played)).json()["status"], "active");
}

TEST_F(Api, GamesAreListedNewestFirstAndFiltered) {
  std::vector<Id> ids;
  for (int i = 0; i < 5; ++i) ids.push_back(start_game());
  Reply c = call("POST", "/api/challenges", {{"opponent", "bob"}, {"game", "chushogi"}}, alice_);
  Reply a = call("POST", "/api/challenges/" + std::to_string(c.json()["id"].get<Id>()) + "/accept",
                 nullptr, bob_);
  Id chu = a.json()["game"];
  auto games_path = [](Id id) { return "/api/games/" + std::to_string(id); };
  ASSERT_EQ(call("POST", games_path(ids[0]) + "/resign", nullptr, alice_).status, 200u);
  ASSERT_EQ(call("POST", games_path(ids[1]) + "/abort", nullptr, bob_).status, 200u);
  auto listed = [&](const std::string& query) {
    Reply r = call("GET", "/api/games" + query);
    EXPECT_EQ(r.status, 200u) << query << ": " << r.body;
    json body = r.json();  // kept: a temporary's member would not outlive the loop's start
    std::vector<Id> out;
    for (const json& g : body["games"]) out.push_back(g["id"]);
    return out;
  };
  EXPECT_EQ(listed(""), (std::vector<Id>{chu, ids[4], ids[3], ids[2], ids[1], ids[0]}));
  EXPECT_EQ(listed("?game=chushogi"), std::vector<Id>{chu});
  EXPECT_EQ(listed("?game=shogi&status=current"), (std::vector<Id>{ids[4], ids[3], ids[2]}));
  EXPECT_EQ(listed("?status=finished"), std::vector<Id>{ids[0]});
  EXPECT_EQ(listed("?status=aborted"), std::vector<Id>{ids[1]});
  EXPECT_EQ(listed("?result=white"), std::vector<Id>{ids[0]});
  EXPECT_TRUE(listed("?result=black").empty());
  EXPECT_EQ(listed("?player=alice&result=white&game=shogi"), std::vector<Id>{ids[0]});
  sign_up("carol");
  EXPECT_TRUE(listed("?player=carol").empty());

  // A page at a time: next_before is where the next page starts.
  Reply page = call("GET", "/api/games?limit=4");
  EXPECT_EQ(page.json()["games"].size(), 4u);
  EXPECT_EQ(page.json()["next_before"], ids[2]);
  EXPECT_EQ(listed("?limit=4&before=" + std::to_string(ids[2])), (std::vector<Id>{ids[1], ids[0]}));
  EXPECT_EQ(call("GET", "/api/games?limit=4&before=" + std::to_string(ids[2]))
                .json()["next_before"],
            nullptr);

  for (const char* bad : {"?result=win", "?status=done", "?before=0", "?before=x", "?limit=500"}) {
    Reply r = call("GET", std::string("/api/games") + bad);
    EXPECT_EQ(r.status, 400u) << bad;
  }
  Reply unknown = call("GET", "/api/games?game=tenjiku");
  EXPECT_EQ(unknown.status, 422u);
  EXPECT_EQ(unknown.json()["error"]["field"], "game");
  EXPECT_EQ(call("GET", "/api/games?player=nobody").status, 404u);
}

TEST_F(Api, RecordsDownloadWithLishogisKindOfName) {
  Id game = start_game();
  Reply kif = call("GET", "/api/games/" + std::to_string(game) + "/record?format=kif");
  const std::string& disposition = kif.headers["content-disposition"];
  EXPECT_TRUE(disposition.starts_with("attachment; filename=\"kirin_game_")) << disposition;
  EXPECT_TRUE(disposition.ends_with("_alice_vs_bob_" + std::to_string(game) + ".kif\""))
      << disposition;
  Reply usi = call("GET", "/api/games/" + std::to_string(game) + "/record?format=usi");
  EXPECT_TRUE(usi.headers["content-disposition"].ends_with(".usi\""));
}

TEST_F(Api, ARematchIsOfferedAcceptedAndAnnouncedOnTheOldGame) {
  Id old = start_game();
  std::string path = "/api/games/" + std::to_string(old);
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(old)}})["type"],
            "subscribed");
  // Not while the game goes on.
  Reply early = call("POST", "/api/challenges", {{"rematch_of", old}, {"game", "shogi"}}, bob_);
  EXPECT_EQ(early.status, 409u);
  EXPECT_EQ(early.json()["error"]["field"], "rematch_of");
  ASSERT_EQ(call("POST", path + "/resign", nullptr, alice_).status, 200u);
  ASSERT_TRUE(watcher.receive());  // the result

  std::string carol = sign_up("carol");
  EXPECT_EQ(call("POST", "/api/challenges", {{"rematch_of", old}}, carol).status, 403u);
  EXPECT_EQ(call("POST", "/api/challenges", {{"rematch_of", old}, {"opponent", "carol"}}, bob_)
                .status,
            422u);
  EXPECT_EQ(call("POST", "/api/challenges", {{"rematch_of", 9999}}, bob_).status, 404u);

  Reply offer = call("POST", "/api/challenges",
                     {{"rematch_of", old}, {"game", "shogi"}, {"color", "black"}}, bob_);
  ASSERT_EQ(offer.status, 201u) << offer.body;
  EXPECT_EQ(offer.json()["rematch_of"], old);
  EXPECT_EQ(offer.json()["opponent"]["name"], "alice");  // the other player, unnamed
  auto offered = watcher.receive();
  ASSERT_TRUE(offered);
  EXPECT_EQ((*offered)["topic"], "game:" + std::to_string(old));
  EXPECT_EQ((*offered)["event"]["kind"], "challenge");
  EXPECT_EQ((*offered)["event"]["text"], "created");
  EXPECT_EQ((*offered)["event"]["by"], "bob");
  EXPECT_EQ((*offered)["event"]["rematch_of"], old);
  EXPECT_EQ(call("GET", path).json()["rematch"]["status"], "open");
  EXPECT_EQ(call("POST", "/api/challenges", {{"rematch_of", old}}, bob_).status, 409u);

  // Alice offers too: that accepts Bob's offer.
  Reply both = call("POST", "/api/challenges", {{"rematch_of", old}}, alice_);
  ASSERT_EQ(both.status, 201u) << both.body;
  EXPECT_EQ(both.json()["status"], "accepted");
  Id fresh = both.json()["game"];
  auto accepted = watcher.receive();
  ASSERT_TRUE(accepted);
  EXPECT_EQ((*accepted)["event"]["text"], "accepted");
  EXPECT_EQ((*accepted)["event"]["by"], "alice");
  EXPECT_EQ((*accepted)["event"]["game"], fresh);
  json view = call("GET", path).json();
  EXPECT_EQ(view["rematch"]["game"], fresh);
  EXPECT_EQ(call("POST", "/api/challenges", {{"rematch_of", old}}, bob_).status, 409u);
  json fresh_view = call("GET", "/api/games/" + std::to_string(fresh)).json();
  EXPECT_EQ(fresh_view["black"]["name"], "bob");
  EXPECT_EQ(fresh_view["clock"]["running"], nullptr);
}

TEST_F(Api, ADeclinedRematchIsAnnouncedOnTheOldGame) {
  Id old = start_game();
  ASSERT_EQ(call("POST", "/api/games/" + std::to_string(old) + "/abort", nullptr, alice_).status,
            200u);
  Reply offer = call("POST", "/api/challenges", {{"rematch_of", old}}, alice_);
  ASSERT_EQ(offer.status, 201u) << offer.body;
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(old)}})["type"],
            "subscribed");
  std::string id = std::to_string(offer.json()["id"].get<Id>());
  ASSERT_EQ(call("POST", "/api/challenges/" + id + "/decline", nullptr, bob_).status, 200u);
  auto declined = watcher.receive();
  ASSERT_TRUE(declined);
  EXPECT_EQ((*declined)["event"]["text"], "declined");
  EXPECT_EQ((*declined)["event"]["by"], "bob");
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(old)).json()["rematch"]["status"],
            "declined");
  // Another offer may follow a declined one.
  EXPECT_EQ(call("POST", "/api/challenges", {{"rematch_of", old}}, alice_).status, 201u);
}

// --- Ratings and profiles ---

// A rated challenge, its game's rating changes at the end (lishogi's rating and ratingDiff),
// the leaderboard, the standings and both players' profiles.
TEST_F(Api, ARatedGameShowsItsRatingChangesAndTheProfilesShowThem) {
  json handicapped = {{"opponent", "bob"}, {"game", "shogi"}, {"rated", true}, {"handicap", "8b"}};
  Reply refused = call("POST", "/api/challenges", handicapped, alice_);
  EXPECT_EQ(refused.status, 422u);
  EXPECT_EQ(refused.json()["error"]["field"], "rated");
  EXPECT_EQ(refused.json()["error"]["message"], "a handicap game cannot be rated");
  EXPECT_EQ(call("POST", "/api/challenges", {{"opponent", "bob"}, {"rated", "yes"}}, alice_)
                .json()["error"]["message"],
            "field \"rated\" must be true or false");
  Reply c = call("POST", "/api/challenges",
                 {{"opponent", "bob"}, {"game", "shogi"}, {"rated", true}}, alice_);
  ASSERT_EQ(c.status, 201u) << c.body;
  EXPECT_EQ(c.json()["rated"], true);
  Id game = call("POST", "/api/challenges/" + std::to_string(c.json()["id"].get<Id>()) + "/accept",
                 nullptr, bob_)
                .json()["game"];
  std::string path = "/api/games/" + std::to_string(game);
  EXPECT_EQ(call("GET", path).json()["ratings"], nullptr);
  ASSERT_EQ(move(game, "7g7f", 0, alice_).status, 200u);
  ASSERT_EQ(move(game, "3c3d", 1, bob_).status, 200u);
  ASSERT_EQ(move(game, "2g2f", 2, alice_).status, 200u);  // two moves each: rated
  ASSERT_EQ(move(game, "8c8d", 3, bob_).status, 200u);
  ASSERT_EQ(call("POST", path + "/resign", nullptr, bob_).status, 200u);
  json view = call("GET", path).json();
  EXPECT_EQ(view["rated"], true);
  EXPECT_EQ(view["ratings"]["black"]["user"]["name"], "alice");
  EXPECT_EQ(view["ratings"]["black"]["before"], 1500);
  EXPECT_EQ(view["ratings"]["black"]["after"], 1662);
  EXPECT_EQ(view["ratings"]["black"]["diff"], 162);
  EXPECT_EQ(view["ratings"]["black"]["provisional"], true);
  EXPECT_EQ(view["ratings"]["white"]["diff"], -162);
  EXPECT_EQ(view["ratings"]["white"]["after"], 1338);

  // Provisional ratings are left off the leaderboard.
  EXPECT_EQ(call("GET", "/api/leaderboard/shogi").json()["players"], json::array());
  EXPECT_EQ(call("GET", "/api/leaderboard/shogi").json()["game_name"], "Shogi");
  EXPECT_EQ(call("GET", "/api/leaderboard/nosuchgame").json()["error"]["field"], "game");
  EXPECT_EQ(call("GET", "/api/leaderboard/shogi?limit=0").status, 400u);
  // ...and listed apart on request, with the deviation a player must fall to.
  json with = call("GET", "/api/leaderboard/shogi?provisional=true").json();
  EXPECT_EQ(with["players"], json::array());
  EXPECT_EQ(with["provisional_deviation"], 110);
  ASSERT_EQ(with["provisional"].size(), 2u);
  EXPECT_EQ(with["provisional"][0]["user"]["name"], "alice");
  EXPECT_EQ(with["provisional"][1]["user"]["name"], "bob");
  EXPECT_EQ(with["provisional"][0]["provisional"], true);
  EXPECT_FALSE(call("GET", "/api/leaderboard/shogi").json().contains("provisional"));
  EXPECT_EQ(call("GET", "/api/leaderboard/shogi?provisional=maybe").status, 400u);
  json all = call("GET", "/api/leaderboard").json()["games"];
  EXPECT_GE(all.size(), 6u);
  EXPECT_EQ(all[0]["players"], json::array());

  json standings = call("GET", "/api/standings/shogi").json()["standings"];
  ASSERT_EQ(standings.size(), 2u);
  EXPECT_EQ(standings[0]["user"]["name"], "alice");
  EXPECT_EQ(standings[0]["wins"], 1);
  EXPECT_EQ(standings[1]["losses"], 1);
  EXPECT_EQ(standings[1]["score"], 0.0);
  EXPECT_EQ(call("GET", "/api/standings/shogi?rated=false").json()["standings"], json::array());
  EXPECT_EQ(call("GET", "/api/standings/shogi?rated=maybe").status, 400u);

  json bob = call("GET", "/api/users/BOB").json();
  EXPECT_EQ(bob["name"], "bob");
  EXPECT_TRUE(bob["created"].is_number());
  EXPECT_TRUE(bob["last_seen"].is_number());  // signed up and used the session
  ASSERT_EQ(bob["ratings"].size(), 1u);
  EXPECT_EQ(bob["ratings"][0]["game"], "shogi");
  EXPECT_EQ(bob["ratings"][0]["game_name"], "Shogi");
  EXPECT_EQ(bob["ratings"][0]["rating"], 1338);
  EXPECT_EQ(bob["ratings"][0]["provisional"], true);
  ASSERT_EQ(bob["ratings"][0]["history"].size(), 1u);
  EXPECT_EQ(bob["ratings"][0]["history"][0]["game_id"], game);
  EXPECT_EQ(bob["ratings"][0]["history"][0]["before"], 1500);  // the graph's starting point
  EXPECT_EQ(bob["ratings"][0]["history"][0]["rating"], 1338);
  EXPECT_EQ(bob["results"], json({{"wins", 0}, {"losses", 1}, {"draws", 0}, {"games", 1}}));
  EXPECT_EQ(bob["results_by_game"][0]["game"], "shogi");
  EXPECT_EQ(call("GET", "/api/users/nobody").status, 404u);

  // The profile's games list: GET /api/games with the player's filters.
  Id casual = start_game();
  auto ids = [&](const std::string& query) {
    std::vector<Id> out;
    json games = call("GET", "/api/games?" + query).json()["games"];
    for (const json& g : games)
      out.push_back(g["id"]);
    return out;
  };
  EXPECT_EQ(ids("player=bob"), (std::vector<Id>{casual, game}));
  EXPECT_EQ(ids("player=bob&rated=true"), std::vector<Id>{game});
  EXPECT_EQ(ids("player=bob&rated=false"), std::vector<Id>{casual});
  EXPECT_EQ(ids("player=bob&result=loss"), std::vector<Id>{game});
  EXPECT_EQ(ids("player=alice&result=win"), std::vector<Id>{game});
  EXPECT_TRUE(ids("player=bob&result=win").empty());
  EXPECT_EQ(ids("player=bob&opponent=alice&limit=1"), std::vector<Id>{casual});
  EXPECT_EQ(call("GET", "/api/games?result=win").status, 400u);
  EXPECT_EQ(call("GET", "/api/games?player=bob&opponent=nobody").status, 404u);
}

// --- Imported game records (POST /api/import) ---

namespace kif_records {
// A Chu record in lishogi's numbered lines: the Lion's igui on move 5, Black resigns.
const char* const kChu =
    "開始日時：2025/01/02 03:04:05\n"
    "先手：Hanako\n"
    "後手：Taro\n"
    "1手目 ▲7八獅子 （←7十）\n"
    "2手目 △6五獅子 （←6三）\n"
    "3手目 ▲7七獅子 （←7八）\n"
    "4手目 △6六獅子 （←6五）\n"
    "5手目一歩目 ▲仝獅子 （←7七）\n"
    "5手目二歩目 ▲7七獅子（居食い） （←6六）\n"
    "6手目 △投了\n";
}  // namespace kif_records

TEST_F(Api, AKifRecordIsImportedUnratedUnderTheRecordsNames) {
  Reply preview = call("POST", "/api/import",
                       {{"format", "kif"}, {"text", kif_records::kChu}, {"preview", true}}, alice_);
  ASSERT_EQ(preview.status, 200u) << preview.body;
  EXPECT_EQ(preview.json()["id"], 0);  // read, not kept
  EXPECT_EQ(preview.json()["moves"].size(), 5u);
  EXPECT_TRUE(call("GET", "/api/imports", nullptr, alice_).json()["imports"].empty());

  Reply made =
      call("POST", "/api/import", {{"format", "kif"}, {"text", kif_records::kChu}}, alice_);
  ASSERT_EQ(made.status, 201u) << made.body;
  const json g = made.json();
  EXPECT_EQ(g["game"], "chu");
  EXPECT_EQ(g["black"], "Hanako");
  EXPECT_EQ(g["white"], "Taro");
  EXPECT_EQ(g["played_at"], "2025/01/02 03:04:05");
  EXPECT_EQ(g["moves"].back(), "7g6f7g");
  EXPECT_EQ(g["result"], "black");
  EXPECT_EQ(g["ending"], "resignation");
  EXPECT_EQ(g["rated"], false);
  EXPECT_EQ(g["imported_by"]["name"], "alice");

  // Anyone may open it (the analysis board); the importer's list shows it; no player's games do.
  Reply opened = call("GET", "/api/imports/" + std::to_string(g["id"].get<Id>()));
  ASSERT_EQ(opened.status, 200u);
  EXPECT_EQ(opened.json()["moves"], g["moves"]);
  Reply mine = call("GET", "/api/imports", nullptr, alice_);
  ASSERT_EQ(mine.json()["imports"].size(), 1u);
  EXPECT_EQ(mine.json()["imports"][0]["plies"], 5);
  EXPECT_TRUE(call("GET", "/api/imports", nullptr, bob_).json()["imports"].empty());
  EXPECT_TRUE(call("GET", "/api/games?player=alice").json()["games"].empty());
  EXPECT_EQ(call("GET", "/api/imports/999").status, 404u);
}

TEST_F(Api, UsiAndGameCourierRecordsAreImported) {
  Reply usi = call("POST", "/api/import",
                   {{"format", "usi"},
                    {"game", "shogi"},
                    {"text", "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/"
                             "LNSGKGSNL b - 1 moves 7g7f 3c3d\n"}},
                   alice_);
  ASSERT_EQ(usi.status, 201u) << usi.body;
  EXPECT_EQ(usi.json()["moves"], json({"7g7f", "3c3d"}));
  EXPECT_EQ(usi.json()["format"], "usi");
  Reply gc = call(
      "POST", "/api/import",
      {{"format", "gamecourier"}, {"game", "shogi"}, {"text", "1. p 7g-7f\n1... P 3c-3d\n"}},
      alice_);
  ASSERT_EQ(gc.status, 201u) << gc.body;
  EXPECT_EQ(gc.json()["moves"], json({"7g7f", "3c3d"}));
}

TEST_F(Api, ImportRefusals) {
  const json kif = {{"format", "kif"}, {"text", kif_records::kChu}};
  EXPECT_EQ(call("POST", "/api/import", kif).status, 401u);  // not signed in

  Reply illegal = call("POST", "/api/import",
                       {{"format", "kif"}, {"text", "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７四歩(76)\n"}},
                       alice_);
  EXPECT_EQ(illegal.status, 422u);
  EXPECT_EQ(illegal.json()["error"]["field"], "move 3");
  EXPECT_NE(illegal.json()["error"]["message"].get<std::string>().find("move 3 '７四歩(76)'"),
            std::string::npos)
      << illegal.body;
  Reply line = call("POST", "/api/import", {{"format", "kif"}, {"text", "   1 ７六歩(77)\nhello\n"}},
                    alice_);
  EXPECT_EQ(line.json()["error"]["field"], "line 2");
  Reply usi_move = call(
      "POST", "/api/import",
      {{"format", "usi"}, {"game", "shogi"}, {"text", "startpos moves 7g7f 7f7e"}}, alice_);
  EXPECT_EQ(usi_move.json()["error"]["field"], "move 2");
  EXPECT_EQ(call("POST", "/api/import", {{"format", "pgn"}, {"text", "1. e4"}}, alice_)
                .json()["error"]["field"],
            "format");
  EXPECT_EQ(call("POST", "/api/import", {{"format", "usi"}, {"text", "7g7f"}}, alice_)
                .json()["error"]["field"],
            "game");
  EXPECT_EQ(call("POST", "/api/import", {{"format", "kif"}, {"text", " \n"}}, alice_)
                .json()["error"]["field"],
            "text");
  // Too large for the service (48 KiB), and for the HTTP body limit (64 KiB).
  Reply large = call("POST", "/api/import",
                     {{"format", "kif"}, {"text", std::string(50 * 1024, '#')}}, alice_);
  EXPECT_EQ(large.status, 422u);
  EXPECT_EQ(large.json()["error"]["field"], "text");
  EXPECT_EQ(call("POST", "/api/import", {{"format", "kif"}, {"text", std::string(70 * 1024, '#')}},
                 alice_)
                .status,
            413u);
  EXPECT_TRUE(call("GET", "/api/imports", nullptr, alice_).json()["imports"].empty());
}

TEST_F(Api, ImportsAreRateLimitedPerUser) {
  const json kif = {{"format", "kif"}, {"text", kif_records::kChu}, {"preview", true}};
  int read = 0;
  for (int i = 0; i < 10; ++i) read += call("POST", "/api/import", kif, alice_).status == 200;
  EXPECT_EQ(read, 10);
  Reply slowed = call("POST", "/api/import", kif, alice_);
  EXPECT_EQ(slowed.status, 429u);
  EXPECT_FALSE(slowed.headers["retry-after"].empty());
  EXPECT_EQ(slowed.json()["error"]["code"], "too_many_requests");
  EXPECT_EQ(call("POST", "/api/import", kif, bob_).status, 200u);  // per user
}

}  // namespace
}  // namespace kirin::server::http

namespace kirin::server::http {
namespace {

TEST_F(Api, TakebacksAskedAnsweredAndPushed) {
  Id game = start_game();
  std::string path = "/api/games/" + std::to_string(game);
  std::string carol = sign_up("carol");
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}})["type"],
            "subscribed");
  ASSERT_EQ(move(game, "7g7f", 0, alice_).status, 200u);
  ASSERT_EQ(move(game, "3c3d", 1, bob_).status, 200u);
  ASSERT_EQ(move(game, "2g2f", 2, alice_).status, 200u);

  EXPECT_EQ(call("POST", path + "/takeback/accept", nullptr, bob_).status, 409u);  // none asked
  EXPECT_EQ(call("POST", path + "/takeback", nullptr, carol).status, 403u);       // not a player
  EXPECT_EQ(call("POST", path + "/takeback").status, 401u);
  Reply asked = call("POST", path + "/takeback", nullptr, alice_);
  ASSERT_EQ(asked.status, 200u) << asked.body;
  EXPECT_EQ(asked.json()["takeback_offer"], "black");
  EXPECT_EQ(asked.json()["ply"], 3);
  Reply own = call("POST", path + "/takeback/accept", nullptr, alice_);
  EXPECT_EQ(own.status, 409u);
  EXPECT_EQ(own.json()["error"]["message"],
            "you cannot accept your own request to take back: your opponent answers it");
  Reply accepted = call("POST", path + "/takeback/accept", nullptr, bob_);
  ASSERT_EQ(accepted.status, 200u) << accepted.body;
  EXPECT_EQ(accepted.json()["ply"], 2);
  EXPECT_EQ(accepted.json()["takeback_offer"], nullptr);
  EXPECT_EQ(call("GET", path).json()["moves"].size(), 2u);

  std::vector<std::string> seen;
  while (std::optional<json> m = watcher.receive(std::chrono::milliseconds(500)))
    if ((*m)["event"]["kind"] == "takeback") seen.push_back((*m)["event"]["text"]);
  EXPECT_EQ(seen, (std::vector<std::string>{"offered", "accepted"}));

  // Declined, and a game whose challenge refused takebacks.
  ASSERT_EQ(move(game, "2g2f", 2, alice_).status, 200u);
  call("POST", path + "/takeback", nullptr, alice_);
  EXPECT_EQ(call("POST", path + "/takeback/decline", nullptr, bob_).json()["takeback_offer"],
            nullptr);
  Reply c = call("POST", "/api/challenges",
                 {{"opponent", "bob"}, {"game", "shogi"}, {"takebacks", false}}, alice_);
  ASSERT_EQ(c.status, 201u) << c.body;
  EXPECT_EQ(c.json()["setup"]["takebacks"], false);
  Id strict = call("POST", "/api/challenges/" + std::to_string(c.json()["id"].get<Id>()) +
                               "/accept", nullptr, bob_).json()["game"];
  ASSERT_EQ(move(strict, "7g7f", 0, alice_).status, 200u);
  Reply refused = call("POST", "/api/games/" + std::to_string(strict) + "/takeback", nullptr, alice_);
  EXPECT_EQ(refused.status, 403u);
  EXPECT_EQ(call("POST", "/api/challenges", {{"opponent", "bob"}, {"takebacks", "no"}}, alice_)
                .status,
            400u);
}

TEST_F(Api, PreviewPlaysNothing) {
  Id game = start_game();
  std::string path = "/api/games/" + std::to_string(game) + "/preview";
  Reply ok = call("POST", path, {{"moves", {"7g7f", "3c3d"}}});
  ASSERT_EQ(ok.status, 200u) << ok.body;
  EXPECT_EQ(ok.json()["sfen"],
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
  EXPECT_EQ(ok.json()["ply"], 2);
  EXPECT_EQ(ok.json()["to_move"], "black");
  EXPECT_EQ(ok.json()["ending"], nullptr);
  Reply bad = call("POST", path, {{"moves", {"7g7f", "7g7f"}}});
  EXPECT_EQ(bad.status, 422u);
  EXPECT_EQ(bad.json()["error"]["field"], "moves");
  EXPECT_EQ(bad.json()["error"]["message"].get<std::string>().rfind("move 2: ", 0), 0u)
      << bad.body;
  EXPECT_EQ(call("POST", path, {{"moves", "7g7f"}}).json()["error"]["field"], "moves");
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(game)).json()["ply"], 0);
}

TEST_F(Api, ForecastsArePrivateAndPlayedAtOnce) {
  Reply c = call("POST", "/api/challenges",
                 {{"opponent", "bob"}, {"game", "shogi"}, {"time_control", "3 days"}}, alice_);
  Id game = call("POST", "/api/challenges/" + std::to_string(c.json()["id"].get<Id>()) + "/accept",
                 nullptr, bob_)
                .json()["game"];
  std::string path = "/api/games/" + std::to_string(game);
  ASSERT_EQ(move(game, "7g7f", 0, alice_).status, 200u);
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}})["type"],
            "subscribed");
  // (json::array: nlohmann would read a list of two pairs as an object)
  json lines = json::array({json::array({"3c3d", "2g2f"}), json::array({"8c8d", "6g6f"})});
  Reply put = call("PUT", path + "/forecast", {{"lines", lines}}, alice_);
  ASSERT_EQ(put.status, 200u) << put.body;
  EXPECT_EQ(put.json(), json({{"ply", 1}, {"lines", lines}}));
  // Nobody else sees them: not the opponent, not the game's JSON, not its WebSocket topic.
  EXPECT_EQ(call("GET", path + "/forecast", nullptr, bob_).json()["lines"], json::array());
  EXPECT_EQ(call("GET", path + "/forecast").status, 401u);
  json view = call("GET", path, nullptr, bob_).json();
  EXPECT_FALSE(view.contains("forecast"));
  EXPECT_EQ(view.dump().find("6g6f"), std::string::npos);  // not a legal move either: Black's
  EXPECT_FALSE(watcher.receive(std::chrono::milliseconds(300)));
  Reply illegal = call("PUT", path + "/forecast",
                       {{"lines", json::array({json::array({"3c3d", "5i5a"})})}}, alice_);
  EXPECT_EQ(illegal.status, 422u);
  EXPECT_EQ(illegal.json()["error"]["field"], "lines");
  EXPECT_EQ(call("PUT", path + "/forecast", {{"lines", {"3c3d"}}}, alice_).status, 422u);
  EXPECT_EQ(call("GET", path + "/forecast", nullptr, alice_).json()["lines"].size(), 2u);

  WsClient mover(app_->port());  // a read that timed out leaves its client closed
  ASSERT_EQ(mover.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}})["type"],
            "subscribed");
  ASSERT_EQ(move(game, "3c3d", 1, bob_).status, 200u);
  json after = call("GET", path).json();
  EXPECT_EQ(after["ply"], 3);
  EXPECT_EQ(after["moves"][2]["usi"], "2g2f");
  std::vector<std::string> pushed;
  while (std::optional<json> m = mover.receive(std::chrono::milliseconds(500)))
    pushed.push_back((*m)["event"]["kind"].get<std::string>() + " " +
                     (*m)["event"]["text"].get<std::string>());
  EXPECT_EQ(pushed, (std::vector<std::string>{"move 3c3d", "move 2g2f"}));
  EXPECT_EQ(call("DELETE", path + "/forecast", nullptr, alice_).json()["lines"], json::array());
}

TEST(ApiComputer, TheComputerAcceptsATakebackAtOnce) {
  testing::TestDatabase db;
  db.check();
  if (::testing::Test::IsSkipped() || ::testing::Test::HasFatalFailure()) return;
  AppOptions options;
  options.http.port = 0;
  options.store_url = db.url();
  options.services.accounts.hash_cost = HashCost::Minimal;
  options.computer_movetime_ms = 50;
  options.http.shutdown_grace = std::chrono::milliseconds(500);
  App app(options);
  app.start();
  auto call = [&](const std::string& method, const std::string& target, const json& body,
                  const std::string& token) {
    return test::api_call(app.port(), method, target, body, token);
  };
  std::string token =
      call("POST", "/api/signup",
           {{"name", "ann"}, {"email", "ann@example.org"}, {"password", "pw-ann-123"}}, "")
          .json()["token"];
  Id game = call("POST", "/api/challenges", {{"opponent", "kirin"}, {"game", "shogi"}}, token)
                .json()["game"];
  std::string path = "/api/games/" + std::to_string(game);
  WsClient ws(app.port());
  ws.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}});
  ASSERT_EQ(call("POST", path + "/moves", {{"move", "7g7f"}, {"expected_ply", 0}}, token).status,
            200u);
  std::optional<json> reply;
  for (int i = 0; i < 3 && !(reply && (*reply)["event"]["ply"] == 2); ++i)
    reply = ws.receive(std::chrono::seconds(20));
  ASSERT_TRUE(reply);
  Reply back = call("POST", path + "/takeback", nullptr, token);
  ASSERT_EQ(back.status, 200u) << back.body;
  EXPECT_EQ(back.json()["ply"], 0);  // the computer's reply and ann's move
  EXPECT_EQ(back.json()["to_move"], "black");
  app.stop();
}

// --- Issue 19: account management, messages, a game's chat ---

TEST_F(Api, ChangingThePasswordNeedsTheOldOneAndEndsTheOtherSessions) {
  Reply other = call("POST", "/api/login", {{"name", "alice"}, {"password", "pw-alice-123"}});
  std::string elsewhere = other.json()["token"];
  EXPECT_EQ(call("POST", "/api/account/password",
                 {{"old_password", "pw-alice-123"}, {"new_password", "new-pw-alice-9"}})
                .status,
            401u);  // no session
  Reply wrong = call("POST", "/api/account/password",
                     {{"old_password", "guess-guess"}, {"new_password", "new-pw-alice-9"}}, alice_);
  // 403, not 401: the session is fine (a client signs out on a 401).
  EXPECT_EQ(wrong.status, 403u);
  EXPECT_EQ(wrong.json()["error"]["field"], "old_password");
  EXPECT_EQ(call("GET", "/api/me", nullptr, alice_).status, 200u);
  EXPECT_EQ(call("GET", "/api/me", nullptr, elsewhere).status, 200u);  // nothing changed
  Reply missing = call("POST", "/api/account/password", {{"old_password", "pw-alice-123"}}, alice_);
  EXPECT_EQ(missing.status, 400u);
  Reply weak = call("POST", "/api/account/password",
                    {{"old_password", "pw-alice-123"}, {"new_password", "short"}}, alice_);
  EXPECT_EQ(weak.status, 422u);
  EXPECT_EQ(weak.json()["error"]["field"], "new_password");
  Reply ok = call("POST", "/api/account/password",
                  {{"old_password", "pw-alice-123"}, {"new_password", "new-pw-alice-9"}}, alice_);
  ASSERT_EQ(ok.status, 200u) << ok.body;
  EXPECT_EQ(call("GET", "/api/me", nullptr, alice_).status, 200u);
  EXPECT_EQ(call("GET", "/api/me", nullptr, elsewhere).status, 401u);
  EXPECT_EQ(call("POST", "/api/login", {{"name", "alice"}, {"password", "new-pw-alice-9"}}).status,
            200u);
}

TEST_F(Api, ChangingTheEmail) {
  EXPECT_EQ(call("POST", "/api/account/email",
                 {{"password", "nope-nope-1"}, {"email", "a@example.net"}}, alice_)
                .status,
            403u);
  Reply bad = call("POST", "/api/account/email",
                   {{"password", "pw-alice-123"}, {"email", "nowhere"}}, alice_);
  EXPECT_EQ(bad.json()["error"]["field"], "email");
  Reply ok = call("POST", "/api/account/email",
                  {{"password", "pw-alice-123"}, {"email", "a@example.net"}}, alice_);
  ASSERT_EQ(ok.status, 200u) << ok.body;
  EXPECT_EQ(call("GET", "/api/me", nullptr, alice_).json()["user"]["email"], "a@example.net");
}

TEST_F(Api, AClosedAccountCannotSignInByAnyDoor) {
  Id game = start_game();
  Reply wrong = call("POST", "/api/account/close", {{"password", "wrong-one"}}, alice_);
  EXPECT_EQ(wrong.status, 403u);
  EXPECT_EQ(wrong.json()["error"]["field"], "password");
  Reply closed = call("POST", "/api/account/close", {{"password", "pw-alice-123"}}, alice_);
  ASSERT_EQ(closed.status, 200u) << closed.body;
  EXPECT_EQ(closed.json()["games_aborted"], 1);
  EXPECT_EQ(call("GET", "/api/me", nullptr, alice_).status, 401u);
  Reply login = call("POST", "/api/login", {{"name", "alice"}, {"password", "pw-alice-123"}});
  EXPECT_EQ(login.status, 401u);
  EXPECT_EQ(login.json()["error"]["message"],
            "the account 'alice' is closed: nobody can sign in as it");
  // The text commands check passwords the same way.
  Reply text = HttpClient(app_->port())
                   .request("POST", "/api/command", "chushogi set alice pw-alice-123",
                            {{"Content-Type", "text/plain"}});
  EXPECT_NE(text.body.find("is closed"), std::string::npos) << text.body;
  // The name stays taken; the game stays, under the name.
  EXPECT_EQ(call("POST", "/api/signup",
                 {{"name", "alice"}, {"email", "x@example.org"}, {"password", "pw-alice-456"}})
                .status,
            409u);
  Reply g = call("GET", "/api/games/" + std::to_string(game));
  EXPECT_EQ(g.json()["black"]["name"], "alice");
  EXPECT_EQ(g.json()["status"], "aborted");
  // Nobody can message it.
  Reply m = call("POST", "/api/messages", {{"to", "alice"}, {"text", "are you there?"}}, bob_);
  EXPECT_EQ(m.status, 409u);
  EXPECT_EQ(m.json()["error"]["field"], "to");
}

TEST_F(Api, MessagesInboxReadAndUnreadCount) {
  WsClient bobs(app_->port(), "/ws?token=" + bob_);
  ASSERT_EQ(bobs.call({{"op", "subscribe"}, {"topic", "user:bob"}})["type"], "subscribed");
  EXPECT_EQ(call("POST", "/api/messages", {{"to", "bob"}, {"text", "hi"}}).status, 401u);
  Reply unknown = call("POST", "/api/messages", {{"to", "nobody"}, {"text", "hi"}}, alice_);
  EXPECT_EQ(unknown.status, 404u);
  EXPECT_EQ(unknown.json()["error"]["field"], "to");
  EXPECT_EQ(call("POST", "/api/messages", {{"to", 3}, {"text", "hi"}}, alice_).status, 400u);
  EXPECT_EQ(call("POST", "/api/messages", {{"to", "bob"}}, alice_).status, 400u);
  Reply sent = call("POST", "/api/messages", {{"to", {"bob"}}, {"text", "shall we play?"}}, alice_);
  ASSERT_EQ(sent.status, 201u) << sent.body;
  Id id = sent.json()["messages"][0]["id"];
  auto pushed = bobs.receive();
  ASSERT_TRUE(pushed);
  EXPECT_EQ((*pushed)["event"]["kind"], "message");
  EXPECT_EQ((*pushed)["event"]["by"], "alice");
  EXPECT_EQ((*pushed)["event"]["message"], id);

  EXPECT_EQ(call("GET", "/api/me", nullptr, bob_).json()["unread_messages"], 1);
  EXPECT_EQ(call("GET", "/api/messages/unread", nullptr, bob_).json()["unread"], 1);
  Reply inbox = call("GET", "/api/messages", nullptr, bob_);
  ASSERT_EQ(inbox.status, 200u);
  EXPECT_EQ(inbox.json()["messages"][0]["text"], "shall we play?");
  EXPECT_EQ(inbox.json()["messages"][0]["from"], "alice");
  EXPECT_EQ(inbox.json()["messages"][0]["read"], nullptr);
  EXPECT_EQ(inbox.json()["more"], false);
  EXPECT_EQ(call("GET", "/api/messages?before=x", nullptr, bob_).status, 400u);
  // Only its recipient reads it.
  EXPECT_EQ(call("GET", "/api/messages/" + std::to_string(id), nullptr, alice_).status, 404u);
  Reply read = call("GET", "/api/messages/" + std::to_string(id), nullptr, bob_);
  ASSERT_EQ(read.status, 200u);
  EXPECT_NE(read.json()["read"], nullptr);
  EXPECT_EQ(call("GET", "/api/messages/unread", nullptr, bob_).json()["unread"], 0);
}

// The inbox's Sent view: GET /api/messages?box=sent lists the signed-in user's own, only.
TEST_F(Api, SentMessagesAreTheSendersOwn) {
  ASSERT_EQ(call("POST", "/api/messages", {{"to", "bob"}, {"text", "first line\nsecond"}}, alice_)
                .status,
            201u);
  ASSERT_EQ(call("POST", "/api/messages", {{"to", "alice"}, {"text", "from bob"}}, bob_).status,
            201u);
  json mine = call("GET", "/api/messages?box=sent", nullptr, alice_).json();
  ASSERT_EQ(mine["messages"].size(), 1u);
  EXPECT_EQ(mine["messages"][0]["from"], "alice");
  EXPECT_EQ(mine["messages"][0]["to"], "bob");
  EXPECT_EQ(mine["messages"][0]["text"], "first line\nsecond");
  EXPECT_EQ(mine["more"], false);
  json bobs = call("GET", "/api/messages?box=sent", nullptr, bob_).json();
  ASSERT_EQ(bobs["messages"].size(), 1u);
  EXPECT_EQ(bobs["messages"][0]["text"], "from bob");
  json inbox = call("GET", "/api/messages?box=inbox", nullptr, alice_).json();
  ASSERT_EQ(inbox["messages"].size(), 1u);
  EXPECT_EQ(inbox["messages"][0]["from"], "bob");
  EXPECT_EQ(call("GET", "/api/messages?box=sent").status, 401u);
  Reply bad = call("GET", "/api/messages?box=outbox", nullptr, alice_);
  EXPECT_EQ(bad.status, 400u);
  EXPECT_EQ(bad.json()["error"]["message"], "box must be inbox or sent, not 'outbox'");
}

TEST_F(Api, MessagesAreRateLimited) {
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(call("POST", "/api/messages", {{"to", "bob"}, {"text", "spam"}}, alice_).status,
              201u);
  Reply slowed = call("POST", "/api/messages", {{"to", "bob"}, {"text", "spam"}}, alice_);
  EXPECT_EQ(slowed.status, 429u);
  EXPECT_GT(slowed.json()["error"]["retry_after"].get<int>(), 0);
  EXPECT_EQ(call("GET", "/api/messages/unread", nullptr, bob_).json()["unread"], 10);
}

TEST_F(Api, AGamesChatReachesItsPlayersOnlyNeverItsSpectators) {
  Id game = start_game();
  std::string carol = sign_up("carol");
  const std::string path = "/api/games/" + std::to_string(game);
  WsClient bobs(app_->port(), "/ws?token=" + bob_);
  ASSERT_EQ(bobs.call({{"op", "subscribe"}, {"topic", "user:bob"}})["type"], "subscribed");
  // Spectators: one anonymous, one signed in, both watching the game.
  WsClient watcher(app_->port());
  ASSERT_EQ(watcher.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}})["type"],
            "subscribed");
  WsClient carols(app_->port(), "/ws?token=" + carol);
  ASSERT_EQ(carols.call({{"op", "subscribe"}, {"topic", "game:" + std::to_string(game)}})["type"],
            "subscribed");

  Reply said = call("POST", path + "/chat", {{"text", "good luck"}}, alice_);
  ASSERT_EQ(said.status, 201u) << said.body;
  auto pushed = bobs.receive();
  ASSERT_TRUE(pushed);
  EXPECT_EQ((*pushed)["event"]["kind"], "chat");
  EXPECT_EQ((*pushed)["event"]["text"], "good luck");
  EXPECT_EQ((*pushed)["event"]["by"], "alice");
  // A comment after the chat line: the first thing the spectators hear is the comment.
  ASSERT_EQ(call("POST", path + "/comments", {{"text", "public"}}, alice_).status, 201u);
  for (WsClient* spectator : {&watcher, &carols}) {
    auto heard = spectator->receive();
    ASSERT_TRUE(heard);
    EXPECT_EQ((*heard)["event"]["kind"], "comment");
    EXPECT_EQ((*heard)["event"]["text"], "public");
  }
  // The chat is read by the players only.
  Reply chat = call("GET", path + "/chat", nullptr, bob_);
  ASSERT_EQ(chat.status, 200u);
  EXPECT_EQ(chat.json()["chat"][0]["text"], "good luck");
  EXPECT_EQ(chat.json()["chat"][0]["user"]["name"], "alice");
  EXPECT_EQ(call("GET", path + "/chat", nullptr, carol).status, 403u);
  EXPECT_EQ(call("GET", path + "/chat").status, 401u);
  EXPECT_EQ(call("POST", path + "/chat", {{"text", "psst"}}, carol).status, 403u);
  EXPECT_EQ(call("GET", path).json()["comments"].size(), 1u);  // the chat is not a comment
}

TEST_F(Api, AGamesChatIsRateLimited) {
  Id game = start_game();
  const std::string path = "/api/games/" + std::to_string(game) + "/chat";
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(call("POST", path, {{"text", "line"}}, alice_).status, 201u);
  EXPECT_EQ(call("POST", path, {{"text", "line"}}, alice_).status, 429u);
}

}  // namespace
}  // namespace kirin::server::http
