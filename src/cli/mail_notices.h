// --sendmail and --mail-from for the commands that run the game service themselves (kirin
// command, kirin mail): the players are mailed what the commands did, as `kirin serve
// --sendmail` mails what its clients do.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/domain/services.h"
#include "server/mail/outbox.h"
#include "server/text/commands.h"
#include "server/text/notices.h"

namespace kirin::cli {

struct NoticeArgs {
  std::string sendmail;  // empty: no notices
  std::string mail_from = "Kirin game server <kirin@localhost>";
  void add_to(CLI::App* cmd, bool from_option = true);
};

// With args.sendmail, keeps the events `hub` publishes and mails their notices when told to
// (or when destroyed), after the reply to the commands; without, does nothing. Failures go to
// stderr. Throws UsageError for a --mail-from that is not a mailbox.
class NoticeMailer {
 public:
  NoticeMailer(const NoticeArgs& args, server::Services& services,
               server::CommandInterface& commands);
  ~NoticeMailer();
  NoticeMailer(const NoticeMailer&) = delete;
  NoticeMailer& operator=(const NoticeMailer&) = delete;

  void send();  // the notices of the events kept so far

 private:
  server::EventHub& hub_;
  std::unique_ptr<server::Notices> notices_;
  std::unique_ptr<server::mail::Sendmail> sendmail_;
  server::mail::MailOptions options_;
  std::mutex mutex_;
  std::vector<server::Event> events_;
  int handle_ = 0;
};

}  // namespace kirin::cli
