// WorkPool (server/domain/work_pool.h): its queue takes one task from each owner in turn, each
// owner has a cap of its own, and work on a pool's thread that runs more on the same pool
// runs it at once.
#include "server/domain/work_pool.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <future>
#include <mutex>
#include <string>
#include <vector>

namespace kirin::server {
namespace {

// Holds the pool's one thread until opened, so that the tests can fill its queue.
struct Gate {
  std::mutex mutex;
  std::condition_variable changed;
  bool entered = false, open = false;
  void hold() {
    std::unique_lock lock(mutex);
    entered = true;
    changed.notify_all();
    changed.wait(lock, [&] { return open; });
  }
  void wait_entered() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return entered; });
  }
  void release() {
    std::lock_guard lock(mutex);
    open = true;
    changed.notify_all();
  }
};

TEST(WorkPool, OwnersTakeTurnsAndOneFloodFillsOnlyItsOwnCap) {
  WorkPool pool(1, 10, 3);
  Gate gate;
  ASSERT_EQ(pool.try_post("gate", [&] { gate.hold(); }), WorkPool::Refusal::none);
  gate.wait_entered();

  std::mutex order_mutex;
  std::vector<std::string> order;
  auto task = [&](std::string name) {
    return [&order_mutex, &order, name] {
      std::lock_guard lock(order_mutex);
      order.push_back(name);
    };
  };
  // The flooding address queues three, its cap; its fourth is refused as its own.
  for (const char* name : {"a1", "a2", "a3"})
    EXPECT_EQ(pool.try_post("192.0.2.1", task(name)), WorkPool::Refusal::none);
  EXPECT_EQ(pool.try_post("192.0.2.1", task("a4")), WorkPool::Refusal::owner_busy);
  // Another address comes after the flood, and is taken in the flood's second turn.
  EXPECT_EQ(pool.try_post("192.0.2.2", task("b1")), WorkPool::Refusal::none);
  EXPECT_EQ(pool.waiting(), 4u);
  gate.release();
  pool.stop(true);
  EXPECT_EQ(order, (std::vector<std::string>{"a1", "b1", "a2", "a3"}));
}

TEST(WorkPool, TheRunningTaskCountsAgainstItsOwnersCap) {
  WorkPool pool(1, 10, 1);
  Gate gate;
  ASSERT_EQ(pool.try_post("192.0.2.1", [&] { gate.hold(); }), WorkPool::Refusal::none);
  gate.wait_entered();
  EXPECT_EQ(pool.try_post("192.0.2.1", [] {}), WorkPool::Refusal::owner_busy);
  EXPECT_EQ(pool.try_post("192.0.2.2", [] {}), WorkPool::Refusal::none);
  gate.release();
  pool.stop(true);
}

// The answer of a request goes out from `then`: the client's next request, sent the moment
// it has the answer, must find its place free.
TEST(WorkPool, ThenRunsOnceTheOwnersPlaceIsFree) {
  WorkPool pool(1, 0, 1);
  std::promise<WorkPool::Refusal> next;
  ASSERT_EQ(pool.try_post(
                "192.0.2.1", [] {},
                [&] { next.set_value(pool.try_post("192.0.2.1", [] {})); }),
            WorkPool::Refusal::none);
  EXPECT_EQ(next.get_future().get(), WorkPool::Refusal::none);
}

TEST(WorkPool, PastTheThreadsAndTheQueueEveryOwnerIsRefused) {
  WorkPool pool(1, 1, 5);
  Gate gate;
  ASSERT_EQ(pool.try_post("192.0.2.1", [&] { gate.hold(); }), WorkPool::Refusal::none);
  gate.wait_entered();
  EXPECT_EQ(pool.try_post("192.0.2.2", [] {}), WorkPool::Refusal::none);
  EXPECT_EQ(pool.try_post("192.0.2.3", [] {}), WorkPool::Refusal::busy);
  gate.release();
  pool.stop(true);
  EXPECT_EQ(pool.try_post("192.0.2.3", [] {}), WorkPool::Refusal::busy);  // stopped
}

TEST(WorkPool, RunningOnItsOwnThreadRunsAtOnce) {
  // One thread and no queue: a task that waited for a second place would never get one.
  WorkPool pool(1, 0, 1);
  std::promise<int> answer;
  ASSERT_EQ(pool.try_post("192.0.2.1",
                          [&] {
                            int n = 0;
                            WorkPool::Refusal r = pool.try_run("192.0.2.1", [&] { n = 42; });
                            answer.set_value(r == WorkPool::Refusal::none ? n : -1);
                          }),
            WorkPool::Refusal::none);
  EXPECT_EQ(answer.get_future().get(), 42);
}

TEST(WorkPool, StoppingDropsOrRunsWhatWaits) {
  for (bool run_waiting : {false, true}) {
    WorkPool pool(1, 5);
    Gate gate;
    ASSERT_EQ(pool.try_post("x", [&] { gate.hold(); }), WorkPool::Refusal::none);
    gate.wait_entered();
    bool ran = false;
    ASSERT_EQ(pool.try_post("y", [&] { ran = true; }), WorkPool::Refusal::none);
    std::thread stopper([&] { pool.stop(run_waiting); });
    // Dropping empties the queue while the thread is held; a task that runs waiting anyway
    // may start once the gate opens.
    while (!run_waiting && pool.waiting() > 0) std::this_thread::yield();
    gate.release();
    stopper.join();
    EXPECT_EQ(ran, run_waiting);
  }
}

}  // namespace
}  // namespace kirin::server
