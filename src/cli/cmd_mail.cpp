// kirin mail: the play-by-email gateway. Reads one message (RFC 5322) on stdin, runs the
// commands of its body as its sender (server/mail/mail.h) and writes the reply message to
// stdout, for `sendmail -t -oi`.
#include <cstdlib>
#include <iostream>
#include <string>

#include "cli/game_args.h"
#include "cli/mail_notices.h"
#include "cli/subcommands.h"
#include "server/domain/services.h"
#include "server/mail/mail.h"
#include "server/store/sql_storage.h"
#include "server/text/commands.h"

namespace kirin::cli {
namespace {

// Reads all of stdin, keeping the first `keep` bytes; returns the total size.
size_t read_stdin(std::string& kept, size_t keep) {
  size_t total = 0;
  char buffer[65536];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    size_t n = size_t(std::cin.gcount());
    total += n;
    if (kept.size() < keep) kept.append(buffer, std::min(n, keep - kept.size()));
  }
  return total;
}

}  // namespace

void register_mail(CLI::App& app) {
  struct Args {
    std::string db = "sqlite:var/kirin.db";
    server::SqliteSync sqlite_synchronous = server::SqliteSync::Normal;
    server::GameOptions games;
    server::ChallengeLimits challenges;
    server::TournamentOptions tournaments;
    int solves_per_message = server::mail::MailOptions().solves_per_message;
    int solves_per_sender_per_hour = server::mail::MailOptions().solves_per_sender_per_hour;
    int signups_per_hour = server::AccountOptions().signups_per_address_per_hour;
    std::string from = "Kirin game server <kirin@localhost>";
    size_t max_size = 256 * 1024;
    int max_password_checks = server::CommandInterface::kMaxPasswordChecksPerText;
    NoticeArgs notices;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "mail", "Answer one mail of commands (play by e-mail): message on stdin, reply on stdout");
  cmd->add_option("--db", args->db, "the store: sqlite:PATH")->capture_default_str();
  add_sqlite_synchronous_option(*cmd, args->sqlite_synchronous);
  add_first_move_options(*cmd, args->games);
  add_rated_options(*cmd, args->challenges);
  add_tournament_options(*cmd, args->tournaments);
  cmd->add_option("--from", args->from, "the reply's From: mailbox")->capture_default_str();
  cmd->add_option("--max-size", args->max_size,
                  "larger messages get an error reply without being read (bytes)")
      ->capture_default_str()
      ->check(CLI::Range(size_t(1024), size_t(64) * 1024 * 1024));
  cmd->add_option("--solves-per-message", args->solves_per_message,
                  "mate solves (GAME mate, a problem's attempt off the book's line) run for one "
                  "message; the further ones are refused; 0: no limit")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--solves-per-sender-per-hour", args->solves_per_sender_per_hour,
                  "mate solves run for one sender's messages in a clock hour, counted in the "
                  "store; 0: no limit")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--signups-per-address-per-hour", args->signups_per_hour,
                  "accounts one sender's address may open in a clock hour, counted in the "
                  "store; 0: no limit")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--max-password-checks", args->max_password_checks,
                  "commands carrying a password (move, resign, abort, set, signup, accept, "
                  "decline, challenge -password=) run from one message; the further ones are "
                  "refused")
      ->capture_default_str()
      ->check(CLI::Range(1, 20));
  args->notices.add_to(cmd, false);  // --from is the From: of every mail it sends
  cmd->footer(
      "Reads an RFC 5322 message on stdin, runs the commands in its text as its sender (the\n"
      "play-by-email grammar; a mail saying 'help' is answered with all of it) and writes\n"
      "the reply message to stdout, ready for 'sendmail -t -oi'. With --sendmail CMD it\n"
      "sends the reply itself, and mails the players what the commands did (the board to\n"
      "the player now to move, a new game or a result to both), printing nothing.\n\n"
      "The sender is the From: address: a challenge must come from the address of one of the\n"
      "two players' accounts; moves carry the player's password. The reply goes to Reply-To:\n"
      "if present, else From:.\n\n"
      "Exit codes:\n"
      "  0   the reply is on stdout: send it (also when it reports errors in the commands)\n"
      "  2   no reply possible (no From:/Reply-To: address, not a message): reason on stderr\n"
      "  3   an automatic message (Auto-Submitted:, Precedence: bulk, a bounce, our own\n"
      "      address), deliberately not answered: reason on stderr\n"
      "  75  the store cannot be opened (EX_TEMPFAIL): the MTA should deliver again later\n\n"
      "A delivery script (e.g. in /etc/aliases: kirin: \"|/usr/local/bin/kirin-mail\"):\n"
      "  #!/bin/sh\n"
      "  reply=$(mktemp) || exit 75\n"
      "  kirin mail --db sqlite:/var/lib/kirin/kirin.db --from 'Kirin <kirin@example.org>' "
      ">\"$reply\"\n"
      "  status=$?\n"
      "  [ $status -eq 0 ] && /usr/sbin/sendmail -t -oi <\"$reply\"\n"
      "  rm -f \"$reply\"\n"
      "  [ $status -eq 75 ] && exit 75\n"
      "  exit 0");
  cmd->callback([args] {
    int code = 0;
    {
      std::string raw;
      size_t total = read_stdin(raw, std::max(args->max_size, size_t(64 * 1024)) + 1);
      std::unique_ptr<server::Services> services;
      try {
        server::ServiceOptions options;
        options.games = args->games;
        options.challenges = args->challenges;
        options.tournaments = args->tournaments;
        options.accounts.signups_per_address_per_hour = args->signups_per_hour;
        services = std::make_unique<server::Services>(
            server::open_storage(args->db, {.sqlite_sync = args->sqlite_synchronous}), options);
      } catch (const server::StoreError& e) {
        std::cerr << "kirin mail: " << e.what() << " (try again later)\n";
        std::exit(server::mail::kTempFail);
      }
      server::CommandInterface commands(services->accounts(), services->challenges(),
                                        services->games(), services->messages(),
                                        services->problems(),
                                        {services->blocks(), services->reports(),
                                         services->moderation()},
                                        services->tournaments());
      args->notices.mail_from = args->from;
      NoticeMailer mailer(args->notices, *services, commands);
      server::mail::MailOptions options;
      options.from = args->from;
      options.max_bytes = args->max_size;
      options.max_password_checks = args->max_password_checks;
      options.solves_per_message = args->solves_per_message;
      options.solves_per_sender_per_hour = args->solves_per_sender_per_hour;
      options.usage = &services->usage();
      server::mail::MailResult r = server::mail::answer_mail(raw, total, commands, options);
      code = r.exit_code;
      if (code == server::mail::kReplied && !args->notices.sendmail.empty()) {
        try {
          server::mail::Sendmail(args->notices.sendmail).send(r.reply);
        } catch (const server::mail::MailError& e) {
          // The commands ran: delivering the message again would run them twice.
          std::cerr << "kirin mail: the reply was not sent (" << e.what()
                    << "): it is on stdout instead\n";
          std::cout << r.reply << std::flush;
        }
        mailer.send();  // after the reply
      } else if (code == server::mail::kReplied) {
        std::cout << r.reply << std::flush;
      } else {
        std::cerr << "kirin mail: " << r.message << "\n";
      }
    }
    if (code != 0) std::exit(code);
  });
}

}  // namespace kirin::cli
