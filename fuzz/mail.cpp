// The mail gateway: the input is a message as an MTA hands it to `kirin mail`, answered on a
// fresh copy of the fuzz store (fuzz/server_store.h). Every message gets a reply, no reply
// or is ignored; a reply must read back as a message.
#include "fuzz/fuzz_input.h"
#include "fuzz/server_store.h"
#include "server/mail/mail.h"

using namespace kirin;
using namespace kirin::server::mail;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::ServerStore store;
  store.fresh();
  MailOptions options;
  options.from = "Kirin <kirin@games.example.org>";
  options.date = 1700000000;
  std::string_view raw = fuzz::as_text(data, size);
  MailResult result = answer_mail(raw, raw.size(), store.commands(), options);
  fuzz::echo(std::to_string(result.exit_code) + " " + result.message + result.reply);
  if (result.exit_code == kReplied) {
    try {
      read_mail(result.reply);
    } catch (const MailError& e) {
      fuzz::broken(std::string("the reply is no message: ") + e.what());
    }
  }
  return 0;
}
