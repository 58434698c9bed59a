// Games: lists, the full view (with legal moves), moves with the expected ply, resignation,
// draws, adjournment, comments, records and the board as an SVG image.
#include <charconv>

#include "notation/board_svg.h"
#include "notation/sfen.h"
#include "server/domain/game_setup.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

json ack_json(const MoveAck& ack) {
  return {{"move", to_json(ack.move)}, {"game", to_json(ack.state)}};
}

// ?limit=N, 1 to 200; 50 if absent.
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

}  // namespace

void add_game_routes(Router& router, const ApiServices& s) {
  // ?user=NAME, or the signed-in user's own games; ?status=active, the games anyone may watch.
  // A sealed move shows only to the player who sealed it, in lists as in a game's view.
  router.add("GET", "/api/games", [s](const Request& r) {
    std::optional<User> me = maybe_signed_in(s.accounts, r);
    Id viewer = me ? me->id : 0;
    if (std::string status = r.query_or("status"); !status.empty()) {
      if (status != "active")
        throw HttpError(400, "bad_request",
                        "status must be 'active' (the games being played), not '" + status + "'");
      json games = json::array();
      for (const GameState& g : s.games.active_games(query_limit(r), viewer))
        games.push_back(to_json(g));
      return json_response({{"games", games}});
    }
    Id user = 0;
    if (std::string name = r.query_or("user"); !name.empty())
      user = s.accounts.user_by_name(name).id;
    else if (me)
      user = me->id;
    else
      throw HttpError(400, "bad_request", "say whose games: /api/games?user=NAME");
    json games = json::array();
    for (const GameState& g : s.games.games_of(user, viewer)) games.push_back(to_json(g));
    return json_response({{"games", games}});
  });
  // Anyone may watch; a signed-in player also sees the move they sealed.
  router.add("GET", "/api/games/{game}", [s](const Request& r) {
    std::optional<User> viewer = maybe_signed_in(s.accounts, r);
    return json_response(to_json(s.games.view(id_param(r, "game"), viewer ? viewer->id : 0)));
  });
  router.add("POST", "/api/games/{game}/moves", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    json body = require_object(r.json());
    MoveAck ack = s.games.play_move(id_param(r, "game"), user.id, required_string(body, "move"),
                                    optional_int(body, "expected_ply", 0, 1'000'000));
    return json_response(ack_json(ack));
  });
  router.add("POST", "/api/games/{game}/resign", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Id game = id_param(r, "game");
    s.games.resign(game, user.id);
    return json_response(to_json(s.games.view(game, user.id).state));
  });
  using DrawAction = void (GameService::*)(Id, Id);
  for (auto [path, action] : {std::pair<const char*, DrawAction>{"offer", &GameService::offer_draw},
                              {"accept", &GameService::accept_draw},
                              {"decline", &GameService::decline_draw}}) {
    router.add("POST", std::string("/api/games/{game}/draw/") + path,
               // Captured by a name: clang before 16 (the fuzz build's) cannot capture a binding.
               [s, act = action](const Request& r) {
                 User user = signed_in(s.accounts, r);
                 Id game = id_param(r, "game");
                 (s.games.*act)(game, user.id);
                 return json_response(to_json(s.games.view(game, user.id).state));
               });
  }
  // The player to move seals a move and the game stops; resuming plays it.
  router.add("POST", "/api/games/{game}/adjourn", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Id game = id_param(r, "game");
    s.games.adjourn(game, user.id, required_string(require_object(r.json()), "move"));
    return json_response(to_json(s.games.view(game, user.id).state));
  });
  router.add("POST", "/api/games/{game}/resume", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    return json_response(ack_json(s.games.resume(id_param(r, "game"), user.id)));
  });
  // ?before=ID&limit=N: the N comments (50 by default) before comment ID (the latest
  // without it), oldest first; "earlier" says whether there are more before them.
  router.add("GET", "/api/games/{game}/comments", [s](const Request& r) {
    Id before = 0;
    if (std::string text = r.query_or("before"); !text.empty()) {
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), before);
      if (ec != std::errc() || end != text.data() + text.size() || before < 1)
        throw HttpError(400, "bad_request", "before must be a comment id, not '" + text + "'");
    }
    GameService::CommentPage page = s.games.comments(id_param(r, "game"), before, query_limit(r));
    json comments = json::array();
    for (const Comment& c : page.comments) comments.push_back(to_json(c));
    return json_response({{"comments", comments}, {"earlier", page.earlier}});
  });
  router.add("POST", "/api/games/{game}/comments", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Comment c = s.games.add_comment(id_param(r, "game"), user.id,
                                    required_string(require_object(r.json()), "text"));
    return json_response(to_json(c), 201);
  });
  // ?format=usi (default), kif or gamecourier: a text file to download.
  router.add("GET", "/api/games/{game}/record", [s](const Request& r) {
    Id game = id_param(r, "game");
    std::string format = r.query_or("format", "usi");
    Response response;
    response.body = s.games.export_game(game, format);
    response.content_type = "text/plain; charset=utf-8";
    std::string extension = format == "kif" ? "kif" : "txt";
    response.headers.emplace_back(
        "Content-Disposition",
        "inline; filename=\"kirin-" + std::to_string(game) + "-" + format + "." + extension + "\"");
    return response;
  });
  // The current position as an image; ?flip=1 shows it from White's side.
  router.add("GET", "/games/{game}/board.svg", [s](const Request& r) {
    GameView view = s.games.view(id_param(r, "game"));
    Position pos = parse_sfen(setup_variant(view.state.setup), view.sfen);
    Response response;
    response.body = board_svg(pos, {.flip = query_flag(r, "flip")});
    response.content_type = "image/svg+xml";
    response.headers.emplace_back("Cache-Control", "no-cache");
    return response;
  });
}

}  // namespace kirin::server::http
