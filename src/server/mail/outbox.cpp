#include "server/mail/outbox.h"

namespace kirin::server::mail {

int send_notices(Notices& notices, const Event& e, const Sendmail& sendmail,
                 const MailOptions& options,
                 const std::function<void(const std::string&)>& on_error) {
  int sent = 0;
  try {
    for (const Notice& n : notices.for_event(e)) {
      try {
        sendmail.send(compose_notice(n, options));
        ++sent;
      } catch (const std::exception& err) {
        on_error("mail to " + n.email + " not sent: " + err.what());
      }
    }
  } catch (const std::exception& err) {
    on_error("the notices of an event of " +
             (e.game ? "game " + std::to_string(e.game) : "challenge " + std::to_string(e.challenge)) +
             ": " + err.what());
  }
  return sent;
}

Outbox::Outbox(Notices& notices, Sendmail sendmail, MailOptions options, ErrorFn on_error)
    : notices_(notices),
      sendmail_(std::move(sendmail)),
      options_(std::move(options)),
      on_error_(std::move(on_error)) {
  thread_ = std::thread([this] { run(); });
}

Outbox::~Outbox() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Outbox::publish(const Event& event) {
  if (event.elsewhere) return;
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(event);
  }
  wake_.notify_one();
}

void Outbox::wait_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

int Outbox::sent() const {
  std::lock_guard lock(mutex_);
  return sent_;
}

void Outbox::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) break;  // stopping, and everything sent
    Event e = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    int sent = send_notices(notices_, e, sendmail_, options_, on_error_);
    lock.lock();
    sent_ += sent;
    busy_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
  idle_.notify_all();
}

}  // namespace kirin::server::mail
