// Games as shown: lists of them, one game's view and its export.
#include "server/domain/games.h"

#include <algorithm>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/movegen.h"
#include "server/domain/games_internal.h"

namespace kirin::server {

using namespace games_internal;

namespace {

// The sealed move is the sealer's secret until the game resumes (docs/API.md, adjourn).
void hide_sealed_move(GameState& state, Id viewer) {
  if (state.sealed && state.sealed->by != viewer) state.sealed->usi.clear();
}

std::vector<GameState> seen_by(std::vector<GameState> list, Id viewer) {
  for (GameState& state : list) hide_sealed_move(state, viewer);
  return list;
}

}  // namespace

std::vector<GameState> GameService::games_of(Id user, Id viewer) {
  return seen_by(game_repo_.list_games_of(user), viewer);
}

std::vector<GameState> GameService::find_games(const GameQuery& query, Id viewer) {
  return seen_by(game_repo_.find_games(query), viewer);
}

GameView GameService::view(Id id, Id viewer) {
  return with_game(id, [&](Live& g, Pending&) {
    GameView v;
    v.state = g.state;
    hide_sealed_move(v.state, viewer);
    v.game_name = g.variant->name;
    v.start_sfen = g.state.start_sfen;
    const Position& pos = g.game.position();
    v.sfen = to_sfen(pos);
    v.to_move = pos.side_to_move();
    v.moves = g.moves;
    v.comments_total = g.comments.size();
    v.comments.assign(g.comments.end() - std::min(g.comments.size(), kViewComments),
                      g.comments.end());
    v.now = now_();
    v.result_text = describe_result(g.state);
    if (g.state.status == GameStatus::Active) {
      auto list = std::make_unique<MoveList>();  // large: not on the stack
      generate_moves(pos, *list);
      for (const Move& m : *list) v.legal_moves.push_back(to_usi(pos, m));
    }
    v.running = running_clock(g.state);
    v.deadline = flag_deadline(g.state);
    v.abort_at = abort_deadline(g.state, first_move_timeout(g.state));
    v.clock_ms = clock_left(g.state, v.now);
    v.periods_left = periods_left(g.state, v.now);
    if (is_computer(g.state.black)) v.computer = kBlack;
    else if (is_computer(g.state.white)) v.computer = kWhite;
    if (g.state.setup.rated && g.state.status == GameStatus::Finished)
      v.rating_changes = ratings_.changes_of_game(id);
    if (g.state.status == GameStatus::Finished) v.analysed = analyses_.kept(id);
    return v;
  });
}

GameReplay GameService::replay(Id id) {
  return with_game(id, [&](Live& g, Pending&) {
    std::vector<std::string> usi;
    for (const MoveRecord& m : g.moves) usi.push_back(m.usi);
    return GameReplay{g.state, g.start, g.game.moves(), std::move(usi)};
  });
}

std::string GameService::export_game(Id id, std::string_view format) {
  const Exporter exporter = exporter_for(format);
  return with_game(id, [&](Live& g, Pending&) {
    return exporter(ExportInput{g.state, g.start, g.game.moves(), g.moves});
  });
}

}  // namespace kirin::server
