// Ratings, their history and standings, as the ratings module stores them (storage.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

// Which finished games RatingRepo::standings counts: each field set narrows it.
struct StandingsQuery {
  std::string game;           // a canonical game id; empty: every game, a row per game
  Id user = 0;                // only this player's rows
  std::optional<bool> rated;  // rated games only, or casual ones only
  int limit = 200;
};

// Why RatingRepo::record_rating_changes wrote nothing.
enum class RatingWrite {
  Ok,
  AlreadyRated,  // the game's changes are stored already
  Stale,         // a player's rating changed since it was read: read it again and retry
};

class RatingRepo {
 public:
  virtual ~RatingRepo() = default;

  // A user's stored ratings, by game id.
  virtual std::vector<Rating> ratings_of(Id user) = 0;
  virtual std::optional<Rating> find_rating(Id user, std::string_view game) = 0;
  // Stores what one rated game did to its players' ratings, in one transaction: each change
  // (all of one game) and each player's new rating, if the game has no changes stored yet
  // (else AlreadyRated) and each player's stored rating still counts change.games_before
  // games (none stored for 0; else Stale, and nothing is written).
  virtual RatingWrite record_rating_changes(const std::vector<RatingChange>& changes) = 0;
  virtual std::vector<RatingChange> rating_changes_of_game(Id game) = 0;
  // A user's rating changes in every game, oldest first.
  virtual std::vector<RatingChange> rating_history(Id user) = 0;
  // The best ratings of a game whose deviation is above above_deviation and at most
  // max_deviation, highest first; a closed account's are left out (as lishogi drops closed
  // accounts from its leaderboards).
  virtual std::vector<Rating> leaderboard(std::string_view game, double above_deviation,
                                          double max_deviation, int limit) = 0;
  // Wins, losses and draws per player and game over the finished games `query` selects; by
  // score (a draw a half), then name.
  virtual std::vector<Standing> standings(const StandingsQuery& query) = 0;
  // Forgets every rating and rating change (before a recompute).
  virtual void clear_ratings() = 0;
};

}  // namespace kirin::server
