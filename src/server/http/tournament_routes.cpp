// Tournaments (docs/API.md, "Tournaments"): the lists, creation (limited per user and per
// client address by the domain), the page with its standings, joining, withdrawing,
// starting, cancelling, and the event's games. The rules are the domain's (tournaments.h).
#include <charconv>

#include "notation/notation_error.h"
#include "server/domain/service_error.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

// Tournaments each list of GET /api/tournaments shows.
constexpr int kListed = 20;
// ?page=N of the standings: 1 to this (the domain clamps it to the last page).
constexpr int kMaxPage = 10000;

int query_page(const Request& r) {
  std::string text = r.query_or("page");
  if (text.empty()) return 1;
  int page = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), page);
  if (ec != std::errc() || end != text.data() + text.size() || page < 1 || page > kMaxPage)
    throw HttpError(400, "bad_request",
                    "page must be a whole number from 1 to " + std::to_string(kMaxPage) + ", not " +
                        quoted_input(text));
  return page;
}

// A summary with its number of entries.
json summary(Tournaments& tournaments, const Tournament& t) {
  return to_json(t, tournaments.entries(t.id));
}

json summaries(Tournaments& tournaments, const std::vector<Tournament>& list) {
  json out = json::array();
  for (const Tournament& t : list) out.push_back(summary(tournaments, t));
  return out;
}

Id user_id(const std::optional<User>& user) { return user ? user->id : 0; }

}  // namespace

void add_tournament_routes(Router& router, const ApiServices& s) {
  // Upcoming, running and finished, newest first; ?game= keeps one game's.
  router.add("GET", "/api/tournaments", [s](const Request& r) {
    Tournaments::Lists lists = s.tournaments.list(kListed, r.query_or("game"));
    return json_response({{"upcoming", summaries(s.tournaments, lists.upcoming)},
                          {"running", summaries(s.tournaments, lists.running)},
                          {"finished", summaries(s.tournaments, lists.finished)}});
  });
  router.add("POST", "/api/tournaments", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    TournamentRequest request = read_tournament_request(r.json());
    // Limited per user and per client address (the domain counts both in the store).
    Tournament t =
        s.tournaments.create(user.id, std::move(request.settings), request.password, r.client);
    return json_response(summary(s.tournaments, t), 201);
  });
  router.add("GET", "/api/tournaments/{tournament}", [s](const Request& r) {
    std::optional<User> viewer = maybe_signed_in(s.accounts, r);
    Id id = id_param(r, "tournament");
    TournamentView view = s.tournaments.view(id, user_id(viewer), query_page(r));
    json out = to_json(view);
    // The podium is the first page's first three, whichever page was asked for.
    if (view.tournament.status == TournamentStatus::Finished && view.page != 1)
      out["podium"] = to_json(s.tournaments.view(id, user_id(viewer), 1))["podium"];
    return json_response(out);
  });
  router.add("POST", "/api/tournaments/{tournament}/join", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Id id = id_param(r, "tournament");
    std::string password;
    if (!r.body.empty())
      password = optional_string(require_object(r.json()), "password").value_or("");
    // A wrong event password is a 403 naming the field, not a 401: the session is fine, and a
    // client that signs out on a 401 must not do so here (as the account routes' passwords).
    TournamentEntry entry = [&] {
      try {
        return s.tournaments.join(id, user.id, password);
      } catch (const ServiceError& e) {
        if (e.code() != ErrorCode::Unauthorized) throw;
        throw ServiceError(ErrorCode::Forbidden, e.what(), "password");
      }
    }();
    return json_response(
        {{"entry", entry.id}, {"tournament", summary(s.tournaments, s.tournaments.get(id))}});
  });
  // Withdraw (an arena: pause), start, cancel: each answers with the event as it is now.
  auto action = [&router, s](const char* verb, void (Tournaments::*act)(Id, Id)) {
    router.add("POST", std::string("/api/tournaments/{tournament}/") + verb,
               [s, act](const Request& r) {
                 User user = signed_in(s.accounts, r);
                 Id id = id_param(r, "tournament");
                 (s.tournaments.*act)(id, user.id);
                 return json_response(summary(s.tournaments, s.tournaments.get(id)));
               });
  };
  action("withdraw", &Tournaments::withdraw);
  action("start", &Tournaments::start);
  action("cancel", &Tournaments::cancel);
  router.add("GET", "/api/tournaments/{tournament}/games", [s](const Request& r) {
    std::optional<User> viewer = maybe_signed_in(s.accounts, r);
    std::vector<GameState> found =
        s.tournaments.games(id_param(r, "tournament"), user_id(viewer), query_limit(r));
    json games = json::array();
    for (const GameState& g : found) games.push_back(to_json(g));
    return json_response({{"games", games}});
  });
}

}  // namespace kirin::server::http
