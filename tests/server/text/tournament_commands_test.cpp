// Tournaments by text and mail (tournament_commands.cpp, notices.cpp): a correspondence round
// robin played by mail alone, from its creation to its final standings, every step a mailed
// command and every news a mail notice; and the commands' refusals, each naming what is wrong.
#include <gtest/gtest.h>

#include <regex>

#include "../server_fixture.h"
#include "server/mail/mail.h"
#include "server/text/notices.h"

namespace kirin::server::testing {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class TournamentCommands : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    carol = sign_up("carol");
    moderation->set_role(Moderation::kShell, "carol", Role::Moderator);
  }

  // One mail's commands, sent from NAME's address: the reply.
  std::string mail(const std::string& name, const std::string& text) {
    CommandContext ctx{
        .sender_email = name + "@example.org", .sender_user = 0, .operator_mode = false};
    return commands.run_text(text, ctx);
  }
  // The notices of every event published since the last call, by recipient.
  std::vector<Notice> notices() {
    std::vector<Event> events;
    {
      std::lock_guard lock(log.mutex);
      events.swap(log.events);
    }
    std::vector<Notice> out;
    for (const Event& e : events)
      for (Notice& n : notices_.for_event(e)) out.push_back(std::move(n));
    return out;
  }
  static std::vector<Notice> to(const std::vector<Notice>& all, const std::string& name) {
    std::vector<Notice> out;
    for (const Notice& n : all)
      if (n.name == name) out.push_back(n);
    return out;
  }

  CommandInterface commands{*accounts, *challenges,           *games,      *messages,
                            *problems, moderation_services(), *tournaments};
  Notices notices_{*accounts, *challenges, *games, commands};
  User carol;
};

TEST_F(TournamentCommands, ACorrespondenceRoundRobinIsPlayedByMailAlone) {
  std::string created = mail("carol",
                             "shogi tournament create robin -days=3 -name=Mail_robin "
                             "carol password-carol\n");
  ASSERT_TRUE(contains(created, "Tournament 1 (Mail robin) is created")) << created;
  EXPECT_FALSE(contains(created, "password-carol")) << created;
  EXPECT_TRUE(
      contains(created, "> shogi tournament create robin -days=3 -name=Mail_robin carol ***"))
      << created;
  EXPECT_TRUE(contains(mail("alice", "shogi tournament join 1 alice password-alice\n"),
                       "alice has joined tournament 1 (Mail robin)"));
  // bob's comes as a whole mail, its command the Subject line, as pbmserv reads them.
  mail::MailOptions options;
  options.from = "Kirin <kirin@games.example.org>";
  const std::string raw =
      "From: Bob <bob@example.org>\nTo: Kirin <kirin@games.example.org>\n"
      "Subject: shogi tournament join 1 bob password-bob\nMessage-ID: <j1@example.org>\n\n";
  mail::MailResult joined = mail::answer_mail(raw, raw.size(), commands, options);
  ASSERT_EQ(joined.exit_code, mail::kReplied) << joined.message;
  EXPECT_TRUE(contains(mail::read_mail(joined.reply).body, "bob has joined tournament 1"))
      << joined.reply;
  EXPECT_FALSE(contains(joined.reply, "password-bob"));
  std::string listed = mail("bob", "shogi tournaments\n");
  EXPECT_TRUE(contains(listed, "Upcoming:")) << listed;
  EXPECT_TRUE(contains(listed, "Mail robin")) << listed;
  notices();
  EXPECT_TRUE(contains(mail("carol", "shogi tournament start 1 carol password-carol\n"),
                       "tournament 1 (Mail robin) has started"));

  // The robin is paired: each player is mailed the game, with its board and the command that
  // answers it.
  tournaments->tick();
  std::vector<Notice> paired = notices();
  std::vector<Notice> alices = to(paired, "alice"), bobs = to(paired, "bob");
  ASSERT_EQ(alices.size(), 1u);
  ASSERT_EQ(bobs.size(), 1u);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(alices[0].subject, m, std::regex("Shogi board (\\d+)")))
      << alices[0].subject;
  const std::string board = m[1];
  // Who plays Black is the Berger table's: find them by the notice.
  const bool alice_black = contains(alices[0].body, "you play Black against bob");
  const std::string black = alice_black ? "alice" : "bob", white = alice_black ? "bob" : "alice";
  const Notice& first = alice_black ? alices[0] : bobs[0];
  EXPECT_TRUE(contains(first.body, "A new game of tournament 1 (Mail robin): you play Black"))
      << first.body;
  EXPECT_TRUE(contains(first.body, "3 days")) << first.body;
  EXPECT_TRUE(
      contains(first.body, "Answer with: shogi move " + board + " " + black + " PASSWORD MOVE"))
      << first.body;
  const Notice& second = alice_black ? bobs[0] : alices[0];
  EXPECT_TRUE(
      contains(second.body, "you play White against " + black + ", 3 days; they move first"))
      << second.body;

  // They play by mail; a move's notice tells the other it is their move.
  std::string moved =
      mail(black, "shogi move " + board + " " + black + " password-" + black + " 7g-7f\n");
  EXPECT_TRUE(contains(moved, "Board " + board + ", move 1")) << moved;
  std::vector<Notice> after = notices();
  std::vector<Notice> whites = to(after, white);
  ASSERT_EQ(whites.size(), 1u);
  EXPECT_TRUE(contains(whites[0].subject, "Your move.")) << whites[0].subject;
  mail(white, "shogi move " + board + " " + white + " password-" + white + " 3c-3d\n");
  std::string resigned =
      mail(white, "shogi resign " + board + " " + white + " password-" + white + "\n");
  EXPECT_FALSE(contains(resigned, "error")) << resigned;
  std::vector<Notice> result = to(notices(), black);
  ASSERT_FALSE(result.empty());
  EXPECT_TRUE(contains(result.back().body, "It counts in tournament 1")) << result.back().body;

  // The director counts the result; the robin's only game is over, so is the robin: everyone
  // who entered is mailed the final standings.
  tournaments->tick();
  tournaments->tick();
  std::vector<Notice> end = notices();
  std::vector<Notice> winners = to(end, black), losers = to(end, white);
  ASSERT_EQ(winners.size(), 1u);
  ASSERT_EQ(losers.size(), 1u);
  EXPECT_TRUE(to(end, "carol").empty());  // she did not play
  const Notice& won = winners[0];
  EXPECT_EQ(won.subject, "Tournament 1 is over");
  EXPECT_TRUE(contains(won.body, "Your rank: 1.")) << won.body;
  EXPECT_TRUE(contains(losers[0].body, "Your rank: 2.")) << losers[0].body;
  EXPECT_TRUE(contains(won.body, "Tournament 1: Mail robin (finished)")) << won.body;
  // The crosstable: the winner beat rank 2, the loser lost to rank 1.
  std::string standings = mail("carol", "shogi tournament 1\n");
  EXPECT_TRUE(std::regex_search(standings, std::regex("1  " + black + " +1 +0 +x +\\+")))
      << standings;
  EXPECT_TRUE(std::regex_search(standings, std::regex("2  " + white + " +0 +0 +- +x")))
      << standings;
}

TEST_F(TournamentCommands, RefusalsNameWhatIsWrong) {
  auto run = [&](const std::string& line) { return commands.run(line, CommandContext{}); };
  // No clock, a bad option's value, an unknown option, a bad kind: nothing is created.
  EXPECT_EQ(run("shogi tournament create robin carol password-carol"),
            "error: tournament create: -tc is missing: the clock of every game, such as "
            "-tc=300+5, -tc=600_byoyomi_30 or -days=3\n");
  EXPECT_EQ(run("shogi tournament create arena -tc=300+5 -minutes=soon carol password-carol"),
            "error: tournament create: -minutes must be a whole number, not 'soon'\n");
  EXPECT_TRUE(
      contains(run("shogi tournament create arena -tc=300+5 -colour=red carol password-carol"),
               "error: tournament create: unknown option '-colour=red'"));
  EXPECT_TRUE(contains(run("shogi tournament create blitz -tc=300+5 carol password-carol"),
                       "error: tournament create: the kind is arena, swiss or robin"));
  EXPECT_TRUE(
      contains(run("shogi tournament create arena -tc=300+5 -starts=tomorrow carol password-carol"),
               "error: tournament create: -starts must be a UTC time"));
  // The domain's refusals name the option: an arena needs -minutes.
  std::string no_minutes = run("shogi tournament create arena -tc=300+5 carol password-carol");
  EXPECT_TRUE(contains(no_minutes, "error: tournament create: -minutes: ")) << no_minutes;
  // A wrong password: refused, and never shown back.
  std::string wrong = run("shogi tournament create robin -days=3 carol not-her-password");
  EXPECT_TRUE(contains(wrong, "error: tournament create:")) << wrong;
  EXPECT_FALSE(contains(wrong, "not-her-password")) << wrong;
  // alice has no rated game and is no moderator.
  std::string alices = run("shogi tournament create robin -days=3 alice password-alice");
  EXPECT_TRUE(contains(alices, "error: tournament create:")) << alices;
  EXPECT_TRUE(tournaments->list().upcoming.empty());

  ASSERT_TRUE(contains(run("shogi tournament create robin -days=3 -password=club-pw carol "
                           "password-carol"),
                       "Tournament 1"));
  std::string no_password = run("shogi tournament join 1 alice password-alice");
  EXPECT_TRUE(contains(no_password, "error: tournament join:")) << no_password;
  EXPECT_TRUE(contains(run("shogi tournament join 1 alice password-alice -password=club-pw"),
                       "alice has joined"));
  EXPECT_TRUE(contains(run("shogi tournament withdraw 1 bob password-bob"),
                       "error: tournament withdraw: you are not in"));
  // Only its creator (or a moderator) starts or cancels it.
  EXPECT_TRUE(
      contains(run("shogi tournament start 1 alice password-alice"), "error: tournament start:"));
  EXPECT_TRUE(
      contains(run("shogi tournament cancel 1 bob password-bob"), "error: tournament cancel:"));
  EXPECT_EQ(tournaments->get(1).status, TournamentStatus::Created);
  EXPECT_TRUE(contains(run("shogi tournament 99"), "error: tournament show:"));
  EXPECT_EQ(run("shogi tournament x1"), "error: tournament: 'x1' is not a tournament number\n");
  // A line that does not fit the form hides every argument: the password may be any.
  EXPECT_EQ(CommandInterface::masked("shogi tournament join 1 alice secret-pw extra words"),
            "shogi tournament join *** *** *** *** ***");
  EXPECT_EQ(CommandInterface::masked("shogi tournament withdraw 1 alice secret-pw"),
            "shogi tournament withdraw 1 alice ***");
  EXPECT_EQ(CommandInterface::masked("shogi tournament create swiss -rounds=5 -tc=300+5 alice "
                                     "secret-pw -password=club"),
            "shogi tournament create swiss -rounds=5 -tc=300+5 alice *** -password=***");
}

}  // namespace
}  // namespace kirin::server::testing
