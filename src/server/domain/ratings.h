// Ratings: a Glicko-2 rating (glicko2.h) per player and game, as lishogi keeps one per
// variant, settled when a rated game finishes, with the history of every change kept; the
// leaderboards and standings built on them. docs/RATINGS.md says how.
//
// Rating periods, lishogi's way: each rated game is a rating period of its own, settled when
// it ends; before it, a player's deviation grows for the periods (a fraction counts) since
// their last rated game ended (glicko2_idle), as the paper's step 6 says of periods without
// games. Both players are updated against the other's rating before the game, its deviation
// so grown. The time of a game is its end (GameState::updated), so that a recompute from the
// stored games gives the same numbers as the updates made as they ended.
#pragma once

#include <string>
#include <vector>

#include "rules/variant.h"
#include "server/domain/clocks.h"
#include "server/domain/game_repo.h"
#include "server/domain/rating_repo.h"
#include "server/domain/records.h"

namespace kirin::server {

// A rating whose deviation is above this is provisional (shown with '?', left off the
// leaderboards): lishogi's 110.
constexpr double kProvisionalDeviation = 110;
inline bool is_provisional(const Glicko2Rating& r) { return r.deviation > kProvisionalDeviation; }

struct RatingOptions {
  // The length of a rating period: lishogi's 0.21436 periods a day, about 4.7 days.
  double period_days = 1 / 0.21436;
  Glicko2Options glicko2;
};

// Why a game cannot be rated, or empty: rated games are between two registered players (not
// the computer), from the game's own start (no handicap, no start position) under its own rules
// or one of its named profiles (pbmserv, jcsa: one rating per game, as lishogi has one per
// variant), never with rule options of the players' own.
std::string why_not_rated(const GameSetup& setup, const Variant& variant, bool against_computer);

class Ratings {
 public:
  // A game ends rated only after two moves of each side: shorter ones are lishogi's aborted
  // games, and a flood of them would be a free rating (issue 28, finding 5).
  static constexpr int kMinRatedPly = 4;

  explicit Ratings(Storage& storage, RatingOptions options = {});

  const RatingOptions& options() const { return options_; }

  // A rated game that finished (with a result) after kMinRatedPly moves settles both
  // players' ratings, once: returns
  // the changes (those stored already if it was settled before); nothing for another game.
  // Throws ServiceError conflict if the players' ratings kept changing meanwhile (other
  // processes settling their games), StoreError if the store fails.
  std::vector<RatingChange> game_over(const GameState& game);

  // A user's rating in a game: the stored one, or a new player's.
  Rating rating(const PlayerRef& user, const std::string& game);
  std::vector<Rating> ratings_of(Id user);           // by game id; only games played rated
  std::vector<RatingChange> history(Id user);        // oldest first
  std::vector<RatingChange> changes_of_game(Id game);  // none for a casual or unsettled game
  // The best `limit` ratings of a game that are not provisional (all of them with
  // `with_provisional`), highest first.
  std::vector<Rating> leaderboard(const std::string& game, int limit,
                                  bool with_provisional = false);
  // The best `limit` provisional ratings of a game, highest first: the players the
  // leaderboard leaves off until their deviation falls to kProvisionalDeviation.
  std::vector<Rating> provisional(const std::string& game, int limit);
  std::vector<Standing> standings(const StandingsQuery& query);

  // Forgets every rating and settles every finished rated game again, in order: the same
  // numbers as settling them one by one as they ended. Returns how many games it settled.
  int recompute();

 private:
  std::vector<RatingChange> settle(const GameState& game);

  RatingRepo& rating_repo_;
  GameRepo& game_repo_;
  RatingOptions options_;
};

}  // namespace kirin::server
