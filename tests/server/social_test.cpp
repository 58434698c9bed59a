// Issue 19's account management (password, e-mail, closing), private messages and a game's
// chat, on the domain services (the HTTP and text doors are tested in their own files).
#include "server/domain/account_closing.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using AccountManagementTest = ServerTest;
using MessagesTest = ServerTest;
using ChatTest = ServerTest;

TEST_F(AccountManagementTest, ChangingThePasswordNeedsTheOldOneAndEndsTheOtherSessions) {
  LoginResult here = accounts->log_in("alice", "password-alice");
  LoginResult there = accounts->log_in("alice", "password-alice");
  ServiceError wrong = service_error([&] {
    accounts->change_password("alice", "not-it-at-all", "new-password-1", "", here.token);
  });
  EXPECT_EQ(wrong.code(), ErrorCode::Unauthorized);
  ServiceError weak = service_error(
      [&] { accounts->change_password("alice", "password-alice", "short", "", here.token); });
  EXPECT_EQ(weak.code(), ErrorCode::Invalid);
  EXPECT_EQ(weak.field(), "new_password");
  ServiceError same = service_error([&] {
    accounts->change_password("alice", "password-alice", "password-alice", "", here.token);
  });
  EXPECT_EQ(same.field(), "new_password");
  // Nothing changed so far.
  EXPECT_EQ(accounts->authenticate(there.token).id, alice.id);
  EXPECT_EQ(accounts->check_password("alice", "password-alice").id, alice.id);

  accounts->change_password("alice", "password-alice", "new-password-1", "", here.token);
  EXPECT_EQ(accounts->authenticate(here.token).id, alice.id);  // the one asking stays
  EXPECT_EQ(service_error([&] { accounts->authenticate(there.token); }).code(),
            ErrorCode::Unauthorized);
  EXPECT_EQ(service_error([&] { accounts->log_in("alice", "password-alice"); }).code(),
            ErrorCode::Unauthorized);
  EXPECT_EQ(accounts->log_in("alice", "new-password-1").user.id, alice.id);
  // From a text command (no session of its own): every session ends.
  accounts->change_password("alice", "new-password-1", "new-password-2", "");
  EXPECT_EQ(service_error([&] { accounts->authenticate(here.token); }).code(),
            ErrorCode::Unauthorized);
}

TEST_F(AccountManagementTest, ChangingTheEmailNeedsThePasswordAndAnAddress) {
  EXPECT_EQ(service_error([&] {
              accounts->change_email("alice", "wrong-password", "a@example.net", "");
            }).code(),
            ErrorCode::Unauthorized);
  ServiceError bad = service_error(
      [&] { accounts->change_email("alice", "password-alice", "not-an-address", ""); });
  EXPECT_EQ(bad.field(), "email");
  EXPECT_EQ(accounts->user(alice.id).email, "alice@example.org");
  EXPECT_EQ(accounts->change_email("alice", "password-alice", "a@example.net", "").email,
            "a@example.net");
  EXPECT_EQ(accounts->user(alice.id).email, "a@example.net");
}

TEST_F(AccountManagementTest, AClosedAccountCannotSignInAndKeepsItsNameAndGames) {
  User carol = sign_up("carol");
  LoginResult session = accounts->log_in("alice", "password-alice");
  // A game both have moved in (resigned on closing), one nobody moved in (aborted), a
  // finished one (kept as it is), a challenge sent and one received (withdrawn).
  Id played = start_game(shogi());
  games->play_move(played, alice.id, "7g7f");
  games->play_move(played, bob.id, "3c3d");
  Id fresh = start_game(shogi());
  Id over = start_game(shogi());
  games->resign(over, bob.id);
  ChallengeRequest to_carol;
  to_carol.opponent = "carol";
  Challenge sent = challenges->create(alice.id, to_carol);
  ChallengeRequest to_alice;
  to_alice.opponent = "alice";
  Challenge received = challenges->create(carol.id, to_alice);

  EXPECT_EQ(service_error([&] {
              close_account(*accounts, *challenges, *games, "alice", "wrong-password", "");
            }).code(),
            ErrorCode::Unauthorized);
  EXPECT_EQ(accounts->user(alice.id).closed, 0);

  clock.advance(1000);
  ClosedAccount closed =
      close_account(*accounts, *challenges, *games, "alice", "password-alice", "");
  EXPECT_EQ(closed.challenges_withdrawn, 2);
  EXPECT_EQ(closed.games_aborted, 1);
  EXPECT_EQ(closed.games_resigned, 1);
  EXPECT_EQ(accounts->user(alice.id).closed, clock.t.load());

  // Every door that checks a password or a session refuses it.
  ServiceError login = service_error([&] { accounts->log_in("alice", "password-alice"); });
  EXPECT_EQ(login.code(), ErrorCode::Unauthorized);
  EXPECT_EQ(std::string(login.what()), "the account 'alice' is closed: nobody can sign in as it");
  EXPECT_EQ(service_error([&] { accounts->authenticate(session.token); }).code(),
            ErrorCode::Unauthorized);
  // A wrong password says only that it is wrong.
  EXPECT_EQ(std::string(service_error([&] { accounts->log_in("alice", "nope-nope"); }).what()),
            "wrong name or password");
  // The name stays taken.
  EXPECT_EQ(service_error([&] { accounts->sign_up("Alice", "x@example.org", "another-pass-1"); })
                .code(),
            ErrorCode::Conflict);
  // The games stay, under the name; the opponent won the one that was under way.
  GameView v = games->view(played);
  EXPECT_EQ(v.state.black.name, "alice");
  EXPECT_EQ(v.state.result, Result::WhiteWins);
  EXPECT_EQ(v.state.reason, "resignation");
  EXPECT_EQ(games->view(fresh).state.status, GameStatus::Aborted);
  EXPECT_EQ(games->view(over).state.result, Result::BlackWins);
  EXPECT_EQ(games->games_of(bob.id, bob.id).size(), 3u);
  EXPECT_EQ(challenges->get(sent.id).status, ChallengeStatus::Cancelled);
  EXPECT_EQ(challenges->get(received.id).status, ChallengeStatus::Declined);
  // Nobody can challenge it any more.
  ChallengeRequest again;
  again.opponent = "alice";
  ServiceError refused = service_error([&] { challenges->create(bob.id, again); });
  EXPECT_EQ(refused.code(), ErrorCode::Conflict);
  EXPECT_EQ(refused.field(), "opponent");
}

TEST_F(MessagesTest, SendListReadAndMarkRead) {
  User carol = sign_up("carol");
  log.clear();
  std::vector<Message> sent = messages->send(alice.id, {"BOB", "carol"}, "  Hello\r\nthere  ");
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_EQ(sent[0].to.name, "bob");
  EXPECT_EQ(sent[0].text, "Hello\nthere");
  EXPECT_EQ(log.kinds(), (std::vector<std::string>{"message", "message"}));
  EXPECT_EQ(log.events[0].users.at(0).name, "bob");
  EXPECT_EQ(log.events[0].by.name, "alice");
  EXPECT_EQ(log.events[0].message, sent[0].id);

  clock.advance(10);
  messages->send(carol.id, {"bob"}, "second");
  EXPECT_EQ(messages->unread(bob.id), 2);
  Messages::Page page = messages->inbox(bob.id, 0, 1);
  ASSERT_EQ(page.messages.size(), 1u);
  EXPECT_EQ(page.messages[0].text, "second");
  EXPECT_TRUE(page.more);
  page = messages->inbox(bob.id, page.messages[0].id, 10);
  ASSERT_EQ(page.messages.size(), 1u);
  EXPECT_FALSE(page.more);
  EXPECT_EQ(page.messages[0].id, sent[0].id);

  Message read = messages->read(bob.id, sent[0].id);
  EXPECT_EQ(read.read, clock.t.load());
  EXPECT_EQ(messages->unread(bob.id), 1);
  // Someone else's message does not exist for them.
  EXPECT_EQ(service_error([&] { messages->read(alice.id, sent[0].id); }).code(),
            ErrorCode::NotFound);
  EXPECT_EQ(messages->unread(carol.id), 1);
}

TEST_F(MessagesTest, SentMessagesAreTheSendersOnly) {
  User carol = sign_up("carol");
  std::vector<Message> to_two = messages->send(alice.id, {"bob", "carol"}, "to both");
  clock.advance(10);
  Message later = messages->send(alice.id, {"carol"}, "later").at(0);
  Message bobs = messages->send(bob.id, {"alice"}, "from bob").at(0);
  // Alice's Sent view: her three messages, newest first, a page at a time.
  Messages::Page page = messages->sent(alice.id, 0, 2);
  ASSERT_EQ(page.messages.size(), 2u);
  EXPECT_EQ(page.messages[0], later);
  EXPECT_EQ(page.messages[1].id, to_two[1].id);
  EXPECT_TRUE(page.more);
  page = messages->sent(alice.id, page.messages[1].id, 10);
  ASSERT_EQ(page.messages.size(), 1u);
  EXPECT_EQ(page.messages[0].id, to_two[0].id);
  EXPECT_FALSE(page.more);
  // Bob's: only his own, never Alice's (nor the one Alice sent him); Carol sent none.
  page = messages->sent(bob.id, 0, 10);
  EXPECT_EQ(page.messages, std::vector<Message>{bobs});
  EXPECT_TRUE(messages->sent(carol.id, 0, 10).messages.empty());
  // Sending is not reading: the recipient's message stays unread.
  EXPECT_EQ(messages->unread(carol.id), 2);
}

TEST_F(MessagesTest, RefusalsSendNothing) {
  User carol = sign_up("carol");
  auto refused = [&](std::vector<std::string> to, std::string text) {
    ServiceError e = service_error([&] { messages->send(alice.id, to, text); });
    EXPECT_EQ(messages->unread(bob.id) + messages->unread(carol.id), 0);
    return e;
  };
  EXPECT_EQ(refused({"nobody"}, "hi").code(), ErrorCode::NotFound);
  EXPECT_EQ(refused({"bob", "nobody"}, "hi").field(), "to");  // all or none
  EXPECT_EQ(refused({}, "hi").field(), "to");
  EXPECT_EQ(refused({"bob", "Bob"}, "hi").field(), "to");
  EXPECT_EQ(refused({"alice"}, "hi").code(), ErrorCode::Conflict);
  EXPECT_EQ(refused({std::vector<std::string>(11, "bob")}, "hi").field(), "to");
  EXPECT_EQ(refused({"bob"}, " \n ").field(), "text");
  EXPECT_EQ(refused({"bob"}, std::string(2001, 'x')).field(), "text");
  EXPECT_EQ(refused({"bob"}, "bell\a").field(), "text");
  EXPECT_EQ(refused({"bob"}, "bad \xff byte").field(), "text");
  Preferences quiet = accounts->preferences(carol.id);
  quiet.accept_messages = false;
  accounts->set_preferences(carol.id, quiet);
  ServiceError closed_door = refused({"bob", "carol"}, "hi");
  EXPECT_EQ(closed_door.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(closed_door.what()), "carol does not accept messages");
  close_account(*accounts, *challenges, *games, "bob", "password-bob", "");
  ServiceError gone = refused({"bob"}, "hi");
  EXPECT_EQ(gone.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(gone.what()), "the account 'bob' is closed");
}

TEST_F(MessagesTest, TheRateLimitCountsEachRecipientAndSendsAllOrNone) {
  User carol = sign_up("carol");
  for (int i = 0; i < 9; ++i) messages->send(alice.id, {"bob"}, "hi " + std::to_string(i));
  ServiceError e = service_error([&] { messages->send(alice.id, {"bob", "carol"}, "both"); });
  EXPECT_EQ(e.code(), ErrorCode::TooManyRequests);
  EXPECT_GT(e.retry_after_s(), 0);
  EXPECT_EQ(messages->unread(bob.id), 9);
  EXPECT_EQ(messages->unread(carol.id), 0);
  messages->send(alice.id, {"carol"}, "one more fits");
  EXPECT_EQ(service_error([&] { messages->send(alice.id, {"carol"}, "no"); }).code(),
            ErrorCode::TooManyRequests);
  clock.advance(60'001);
  messages->send(alice.id, {"bob", "carol"}, "a minute later");
  EXPECT_EQ(messages->unread(carol.id), 2);
}

TEST_F(ChatTest, OnlyTheTwoPlayersWriteAndReadIt) {
  User carol = sign_up("carol");
  Id game = start_game(shogi());
  log.clear();
  ChatLine line = games->add_chat_line(game, alice.id, "good luck!");
  EXPECT_EQ(line.user.name, "alice");
  ASSERT_EQ(log.kinds(), std::vector<std::string>{"chat"});
  const Event& e = log.events[0];
  EXPECT_EQ(e.game, game);
  EXPECT_EQ(e.by.name, "alice");
  ASSERT_EQ(e.users.size(), 2u);  // the players only: the forwarder never puts it on game:ID
  EXPECT_EQ(e.users[0].name, "alice");
  EXPECT_EQ(e.users[1].name, "bob");
  games->add_chat_line(game, bob.id, "you too");
  std::vector<ChatLine> chat = games->chat(game, bob.id);
  ASSERT_EQ(chat.size(), 2u);
  EXPECT_EQ(chat[1].text, "you too");
  // Not in the public comments.
  EXPECT_TRUE(games->view(game).comments.empty());

  ServiceError outsider = service_error([&] { games->add_chat_line(game, carol.id, "psst"); });
  EXPECT_EQ(outsider.code(), ErrorCode::Forbidden);
  EXPECT_EQ(service_error([&] { games->chat(game, carol.id); }).code(), ErrorCode::Forbidden);
  EXPECT_EQ(service_error([&] { games->chat(game + 100, alice.id); }).code(),
            ErrorCode::NotFound);
  EXPECT_EQ(service_error([&] { games->add_chat_line(game, alice.id, ""); }).field(), "text");
  EXPECT_EQ(games->chat(game, alice.id).size(), 2u);
}

TEST_F(ChatTest, IsLimitedAsCommentsAre) {
  Id game = start_game(shogi());
  for (int i = 0; i < 10; ++i) games->add_chat_line(game, alice.id, "line " + std::to_string(i));
  ServiceError e = service_error([&] { games->add_chat_line(game, alice.id, "one too many"); });
  EXPECT_EQ(e.code(), ErrorCode::TooManyRequests);
  EXPECT_EQ(std::string(e.what()).rfind("you have written 10 chat lines in the last minute", 0),
            0u);
  EXPECT_EQ(games->chat(game, alice.id).size(), 10u);
  games->add_chat_line(game, bob.id, "the other player is not held back");
  clock.advance(60'001);
  games->add_chat_line(game, alice.id, "a minute later");
}

}  // namespace
}  // namespace kirin::server::testing
