#include "server/domain/glicko2.h"

#include <algorithm>
#include <cmath>

namespace kirin::server {
namespace {

// The paper's scale: ratings and deviations divided by 173.7178 around 1500.
constexpr double kScale = 173.7178;
constexpr double kPi = 3.14159265358979323846;

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (kPi * kPi)); }

double expected(double mu, double mu_j, double phi_j) {
  return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois algorithm on f(x) = 0, x = ln(sigma'^2).
double new_volatility(double sigma, double phi, double v, double delta, const Glicko2Options& o) {
  const double a = std::log(sigma * sigma);
  const double tau2 = o.tau * o.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2;
  };
  double A = a, B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * o.tau) < 0) ++k;
    B = a - k * o.tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > o.epsilon) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Glicko2Rating glicko2_idle(const Glicko2Rating& player, double periods,
                           const Glicko2Options& options) {
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  const double grown = std::sqrt(phi * phi + std::max(periods, 0.0) * sigma * sigma);
  return {player.rating, std::min(grown, options.max_deviation / kScale) * kScale, sigma};
}

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             const Glicko2Options& options) {
  const double mu = (player.rating - 1500) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  const double max_phi = options.max_deviation / kScale;
  // Step 6 alone: a period without games only makes the rating less certain.
  if (games.empty()) return glicko2_idle(player, 1, options);
  // Steps 3 and 4: the estimated variance from the games, and the improvement they show.
  double inverse_v = 0, sum = 0;
  for (const Glicko2Game& game : games) {
    const double mu_j = (game.opponent.rating - 1500) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1 - e);
    sum += g(phi_j) * (game.score - e);
  }
  const double v = 1 / inverse_v;
  const double delta = v * sum;
  // Steps 5 to 7.
  const double sigma2 = new_volatility(sigma, phi, v, delta, options);
  const double phi_star = std::sqrt(phi * phi + sigma2 * sigma2);
  const double phi2 = std::min(1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v), max_phi);
  const double mu2 = mu + phi2 * phi2 * sum;
  // Step 8: back to the rating scale.
  return {mu2 * kScale + 1500, phi2 * kScale, sigma2};
}

}  // namespace kirin::server
