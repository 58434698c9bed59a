#include "server/http/api_routes.h"

#include <cctype>
#include <charconv>

#include "notation/notation_error.h"
#include "server/domain/service_error.h"
#include "server/http/service_errors.h"
#include "server/http/variant_json.h"

namespace kirin::server::http {

void add_api_routes(Router& router, const ApiServices& services) {
  add_account_routes(router, services);
  add_challenge_routes(router, services);
  add_game_routes(router, services);
  add_variant_routes(router);
  add_position_routes(router);
  add_rating_routes(router, services);
  add_import_routes(router, services);
  add_social_routes(router, services);
  add_problem_routes(router, services);
  add_moderation_routes(router, services);
  add_tournament_routes(router, services);
  add_analysis_routes(router, services);
  router.set_error_mapper(map_service_error);
}

User signed_in(Accounts& accounts, const Request& request) {
  std::optional<std::string> token = request.bearer_token();
  if (!token)
    throw HttpError(401, "unauthorized",
                    "sign in first: send the token from POST /api/login as "
                    "'Authorization: Bearer TOKEN'");
  return accounts.authenticate(*token);
}

std::optional<User> maybe_signed_in(Accounts& accounts, const Request& request) {
  if (!request.bearer_token()) return std::nullopt;
  return signed_in(accounts, request);  // a token that is no longer valid is still a 401
}

Id id_param(const Request& request, const char* name) {
  const std::string& text = request.params.at(name);
  bool digits = !text.empty() && text.size() <= 18;
  for (char c : text) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  Id id = digits ? std::stoll(text) : 0;
  if (id <= 0)
    throw HttpError(404, "not_found", "no such " + std::string(name) + ": " + quoted_input(text));
  return id;
}

int query_limit(const Request& r) {
  std::string text = r.query_or("limit");
  if (text.empty()) return 50;
  int limit = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), limit);
  if (ec != std::errc() || end != text.data() + text.size() || limit < 1 || limit > 200)
    throw HttpError(400, "bad_request",
                    "limit must be a whole number from 1 to 200, not " + quoted_input(text));
  return limit;
}

bool query_flag(const Request& r, const std::string& name) {
  std::string value = r.query_or(name);
  return value == "1" || value == "true" || value == "yes";
}

std::optional<bool> query_bool(const Request& r, const std::string& name) {
  std::string value = r.query_or(name);
  if (value.empty()) return std::nullopt;
  if (value == "1" || value == "true" || value == "yes") return true;
  if (value == "0" || value == "false" || value == "no") return false;
  throw HttpError(400, "bad_request", name + " must be true or false, not " + quoted_input(value));
}

Id query_id(const Request& r, const std::string& name, const std::string& what) {
  std::string text = r.query_or(name);
  if (text.empty()) return 0;
  Id id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id < 1)
    throw HttpError(400, "bad_request", name + " must be " + what + ", not " + quoted_input(text));
  return id;
}

Id query_before(const Request& r, const char* what) {
  return query_id(r, "before", "a " + std::string(what) + " id");
}

TopicPolicy api_topic_policy(Accounts& accounts, GameService& games, Tournaments& tournaments) {
  return [&accounts, &games, &tournaments](
             const std::string& topic,
             const std::optional<std::string>& token) -> std::optional<std::string> {
    if (auto refused = default_topic_policy(topic, token)) return refused;
    for (const char* kind : {"game", "tournament"}) {
      const std::string prefix = std::string(kind) + ":";
      if (topic.rfind(prefix, 0) != 0) continue;
      // Anyone may watch a game or a tournament.
      Id id = 0;
      std::string_view digits = std::string_view(topic).substr(prefix.size());
      auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
      if (ec != std::errc() || end != digits.data() + digits.size() || id <= 0)
        return "no such " + std::string(kind) + ": " + quoted_input(digits);
      // Events go to the canonical name only: "game:0001" would be a topic that never speaks.
      if (digits != std::to_string(id))
        return "the topic of " + std::string(kind) + " " + std::to_string(id) + " is spelled " +
               prefix + std::to_string(id) + ", not " + quoted_input(topic);
      try {
        // Keeping a game cached is what lets this server push the moves other processes
        // store (GameService::changed_elsewhere).
        if (prefix == "game:") games.watch(id);
        else tournaments.get(id);
        return std::nullopt;
      } catch (const ServiceError& e) {
        return e.what();
      }
    }
    if (topic.rfind("user:", 0) != 0) return std::nullopt;
    // A user's topic carries their challenges and games: only for that user.
    if (!token) return "user topics need a session token (/ws?token=TOKEN)";
    try {
      // Names are unique ignoring case, but topics are plain strings: the spelling must match
      // the one events are published under.
      User user = accounts.authenticate(*token);
      if (topic.substr(5) != user.name) return "your user topic is user:" + user.name;
      return std::nullopt;
    } catch (const ServiceError& e) {
      return e.what();
    }
  };
}

}  // namespace kirin::server::http
