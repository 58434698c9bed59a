// Games: lists, the full view (with legal moves), moves with the expected ply, resignation,
// abort, draws, adjournment, comments, records and the board as an SVG image.
#include <charconv>
#include <ctime>

#include "notation/board_svg.h"
#include "notation/sfen.h"
#include "rules/catalog.h"
#include "server/domain/game_setup.h"
#include "server/domain/service_error.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

json ack_json(const MoveAck& ack) {
  return {{"move", to_json(ack.move)}, {"game", to_json(ack.state)}};
}

// The filters of GET /api/games (docs/API.md, "Games").
GameQuery read_game_query(const Request& r, Accounts& accounts) {
  GameQuery q;
  std::string player = r.query_or("player", r.query_or("user"));
  if (!player.empty()) q.player = accounts.user_by_name(player).id;
  if (std::string game = r.query_or("game"); !game.empty()) q.game = canonical_game_id(game);
  std::string status = r.query_or("status");
  if (status == "active") q.statuses = {GameStatus::Active};
  else if (status == "adjourned") q.statuses = {GameStatus::Adjourned};
  else if (status == "current") q.statuses = {GameStatus::Active, GameStatus::Adjourned};
  else if (status == "finished") q.statuses = {GameStatus::Finished};
  else if (status == "aborted") q.statuses = {GameStatus::Aborted};
  else if (!status.empty())
    throw HttpError(400, "bad_request",
                    "status must be active, adjourned, current, finished or aborted, not " +
                        quoted_input(status));
  std::string result = r.query_or("result");
  if (result == "black") q.result = Result::BlackWins;
  else if (result == "white") q.result = Result::WhiteWins;
  else if (result == "draw") q.result = Result::Draw;
  else if ((result == "win" || result == "loss") && q.player) q.won = result == "win";
  else if (result == "win" || result == "loss")
    throw HttpError(400, "bad_request", "result=" + result + " is the player's: give player too");
  else if (!result.empty())
    throw HttpError(400, "bad_request",
                    "result must be black, white, draw, win or loss, not " +
                        quoted_input(result));
  std::string opponent = r.query_or("opponent");
  if (!opponent.empty()) q.opponent = accounts.user_by_name(opponent).id;
  q.rated = query_bool(r, "rated");
  q.before = query_id(r, "before", "a game id");
  q.limit = query_limit(r);
  return q;
}

// The name a record downloads as, lishogi's way (lishogi_game_2025_11_08_alice_vs_bob_ID.kif):
// kirin_game_<the day it started, UTC>_<black>_vs_<white>_<id>.<format's extension>.
std::string record_file_name(const GameState& g, const std::string& format) {
  std::string date = utc_text(g.created, "%Y_%m_%d");
  const char* extension = format == "kif" ? "kif" : format == "usi" ? "usi" : "txt";
  return "kirin_game_" + date + "_" + g.black.name + "_vs_" + g.white.name + "_" +
         std::to_string(g.id) + "." + extension;
}

// A JSON list of strings, at most 1000 of them: `field` of `body`.
std::vector<std::string> string_list(const json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || !it->is_array() || it->size() > 1000)
    throw ServiceError(ErrorCode::Invalid,
                       std::string(field) + " must be a list of moves (strings)", field);
  std::vector<std::string> out;
  for (const json& item : *it) {
    if (!item.is_string())
      throw ServiceError(ErrorCode::Invalid,
                         std::string(field) + " must be a list of moves (strings)", field);
    out.push_back(item.get<std::string>());
  }
  return out;
}

json forecast_json(const Forecast& f) { return {{"ply", f.ply}, {"lines", f.lines}}; }

}  // namespace

void add_game_routes(Router& router, const ApiServices& s) {
  // Everyone's games, newest first, a page at a time; ?player=, ?game=, ?status=, ?result=
  // narrow the list. A sealed move shows only to the player who sealed it, in lists as in a
  // game's view.
  router.add("GET", "/api/games", [s](const Request& r) {
    std::optional<User> me = maybe_signed_in(s.accounts, r);
    GameQuery query = read_game_query(r, s.accounts);
    query.limit++;  // one more than the page: is there a next page?
    std::vector<GameState> found = s.games.find_games(query, me ? me->id : 0);
    json next = nullptr;
    if (int(found.size()) == query.limit) {
      found.pop_back();
      next = found.back().id;
    }
    json games = json::array();
    for (const GameState& g : found) games.push_back(to_json(g));
    return json_response({{"games", games}, {"next_before", next}});
  });
  // Anyone may watch; a signed-in player also sees the move they sealed.
  // With the latest offer to play it again (`rematch`, a challenge), once it is over.
  router.add("GET", "/api/games/{game}", [s](const Request& r) {
    std::optional<User> viewer = maybe_signed_in(s.accounts, r);
    Id game = id_param(r, "game");
    GameView v = s.games.view(game, viewer ? viewer->id : 0);
    json view = to_json(v);
    // Only a game that is over may be played again: no store query while it is played.
    std::optional<Challenge> rematch =
        is_over(v.state.status) ? s.challenges.rematch_of(game) : std::nullopt;
    view["rematch"] = rematch ? to_json(*rematch) : json(nullptr);
    return json_response(view);
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
  router.add("POST", "/api/games/{game}/abort", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Id game = id_param(r, "game");
    s.games.abort(game, user.id);
    return json_response(to_json(s.games.view(game, user.id).state));
  });
  // Answered with the whole game, as GET /api/games/{id}: the halved clock is the news.
  router.add("POST", "/api/games/{game}/berserk", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    Id game = id_param(r, "game");
    s.games.berserk(game, user.id);
    return json_response(to_json(s.games.view(game, user.id)));
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
  // Takebacks: ask (the computer accepts at once), accept, decline (or withdraw one's own).
  using TakebackAction = void (GameService::*)(Id, Id);
  for (auto [path, action] :
       {std::pair<const char*, TakebackAction>{"", &GameService::ask_takeback},
        {"/accept", &GameService::accept_takeback},
        {"/decline", &GameService::decline_takeback}}) {
    router.add("POST", std::string("/api/games/{game}/takeback") + path,
               [s, act = action](const Request& r) {
                 User user = signed_in(s.accounts, r);
                 Id game = id_param(r, "game");
                 (s.games.*act)(game, user.id);
                 return json_response(to_json(s.games.view(game, user.id).state));
               });
  }
  // The position after some moves, none played: anyone may look.
  router.add("POST", "/api/games/{game}/preview", [s](const Request& r) {
    Preview pv = s.games.preview(id_param(r, "game"),
                                 string_list(require_object(r.json()), "moves"));
    return json_response({{"moves", pv.moves},
                          {"ply", pv.ply},
                          {"sfen", pv.sfen},
                          {"to_move", color_word(pv.to_move)},
                          {"ending", pv.ending.empty() ? json(nullptr) : json(pv.ending)}});
  });
  // A player's conditional moves (correspondence): only that player sees them.
  router.add("GET", "/api/games/{game}/forecast", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    return json_response(forecast_json(s.games.forecast(id_param(r, "game"), user.id)));
  });
  router.add("PUT", "/api/games/{game}/forecast", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    const json body = r.json();  // kept: require_object returns a reference into it
    require_object(body);
    auto it = body.find("lines");
    if (it == body.end() || !it->is_array())
      throw ServiceError(ErrorCode::Invalid, "lines must be a list of lists of moves", "lines");
    std::vector<std::vector<std::string>> lines;
    for (const json& line : *it) {
      if (!line.is_array())
        throw ServiceError(ErrorCode::Invalid, "lines must be a list of lists of moves", "lines");
      lines.push_back(string_list(json{{"lines", line}}, "lines"));
    }
    return json_response(forecast_json(s.games.set_forecast(id_param(r, "game"), user.id, lines)));
  });
  router.add("DELETE", "/api/games/{game}/forecast", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    return json_response(forecast_json(s.games.set_forecast(id_param(r, "game"), user.id, {})));
  });
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
    Id before = query_before(r, "comment");
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
    // Names are letters, digits, '_' and '-' (accounts.cpp): safe in the header as they are.
    response.headers.emplace_back(
        "Content-Disposition",
        "attachment; filename=\"" + record_file_name(s.games.view(game).state, format) + "\"");
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
