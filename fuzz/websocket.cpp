// The WebSocket's messages (/ws, docs/API.md): "TOKEN\nMESSAGE\nMESSAGE..." (TOKEN the
// connection's bearer token, "@alice" or "@bob" becoming theirs, empty for none). Each
// message is read as the connection reads it; a subscription's topic goes through the
// server's topic policy, an analysis request is read and checked as the analysis service
// does (the search itself is not run, to keep each input short), on a fresh copy of the fuzz
// store (fuzz/server_store.h).
#include "fuzz/fuzz_input.h"
#include "fuzz/server_store.h"
#include "server/http/analysis.h"
#include "server/http/api_routes.h"
#include "server/http/message.h"
#include "server/http/ws_session.h"

using namespace kirin;
using namespace kirin::server::http;

namespace {

constexpr int kMaxMessagesPerInput = 8;  // a bound on each input's work

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::ServerStore store;
  std::string_view text = fuzz::as_text(data, size);
  std::optional<std::string> token;
  if (std::string_view line = fuzz::take_line(text); !line.empty())
    token = store.with_tokens(std::string(line));
  server::Services& services = store.fresh();
  TopicPolicy policy =
      api_topic_policy(services.accounts(), services.games(), services.tournaments());
  AnalysisLimits limits = analysis_limits(ServerOptions{});
  for (int i = 0; i < kMaxMessagesPerInput && !text.empty(); ++i) {
    WsMessage m;
    try {
      m = read_ws_message(std::string(fuzz::take_line(text)));
    } catch (const HttpError& e) {
      fuzz::echo(e.what());
      continue;
    }
    if (m.op == "subscribe" && !m.topic.empty()) {
      fuzz::echo(policy(m.topic, token).value_or("subscribed"));
    } else if (m.op == "analyze") {
      try {
        fuzz::echo(read_analysis_request(m.json, limits).variant);
      } catch (const AnalysisError& e) {
        fuzz::echo(e.to_json(m.id).dump());
      }
    }
  }
  return 0;
}
