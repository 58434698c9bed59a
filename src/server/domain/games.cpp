// GameService's core: construction, the computer, the live-game cache, writing and announcing.
#include "server/domain/games.h"

#include <algorithm>
#include <cctype>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "server/domain/game_setup.h"
#include "server/domain/games_internal.h"

namespace kirin::server {

using namespace games_internal;

void check_expected_ply(const GameState& s, int expected_ply) {
  if (expected_ply == s.ply) return;
  throw conflict(game_name(s.id) + " is at move " + std::to_string(s.ply + 1) + " (" +
                 std::to_string(s.ply) + " played), not move " +
                 std::to_string(expected_ply + 1) + changed_advice);
}

GameService::GameService(Storage& storage, EventSink& events, NowFn now, GameOptions options)
    : game_repo_(storage.games()),
      account_repo_(storage.accounts()),
      forecast_repo_(storage.forecasts()),
      social_repo_(storage.social()),
      moderation_repo_(storage.moderation()),
      events_(events),
      now_(std::move(now)),
      options_(options),
      comment_rate_(options.comments_per_minute, now_),
      ratings_(storage, options.ratings),
      chat_rate_(options.chat_per_minute, now_),
      analyses_(storage.analyses(), *this, now_, options.analysis),
      parser_(parse_usi) {}

GameService::~GameService() = default;

void GameService::set_move_parser(MoveParser parser) {
  std::lock_guard lock(mutex_);
  parser_ = std::move(parser);
}

void GameService::set_computer(ComputerPlayer* c) {
  std::lock_guard lock(computer_mutex_);
  computer_ = c;
}

void GameService::clear_computer(ComputerPlayer* c) {
  std::lock_guard lock(computer_mutex_);
  if (computer_ == c) computer_ = nullptr;
}

void GameService::set_computer_account(Id user) {
  std::lock_guard lock(computer_mutex_);
  computer_account_ = user;
}

Id GameService::computer_user() {
  std::lock_guard lock(computer_mutex_);
  return computer_ ? computer_->user() : computer_account_;
}

bool GameService::is_computer(const PlayerRef& p) {
  Id cu = computer_user();
  if (cu && p.id == cu) return true;
  // Names are unique ignoring case (accounts.cpp).
  const std::string& name = options_.computer_name;
  return !name.empty() && std::equal(p.name.begin(), p.name.end(), name.begin(), name.end(),
                                     [](char a, char b) {
                                       return std::tolower(static_cast<unsigned char>(a)) ==
                                              std::tolower(static_cast<unsigned char>(b));
                                     });
}

// --- The cache ---

std::shared_ptr<GameService::Live> GameService::load(Id id) {
  std::optional<StoredGame> sg = game_repo_.load_game(id);
  if (!sg) throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(id));
  std::shared_ptr<const Variant> v = setup_variant(sg->state.setup);
  auto g = std::make_shared<Live>(sg->state, v, parse_sfen(v, sg->state.start_sfen));
  for (const MoveRecord& m : sg->moves) {
    try {
      g->game.play(parse_usi(g->game.position(), m.usi));
    } catch (const NotationError& e) {
      throw StoreError("stored " + game_name(id) + " does not replay at ply " +
                       std::to_string(m.ply) + " '" + m.usi + "': " + e.what());
    }
  }
  g->moves = std::move(sg->moves);
  g->comments = std::move(sg->comments);
  return g;
}

std::shared_ptr<GameService::Live> GameService::live(Id id) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = cache_.find(id); it != cache_.end()) return it->second;
  }
  std::shared_ptr<Live> g = load(id);  // outside the lock: replaying takes a while
  std::lock_guard lock(mutex_);
  return cache_.try_emplace(id, g).first->second;  // another thread may have been first
}

void GameService::forget(Id id, Live& g) {
  g.valid = false;
  std::lock_guard lock(mutex_);
  if (auto it = cache_.find(id); it != cache_.end() && it->second.get() == &g) cache_.erase(it);
  if (is_over(g.state.status) && !g.comments.empty()) {
    finished_comments_.emplace_back(id, g.comments.back().id);
    if (finished_comments_.size() > kFinishedRemembered) finished_comments_.pop_front();
  }
}

bool GameService::comment_published(Id game, Id comment) {
  std::lock_guard lock(mutex_);
  return std::any_of(finished_comments_.begin(), finished_comments_.end(),
                     [&](const auto& f) { return f.first == game && f.second >= comment; });
}

void GameService::flush(Pending& p) {
  for (const Event& e : p.events) events_.publish(e);
  std::lock_guard lock(computer_mutex_);
  if (computer_) {
    // A takeback makes whatever the computer thinks about the game wasted too.
    for (const Event& e : p.events)
      if (e.kind == EventKind::Result || (e.kind == EventKind::Takeback && e.text == "accepted"))
        computer_->game_over(e.game);
    if (p.turn && computer_->user() == p.turn->user)
      computer_->your_turn(p.turn->game, p.turn->ply, p.turn->now, p.turn->level,
                           p.turn->opponent);
  }
  p.events.clear();
  p.turn.reset();
}

// --- Writing ---

void GameService::write(Live& g, const GameState& next) {
  switch (game_repo_.update_game(next)) {
    case WriteResult::Ok:
      g.state = next;
      return;
    case WriteResult::NotFound:
      forget(next.id, g);
      throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(next.id));
    case WriteResult::StalePly:
    case WriteResult::Changed:
      break;
  }
  forget(next.id, g);
  throw conflict(game_name(next.id) + " changed meanwhile" + changed_advice);
}

void GameService::after_move(Live& g, Pending& p) {
  if (g.state.status != GameStatus::Active) return;
  Id cu = computer_user();
  Color stm = g.game.position().side_to_move();
  Id to_move = stm == kBlack ? g.state.black.id : g.state.white.id;
  Id opponent = stm == kBlack ? g.state.white.id : g.state.black.id;
  if (cu && cu == to_move)
    p.turn = Pending::Turn{g.state.id, g.state.ply, cu, g.game, g.state.setup.computer_level,
                           opponent};
}

Color GameService::player_color(const Live& g, Id user) const {
  bool black = g.state.black.id == user, white = g.state.white.id == user;
  if (black && white) return g.game.position().side_to_move();
  if (black) return kBlack;
  if (white) return kWhite;
  throw forbidden("you are not a player of " + game_name(g.state.id));
}

void GameService::wake_computer() {
  Id cu = computer_user();
  if (!cu) return;
  for (const GameState& s : game_repo_.list_unfinished_games())
    if (s.status == GameStatus::Active && (s.black.id == cu || s.white.id == cu)) {
      try {
        with_game(s.id, [&](Live& g, Pending& p) { after_move(g, p); });
      } catch (const ServiceError&) {
        // Gone or changed meanwhile: whatever changed it has asked the computer if needed.
      }
    }
}

void GameService::game_created(Id id) {
  with_game(id, [&](Live& g, Pending& p) { after_move(g, p); });
}

}  // namespace kirin::server
