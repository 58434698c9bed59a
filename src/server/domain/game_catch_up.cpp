// Changes other processes made to games: the cached game caught up, what changed published.
#include "server/domain/games.h"

#include <algorithm>

#include "notation/usi.h"
#include "server/domain/games_internal.h"

namespace kirin::server {

using namespace games_internal;

bool GameService::catch_up(Live& g, StoredGame stored, Pending& p) {
  const size_t first_event = p.events.size();
  const GameState before = g.state;
  GameState& now = stored.state;
  if (now.version < before.version) return false;
  // Moves taken back (a takeback): the stored moves part from the cached ones.
  size_t kept = 0;
  while (kept < g.moves.size() && kept < stored.moves.size() &&
         g.moves[kept].usi == stored.moves[kept].usi)
    ++kept;
  int from_ply = before.ply;
  if (kept < g.moves.size()) {
    Game replayed(g.start);
    for (size_t i = 0; i < kept; ++i) replayed.play(g.game.moves()[i]);
    g.game = std::move(replayed);
    g.moves.resize(kept);
    from_ply = int(kept);
    GameState at = now;
    at.ply = from_ply;
    p.events.push_back(event(EventKind::Takeback, at, "accepted"));
  }
  bool moved = false;
  if (before.status == GameStatus::Adjourned && now.status != GameStatus::Adjourned)
    p.events.push_back(event(EventKind::Adjourn, before, "resumed"));
  for (const MoveRecord& m : stored.moves) {
    if (m.ply <= from_ply) continue;
    try {
      g.game.play(parse_usi(g.game.position(), m.usi));
    } catch (const NotationError&) {
      return false;
    }
    g.moves.push_back(m);
    GameState at = now;  // the state after the last move: earlier ones are past anyway
    at.ply = m.ply;
    if (m.ply < now.ply) at.status = GameStatus::Active;
    p.events.push_back(event(EventKind::Move, at, m.usi));
    moved = true;
  }
  // New comments; those written after the game ended (when it ends in this catch-up) follow
  // its result.
  const bool ends = is_over(now.status) && !is_over(before.status);
  std::vector<Event> after_end;
  Id last_comment = g.comments.empty() ? 0 : g.comments.back().id;
  for (const Comment& c : stored.comments)
    if (c.id > last_comment) {
      Event e = event(EventKind::Comment, now, c.text);
      e.users.push_back(c.user);
      (ends && c.at > now.updated ? after_end : p.events).push_back(std::move(e));
    }
  // What is published is the difference between two states: an offer made and withdrawn in
  // between does not show.
  if (now.status == GameStatus::Active && before.status == GameStatus::Active &&
      now.draw_offer != before.draw_offer) {
    if (now.draw_offer)
      p.events.push_back(event(EventKind::DrawOffer, now, "offered"));
    else if (!moved)
      p.events.push_back(event(EventKind::DrawOffer, now, "declined"));
  }
  if (now.status == GameStatus::Active && before.status == GameStatus::Active &&
      now.takeback_offer != before.takeback_offer && !moved && from_ply == before.ply)
    p.events.push_back(
        event(EventKind::Takeback, now, now.takeback_offer ? "offered" : "declined"));
  for (Color c : {kBlack, kWhite})
    if (now.berserk[c] && !before.berserk[c])
      p.events.push_back(event(EventKind::Berserk, now, c == kBlack ? "black" : "white"));
  if (now.status == GameStatus::Adjourned && before.status != GameStatus::Adjourned)
    p.events.push_back(event(EventKind::Adjourn, now, "adjourned"));
  if (ends) p.events.push_back(event(EventKind::Result, now, describe_result(now)));
  for (Event& e : after_end) p.events.push_back(std::move(e));
  for (size_t i = first_event; i < p.events.size(); ++i) p.events[i].elsewhere = true;
  g.state = std::move(now);
  g.comments = std::move(stored.comments);
  if (moved || from_ply != before.ply ||
      (before.status != GameStatus::Active && g.state.status == GameStatus::Active))
    after_move(g, p);
  return true;
}

void GameService::refresh(Id id) {
  std::shared_ptr<Live> g;
  {
    std::lock_guard lock(mutex_);
    auto it = cache_.find(id);
    if (it == cache_.end()) return;
    g = it->second;
  }
  std::unique_lock lock(g->mutex);
  if (!g->valid) return;  // dropped meanwhile: whoever uses it next reloads it
  std::optional<StoredGame> sg = game_repo_.load_game(id);
  Pending p;
  if (!sg || !catch_up(*g, std::move(*sg), p) || is_over(g->state.status))
    forget(id, *g);
  lock.unlock();
  flush(p);
}

void GameService::changed_elsewhere(const GameChange& change) {
  try {
    if (change.game == 0) {
      std::vector<Id> cached;
      {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : cache_) cached.push_back(id);
      }
      for (Id id : cached) refresh(id);
      wake_computer();
      return;
    }
    std::shared_ptr<Live> g;
    {
      std::lock_guard lock(mutex_);
      if (auto it = cache_.find(change.game); it != cache_.end()) g = it->second;
    }
    if (g) {
      {
        std::lock_guard lock(g->mutex);
        bool known = change.comment
                         ? std::any_of(g->comments.begin(), g->comments.end(),
                                       [&](const Comment& c) { return c.id == change.comment; })
                         : g->state.version >= change.version;
        if (g->valid && known) return;  // this service's own change, or one caught up with
      }
      refresh(change.game);
      return;
    }
    if (change.comment) {  // on a game nobody here watches, but the players' topics may
      if (comment_published(change.game, change.comment)) return;
      std::optional<StoredGame> sg = game_repo_.load_game(change.game);
      if (!sg) return;
      for (const Comment& c : sg->comments)
        if (c.id == change.comment) {
          Event e = event(EventKind::Comment, sg->state, c.text);
          e.users.push_back(c.user);
          e.elsewhere = true;
          events_.publish(e);
        }
      return;
    }
    Id cu = computer_user();
    if (!cu) return;
    std::optional<GameState> s = game_repo_.find_game(change.game);
    if (s && s->status == GameStatus::Active && (s->black.id == cu || s->white.id == cu))
      with_game(change.game, [&](Live& live, Pending& p) { after_move(live, p); });
  } catch (const std::exception&) {
    // A store failure or a game gone meanwhile: the next change or request catches up.
  }
}

void GameService::watch(Id id) {
  with_game(id, [](Live&, Pending&) {});
}

}  // namespace kirin::server
