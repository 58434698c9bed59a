// The game service on PostgreSQL (postgres_fixture.h) in what only PostgreSQL has: a node
// hearing another node's moves through LISTEN/NOTIFY. The rest of the service's scenarios,
// with two nodes on one database, a restart and kill -9, are games_test.cpp's, store_test.cpp's
// and challenges_test.cpp's, which run on PostgreSQL too (KIRIN_TEST_STORE=postgres).
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "postgres_fixture.h"
#include "server/store/postgres_store.h"

namespace kirin::server::testing {
namespace {

using namespace std::chrono_literals;
using PgGamesTest = PostgresServerTest;

// A second node listening hears the moves the first one stores, and finds them in the game.
TEST_F(PgGamesTest, AnotherNodeHearsTheMoves) {
  Id id = start_game(shogi());
  PostgresStore store2(url());
  EventLog log2;
  GameService node2(store2, log2, clock.fn());
  EXPECT_EQ(node2.view(id).state.ply, 0);

  std::mutex mutex;
  std::condition_variable cv;
  std::vector<std::string> seen;  // what node 2 sees in the game when told it changed
  store2.listen_for_game_changes([&](Id game) {
    if (game != id) return;
    std::vector<std::string> moves = usi_of(node2.view(game).moves);
    std::lock_guard lock(mutex);
    seen.push_back(moves.empty() ? "" : moves.back());
    cv.notify_all();
  });
  games->play_move(id, alice.id, "7g7f");
  games->play_move(id, bob.id, "3c3d");
  std::unique_lock lock(mutex);
  ASSERT_TRUE(cv.wait_for(lock, 10s, [&] { return seen.size() >= 2; }));
  EXPECT_EQ(seen.back(), "3c3d");
  lock.unlock();
  store2.stop_listening();
}

}  // namespace
}  // namespace kirin::server::testing
