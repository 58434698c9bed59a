// Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system" (2013):
// a 1500 player (deviation 200, volatility 0.06, tau 0.5) beats a 1400 (30), loses to a
// 1550 (100) and to a 1700 (300), and ends at 1464.06, 151.52, 0.05999 (the paper's printed
// figures, which it rounds at each step: hence a tolerance of a hundredth).
#include "server/domain/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>

namespace kirin::server {
namespace {

TEST(Glicko2, GlickmansWorkedExample) {
  const Glicko2Rating player{1500, 200, 0.06};
  const std::vector<Glicko2Game> games = {
      {{1400, 30, 0.06}, 1},
      {{1550, 100, 0.06}, 0},
      {{1700, 300, 0.06}, 0},
  };
  Glicko2Rating after = glicko2_update(player, games, {.tau = 0.5});
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  // 0.0599960 exactly; the paper prints its five decimals cut, not rounded.
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
  EXPECT_GE(after.volatility, 0.05999);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
  // The paper's step 6 alone: phi' = sqrt(phi^2 + sigma^2) on its scale (173.7178).
  const Glicko2Rating player{1500, 200, 0.06};
  Glicko2Rating after = glicko2_update(player, {});
  EXPECT_EQ(after.rating, 1500);
  EXPECT_EQ(after.volatility, 0.06);
  const double phi = 200 / 173.7178;
  EXPECT_NEAR(after.deviation, std::sqrt(phi * phi + 0.06 * 0.06) * 173.7178, 1e-9);
  EXPECT_GT(after.deviation, 200);
  // Never beyond an unrated player's deviation.
  EXPECT_EQ(glicko2_update({1500, 350, 0.06}, {}).deviation, 350);
}

TEST(Glicko2, AWinRaisesALossLowersADrawBetweenEqualsKeeps) {
  const Glicko2Rating a{1500, 100, 0.06};
  const Glicko2Rating b{1500, 100, 0.06};
  EXPECT_GT(glicko2_update(a, {{b, 1}}).rating, 1500);
  EXPECT_LT(glicko2_update(a, {{b, 0}}).rating, 1500);
  EXPECT_NEAR(glicko2_update(a, {{b, 0.5}}).rating, 1500, 1e-9);
  // Games make the rating more certain.
  EXPECT_LT(glicko2_update(a, {{b, 0.5}}).deviation, 100);
}

}  // namespace
}  // namespace kirin::server
