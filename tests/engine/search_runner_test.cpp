// The search runner: owners take turns for its threads, its limits refuse, and every job that
// starts ends in exactly one on_done, whether it finishes, is stopped, cancelled or shut down.
#include "engine/search_runner.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <string>
#include <vector>

#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

using namespace std::chrono_literals;

// Generous: a loaded test machine is slow, and no search here is asked to take long.
constexpr auto kPatience = 60s;

Game shogi_start() {
  auto v = builtin_variant("shogi");
  return Game(parse_sfen(v, v->setup));
}

SearchLimits depth(int d) {
  SearchLimits limits;
  limits.depth = d;
  return limits;
}

SearchLimits until_stopped() {
  SearchLimits limits;
  limits.infinite = true;
  return limits;
}

// What happened to the jobs, in order, as their callbacks report it.
class Journal {
 public:
  void add(const std::string& event) {
    std::lock_guard lock(mutex_);
    events_.push_back(event);
    changed_.notify_all();
  }
  // Waits until `event` has happened.
  bool wait_for(const std::string& event) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, kPatience, [&] {
      return std::find(events_.begin(), events_.end(), event) != events_.end();
    });
  }
  std::vector<std::string> events() const {
    std::lock_guard lock(mutex_);
    return events_;
  }
  std::vector<std::string> starts() const {
    std::vector<std::string> out;
    for (const std::string& e : events())
      if (e.starts_with("start ")) out.push_back(e.substr(6));
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> events_;
};

const char* end_name(SearchEnd end) {
  switch (end) {
    case SearchEnd::finished: return "finished";
    case SearchEnd::stopped: return "stopped";
    case SearchEnd::shut_down: return "shut_down";
    case SearchEnd::failed: return "failed";
  }
  return "?";
}

// A job named `name` that records its start and its end ("done NAME finished").
SearchJob job(Journal& journal, const std::string& owner, const std::string& name,
              SearchLimits limits, SearchDone* result = nullptr) {
  return SearchJob{.owner = owner,
                   .game = shogi_start(),
                   .limits = limits,
                   .on_start = [&journal, name] { journal.add("start " + name); },
                   .on_info = {},
                   .on_done =
                       [&journal, name, result](const SearchDone& done) {
                         if (result) *result = done;
                         journal.add("done " + name + " " + end_name(done.end));
                       }};
}

SearchRunner::Limits one_thread(std::size_t queue_limit = 32, std::size_t owner_limit = 32) {
  return SearchRunner::Limits{
      .threads = 1, .hash_mb = 1, .queue_limit = queue_limit, .owner_queue_limit = owner_limit};
}

// A runner whose one thread is busy with job X until it is stopped.
class BusyRunner : public testing::Test {
 protected:
  void SetUp() override {
    blocker_ = runner_.submit(job(journal_, "x", "X", until_stopped()));
    ASSERT_TRUE(blocker_);
    ASSERT_TRUE(journal_.wait_for("start X"));
  }
  SearchRunner runner_{one_thread()};
  Journal journal_;
  SearchRunner::Admission blocker_;
};

TEST_F(BusyRunner, OwnersTakeTurnsAndAheadCountsTheJobsBefore) {

  // Alice asks three times before Bob and Carol ask once each.
  auto a1 = runner_.submit(job(journal_, "alice", "A1", depth(1)));
  auto a2 = runner_.submit(job(journal_, "alice", "A2", depth(1)));
  auto a3 = runner_.submit(job(journal_, "alice", "A3", depth(1)));
  auto b1 = runner_.submit(job(journal_, "bob", "B1", depth(1)));
  auto c1 = runner_.submit(job(journal_, "carol", "C1", depth(1)));
  for (const auto& a : {a1, a2, a3, b1, c1}) {
    ASSERT_TRUE(a);
    EXPECT_TRUE(a.waits);
  }
  EXPECT_EQ(a1.ahead, 0u);
  EXPECT_EQ(a2.ahead, 1u);
  EXPECT_EQ(a3.ahead, 2u);
  EXPECT_EQ(b1.ahead, 1u);  // after A1 only: Bob's turn comes before Alice's second
  EXPECT_EQ(c1.ahead, 2u);  // after A1 and B1
  EXPECT_EQ(runner_.waiting(), 5u);
  EXPECT_EQ(runner_.running(), 1u);

  EXPECT_EQ(runner_.cancel(blocker_.ticket), SearchRunner::Cancelled::stopping);
  runner_.wait_idle();
  EXPECT_EQ(journal_.starts(), (std::vector<std::string>{"X", "A1", "B1", "C1", "A2", "A3"}));
  std::vector<std::string> events = journal_.events();
  EXPECT_EQ(std::count(events.begin(), events.end(), "done X stopped"), 1);
  EXPECT_EQ(std::count_if(events.begin(), events.end(),
                          [](const std::string& e) { return e.ends_with(" finished"); }),
            5);
}

TEST(SearchRunner, ItsLimitsRefuseWithAReason) {
  SearchRunner runner(one_thread(/*queue_limit=*/3, /*owner_limit=*/2));
  Journal journal;
  auto blocker = runner.submit(job(journal, "x", "X", until_stopped()));
  ASSERT_TRUE(journal.wait_for("start X"));
  EXPECT_FALSE(blocker.waits);  // a free thread took it
  ASSERT_TRUE(runner.submit(job(journal, "alice", "A1", depth(1))));
  ASSERT_TRUE(runner.submit(job(journal, "alice", "A2", depth(1))));
  auto a3 = runner.submit(job(journal, "alice", "A3", depth(1)));
  EXPECT_FALSE(a3);
  EXPECT_EQ(a3.refusal, SearchRunner::Refusal::owner_queue_full);
  EXPECT_EQ(a3.ticket, 0u);
  ASSERT_TRUE(runner.submit(job(journal, "bob", "B1", depth(1))));
  auto c1 = runner.submit(job(journal, "carol", "C1", depth(1)));
  EXPECT_EQ(c1.refusal, SearchRunner::Refusal::queue_full);

  runner.shutdown();
  auto late = runner.submit(job(journal, "carol", "C2", depth(1)));
  EXPECT_EQ(late.refusal, SearchRunner::Refusal::shut_down);
  // Shutting down stopped the running job, which said so, and dropped the waiting ones.
  EXPECT_EQ(journal.events(), (std::vector<std::string>{"start X", "done X shut_down"}));

  SearchRunner none(SearchRunner::Limits{.threads = 0});
  EXPECT_EQ(none.submit(job(journal, "alice", "N", depth(1))).refusal,
            SearchRunner::Refusal::no_threads);
}

TEST(SearchRunner, CancellingDropsAWaitingJobAndStopsARunningOne) {
  SearchRunner runner(one_thread());
  Journal journal;
  SearchDone running_done;
  auto running = runner.submit(job(journal, "alice", "R", until_stopped(), &running_done));
  ASSERT_TRUE(journal.wait_for("start R"));
  auto waiting = runner.submit(job(journal, "bob", "W", depth(1)));
  EXPECT_TRUE(runner.is_waiting(waiting.ticket));
  EXPECT_FALSE(runner.is_waiting(running.ticket));

  EXPECT_EQ(runner.cancel(waiting.ticket), SearchRunner::Cancelled::dropped);
  EXPECT_EQ(runner.cancel(waiting.ticket), SearchRunner::Cancelled::unknown);
  EXPECT_EQ(runner.cancel(running.ticket), SearchRunner::Cancelled::stopping);
  runner.wait_idle();
  EXPECT_EQ(journal.events(), (std::vector<std::string>{"start R", "done R stopped"}));
  EXPECT_TRUE(running_done.result.has_move);  // its best move so far
  EXPECT_EQ(runner.cancel(running.ticket), SearchRunner::Cancelled::unknown);
}

// USI's "stop" may come before the search has begun: the job still runs and answers a move.
TEST_F(BusyRunner, AStopBeforeTheStartStillGivesAMove) {
  SearchDone done;
  auto later = runner_.submit(job(journal_, "alice", "L", until_stopped(), &done));
  runner_.stop(later.ticket);
  runner_.stop(blocker_.ticket);
  runner_.wait_idle();
  EXPECT_EQ(journal_.starts(), (std::vector<std::string>{"X", "L"}));
  EXPECT_EQ(done.end, SearchEnd::stopped);
  EXPECT_TRUE(done.result.has_move);
}

// A ponderhit that arrives while the pondering search still waits makes it a timed one.
TEST_F(BusyRunner, APonderhitBeforeTheStartIsKept) {
  SearchLimits pondering;
  pondering.ponder = true;
  pondering.movetime_ms = 50;
  auto ponder = runner_.submit(job(journal_, "alice", "P", pondering));
  runner_.ponderhit(ponder.ticket);
  runner_.stop(blocker_.ticket);
  EXPECT_TRUE(journal_.wait_for("done P finished"));  // without the ponderhit: never
}

TEST(SearchRunner, CallbacksMayCallBackIntoTheRunner) {
  SearchRunner runner(one_thread());
  Journal journal;
  std::promise<SearchRunner::Admission> next;
  SearchJob first = job(journal, "alice", "F", depth(1));
  first.on_done = [&](const SearchDone&) {
    journal.add("done F");
    next.set_value(runner.submit(job(journal, "alice", "S", depth(1))));
  };
  runner.submit(std::move(first));
  auto admitted = next.get_future();
  ASSERT_EQ(admitted.wait_for(kPatience), std::future_status::ready);
  EXPECT_TRUE(admitted.get());
  EXPECT_TRUE(journal.wait_for("done S finished"));
}

TEST(SearchRunner, SearchesOnSeveralThreadsAtOnce) {
  SearchRunner runner(SearchRunner::Limits{.threads = 2, .hash_mb = 1});
  Journal journal;
  auto a = runner.submit(job(journal, "alice", "A", until_stopped()));
  auto b = runner.submit(job(journal, "bob", "B", until_stopped()));
  EXPECT_FALSE(b.waits);
  ASSERT_TRUE(journal.wait_for("start A"));
  ASSERT_TRUE(journal.wait_for("start B"));  // both at once: neither ends by itself
  EXPECT_EQ(runner.running(), 2u);
  runner.cancel(a.ticket);
  runner.cancel(b.ticket);
  runner.wait_idle();
  EXPECT_EQ(runner.running(), 0u);
}

TEST(SearchRunner, TheTableSizeChangesBetweenSearches) {
  SearchRunner runner(one_thread());
  EXPECT_EQ(runner.hash_mb(), 1u);
  runner.set_hash_mb(4);
  EXPECT_EQ(runner.hash_mb(), 4u);
  Journal journal;
  SearchDone done;
  runner.submit(job(journal, "alice", "A", depth(2), &done));
  runner.new_game();  // waits for A first
  EXPECT_EQ(done.end, SearchEnd::finished);
  EXPECT_TRUE(done.result.has_move);
}

}  // namespace
}  // namespace kirin
