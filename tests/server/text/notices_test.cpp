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
        // Every notice: a short subject, and the web never as the only way to answer (a
        // command comes first).
        EXPECT_LE(n.subject.size(), 70u) << n.subject;
        size_t web = n.body.find("on the web");
        if (web != std::string::npos) {
          EXPECT_LT(n.body.find("PASSWORD"), web) << n.body;
        }
      }
    return out;
  }
  bool body_has(const std::string& text) const {
    return !bodies.empty() && bodies.back().find(text) != std::string::npos;
  }
  // A command run as a mail from `from` runs it.
  std::string mail(const std::string& from, const std::string& line) {
    CommandContext ctx;
    ctx.sender_email = from + "@example.org";
    return commands.run(line, ctx);
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
  EXPECT_TRUE(body_has("Accept it with:  shogi accept " + std::to_string(c.id) +
                       " bob PASSWORD\n"))
      << bodies.back();
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

  games->resign(id, alice.id);
  EXPECT_EQ(notices(),
            (std::vector<std::string>{"alice: " + board + ": game over, White wins by resignation",
                                      "bob: " + board + ": game over, White wins by resignation"}));
  EXPECT_TRUE(body_has("The game is over: White wins by resignation.")) << bodies.back();
}

// The repro of issue 30: a -dai -lion -drops challenge by mail was announced as "Dai Shogi
// (none) ... accept it on the web". The notice names every term and the commands.
TEST_F(NoticesTest, AChallengeSaysWhatItIsAndHowToAnswerIt) {
  EXPECT_NE(mail("alice", "chushogi challenge alice bob -dai -lion -drops -password=password-alice")
                .find("Challenge 1 sent to bob.\nChallenge 1: alice challenges bob to Dai Shogi."),
            std::string::npos);
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: alice challenges you to Dai Shogi"});
  EXPECT_EQ(bodies.back(),
            "Challenge 1: alice challenges bob to Dai Shogi.\n"
            "  Rules: with Chu Shogi's Lion rules, with drops.\n"
            "  Clock: no clock (no time limit).\n"
            "  Colours: alice plays Black, bob White; Black moves first.\n"
            "  Terms: casual (ratings do not change); takebacks allowed.\n"
            "Accept it with:  chushogi accept 1 bob PASSWORD\n"
            "Decline it with: chushogi decline 1 bob PASSWORD\n"
            "(Or answer it on the web, where your lobby lists it.)\n");

  // Declined: the challenger hears it. Withdrawn: the one challenged does.
  mail("bob", "chushogi decline 1 bob password-bob");
  EXPECT_EQ(notices(), std::vector<std::string>{"alice: bob declined challenge 1 (Dai Shogi)"});
  EXPECT_EQ(bodies.back().rfind("bob declined your challenge 1.\n\nChallenge 1: alice", 0), 0u)
      << bodies.back();
  EXPECT_FALSE(body_has("accept 1")) << bodies.back();  // nothing to answer any more

  mail("alice", "shogi challenge bob alice -tc=3_days -rated -password=password-alice");
  notices();
  EXPECT_EQ(mail("alice", "shogi withdraw 2 alice password-alice"),
            "Challenge 2 withdrawn.\n");
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: alice withdrew challenge 2 (Shogi)"});
  EXPECT_TRUE(body_has("alice withdrew challenge 2: there is nothing to answer.")) << bodies.back();
  EXPECT_TRUE(body_has("  Clock: 3 days a move (correspondence).\n")) << bodies.back();
  EXPECT_TRUE(body_has("  Colours: alice plays White, bob Black; Black moves first.\n"))
      << bodies.back();
  EXPECT_TRUE(body_has("  Terms: rated; takebacks allowed.\n")) << bodies.back();
}

// Draw offers and takebacks reach the player they concern, with the exact command to answer.
TEST_F(NoticesTest, DrawsAndTakebacksAreToldWithTheCommandToAnswer) {
  Id id = start("3 days");
  const std::string board = "Shogi board " + std::to_string(id);
  const std::string n = std::to_string(id);
  games->play_move(id, alice.id, "7g7f");
  notices();

  games->offer_draw(id, alice.id);
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: " + board + ": draw offered"});
  EXPECT_TRUE(body_has("alice offers a draw.\nAccept it with:  shogi move " + n +
                       " bob PASSWORD accept\nDecline it with: shogi move " + n +
                       " bob PASSWORD reject\n"))
      << bodies.back();
  games->decline_draw(id, bob.id);
  EXPECT_EQ(notices(), std::vector<std::string>{"alice: " + board + ": draw declined"});
  EXPECT_TRUE(body_has("bob declined your draw offer.")) << bodies.back();

  games->play_move(id, bob.id, "3c3d");
  notices();
  games->ask_takeback(id, bob.id);
  EXPECT_EQ(notices(), std::vector<std::string>{"alice: " + board + ": takeback asked"});
  EXPECT_TRUE(body_has("bob asks to take back their last move (and your reply to it, if any).\n"
                       "Accept it with: shogi move " + n + " alice PASSWORD accept\n"
                       "Reject it with: shogi move " + n + " alice PASSWORD reject\n"))
      << bodies.back();
  games->decline_takeback(id, alice.id);
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: " + board + ": takeback refused"});
  EXPECT_TRUE(body_has("alice refused your request to take back")) << bodies.back();

  games->ask_takeback(id, bob.id);
  notices();
  games->decline_takeback(id, bob.id);  // bob withdraws his own request
  EXPECT_EQ(notices(), std::vector<std::string>{"alice: " + board + ": takeback withdrawn"});

  games->ask_takeback(id, bob.id);
  notices();
  games->accept_takeback(id, alice.id);
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: " + board + ": takeback accepted"});
  EXPECT_TRUE(body_has("alice accepted your request to take back")) << bodies.back();
  EXPECT_TRUE(body_has("Answer with: shogi move " + n + " bob PASSWORD MOVE")) << bodies.back();

  // A draw offered while the offerer's request to take back is open: accept would answer the
  // request, so the notice gives propose.
  games->play_move(id, bob.id, "3c3d");
  games->ask_takeback(id, bob.id);
  notices();
  games->offer_draw(id, bob.id);
  EXPECT_EQ(notices(), std::vector<std::string>{"alice: " + board + ": draw offered"});
  EXPECT_TRUE(body_has("Accept it with:  shogi move " + n + " alice PASSWORD propose\n"))
      << bodies.back();

  // A draw agreed is the result: one notice each, no other.
  games->offer_draw(id, alice.id);
  EXPECT_EQ(notices(), (std::vector<std::string>{"alice: " + board + ": game over, draw by agreement",
                                                 "bob: " + board + ": game over, draw by agreement"}));
}

// The player whose conditional move was played learns which, and the board.
TEST_F(NoticesTest, AQueuedMovePlayedIsToldToItsPlayer) {
  Id id = start("3 days");
  const std::string board = "Shogi board " + std::to_string(id);
  games->set_forecast(id, bob.id, {{"7g7f", "3c3d"}});
  notices();
  games->play_move(id, alice.id, "7g7f");
  EXPECT_EQ(notices(), (std::vector<std::string>{"bob: " + board + ": your queued move 2 played",
                                                 "alice: " + board + ": Your move."}));
  EXPECT_NE(bodies[bodies.size() - 2].find("Your conditional move 2, P3c-3d, was played for you "
                                           "in answer to P7g-7f."),
            std::string::npos)
      << bodies[bodies.size() - 2];
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

// A chat line of a game played by mail reaches the other player, with the command to answer,
// unless their message_mail setting is off; a live game's players are at the board.
TEST_F(NoticesTest, AGamesChatIsMailedToTheOtherPlayer) {
  Id id = start("3 days");
  notices();
  games->add_chat_line(id, alice.id, "hello");
  EXPECT_EQ(notices(), std::vector<std::string>{"bob: Shogi board " + std::to_string(id) +
                                                ": chat from alice"});
  EXPECT_EQ(bodies.back(), "alice writes in the chat of board " + std::to_string(id) +
                               ":\n\nhello\n\nAnswer with:\nshogi chat " + std::to_string(id) +
                               " bob PASSWORD\nYOUR TEXT\n");
  Preferences quiet = accounts->preferences(bob.id);
  quiet.message_mail = false;
  accounts->set_preferences(bob.id, quiet);
  games->add_chat_line(id, alice.id, "still there?");
  EXPECT_TRUE(notices().empty());

  Id live = start("300+5");
  notices();
  games->add_chat_line(live, bob.id, "good luck");
  EXPECT_TRUE(notices().empty());
}

}  // namespace
}  // namespace kirin::server::testing
