#include "server/domain/game_analyses.h"

#include <cstdlib>

#include "notation/notation_error.h"
#include "notation/usi.h"
#include "server/domain/games.h"
#include "server/domain/service_error.h"

namespace kirin::server {

namespace {

[[noreturn]] void refuse(const std::string& message, std::string field = "positions") {
  throw ServiceError(ErrorCode::Invalid, message, std::move(field));
}

// A position's evaluation checked where it stands: one score in range and a line of legal
// moves, written back in canonical USI.
void check_eval(PositionEval& e, const Position& pos, size_t index, const AnalysisLimits& limits) {
  const std::string at = "position " + std::to_string(index);
  const std::string field = "positions[" + std::to_string(index) + "]";
  if (e.cp.has_value() == e.mate.has_value()) refuse(at + ": give either cp or mate", field);
  if (e.cp && std::abs(*e.cp) > limits.max_cp)
    refuse(at + ": cp must be within " + std::to_string(limits.max_cp) + " either way", field);
  if (e.mate && (*e.mate == 0 || std::abs(*e.mate) > limits.max_mate))
    refuse(at + ": mate must be 1 to " + std::to_string(limits.max_mate) +
               " moves, negative when White mates", field);
  if (e.pv.empty()) refuse(at + ": the line needs at least the best move", field);
  if (e.pv.size() > limits.max_pv)
    refuse(at + ": a line of at most " + std::to_string(limits.max_pv) + " moves", field);
  Position p = pos;
  for (size_t k = 0; k < e.pv.size(); ++k) {
    Move m;
    try {
      m = parse_usi(p, e.pv[k]);
    } catch (const std::exception& ex) {
      refuse(at + ", move " + std::to_string(k + 1) + " of the line " +
                 quoted_input(e.pv[k].substr(0, 40)) + ": " + ex.what(),
             field);
    }
    e.pv[k] = to_usi(p, m);
    Undo u;
    p.do_move(m, u);
  }
}

}  // namespace

GameAnalyses::GameAnalyses(AnalysisRepo& repo, GameService& games, NowFn now,
                           AnalysisLimits limits)
    : repo_(repo),
      games_(games),
      now_(std::move(now)),
      limits_(limits),
      review_rate_(limits.reviews_per_minute, now_) {}

GameAnalysis GameAnalyses::checked(Id game, int64_t nodes,
                                   std::vector<std::optional<PositionEval>> positions,
                                   bool kept) {
  GameReplay r = games_.replay(game);
  if (r.state.status != GameStatus::Finished)
    throw ServiceError(ErrorCode::Conflict,
                       "game " + std::to_string(game) + " is not finished: only a finished game "
                       "is analysed");
  if (nodes < 1 || nodes > limits_.max_nodes)
    refuse("nodes must be 1 to " + std::to_string(limits_.max_nodes), "nodes");
  if (positions.size() > limits_.max_positions)
    refuse("at most " + std::to_string(limits_.max_positions) + " positions");
  if (positions.size() != r.moves.size() + 1)
    refuse("expected " + std::to_string(r.moves.size() + 1) + " positions (the start and one "
           "after each of the game's " + std::to_string(r.moves.size()) + " moves), got " +
           std::to_string(positions.size()));
  GameAnalysis a;
  a.game = game;
  a.nodes = nodes;
  Position pos = r.start;
  for (size_t i = 0; i < positions.size(); ++i) {
    if (positions[i]) {
      if (!kept) check_eval(*positions[i], pos, i, limits_);  // a kept one was checked
    }
    else if (i + 1 != positions.size())
      refuse("position " + std::to_string(i) + " has no evaluation: only the last may have "
             "none (the game over there)", "positions[" + std::to_string(i) + "]");
    if (i < r.moves.size()) {
      a.movers.push_back(pos.side_to_move());
      Undo u;
      pos.do_move(r.moves[i], u);
    }
  }
  a.moves = std::move(r.usi);
  a.positions = std::move(positions);
  a.judgment = judge(a.positions, a.moves, a.movers, analysis_scale(r.start.variant()));
  return a;
}

GameAnalysis GameAnalyses::get(Id game) {
  std::optional<StoredAnalysis> s = repo_.find_analysis(game);
  if (!s)
    throw ServiceError(ErrorCode::NotFound,
                       "game " + std::to_string(game) + " has no computer analysis yet");
  GameAnalysis a = checked(game, s->nodes, s->positions, true);
  a.stored = std::move(s);
  return a;
}

GameAnalysis GameAnalyses::store(Id game, Id user, int64_t nodes,
                                 std::vector<std::optional<PositionEval>> positions) {
  const GameState state = games_.replay(game).state;
  if (state.black.id != user && state.white.id != user)
    throw ServiceError(ErrorCode::Forbidden,
                       "only the players of game " + std::to_string(game) +
                           " may keep its analysis: others may review it (POST "
                           "/api/analysis/review)");
  if (repo_.find_analysis(game))
    throw ServiceError(ErrorCode::Conflict,
                       "game " + std::to_string(game) + " has its computer analysis already");
  // Checking a long game's lines costs: a player's sends count with their reviews.
  review_rate_.take_or_refuse("#" + std::to_string(user), "sent", "analyses to check");
  GameAnalysis a = checked(game, nodes, std::move(positions));
  StoredAnalysis s;
  s.game = game;
  s.by = user == state.black.id ? state.black : state.white;
  s.nodes = nodes;
  s.created = now_();
  s.positions = a.positions;
  if (!repo_.add_analysis(s))
    throw ServiceError(ErrorCode::Conflict,
                       "game " + std::to_string(game) + " has its computer analysis already");
  a.stored = std::move(s);
  return a;
}

GameAnalysis GameAnalyses::review(Id game, const std::string& requester, int64_t nodes,
                                  std::vector<std::optional<PositionEval>> positions) {
  review_rate_.take_or_refuse(requester, "sent", "analyses to check");
  return checked(game, nodes, std::move(positions));
}

}  // namespace kirin::server
