// POST /api/positions: the legal moves of any position of any game, for the analysis board,
// where a person plays moves that no stored game holds: the page sends the start position and
// the moves, and gets back what may follow (notation/position_moves, which the browser's
// rules module answers from as well, src/wasm/rules_main.cpp).
#include "notation/position_moves.h"
#include "notation/sfen.h"
#include "server/http/analysis.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"
#include "server/http/move_details.h"

namespace kirin::server::http {

using nlohmann::json;

void add_position_routes(Router& router) {
  router.add("POST", "/api/positions", [](const Request& r) {
    // The fields of an analysis request: variant, sfen, moves and the rule options.
    AnalysisRequest request = read_analysis_request(r.json(), AnalysisLimits{});
    const Game& game = *request.game;
    PositionMoves moves = position_moves(game);
    const Outcome& outcome = game.outcome();
    return json_response(
        {{"variant", request.variant},
         {"sfen", to_sfen(game.position())},
         {"to_move", color_word(game.position().side_to_move())},
         {"legal_moves", std::move(moves.legal_moves)},
         {"other_spellings", std::move(moves.other_spellings)},
         {"check", std::move(moves.check)},
         {"result", outcome.over() ? json(describe(outcome)) : json(nullptr)}});
  });
}

}  // namespace kirin::server::http
