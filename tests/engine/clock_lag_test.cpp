// The lag the GUI charges beyond the engine's own measure, and the time plan that pays it.
#include <gtest/gtest.h>

#include "clock/time_control.h"
#include "engine/clock_lag.h"
#include "engine/limits.h"

namespace kirin {
namespace {

TEST(ClockLag, TheLossAgainstTheExpectedClockIsTheLag) {
  ClockLag lag;
  EXPECT_EQ(lag.clock_read(10000), 0);  // nothing expected yet
  // 10 s left, 200 ms spent, 100 ms increment: 9900 expected, 9600 read.
  lag.moved(10000, 200, 100);
  EXPECT_EQ(lag.clock_read(9600), 300);
  // A move charged as measured adds none: the lag decays by an eighth a move.
  lag.moved(9600, 150, 100);
  EXPECT_EQ(lag.clock_read(9550), 300 - 300 / 8);
  // A larger loss replaces it at once: the maximum of the recent moves.
  lag.moved(9550, 100, 100);
  EXPECT_EQ(lag.clock_read(8550), 1000);
  // A clock more generous than expected (a GUI that measures less) is no negative lag.
  lag.moved(8550, 100, 100);
  EXPECT_EQ(lag.clock_read(9000), 1000 - 1000 / 8);
}

TEST(ClockLag, DecaysReadOnlyOnceAndResetsOnANewGame) {
  ClockLag lag;
  lag.moved(5000, 100, 0);
  EXPECT_EQ(lag.clock_read(4400), 500);
  EXPECT_EQ(lag.clock_read(4400), 500);  // no move between: nothing compared, no decay
  lag.moved(4400, 100, 0);
  lag.forget_move();  // an undo: the next reading follows no move sent
  EXPECT_EQ(lag.clock_read(1000), 500);
  lag.moved(1000, 100, 0);
  EXPECT_EQ(lag.clock_read(900), 500 - 500 / 8);
  lag.new_game();
  EXPECT_EQ(lag.lag_ms(), 0);
  lag.moved(5000, 100, 0);
  lag.new_game();
  EXPECT_EQ(lag.clock_read(100), 0);  // the last game's move is not compared
}

TEST(ClockLag, ByoyomiOverspendIsNotLag) {
  ClockLag lag;
  // 300 ms of main time, 2 s spent: the rest came from the period, the main clock reads 0.
  lag.moved(300, 2000, 0);
  EXPECT_EQ(lag.clock_read(0), 0);
  // Another time control (a GUI's level change, a new game unannounced): no lag.
  lag.moved(600'000, 100, 0);
  EXPECT_EQ(lag.clock_read(100), 0);
}

SearchLimits at(const char* tc, int64_t left_ms, int64_t lag_ms) {
  SearchLimits l;
  l.time_control = parse_time_control(tc);
  l.clock.remaining_ms = {left_ms, left_ms};
  l.lag_ms = lag_ms;
  return l;
}

// A game at 10+0.1 where the GUI charges every move `lag_ms` more than the engine measures
// (the engine spends its soft budget and has learnt the lag): the time left after 300 plies.
int64_t reserve_after_lagging_game(int64_t lag_ms) {
  int64_t left = 10000;
  for (int ply = 0; ply < 300; ply += 2) {
    const int64_t spent = plan_time(at("10+0.1", left, lag_ms), kBlack, ply).soft_ms;
    left += 100 - spent - lag_ms;
    if (left <= 0) return left;
  }
  return left;
}

TEST(TimePlan, TheReserveGrowsWithTheLag) {
  // Without lag the increment keeps one to two seconds in hand after 150 moves; each ms of lag
  // adds about 20 ms to that (docs/BENCHMARKS.md, issue 31: a stall of the machine lost a game
  // at 265 ms left).
  const int64_t calm = reserve_after_lagging_game(0);
  EXPECT_GT(calm, 900);
  EXPECT_LT(calm, 2500);
  EXPECT_GT(reserve_after_lagging_game(50), calm + 20 * 50 * 8 / 10);
  EXPECT_GT(reserve_after_lagging_game(100), calm + 20 * 100 * 8 / 10);
}

// The plan given a lag history: each move pays the lag, so it plans that much less, and the
// reserve that lasts the game is what is left after it.
TEST(TimePlan, TheLagOfEveryMoveComesOffItsBudget) {
  ClockLag lag;
  lag.moved(8000, 150, 100);
  lag.clock_read(7750);  // 200 ms lost
  lag.moved(7750, 150, 100);
  const int64_t learnt = lag.clock_read(7600);  // 100 ms lost: the larger one decays
  EXPECT_EQ(learnt, 200 - 200 / 8);
  const TimeBudget calm = plan_time(at("10+0.1", 7600, 0), kBlack, 100);
  const TimeBudget lagging = plan_time(at("10+0.1", 7600, learnt), kBlack, 100);
  // This move pays the lag, and twenty times the lag is kept in reserve out of the time the 75
  // moves planned share.
  EXPECT_EQ(calm.soft_ms, 7600 / 75 + 75);
  EXPECT_EQ(lagging.soft_ms, std::max<int64_t>(1, (7600 - 20 * learnt) / 75 + 75 - learnt));
  EXPECT_EQ(plan_time(at("10+0.1", 7600, 50), kBlack, 100).soft_ms, (7600 - 20 * 50) / 75 + 75 - 50);
  EXPECT_LE(lagging.hard_ms, calm.hard_ms - learnt);
  // Low on time: what may be spent keeps the lag and the fixed margin in hand.
  const TimeBudget low = plan_time(at("10+0.1", 300, 60), kBlack, 300);
  EXPECT_LE(low.hard_ms + 60 + 50, 300 + 100);
  EXPECT_GE(low.soft_ms, 1);
  // Bounded by a quarter of the time left: a stall of 5 s does not freeze the engine.
  const TimeBudget stalled = plan_time(at("10+0.1", 4000, 5000), kBlack, 100);
  EXPECT_EQ(stalled.soft_ms, plan_time(at("10+0.1", 4000, 1000), kBlack, 100).soft_ms);
  EXPECT_GE(stalled.soft_ms, 1);
  // In byoyomi the lag comes off the period; a fixed move time pays it too.
  EXPECT_EQ(plan_time(at("0 byoyomi 3", 0, 200), kBlack, 100).hard_ms,
            plan_time(at("0 byoyomi 3", 0, 0), kBlack, 100).hard_ms - 200);
  SearchLimits fixed;
  fixed.movetime_ms = 1000;
  const int64_t unlagged = plan_time(fixed, kBlack, 0).hard_ms;
  fixed.lag_ms = 100;
  EXPECT_EQ(plan_time(fixed, kBlack, 0).hard_ms, unlagged - 100);
}

}  // namespace
}  // namespace kirin
