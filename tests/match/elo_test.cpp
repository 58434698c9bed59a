#include "match/elo.h"

#include <gtest/gtest.h>

#include <cmath>

#include "match/referee.h"

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

// The clock arithmetic is tested with the model (tests/clock); here, the match's options.
TEST(TimeControl, FromMatchOptions) {
  EXPECT_EQ(match_time_control("10+0.1", 0, 0), parse_time_control("10+0.1"));
  EXPECT_EQ(describe(match_time_control("10+0.1", 0, 0)), "10+0.1");
  EXPECT_EQ(match_time_control("1", 2.5, 0), parse_time_control("1 byoyomi 2.5"));
  EXPECT_EQ(describe(match_time_control("1", 2.5, 0)), "1 byoyomi 2.5");
  EXPECT_EQ(describe(match_time_control("0", 0.5, 0)), "0 byoyomi 0.5");
  EXPECT_EQ(describe(match_time_control("10", 0, 250)), "movetime 0.25");
  EXPECT_EQ(describe(match_time_control("10", 0, 0, 50000)), "nodes 50000");
}

TEST(TimeControl, RejectsNonsense) {
  EXPECT_THROW(match_time_control("ten", 0, 0), TimeControlError);
  EXPECT_THROW(match_time_control("10+", 0, 0), TimeControlError);
  EXPECT_THROW(match_time_control("-5", 0, 0), TimeControlError);
  EXPECT_THROW(match_time_control("0", 0, 0), TimeControlError);
  EXPECT_THROW(match_time_control("10+1", 5, 0), TimeControlError);
  EXPECT_THROW(match_time_control("10", 0, -1), TimeControlError);
  EXPECT_THROW(match_time_control("10", 0, 0, -1), TimeControlError);
  EXPECT_THROW(match_time_control("10", 0, 100, 1000), TimeControlError);
  EXPECT_THROW(match_time_control("3 days", 0, 0), TimeControlError);
  EXPECT_THROW(match_time_control("", 0, 0), TimeControlError);
}

TEST(MatchTimeControl, PerEngineClocks) {
  TimeControls same = match_time_controls("10+0.1", {}, 0, 0);
  EXPECT_EQ(same[0], parse_time_control("10+0.1"));
  EXPECT_EQ(same[1], same[0]);
  EXPECT_EQ(describe(same), "10+0.1");
  TimeControls odds = match_time_controls("10+0.1", {"", "60+1"}, 0, 0);
  EXPECT_EQ(odds[0], parse_time_control("10+0.1"));
  EXPECT_EQ(odds[1], parse_time_control("60+1"));
  EXPECT_EQ(describe(odds), "10+0.1 (Black), 60+1 (White)");
  EXPECT_EQ(describe(odds, "engine 1", "engine 2"), "10+0.1 (engine 1), 60+1 (engine 2)");
  // --byoyomi applies to every clock; a clock may carry its own.
  TimeControls byo = match_time_controls("10", {"5", "0 byoyomi 2"}, 0, 0);
  EXPECT_EQ(describe(byo), "5 (Black), 0 byoyomi 2 (White)");
  EXPECT_EQ(describe(match_time_controls("10", {"5", ""}, 1, 0)),
            "5 byoyomi 1 (Black), 10 byoyomi 1 (White)");
  // Node odds, or one engine's budget against the other's clock.
  TimeControls nodes = match_time_controls("10", {"nodes 4000", ""}, 0, 0, 1000);
  EXPECT_EQ(describe(nodes), "nodes 4000 (Black), nodes 1000 (White)");
  EXPECT_EQ(describe(match_time_controls("10+0.1", {"", "movetime 0.5"}, 0, 0)),
            "10+0.1 (Black), movetime 0.5 (White)");
}

TEST(MatchTimeControl, PerEngineClockRefusals) {
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const TimeControlError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([] { match_time_controls("10", {"", "ten"}, 0, 0); })
                .rfind("time control: --tc2: ", 0),
            0u);
  EXPECT_EQ(message([] { match_time_controls("10", {"3 days", ""}, 0, 0); }),
            "time control: --tc1 takes seconds[+increment], \"movetime S\" or \"nodes N\", not "
            "'3 days'");
  EXPECT_EQ(message([] { match_time_controls("10", {"", "nodes -5"}, 0, 0); })
                .rfind("time control: --tc2: ", 0),
            0u);
}

}  // namespace
}  // namespace kirin::match
