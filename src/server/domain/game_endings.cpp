// How games end: resignation, abort, time running out; the result written and rated.
#include "server/domain/games.h"

#include "server/domain/clocks.h"
#include "server/domain/games_internal.h"

namespace kirin::server {

using namespace games_internal;

void GameService::finish(Live& g, Result result, const std::string& reason, Pending& p,
                         std::optional<Color> flagged, GameStatus status) {
  GameState next = g.state;
  const TimeMs now = now_();
  charge_unfinished_turn(next, now);
  next.status = status;
  next.result = result;
  next.reason = reason;
  next.draw_offer.reset();
  next.takeback_offer.reset();
  next.sealed.reset();
  if (flagged) {
    next.clock.remaining_ms[*flagged] = 0;
    next.clock.periods_used[*flagged] = byoyomi_periods(colour_time_control(next, *flagged));
  }
  next.version++;
  next.updated = now;
  write(g, next);
  p.events.push_back(event(EventKind::Result, next, describe_result(next)));
  ended(next);
}

int64_t GameService::first_move_timeout(const GameState& s) {
  if (s.tournament) {
    // A tournament waits for nobody: a person who does not move loses the game (the director
    // counts its abort as their forfeit), even against the computer, which always answers.
    const PlayerRef& mover = side_to_move(s) == kBlack ? s.black : s.white;
    return is_computer(mover) ? 0 : options_.first_move_timeout_ms;
  }
  if (is_computer(s.black) || is_computer(s.white)) return 0;
  return options_.first_move_timeout_ms;
}

void GameService::ended(const GameState& s) {
  // After the game's own write: a failure here leaves the game over, its ratings unsettled
  // (what `kirin ratings recompute` repairs), and the caller told.
  ratings_.game_over(s);
}

bool GameService::abort_if_no_first_move(Live& g, TimeMs now, Pending& p) {
  std::optional<TimeMs> limit = abort_deadline(g.state, first_move_timeout(g.state));
  if (!limit || now <= *limit) return false;
  finish(g, Result::Ongoing, kNoFirstMove, p, std::nullopt, GameStatus::Aborted);
  return true;
}

void GameService::resign(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    if (is_over(g.state.status))
      throw conflict(game_name(id) + " is over (" + describe_result(g.state) + ")");
    finish(g, win_for(~player_color(g, user)), kResignation, p);
  });
}

void GameService::abort(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    player_color(g, user);
    // An abort would be a forfeit (tournament_director.cpp) of whoever is to move, who may
    // not be the one aborting.
    if (g.state.tournament)
      throw forbidden(game_name(id) + " is a tournament's: it is not aborted (resign it)");
    if (both_have_moved(g.state))
      throw conflict("both players have moved in " + game_name(id) +
                     ": it can no longer be aborted (resign, or offer a draw)");
    finish(g, Result::Ongoing, kAborted, p, std::nullopt, GameStatus::Aborted);
  });
}

int GameService::expire_clocks(TimeMs now) {
  int ended = 0;
  for (const GameState& s : game_repo_.list_unfinished_games()) {
    if (s.status != GameStatus::Active || s.time_control.kind == TimeControl::Kind::None)
      continue;
    // Skip loading the games whose time has not run out.
    std::optional<TimeMs> flag = flag_deadline(s);
    std::optional<TimeMs> abort = abort_deadline(s, first_move_timeout(s));
    if (!(flag && now > *flag) && !(abort && now > *abort)) continue;
    try {
      ended += with_game(s.id, [&](Live& g, Pending& p) {
        if (g.state.status != GameStatus::Active) return 0;
        if (abort_if_no_first_move(g, now, p)) return 1;
        std::optional<TimeMs> d = flag_deadline(g.state);
        if (!d || now <= *d) return 0;
        Color stm = g.game.position().side_to_move();
        finish(g, win_for(~stm), kTimeout, p, stm);
        return 1;
      });
    } catch (const ServiceError&) {
      // The game changed meanwhile (a move, another server): the next round looks again.
    }
  }
  return ended;
}

}  // namespace kirin::server
