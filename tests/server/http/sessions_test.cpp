// Sessions end everywhere at once (issue 28, the probe's finding 1): a password change or an
// account closure ends every session of the user, REST and WebSocket, on this server, on
// another server on the same database, and from another process (`kirin command`).
#include <gtest/gtest.h>

#include <thread>

#include "../server_fixture.h"
#include "server/domain/account_closing.h"
#include "server/domain/services.h"
#include "server/http/app.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::Reply;
using test::WsClient;

class Sessions : public ::testing::Test {
 protected:
  void SetUp() override {
    db_.check();
    if (IsSkipped() || HasFatalFailure()) return;
    one_ = start();
    two_ = start();  // another node on the same database
    alice_ = sign_up("alice");
    bob_ = sign_up("bob");
  }
  void TearDown() override {
    for (auto* app : {&one_, &two_})
      if (*app) (*app)->stop();
  }

  std::unique_ptr<App> start() {
    AppOptions options;
    options.http.port = 0;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = db_.url();
    options.services.accounts.hash_cost = HashCost::Minimal;
    auto app = std::make_unique<App>(options);
    app->start();
    return app;
  }

  Reply call(App& app, const std::string& method, const std::string& target,
             const json& body = nullptr, const std::string& token = {}) {
    return test::api_call(app.port(), method, target, body, token);
  }

  std::string sign_up(const std::string& name) {
    Reply r = call(*one_, "POST", "/api/signup",
                   {{"name", name}, {"email", name + "@example.org"}, {"password", "pw-" + name + "-123"}});
    EXPECT_EQ(r.status, 201u) << r.body;
    return r.json()["token"];
  }

  std::string log_in(App& app, const std::string& name) {
    Reply r = call(app, "POST", "/api/login", {{"name", name}, {"password", "pw-" + name + "-123"}});
    EXPECT_EQ(r.status, 200u) << r.body;
    return r.json()["token"];
  }

  // A WebSocket of `token` on `app`, subscribed to alice's topic.
  static std::unique_ptr<WsClient> alices_socket(App& app, const std::string& token) {
    auto ws = std::make_unique<WsClient>(app.port(), "/ws?token=" + token);
    EXPECT_EQ(ws->call({{"op", "subscribe"}, {"topic", "user:alice"}})["type"], "subscribed");
    return ws;
  }

  // The socket closes with 1008 and no message before the close: nothing private after the end.
  static void expect_closed(WsClient& ws) {
    std::optional<json> got = ws.receive(std::chrono::seconds(5));
    EXPECT_FALSE(got) << got->dump();
    EXPECT_EQ(ws.last_error(), boost::beast::websocket::error::closed);
    EXPECT_EQ(ws.stream().reason().code, boost::beast::websocket::close_code::policy_error);
  }

  testing::TestDatabase db_;
  std::unique_ptr<App> one_, two_;
  std::string alice_, bob_;
};

TEST_F(Sessions, APasswordChangeClosesTheUsersWebSocketsOnEveryNode) {
  std::string on_two = log_in(*two_, "alice");
  auto here = alices_socket(*one_, alice_);
  auto there = alices_socket(*two_, on_two);
  WsClient bobs(two_->port(), "/ws?token=" + bob_);
  ASSERT_EQ(bobs.call({{"op", "subscribe"}, {"topic", "user:bob"}})["type"], "subscribed");
  // A third token of alice's, the one asking: its session, and its socket, stay.
  std::string asking = log_in(*one_, "alice");
  auto kept = alices_socket(*one_, asking);
  Reply changed = call(*one_, "POST", "/api/account/password",
                       {{"old_password", "pw-alice-123"}, {"new_password", "new-pw-alice-9"}}, asking);
  ASSERT_EQ(changed.status, 200u) << changed.body;
  // A private message right after, on the node that ended the sessions: its sockets are
  // closed before it (the other node's within its poll interval of the change feed).
  ASSERT_EQ(call(*one_, "POST", "/api/messages", {{"to", "alice"}, {"text", "psst"}}, bob_).status,
            201u);
  expect_closed(*here);
  expect_closed(*there);
  for (App* app : {one_.get(), two_.get()}) {
    EXPECT_EQ(call(*app, "GET", "/api/me", nullptr, alice_).status, 401u);
    EXPECT_EQ(call(*app, "GET", "/api/me", nullptr, on_two).status, 401u);
    EXPECT_EQ(call(*app, "GET", "/api/me", nullptr, asking).status, 200u);
  }
  std::optional<json> message = kept->receive();
  ASSERT_TRUE(message);
  EXPECT_EQ((*message)["event"]["kind"], "message");
  EXPECT_EQ(bobs.call({{"op", "ping"}})["type"], "pong");  // other users are untouched
}

TEST_F(Sessions, ClosingTheAccountClosesItsWebSocketsOnEveryNode) {
  std::string on_two = log_in(*two_, "alice");
  auto here = alices_socket(*one_, alice_);
  auto there = alices_socket(*two_, on_two);
  Reply closed = call(*two_, "POST", "/api/account/close", {{"password", "pw-alice-123"}}, on_two);
  ASSERT_EQ(closed.status, 200u) << closed.body;
  expect_closed(*here);
  expect_closed(*there);
  for (App* app : {one_.get(), two_.get()})
    for (const std::string& token : {alice_, on_two})
      EXPECT_EQ(call(*app, "GET", "/api/me", nullptr, token).status, 401u);
}

// `kirin command` and `kirin mail` are processes of their own on the same database.
TEST_F(Sessions, APasswordChangedByAnotherProcessClosesTheServersWebSockets) {
  auto here = alices_socket(*one_, alice_);
  auto there = alices_socket(*two_, log_in(*two_, "alice"));
  {
    ServiceOptions options;
    options.accounts.hash_cost = HashCost::Minimal;
    Services elsewhere(open_storage(db_.url()), options);
    elsewhere.accounts().change_password("alice", "pw-alice-123", "new-pw-alice-9", "");
  }
  expect_closed(*here);
  expect_closed(*there);
  EXPECT_EQ(call(*one_, "GET", "/api/me", nullptr, alice_).status, 401u);
}

// A socket that never showed a token gets no user topic, so no private event.
TEST_F(Sessions, AUserTopicWithoutATokenIsRefused) {
  WsClient anonymous(one_->port());
  EXPECT_EQ(anonymous.call({{"op", "subscribe"}, {"topic", "user:alice"}})["error"]["code"],
            "forbidden");
  ASSERT_EQ(call(*one_, "POST", "/api/messages", {{"to", "alice"}, {"text", "psst"}}, bob_).status,
            201u);
  EXPECT_FALSE(anonymous.receive(std::chrono::milliseconds(300)));
}

}  // namespace
}  // namespace kirin::server::http
