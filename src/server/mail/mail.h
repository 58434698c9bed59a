// The mail gateway: an RFC 5322 message in (as an MTA hands it to a program), its body run as
// commands (server/text/commands.h) on behalf of its sender, the reply message out, for
// `sendmail -t`. Parsing and writing mail is GMime's (gmime-3.0): MIME structure, transfer
// encodings (quoted-printable, base64), charsets, RFC 2047 headers.
//
// Reading a message:
// * A Subject: that is a command (CommandInterface::starts_command: it starts with a command
//   word or a game's name) runs first, as pbmserv reads its commands from the subject; a reply's
//   "Re: ..." or any other subject is not run. The same line in the body is not run twice.
//   A message whose body has no text runs its subject's command alone.
// * The commands are the first text/plain part that is not an attachment, wherever it is in
//   the MIME tree (multipart/alternative, mixed, signed); attached messages are not read.
//   Its transfer encoding is decoded and its charset converted to UTF-8 (bytes that are not
//   valid become U+FFFD); ISO-8859-1 is read as windows-1252, its superset (as browsers do),
//   and so is a text with no charset (or US-ASCII) whose bytes are not UTF-8; format=flowed
//   lines are joined; an inline PGP signature's armour is dropped.
// * A message without such a part gets an error reply saying what was there instead: only
//   HTML (a text/plain part is needed: HTML is not guessed at), an encrypted part, nothing.
// * A message larger than MailOptions::max_bytes is not read: only its header is, to answer
//   with an error.
// * The sender, for the commands, is the From: address (CommandContext::sender_email; the
//   login throttle counts it as the client); the reply goes to Reply-To: if there is one,
//   else to From:.
// * Automatic messages are not answered, so that two robots never mail each other forever:
//   Auto-Submitted: other than "no", Precedence: bulk, junk or list, an empty Return-Path
//   (a bounce), a MAILER-DAEMON sender, or mail from the gateway's own address.
//
// The reply: From: MailOptions::from, To: the sender, Subject: "Re: " and the subject (once;
// a subject written as a command has its password masked, as the echo of a command line is),
// In-Reply-To: and References:, Date:, a new Message-ID: in the domain of From:,
// Auto-Submitted: auto-replied (RFC 3834), text/plain; charset=utf-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "server/text/commands.h"
#include "server/text/notices.h"

namespace kirin::server::mail {

class MailError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MailOptions {
  std::string from = "Kirin game server <kirin@localhost>";  // the reply's From: (a mailbox)
  size_t max_bytes = 256 * 1024;  // larger messages are answered with an error, unread
  int max_commands = CommandInterface::kMaxCommandsPerText;
  int max_password_checks = CommandInterface::kMaxPasswordChecksPerText;
  // Mate solves (GAME mate, a problem's attempt off the book's line) run for one message,
  // and for one sender in a clock hour, counted in `usage` (the store's: kirin mail is a
  // process per message); 0: no limit. Without `usage` only the per-message limit applies.
  int solves_per_message = 2;
  int solves_per_sender_per_hour = 10;
  UsageCounter* usage = nullptr;
  int64_t date = 0;  // the reply's Date: in seconds since the epoch; 0: now
};

struct IncomingMail {
  std::string from;        // the From: address ("alice@example.org"), "" if none
  std::string reply_name;  // whom to answer: Reply-To:, else From: (display name, address)
  std::string reply_addr;
  std::string subject;                  // decoded, "" if none
  std::string message_id;               // without the angle brackets
  std::vector<std::string> references;  // without the angle brackets, oldest first
  enum class Body { Text, None, HtmlOnly, Encrypted };
  Body body_kind = Body::None;
  std::string body;       // the text/plain part, UTF-8
  std::string automatic;  // why the message is an automatic one (not to be answered), or ""
};

// Throws MailError if options.from is not a mailbox.
void check_options(const MailOptions& options);

// Throws MailError if the text is no message at all.
IncomingMail read_mail(std::string_view raw);
// The header alone (the body is not read): for messages too large to read.
IncomingMail read_header(std::string_view raw);

// Throws MailError if options.from is not a mailbox.
std::string compose_reply(const IncomingMail& to, const std::string& body,
                          const MailOptions& options);
// A notice (server/text/notices.h) as a message to its recipient: Auto-Submitted: auto-generated,
// so that their vacation replies stay away. Throws MailError if options.from is not a mailbox.
std::string compose_notice(const Notice& notice, const MailOptions& options);

// Exit codes of `kirin mail`, and what answer_mail decided.
enum MailExit : int {
  kReplied = 0,    // the reply is in MailResult::reply
  kNoReply = 2,    // no reply possible (no address to answer, not a message): see `message`
  kIgnored = 3,    // an automatic message, deliberately not answered: see `message`
  kTempFail = 75,  // EX_TEMPFAIL: the store is unavailable; the MTA should try again later
};

struct MailResult {
  int exit_code = kReplied;
  std::string reply;    // the whole reply message (kReplied)
  std::string message;  // for stderr (kNoReply, kIgnored)
};

// Answers a message whose first bytes are `raw` and whose whole size is `total_bytes` (the
// caller may keep only the start of a message too large to read).
MailResult answer_mail(std::string_view raw, size_t total_bytes, CommandInterface& commands,
                       const MailOptions& options);

}  // namespace kirin::server::mail
