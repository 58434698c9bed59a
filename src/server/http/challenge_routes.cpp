// Challenges: create (to a user or open to anyone), list, accept, decline, cancel.
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

json list(const std::vector<Challenge>& challenges) {
  json out = json::array();
  for (const Challenge& c : challenges) out.push_back(to_json(c));
  return out;
}

}  // namespace

void add_challenge_routes(Router& router, const ApiServices& s) {
  router.add("POST", "/api/challenges", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Challenge c = s.challenges.create(user.id, read_challenge_request(r.json()));
    return json_response(to_json(c), 201);
  });
  // Open challenges for everyone; a signed-in user also sees those to and from them.
  router.add("GET", "/api/challenges", [s](const Request& r) {
    json out = {{"open", list(s.challenges.open())}};
    if (std::optional<User> user = maybe_signed_in(s.accounts, r)) {
      out["incoming"] = list(s.challenges.incoming(user->id));
      out["outgoing"] = list(s.challenges.outgoing(user->id));
    }
    return json_response(out);
  });
  router.add("GET", "/api/challenges/{challenge}", [s](const Request& r) {
    return json_response(to_json(s.challenges.get(id_param(r, "challenge"))));
  });
  router.add("POST", "/api/challenges/{challenge}/accept", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Id challenge = id_param(r, "challenge");
    Id game = s.challenges.accept(challenge, user.id);
    return json_response({{"game", game}, {"challenge", to_json(s.challenges.get(challenge))}});
  });
  router.add("POST", "/api/challenges/{challenge}/decline", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Id challenge = id_param(r, "challenge");
    s.challenges.decline(challenge, user.id);
    return json_response(to_json(s.challenges.get(challenge)));
  });
  router.add("POST", "/api/challenges/{challenge}/cancel", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Id challenge = id_param(r, "challenge");
    s.challenges.cancel(challenge, user.id);
    return json_response(to_json(s.challenges.get(challenge)));
  });
}

}  // namespace kirin::server::http
