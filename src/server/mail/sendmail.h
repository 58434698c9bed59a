// Hands finished messages to the system's mail transfer agent: a command that reads a message
// on stdin and sends it to the addresses of its header, as `/usr/sbin/sendmail -t -oi` does.
#pragma once

#include <string>

namespace kirin::server::mail {

class Sendmail {
 public:
  explicit Sendmail(std::string command) : command_(std::move(command)) {}
  // Runs the command (through /bin/sh) with the message on its stdin. Throws MailError saying
  // how it failed (could not run, exit status, killed by a signal).
  void send(const std::string& message) const;
  const std::string& command() const { return command_; }

 private:
  std::string command_;
};

}  // namespace kirin::server::mail
