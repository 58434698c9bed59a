// Ratings and players: the leaderboards, the standings and a player's profile (ratings with
// their history, results, when they joined and were last seen). The games list of a profile
// is GET /api/games?player=NAME with its filters.
#include <map>

#include "rules/catalog.h"
#include "server/domain/game_setup.h"
#include "server/domain/ratings.h"
#include "server/domain/roles.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

// The leaderboard of every game, on the page that shows them all.
constexpr int kLeaderboardPreview = 10;

std::string game_name(const std::string& id) {
  for (const auto& v : builtin_games())
    if (v->id == id) return v->name;
  return id;
}

json ratings_json(const std::vector<Rating>& ratings) {
  json out = json::array();
  for (const Rating& r : ratings) out.push_back(to_json(r));
  return out;
}

// With `provisional`, the players left off for now as well, in a list of their own: a page
// can say why its board is short and show who is on the way.
json leaderboard_json(Ratings& ratings, const std::string& game, int limit, bool provisional) {
  json j = {{"game", game},
            {"game_name", game_name(game)},
            {"players", ratings_json(ratings.leaderboard(game, limit))},
            {"provisional_deviation", kProvisionalDeviation}};
  if (provisional) j["provisional"] = ratings_json(ratings.provisional(game, limit));
  return j;
}

json profile_json(const User& u, Ratings& ratings) {
  // Each game's history, oldest first, for its graph.
  std::map<std::string, json> history;
  for (const RatingChange& c : ratings.history(u.id)) {
    json& points = history[c.game];
    if (points.is_null()) points = json::array();
    points.push_back({{"at", c.at},
                      {"before", std::lround(c.before.rating)},
                      {"rating", std::lround(c.after.rating)},
                      {"deviation", std::lround(c.after.deviation)},
                      {"game_id", c.game_id}});
  }
  json rated = json::array();
  for (const Rating& r : ratings.ratings_of(u.id)) {
    json j = to_json(r);
    j.erase("user");
    j["game_name"] = game_name(r.game);
    j["history"] = history.count(r.game) ? history[r.game] : json::array();
    rated.push_back(std::move(j));
  }
  StandingsQuery mine;
  mine.user = u.id;
  json by_game = json::array();
  int wins = 0, losses = 0, draws = 0;
  for (const Standing& s : ratings.standings(mine)) {
    json j = to_json(s);
    j.erase("user");
    j["game_name"] = game_name(s.game);
    by_game.push_back(std::move(j));
    wins += s.wins;
    losses += s.losses;
    draws += s.draws;
  }
  return {{"name", u.name},
          {"created", u.created},
          {"last_seen", u.last_seen ? json(u.last_seen) : json(nullptr)},
          {"ratings", rated},
          {"results",
           {{"wins", wins},
            {"losses", losses},
            {"draws", draws},
            {"games", wins + losses + draws}}},
          {"results_by_game", by_game}};
}

}  // namespace

void add_rating_routes(Router& router, const ApiServices& s) {
  // Every built-in game's best few, for the page of tabs.
  router.add("GET", "/api/leaderboard", [s](const Request&) {
    json games = json::array();
    for (const std::string& id : builtin_variant_ids())
      games.push_back(leaderboard_json(s.games.ratings(), id, kLeaderboardPreview, false));
    return json_response({{"games", games}});
  });
  // One game's best ratings that are not provisional, highest first; ?limit=, and
  // ?provisional=true for the provisional ones apart.
  router.add("GET", "/api/leaderboard/{game}", [s](const Request& r) {
    std::string game = canonical_game_id(r.params.at("game"));
    return json_response(leaderboard_json(s.games.ratings(), game, query_limit(r),
                                          query_bool(r, "provisional").value_or(false)));
  });
  // Wins, losses and draws of each player of a game, best score first; ?rated=, ?limit=.
  router.add("GET", "/api/standings/{game}", [s](const Request& r) {
    StandingsQuery q;
    q.game = canonical_game_id(r.params.at("game"));
    q.rated = query_bool(r, "rated");
    q.limit = query_limit(r);
    json rows = json::array();
    for (const Standing& st : s.games.ratings().standings(q)) rows.push_back(to_json(st));
    return json_response({{"game", q.game}, {"game_name", game_name(q.game)}, {"standings", rows}});
  });
  // A player's profile; anyone may look.
  router.add("GET", "/api/users/{name}", [s](const Request& r) {
    User u = s.accounts.user_by_name(r.params.at("name"));
    json profile = profile_json(u, s.games.ratings());
    // Players see who the moderators are, and who is banned.
    if (u.role != Role::Player) profile["role"] = role_name(u.role);
    if (u.banned) profile["banned"] = true;
    if (std::optional<User> me = maybe_signed_in(s.accounts, r))
      profile["blocked"] = s.blocks.blocks(me->id, u.id);
    return json_response(profile);
  });
}

}  // namespace kirin::server::http
