// Berserk: an arena player trades half their main time, and their byoyomi or increment, for a
// point more if they win (lishogi's rule; the scoring is tournament_pairing.h's).
#include "server/domain/clocks.h"
#include "server/domain/games.h"
#include "server/domain/games_internal.h"

namespace kirin::server {

using namespace games_internal;

void GameService::berserk(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    const Color c = player_color(g, user);
    if (!g.state.berserk_allowed)
      throw forbidden("berserk is not allowed in " + game_name(id) +
                      ": only an arena that allows it lets its players berserk");
    require_active(g.state);
    if (g.state.berserk[c]) throw conflict("you have already berserked in " + game_name(id));
    if (has_moved(g.state, c))
      throw conflict("you have moved in " + game_name(id) +
                     ": berserk is before one's first move");
    if (g.state.time_control.kind != TimeControl::Kind::Live || g.state.time_control.main_ms == 0)
      throw conflict(game_name(id) + " has no main time to halve (" +
                     describe(g.state.time_control) + ")");
    GameState next = g.state;
    berserk_clock(next, c);
    next.version++;
    next.updated = now_();
    write(g, next);
    p.events.push_back(event(EventKind::Berserk, next, c == kBlack ? "black" : "white"));
  });
}

}  // namespace kirin::server
