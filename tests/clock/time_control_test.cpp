#include "clock/time_control.h"

#include <gtest/gtest.h>

namespace kirin {
namespace {

TEST(Clocks, ParseAndDescribe) {
  TimeControl byo = parse_time_control("600 byoyomi 30");
  EXPECT_EQ(byo, (TimeControl{.kind = TimeControl::Kind::Live, .main_ms = 600000,
                               .byoyomi_ms = 30000, .periods = 1}));
  TimeControl inc = parse_time_control(" 300+2.5 ");
  EXPECT_EQ(inc, (TimeControl{TimeControl::Kind::Live, 300000, 0, 2500, 0}));
  TimeControl corr = parse_time_control("3 days");
  EXPECT_EQ(corr, (TimeControl{TimeControl::Kind::Correspondence, 0, 0, 0, 3}));
  EXPECT_EQ(parse_time_control("").kind, TimeControl::Kind::None);
  EXPECT_EQ(parse_time_control("none").kind, TimeControl::Kind::None);
  for (const char* text : {"600 byoyomi 30", "300+2.5", "3 days", "1 day", "none", "0.5",
                           "10+0.1", "movetime 0.25", "nodes 50000"})
    EXPECT_EQ(describe(parse_time_control(text)), text);
  // The match wrote a byoyomi this way in its game files.
  EXPECT_EQ(parse_time_control("60+byoyomi 5"), parse_time_control("60 byoyomi 5"));
}

TEST(Clocks, BadTimeControlsSayWhy) {
  struct Case {
    const char *text, *message;
  };
  for (const Case& c : {
           Case{"ten minutes", "time control: main time 'ten minutes' is not a number of seconds"},
           Case{"60+5 byoyomi 10", "time control: give a byoyomi or an increment, not both"},
           Case{"0", "time control: it gives no time at all"},
           Case{"0 days", "time control: days per move must be from 1 to 60, not 0"},
           Case{"x days", "time control: 'x' is not a number of days"},
           Case{"-5", "time control: main time '-5' is not a number of seconds"},
           Case{"10+", "time control: increment '' is not a number of seconds"},
           Case{"nodes 0", "time control: the node budget must be positive"},
           // Numbers too large for their fields are refused as they were written, never
           // wrapped or clamped into others.
           Case{"99999999999999999999",
                "time control: main time '99999999999999999999' is too many seconds"},
           Case{"60+1e400", "time control: increment '1e400' is too many seconds"},
           Case{"99999999999999999999 days",
                "time control: days per move must be from 1 to 60, not 99999999999999999999"},
           Case{"4294967297 days", "time control: days per move must be from 1 to 60, not "
                                   "4294967297"},
           Case{"nodes 99999999999999999999",
                "time control: the node budget '99999999999999999999' is too large"},
       }) {
    try {
      parse_time_control(c.text);
      ADD_FAILURE() << c.text;
    } catch (const TimeControlError& e) {
      EXPECT_EQ(std::string(e.what()), c.message);
    }
  }
}

TEST(Clocks, ByoyomiIsNotConsumed) {
  TimeControl tc = parse_time_control("10 byoyomi 5");
  ClockState c = start_clock(tc, 1000);
  EXPECT_EQ(deadline(tc, c, kBlack), 1000 + 10000 + 5000);
  EXPECT_EQ(charge_move(tc, c, kBlack, 1000 + 14000), 14000);
  EXPECT_EQ(c.remaining_ms[kBlack], 0);
  EXPECT_EQ(c.turn_started, 15000);
  EXPECT_EQ(charge_move(tc, c, kWhite, 15000 + 15000), 15000);  // 10 s + the whole 5 s
  EXPECT_EQ(deadline(tc, c, kBlack), 30000 + 5000);
  ClockState before = c;
  EXPECT_EQ(charge_move(tc, c, kBlack, 35001), std::nullopt);
  EXPECT_EQ(c, before);  // unchanged when out of time
}

TEST(Clocks, PeriodsSpelledEveryWay) {
  TimeControl tc = parse_time_control("600 byoyomi 30 periods 3");
  EXPECT_EQ(tc.main_ms, 600000);
  EXPECT_EQ(tc.byoyomi_ms, 30000);
  EXPECT_EQ(tc.periods, 3);
  EXPECT_EQ(describe(tc), "600 byoyomi 30 periods 3");
  EXPECT_EQ(parse_time_control("600 byoyomi 30x3"), tc);
  EXPECT_EQ(parse_time_control("10|30(3)"), tc);  // lishogi's: minutes|seconds(periods)
  EXPECT_EQ(parse_time_control("10|30"), parse_time_control("600 byoyomi 30"));
  // One period is the byoyomi as it always was, written as before.
  EXPECT_EQ(parse_time_control("600 byoyomi 30 periods 1"), parse_time_control("600 byoyomi 30"));
  EXPECT_EQ(parse_time_control("600 byoyomi 30").periods, 1);
  EXPECT_EQ(describe(parse_time_control("600 byoyomi 30x1")), "600 byoyomi 30");
  EXPECT_EQ(parse_time_control("300+5").periods, 0);
  // A byoyomi made by hand without periods has one.
  TimeControl hand{.kind = TimeControl::Kind::Live, .main_ms = 1000, .byoyomi_ms = 500};
  EXPECT_EQ(byoyomi_periods(hand), 1);
  EXPECT_EQ(describe(hand), "1 byoyomi 0.5");
  EXPECT_EQ(parse_time_control("0 byoyomi 10x10").periods, 10);
}

TEST(Clocks, BadPeriodsSayWhy) {
  struct Case {
    const char* text;
    const char* error;
  };
  for (const auto& [text, error] : {
           Case{"600 byoyomi 30 periods 11", "time control: byoyomi periods must be from 1 to 10, not 11"},
           Case{"600 byoyomi 30x0", "time control: byoyomi periods must be from 1 to 10, not 0"},
           Case{"600 byoyomi 30x-1", "time control: byoyomi periods must be from 1 to 10, not -1"},
           Case{"600 byoyomi 30 periods three", "time control: 'three' is not a number of periods"},
           Case{"600 byoyomi 30x99999999999999999999",
                "time control: byoyomi periods must be from 1 to 10, not 99999999999999999999"},
           Case{"300+5 periods 3", "time control: byoyomi periods need a byoyomi"},
           Case{"300+5 byoyomi 10x3", "time control: give a byoyomi or an increment, not both"},
           Case{"600 byoyomi 0 periods 3", "time control: byoyomi periods need a byoyomi"},
           Case{"10|30(3", "time control: '30(3' lacks its ')'"},
           Case{"10|30(0)", "time control: byoyomi periods must be from 1 to 10, not 0"},
           Case{"x|30", "time control: main time in minutes 'x' is not a number of seconds"},
       }) {
    try {
      parse_time_control(text);
      ADD_FAILURE() << text << " was accepted";
    } catch (const TimeControlError& e) {
      EXPECT_STREQ(e.what(), error) << text;
    }
  }
  TimeControl tc = parse_time_control("60 byoyomi 10");
  tc.periods = 11;
  EXPECT_THROW(validate(tc), TimeControlError);
}

// 10 s main time, then 3 periods of 5 s.
TEST(Clocks, PeriodsAtTheirBoundaries) {
  TimeControl tc = parse_time_control("10 byoyomi 5 periods 3");
  ClockState c = start_clock(tc, 0);
  EXPECT_EQ(deadline(tc, c, kBlack), 10000 + 3 * 5000);
  EXPECT_EQ(periods_left_at(tc, c, kBlack, kBlack, 10000), 3);  // main time just used up
  EXPECT_EQ(periods_left_at(tc, c, kBlack, kBlack, 15000), 3);  // the first period's end
  EXPECT_EQ(periods_left_at(tc, c, kBlack, kBlack, 15001), 2);  // the second one runs
  EXPECT_EQ(periods_left_at(tc, c, kWhite, kBlack, 99999), 3);  // White's wait
  // A move exactly at the first period's end keeps it.
  EXPECT_EQ(charge_move(tc, c, kBlack, 15000), 15000);
  EXPECT_EQ(c.remaining_ms[kBlack], 0);
  EXPECT_EQ(c.periods_used[kBlack], 0);
  EXPECT_EQ(charge_move(tc, c, kWhite, 15000 + 1000), 1000);
  // One millisecond later: the first period is used up, the next one kept.
  EXPECT_EQ(deadline(tc, c, kBlack), 16000 + 15000);
  EXPECT_EQ(charge_move(tc, c, kBlack, 16000 + 5001), 5001);
  EXPECT_EQ(c.periods_used[kBlack], 1);
  EXPECT_EQ(periods_left_at(tc, c, kBlack, kWhite, 21001), 2);
  EXPECT_EQ(charge_move(tc, c, kWhite, 22000), 999);
  // Two periods left: a move at the very end of the last is made in time, and keeps it.
  EXPECT_EQ(deadline(tc, c, kBlack), 22000 + 10000);
  EXPECT_EQ(charge_move(tc, c, kBlack, 32000), 10000);
  EXPECT_EQ(c.periods_used[kBlack], 2);
  EXPECT_EQ(charge_move(tc, c, kWhite, 33000), 1000);
  // The last period: its full time each move, then the loss.
  EXPECT_EQ(deadline(tc, c, kBlack), 33000 + 5000);
  EXPECT_EQ(charge_move(tc, c, kBlack, 38000), 5000);
  EXPECT_EQ(charge_move(tc, c, kWhite, 39000), 1000);
  ClockState before = c;
  EXPECT_EQ(charge_move(tc, c, kBlack, 39000 + 5001), std::nullopt);
  EXPECT_EQ(c, before);
  EXPECT_EQ(periods_left_at(tc, c, kBlack, kBlack, 44000), 1);
  EXPECT_EQ(periods_left_at(tc, c, kBlack, kBlack, 44001), 0);
  // Within a grace after the last period the move counts, and the period stays.
  EXPECT_EQ(charge_move(tc, c, kBlack, 39000 + 5040, 50), 5040);
  EXPECT_EQ(c.periods_used[kBlack], 2);
}

TEST(Clocks, MainTimeThenPeriodsInOneMove) {
  TimeControl tc = parse_time_control("10 byoyomi 5 periods 3");
  ClockState c = start_clock(tc, 0);
  // 4 s of main time, then 11 s of periods: two overrun, the third kept.
  c.remaining_ms[kBlack] = 4000;
  EXPECT_EQ(charge_move(tc, c, kBlack, 15000), 15000);
  EXPECT_EQ(c.remaining_ms[kBlack], 0);
  EXPECT_EQ(c.periods_used[kBlack], 2);
  // A game ending mid-turn: what wholly ran out is charged, the turn restarted.
  ClockState w = c;
  run_down(tc, w, kWhite, 15000 + 10000 + 7000);  // White: main time, one period, 2 s of the next
  EXPECT_EQ(w.remaining_ms[kWhite], 0);
  EXPECT_EQ(w.periods_used[kWhite], 1);
  EXPECT_EQ(w.turn_started, 32000);
  run_down(tc, w, kWhite, 32000 + 60000);  // long past the deadline: all periods, no more
  EXPECT_EQ(w.periods_used[kWhite], 3);
  // The increment's clock is as it was.
  TimeControl inc = parse_time_control("10+2");
  ClockState i = start_clock(inc, 0);
  run_down(inc, i, kBlack, 4000);
  EXPECT_EQ(i.remaining_ms[kBlack], 6000);
  EXPECT_EQ(i.periods_used[kBlack], 0);
}

TEST(Clocks, IncrementAndRemaining) {
  TimeControl tc = parse_time_control("10+2");
  ClockState c = start_clock(tc, 0);
  EXPECT_EQ(charge_move(tc, c, kBlack, 4000), 4000);
  EXPECT_EQ(c.remaining_ms, (std::array<int64_t, 2>{8000, 10000}));
  EXPECT_EQ(remaining_at(tc, c, kWhite, 7000), (std::array<int64_t, 2>{8000, 7000}));
  EXPECT_EQ(remaining_at(tc, c, kWhite, 99000), (std::array<int64_t, 2>{8000, 0}));
  EXPECT_EQ(deadline(TimeControl{}, c, kWhite), std::nullopt);
  // Correspondence: the side to move's time to its deadline; the other's, a whole move's days
  // (not 0, which a clock shows as out of time).
  TimeControl corr = parse_time_control("3 days");
  ClockState k = start_clock(corr, 0);
  const int64_t day = 86'400'000;
  EXPECT_EQ(remaining_at(corr, k, kBlack, day), (std::array<int64_t, 2>{2 * day, 3 * day}));
  ClockState none = start_clock(TimeControl{}, 5);
  EXPECT_EQ(charge_move(TimeControl{}, none, kBlack, 1000000), 999995);
}

// The match referee's use: a grace for communication, and time per move instead of a clock.
TEST(Clocks, GraceAndTimePerMove) {
  TimeControl tc = parse_time_control("10+0.1");
  EXPECT_EQ(tc.main_ms, 10000);
  EXPECT_EQ(tc.increment_ms, 100);
  ClockState c{{1000, 1000}, 0};
  EXPECT_EQ(charge_move(tc, c, kBlack, 400, 50), 400);
  EXPECT_EQ(c.remaining_ms[kBlack], 700);
  EXPECT_EQ(charge_move(tc, c, kBlack, 400 + 740, 50), 740);  // 40 ms over: within the grace
  EXPECT_EQ(c.remaining_ms[kBlack], 100);
  ClockState before = c;
  EXPECT_EQ(charge_move(tc, c, kBlack, 1140 + 200, 50), std::nullopt);
  EXPECT_EQ(c, before);

  TimeControl byo = parse_time_control("1 byoyomi 2.5");
  c = {{1000, 1000}, 0};
  EXPECT_EQ(*deadline(byo, c, kBlack) - c.turn_started, 3500);
  EXPECT_EQ(charge_move(byo, c, kBlack, 3000), 3000);
  EXPECT_EQ(c.remaining_ms[kBlack], 0);
  EXPECT_EQ(charge_move(byo, c, kBlack, 3000 + 2500), 2500);  // the byoyomi comes back
  EXPECT_EQ(charge_move(byo, c, kBlack, 5500 + 2600), std::nullopt);

  TimeControl fixed{.kind = TimeControl::Kind::MoveTime, .movetime_ms = 250};
  EXPECT_TRUE(fixed.per_move());
  c = start_clock(fixed, 0);
  EXPECT_EQ(deadline(fixed, c, kWhite), 250);

  // A node budget: no clock, only a generous deadline against a hanging engine.
  TimeControl nodes = parse_time_control("nodes 50000");
  EXPECT_TRUE(nodes.per_move());
  EXPECT_EQ(nodes.nodes, 50000);
  c = start_clock(nodes, 0);
  EXPECT_EQ(deadline(nodes, c, kBlack), TimeControl::kNodesDeadlineMs);
  EXPECT_EQ(charge_move(nodes, c, kBlack, 30000), 30000);
  EXPECT_EQ(charge_move(nodes, c, kWhite, 30000 + TimeControl::kNodesDeadlineMs + 1),
            std::nullopt);
}

TEST(Clocks, SecondsText) {
  EXPECT_EQ(seconds_text(1500), "1.5");
  EXPECT_EQ(seconds_text(10000), "10");
  EXPECT_EQ(seconds_text(50), "0.05");
  EXPECT_EQ(parse_seconds("0.1"), 100);
  EXPECT_EQ(parse_seconds("-1"), std::nullopt);
  EXPECT_EQ(parse_seconds("1x"), std::nullopt);
}

}  // namespace
}  // namespace kirin
