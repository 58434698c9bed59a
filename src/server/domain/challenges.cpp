#include "server/domain/challenges.h"

#include <fmt/core.h>

#include <algorithm>
#include <random>

#include "notation/sfen.h"
#include "rules/catalog.h"
#include "server/domain/game_setup.h"
#include "server/domain/restrictions.h"
#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

const char* status_word(ChallengeStatus s) {
  switch (s) {
    case ChallengeStatus::Open: return "open";
    case ChallengeStatus::Accepted: return "already accepted";
    case ChallengeStatus::Declined: return "declined";
    case ChallengeStatus::Cancelled: return "cancelled";
  }
  return "closed";
}

std::string challenge_name(Id id) { return "challenge " + std::to_string(id); }

}  // namespace

Challenges::Challenges(Storage& storage, GameService& games, EventSink& events, NowFn now,
                       ChallengeLimits limits)
    : challenge_repo_(storage.challenges()),
      account_repo_(storage.accounts()),
      game_repo_(storage.games()),
      moderation_repo_(storage.moderation()),
      games_(games), events_(events), now_(std::move(now)), limits_(limits) {}

// The caps of ChallengeLimits, checked before anything is stored. They hold in every front
// door: a challenge made by text command or mail is created here too.
void Challenges::check_caps(const User& me, const PlayerRef& opponent) {
  Id computer = games_.computer_user();
  if (computer && opponent.id == computer) {
    std::vector<GameState> games = game_repo_.list_games_of(me.id);
    auto playing = std::count_if(games.begin(), games.end(), [&](const GameState& g) {
      return !is_over(g.status) && (g.black.id == computer || g.white.id == computer);
    });
    if (std::size_t(playing) >= limits_.computer_games_per_user)
      throw ServiceError(ErrorCode::Conflict,
                         fmt::format("you are playing {} games against the computer, the most "
                                     "one player may: finish one first",
                                     playing));
    return;
  }
  std::vector<Challenge> open = challenge_repo_.open_challenges_from(me.id);
  if (open.size() >= limits_.open_per_user)
    throw ServiceError(ErrorCode::Conflict, fmt::format("you have {} open challenges, the most "
                                                        "one player may: cancel some first",
                                                        open.size()));
  if (opponent.id) {
    auto to_them = std::count_if(open.begin(), open.end(), [&](const Challenge& c) {
      return c.challenged.id == opponent.id;
    });
    if (std::size_t(to_them) >= limits_.open_to_one_user)
      throw ServiceError(ErrorCode::Conflict,
                         fmt::format("you have {} open challenges to {}, the most one player "
                                     "may send another: wait for an answer, or cancel one",
                                     to_them, opponent.name));
  }
}

void Challenges::publish(const Challenge& c, const char* what, const PlayerRef& by) {
  Event e;
  e.kind = EventKind::Challenge;
  e.challenge = c.id;
  e.game = c.game;
  e.text = what;
  e.users = {c.challenger};
  if (c.challenged.id) e.users.push_back(c.challenged);
  e.by = by;
  e.rematch_of = c.rematch_of;
  events_.publish(e);
}

std::optional<Challenge> Challenges::check_rematch(const User& me, ChallengeRequest& r) {
  std::optional<GameState> old = game_repo_.find_game(r.rematch_of);
  std::string name = "game " + std::to_string(r.rematch_of);
  if (!old)
    throw ServiceError(ErrorCode::NotFound, "no game with id " + std::to_string(r.rematch_of),
                       "rematch_of");
  if (old->black.id != me.id && old->white.id != me.id)
    throw ServiceError(ErrorCode::Forbidden, "you did not play " + name, "rematch_of");
  if (!is_over(old->status))
    throw ServiceError(ErrorCode::Conflict, name + " is not over yet", "rematch_of");
  const PlayerRef& other = old->black.id == me.id ? old->white : old->black;
  if (r.opponent.empty()) r.opponent = other.name;
  std::optional<User> named = account_repo_.find_user_by_name(r.opponent);
  if (!named || named->id != other.id)
    throw ServiceError(ErrorCode::Invalid, "a rematch of " + name + " is against " + other.name,
                       "opponent");
  std::optional<Challenge> offer = challenge_repo_.find_rematch(r.rematch_of);
  if (offer && offer->status == ChallengeStatus::Accepted)
    throw ServiceError(ErrorCode::Conflict,
                       name + " was played again already: game " + std::to_string(offer->game),
                       "rematch_of");
  if (!offer || offer->status != ChallengeStatus::Open) return std::nullopt;
  if (offer->challenger.id == me.id)
    throw ServiceError(ErrorCode::Conflict, "you have offered a rematch of " + name + " already",
                       "rematch_of");
  return offer;
}

void Challenges::take_rematch_terms(const User& me, ChallengeRequest& r) {
  // The same game again with colours swapped, as lishogi's rematch: the old game's setup
  // (computer level included) and clock, whatever else the request says, so that an offer
  // cannot slip other terms past the player who accepts it.
  std::optional<GameState> old = game_repo_.find_game(r.rematch_of);
  r.setup = old->setup;
  r.time_control = old->time_control;
  r.color = old->black.id == me.id ? ColorChoice::ChallengerWhite : ColorChoice::ChallengerBlack;
}

void Challenges::choose_profile(const User& me, GameSetup& setup) {
  if (setup.profile == "default") {
    setup.profile = builtin_variant(canonical_game_id(setup.game))->default_profile;
    return;
  }
  if (!setup.profile.empty()) return;
  auto it = me.preferences.profiles.find(canonical_game_id(setup.game));
  if (it != me.preferences.profiles.end()) setup.profile = it->second;
}

Challenge Challenges::create(Id challenger, ChallengeRequest r) {
  std::optional<User> me = account_repo_.find_user(challenger);
  if (!me) throw ServiceError(ErrorCode::NotFound, "no user with id " + std::to_string(challenger));
  Challenge c;
  c.challenger = {me->id, me->name};
  if (r.rematch_of) {
    if (std::optional<Challenge> theirs = check_rematch(*me, r)) {
      accept(theirs->id, me->id);  // both want it: the game starts
      return get(theirs->id);
    }
    take_rematch_terms(*me, r);
    c.rematch_of = r.rematch_of;
  } else {
    choose_profile(*me, r.setup);
  }
  if (!r.opponent.empty()) {
    std::optional<User> them = account_repo_.find_user_by_name(r.opponent);
    if (!them)
      throw ServiceError(ErrorCode::NotFound, "no user named '" + r.opponent + "'", "opponent");
    if (them->id == me->id)
      throw ServiceError(ErrorCode::Invalid, "you cannot challenge yourself", "opponent");
    if (them->closed)
      throw ServiceError(ErrorCode::Conflict, "the account '" + them->name + "' is closed",
                         "opponent");
    refuse_if_either_blocks(moderation_repo_, me->id, them->id,
                            r.rematch_of ? "rematches" : "challenges");
    c.challenged = {them->id, them->name};
  }
  BuiltSetup built = build_setup(r.setup);  // throws, naming the bad field
  if (r.setup.rated) {
    std::string why = why_not_rated(r.setup, *built.variant,
                                    games_.is_computer(c.challenger) ||
                                        (c.challenged.id && games_.is_computer(c.challenged)));
    if (!why.empty()) throw ServiceError(ErrorCode::Invalid, why, "rated");
  }
  if (r.setup.computer_level < 0 || r.setup.computer_level > kMaxComputerLevel)
    throw ServiceError(ErrorCode::Invalid,
                       "the computer's level is 1 to " + std::to_string(kMaxComputerLevel) +
                           " (0: the server's default)",
                       "level");
  if (r.setup.computer_level && !(c.challenged.id && c.challenged.id == games_.computer_user()))
    throw ServiceError(ErrorCode::Invalid,
                       "a level is for a game against the computer: challenge it by name",
                       "level");
  check_time_control(r.time_control);
  check_caps(*me, c.challenged);
  if (r.setup.rated) check_may_play_rated(*me);
  c.setup = std::move(r.setup);
  c.color = r.color;
  c.time_control = r.time_control;
  c.created = now_();
  c.id = challenge_repo_.create_challenge(c);
  bool at_once =
      c.challenged.id && (r.opponent_agrees || c.challenged.id == games_.computer_user());
  if (!at_once) publish(c, "created", c.challenger);
  if (at_once) {
    try {
      c.game = accept(c.id, c.challenged.id);
    } catch (...) {
      challenge_repo_.close_challenge(c.id, ChallengeStatus::Cancelled);  // none is left open
      throw;
    }
    c.status = ChallengeStatus::Accepted;
  }
  return c;
}

Id Challenges::accept(Id id, Id user) {
  Challenge c = get(id);
  if (c.status != ChallengeStatus::Open)
    throw ServiceError(ErrorCode::Conflict, challenge_name(id) + " is " + status_word(c.status));
  if (c.challenged.id && c.challenged.id != user)
    throw ServiceError(ErrorCode::Forbidden, challenge_name(id) + " is for " + c.challenged.name);
  if (c.challenger.id == user)
    throw ServiceError(ErrorCode::Forbidden, "you cannot accept your own challenge");
  // Two offers made at once (both players clicking Rematch): only one game.
  auto refuse_if_played_again = [&] {
    if (!c.rematch_of) return;
    std::optional<Challenge> played = challenge_repo_.find_rematch(c.rematch_of);
    if (played && played->status == ChallengeStatus::Accepted)
      throw ServiceError(ErrorCode::Conflict, "game " + std::to_string(c.rematch_of) +
                                                  " was played again already: game " +
                                                  std::to_string(played->game));
  };
  refuse_if_played_again();
  std::optional<User> me = account_repo_.find_user(user);
  if (!me) throw ServiceError(ErrorCode::NotFound, "no user with id " + std::to_string(user));
  refuse_if_either_blocks(moderation_repo_, me->id, c.challenger.id,
                          c.rematch_of ? "rematches" : "challenges");
  if (c.setup.rated && games_.is_computer({me->id, me->name}))
    throw ServiceError(ErrorCode::Invalid, "a game against the computer is casual", "rated");
  if (c.setup.rated) check_may_play_rated(*me);

  GameState g;
  g.setup = c.setup;
  BuiltSetup built = build_setup(g.setup);  // again: the catalog may have changed since
  g.start_sfen = to_sfen(built.start);
  bool challenger_black = c.color == ColorChoice::ChallengerBlack;
  if (c.color == ColorChoice::Random) challenger_black = std::random_device{}() % 2 == 0;
  PlayerRef accepter{me->id, me->name};
  g.black = challenger_black ? c.challenger : accepter;
  g.white = challenger_black ? accepter : c.challenger;
  g.time_control = c.time_control;
  g.created = g.updated = now_();
  g.clock = start_clock(g.time_control, g.created);
  std::optional<Id> game = challenge_repo_.accept_challenge(id, g);
  if (!game) {
    refuse_if_played_again();  // the store's answer to the race above
    throw ServiceError(ErrorCode::Conflict, challenge_name(id) + " is no longer open");
  }
  c.status = ChallengeStatus::Accepted;
  c.game = *game;
  if (!c.challenged.id) c.challenged = accepter;
  publish(c, "accepted", accepter);
  games_.game_created(*game);
  return *game;
}

void Challenges::decline(Id id, Id user) {
  Challenge c = get(id);
  if (c.challenged.id != user)
    throw ServiceError(ErrorCode::Forbidden,
                       c.challenged.id ? challenge_name(id) + " is for " + c.challenged.name
                                       : challenge_name(id) +
                                             " is open to anyone: only its challenger may "
                                             "cancel it");
  if (c.status != ChallengeStatus::Open)
    throw ServiceError(ErrorCode::Conflict, challenge_name(id) + " is " + status_word(c.status));
  if (!challenge_repo_.close_challenge(id, ChallengeStatus::Declined))
    throw ServiceError(ErrorCode::Conflict, challenge_name(id) + " is no longer open");
  c.status = ChallengeStatus::Declined;
  publish(c, "declined", c.challenged);
}

void Challenges::cancel(Id id, Id user) {
  Challenge c = get(id);
  if (c.challenger.id != user)
    throw ServiceError(ErrorCode::Forbidden,
                       "only " + c.challenger.name + ", its challenger, may withdraw " +
                           challenge_name(id));
  if (c.status != ChallengeStatus::Open)
    throw ServiceError(ErrorCode::Conflict, challenge_name(id) + " is " + status_word(c.status));
  if (!challenge_repo_.close_challenge(id, ChallengeStatus::Cancelled))
    throw ServiceError(ErrorCode::Conflict, challenge_name(id) + " is no longer open");
  c.status = ChallengeStatus::Cancelled;
  publish(c, "cancelled", c.challenger);
}

void Challenges::check_may_play_rated(const User& me) {
  const TimeMs min_age = limits_.rated_min_account_age_ms;
  const int min_games = limits_.rated_min_games;
  if (min_age <= 0 || min_games <= 0) return;  // either gate open is enough
  const TimeMs age = now_() - me.created;
  if (age >= min_age) return;
  const int played = game_repo_.count_played_games(me.id, Ratings::kMinRatedPly);
  if (played >= min_games) return;
  auto hours = [](TimeMs ms) { return std::to_string((ms + 3'599'999) / 3'600'000); };
  throw ServiceError(ErrorCode::Forbidden,
                     "rated games are for accounts " + hours(min_age) + " hours old or with " +
                         std::to_string(min_games) + " finished games of " +
                         std::to_string(Ratings::kMinRatedPly) + " moves or more: " + me.name +
                         "'s is younger (rated games in " + hours(min_age - age) +
                         " hours) and has " + std::to_string(played) +
                         ": play casual games meanwhile",
                     "rated");
}

Challenge Challenges::get(Id id) {
  std::optional<Challenge> c = challenge_repo_.find_challenge(id);
  if (!c) throw ServiceError(ErrorCode::NotFound, "no challenge with id " + std::to_string(id));
  return *c;
}

int Challenges::close_all_of(Id user) {
  int closed = 0;
  for (Challenge c : challenge_repo_.open_challenges_to(user)) {
    if (!challenge_repo_.close_challenge(c.id, ChallengeStatus::Declined)) continue;  // raced
    c.status = ChallengeStatus::Declined;
    publish(c, "declined", c.challenged);
    ++closed;
  }
  for (Challenge c : challenge_repo_.open_challenges_from(user)) {
    if (!challenge_repo_.close_challenge(c.id, ChallengeStatus::Cancelled)) continue;
    c.status = ChallengeStatus::Cancelled;
    publish(c, "cancelled", c.challenger);
    ++closed;
  }
  return closed;
}

std::optional<Challenge> Challenges::rematch_of(Id game) { return challenge_repo_.find_rematch(game); }

std::vector<Challenge> Challenges::open() { return challenge_repo_.open_challenges_to(0); }
std::vector<Challenge> Challenges::incoming(Id user) { return challenge_repo_.open_challenges_to(user); }
std::vector<Challenge> Challenges::outgoing(Id user) { return challenge_repo_.open_challenges_from(user); }

}  // namespace kirin::server
