// Draw offers and takebacks: asked, accepted, declined.
#include "server/domain/games.h"

#include "server/domain/games_internal.h"

namespace kirin::server {

using namespace games_internal;

void GameService::offer_draw(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = player_color(g, user);
    if (g.state.draw_offer == ~c) return finish(g, Result::Draw, kAgreement, p);
    if (g.state.draw_offer == c) throw conflict("you have already offered a draw");
    write_offer(g, p, &GameState::draw_offer, c, c, EventKind::DrawOffer, "offered");
  });
}

void GameService::accept_draw(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = player_color(g, user);
    if (g.state.draw_offer != ~c)
      throw conflict("there is no draw offer from your opponent in " + game_name(id));
    finish(g, Result::Draw, kAgreement, p);
  });
}

void GameService::decline_draw(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = player_color(g, user);
    if (g.state.draw_offer != ~c)
      throw conflict("there is no draw offer from your opponent in " + game_name(id));
    write_offer(g, p, &GameState::draw_offer, std::nullopt, c, EventKind::DrawOffer, "declined");
  });
}

void GameService::write_offer(Live& g, Pending& p, std::optional<Color> GameState::*offer,
                              std::optional<Color> by, Color actor, EventKind kind,
                              const char* what) {
  GameState next = g.state;
  next.*offer = by;
  next.version++;
  next.updated = now_();
  write(g, next);
  p.events.push_back(event(kind, next, what));
  p.events.back().by = actor == kBlack ? next.black : next.white;
}

// --- Takebacks ---

Color GameService::takeback_player(const Live& g, Id user) {
  Color c = player_color(g, user);
  if (!g.state.setup.takebacks)
    throw forbidden("takebacks are not allowed in " + game_name(g.state.id) +
                    ": its challenge refused them");
  return c;
}

void GameService::take_back(Live& g, Color asker, Pending& p) {
  // lishogi's rule: the asker's last move goes, and the opponent's reply to it if there is one,
  // so that the asker is to move again.
  const int plies = g.game.position().side_to_move() == asker ? 2 : 1;
  if (g.state.ply < plies)
    throw conflict(std::string(color_name(asker)) + " has no move to take back in " +
                   game_name(g.state.id));
  GameState next = g.state;
  const TimeMs now = now_();
  next.ply -= plies;
  next.version++;
  next.updated = now;
  next.draw_offer.reset();
  next.takeback_offer.reset();
  // Each side keeps the main time it has (its moves' time is not given back); the turn that
  // was running is not charged, and the asker's turn starts now.
  next.clock.turn_started = now;
  switch (game_repo_.take_back(next, plies)) {
    case WriteResult::Ok: break;
    case WriteResult::NotFound:
      forget(next.id, g);
      throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(next.id));
    case WriteResult::StalePly:
    case WriteResult::Changed:
      forget(next.id, g);
      throw conflict(game_name(next.id) + " changed meanwhile" + changed_advice);
  }
  Game replayed(g.start);
  for (int i = 0; i < next.ply; ++i) replayed.play(g.game.moves()[size_t(i)]);
  g.game = std::move(replayed);
  g.moves.resize(size_t(next.ply));
  g.state = next;
  p.events.push_back(event(EventKind::Takeback, next, "accepted"));
  p.events.back().by = asker == kBlack ? next.white : next.black;  // who accepted
  after_move(g, p);
}

void GameService::ask_takeback(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = takeback_player(g, user);
    if (g.state.takeback_offer == c) throw conflict("you have already asked to take back");
    if (g.state.takeback_offer == ~c)
      throw conflict("your opponent has asked to take back in " + game_name(id) +
                     ": accept or decline that first");
    const bool replied = g.game.position().side_to_move() == c;
    if (g.state.ply < (replied ? 2 : 1))
      throw conflict("you have no move to take back in " + game_name(id));
    Id cu = computer_user();
    if (cu && (c == kBlack ? g.state.white.id : g.state.black.id) == cu)
      return take_back(g, c, p);  // the computer accepts at once (lishogi's AI does)
    write_offer(g, p, &GameState::takeback_offer, c, c, EventKind::Takeback, "offered");
  });
}

void GameService::accept_takeback(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = takeback_player(g, user);
    if (g.state.takeback_offer == c)
      throw conflict("you cannot accept your own request to take back: your opponent answers it");
    if (g.state.takeback_offer != ~c)
      throw conflict("your opponent has not asked to take back in " + game_name(id));
    take_back(g, ~c, p);
  });
}

void GameService::decline_takeback(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = player_color(g, user);
    if (!g.state.takeback_offer)
      throw conflict("nobody has asked to take back in " + game_name(id));
    const bool own = g.state.takeback_offer == c;
    write_offer(g, p, &GameState::takeback_offer, std::nullopt, c, EventKind::Takeback,
                own ? "cancelled" : "declined");
  });
}

}  // namespace kirin::server
