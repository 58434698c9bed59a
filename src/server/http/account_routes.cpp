// Sign up, log in and out, the signed-in user and their preferences.
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

json login_json(const LoginResult& login) {
  return {{"token", login.token}, {"expires", login.expires}, {"user", to_json(login.user, true)}};
}

}  // namespace

void add_account_routes(Router& router, const ApiServices& s) {
  // Signing up also logs in, so a new user needs one request, not two.
  router.add("POST", "/api/signup", [&accounts = s.accounts](const Request& r) {
    json body = require_object(r.json());
    std::string name = required_string(body, "name");
    std::string password = required_string(body, "password");
    return json_response(
        login_json(accounts.sign_up_and_log_in(name, required_string(body, "email"), password)),
        201);
  });
  router.add("POST", "/api/login", [&accounts = s.accounts](const Request& r) {
    json body = require_object(r.json());
    return json_response(login_json(accounts.log_in(
        required_string(body, "name"), required_string(body, "password"), r.client)));
  });
  auto logged_out = s.logged_out;
  router.add("POST", "/api/logout", [&accounts = s.accounts, logged_out](const Request& r) {
    signed_in(accounts, r);
    accounts.log_out(*r.bearer_token());
    logged_out(*r.bearer_token());
    return json_response({{"ok", true}});
  });
  router.add("GET", "/api/me", [&accounts = s.accounts](const Request& r) {
    User user = signed_in(accounts, r);
    return json_response(
        {{"user", to_json(user, true)}, {"preferences", to_json(user.preferences)}});
  });
  router.add("GET", "/api/me/preferences", [&accounts = s.accounts](const Request& r) {
    return json_response(to_json(accounts.preferences(signed_in(accounts, r).id)));
  });
  router.add("PUT", "/api/me/preferences", [&accounts = s.accounts](const Request& r) {
    User user = signed_in(accounts, r);
    Preferences prefs = read_preferences(r.json(), accounts.preferences(user.id));
    accounts.set_preferences(user.id, prefs);
    return json_response(to_json(prefs));
  });
}

}  // namespace kirin::server::http
