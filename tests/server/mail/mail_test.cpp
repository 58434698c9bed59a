// The mail gateway: real RFC 5322 messages (MIME, quoted-printable, base64, charsets,
// format=flowed) in, reply messages out; and hostile input, which must be answered with a
// clear error or refused with an exit code, never crash.
#include "server/mail/mail.h"

#include <random>

#include "../server_fixture.h"
#include "server/domain/usage_counter.h"
#include "server/text/command_text.h"

namespace kirin::server::testing {
namespace {

using mail::IncomingMail;
using mail::MailOptions;
using mail::MailResult;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A header's value in a message ("" if absent), unfolded.
std::string header_of(const std::string& message, const std::string& name) {
  std::string head = message.substr(0, message.find("\n\n"));
  size_t at = 0;
  while (at < head.size()) {
    size_t end = head.find('\n', at);
    if (end == std::string::npos) end = head.size();
    if (head.compare(at, name.size() + 1, name + ":") == 0) {
      std::string value = head.substr(at + name.size() + 1, end - at - name.size() - 1);
      while (end + 1 < head.size() && (head[end + 1] == ' ' || head[end + 1] == '\t')) {
        size_t next = head.find('\n', end + 1);
        if (next == std::string::npos) next = head.size();
        value += head.substr(end + 1, next - end - 1);
        end = next;
      }
      size_t i = value.find_first_not_of(' ');
      return i == std::string::npos ? "" : value.substr(i);
    }
    at = end + 1;
  }
  return {};
}

class MailTest : public ServerTest {
 protected:
  CommandInterface commands{*accounts, *challenges, *games, *messages, *problems,
                            moderation_services(), *tournaments};
  MailOptions options = [] {
    MailOptions o;
    o.from = "Kirin <kirin@games.example.org>";
    o.date = 1700000000;
    return o;
  }();

  MailResult answer(const std::string& raw) {
    return mail::answer_mail(raw, raw.size(), commands, options);
  }
  // The reply's text, decoded (it may be quoted-printable).
  std::string reply_body(const MailResult& r) { return mail::read_mail(r.reply).body; }
};

const char* const kAlternative =
    "Return-Path: <alice@example.org>\n"
    "From: =?UTF-8?Q?Alice_Lid=C3=A9n?= <alice@example.org>\n"
    "To: Kirin <kirin@games.example.org>\n"
    "Subject: =?UTF-8?Q?Caf=C3=A9_game?=\n"
    "Date: Tue, 14 Nov 2023 22:13:20 +0000\n"
    "Message-ID: <msg-2@example.org>\n"
    "References: <msg-0@example.org> <msg-1@example.org>\n"
    "MIME-Version: 1.0\n"
    "Content-Type: multipart/alternative; boundary=\"b1\"\n"
    "\n"
    "This is a multi-part message in MIME format.\n"
    "--b1\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: quoted-printable\n"
    "\n"
    "# un caf=C3=A9 et une partie\n"
    "chushogi challenge alice bob -password=3Dpassword-alice -handicap=3D2ln -dr=\n"
    "ops\n"
    "chushogi accept 1 bob password-bob\n"
    "chushogi move 1 bob password-bob P 8d-8e\n"
    "\n"
    "--=20\n"
    "Alice\n"
    "--b1\n"
    "Content-Type: text/html; charset=UTF-8\n"
    "\n"
    "<p>chushogi resign 1 alice password-alice</p>\n"
    "--b1--\n";

TEST_F(MailTest, MultipartAlternativeQuotedPrintable) {
  MailResult r = answer(kAlternative);
  ASSERT_EQ(r.exit_code, mail::kReplied) << r.message;
  const std::string& m = r.reply;
  EXPECT_TRUE(contains(header_of(m, "From"), "kirin@games.example.org")) << m;
  EXPECT_TRUE(contains(header_of(m, "To"), "<alice@example.org>")) << m;
  EXPECT_EQ(mail::read_mail(m).subject, "Re: Caf\xc3\xa9 game");
  EXPECT_EQ(header_of(m, "In-Reply-To"), "<msg-2@example.org>");
  EXPECT_EQ(header_of(m, "References"),
            "<msg-0@example.org> <msg-1@example.org> <msg-2@example.org>");
  EXPECT_EQ(header_of(m, "Auto-Submitted"), "auto-replied");
  EXPECT_TRUE(
      contains(header_of(m, "Message-Id") + header_of(m, "Message-ID"), "@games.example.org>"))
      << m;
  EXPECT_TRUE(contains(header_of(m, "Date"), "14 Nov 2023")) << m;
  EXPECT_TRUE(contains(header_of(m, "Content-Type"), "text/plain")) << m;
  EXPECT_TRUE(contains(lower(header_of(m, "Content-Type")), "charset=utf-8")) << m;

  std::string body = reply_body(r);
  EXPECT_TRUE(contains(body,
                       "> chushogi challenge alice bob -password=*** -handicap=2ln -drops\n"
                       "Challenge 1 sent to bob"))
      << body;
  EXPECT_TRUE(contains(body, "> chushogi accept 1 bob ***\nNew game: board 1.")) << body;
  EXPECT_FALSE(contains(body, "password-alice"));
  EXPECT_TRUE(contains(body, "> chushogi move 1 bob *** P 8d-8e\nBoard 1, move 1: bob (White)"))
      << body;
  EXPECT_FALSE(contains(body, "password-bob"));
  EXPECT_FALSE(contains(body, "resign"));  // the HTML alternative and the signature are not run
  GameView v = games->view(1);
  EXPECT_EQ(v.state.setup.handicap, "2ln");
  EXPECT_EQ(v.state.setup.drops, std::optional<bool>(true));
  EXPECT_EQ(v.state.ply, 1);
  EXPECT_EQ(v.state.status, GameStatus::Active);
}

TEST_F(MailTest, ChallengesComeFromAPlayersAddress) {
  sign_up("carol");
  std::string raw =
      "From: carol@example.org\nSubject: hi\nMessage-ID: <c@example.org>\n\n"
      "chushogi challenge alice bob\n";
  MailResult r = answer(raw);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  EXPECT_TRUE(contains(reply_body(r), "error: challenge: only alice or bob")) << reply_body(r);
  EXPECT_TRUE(games->games_of(alice.id, alice.id).empty());
  EXPECT_EQ(header_of(r.reply, "Subject"), "Re: hi");
}

TEST_F(MailTest, PasswordsAreCheckedAFewAMessageThrottledPerSenderAndNeverSentBack) {
  // A message of guesses: three are checked (the subject's first), the rest refused unread.
  std::string guesses;
  for (int i = 0; i < 10; ++i) guesses += "shogi set alice guess-" + std::to_string(i) + "\n";
  std::string raw = "From: mallory@example.net\nSubject: shogi set alice Sekrit-Pa55\n\n" + guesses;
  MailResult r = answer(raw);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  std::string body = reply_body(r);
  size_t checked = 0, refused = 0;
  for (size_t at = 0; (at = body.find("error: set: wrong name or password", at)) !=
                      std::string::npos;
       ++at)
    ++checked;
  for (size_t at = 0; (at = body.find("error: only 3 commands with a password", at)) !=
                      std::string::npos;
       ++at)
    ++refused;
  EXPECT_EQ(checked, 3u) << body;
  EXPECT_EQ(refused, 8u) << body;
  EXPECT_FALSE(contains(body, "guess-")) << body;
  // A command written in the subject keeps its password out of the reply's subject.
  EXPECT_EQ(header_of(r.reply, "Subject"), "Re: shogi set alice ***");
  EXPECT_FALSE(contains(r.reply, "Sekrit-Pa55"));

  // The sender's address is the client the throttle counts: after 20 wrong passwords from
  // it (at names that may not exist), its next tries wait, whatever the name.
  for (int i = 0; i < 7; ++i) {
    std::string n = std::to_string(i);
    answer("From: mallory@example.net\n\nshogi set a" + n + " x\nshogi set b" + n +
           " x\nshogi set c" + n + " x\n");
  }
  body = reply_body(answer("From: Mallory@Example.NET\n\nshogi set bob password-bob\n"));
  EXPECT_TRUE(contains(body, "error: set: too many wrong passwords from your address")) << body;
  body = reply_body(answer("From: bob@example.org\n\nshogi set bob password-bob\n"));
  EXPECT_TRUE(contains(body, "Settings of bob")) << body;
}

// Issue 28, finding 7: mate solves are costly, and `kirin mail` is a process per message, so a
// sender could ask for any number of them a message after another. At most a few a message,
// and a few a sender and hour, counted in the store (here a second Services' worth: the same
// store, as the next process would see it).
TEST_F(MailTest, MateSolvesAreLimitedPerMessageAndPerSenderAndHourInTheStore) {
  clock.advance(3'600'000 - clock.t % 3'600'000);  // at the start of a clock hour
  UsageCounter usage(store->usage(), clock.fn());
  options.solves_per_message = 2;
  options.solves_per_sender_per_hour = 3;
  options.usage = &usage;
  // Mates in one (G*5b), each a position of its own: a remembered answer costs nothing.
  auto mate_in_1 = [](int king_file) {
    std::string rank = std::to_string(king_file - 1) + "K" + std::to_string(9 - king_file);
    if (king_file == 1) rank = "K8";
    return "shogi mate 4k4/9/4P4/9/9/9/9/9/" + rank + " b G 1\n";
  };
  auto count = [](const std::string& body, const std::string& what) {
    size_t n = 0;
    for (size_t at = 0; (at = body.find(what, at)) != std::string::npos; ++at) ++n;
    return n;
  };
  std::string body =
      reply_body(answer("From: carol@example.net\n\n" + mate_in_1(1) + mate_in_1(2) + mate_in_1(3)));
  EXPECT_EQ(count(body, "Mate in 1:"), 2u) << body;
  EXPECT_EQ(count(body, "error: mate: only 2 mate solves are run for one message: this one was "
                        "not run (send it again in another)"),
            1u)
      << body;
  // The next message: one more this hour, then none, saying when.
  clock.advance(10 * 60'000);
  body = reply_body(answer("From: Carol@Example.NET\n\n" + mate_in_1(3) + mate_in_1(4)));
  EXPECT_EQ(count(body, "Mate in 1:"), 1u) << body;
  EXPECT_EQ(count(body, "error: mate: mate solves by mail from Carol@Example.NET: at most 3 an "
                        "hour: try again in 50 minutes"),
            1u)
      << body;
  // A remembered answer is no solve; another sender has places of its own.
  body = reply_body(answer("From: carol@example.net\n\n" + mate_in_1(1)));
  EXPECT_TRUE(contains(body, "Mate in 1 (remembered):")) << body;
  body = reply_body(answer("From: dave@example.net\n\n" + mate_in_1(4)));
  EXPECT_TRUE(contains(body, "Mate in 1:")) << body;
  clock.advance(50 * 60'000);  // the next hour
  body = reply_body(answer("From: carol@example.net\n\n" + mate_in_1(5)));
  EXPECT_TRUE(contains(body, "Mate in 1:")) << body;
}

// pbmserv reads a mail's command from its Subject line: so does Kirin, before the body, when
// the subject is a command; a reply's "Re: ..." or any other subject is not run.
TEST_F(MailTest, SubjectLineCommands) {
  std::string body = reply_body(answer("From: bob@example.org\nSubject: shogi games bob\n\n"));
  EXPECT_TRUE(contains(body, "> shogi games bob\nbob has no games of Shogi.")) << body;
  EXPECT_FALSE(contains(body, "error")) << body;

  // pbmserv's own example: a signup in the subject, the address the sender's.
  body = reply_body(answer("From: fsmith@example.org\nSubject: signup fsmith chocolate-cake\n\n"));
  EXPECT_TRUE(contains(body, "> signup fsmith ***\nWelcome, fsmith")) << body;
  EXPECT_EQ(accounts->user_by_name("fsmith").email, "fsmith@example.org");

  // Subject and body: the subject first, and a body line that repeats it runs once.
  body = reply_body(
      answer("From: bob@example.org\nSubject: help resign\n\n help resign \nhelp abort\n"));
  EXPECT_EQ(body.find("> help resign"), body.rfind("> help resign")) << body;
  EXPECT_LT(body.find("> help resign"), body.find("> help abort")) << body;

  // Not commands: a reply to Kirin's mail, and an ordinary subject; the body runs alone.
  for (const char* subject : {"Re: shogi games bob", "my move", "RE: help"}) {
    body = reply_body(answer("From: bob@example.org\nSubject: " + std::string(subject) +
                             "\n\nhelp abort\n"));
    EXPECT_EQ(body.find("> help abort"), body.find("> ")) << subject << "\n" << body;
  }
  body = reply_body(answer("From: bob@example.org\nSubject: Re: shogi games bob\n\n"));
  EXPECT_TRUE(contains(body, "error: no command found")) << body;
  EXPECT_TRUE(contains(body, "The subject is not a command")) << body;

  // A body of HTML only, or encrypted: the subject's command still runs.
  std::string html =
      "From: bob@example.org\nSubject: shogi games bob\nMIME-Version: 1.0\n"
      "Content-Type: text/html; charset=utf-8\n\n<p>hello</p>\n";
  body = reply_body(answer(html));
  EXPECT_TRUE(contains(body, "bob has no games of Shogi.")) << body;
  EXPECT_FALSE(contains(body, "HTML")) << body;
}

TEST_F(MailTest, CharsetsAndEncodings) {
  // ISO-8859-1, base64, format=flowed.
  std::string latin1 =
      "From: bob@example.org\nSubject: Re: board\nMIME-Version: 1.0\n"
      "Content-Type: text/plain; charset=ISO-8859-1\nContent-Transfer-Encoding: 8bit\n\n"
      "# caf\xe9\nhelp shogi\n";
  IncomingMail in = mail::read_mail(latin1);
  EXPECT_EQ(in.body, "# caf\xc3\xa9\nhelp shogi\n");
  MailResult r = answer(latin1);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  EXPECT_EQ(header_of(r.reply, "Subject"), "Re: board");  // no "Re: Re:"
  EXPECT_TRUE(contains(reply_body(r), "Shogi (shogi")) << reply_body(r);

  std::string base64 =
      "From: bob@example.org\nMIME-Version: 1.0\n"
      "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
      "c2hvZ2kgZ2FtZXMgYm9iCg==\n";  // "shogi games bob\n"
  EXPECT_EQ(mail::read_mail(base64).body, "shogi games bob\n");
  EXPECT_TRUE(contains(reply_body(answer(base64)), "bob has no games of Shogi."));
  EXPECT_TRUE(contains(answer(base64).reply, "Subject: Re: your commands"));

  std::string flowed =
      "From: alice@example.org\nMIME-Version: 1.0\n"
      "Content-Type: text/plain; charset=utf-8; format=flowed\n\n"
      "chushogi challenge alice bob -password=password-alice -dai \n"
      "-lion\n"
      " >not quoted, space-stuffed\n";
  EXPECT_EQ(mail::read_mail(flowed).body,
            "chushogi challenge alice bob -password=password-alice -dai -lion\n"
            ">not quoted, space-stuffed\n");
  EXPECT_TRUE(contains(reply_body(answer(flowed)), "Challenge 1 sent to bob"));
  ASSERT_EQ(challenges->accept(1, bob.id), 1);
  EXPECT_EQ(games->view(1).state.setup.game, "dai");

  // A multipart/mixed with an attachment first and the text later; a signed message.
  std::string mixed =
      "From: bob@example.org\nMIME-Version: 1.0\n"
      "Content-Type: multipart/mixed; boundary=XX\n\n"
      "--XX\nContent-Type: text/plain\nContent-Disposition: attachment; filename=a.txt\n\n"
      "shogi resign 1 bob password-bob\n"
      "--XX\nContent-Type: multipart/signed; boundary=YY; "
      "protocol=\"application/pgp-signature\"\n\n"
      "--YY\nContent-Type: text/plain\n\nchushogi board 1\n"
      "--YY\nContent-Type: application/pgp-signature\n\nxxx\n--YY--\n"
      "--XX--\n";
  EXPECT_EQ(mail::read_mail(mixed).body, "chushogi board 1");  // the last newline is the boundary's
  std::string body = reply_body(answer(mixed));
  EXPECT_TRUE(contains(body, "Board 1: Dai Shogi")) << body;
  EXPECT_EQ(games->view(1).state.status, GameStatus::Active);

  std::string inline_pgp =
      "From: bob@example.org\n\n"
      "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n"
      "chushogi board 1\n- -- \nsig\n-----BEGIN PGP SIGNATURE-----\nabc\n-----END PGP "
      "SIGNATURE-----\n";
  body = reply_body(answer(inline_pgp));
  EXPECT_TRUE(contains(body, "> chushogi board 1\nBoard 1")) << body;
  EXPECT_FALSE(contains(body, "error")) << body;
}

TEST_F(MailTest, ReplyToIsAnsweredButFromIsTheSender) {
  std::string raw =
      "From: alice@example.org\nReply-To: Alice Elsewhere <alice@elsewhere.example.net>\n\n"
      "shogi challenge alice bob -password=password-alice\n";
  MailResult r = answer(raw);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  EXPECT_TRUE(contains(header_of(r.reply, "To"), "alice@elsewhere.example.net")) << r.reply;
  EXPECT_TRUE(contains(reply_body(r), "Challenge 1 sent to bob"));
  EXPECT_EQ(header_of(r.reply, "In-Reply-To"), "");
}

TEST_F(MailTest, MessagesWithoutCommands) {
  std::string html =
      "From: bob@example.org\nSubject: x\nMIME-Version: 1.0\n"
      "Content-Type: text/html; charset=utf-8\n\n<html><body>shogi games bob</body></html>\n";
  MailResult r = answer(html);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  EXPECT_TRUE(contains(reply_body(r), "error: your message has no plain-text part, only HTML"));

  std::string encrypted =
      "From: bob@example.org\nMIME-Version: 1.0\n"
      "Content-Type: multipart/encrypted; boundary=E; protocol=\"application/pgp-encrypted\"\n\n"
      "--E\nContent-Type: application/pgp-encrypted\n\nVersion: 1\n"
      "--E\nContent-Type: application/octet-stream\n\n-----BEGIN PGP MESSAGE-----\n--E--\n";
  EXPECT_TRUE(contains(reply_body(answer(encrypted)), "error: your message is encrypted"));

  std::string image =
      "From: bob@example.org\nMIME-Version: 1.0\nContent-Type: image/png\n"
      "Content-Transfer-Encoding: base64\n\niVBORw0KGgo=\n";
  EXPECT_TRUE(contains(reply_body(answer(image)), "error: your message has no text"));

  std::string empty = "From: bob@example.org\nSubject: nothing\n\n";
  EXPECT_TRUE(contains(reply_body(answer(empty)), "error: no command found"));
}

TEST_F(MailTest, ChattyLinesAreAnsweredOnceNotEachWithTheGameList) {
  std::string raw =
      "From: alice@example.org\nSubject: my games\n\n"
      "Hi Kirin,\n\nshogi games bob\nThanks!\n\nSent from my iPhone\n"
      "-- \nAlice Liden\nshogi games alice\n";
  MailResult r = answer(raw);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  std::string body = reply_body(r);
  EXPECT_TRUE(contains(body, "> shogi games bob\nbob has no games of Shogi.\n")) << body;
  EXPECT_TRUE(contains(body, "Lines that are not commands were skipped: 'Hi Kirin,', 'Thanks!', "
                             "'Sent from my iPhone'.\n"))
      << body;
  EXPECT_FALSE(contains(body, "error:")) << body;
  EXPECT_FALSE(contains(body, "The games:")) << body;         // no game list for each line
  EXPECT_FALSE(contains(body, "Alice Liden")) << body;        // the signature is not read
  EXPECT_FALSE(contains(body, "> shogi games alice")) << body;

  // Only chatter: no command found, and the lines named once.
  body = reply_body(answer("From: alice@example.org\n\nThanks!\nSee you\n"));
  EXPECT_TRUE(contains(body, "error: no command found")) << body;
  EXPECT_TRUE(contains(body, "skipped: 'Thanks!', 'See you'.")) << body;
  // A line with a password that starts no command is named with its password hidden.
  body = reply_body(answer("From: alice@example.org\n\nshgi move 1 alice password-alice 7g-7f\n"));
  EXPECT_TRUE(contains(body, "skipped: 'shgi move 1 alice *** 7g-7f'")) << body;
  EXPECT_FALSE(contains(body, "password-alice")) << body;
}

TEST_F(MailTest, Latin1AndWindows1252MailsAreReadAsUtf8) {
  Id game = start_game(shogi());
  const std::string board = std::to_string(game);
  auto chat = [&](const std::string& content_type, const std::string& text) {
    std::string raw = "From: bob@example.org\nMIME-Version: 1.0\n" + content_type +
                      "Content-Transfer-Encoding: 8bit\n\nshogi chat " + board +
                      " bob password-bob\n" + text + "\n";
    std::string body = reply_body(answer(raw));
    EXPECT_TRUE(contains(body, "Said in the chat of board " + board)) << body;
    return games->chat(game, alice.id).back().text;
  };
  // ISO-8859-1: "Très bien joué"
  EXPECT_EQ(chat("Content-Type: text/plain; charset=ISO-8859-1\n", "Tr\xe8s bien jou\xe9"),
            "Tr\xc3\xa8s bien jou\xc3\xa9");
  // windows-1252: curly quotes (0x93, 0x94) and the euro sign (0x80).
  EXPECT_EQ(chat("Content-Type: text/plain; charset=windows-1252\n", "\x93Nice\x94 \x80" "5"),
            "\xe2\x80\x9cNice\xe2\x80\x9d \xe2\x82\xac" "5");
  // Labelled ISO-8859-1 but written in windows-1252, as mail programs do: read as
  // windows-1252, no C1 control characters.
  EXPECT_EQ(chat("Content-Type: text/plain; charset=iso-8859-1\n", "\x93Nice\x94"),
            "\xe2\x80\x9cNice\xe2\x80\x9d");
  // No charset, bytes that are not UTF-8: windows-1252. UTF-8 without a charset stays.
  EXPECT_EQ(chat("", "caf\xe9 \x80"), "caf\xc3\xa9 \xe2\x82\xac");
  EXPECT_EQ(chat("", "caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_EQ(chat("Content-Type: text/plain; charset=us-ascii\n", "na\xefve"), "na\xc3\xafve");
  // A no-break space and a dash of windows-1252 in a command line are read as blank and '-'.
  std::string raw =
      "From: alice@example.org\nMIME-Version: 1.0\n"
      "Content-Type: text/plain; charset=windows-1252\nContent-Transfer-Encoding: 8bit\n\n"
      "shogi move " + board + " alice password-alice 7g\x96" "7f\xa0\n";
  std::string body = reply_body(answer(raw));
  EXPECT_TRUE(contains(body, "played P7g-7f")) << body;
}

TEST_F(MailTest, DaiBoardsFitIn80Columns) {
  GameSetup dai, chu;
  dai.game = "dai";
  chu.game = "chu";
  ASSERT_EQ(start_game(dai), 1);
  ASSERT_EQ(start_game(chu), 2);
  std::string body =
      reply_body(answer("From: alice@example.org\n\nchushogi board 1\nchushogi board 2\n"));
  ASSERT_TRUE(contains(body, "Board 1: Dai Shogi")) << body;
  ASSERT_TRUE(contains(body, "Board 2: Chu Shogi")) << body;
  size_t at = 0, widest = 0;
  while (at < body.size()) {
    size_t end = std::min(body.find('\n', at), body.size());
    widest = std::max(widest, end - at);
    EXPECT_LE(end - at, 80u) << body.substr(at, end - at);
    at = end + 1;
  }
  // Chu's board keeps the rules between its columns (75 columns).
  EXPECT_TRUE(contains(body, "|\\ L /|\\ FL/|\\ C /|")) << body;
  EXPECT_EQ(widest, 79u);  // Dai's rows
}

TEST_F(MailTest, HostileInput) {
  // No address to answer: exit code 2 and a reason.
  MailResult r = answer("Subject: who am I\n\nshogi games bob\n");
  EXPECT_EQ(r.exit_code, mail::kNoReply);
  EXPECT_TRUE(contains(r.message, "no From: or Reply-To: address")) << r.message;
  EXPECT_EQ(answer("").exit_code, mail::kNoReply);
  EXPECT_EQ(answer("From: not an address\n\nhelp\n").exit_code, mail::kNoReply);

  // Too large: the header is read, to answer, and nothing is run.
  std::string big = "From: alice@example.org\nSubject: big\n\nshogi challenge alice bob\n" +
                    std::string(300 * 1024, 'x') + "\n";
  r = answer(big);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  EXPECT_TRUE(contains(reply_body(r), "error: your message has " + std::to_string(big.size()) +
                                          " bytes: the server reads messages of at most 262144"))
      << reply_body(r);
  EXPECT_TRUE(games->games_of(alice.id, alice.id).empty());
  // Also when the caller kept only the start of it.
  r = mail::answer_mail(std::string_view(big).substr(0, 70 * 1024), 5'000'000, commands, options);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  EXPECT_TRUE(contains(reply_body(r), "5000000 bytes"));

  // Automatic messages and our own are not answered.
  for (const char* head :
       {"Auto-Submitted: auto-replied\n", "Precedence: bulk\n", "Return-Path: <>\n"}) {
    r = answer(std::string("From: alice@example.org\n") + head + "\nhelp\n");
    EXPECT_EQ(r.exit_code, mail::kIgnored) << head;
    EXPECT_TRUE(contains(r.message, "automatic message")) << r.message;
  }
  EXPECT_EQ(answer("From: MAILER-DAEMON@example.org\n\nhelp\n").exit_code, mail::kIgnored);
  EXPECT_EQ(answer("From: Kirin <KIRIN@games.example.org>\n\nhelp\n").exit_code, mail::kIgnored);
  EXPECT_EQ(answer("From: alice@example.org\nAuto-Submitted: no\n\nhelp\n").exit_code,
            mail::kReplied);

  // Control characters, NULs, invalid UTF-8 in the body: each line gets an error.
  const char junk_text[] =
      "From: alice@example.org\n\nshogi games \x01"
      "bob\n\xff\xfe\x00zz\nhelp shogi\n";
  std::string junk(junk_text, sizeof junk_text - 1);
  r = answer(junk);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  std::string body = reply_body(r);
  EXPECT_TRUE(contains(body, "error: the line has a control character")) << body;
  EXPECT_TRUE(contains(body, "Shogi (shogi")) << body;

  // Random bytes, and random mutations of a real message: never a crash.
  std::mt19937 random(12345);
  for (int round = 0; round < 200; ++round) {
    std::string raw;
    if (round % 2) {
      raw = kAlternative;
      for (int k = 0; k < 20; ++k) raw[random() % raw.size()] = char(random() % 256);
    } else {
      raw.resize(random() % 4000);
      for (char& c : raw) c = char(random() % 256);
    }
    r = answer(raw);
    EXPECT_TRUE(r.exit_code == mail::kReplied || r.exit_code == mail::kNoReply ||
                r.exit_code == mail::kIgnored);
    if (r.exit_code == mail::kReplied) {
      EXPECT_TRUE(contains(r.reply, "Auto-Submitted: auto-replied"));
    }
  }

  // A bad From: of our own is refused before any command runs.
  options.from = "not a mailbox";
  r = answer("From: alice@example.org\n\nshogi challenge alice bob\n");
  EXPECT_EQ(r.exit_code, mail::kNoReply);
  EXPECT_TRUE(contains(r.message, "'not a mailbox' is not a mailbox")) << r.message;
  EXPECT_TRUE(games->games_of(alice.id, alice.id).empty());
}

TEST_F(MailTest, HeaderInjectionIsImpossible) {
  std::string raw =
      "From: alice@example.org\nSubject: =?UTF-8?Q?hi=0ABcc:_victim@example.net?=\n\nhelp\n";
  MailResult r = answer(raw);
  ASSERT_EQ(r.exit_code, mail::kReplied);
  EXPECT_EQ(header_of(r.reply, "Bcc"), "");
  EXPECT_FALSE(contains(r.reply, "\nBcc:"));
}

}  // namespace
}  // namespace kirin::server::testing
