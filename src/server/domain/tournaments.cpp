// Tournaments: what people do (create, start, cancel, join, withdraw) and what pages show
// (lists, the standings, the rules). The director's work is tournament_director.cpp.
#include "server/domain/tournaments.h"

#include <algorithm>

#include "server/domain/accounts.h"
#include "server/domain/blocks.h"
#include "server/domain/challenges.h"
#include "server/domain/game_setup.h"
#include "server/domain/games.h"
#include "server/domain/rating_repo.h"
#include "server/domain/ratings.h"
#include "server/domain/service_error.h"
#include "server/domain/tournament_repo.h"
#include "server/domain/user_text.h"

namespace kirin::server {
namespace {

constexpr TimeMs kDayMs = 24LL * 3600 * 1000;
constexpr std::size_t kMaxNameChars = 80;
constexpr std::size_t kMaxPasswordBytes = 128;
constexpr int kMaxRatingCondition = 4000;
constexpr int kMaxGamesCondition = 10000;
// Writes that lose a race with another writer are tried again this often before giving up.
constexpr int kTries = 8;

ServiceError invalid(const std::string& message, const char* field) {
  return ServiceError(ErrorCode::Invalid, message, field);
}

std::string event_name(Id id) { return "tournament " + std::to_string(id); }

// A number field within [lo, hi], or invalid naming it.
void check_range(int value, int lo, int hi, const char* field, const std::string& what) {
  if (value < lo || value > hi)
    throw invalid(what + " is " + std::to_string(lo) + " to " + std::to_string(hi), field);
}

// A user's words, checked as comments are, the field named as the API spells it.
std::string checked_text(const std::string& text, const char* what, const char* field,
                         std::size_t max_chars) {
  std::string out;
  try {
    out = checked_user_text(text, what);
  } catch (const ServiceError& e) {
    throw ServiceError(e.code(), e.what(), field);
  }
  if (out.size() > max_chars * 4 ||
      std::size_t(std::count_if(out.begin(), out.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
      })) > max_chars)
    throw invalid(std::string("the ") + what + " is at most " + std::to_string(max_chars) +
                      " characters",
                  field);
  return out;
}

Rating rating_in(RatingRepo& ratings, Id user, const std::string& game) {
  if (std::optional<Rating> r = ratings.find_rating(user, game)) return *r;
  Rating none;
  none.game = game;
  return none;
}

}  // namespace

const char* kind_name(TournamentKind k) {
  switch (k) {
    case TournamentKind::Arena: return "arena";
    case TournamentKind::Swiss: return "swiss";
    case TournamentKind::Robin: return "robin";
  }
  return "arena";
}

const char* status_name(TournamentStatus s) {
  switch (s) {
    case TournamentStatus::Created: return "created";
    case TournamentStatus::Running: return "running";
    case TournamentStatus::Finished: return "finished";
    case TournamentStatus::Cancelled: return "cancelled";
  }
  return "created";
}

std::optional<TournamentKind> tournament_kind_named(std::string_view name) {
  for (TournamentKind k : {TournamentKind::Arena, TournamentKind::Swiss, TournamentKind::Robin})
    if (name == kind_name(k)) return k;
  return std::nullopt;
}

std::optional<TournamentStatus> tournament_status_named(std::string_view name) {
  for (TournamentStatus s : {TournamentStatus::Created, TournamentStatus::Running,
                             TournamentStatus::Finished, TournamentStatus::Cancelled})
    if (name == status_name(s)) return s;
  return std::nullopt;
}

Tournaments::Tournaments(Storage& storage, Accounts& accounts, GameService& games,
                         Challenges& challenges, Blocks& blocks, EventSink& events, NowFn now,
                         TournamentOptions options)
    : storage_(storage),
      accounts_(accounts),
      games_(games),
      challenges_(challenges),
      blocks_(blocks),
      events_(events),
      now_(std::move(now)),
      options_(options),
      usage_(storage.usage(), now_) {}

const TournamentEntry* Tournaments::Sheet::entry(Id id) const {
  for (const TournamentEntry& e : entries)
    if (e.id == id) return &e;
  return nullptr;
}

int Tournaments::Sheet::players() const {
  return int(std::count_if(entries.begin(), entries.end(),
                           [](const TournamentEntry& e) { return !e.withdrawn; }));
}

Tournaments::Sheet Tournaments::sheet(Id id) {
  TournamentRepo& repo = storage_.tournaments();
  return {repo.entries_of(id), repo.pairings_of(id)};
}

Tournament Tournaments::load(Id id) {
  std::optional<Tournament> t = storage_.tournaments().find_tournament(id);
  if (!t) throw ServiceError(ErrorCode::NotFound, "no tournament with id " + std::to_string(id));
  return *t;
}

Tournament Tournaments::get(Id id) { return load(id); }

bool Tournaments::write(Tournament& t, const char* change) {
  Tournament next = t;
  ++next.version;
  next.change = change;
  if (!storage_.tournaments().update_tournament(next)) return false;
  t = next;
  return true;
}

void Tournaments::publish(const Tournament& t, const char* what, std::vector<PlayerRef> users,
                          Id game) {
  Event e;
  e.kind = EventKind::Tournament;
  e.tournament = t.id;
  e.text = what;
  e.users = std::move(users);
  e.game = game;
  {
    std::lock_guard lock(mutex_);
    if (told_.size() > 10'000) told_.clear();  // bounded: at worst, a change is told twice
    int64_t& told = told_[t.id];
    told = std::max(told, t.version);
  }
  events_.publish(e);
}

// --- Creating ---

TournamentSettings Tournaments::checked_settings(TournamentSettings s) {
  const TimeMs now = now_();
  const bool arena = s.kind == TournamentKind::Arena, swiss = s.kind == TournamentKind::Swiss,
             robin = s.kind == TournamentKind::Robin;
  if (!arena && !swiss && !robin) throw invalid("the kind is arena, swiss or robin", "kind");
  s.name = s.name.empty() ? std::string() : checked_text(s.name, "name", "name", kMaxNameChars);
  s.description = s.description.empty()
                      ? std::string()
                      : checked_text(s.description, "description", "description",
                                     kMaxUserTextChars);
  if (!s.setup.handicap.empty())
    throw invalid("a tournament's games have no handicap", "handicap");
  if (!s.setup.start_sfen.empty())
    throw invalid("a tournament's games start from the game's own position", "start_sfen");
  if (s.setup.computer_level != 0)
    throw invalid("the computer's level is given with its entries", "computer");
  BuiltSetup built = build_setup(s.setup);  // names the bad field: game, profile, option...
  if (s.name.empty())  // "Chu Shogi arena", as lishogi names an event nobody named
    s.name = built.variant->name + " " + (arena ? "arena" : swiss ? "Swiss" : "round robin");
  if (s.setup.rated) {
    std::string why = why_not_rated(s.setup, *built.variant, false);
    if (!why.empty()) throw invalid(why, "rated");
  }
  check_time_control(s.time_control);
  using Kind = TimeControl::Kind;
  if (s.time_control.kind == Kind::Correspondence && arena)
    throw invalid("an arena is played with a live clock", "time_control");
  if (s.time_control.kind != Kind::Live && s.time_control.kind != Kind::Correspondence)
    throw invalid("a tournament needs a clock: live, or days per move (Swiss, round robin)",
                  "time_control");
  if (arena) {
    check_range(s.minutes, 1, options_.max_minutes, "minutes", "an arena's length in minutes");
    s.rounds = 0;
    s.double_round = false;
    s.round_interval_s = 0;
  } else {
    s.minutes = 0;
    s.berserk = false;
    check_range(s.round_interval_s, 0, options_.max_round_interval_s, "round_interval",
                "the seconds between rounds");
  }
  if (swiss) {
    check_range(s.rounds, 1, options_.max_rounds, "rounds", "a Swiss event's rounds");
    s.double_round = false;
  }
  if (robin) s.rounds = 0;
  if (s.starts_at != 0) {
    // A minute's grace: the creator's clock and ours need not agree to the second.
    if (s.starts_at < now - 60'000) throw invalid("the start time has passed", "starts_at");
    if (s.starts_at > now + options_.max_start_days * kDayMs)
      throw invalid("the start time is at most " + std::to_string(options_.max_start_days) +
                        " days ahead",
                    "starts_at");
  }
  const int cap = robin ? std::min(options_.max_players, options_.max_robin_players)
                        : options_.max_players;
  if (s.max_players == 0) s.max_players = cap;
  check_range(s.max_players, 2, cap, "max_players",
              robin ? "a round robin's players" : "the players");
  check_range(s.min_rating, 0, kMaxRatingCondition, "min_rating", "the least rating");
  check_range(s.min_rated_games, 0, kMaxGamesCondition, "min_rated_games",
              "the least rated games");
  check_range(s.computer_entries, 0, std::min(options_.max_computer_entries, s.max_players),
              "computer", "the computer's entries");
  if (s.computer_entries > 0) {
    check_range(s.computer_level, 1, kMaxComputerLevel, "computer",
                "the computer's level");
    if (!games_.computer_user())
      throw invalid("this server has no computer player", "computer");
  } else {
    s.computer_level = 0;
  }
  return s;
}

Tournament Tournaments::create(Id user_id, TournamentSettings settings,
                               std::string_view password, std::string_view client) {
  User user = accounts_.user(user_id);
  if (user.banned || user.closed)
    throw ServiceError(ErrorCode::Forbidden, "this account may not create tournaments");
  const bool staff = is_staff(user.role);
  if (!staff) {
    std::vector<Rating> ratings = storage_.ratings().ratings_of(user.id);
    if (std::none_of(ratings.begin(), ratings.end(), [](const Rating& r) { return r.games > 0; }))
      throw ServiceError(ErrorCode::Forbidden,
                         "tournaments are created by players who have finished a rated game, "
                         "and by moderators");
  }
  settings = checked_settings(std::move(settings));
  if (password.size() > kMaxPasswordBytes)
    throw invalid("the password is at most " + std::to_string(kMaxPasswordBytes) + " bytes",
                  "password");
  settings.password_hash = password.empty() ? std::string() : passwords_.hash(password);
  const TimeMs now = now_();
  if (!staff && options_.max_created_per_day > 0 &&
      storage_.tournaments().count_created_since(user.id, now - kDayMs) >=
          options_.max_created_per_day)
    throw ServiceError(ErrorCode::TooManyRequests,
                       "at most " + std::to_string(options_.max_created_per_day) +
                           " tournaments a day: try again tomorrow")
        .retry_after(3600);
  // Last, so that a refused event costs no place.
  usage_.take("tournament", client, options_.max_created_per_address_per_hour,
              "tournaments created from your address");
  Tournament t;
  t.settings = std::move(settings);
  t.creator = {user.id, user.name};
  t.created = now;
  std::vector<TournamentEntry> computer;
  if (t.settings.computer_entries > 0) {
    Id cu = games_.computer_user();
    User c = accounts_.user(cu);
    const int rating = int(rating_in(storage_.ratings(), cu, t.settings.setup.game).value.rating);
    for (int n = 1; n <= t.settings.computer_entries; ++n)
      computer.push_back({.user = {c.id, c.name}, .computer = n, .rating = rating, .joined = now});
  }
  t.id = storage_.tournaments().create_tournament(t, computer);
  publish(t, "created", {t.creator});
  return t;
}

Tournament Tournaments::managed(Id id, const User& user, const char* doing,
                                std::initializer_list<TournamentStatus> statuses) {
  Tournament t = load(id);
  if (t.creator.id != user.id && !is_staff(user.role))
    throw ServiceError(ErrorCode::Forbidden, std::string("only its creator or a moderator may ") +
                                                 doing + " " + event_name(id));
  if (std::find(statuses.begin(), statuses.end(), t.status) == statuses.end())
    throw ServiceError(ErrorCode::Conflict,
                       event_name(id) + " is " + status_name(t.status) + " already");
  return t;
}

void Tournaments::start(Id id, Id user_id) {
  User user = accounts_.user(user_id);
  for (int i = 0; i < kTries; ++i) {
    Tournament t = managed(id, user, "start", {TournamentStatus::Created});
    if (sheet(id).players() < 2)
      throw ServiceError(ErrorCode::Conflict, event_name(id) + " needs two players to start");
    if (begin(t)) {
      direct(t);  // the first pairings at once, here: every write of them is conditional
      return;
    }
  }
  throw ServiceError(ErrorCode::Conflict, event_name(id) + " changed meanwhile: try again");
}

void Tournaments::cancel(Id id, Id user_id) {
  User user = accounts_.user(user_id);
  for (int i = 0; i < kTries; ++i) {
    Tournament t =
        managed(id, user, "cancel", {TournamentStatus::Created, TournamentStatus::Running});
    t.status = TournamentStatus::Cancelled;
    t.finished = now_();
    if (write(t, "cancelled")) {
      std::vector<PlayerRef> users;
      for (const TournamentEntry& e : storage_.tournaments().entries_of(id))
        if (!e.computer) users.push_back(e.user);
      publish(t, "cancelled", std::move(users));
      return;
    }
  }
  throw ServiceError(ErrorCode::Conflict, event_name(id) + " changed meanwhile: try again");
}

// --- Joining ---

TournamentEntry Tournaments::join(Id id, Id user_id, std::string_view password) {
  User user = accounts_.user(user_id);
  if (user.banned || user.closed)
    throw ServiceError(ErrorCode::Forbidden, "this account may not join tournaments");
  if (games_.is_computer({user.id, user.name}))
    throw ServiceError(ErrorCode::Forbidden,
                       "the computer enters when the creator asks for it", "computer");
  for (int i = 0; i < kTries; ++i) {
    Tournament t = load(id);
    const TournamentSettings& s = t.settings;
    if (t.status == TournamentStatus::Finished || t.status == TournamentStatus::Cancelled)
      throw ServiceError(ErrorCode::Conflict, event_name(id) + " is " + status_name(t.status));
    if (t.status == TournamentStatus::Running && s.kind == TournamentKind::Robin)
      throw ServiceError(ErrorCode::Conflict,
                         event_name(id) + " has started: a round robin is joined before");
    if (t.status == TournamentStatus::Running && s.kind == TournamentKind::Swiss &&
        t.round * 2 >= s.rounds)
      throw ServiceError(ErrorCode::Conflict,
                         event_name(id) + " is past half its rounds: it takes nobody new");
    if (!s.password_hash.empty() &&
        (password.empty() || !passwords_.verify(s.password_hash, password)))
      throw ServiceError(ErrorCode::Unauthorized,
                         password.empty() ? event_name(id) + " is private: give its password"
                                          : "wrong password for " + event_name(id),
                         "password");
    Sheet sh = sheet(id);
    auto mine = std::find_if(sh.entries.begin(), sh.entries.end(), [&](const TournamentEntry& e) {
      return e.user.id == user.id && e.computer == 0;
    });
    if (mine != sh.entries.end() && !mine->withdrawn) return *mine;  // in it already
    if (s.setup.rated) challenges_.check_may_play_rated(user);
    Rating r = rating_in(storage_.ratings(), user.id, s.setup.game);
    if (s.min_rating > 0 && r.value.rating < s.min_rating)
      throw ServiceError(ErrorCode::Forbidden,
                         event_name(id) + " is for players rated " +
                             std::to_string(s.min_rating) + " or more in this game: yours is " +
                             std::to_string(int(r.value.rating)),
                         "min_rating");
    if (s.min_rated_games > 0 && r.games < s.min_rated_games)
      throw ServiceError(ErrorCode::Forbidden,
                         event_name(id) + " is for players with " +
                             std::to_string(s.min_rated_games) +
                             " rated games of this game or more: you have " +
                             std::to_string(r.games),
                         "min_rated_games");
    if (mine == sh.entries.end() && int(sh.entries.size()) >= s.max_players)
      throw ServiceError(ErrorCode::Conflict, event_name(id) + " is full");
    if (s.kind == TournamentKind::Robin)
      for (const TournamentEntry& e : sh.entries)
        if (!e.computer && e.user.id != user.id && blocks_.either_blocks(user.id, e.user.id))
          throw ServiceError(ErrorCode::Forbidden,
                             "you cannot join this round robin: it has a player you may not "
                             "be paired with");
    TournamentEntry entry{.tournament = id,
                          .user = {user.id, user.name},
                          .rating = int(r.value.rating),
                          .joined = now_()};
    Tournament next = t;
    ++next.version;
    next.change = "joined";
    if (std::optional<Id> added = storage_.tournaments().add_entry(next, entry)) {
      entry.id = *added;
      publish(next, "joined", {entry.user});
      return entry;
    }
  }
  throw ServiceError(ErrorCode::Conflict, event_name(id) + " changed meanwhile: try again");
}

void Tournaments::withdraw(Id id, Id user_id) {
  User user = accounts_.user(user_id);
  for (int i = 0; i < kTries; ++i) {
    Tournament t = load(id);
    if (t.status != TournamentStatus::Created && t.status != TournamentStatus::Running)
      throw ServiceError(ErrorCode::Conflict, event_name(id) + " is " + status_name(t.status));
    Sheet sh = sheet(id);
    auto mine = std::find_if(sh.entries.begin(), sh.entries.end(), [&](const TournamentEntry& e) {
      return e.user.id == user.id && e.computer == 0;
    });
    if (mine == sh.entries.end())
      throw ServiceError(ErrorCode::NotFound, "you are not in " + event_name(id));
    if (mine->withdrawn)
      throw ServiceError(ErrorCode::Conflict, "you have withdrawn from " + event_name(id) +
                                                  " already");
    Tournament next = t;
    ++next.version;
    next.change = "withdrew";
    // Before the start an entry leaves no trace: the seeding is of those who stay.
    bool done = t.status == TournamentStatus::Created
                    ? storage_.tournaments().remove_entry(next, mine->id)
                    : storage_.tournaments().set_withdrawn(next, mine->id, true);
    if (done) {
      publish(next, "withdrew", {mine->user});
      return;
    }
  }
  throw ServiceError(ErrorCode::Conflict, event_name(id) + " changed meanwhile: try again");
}

// --- Views ---

Tournaments::Lists Tournaments::list(int limit, std::string_view game) {
  limit = std::clamp(limit, 1, 100);
  std::string g = game.empty() ? std::string() : canonical_game_id(game);
  TournamentRepo& repo = storage_.tournaments();
  return {repo.list_tournaments(TournamentStatus::Created, g, limit),
          repo.list_tournaments(TournamentStatus::Running, g, limit),
          repo.list_tournaments(TournamentStatus::Finished, g, limit)};
}

int Tournaments::entries(Id id) { return int(storage_.tournaments().entries_of(id).size()); }

std::vector<TournamentStanding> Tournaments::standings(const Tournament& t, const Sheet& sh) {
  std::vector<TournamentStanding> rows;
  std::map<Id, std::size_t> row_of;
  for (const TournamentEntry& e : sh.entries) {
    TournamentStanding r;
    r.entry = e;
    r.name = e.computer ? e.user.name + "#" + std::to_string(e.computer) : e.user.name;
    row_of[e.id] = rows.size();
    rows.push_back(std::move(r));
  }
  const bool running = t.status == TournamentStatus::Running;
  for (const TournamentPairing& p : sh.pairings) {
    if (!running || p.ended != 0 || !p.game) continue;
    for (Id e : {p.black, p.white})
      if (auto it = row_of.find(e); it != row_of.end()) rows[it->second].playing = p.game;
  }
  if (t.settings.kind == TournamentKind::Arena) {
    // Each entry's counted games in the order they ended.
    std::vector<const TournamentPairing*> counted;
    for (const TournamentPairing& p : sh.pairings)
      if (p.counted) counted.push_back(&p);
    std::stable_sort(counted.begin(), counted.end(),
                     [](const auto* a, const auto* b) { return a->ended < b->ended; });
    std::map<Id, std::vector<tournament::ArenaGame>> games;
    for (const TournamentPairing* p : counted) {
      const bool draw = p->result == Result::Draw;
      const bool black_won = p->result == Result::BlackWins;
      games[p->black].push_back({draw        ? Result::Draw
                                 : black_won ? Result::BlackWins
                                             : Result::WhiteWins,
                                 p->ply, p->berserk_black});
      if (p->white)
        games[p->white].push_back({draw        ? Result::Draw
                                   : black_won ? Result::WhiteWins
                                               : Result::BlackWins,
                                   p->ply, p->berserk_white});
    }
    for (TournamentStanding& r : rows) {
      const std::vector<tournament::ArenaGame>& g = games[r.entry.id];
      tournament::ArenaSheet a = tournament::arena_sheet(g);
      r.points2 = a.total * 2;
      r.sheet = a.text();
      r.fire = a.fire;
      for (const tournament::ArenaGame& x : g)
        (x.outcome == Result::BlackWins ? r.wins : x.outcome == Result::Draw ? r.draws : r.losses)++;
    }
    // Points, then the rating the entry came with (lishogi: its performance), then who came first.
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
      if (a.points2 != b.points2) return a.points2 > b.points2;
      return a.entry.rating > b.entry.rating;
    });
  } else {
    std::vector<Id> ids;
    for (const TournamentEntry& e : sh.entries) ids.push_back(e.id);
    std::vector<tournament::Played> played;
    for (const TournamentPairing& p : sh.pairings)
      if (p.counted) played.push_back({p.black, p.white, p.result});
    std::vector<TournamentStanding> sorted;
    for (const tournament::ScoreLine& l : tournament::standings(t.settings.kind, ids, played)) {
      TournamentStanding r = rows[row_of.at(l.entry)];
      r.points2 = l.points2;
      r.buchholz2 = l.buchholz2;
      r.sonneborn4 = l.sonneborn4;
      r.wins = l.wins;
      r.draws = l.draws;
      r.losses = l.losses;
      r.byes = l.byes;
      sorted.push_back(std::move(r));
    }
    rows = std::move(sorted);
  }
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].rank = int(i) + 1;
  return rows;
}

TournamentView Tournaments::view(Id id, Id viewer, int page) {
  TournamentView v;
  v.tournament = load(id);
  const Tournament& t = v.tournament;
  Sheet sh = sheet(id);
  std::vector<TournamentStanding> all = standings(t, sh);
  v.entries = int(all.size());
  const int per = std::max(1, options_.standings_page);
  v.pages = std::max(1, (v.entries + per - 1) / per);
  v.page = std::clamp(page, 1, v.pages);
  for (int i = (v.page - 1) * per; i < std::min(v.entries, v.page * per); ++i)
    v.standings.push_back(all[std::size_t(i)]);
  for (const TournamentStanding& r : all)
    if (viewer && r.entry.user.id == viewer && !r.entry.computer) {
      v.mine = r.entry;
      v.my_game = r.playing;
    }
  const bool arena = t.settings.kind == TournamentKind::Arena;
  for (const TournamentPairing& p : sh.pairings) {
    if (!arena || (p.ended == 0 && t.status == TournamentStatus::Running))
      v.pairings.push_back(p);
    if (!p.counted || !p.game) continue;
    ++v.stats.games;
    if (p.result == Result::BlackWins) ++v.stats.black_wins;
    if (p.result == Result::WhiteWins) ++v.stats.white_wins;
    if (p.result == Result::Draw) ++v.stats.draws;
    v.stats.berserks += int(p.berserk_black) + int(p.berserk_white);
  }
  if (!sh.entries.empty()) {
    double sum = 0;
    for (const TournamentEntry& e : sh.entries) sum += e.rating;
    v.stats.average_rating = sum / double(sh.entries.size());
  }
  v.rules = rules_text(t, options_);
  return v;
}

std::vector<GameState> Tournaments::games(Id id, Id viewer, int limit) {
  load(id);  // not_found
  std::vector<GameState> out = storage_.tournaments().games_of(id, std::clamp(limit, 1, 500));
  // A sealed move is its sealer's secret until the game resumes (docs/API.md, adjourn).
  for (GameState& g : out)
    if (g.sealed && g.sealed->by != viewer) g.sealed->usi.clear();
  return out;
}

Id Tournaments::of_game(Id game) {
  std::optional<GameState> g = storage_.games().find_game(game);
  return g ? g->tournament : 0;
}

void Tournaments::changed_elsewhere(Id id) {
  try {
    std::optional<Tournament> t = storage_.tournaments().find_tournament(id);
    if (!t) return;
    {
      std::lock_guard lock(mutex_);
      auto told = told_.find(id);
      if (told != told_.end() && told->second >= t->version) return;  // this process's own
      told_[id] = t->version;
    }
    Event e;
    e.kind = EventKind::Tournament;
    e.tournament = id;
    e.text = t->change;
    e.elsewhere = true;
    events_.publish(e);
  } catch (const std::exception&) {
    // The store is away for a moment: the page hears of the next change.
  }
}

}  // namespace kirin::server
