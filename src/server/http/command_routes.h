// POST /api/command: the text commands (server/text/commands.h) over HTTP, for scripts and a
// terminal-like web page. The request body is the commands as text/plain, one a line (as in
// a mail: '#' comments, '--' ends them); the answer is run_text's reply, text/plain, status
// 200 even when commands were refused (each refused one's reply starts with "error: ").
// A session token (Authorization: Bearer TOKEN), if sent, makes its user the sender: a
// challenge naming that user is then allowed. A token that is no longer valid is a 401.
// Commands carry passwords, so a request runs on the password hashing threads in its
// client's turn (Accounts::post_password_work), and no HTTP worker waits for its hashes.
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
  router.add_async("POST", "/api/command", on_pool(on_hashing_threads(accounts), [&commands, &accounts, max_password_checks](const Request& r) {
    CommandContext ctx;
    ctx.client = r.client;
    if (std::optional<User> user = maybe_signed_in(accounts, r)) ctx.sender_user = user->id;
    Response response;
    response.content_type = "text/plain; charset=utf-8";
    response.body = commands.run_text(r.body, ctx, CommandInterface::kMaxCommandsPerText,
                                      max_password_checks);
    return response;
  }));
}

}  // namespace kirin::server::http
