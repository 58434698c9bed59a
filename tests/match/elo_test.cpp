#include "match/elo.h"

#include <gtest/gtest.h>

#include <cmath>

#include "match/time_control.h"

namespace kirin::match {
namespace {

TEST(Elo, EvenScoreIsZero) {
  EloEstimate e = estimate_elo({10, 10, 5});
  EXPECT_DOUBLE_EQ(e.score, 0.5);
  EXPECT_NEAR(e.elo, 0, 1e-9);
  EXPECT_NEAR(e.los, 0.5, 1e-12);
  EXPECT_NEAR(e.draw_ratio, 0.2, 1e-12);
}

TEST(Elo, KnownScore) {
  // 30 wins, 10 losses, 10 draws: score 0.7; values worked out by hand (see elo.h).
  EloEstimate e = estimate_elo({30, 10, 10});
  EXPECT_NEAR(e.score, 0.7, 1e-12);
  EXPECT_NEAR(e.elo, 147.19, 0.01);
  EXPECT_NEAR(e.error95, 95.14, 0.01);
  EXPECT_NEAR(e.los, 0.99922, 0.00001);
  EXPECT_NEAR(elo_from_score(0.75), 400 * std::log10(3.0), 1e-9);
  EXPECT_EQ(format_elo(e), "Elo difference: 147.2 +/- 95.1, LOS: 99.9 %, draw ratio: 20.0 %");
}

TEST(Elo, AllWinsIsUnbounded) {
  EloEstimate e = estimate_elo({3, 0, 0});
  EXPECT_TRUE(std::isinf(e.elo) && e.elo > 0);
  EXPECT_TRUE(std::isinf(e.error95));
  EXPECT_EQ(format_elo(e).substr(0, 34), "Elo difference: +inf +/- inf, LOS:");
  EloEstimate none = estimate_elo({0, 0, 0});
  EXPECT_EQ(none.elo, 0);
}

TEST(TimeControl, ParsesAndCharges) {
  TimeControl tc = parse_time_control("10+0.1", 0, 0);
  EXPECT_EQ(tc.base_ms, 10000);
  EXPECT_EQ(tc.increment_ms, 100);
  EXPECT_EQ(tc.describe(), "10+0.1");
  int64_t left = 1000;
  EXPECT_TRUE(tc.charge(left, 400, 50));
  EXPECT_EQ(left, 700);
  EXPECT_TRUE(tc.charge(left, 740, 50));  // 40 ms over: within the grace
  EXPECT_EQ(left, 100);
  EXPECT_FALSE(tc.charge(left, 200, 50));
  EXPECT_EQ(left, 0);

  TimeControl byo = parse_time_control("1", 2.5, 0);
  EXPECT_EQ(byo.describe(), "1+byoyomi 2.5");
  left = 1000;
  EXPECT_EQ(byo.available_ms(left), 3500);
  EXPECT_TRUE(byo.charge(left, 3000, 0));
  EXPECT_EQ(left, 0);
  EXPECT_TRUE(byo.charge(left, 2500, 0));  // the byoyomi comes back every move
  EXPECT_FALSE(byo.charge(left, 2600, 0));

  TimeControl fixed = parse_time_control("10", 0, 250);
  EXPECT_TRUE(fixed.fixed_per_move());
  EXPECT_EQ(fixed.available_ms(0), 250);
  EXPECT_EQ(fixed.describe(), "movetime 0.25");

  // A node budget: no clock, only a generous deadline against a hanging engine.
  TimeControl nodes = parse_time_control("10", 0, 0, 50000);
  EXPECT_TRUE(nodes.fixed_per_move());
  EXPECT_EQ(nodes.nodes, 50000);
  EXPECT_EQ(nodes.available_ms(0), TimeControl::kNodesDeadlineMs);
  int64_t unused = 0;
  EXPECT_TRUE(nodes.charge(unused, 30000, 0));
  EXPECT_FALSE(nodes.charge(unused, TimeControl::kNodesDeadlineMs + 1, 0));
  EXPECT_EQ(nodes.describe(), "nodes 50000");
}

TEST(TimeControl, RejectsNonsense) {
  EXPECT_THROW(parse_time_control("ten", 0, 0), std::invalid_argument);
  EXPECT_THROW(parse_time_control("10+", 0, 0), std::invalid_argument);
  EXPECT_THROW(parse_time_control("-5", 0, 0), std::invalid_argument);
  EXPECT_THROW(parse_time_control("0", 0, 0), std::invalid_argument);
  EXPECT_THROW(parse_time_control("10+1", 5, 0), std::invalid_argument);
  EXPECT_THROW(parse_time_control("10", 0, -1), std::invalid_argument);
  EXPECT_THROW(parse_time_control("10", 0, 0, -1), std::invalid_argument);
  EXPECT_THROW(parse_time_control("10", 0, 100, 1000), std::invalid_argument);
}

}  // namespace
}  // namespace kirin::match
