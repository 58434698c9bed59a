#include "server/mail/sendmail.h"

#include <stdio.h>
#include <sys/wait.h>

#include "server/mail/mail.h"

namespace kirin::server::mail {

void Sendmail::send(const std::string& message) const {
  FILE* pipe = popen(command_.c_str(), "w");
  if (!pipe) throw MailError("cannot run '" + command_ + "'");
  size_t written = fwrite(message.data(), 1, message.size(), pipe);
  int status = pclose(pipe);
  if (status == -1) throw MailError("cannot run '" + command_ + "'");
  if (WIFSIGNALED(status))
    throw MailError("'" + command_ + "' was killed by signal " + std::to_string(WTERMSIG(status)));
  if (WEXITSTATUS(status) != 0)
    throw MailError("'" + command_ + "' failed with exit status " +
                    std::to_string(WEXITSTATUS(status)));
  if (written != message.size()) throw MailError("'" + command_ + "' did not read the message");
}

}  // namespace kirin::server::mail
