#include "match/elo.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace kirin::match {

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate estimate_elo(const Score& s) {
  EloEstimate e;
  int n = s.games();
  if (n == 0) return e;
  double w = double(s.wins) / n, d = double(s.draws) / n, l = double(s.losses) / n;
  e.score = w + d / 2;
  e.draw_ratio = d;
  e.elo = elo_from_score(e.score);
  if (e.elo == 0) e.elo = 0;  // no "-0.0" in the output
  double variance =
      w * std::pow(1 - e.score, 2) + d * std::pow(0.5 - e.score, 2) + l * std::pow(0 - e.score, 2);
  double margin = 1.959963984540054 * std::sqrt(variance / n);
  double lo = elo_from_score(e.score - margin), hi = elo_from_score(e.score + margin);
  e.error95 = std::isfinite(lo) && std::isfinite(hi) ? (hi - lo) / 2
                                                     : std::numeric_limits<double>::infinity();
  if (s.wins + s.losses > 0)
    e.los = 0.5 * (1 + std::erf((s.wins - s.losses) / std::sqrt(2.0 * (s.wins + s.losses))));
  return e;
}

std::string format_elo(const EloEstimate& e) {
  char elo[64], err[64];
  if (std::isfinite(e.elo))
    std::snprintf(elo, sizeof elo, "%.1f", e.elo);
  else
    std::snprintf(elo, sizeof elo, "%sinf", e.elo > 0 ? "+" : "-");
  if (std::isfinite(e.error95))
    std::snprintf(err, sizeof err, "%.1f", e.error95);
  else
    std::snprintf(err, sizeof err, "inf");
  char out[200];
  std::snprintf(out, sizeof out, "Elo difference: %s +/- %s, LOS: %.1f %%, draw ratio: %.1f %%",
                elo, err, e.los * 100, e.draw_ratio * 100);
  return out;
}

}  // namespace kirin::match
