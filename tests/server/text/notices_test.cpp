// The mail notices of the service's events (server/text/notices.h), and the outbox that sends them
// through a sendmail command (server/mail/outbox.h).
#include "server/text/notices.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../server_fixture.h"
#include "clock/time_control.h"
#include "server/domain/computer.h"
#include "server/mail/outbox.h"

namespace kirin::server::testing {
namespace {

class NoticesTest : public ServerTest {
 protected:
  // The notices of every event published since the last call, as "to: subject".
  std::vector<std::string> notices() {
    std::vector<Event> events;
    {
      std::lock_guard lock(log.mutex);
      events.swap(log.events);
    }
    std::vector<std::string> out;
    for (const Event& e : events)
      for (const Notice& n : notices_.for_event(e)) {
        out.push_back(n.name + ": " + n.subject);
        bodies.push_back(n.body);
      }
    return out;
  }

  Challenge challenge(const std::string& time_control) {
    ChallengeRequest r;
    r.opponent = bob.name;
    r.setup.game = "shogi";
    r.time_control = parse_time_control(time_control);
    return challenges->create(alice.id, r);
  }
  Id start(const std::string& time_control) {
    return challenges->accept(challenge(time_control).id, bob.id);
  }

  CommandInterface commands{*accounts, *challenges, *games, *messages, *problems,
                            moderation_services(), *tournaments};
  Notices notices_{*accounts, *challenges, *games, commands};
  std::vector<std::string> bodies;
};

TEST_F(NoticesTest, ACorrespondenceGameTellsThePlayerToMove) {
  Challenge c = challenge("3 days");
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: alice challenges you to Shogi"});
  EXPECT_NE(bodies[0].find("on the web: challenge " + std::to_string(c.id)), std::string::npos)
      << bodies[0];
  Id id = challenges->accept(c.id, bob.id);
  std::string board = "Shogi board " + std::to_string(id);
  EXPECT_EQ(notices(),
            (std::vector<std::string>{"alice: " + board + ": The game alice proposed has begun.",
                                      "bob: " + board + ": The game alice proposed has begun."}));
  // (A challenge accepted before its notice was made needs none: the game's notices say it.)

  games->play_move(id, alice.id, "7g7f");
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: " + board + ": Your move."});
  const std::string& body = bodies.back();
  EXPECT_EQ(body.rfind("Your move.\n\nBoard " + std::to_string(id) + ": Shogi", 0), 0u) << body;
  EXPECT_NE(body.find("Moves played: 1"), std::string::npos) << body;
  EXPECT_NE(body.find("Answer with: shogi move " + std::to_string(id) + " bob PASSWORD MOVE"),
            std::string::npos)
      << body;

  games->ask_takeback(id, alice.id);
  EXPECT_EQ(notices(),
            std::vector<std::string>{"bob: " + board +
                                     ": Your opponent asks to take back their last move: accept "
                                     "or reject it on the web, or with: shogi move " +
                                     std::to_string(id) + " bob PASSWORD accept (or reject)"});
  games->decline_takeback(id, bob.id);
  EXPECT_TRUE(notices().empty());

  games->offer_draw(id, bob.id);
  EXPECT_EQ(notices(),
            std::vector<std::string>{"alice: " + board +
                                     ": Your opponent offers a draw: accept or decline it on "
                                     "the web."});
  games->resign(id, alice.id);
  EXPECT_EQ(notices(),
            (std::vector<std::string>{
                "alice: " + board + ": The game is over: White wins by resignation.",
                "bob: " + board + ": The game is over: White wins by resignation."}));
}

TEST_F(NoticesTest, ALiveGameSendsNoMoveNotices) {
  Id id = start("300+5");
  notices();
  games->play_move(id, alice.id, "7g7f");
  games->play_move(id, bob.id, "3c3d");
  EXPECT_TRUE(notices().empty());
}

TEST_F(NoticesTest, NothingForTheComputerOrAnAddressThatTakesNoMail) {
  User kirin = sign_up("kirin");
  EngineComputer computer(*games, kirin.id, 20);
  User robot = accounts->sign_up("robot", "robot@computer.invalid", "password-robot");
  ChallengeRequest r;
  r.opponent = "kirin";
  r.setup.game = "shogi";
  Id game = challenges->create(alice.id, r).game;
  games->play_move(game, alice.id, "7g7f");
  computer.wait_idle();
  std::vector<std::string> got = notices();
  // Alice hears the game began and, once the computer answered, that it is her move.
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1], "alice: Shogi board " + std::to_string(game) + ": Your move.");

  r.opponent = "robot";
  Challenge c = challenges->create(alice.id, r);
  EXPECT_TRUE(notices().empty());
  challenges->accept(c.id, robot.id);
  EXPECT_EQ(notices().size(), 1u);  // alice's
}

// A challenge the opponent agrees to already (a text command) starts the game without
// announcing an open challenge.
TEST_F(NoticesTest, AnAgreedChallengeIsOnlyAGameStarting) {
  ChallengeRequest r;
  r.opponent = bob.name;
  r.setup.game = "shogi";
  r.opponent_agrees = true;
  Challenge c = challenges->create(alice.id, r);
  EXPECT_EQ(c.status, ChallengeStatus::Accepted);
  ASSERT_GT(c.game, 0);
  std::vector<std::string> got = notices();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].rfind("alice: ", 0), 0u);
  EXPECT_EQ(got[1].rfind("bob: ", 0), 0u);
}

// The outbox composes each notice as a message and hands it to the sendmail command.
TEST_F(NoticesTest, TheOutboxMailsThemThroughSendmail) {
  std::filesystem::path out = dir.path() / "out";
  std::filesystem::create_directories(out);
  std::filesystem::path script = dir.path() / "sendmail.sh";
  {
    std::ofstream s(script);
    s << "#!/bin/sh\nn=$(ls '" << out.string() << "' | wc -l)\ncat > '" << out.string()
      << "'/mail-$n.eml\n";
  }
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  mail::MailOptions options;
  options.from = "Kirin <kirin@example.org>";
  std::vector<std::string> errors;
  {
    mail::Outbox outbox(notices_, mail::Sendmail(script.string()), options,
                        [&](const std::string& what) { errors.push_back(what); });
    Id id = start("3 days");
    games->play_move(id, alice.id, "7g7f");
    std::vector<Event> events;
    {
      std::lock_guard lock(log.mutex);
      events.swap(log.events);
    }
    for (const Event& e : events) outbox.publish(e);
    Event heard = events.back();
    heard.elsewhere = true;  // another process's change: that process mails
    outbox.publish(heard);
    outbox.wait_idle();
    EXPECT_EQ(outbox.sent(), 3);  // the game began (to both), bob's move
  }
  EXPECT_TRUE(errors.empty()) << errors.front();
  std::ifstream last(out / "mail-2.eml");
  std::stringstream text;
  text << last.rdbuf();
  std::string mail = text.str();
  EXPECT_NE(mail.find("To: bob <bob@example.org>"), std::string::npos) << mail;
  EXPECT_NE(mail.find("From: Kirin <kirin@example.org>"), std::string::npos) << mail;
  EXPECT_NE(mail.find("Auto-Submitted: auto-generated"), std::string::npos) << mail;
  EXPECT_NE(mail.find("Your move."), std::string::npos) << mail;
  EXPECT_FALSE(std::filesystem::exists(out / "mail-3.eml"));

  // A command that fails is reported, not thrown.
  mail::Outbox broken(notices_, mail::Sendmail("exit 3"), options,
                      [&](const std::string& what) { errors.push_back(what); });
  Id id = start("3 days");
  std::vector<Event> events;
  {
    std::lock_guard lock(log.mutex);
    events.swap(log.events);
  }
  for (const Event& e : events) broken.publish(e);
  broken.wait_idle();
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors.front(),
            "mail to alice@example.org not sent: 'exit 3' failed with exit status 3")
      << id;
}

TEST_F(NoticesTest, TheTurnMailIsASettingOnByDefault) {
  Id id = start("3 days");
  notices();
  Preferences quiet = accounts->preferences(bob.id);
  quiet.turn_mail = false;
  accounts->set_preferences(bob.id, quiet);
  games->play_move(id, alice.id, "7g7f");
  EXPECT_TRUE(notices().empty());  // bob said no
  games->play_move(id, bob.id, "3c3d");
  std::string board = "Shogi board " + std::to_string(id);
  EXPECT_EQ(notices(), std::vector<std::string>{"alice: " + board + ": Your move."});
  // The end of the game is still told.
  games->resign(id, alice.id);
  EXPECT_EQ(notices().size(), 2u);
}

TEST_F(NoticesTest, AMessageIsMailedToItsRecipientUnlessTheySaidNo) {
  notices();
  Message m = messages->send(alice.id, {"bob"}, "Rematch tonight?").at(0);
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: A message from alice"});
  EXPECT_NE(bodies.back().find("alice writes:\n\nRematch tonight?"), std::string::npos)
      << bodies.back();
  EXPECT_NE(bodies.back().find("message bob PASSWORD alice"), std::string::npos);
  EXPECT_NE(bodies.back().find("message " + std::to_string(m.id)), std::string::npos);
  Preferences quiet = accounts->preferences(bob.id);
  quiet.message_mail = false;
  accounts->set_preferences(bob.id, quiet);
  messages->send(alice.id, {"bob"}, "Still there?");
  EXPECT_TRUE(notices().empty());
  EXPECT_EQ(messages->unread(bob.id), 2);  // in the inbox all the same
}

TEST_F(NoticesTest, AGamesChatIsNotMailed) {
  Id id = start("3 days");
  notices();
  games->add_chat_line(id, alice.id, "hello");
  EXPECT_TRUE(notices().empty());
}

}  // namespace
}  // namespace kirin::server::testing
