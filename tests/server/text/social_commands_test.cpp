// Issue 19's text commands of accounts and between players: change password, change
// address, add, signoff, delete, message, GAME chat, broadcast and multiple. The exact replies
// are in the transcripts (transcripts/social-*.txt); these check what the replies cannot show:
// what the store holds afterwards, and that no password is ever shown back.
#include <gtest/gtest.h>

#include "server/text/commands.h"
#include "../server_fixture.h"

namespace kirin::server::testing {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class SocialCommandsTest : public ServerTest {
 protected:
  CommandInterface commands{*accounts, *challenges, *games, *messages, *problems,
                            moderation_services(), *tournaments};
  CommandContext op{.sender_email = {}, .sender_user = 0, .operator_mode = true};

  std::string text(const std::string& t, const CommandContext& ctx) {
    return commands.run_text(t, ctx);
  }
  std::string text(const std::string& t) { return text(t, op); }
  static CommandContext mail_from(const std::string& address) {
    CommandContext ctx;
    ctx.sender_email = address;
    return ctx;
  }
};

TEST_F(SocialCommandsTest, ChangePasswordNeverShowsEitherPassword) {
  std::string reply = text("change password alice password-alice brand-new-secret\n");
  EXPECT_TRUE(contains(reply, "The password of alice is changed")) << reply;
  EXPECT_FALSE(contains(reply, "password-alice")) << reply;
  EXPECT_FALSE(contains(reply, "brand-new-secret")) << reply;
  EXPECT_EQ(accounts->check_password("alice", "brand-new-secret").id, alice.id);
  // Wrong old password: refused, nothing changes, nothing shown.
  reply = text("change password alice wrong-old-one another-secret-1\n");
  EXPECT_TRUE(contains(reply, "error: change password: wrong name or password")) << reply;
  EXPECT_FALSE(contains(reply, "wrong-old-one") || contains(reply, "another-secret-1")) << reply;
  EXPECT_EQ(accounts->check_password("alice", "brand-new-secret").id, alice.id);
  // A line of the wrong shape hides every argument.
  EXPECT_EQ(CommandInterface::masked("change password alice old"), "change password *** ***");
  EXPECT_EQ(CommandInterface::masked("change password alice old new"),
            "change password alice *** ***");
  EXPECT_EQ(CommandInterface::masked("change colour alice pw"), "change colour *** ***");
}

TEST_F(SocialCommandsTest, ChangeAddressByMailMustBeTheSendersAddress) {
  std::string reply = text("change address alice password-alice thief@example.net\n",
                           mail_from("thief@example.net"));
  EXPECT_TRUE(contains(reply, "The e-mail address of alice is now thief@example.net")) << reply;
  // From one address, naming another: refused (a stolen password cannot move the mail away
  // to an address the sender does not receive at).
  reply = text("change address alice password-alice other@example.net\n",
               mail_from("thief@example.net"));
  EXPECT_TRUE(contains(reply, "must be the one you send from")) << reply;
  EXPECT_EQ(accounts->user(alice.id).email, "thief@example.net");
  reply = text("change address bob password-bob\n", mail_from("bob@example.com"));
  EXPECT_EQ(accounts->user(bob.id).email, "bob@example.com");
  EXPECT_FALSE(contains(reply, "password-bob"));
}

TEST_F(SocialCommandsTest, SignoffAndDeleteCloseTheAccount) {
  text("shogi challenge alice bob\n");
  std::string reply = text("signoff alice password-alice\n");
  EXPECT_TRUE(contains(reply, "The account alice is closed")) << reply;
  EXPECT_TRUE(contains(reply, "1 game aborted")) << reply;
  EXPECT_FALSE(contains(reply, "password-alice"));
  EXPECT_NE(accounts->user(alice.id).closed, 0);
  reply = text("delete alice password-alice\n");
  EXPECT_TRUE(contains(reply, "error: delete: the account 'alice' is closed")) << reply;
  reply = text("delete bob not-bobs-password\n");
  EXPECT_TRUE(contains(reply, "error: delete: wrong name or password")) << reply;
  EXPECT_EQ(accounts->user(bob.id).closed, 0);
  reply = text("add alice some-password-1 a@example.org\n");
  EXPECT_TRUE(contains(reply, "error: add: the name 'alice' is taken")) << reply;
}

TEST_F(SocialCommandsTest, MessageTakesTheLinesAfterItUpToABlankLine) {
  User carol = sign_up("carol");
  std::string reply = text(
      "message alice password-alice bob carol\n"
      "Shall we play tonight?\n"
      "# not a comment here: part of the text\n"
      "\n"
      "chushogi games alice\n");
  EXPECT_TRUE(contains(reply, "Message sent to bob, carol.")) << reply;
  EXPECT_TRUE(contains(reply, "> chushogi games alice")) << reply;  // run after the text
  EXPECT_FALSE(contains(reply, "Shall we play"));                   // the text is not echoed
  Messages::Page inbox = messages->inbox(bob.id, 0, 10);
  ASSERT_EQ(inbox.messages.size(), 1u);
  EXPECT_EQ(inbox.messages[0].text,
            "Shall we play tonight?\n# not a comment here: part of the text");
  EXPECT_EQ(inbox.messages[0].from.name, "alice");
  EXPECT_EQ(messages->unread(carol.id), 1);

  // Refusals send nothing.
  reply = text("message alice password-alice bob\n");
  EXPECT_TRUE(contains(reply, "error: the text is missing")) << reply;
  reply = text("message alice password-alice nobody\nhello\n");
  EXPECT_TRUE(contains(reply, "error: message: no user named 'nobody': nothing was sent"))
      << reply;
  reply = text("message alice wrong-password bob\nhello\n");
  EXPECT_TRUE(contains(reply, "error: message: wrong name or password")) << reply;
  EXPECT_FALSE(contains(reply, "wrong-password"));
  EXPECT_EQ(messages->unread(bob.id), 1);
  // The text of a command that was not run is not run either.
  reply = text("message alice wrong-password bob\nchushogi games alice\n");
  EXPECT_FALSE(contains(reply, "> chushogi games alice")) << reply;
}

TEST_F(SocialCommandsTest, ChatIsForThePlayersOfTheBoard) {
  User carol = sign_up("carol");
  (void)carol;
  std::string reply = text("shogi challenge alice bob\n");
  Id game = games->games_of(alice.id, alice.id).at(0).id;
  std::string board = std::to_string(game);
  reply = text("shogi chat " + board + " bob password-bob\nGood luck!\n");
  EXPECT_TRUE(contains(reply, "Said in the chat of board " + board)) << reply;
  ASSERT_EQ(games->chat(game, alice.id).size(), 1u);
  EXPECT_EQ(games->chat(game, alice.id)[0].text, "Good luck!");
  reply = text("shogi chat " + board + " carol password-carol\nhi\n");
  EXPECT_TRUE(contains(reply, "error: chat: the chat of game " + board +
                                  " is for its two players only"))
      << reply;
  reply = text("chu chat " + board + " bob password-bob\nhi\n");
  EXPECT_TRUE(contains(reply, "is a game of Shogi, not of Chu Shogi")) << reply;
  EXPECT_EQ(games->chat(game, alice.id).size(), 1u);
  EXPECT_EQ(CommandInterface::masked("shogi chat 3 bob secret"), "shogi chat 3 bob ***");
  EXPECT_EQ(CommandInterface::masked("message bob secret alice"), "message bob *** alice");
  EXPECT_EQ(CommandInterface::masked("signoff bob secret"), "signoff bob ***");
  EXPECT_EQ(CommandInterface::masked("broadcast bob secret"), "broadcast bob ***");
}

TEST_F(SocialCommandsTest, BroadcastDoesNotFitAndMultipleIsANoOp) {
  std::string reply = text("broadcast alice password-alice\nHello everyone\n");
  EXPECT_TRUE(contains(reply, "error: broadcast does not exist here")) << reply;
  EXPECT_FALSE(contains(reply, "password-alice"));
  EXPECT_FALSE(contains(reply, "> Hello everyone")) << reply;  // not run as a command
  reply = text("multiple\nchushogi games alice\n");
  EXPECT_TRUE(contains(reply, "'multiple' is not needed here")) << reply;
  EXPECT_TRUE(contains(reply, "> chushogi games alice")) << reply;
}

}  // namespace
}  // namespace kirin::server::testing
