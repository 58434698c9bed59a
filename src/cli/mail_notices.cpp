#include "cli/mail_notices.h"

#include <iostream>

#include "cli/game_args.h"

namespace kirin::cli {

void NoticeArgs::add_to(CLI::App* cmd, bool from_option) {
  cmd->add_option("--sendmail", sendmail,
                  "mail the players what the commands did (a move to the player now to move, "
                  "a new game or a result to both) through this command, e.g. "
                  "'/usr/sbin/sendmail -t -oi'; default: no mail");
  if (from_option)
    cmd->add_option("--mail-from", mail_from, "the From: mailbox of those mails")
        ->capture_default_str();
}

NoticeMailer::NoticeMailer(const NoticeArgs& args, server::Services& services,
                           server::CommandInterface& commands)
    : hub_(services.events()) {
  if (args.sendmail.empty()) return;
  options_.from = args.mail_from;
  try {
    server::mail::check_options(options_);
  } catch (const server::mail::MailError& e) {
    throw UsageError(std::string("--mail-from: ") + e.what());
  }
  notices_ = std::make_unique<server::Notices>(services.accounts(), services.challenges(),
                                               services.games(), commands);
  sendmail_ = std::make_unique<server::mail::Sendmail>(args.sendmail);
  handle_ = hub_.subscribe([this](const server::Event& e) {
    std::lock_guard lock(mutex_);
    events_.push_back(e);
  });
}

NoticeMailer::~NoticeMailer() {
  if (!notices_) return;
  hub_.unsubscribe(handle_);
  send();
}

void NoticeMailer::send() {
  if (!notices_) return;
  std::vector<server::Event> events;
  {
    std::lock_guard lock(mutex_);
    events.swap(events_);
  }
  for (const server::Event& e : events)
    server::mail::send_notices(*notices_, e, *sendmail_, options_, [](const std::string& what) {
      std::cerr << "kirin: " << what << "\n";
    });
}

}  // namespace kirin::cli
