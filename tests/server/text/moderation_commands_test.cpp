// The moderation commands (moderation_commands.cpp): block, unblock, report and mod, through
// the same domain calls as the API; and the refusals every text door must obey (a muted
// player's chat and message, a banned player's commands, a blocked player's challenge).
#include <gtest/gtest.h>

#include "../server_fixture.h"
#include "server/domain/restrictions.h"
#include "server/text/commands.h"

namespace kirin::server::testing {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class ModerationCommandsTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    moderation->set_role(Moderation::kShell, "carol", Role::Moderator);
  }
  std::string run(const std::string& line, const std::string& text = {}) {
    CommandContext ctx;
    ctx.sender_email = "someone@example.org";
    return commands.run(line, ctx, text);
  }

  CommandInterface commands{*accounts, *challenges, *games, *messages, *problems,
                            moderation_services(), *tournaments};
  User carol = sign_up("carol");
};

TEST_F(ModerationCommandsTest, BlockAndUnblock) {
  EXPECT_EQ(run("block bob password-bob alice"),
            "You block alice: their challenges, rematches, messages and chat lines no longer "
            "reach you.\n");
  EXPECT_TRUE(blocks->blocks(bob.id, alice.id));
  std::string refused = run("message alice password-alice bob", "hello");
  EXPECT_TRUE(contains(refused, "error: message: this player does not accept messages from you"))
      << refused;
  EXPECT_TRUE(contains(run("block bob password-bob bob"), "error: block: you cannot block yourself"));
  EXPECT_TRUE(contains(run("block bob wrong-password alice"), "error: block: wrong name or password"));
  EXPECT_EQ(run("unblock bob password-bob alice"), "You no longer block alice.\n");
  EXPECT_FALSE(blocks->blocks(bob.id, alice.id));
}

TEST_F(ModerationCommandsTest, ReportWithABoardAndText) {
  Id game = start_game();
  std::string reply =
      run("report bob password-bob alice cheating board=" + std::to_string(game) + " engine moves");
  EXPECT_TRUE(contains(reply, "about alice is filed")) << reply;
  ReportQuery open{.open = true};
  std::vector<Report> queue = reports->list(carol.id, open);
  ASSERT_EQ(queue.size(), 1u);
  EXPECT_EQ(queue[0].reason, "cheating");
  EXPECT_EQ(queue[0].game, game);
  EXPECT_EQ(queue[0].text, "engine moves");
  EXPECT_TRUE(contains(run("report bob password-bob alice rudeness"),
                       "error: report: a report's reason is cheating, abuse, spam, boosting or other"));
  // The moderator reads the queue by text command too; a player may not.
  std::string listed = run("mod carol password-carol reports");
  EXPECT_TRUE(contains(listed, "bob reports alice for cheating (board " + std::to_string(game) +
                                   "): 'engine moves'"))
      << listed;
  EXPECT_TRUE(contains(run("mod bob password-bob reports"), "error: mod: this is for moderators"));
}

TEST_F(ModerationCommandsTest, AMutedPlayersChatAndMessagesAreRefused) {
  Id game = start_game();
  EXPECT_TRUE(contains(run("mod carol password-carol mute alice"),
                       "error: mod mute: the reason is empty"))
      << run("mod carol password-carol mute alice");
  EXPECT_EQ(run("mod carol password-carol mute alice hours=3 insults in the chat"),
            "alice is muted until " + utc_time_text(clock.t + 3 * 3600'000) + ".\n");
  std::string chat = run("chu chat " + std::to_string(game) + " alice password-alice", "hi");
  EXPECT_TRUE(contains(chat, "error: chat: you are muted until")) << chat;
  std::string message = run("message alice password-alice bob", "hi");
  EXPECT_TRUE(contains(message, "error: message: you are muted until")) << message;
  EXPECT_EQ(run("mod carol password-carol unmute alice"), "alice is no longer muted.\n");
  EXPECT_TRUE(contains(run("message alice password-alice bob", "hi"), "Message sent to bob"));
  EXPECT_EQ(moderation->user_view(carol.id, "alice").log.size(), 2u);
}

TEST_F(ModerationCommandsTest, ABannedPlayerCannotUseTheCommands) {
  EXPECT_TRUE(contains(run("mod bob password-bob ban alice spam"), "error: mod ban: this is for moderators"));
  EXPECT_EQ(run("mod carol password-carol ban alice spamming everyone"), "alice is banned.\n");
  std::string reply = run("shogi set alice password-alice");
  EXPECT_TRUE(contains(reply, "the account 'alice' is banned")) << reply;
  EXPECT_TRUE(contains(run("mod carol password-carol warn alice behave"), "alice is warned"));
  EXPECT_TRUE(contains(run("mod carol password-carol dance alice now"), "unknown action"));
  // A moderator does not ban another moderator.
  moderation->set_role(Moderation::kShell, "bob", Role::Moderator);
  EXPECT_TRUE(contains(run("mod carol password-carol ban bob spam"),
                       "only an admin acts on moderators and admins"));
}

TEST_F(ModerationCommandsTest, CloseChallengesAndUnrateGames) {
  ChallengeRequest r;
  r.opponent = "bob";
  r.setup = shogi();
  challenges->create(alice.id, r);
  EXPECT_EQ(run("mod carol password-carol close-challenges alice spam challenges"),
            "1 open challenge of alice closed.\n");
  EXPECT_EQ(run("mod carol password-carol unrate-games alice engine use"),
            "0 rated games of alice now unrated; the ratings are recomputed.\n");
}

TEST_F(ModerationCommandsTest, PasswordsAreMaskedInTheEcho) {
  std::string reply = commands.run_text("mod carol password-carol reports\nblock bob password-bob alice\n",
                                        CommandContext{.sender_email = "x@example.org"});
  EXPECT_FALSE(contains(reply, "password-carol")) << reply;
  EXPECT_FALSE(contains(reply, "password-bob")) << reply;
  EXPECT_TRUE(contains(reply, "> mod carol *** reports")) << reply;
}

}  // namespace
}  // namespace kirin::server::testing
