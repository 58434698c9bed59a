// A match score as an Elo difference with a 95% confidence interval, and the likelihood of
// superiority.
#pragma once

#include <string>

namespace kirin::match {

struct Score {
  int wins = 0, losses = 0, draws = 0;  // from the first engine's side
  int games() const { return wins + losses + draws; }
};

struct EloEstimate {
  double score = 0.5;  // points per game, 0..1
  double elo = 0;      // +-infinity when every game was won or lost
  double error95 = 0;  // half the width of the 95% interval, in Elo; infinity if unbounded
  double los = 0.5;    // P(first engine is stronger), from wins and losses (draws carry none)
  double draw_ratio = 0;
};

// The logistic Elo model: score = 1 / (1 + 10^(-elo/400)). The interval comes from the
// per-game score's variance in this sample (the trinomial win/draw/loss distribution, normal
// approximation), mapped through the model; LOS = Phi((W - L) / sqrt(W + L)).
EloEstimate estimate_elo(const Score& s);
double elo_from_score(double score);  // +-infinity at 1 and 0

// "Elo difference: 35.2 +/- 60.1, LOS: 87.3 %, draw ratio: 20.0 %"
std::string format_elo(const EloEstimate& e);

}  // namespace kirin::match
