#include "server/domain/games.h"

#include <algorithm>
#include <cctype>
#include <type_traits>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/movegen.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"
#include "server/domain/user_text.h"

namespace kirin::server {

struct GameService::Live {
  Live(GameState s, std::shared_ptr<const Variant> v, Position p)
      : state(std::move(s)), variant(std::move(v)), start(p), game(std::move(p)) {}
  std::mutex mutex;
  bool valid = true;  // false once dropped from the cache: whoever waited must reload
  GameState state;
  std::shared_ptr<const Variant> variant;
  Position start;
  Game game;
  std::vector<MoveRecord> moves;
  std::vector<Comment> comments;
};

struct GameService::Pending {
  struct Turn {
    Id game;
    int ply;
    Id user;
    Game now;
    int level;
    Id opponent;
  };
  std::vector<Event> events;
  std::optional<Turn> turn;
};

namespace {

const char* color_name(Color c) { return c == kBlack ? "Black" : "White"; }
Result win_for(Color c) { return c == kBlack ? Result::BlackWins : Result::WhiteWins; }

ServiceError conflict(const std::string& what) { return {ErrorCode::Conflict, what}; }
ServiceError forbidden(const std::string& what) { return {ErrorCode::Forbidden, what}; }

std::string game_name(Id id) { return "game " + std::to_string(id); }

Event event(EventKind kind, const GameState& s, std::string text = {}) {
  Event e;
  e.kind = kind;
  e.game = s.id;
  e.ply = s.ply;
  e.text = std::move(text);
  e.users = {s.black, s.white};
  e.status = s.status;
  e.clock = s.clock;
  return e;
}

void require_active(const GameState& s) {
  if (is_over(s.status))
    throw conflict(game_name(s.id) + " is over (" + describe_result(s) + ")");
  if (s.status == GameStatus::Adjourned)
    throw conflict(game_name(s.id) + " is adjourned: resume it first");
}

}  // namespace

void check_expected_ply(const GameState& s, int expected_ply) {
  if (expected_ply == s.ply) return;
  throw conflict(game_name(s.id) + " is at move " + std::to_string(s.ply + 1) + " (" +
                 std::to_string(s.ply) + " played), not move " +
                 std::to_string(expected_ply + 1) + ": reload it");
}

GameService::GameService(Store& store, EventSink& events, NowFn now, GameOptions options)
    : store_(store),
      events_(events),
      now_(std::move(now)),
      options_(options),
      comment_rate_(options.comments_per_minute, now_),
      ratings_(store, options.ratings),
      chat_rate_(options.chat_per_minute, now_),
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

Id GameService::computer_user() {
  std::lock_guard lock(computer_mutex_);
  return computer_ ? computer_->user() : 0;
}

// --- The cache ---

std::shared_ptr<GameService::Live> GameService::load(Id id) {
  std::optional<StoredGame> sg = store_.load_game(id);
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

// Runs f(Live&, Pending&) under the game's lock, then publishes what it left in Pending (also
// when it threw: a game that ended on time before a late move was refused still ended).
template <class F>
auto GameService::with_game(Id id, F&& f) {
  for (;;) {
    std::shared_ptr<Live> g = live(id);
    std::unique_lock lock(g->mutex);
    if (!g->valid) continue;
    // Another process may have written the game since it was cached: one row read finds out.
    std::optional<GameState> stored = store_.find_game(id);
    if (!stored) {
      forget(id, *g);
      throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(id));
    }
    Pending p;
    if (stored->version != g->state.version) {
      std::optional<StoredGame> sg = store_.load_game(id);
      if (!sg || !catch_up(*g, std::move(*sg), p)) {
        forget(id, *g);
        continue;
      }
    }
    auto done = [&] {
      if (is_over(g->state.status)) forget(id, *g);  // only live games stay
      lock.unlock();
      flush(p);
    };
    try {
      if constexpr (std::is_void_v<decltype(f(*g, p))>) {
        f(*g, p);
        done();
        return;
      } else {
        auto result = f(*g, p);
        done();
        return result;
      }
    } catch (...) {
      if (lock.owns_lock()) done();
      throw;
    }
  }
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
  switch (store_.update_game(next)) {
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
  throw conflict(game_name(next.id) + " changed meanwhile: reload it and try again");
}

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
  if (flagged) next.clock.remaining_ms[*flagged] = 0;
  next.version++;
  next.updated = now;
  write(g, next);
  p.events.push_back(event(EventKind::Result, next, describe_result(next)));
  ended(next);
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

int64_t GameService::first_move_timeout(const GameState& s) {
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
  switch (store_.append_move(g.state.id, g.state.ply, rec, next)) {
    case WriteResult::Ok: break;
    case WriteResult::NotFound:
      forget(g.state.id, g);
      throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(g.state.id));
    case WriteResult::StalePly:
      forget(g.state.id, g);
      throw conflict("another move was stored first for ply " + std::to_string(rec.ply) +
                     " of " + game_name(g.state.id) + ": reload it");
    case WriteResult::Changed:
      forget(g.state.id, g);
      throw conflict(game_name(g.state.id) + " changed meanwhile: reload it and try again");
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

// --- Operations ---

namespace {

// A copy of `value`, taken under `mutex`.
template <class Mutex, class T>
T locked_copy(Mutex& mutex, const T& value) {
  std::lock_guard lock(mutex);
  return value;
}

}  // namespace

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
    if (both_have_moved(g.state))
      throw conflict("both players have moved in " + game_name(id) +
                     ": it can no longer be aborted (resign, or offer a draw)");
    finish(g, Result::Ongoing, kAborted, p, std::nullopt, GameStatus::Aborted);
  });
}

void GameService::offer_draw(Id id, Id user) {
  with_game(id, [&](Live& g, Pending& p) {
    require_active(g.state);
    Color c = player_color(g, user);
    if (g.state.draw_offer == ~c) return finish(g, Result::Draw, kAgreement, p);
    if (g.state.draw_offer == c) throw conflict("you have already offered a draw");
    write_offer(g, p, &GameState::draw_offer, c, EventKind::DrawOffer, "offered");
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
    write_offer(g, p, &GameState::draw_offer, std::nullopt, EventKind::DrawOffer, "declined");
  });
}

void GameService::write_offer(Live& g, Pending& p, std::optional<Color> GameState::*offer,
                              std::optional<Color> by, EventKind kind, const char* what) {
  GameState next = g.state;
  next.*offer = by;
  next.version++;
  next.updated = now_();
  write(g, next);
  p.events.push_back(event(kind, next, what));
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
  switch (store_.take_back(next, plies)) {
    case WriteResult::Ok: break;
    case WriteResult::NotFound:
      forget(next.id, g);
      throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(next.id));
    case WriteResult::StalePly:
    case WriteResult::Changed:
      forget(next.id, g);
      throw conflict(game_name(next.id) + " changed meanwhile: reload it and try again");
  }
  Game replayed(g.start);
  for (int i = 0; i < next.ply; ++i) replayed.play(g.game.moves()[size_t(i)]);
  g.game = std::move(replayed);
  g.moves.resize(size_t(next.ply));
  g.state = next;
  p.events.push_back(event(EventKind::Takeback, next, "accepted"));
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
    write_offer(g, p, &GameState::takeback_offer, c, EventKind::Takeback, "offered");
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
    write_offer(g, p, &GameState::takeback_offer, std::nullopt, EventKind::Takeback,
                own ? "cancelled" : "declined");
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
    std::optional<Forecast> f = store_.find_forecast(id, user);
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
      store_.set_forecast(id, user, Forecast{g.state.ply, {}});
      return Forecast{g.state.ply, {}};
    }
    forecaster(g, user, 0);
    Forecast f{g.state.ply,
               check_forecast_lines(g.game, g.state.ply, lines, parser, options_.forecast)};
    store_.set_forecast(id, user, f);
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
      if (std::optional<Forecast> stored = store_.find_forecast(id, user);
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
    if (!f.lines.empty()) store_.set_forecast(id, user, f);
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
      std::optional<Forecast> f = store_.find_forecast(g.state.id, player);
      if (!f) return;
      ForecastStep step = follow_forecast(*f, g.state.ply - 1, g.moves.back().usi);
      store_.set_forecast(g.state.id, player, step.rest);  // no lines left: deleted
      if (!step.answer) return;
      Move m = parse_usi(g.game.position(), *step.answer);  // checked when stored
      GameState next = g.state;
      const TimeMs now = now_();
      std::optional<int64_t> used = charge_turn(next, stm, now);
      if (!used) return;  // out of time: expire_clocks ends the game
      store_move(g, next, m, *used, now, p);
    } catch (const std::exception&) {
      return;
    }
  }
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
  std::optional<User> u = store_.find_user(user);
  if (!u) throw ServiceError(ErrorCode::NotFound, "no user with id " + std::to_string(user));
  // After the text and the writer are checked: only a well-formed comment counts.
  comment_rate_.take_or_refuse(user, "written", "comments");
  return with_game(id, [&](Live& g, Pending& p) {
    Comment c{0, id, g.state.ply, {u->id, u->name}, text, now_()};
    c.id = store_.add_comment(c);
    g.comments.push_back(c);
    Event e = event(EventKind::Comment, g.state, c.text);
    e.users.push_back(c.user);
    p.events.push_back(std::move(e));
    return c;
  });
}

GameState GameService::game_of_player(Id id, Id user) {
  std::optional<GameState> g = store_.find_game(id);
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
  chat_rate_.take_or_refuse(user, "written", "chat lines");
  ChatLine line{0, id, g.ply, me, text, now_()};
  line.id = store_.add_chat_line(line);
  Event e = event(EventKind::Chat, g, line.text);
  if (g.black.id == g.white.id) e.users.pop_back();
  e.by = me;
  events_.publish(e);
  return line;
}

std::vector<ChatLine> GameService::chat(Id id, Id user) {
  game_of_player(id, user);
  return store_.chat_of(id);
}

int GameService::expire_clocks(TimeMs now) {
  int ended = 0;
  for (const GameState& s : store_.list_unfinished_games()) {
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

void GameService::wake_computer() {
  Id cu = computer_user();
  if (!cu) return;
  for (const GameState& s : store_.list_unfinished_games())
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

// --- Changes made elsewhere ---

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
  std::optional<StoredGame> sg = store_.load_game(id);
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
      std::optional<StoredGame> sg = store_.load_game(change.game);
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
    std::optional<GameState> s = store_.find_game(change.game);
    if (s && s->status == GameStatus::Active && (s->black.id == cu || s->white.id == cu))
      with_game(change.game, [&](Live& live, Pending& p) { after_move(live, p); });
  } catch (const std::exception&) {
    // A store failure or a game gone meanwhile: the next change or request catches up.
  }
}

void GameService::watch(Id id) {
  with_game(id, [](Live&, Pending&) {});
}

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
  return seen_by(store_.list_games_of(user), viewer);
}

std::vector<GameState> GameService::find_games(const GameQuery& query, Id viewer) {
  return seen_by(store_.find_games(query), viewer);
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
    if (g.state.setup.rated && g.state.status == GameStatus::Finished)
      v.rating_changes = ratings_.changes_of_game(id);
    return v;
  });
}

std::string GameService::export_game(Id id, std::string_view format) {
  const Exporter exporter = exporter_for(format);
  return with_game(id, [&](Live& g, Pending&) {
    return exporter(ExportInput{g.state, g.start, g.game.moves(), g.moves});
  });
}

}  // namespace kirin::server
