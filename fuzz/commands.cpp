// The text commands (pbmserv's play-by-email grammar) as `kirin command`, a mail's body and
// POST /api/command run them: the input is the text, run on a fresh copy of the fuzz store
// (fuzz/server_store.h) by the local operator (inputs of even length) or by a stranger (odd).
// Every reply must end in a newline (run's promise) and nothing may escape run_text.
#include "fuzz/fuzz_input.h"
#include "fuzz/server_store.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::ServerStore store;
  store.fresh();
  server::CommandContext ctx;
  ctx.operator_mode = size % 2 == 0;
  std::string reply = store.commands().run_text(fuzz::as_text(data, size), ctx);
  fuzz::echo(reply);
  if (!reply.empty() && reply.back() != '\n') fuzz::broken("a reply without its last newline");
  return 0;
}
