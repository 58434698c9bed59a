// A finished game's computer analysis (issue 33; game_analyses.h): GET /api/games/{id}/analysis
// the kept one, judged; PUT the same path keeps a player's; POST /api/analysis/review judges
// anyone's without keeping it. The evaluations come from the player's browser engine.
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw HttpError(400, "bad_request", where + " " + what);
}

int score_of(const json& p, const char* name, const std::string& where) {
  const json& v = p[name];
  if (!v.is_number_integer()) bad(where, std::string("\"") + name + "\" must be a whole number");
  const int64_t n = v.get<int64_t>();
  if (n < -1'000'000'000 || n > 1'000'000'000) bad(where, std::string("\"") + name + "\" is out of range");
  return int(n);
}

// {"nodes": N, "positions": [{"cp": 35, "pv": ["7g7f", ...]}, {"mate": -3, "pv": [...]}, null]}
// read as the domain takes it; the service checks what the values mean.
std::pair<int64_t, std::vector<std::optional<PositionEval>>> read_analysis(
    const json& body, const AnalysisLimits& limits) {
  auto nodes = body.find("nodes");
  if (nodes == body.end() || !nodes->is_number_integer())
    bad("field \"nodes\"", "must be the engine's nodes per position, a whole number");
  auto list = body.find("positions");
  if (list == body.end() || !list->is_array())
    bad("field \"positions\"", "must be a list: each position's evaluation, the start's first");
  if (list->size() > limits.max_positions)
    bad("field \"positions\"", "holds at most " + std::to_string(limits.max_positions) + " positions");
  std::vector<std::optional<PositionEval>> out;
  for (size_t i = 0; i < list->size(); ++i) {
    const json& p = (*list)[i];
    const std::string where = "positions[" + std::to_string(i) + "]";
    if (p.is_null()) {
      out.emplace_back();
      continue;
    }
    if (!p.is_object()) bad(where, "must be an object such as {\"cp\": 35, \"pv\": [\"7g7f\"]} or null");
    PositionEval e;
    if (p.contains("cp") && !p["cp"].is_null()) e.cp = score_of(p, "cp", where);
    if (p.contains("mate") && !p["mate"].is_null()) e.mate = score_of(p, "mate", where);
    auto pv = p.find("pv");
    if (pv == p.end() || !pv->is_array()) bad(where, "needs \"pv\": the best move first");
    if (pv->size() > limits.max_pv)
      bad(where, "\"pv\" holds at most " + std::to_string(limits.max_pv) + " moves");
    for (const json& m : *pv) {
      if (!m.is_string() || m.get_ref<const std::string&>().size() > 32)
        bad(where, "\"pv\" must hold USI moves such as \"7g7f\"");
      e.pv.push_back(m.get<std::string>());
    }
    out.push_back(std::move(e));
  }
  return {nodes->get<int64_t>(), std::move(out)};
}

json optional_number(const std::optional<int>& v) { return v ? json(*v) : json(nullptr); }

double rounded(double x) { return double(int64_t(x * 10 + (x < 0 ? -0.5 : 0.5))) / 10; }

json analysis_json(const GameAnalysis& a) {
  json positions = json::array();
  for (size_t i = 0; i < a.positions.size(); ++i) {
    const auto& p = a.positions[i];
    if (!p) {
      positions.push_back(nullptr);
      continue;
    }
    positions.push_back({{"cp", optional_number(p->cp)},
                         {"mate", optional_number(p->mate)},
                         {"pv", p->pv},
                         {"win", rounded(*a.judgment.win[i])}});
  }
  json moves = json::array();
  for (const MoveJudgment& m : a.judgment.moves) {
    json j = {{"ply", m.ply},
              {"color", color_word(m.mover)},
              {"usi", a.moves[size_t(m.ply - 1)]},
              {"mark", m.mark == Mark::None ? json(nullptr) : json(mark_word(m.mark))},
              {"glyph", m.mark == Mark::None ? json(nullptr) : json(mark_glyph(m.mark))},
              {"mate", m.mate == MateChange::None ? json(nullptr) : json(mate_change_word(m.mate))},
              {"best", m.best.empty() ? json(nullptr) : json(m.best)}};
    if (m.judged) {
      j["loss"] = m.loss;
      j["accuracy"] = rounded(m.accuracy);
    } else {
      j["loss"] = nullptr;
      j["accuracy"] = nullptr;
    }
    moves.push_back(j);
  }
  json players = json::object();
  for (Color c : {kBlack, kWhite}) {
    const PlayerSummary& p = a.judgment.players[c];
    players[color_word(c)] = {{"inaccuracies", p.inaccuracies},
                              {"mistakes", p.mistakes},
                              {"blunders", p.blunders},
                              {"moves", p.moves},
                              {"acpl", optional_number(p.acpl)},
                              {"accuracy", p.accuracy ? json(rounded(*p.accuracy)) : json(nullptr)}};
  }
  json out = {{"game", a.game},
              {"nodes", a.nodes},
              {"stored", a.stored.has_value()},
              {"by", a.stored ? to_json(a.stored->by) : json(nullptr)},
              {"created_ms", a.stored ? json(a.stored->created) : json(nullptr)},
              {"scale", rounded(a.judgment.scale.scale * 100) / 100},
              {"positions", positions},
              {"moves", moves},
              {"players", players}};
  return out;
}

}  // namespace

void add_analysis_routes(Router& router, const ApiServices& s) {
  GameAnalyses& analyses = s.games.analyses();
  router.add("GET", "/api/games/{id}/analysis", [&analyses](const Request& r) {
    return json_response(analysis_json(analyses.get(id_param(r, "id"))));
  });
  router.add("PUT", "/api/games/{id}/analysis", [s, &analyses](const Request& r) {
    User user = signed_in(s.accounts, r);
    const Id game = id_param(r, "id");
    auto [nodes, positions] = read_analysis(require_object(r.json()), analyses.limits());
    return json_response(analysis_json(analyses.store(game, user.id, nodes, std::move(positions))), 201);
  });
  router.add("POST", "/api/analysis/review", [s, &analyses](const Request& r) {
    std::optional<User> user = maybe_signed_in(s.accounts, r);
    const json parsed = r.json();
    const json& body = require_object(parsed);
    auto game = body.find("game");
    if (game == body.end() || !game->is_number_integer() || game->get<int64_t>() < 1)
      bad("field \"game\"", "must be the game's id");
    auto [nodes, positions] = read_analysis(body, analyses.limits());
    const std::string requester = user ? "#" + std::to_string(user->id) : r.client;
    return json_response(
        analysis_json(analyses.review(Id(game->get<int64_t>()), requester, nodes, std::move(positions))));
  });
}

}  // namespace kirin::server::http
