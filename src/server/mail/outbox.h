// The server's outgoing mail: the notices its events call for (server/text/notices.h), composed
// and handed to the mail transfer agent on a thread of its own, so that no request waits for
// it. Events heard from other processes are skipped: those processes mail their own.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "server/domain/events.h"
#include "server/mail/mail.h"
#include "server/mail/sendmail.h"
#include "server/text/notices.h"

namespace kirin::server::mail {

// Mails the notices one event calls for; returns how many were sent. Failures (a notice that
// cannot be made, a message the command refused) go to on_error; nothing throws.
int send_notices(Notices& notices, const Event& event, const Sendmail& sendmail,
                 const MailOptions& options, const std::function<void(const std::string&)>& on_error);

class Outbox : public EventSink {
 public:
  using ErrorFn = std::function<void(const std::string&)>;  // reports a notice not sent
  Outbox(Notices& notices, Sendmail sendmail, MailOptions options, ErrorFn on_error);
  ~Outbox() override;  // sends what is queued, then stops
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;

  void publish(const Event& event) override;  // queues it; never blocks on mail
  void wait_idle();                            // until the queue is empty (tests)
  int sent() const;

 private:
  void run();

  Notices& notices_;
  Sendmail sendmail_;
  MailOptions options_;
  ErrorFn on_error_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<Event> queue_;
  bool busy_ = false, stopping_ = false;
  int sent_ = 0;
  std::thread thread_;
};

}  // namespace kirin::server::mail
