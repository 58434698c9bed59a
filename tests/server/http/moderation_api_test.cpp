// Moderation through the API end to end (docs/API.md, Moderation): roles, blocks, reports,
// the moderators' actions and the audit log, on SQLite (or PostgreSQL with
// KIRIN_TEST_STORE=postgres). Every refusal of a role has its test here.
#include <gtest/gtest.h>

#include "../server_fixture.h"
#include "server/http/app.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::HttpClient;
using test::Reply;
using test::WsClient;

class ModerationApi : public ::testing::Test {
 protected:
  void SetUp() override {
    db_.check();
    if (IsSkipped() || HasFatalFailure()) return;
    AppOptions options;
    options.http.port = 0;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = db_.url();
    options.services.accounts.hash_cost = HashCost::Minimal;
    options.services.reports.per_hour = 3;
    options.services.challenges.rated_min_account_age_ms = 0;  // fresh accounts play rated
    options.computer_name = "";
    app_ = std::make_unique<App>(options);
    app_->start();
    alice_ = sign_up("alice");
    bob_ = sign_up("bob");
    carol_ = sign_up("carol");
    root_ = sign_up("root");
    app_->moderation().set_role(Moderation::kShell, "root", Role::Admin);
    EXPECT_EQ(call("POST", "/api/admin/users/carol/role", {{"role", "moderator"}}, root_).status,
              200u);
  }
  void TearDown() override {
    if (app_) app_->stop();
  }

  Reply call(const std::string& method, const std::string& target, const json& body = nullptr,
             const std::string& token = {}) {
    return test::api_call(app_->port(), method, target, body, token);
  }
  std::string sign_up(const std::string& name) { return test::api_sign_up(app_->port(), name); }
  Reply command(const std::string& text) {
    return HttpClient(app_->port())
        .request("POST", "/api/command", text, {{"Content-Type", "text/plain"}});
  }
  // alice challenges bob to shogi, bob accepts: the game's id.
  Id start_game() { return test::api_start_game(app_->port(), alice_, "bob", bob_); }

  testing::TestDatabase db_;
  std::unique_ptr<App> app_;
  std::string alice_, bob_, carol_, root_;  // carol: a moderator; root: an admin
};

TEST_F(ModerationApi, RolesShowAndOnlyAdminsSetThem) {
  EXPECT_EQ(call("GET", "/api/me", nullptr, carol_).json()["user"]["role"], "moderator");
  EXPECT_EQ(call("GET", "/api/me", nullptr, alice_).json()["user"]["role"], "player");
  EXPECT_EQ(call("GET", "/api/users/carol").json()["role"], "moderator");
  EXPECT_FALSE(call("GET", "/api/users/alice").json().contains("role"));
  EXPECT_EQ(call("POST", "/api/admin/users/alice/role", {{"role", "admin"}}, carol_).status, 403u);
  EXPECT_EQ(call("POST", "/api/admin/users/alice/role", {{"role", "boss"}}, root_).status, 422u);
  Reply own = call("POST", "/api/admin/users/root/role", {{"role", "player"}}, root_);
  EXPECT_EQ(own.status, 409u);
  EXPECT_EQ(call("GET", "/api/me", nullptr, root_).json()["user"]["role"], "admin");
  Reply log = call("GET", "/api/admin/log", nullptr, root_);
  ASSERT_EQ(log.status, 200u);
  ASSERT_EQ(log.json()["entries"].size(), 2u);
  EXPECT_EQ(log.json()["entries"][0]["action"], "role moderator");
  EXPECT_EQ(log.json()["entries"][0]["by"]["name"], "root");
  EXPECT_EQ(log.json()["entries"][1]["by"], nullptr);  // the shell
}

TEST_F(ModerationApi, PlayersAndModeratorsAreRefusedWhatIsNotTheirs) {
  Id game = start_game();
  Reply c = call("POST", "/api/games/" + std::to_string(game) + "/comments", {{"text", "gg"}},
                 alice_);
  std::string comment = std::to_string(c.json()["id"].get<Id>());
  json reason = {{"reason", "test"}};
  std::vector<std::pair<std::string, std::string>> mod_routes = {
      {"GET", "/api/mod/reports"},
      {"POST", "/api/mod/reports/1/close"},
      {"GET", "/api/mod/users/alice"},
      {"POST", "/api/mod/users/alice/warn"},
      {"POST", "/api/mod/users/alice/mute"},
      {"POST", "/api/mod/users/alice/unmute"},
      {"POST", "/api/mod/users/alice/ban"},
      {"POST", "/api/mod/users/alice/unban"},
      {"POST", "/api/mod/users/alice/close-challenges"},
      {"POST", "/api/mod/users/alice/unrate-games"},
      {"POST", "/api/mod/comments/" + comment + "/remove"},
      {"POST", "/api/mod/chat/1/remove"},
      {"POST", "/api/mod/messages/1/remove"}};
  std::vector<std::pair<std::string, std::string>> admin_routes = {
      {"POST", "/api/admin/users/alice/role"}, {"GET", "/api/admin/log"}};
  json body = {{"reason", "test"}, {"resolution", "test"}, {"role", "moderator"}};
  for (auto& [method, path] : mod_routes) {
    json b = method == "GET" ? json(nullptr) : body;
    EXPECT_EQ(call(method, path, b).status, 401u) << path;
    Reply r = call(method, path, b, bob_);
    EXPECT_EQ(r.status, 403u) << path << r.body;
    EXPECT_EQ(r.json()["error"]["message"], "this is for moderators") << path;
  }
  for (auto& [method, path] : admin_routes) {
    json b = method == "GET" ? json(nullptr) : body;
    EXPECT_EQ(call(method, path, b).status, 401u) << path;
    EXPECT_EQ(call(method, path, b, bob_).status, 403u) << path;
    Reply r = call(method, path, b, carol_);
    EXPECT_EQ(r.status, 403u) << path;
    EXPECT_EQ(r.json()["error"]["message"], "this is for admins") << path;
  }
  // A moderator does not ban or mute an admin; an admin bans a moderator.
  EXPECT_EQ(call("POST", "/api/mod/users/root/ban", reason, carol_).status, 403u);
  EXPECT_EQ(call("POST", "/api/mod/users/root/mute", reason, carol_).status, 403u);
  EXPECT_EQ(call("GET", "/api/users/root").json().contains("banned"), false);
  EXPECT_EQ(call("POST", "/api/mod/users/carol/mute", reason, root_).status, 200u);
  // Nothing changed by the refusals.
  EXPECT_EQ(call("GET", "/api/games/" + std::to_string(game) + "/comments").json()["comments"].size(),
            1u);
  EXPECT_EQ(call("GET", "/api/me", nullptr, alice_).status, 200u);
}

TEST_F(ModerationApi, BlocksRefuseChallengesMessagesChatAndRematches) {
  Id game = start_game();
  EXPECT_EQ(call("POST", "/api/users/bob/block", nullptr, bob_).status, 422u);
  EXPECT_EQ(call("POST", "/api/users/nobody/block", nullptr, bob_).status, 404u);
  EXPECT_EQ(call("POST", "/api/users/alice/block", nullptr, bob_).json()["blocked"], true);
  Reply blocks = call("GET", "/api/me/blocks", nullptr, bob_);
  ASSERT_EQ(blocks.json()["blocks"].size(), 1u);
  EXPECT_EQ(blocks.json()["blocks"][0]["name"], "alice");
  EXPECT_EQ(call("GET", "/api/users/alice", nullptr, bob_).json()["blocked"], true);
  EXPECT_EQ(call("GET", "/api/users/bob", nullptr, alice_).json()["blocked"], false);

  Reply challenge = call("POST", "/api/challenges", {{"opponent", "bob"}, {"game", "shogi"}}, alice_);
  EXPECT_EQ(challenge.status, 403u);
  EXPECT_EQ(challenge.json()["error"]["message"], "this player does not accept challenges from you");
  EXPECT_EQ(call("POST", "/api/messages", {{"to", "bob"}, {"text", "hi"}}, alice_).status, 403u);
  std::string path = "/api/games/" + std::to_string(game);
  EXPECT_EQ(call("POST", path + "/chat", {{"text", "hi"}}, alice_).status, 403u);
  EXPECT_EQ(call("POST", path + "/resign", nullptr, alice_).status, 200u);
  Reply rematch = call("POST", "/api/challenges", {{"rematch_of", game}}, alice_);
  EXPECT_EQ(rematch.status, 403u) << rematch.body;
  Reply open = call("POST", "/api/challenges", {{"game", "shogi"}}, bob_);
  EXPECT_EQ(call("POST", "/api/challenges/" + std::to_string(open.json()["id"].get<Id>()) + "/accept",
                 nullptr, alice_)
                .status,
            403u);

  EXPECT_EQ(call("DELETE", "/api/users/alice/block", nullptr, bob_).json()["blocked"], false);
  EXPECT_EQ(call("POST", "/api/messages", {{"to", "bob"}, {"text", "hi"}}, alice_).status, 201u);
}

TEST_F(ModerationApi, ReportsAreCheckedAndLimited) {
  Reply to_carol = call("POST", "/api/messages", {{"to", "carol"}, {"text", "private"}}, alice_);
  Id private_message = to_carol.json()["messages"][0]["id"];
  // bob did not receive it: he cannot show it to a moderator.
  Reply theirs = call("POST", "/api/reports",
                      {{"user", "alice"}, {"reason", "abuse"}, {"message", private_message}}, bob_);
  EXPECT_EQ(theirs.status, 404u);
  EXPECT_EQ(call("POST", "/api/reports", {{"user", "alice"}, {"reason", "meanness"}}, bob_).status,
            422u);
  EXPECT_EQ(call("POST", "/api/reports", {{"user", "alice"}, {"reason", "spam"}}).status, 401u);
  Reply first = call("POST", "/api/reports",
                     {{"user", "alice"}, {"reason", "spam"}, {"text", "adverts"}}, bob_);
  ASSERT_EQ(first.status, 201u) << first.body;
  EXPECT_GT(first.json()["id"].get<Id>(), 0);
  EXPECT_EQ(call("POST", "/api/reports", {{"user", "alice"}, {"reason", "spam"}}, bob_).status,
            409u);
  EXPECT_EQ(call("POST", "/api/reports", {{"user", "carol"}, {"reason", "other"}}, bob_).status,
            201u);
  EXPECT_EQ(call("POST", "/api/reports", {{"user", "root"}, {"reason", "other"}}, bob_).status,
            201u);
  Reply limited = call("POST", "/api/reports", {{"user", "carol"}, {"reason", "other"}}, alice_);
  EXPECT_EQ(limited.status, 201u);
  Reply over = call("POST", "/api/reports", {{"user", "alice"}, {"reason", "other"}}, carol_);
  EXPECT_EQ(over.status, 201u);
  // bob's fourth in the hour (per_hour 3 in this fixture).
  sign_up("dave");
  Reply fourth = call("POST", "/api/reports", {{"user", "dave"}, {"reason", "other"}}, bob_);
  EXPECT_EQ(fourth.status, 429u);
  EXPECT_FALSE(fourth.headers["retry-after"].empty());
}

TEST_F(ModerationApi, AModeratorWorksThroughAReport) {
  Id game = start_game();
  std::string path = "/api/games/" + std::to_string(game);
  Reply line = call("POST", path + "/chat", {{"text", "you are a fool"}}, alice_);
  Id chat = line.json()["id"];
  Reply filed = call("POST", "/api/reports",
                     {{"user", "alice"}, {"reason", "abuse"}, {"text", "see chat"}, {"chat", chat}},
                     bob_);
  ASSERT_EQ(filed.status, 201u) << filed.body;
  Reply queue = call("GET", "/api/mod/reports", nullptr, carol_);
  ASSERT_EQ(queue.status, 200u);
  ASSERT_EQ(queue.json()["reports"].size(), 1u);
  json report = queue.json()["reports"][0];
  EXPECT_EQ(report["by"]["name"], "bob");
  EXPECT_EQ(report["user"]["name"], "alice");
  EXPECT_EQ(report["chat"], chat);
  EXPECT_EQ(report["excerpt"], json({{"text", "you are a fool"}, {"removed", false}}));
  EXPECT_EQ(report["status"], "open");

  // The chat line is removed: bob's page is told, and it is gone.
  WsClient bobs(app_->port(), "/ws?token=" + bob_);
  ASSERT_EQ(bobs.call({{"op", "subscribe"}, {"topic", "user:bob"}})["type"], "subscribed");
  EXPECT_EQ(call("POST", "/api/mod/chat/" + std::to_string(chat) + "/remove", json::object(),
                 carol_)
                .status,
            422u);  // no reason
  EXPECT_EQ(call("POST", "/api/mod/chat/" + std::to_string(chat) + "/remove",
                 {{"reason", "insult"}}, carol_)
                .status,
            200u);
  std::optional<json> event = bobs.receive();
  ASSERT_TRUE(event);
  EXPECT_EQ((*event)["event"]["kind"], "removed");
  EXPECT_EQ((*event)["event"]["removed"], chat);
  EXPECT_EQ((*event)["event"]["text"], "chat");
  EXPECT_TRUE(call("GET", path + "/chat", nullptr, bob_).json()["chat"].empty());

  // Muted: no comment, chat or message by the API nor by a text command.
  Reply muted = call("POST", "/api/mod/users/alice/mute", {{"reason", "insults"}, {"hours", 2}},
                     carol_);
  ASSERT_EQ(muted.status, 200u) << muted.body;
  EXPECT_EQ(muted.json()["user"]["muted"], true);
  EXPECT_TRUE(muted.json()["user"]["muted_until"].is_number());
  Reply comment = call("POST", path + "/comments", {{"text", "hello"}}, alice_);
  EXPECT_EQ(comment.status, 403u);
  EXPECT_TRUE(comment.json()["error"]["message"].get<std::string>().starts_with("you are muted until"));
  EXPECT_EQ(call("POST", path + "/chat", {{"text", "hello"}}, alice_).status, 403u);
  EXPECT_EQ(call("POST", "/api/messages", {{"to", "bob"}, {"text", "hi"}}, alice_).status, 403u);
  Reply by_text = command("message alice pw-alice-123 bob\nhello from the mail\n");
  EXPECT_NE(by_text.body.find("error: message: you are muted until"), std::string::npos)
      << by_text.body;

  Reply closed = call("POST", "/api/mod/reports/" + std::to_string(filed.json()["id"].get<Id>()) +
                                  "/close",
                      {{"resolution", "muted 2 hours"}}, carol_);
  ASSERT_EQ(closed.status, 200u);
  EXPECT_EQ(closed.json()["status"], "closed");
  EXPECT_EQ(closed.json()["closed_by"]["name"], "carol");
  EXPECT_EQ(closed.json()["excerpt"]["removed"], true);
  EXPECT_TRUE(call("GET", "/api/mod/reports", nullptr, carol_).json()["reports"].empty());
  EXPECT_EQ(call("GET", "/api/mod/reports?status=closed", nullptr, carol_).json()["reports"].size(),
            1u);

  // The moderator's view of alice and the admin's log.
  Reply view = call("GET", "/api/mod/users/alice", nullptr, carol_);
  ASSERT_EQ(view.status, 200u);
  EXPECT_EQ(view.json()["games"], 1);
  EXPECT_EQ(view.json()["reports"].size(), 1u);
  EXPECT_EQ(view.json()["log"].size(), 3u);  // remove, mute, close-report
  Reply log = call("GET", "/api/admin/log?user=alice&limit=1", nullptr, root_);
  ASSERT_EQ(log.json()["entries"].size(), 1u);
  EXPECT_EQ(log.json()["entries"][0]["action"], "close-report");
  EXPECT_EQ(log.json()["entries"][0]["target"]["kind"], "report");
}

TEST_F(ModerationApi, ABannedPlayerCannotSignInByAnyDoor) {
  Reply c = call("POST", "/api/challenges", {{"opponent", "bob"}, {"game", "shogi"}}, alice_);
  Id challenge = c.json()["id"];
  EXPECT_EQ(call("POST", "/api/mod/users/alice/ban", json::object(), carol_).status, 422u);
  Reply ban = call("POST", "/api/mod/users/alice/ban", {{"reason", "cheating"}}, carol_);
  ASSERT_EQ(ban.status, 200u) << ban.body;
  EXPECT_EQ(ban.json()["user"]["banned"], true);
  EXPECT_EQ(call("GET", "/api/me", nullptr, alice_).status, 401u);  // the session ended
  Reply login = call("POST", "/api/login", {{"name", "alice"}, {"password", "pw-alice-123"}});
  EXPECT_EQ(login.status, 401u);
  EXPECT_EQ(login.json()["error"]["message"],
            "the account 'alice' is banned: nobody can sign in as it");
  Reply by_text = command("shogi set alice pw-alice-123");
  EXPECT_NE(by_text.body.find("is banned"), std::string::npos) << by_text.body;
  EXPECT_EQ(call("GET", "/api/challenges/" + std::to_string(challenge)).json()["status"],
            "cancelled");
  EXPECT_EQ(call("GET", "/api/users/alice").json()["banned"], true);
  EXPECT_EQ(call("POST", "/api/mod/users/alice/unban", json::object(), carol_).status, 200u);
  EXPECT_EQ(call("POST", "/api/login", {{"name", "alice"}, {"password", "pw-alice-123"}}).status,
            200u);
}

TEST_F(ModerationApi, WarningsClosedChallengesAndUnratedGames) {
  Reply warn = call("POST", "/api/mod/users/alice/warn", {{"reason", "be polite"}}, carol_);
  ASSERT_EQ(warn.status, 200u) << warn.body;
  Reply inbox = call("GET", "/api/messages", nullptr, alice_);
  ASSERT_EQ(inbox.json()["messages"].size(), 1u);
  EXPECT_EQ(inbox.json()["messages"][0]["warning"], true);
  EXPECT_EQ(inbox.json()["messages"][0]["from"], "carol");
  EXPECT_EQ(inbox.json()["messages"][0]["text"], "be polite");

  call("POST", "/api/challenges", {{"opponent", "bob"}, {"game", "shogi"}}, alice_);
  call("POST", "/api/challenges", {{"opponent", "alice"}, {"game", "chu"}}, bob_);
  Reply closed = call("POST", "/api/mod/users/alice/close-challenges", {{"reason", "spam"}}, carol_);
  EXPECT_EQ(closed.json()["closed"], 2);

  Reply c = call("POST", "/api/challenges", {{"opponent", "bob"}, {"game", "shogi"}, {"rated", true}},
                 alice_);
  ASSERT_EQ(c.status, 201u) << c.body;
  Id game = call("POST", "/api/challenges/" + std::to_string(c.json()["id"].get<Id>()) + "/accept",
                 nullptr, bob_)
                .json()["game"];
  std::string path = "/api/games/" + std::to_string(game);
  // Two moves each: a shorter game is not rated.
  for (auto [move, token] : {std::pair{"7g7f", alice_}, {"3c3d", bob_}, {"2g2f", alice_},
                             {"8c8d", bob_}})
    call("POST", path + "/moves", {{"move", move}}, token);
  call("POST", path + "/resign", nullptr, bob_);
  EXPECT_EQ(call("GET", "/api/users/alice").json()["ratings"].size(), 1u);
  Reply unrated = call("POST", "/api/mod/users/alice/unrate-games", {{"reason", "engine"}}, carol_);
  ASSERT_EQ(unrated.status, 200u) << unrated.body;
  EXPECT_EQ(unrated.json()["games"], 1);
  EXPECT_TRUE(call("GET", "/api/users/alice").json()["ratings"].empty());
  EXPECT_TRUE(call("GET", "/api/users/bob").json()["ratings"].empty());
  EXPECT_EQ(call("GET", path).json()["rated"], false);
}

}  // namespace
}  // namespace kirin::server::http
