// Sign up, log in and out, the signed-in user and their preferences; account management
// (password, e-mail, closing), each with the session and the current password. The session
// travels in the Authorization header, never in a cookie, so no other site's page can make a
// browser send these requests signed in (no CSRF token is needed).
#include "server/domain/account_closing.h"
#include "server/domain/roles.h"
#include "server/domain/service_error.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

// A wrong current password in an account change is a 403 naming the field, not a 401: the
// session is fine, and a client that signs out on a 401 must not do so here.
template <class F>
auto with_current_password(const char* field, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const ServiceError& e) {
    if (e.code() != ErrorCode::Unauthorized) throw;
    throw ServiceError(ErrorCode::Forbidden, e.what(), field);
  }
}

json login_json(const LoginResult& login) {
  return {{"token", login.token}, {"expires", login.expires}, {"user", to_json(login.user, true)}};
}

}  // namespace

Poster on_hashing_threads(Accounts& accounts) {
  return [&accounts](const Request& r, std::function<void()> work, std::function<void()> then) {
    accounts.post_password_work(r.client, std::move(work), std::move(then));
  };
}

void add_account_routes(Router& router, const ApiServices& s) {
  // Signing up also logs in, so a new user needs one request, not two.
  router.add("POST", "/api/signup", [&accounts = s.accounts](const Request& r) {
    json body = require_object(r.json());
    std::string name = required_string(body, "name");
    std::string password = required_string(body, "password");
    return json_response(
        login_json(
            accounts.sign_up_and_log_in(name, required_string(body, "email"), password, r.client)),
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
  router.add("GET", "/api/me", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    json me = to_json(user, true);
    me["role"] = role_name(user.role);
    return json_response({{"user", me},
                          {"preferences", to_json(user.preferences)},
                          {"unread_messages", s.messages.unread(user.id)}});
  });
  // The other sessions end; the one asking stays signed in.
  router.add("POST", "/api/account/password", [&accounts = s.accounts](const Request& r) {
    User user = signed_in(accounts, r);
    json body = require_object(r.json());
    with_current_password("old_password", [&] {
      accounts.change_password(user.name, required_string(body, "old_password"),
                               required_string(body, "new_password"), r.client,
                               *r.bearer_token());
    });
    return json_response({{"ok", true}});
  });
  router.add("POST", "/api/account/email", [&accounts = s.accounts](const Request& r) {
    User user = signed_in(accounts, r);
    json body = require_object(r.json());
    User changed = with_current_password("password", [&] {
      return accounts.change_email(user.name, required_string(body, "password"),
                                   required_string(body, "email"), r.client);
    });
    return json_response({{"user", to_json(changed, true)}});
  });
  router.add("POST", "/api/account/close", [s, logged_out](const Request& r) {
    User user = signed_in(s.accounts, r);
    json body = require_object(r.json());
    ClosedAccount closed = with_current_password("password", [&] {
      return close_account(s.accounts, s.challenges, s.games, user.name,
                           required_string(body, "password"), r.client);
    });
    logged_out(*r.bearer_token());  // its WebSockets
    return json_response({{"closed", true},
                          {"challenges_withdrawn", closed.challenges_withdrawn},
                          {"games_aborted", closed.games_aborted},
                          {"games_resigned", closed.games_resigned}});
  });
  // The routes that check or set a password run on the hashing threads, in the client's turn,
  // and answer from there: no HTTP worker waits for a hash.
  for (const char* path : {"/api/signup", "/api/login", "/api/account/password",
                           "/api/account/email", "/api/account/close"})
    router.run_on_pool("POST", path, on_hashing_threads(s.accounts));
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
