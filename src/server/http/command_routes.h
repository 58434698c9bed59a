// POST /api/command: the text commands (server/text/commands.h) over HTTP, for scripts and a
// terminal-like web page. The request body is the commands as text/plain, one a line (as in
// a mail: '#' comments, '--' ends them); the answer is run_text's reply, text/plain, status
// 200 even when commands were refused (each refused one's reply starts with "error: ").
// A session token (Authorization: Bearer TOKEN), if sent, makes its user the sender: a
// challenge naming that user is then allowed. A token that is no longer valid is a 401.
// Commands carry passwords, so a request runs on the password hashing threads in its
// client's turn (Accounts::post_password_work), or, when a command may ask the mate solver,
// on the solver's threads (its password checks, at most max_password_checks, then wait there
// for a hash, not a hashing thread for a solve): no HTTP worker waits for either.
#pragma once

#include "server/domain/accounts.h"
#include "server/http/api_routes.h"
#include "server/http/router.h"
#include "server/text/commands.h"

namespace kirin::server::http {

// At most `max_password_checks` commands of one request carry a password (run_text).
inline void add_command_route(
    Router& router, CommandInterface& commands, Accounts& accounts,
    int max_password_checks = CommandInterface::kMaxPasswordChecksPerText) {
  router.add("POST", "/api/command", [&commands, &accounts, max_password_checks](const Request& r) {
    CommandContext ctx;
    ctx.client = r.client;
    if (std::optional<User> user = maybe_signed_in(accounts, r)) ctx.sender_user = user->id;
    Response response;
    response.content_type = "text/plain; charset=utf-8";
    response.body = commands.run_text(r.body, ctx, CommandInterface::kMaxCommandsPerText,
                                      max_password_checks);
    return response;
  });
  router.run_on_pool("POST", "/api/command",
                     [&commands, hashing = on_hashing_threads(accounts)](
                         const Request& r, std::function<void()> work, std::function<void()> then) {
                       if (!CommandInterface::text_asks_solver(r.body))
                         return hashing(r, std::move(work), std::move(then));
                       commands.mate_solver().post(Asker{0, r.client}, std::move(work),
                                                   std::move(then));
                     });
}

}  // namespace kirin::server::http
