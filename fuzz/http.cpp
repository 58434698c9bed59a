// The HTTP API's requests, through the router and the route handlers as `kirin serve` builds
// them (no sockets), on a fresh copy of the fuzz store (fuzz/server_store.h). The input:
//
//   METHOD TARGET          "POST /api/games/1/moves?x=1"
//   AUTHORIZATION          the header's value ("Bearer @alice": "@alice", "@bob" and "@carol",
//                          an admin, become their session tokens), empty for none
//   BODY...                the rest
//
// The router never throws, and no request may be a 500: a 500 is a bug (docs/API.md).
#include "fuzz/fuzz_input.h"
#include "fuzz/server_store.h"
#include "server/http/api_routes.h"
#include "server/http/command_routes.h"
#include "server/http/router.h"
#include "server/http/static_files.h"
#include "server/http/url.h"

using namespace kirin;
using namespace kirin::server::http;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::ServerStore store;
  std::string_view text = fuzz::as_text(data, size);
  std::string_view request_line = fuzz::take_line(text);
  size_t space = request_line.find(' ');
  if (space == std::string_view::npos) return -1;
  Request request;
  request.method = std::string(request_line.substr(0, space));
  std::string_view target = request_line.substr(space + 1);
  size_t question = target.find('?');
  request.path = std::string(target.substr(0, question));
  if (std::string_view auth = fuzz::take_line(text); !auth.empty())
    request.headers["authorization"] = store.with_tokens(std::string(auth));
  request.body = std::string(text);

  server::Services& services = store.fresh();
  Router router;
  add_api_routes(router, {services.accounts(), services.challenges(), services.games(),
                          services.imports(), services.messages(), services.problems(),
                          services.mate(), services.blocks(), services.reports(),
                          services.moderation(), services.tournaments()});
  add_command_route(router, store.commands(), services.accounts());
  // The web UI's files as add_static_files serves them, without its log line per input.
  static const StaticFiles files(built_in_web_root());
  router.set_fallback([](const Request& r) { return files.serve(r); });
  Response response;
  try {  // as the HTTP session reads the query
    if (question != std::string_view::npos)
      request.query = parse_query(target.substr(question + 1));
    response = router.handle(request);
  } catch (const HttpError& e) {
    response = error_response(e.status(), e.code(), e.what());
  }
  fuzz::echo(std::to_string(response.status) + " " + response.body);
  if (response.status == 500) fuzz::broken("a 500: " + response.body);
  return 0;
}
