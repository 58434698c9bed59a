// The JSON API on top of the service (docs/API.md lists every route). Handlers are thin:
// read the request, call the service, write JSON; the service's errors become HTTP errors
// through map_service_error, which add_api_routes installs on the router.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "server/domain/accounts.h"
#include "server/domain/blocks.h"
#include "server/domain/challenges.h"
#include "server/domain/games.h"
#include "server/domain/imports.h"
#include "server/domain/mate_service.h"
#include "server/domain/messages.h"
#include "server/domain/moderation.h"
#include "server/domain/problems.h"
#include "server/domain/reports.h"
#include "server/domain/tournaments.h"
#include "server/http/context.h"
#include "server/http/router.h"

namespace kirin::server::http {

struct ApiServices {
  Accounts& accounts;
  Challenges& challenges;
  GameService& games;
  ImportService& imports;
  Messages& messages;
  ProblemService& problems;
  MateService& mate;
  Blocks& blocks;
  Reports& reports;
  Moderation& moderation;
  Tournaments& tournaments;
  // Told of each logout, after the session is deleted: the transport ends what the token
  // still holds open (its WebSockets).
  std::function<void(const std::string& token)> logged_out = [](const std::string&) {};
};

void add_api_routes(Router& router, const ApiServices& services);
void add_account_routes(Router& router, const ApiServices& services);
void add_challenge_routes(Router& router, const ApiServices& services);
void add_game_routes(Router& router, const ApiServices& services);
void add_position_routes(Router& router);
void add_rating_routes(Router& router, const ApiServices& services);
void add_import_routes(Router& router, const ApiServices& services);
void add_social_routes(Router& router, const ApiServices& services);  // messages, game chat
void add_problem_routes(Router& router, const ApiServices& services);  // problems, mate
// blocks, reports, moderators' actions, roles, the audit log
void add_moderation_routes(Router& router, const ApiServices& services);
void add_tournament_routes(Router& router, const ApiServices& services);
// a finished game's computer analysis: kept, read, reviewed
void add_analysis_routes(Router& router, const ApiServices& services);

// WebSocket topics: "lobby", "game:ID" and "tournament:ID" are public; "user:NAME" needs NAME's
// session token.
TopicPolicy api_topic_policy(Accounts& accounts, GameService& games, Tournaments& tournaments);

// Shared by the handlers.
User signed_in(Accounts& accounts, const Request& request);  // 401 without a live session
std::optional<User> maybe_signed_in(Accounts& accounts, const Request& request);
// Hands a request that checks or sets passwords to the hashing threads, in its client's turn
// (Accounts::post_password_work): for on_pool.
Poster on_hashing_threads(Accounts& accounts);
Id id_param(const Request& request, const char* name);  // 404 unless a positive integer
// Query parameters; each throws a 400 naming the parameter.
int query_limit(const Request& r);  // ?limit=N, 1 to 200; 50 if absent
bool query_flag(const Request& r, const std::string& name);  // 1, true or yes
// true (1, true, yes), false (0, false, no) or nullopt if absent.
std::optional<bool> query_bool(const Request& r, const std::string& name);
// A positive id, or 0 if absent; `what` names it in the error ("a game id").
Id query_id(const Request& r, const std::string& name, const std::string& what);
// ?before=ID, the id of a `what` ("comment"): 0 if absent; a 400 unless a positive integer.
Id query_before(const Request& request, const char* what);

}  // namespace kirin::server::http
