// Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", 2013): a rating, its
// deviation (how uncertain it is) and its volatility (how erratic the player is), updated once
// per rating period from the games of that period. A player with no game in a period keeps
// the rating while the deviation grows, as the paper's step 6 says.
#pragma once

#include <vector>

namespace kirin::server {

struct Glicko2Rating {
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
  bool operator==(const Glicko2Rating&) const = default;
};

// One game of the period, from the rated player's side: the opponent's rating before the
// period, and the score (1 a win, 0.5 a draw, 0 a loss).
struct Glicko2Game {
  Glicko2Rating opponent;
  double score = 0;
};

struct Glicko2Options {
  // The system constant: how much the volatility may change in a period. Glickman suggests
  // 0.3 to 1.2; lishogi and lichess use 0.75.
  double tau = 0.75;
  // The volatility iteration stops when its interval is this narrow (the paper's epsilon).
  double epsilon = 0.000001;
  // A deviation never grows beyond an unrated player's.
  double max_deviation = 350;
};

// The rating after `periods` rating periods without a game (a fraction counts as such): only
// the deviation grows, as the paper's step 6 over that many periods,
// phi' = sqrt(phi^2 + periods * sigma^2), up to options.max_deviation.
Glicko2Rating glicko2_idle(const Glicko2Rating& player, double periods,
                           const Glicko2Options& options = {});

// The rating after one period with these games (none: only the deviation grows).
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             const Glicko2Options& options = {});

}  // namespace kirin::server
