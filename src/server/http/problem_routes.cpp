// The problems room (GET /api/problems, one problem, its solution, an attempt at it) and the
// analysis board's "find a mate" (POST /api/mate): translations of ProblemService and
// MateService, whose limits (server/domain/mate_service.h) apply to both.
#include <limits>

#include "notation/problem_proofs.h"
#include "rules/catalog.h"
#include "server/domain/service_error.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

// The mate Kirin proved, with its proof at .../proof; null when none is built in.
json proved_json(const ProblemCollection& c, const Problem& p) {
  const BuiltinProof* proof = builtin_proof(c.id, p.name);
  if (!proof) return json();
  return {{"moves", proof->row.moves},
          {"shortest", proof->row.shortest},
          {"positions", proof->row.positions}};
}

json problem_json(const ProblemCollection& c, const Problem& p) {
  return {{"collection", c.id},
          {"name", p.name},
          {"series", p.series},
          {"game", c.game},
          {"sfen", p.sfen},
          {"moves", p.published_moves()},
          {"proved", proved_json(c, p)},
          {"attacker", color_word(ProblemService::attacker(p))}};
}

json collection_json(const ProblemCollection& c) {
  json series = json::array();
  for (const Problem& p : c.problems) {
    if (series.empty() || series.back()["series"] != p.series)
      series.push_back({{"series", p.series}, {"problems", json::array()}});
    json entry = problem_json(c, p);
    for (const char* repeated : {"collection", "series", "game"}) entry.erase(repeated);
    series.back()["problems"].push_back(std::move(entry));
  }
  return {{"id", c.id},
          {"game", c.game},
          {"game_name", builtin_variant(c.game)->name},
          {"title", c.title},
          {"title_ja", c.title_ja},
          {"source", c.source},
          {"count", c.problems.size()},
          {"series", std::move(series)}};
}

// The problem with its collection's title and source.
json problem_page_json(const ProblemCollection& c, const Problem& p) {
  json j = problem_json(c, p);
  j["collection_title"] = c.title;
  j["collection_title_ja"] = c.title_ja;
  j["source"] = c.source;
  j["game_name"] = builtin_variant(c.game)->name;
  return j;
}

// "moves": a list of USI moves; a 400 naming the field or the entry otherwise.
std::vector<std::string> read_moves(const json& body, bool required) {
  std::vector<std::string> moves;
  auto it = body.find("moves");
  if (it == body.end() || it->is_null()) {
    if (required)
      throw HttpError(400, "bad_request", "field \"moves\" is required: a list of USI moves");
    return moves;
  }
  if (!it->is_array())
    throw HttpError(400, "bad_request", "field \"moves\" must be a list of USI moves");
  for (std::size_t i = 0; i < it->size(); ++i) {
    if (!(*it)[i].is_string())
      throw HttpError(400, "bad_request",
                      "moves[" + std::to_string(i) + "] must be a string such as \"7g7f\"");
    moves.push_back((*it)[i].get<std::string>());
  }
  return moves;
}

Asker asker_of(Accounts& accounts, const Request& r) {
  std::optional<User> user = maybe_signed_in(accounts, r);
  return Asker{user ? user->id : 0, r.client};
}

// The setup's fields as the analysis board names them ("variant", "sfen").
ServiceError with_board_field(const ServiceError& e) {
  std::string field = e.field() == "game"         ? "variant"
                      : e.field() == "start_sfen" ? "sfen"
                                                  : e.field();
  ServiceError renamed(e.code(), e.what(), field, e.offset());
  renamed.retry_after(e.retry_after_s());
  return renamed;
}

}  // namespace

void add_problem_routes(Router& router, const ApiServices& services) {
  ProblemService& problems = services.problems;
  router.add("GET", "/api/problems", [&problems](const Request&) {
    json collections = json::array();
    for (const ProblemCollection& c : problems.collections())
      collections.push_back(collection_json(c));
    return json_response({{"collections", std::move(collections)}});
  });
  router.add("GET", "/api/problems/{collection}/{name}", [&problems](const Request& r) {
    const ProblemCollection& c = problems.collection(r.params.at("collection"));
    return json_response(problem_page_json(c, problems.problem(c.id, r.params.at("name"))));
  });
  router.add("GET", "/api/problems/{collection}/{name}/solution", [&problems](const Request& r) {
    const ProblemCollection& c = problems.collection(r.params.at("collection"));
    const Problem& p = problems.problem(c.id, r.params.at("name"));
    json j = problem_page_json(c, p);
    j["solution"] = p.solution;
    return json_response(j);
  });
  // The proof of the mate Kirin proved, as text (notation/mate_proof.h; tools/proof-check
  // checks it).
  router.add("GET", "/api/problems/{collection}/{name}/proof", [&problems](const Request& r) {
    const ProblemCollection& c = problems.collection(r.params.at("collection"));
    const Problem& p = problems.problem(c.id, r.params.at("name"));
    const BuiltinProof* proof = builtin_proof(c.id, p.name);
    if (!proof)
      throw HttpError(404, "not_found",
                      "no proof of " + p.name + ": the solver has not proved a mate in it");
    Response response;
    response.content_type = "text/plain; charset=utf-8";
    response.body = std::string(proof->text);
    response.headers.emplace_back("Content-Disposition",
                                  "inline; filename=\"" + c.id + "-" + p.name + ".proof\"");
    return response;
  });
  // An attempt, solved by the server (on the solver's threads, below), or checked only: the
  // book's line, a mate, a move that attacks nothing, and else "unsolved" for the browser's own
  // engine to solve (on the request workers: it costs no solve).
  auto attempt_route = [&problems, &accounts = services.accounts](Solving solving) {
    return [&problems, &accounts, solving](const Request& r) {
      json body = require_object(r.json());
      std::vector<std::string> moves = read_moves(body, true);
      AttemptAnswer a = problems.attempt(r.params.at("collection"), r.params.at("name"), moves,
                                         asker_of(accounts, r), solving);
      auto or_null = [](const std::string& s) { return s.empty() ? json() : json(s); };
      return json_response(
          {{"verdict", verdict_word(a.verdict)},
           {"reason", or_null(a.reason)},
           {"reply", or_null(a.reply)},
           {"refutation", or_null(a.refutation)},
           {"mate_in", a.mate_moves ? json(a.mate_moves) : json()},
           {"mate_exact", a.mate_exact},
           {"mate_length", a.mate_moves && !a.from_book
                               ? json(mate_length_word(a.mate_exact, a.mate_bounded))
                               : json()},
           {"from_book", a.from_book},
           {"cached", a.cached},
           {"nodes", a.nodes},
           {"time_ms", a.time_ms}});
    };
  };
  router.add("POST", "/api/problems/{collection}/{name}/attempt", attempt_route(Solving::by_server));
  router.add("POST", "/api/problems/{collection}/{name}/check", attempt_route(Solving::by_caller));
  router.add("POST", "/api/mate", [&mate = services.mate, &accounts = services.accounts](
                                      const Request& r) {
    json body = require_object(r.json());
    if (!body.contains("variant") || !body["variant"].is_string())
      throw HttpError(400, "bad_request",
                      "field \"variant\" is required: a game id or alias such as \"chu\"");
    json setup = {{"game", body["variant"]}};
    for (const char* field : {"profile", "options", "drops", "handicap", "sfen"})
      if (body.contains(field)) setup[field] = body[field];
    GameSetup game_setup = read_challenge_request(setup).setup;
    std::vector<std::string> moves = read_moves(body, false);
    int movetime =
        optional_int(body, "movetime_ms", 1, std::numeric_limits<int>::max()).value_or(0);
    MateAnswer a;
    try {
      a = mate.solve(game_setup, moves, movetime, asker_of(accounts, r));
    } catch (const ServiceError& e) {
      throw with_board_field(e);
    }
    return json_response({{"status", mate_status_word(a.status)},
                          {"mate_in", a.status == MateStatus::Mate ? json(a.mate_moves) : json()},
                          {"exact", a.status == MateStatus::Mate && a.exact},
                          {"length", a.status == MateStatus::Mate
                                         ? json(mate_length_word(a.exact, a.bounded))
                                         : json()},
                          {"line", a.line},
                          {"nodes", a.nodes},
                          {"time_ms", a.time_ms},
                          {"movetime_ms", a.movetime_ms},
                          {"cached", a.cached}});
  });
  // The routes that may solve run on the solver's threads, in the asker's turn, and answer
  // from there: no HTTP worker waits for a solve (MateService::post).
  Poster solving = [&mate = services.mate, &accounts = services.accounts](
                       const Request& r, std::function<void()> work, std::function<void()> then) {
    mate.post(asker_of(accounts, r), std::move(work), std::move(then));
  };
  router.run_on_pool("POST", "/api/problems/{collection}/{name}/attempt", solving);
  router.run_on_pool("POST", "/api/mate", solving);
}

}  // namespace kirin::server::http
