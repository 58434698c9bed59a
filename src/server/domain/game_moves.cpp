// Moves: played, sealed and resumed, charged to the clocks; previews, forecasts and queues.
#include "server/domain/games.h"

#include <algorithm>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "server/domain/games_internal.h"

namespace kirin::server {

using namespace games_internal;

namespace {

// A copy of `value`, taken under `mutex`.
template <class Mutex, class T>
T locked_copy(Mutex& mutex, const T& value) {
  std::lock_guard lock(mutex);
  return value;
}

}  // namespace

MoveAck GameService::store_move(Live& g, GameState next, const Move& m, int64_t used,
                                TimeMs at, Pending& p) {
  Color mover = g.game.position().side_to_move();
  MoveRecord rec{g.state.ply + 1, to_usi(g.game.position(), m), used, at};
  Game after = g.game;
  after.play(m);
  next.ply = rec.ply;
  next.version++;
  next.updated = now_();
  next.status = GameStatus::Active;
  next.sealed.reset();
  if (next.draw_offer && *next.draw_offer != mover) next.draw_offer.reset();  // declined by moving
  next.takeback_offer.reset();  // a move by either side ends the request (docs/API.md)
  if (after.outcome().over()) {
    next.status = GameStatus::Finished;
    next.result = after.outcome().result;
    next.reason = reason_word(after.outcome().reason);
  }
  switch (game_repo_.append_move(g.state.id, g.state.ply, rec, next)) {
    case WriteResult::Ok: break;
    case WriteResult::NotFound:
      forget(g.state.id, g);
      throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(g.state.id));
    case WriteResult::StalePly:
      forget(g.state.id, g);
      throw conflict("another move was played first as move " + std::to_string(rec.ply) +
                     " of " + game_name(g.state.id) + changed_advice);
    case WriteResult::Changed:
      forget(g.state.id, g);
      throw conflict(game_name(g.state.id) + " changed meanwhile" + changed_advice);
  }
  g.game = std::move(after);
  g.state = next;
  g.moves.push_back(rec);
  p.events.push_back(event(EventKind::Move, next, rec.usi));
  if (next.status == GameStatus::Finished) {
    p.events.push_back(event(EventKind::Result, next, describe_result(next)));
    ended(next);
  }
  after_move(g, p);
  return {rec, next};
}

int64_t GameService::charge_or_end(Live& g, GameState& next, Color mover, TimeMs now,
                                   const char* doing, Pending& p) {
  if (abort_if_no_first_move(g, now, p))
    throw conflict(std::string(color_name(mover)) + "'s time for its first move ran out before " +
                   doing + ": " + game_name(g.state.id) + " is aborted");
  std::optional<int64_t> used = charge_turn(next, mover, now);
  if (used) return *used;
  finish(g, win_for(~mover), kTimeout, p, mover);
  throw conflict(std::string(color_name(mover)) + "'s time ran out before " + doing + ": " +
                 color_name(~mover) + " wins on time");
}

MoveAck GameService::play_move(Id id, Id user, std::string_view text,
                               std::optional<int> expected_ply) {
  MoveParser parser = locked_copy(mutex_, parser_);
  return with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = player_color(g, user);
    // The ply first: a client whose view is stale learns that, not a misleading "not your turn".
    if (expected_ply) check_expected_ply(g.state, *expected_ply);
    Color stm = g.game.position().side_to_move();
    if (c != stm)
      throw forbidden("it is not your turn: " + std::string(color_name(stm)) + " is to move in " +
                      game_name(id));
    Move m = read_checked_move(parser, g.game.position(), text);
    TimeMs now = now_();
    GameState next = g.state;
    int64_t used = charge_or_end(g, next, c, now, "the move", p);
    MoveAck ack = store_move(g, next, m, used, now, p);
    play_forecasts(g, p);
    return ack;
  });
}

void GameService::adjourn(Id id, Id user, std::string_view sealed_move) {
  MoveParser parser = locked_copy(mutex_, parser_);
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = player_color(g, user);
    if (c != g.game.position().side_to_move())
      throw forbidden("only the player to move can adjourn " + game_name(id) +
                      ", by sealing a move");
    Move m = read_checked_move(parser, g.game.position(), sealed_move);
    TimeMs now = now_();
    GameState next = g.state;
    int64_t used = charge_or_end(g, next, c, now, "sealing", p);
    next.status = GameStatus::Adjourned;
    next.sealed = SealedMove{to_usi(g.game.position(), m), user, used, now};
    next.version++;
    next.updated = now;
    write(g, next);
    p.events.push_back(event(EventKind::Adjourn, next, "adjourned"));
  });
}

MoveAck GameService::resume(Id id, Id user) {
  return with_game(id, [&](Live& g, Pending& p) {
    if (g.state.status != GameStatus::Adjourned || !g.state.sealed)
      throw conflict(game_name(id) + " is not adjourned");
    player_color(g, user);
    SealedMove sealed = *g.state.sealed;
    Move m = parse_usi(g.game.position(), sealed.usi);  // stored canonical, legal when sealed
    GameState next = g.state;
    next.clock.turn_started = now_();  // the clocks stood still while adjourned
    GameState before = g.state;
    MoveAck ack = store_move(g, next, m, sealed.time_used_ms, sealed.at, p);
    p.events.insert(p.events.begin(), event(EventKind::Adjourn, before, "resumed"));
    play_forecasts(g, p);
    return ack;
  });
}

// --- Previews and forecasts ---

MoveParser GameService::parser_or_default(MoveParser parser) {
  return parser ? parser : locked_copy(mutex_, parser_);
}

Preview GameService::preview(Id id, const std::vector<std::string>& moves, MoveParser parser) {
  if (moves.empty())
    throw ServiceError(ErrorCode::Invalid, "name at least one move to preview", "moves");
  if (moves.size() > kMaxPreviewMoves)
    throw ServiceError(ErrorCode::Invalid,
                       "at most " + std::to_string(kMaxPreviewMoves) + " moves are previewed",
                       "moves");
  parser = parser_or_default(std::move(parser));
  auto [game, ply] = with_game(id, [&](Live& g, Pending&) {
    if (is_over(g.state.status))
      throw conflict(game_name(id) + " is over (" + describe_result(g.state) + ")");
    return std::pair<Game, int>(g.game, g.state.ply);
  });
  ReadLine line = read_line(std::move(game), ply, moves, parser, "moves");  // outside the lock
  Preview out;
  out.moves = std::move(line.usi);
  out.ply = ply + int(out.moves.size());
  out.sfen = to_sfen(line.game.position());
  out.to_move = line.game.position().side_to_move();
  if (line.game.outcome().over()) out.ending = reason_word(line.game.outcome().reason);
  return out;
}

Forecast GameService::forecast(Id id, Id user) {
  return with_game(id, [&](Live& g, Pending&) {
    player_color(g, user);
    std::optional<Forecast> f = forecast_repo_.find_forecast(id, user);
    if (!f || f->ply != g.state.ply) return Forecast{g.state.ply, {}};  // the game left it
    return *f;
  });
}

Color GameService::forecaster(const Live& g, Id user, int first_moves) {
  require_active(g.state);
  Color c = player_color(g, user);
  const Id id = g.state.id;
  // Games without a live clock: correspondence, and untimed games (pbmserv's, played by mail).
  if (g.state.time_control.kind == TimeControl::Kind::Live)
    throw ServiceError(ErrorCode::Invalid,
                       "conditional moves are for games without a live clock; " +
                           game_name(id) + " is played at " + describe(g.state.time_control),
                       "lines");
  if (g.state.black.id == g.state.white.id)
    throw conflict("you play both sides of " + game_name(id) + ": there is nobody to foresee");
  if ((g.game.position().side_to_move() == c) != (first_moves % 2 == 1))
    throw conflict("it is your turn in " + game_name(id) +
                   ": play your move; conditional moves are stored while your opponent thinks");
  return c;
}

Forecast GameService::set_forecast(Id id, Id user,
                                   const std::vector<std::vector<std::string>>& lines,
                                   MoveParser parser) {
  parser = parser_or_default(std::move(parser));
  return with_game(id, [&](Live& g, Pending&) {
    if (lines.empty()) {  // deleting them is always allowed to the player
      player_color(g, user);
      forecast_repo_.set_forecast(id, user, Forecast{g.state.ply, {}});
      return Forecast{g.state.ply, {}};
    }
    forecaster(g, user, 0);
    Forecast f{g.state.ply,
               check_forecast_lines(g.game, g.state.ply, lines, parser, options_.forecast)};
    forecast_repo_.set_forecast(id, user, f);
    return f;
  });
}

GameService::Queued GameService::queue(Id id, Id user, const std::vector<std::string>& moves,
                                       std::optional<int> expected_ply, MoveParser parser) {
  if (moves.empty()) throw ServiceError(ErrorCode::Invalid, "name the moves to queue", "moves");
  parser = parser_or_default(std::move(parser));
  return with_game(id, [&](Live& g, Pending& p) {
    if (expected_ply) check_expected_ply(g.state, *expected_ply);
    require_active(g.state);
    const Color c = player_color(g, user);
    const int first_moves = g.game.position().side_to_move() == c ? 1 : 0;
    forecaster(g, user, first_moves);
    ReadLine line = read_line(g.game, g.state.ply, moves, parser, "moves");
    std::vector<std::string> rest(line.usi.begin() + first_moves, line.usi.end());
    Queued out;
    // The lines already stored for the position the new one starts from, then the new one.
    Forecast f{g.state.ply + first_moves, {}};
    if (!first_moves)
      if (std::optional<Forecast> stored = forecast_repo_.find_forecast(id, user);
          stored && stored->ply == f.ply)
        f.lines = stored->lines;
    if (!rest.empty()) f.lines.push_back(rest);
    Game from = g.game;
    if (first_moves) from.play(parse_usi(from.position(), line.usi[0]));
    f.lines = check_forecast_lines(from, f.ply, f.lines, parse_usi, options_.forecast);
    if (first_moves) {
      Move m = parse_usi(g.game.position(), line.usi[0]);
      TimeMs now = now_();
      GameState next = g.state;
      int64_t used = charge_or_end(g, next, c, now, "the move", p);
      out.played = store_move(g, next, m, used, now, p);
    }
    if (!f.lines.empty()) forecast_repo_.set_forecast(id, user, f);
    if (first_moves) play_forecasts(g, p);  // the opponent's answer, and then perhaps ours
    out.forecast = std::move(f);
    return out;
  });
}

void GameService::play_forecasts(Live& g, Pending& p) {
  // Each answer played may be what the other player's forecast waits for: follow both, as
  // long as they match (a line is at most ForecastLimits::plies long).
  while (g.state.status == GameStatus::Active &&
         g.state.time_control.kind != TimeControl::Kind::Live && !g.moves.empty() &&
         g.state.black.id != g.state.white.id) {
    const Color stm = g.game.position().side_to_move();
    const Id player = stm == kBlack ? g.state.black.id : g.state.white.id;
    // The move that called for the answer is stored already: a failure here only leaves the
    // answer unplayed (the player is then to move as without a forecast).
    try {
      std::optional<Forecast> f = forecast_repo_.find_forecast(g.state.id, player);
      if (!f) return;
      ForecastStep step = follow_forecast(*f, g.state.ply - 1, g.moves.back().usi);
      forecast_repo_.set_forecast(g.state.id, player, step.rest);  // no lines left: deleted
      if (!step.answer) return;
      Move m = parse_usi(g.game.position(), *step.answer);  // checked when stored
      GameState next = g.state;
      const TimeMs now = now_();
      std::optional<int64_t> used = charge_turn(next, stm, now);
      if (!used) return;  // out of time: expire_clocks ends the game
      const size_t at = p.events.size();
      store_move(g, next, m, *used, now, p);
      p.events[at].queued = true;  // store_move's first event is the move (mail notices)
    } catch (const std::exception&) {
      return;
    }
  }
}

}  // namespace kirin::server
