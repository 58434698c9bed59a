// Comments on a game, and a game's chat between its players.
#include "server/domain/games.h"

#include <algorithm>

#include "server/domain/games_internal.h"
#include "server/domain/restrictions.h"
#include "server/domain/user_text.h"

namespace kirin::server {

using namespace games_internal;

GameService::CommentPage GameService::comments(Id id, Id before, std::size_t limit) {
  return with_game(id, [&](Live& g, Pending&) {
    const std::vector<Comment>& all = g.comments;  // in id order
    auto end = before ? std::lower_bound(all.begin(), all.end(), before,
                                         [](const Comment& c, Id b) { return c.id < b; })
                      : all.end();
    auto begin = end - std::min<std::ptrdiff_t>(end - all.begin(), std::ptrdiff_t(limit));
    return CommentPage{{begin, end}, begin != all.begin()};
  });
}

Comment GameService::add_comment(Id id, Id user, std::string_view written) {
  std::string text = checked_user_text(written, "comment");
  std::optional<User> u = account_repo_.find_user(user);
  if (!u) throw ServiceError(ErrorCode::NotFound, "no user with id " + std::to_string(user));
  refuse_if_muted(*u, now_());
  // After the text and the writer are checked: only a well-formed comment counts.
  comment_rate_.take_or_refuse(user, "written", "comments");
  return with_game(id, [&](Live& g, Pending& p) {
    Comment c{0, id, g.state.ply, {u->id, u->name}, text, now_()};
    c.id = game_repo_.add_comment(c);
    g.comments.push_back(c);
    Event e = event(EventKind::Comment, g.state, c.text);
    e.users.push_back(c.user);
    p.events.push_back(std::move(e));
    return c;
  });
}

GameState GameService::game_of_player(Id id, Id user) {
  std::optional<GameState> g = game_repo_.find_game(id);
  if (!g) throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(id));
  if (g->black.id != user && g->white.id != user)
    throw ServiceError(ErrorCode::Forbidden,
                       "the chat of " + game_name(id) + " is for its two players only");
  return *g;
}

ChatLine GameService::add_chat_line(Id id, Id user, std::string_view written) {
  std::string text = checked_user_text(written, "chat line");
  GameState g = game_of_player(id, user);
  const PlayerRef& me = g.black.id == user ? g.black : g.white;
  const PlayerRef& other = g.black.id == user ? g.white : g.black;
  std::optional<User> writer = account_repo_.find_user(user);
  if (writer) refuse_if_muted(*writer, now_());
  refuse_if_blocked(moderation_repo_, user, other.id, "chat");
  chat_rate_.take_or_refuse(user, "written", "chat lines");
  ChatLine line{0, id, g.ply, me, text, now_()};
  line.id = social_repo_.add_chat_line(line);
  Event e = event(EventKind::Chat, g, line.text);
  if (g.black.id == g.white.id) e.users.pop_back();
  e.by = me;
  events_.publish(e);
  return line;
}

std::vector<ChatLine> GameService::chat(Id id, Id user) {
  game_of_player(id, user);
  return social_repo_.chat_of(id);
}

void GameService::line_removed(const Comment& line, bool chat) {
  Event e;
  e.kind = EventKind::Removed;
  e.text = chat ? "chat" : "comment";
  e.removed = line.id;
  if (std::optional<GameState> g = game_repo_.find_game(line.game)) {
    e.game = g->id;
    e.ply = g->ply;
    e.status = g->status;
    if (chat) {
      e.users = {g->black, g->white};
      if (g->black.id == g->white.id) e.users.pop_back();
    }
  }
  std::shared_ptr<Live> live;
  if (!chat) {
    std::lock_guard lock(mutex_);
    if (auto it = cache_.find(line.game); it != cache_.end()) live = it->second;
  }
  if (live) {
    std::lock_guard lock(live->mutex);
    std::erase_if(live->comments, [&](const Comment& c) { return c.id == line.id; });
  }
  events_.publish(e);
}

}  // namespace kirin::server
