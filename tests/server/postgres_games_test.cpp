// The game service on PostgreSQL (postgres_fixture.h): the scenarios games_test.cpp and
// store_test.cpp run on SQLite that depend on the store — moves stored and published, two
// clients racing for one ply, two server nodes on one database, a restart, kill -9 — and a
// node hearing another node's moves through LISTEN/NOTIFY.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <barrier>
#include <chrono>
#include <condition_variable>
#include <thread>

#include "postgres_fixture.h"
#include "server/store/postgres_store.h"

namespace kirin::server::testing {
namespace {

using namespace std::chrono_literals;
using PgGamesTest = PostgresServerTest;

std::vector<std::string> usi_of(const std::vector<MoveRecord>& moves) {
  std::vector<std::string> out;
  for (const MoveRecord& m : moves) out.push_back(m.usi);
  return out;
}

TEST_F(PgGamesTest, MovesAreStoredAndPublished) {
  Id id = start_game(shogi());
  log.clear();
  MoveAck a = games->play_move(id, alice.id, "7g7f", 0);
  EXPECT_EQ(a.move, (MoveRecord{1, "7g7f", 0, clock.t.load()}));
  EXPECT_EQ(a.state.version, 2);
  clock.advance(1500);
  games->play_move(id, bob.id, "3c3d");
  GameView v = games->view(id);
  EXPECT_EQ(usi_of(v.moves), (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(v.moves[1].time_used_ms, 1500);
  EXPECT_EQ(v.sfen, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
  EXPECT_EQ(v.state.black.name, "alice");
  EXPECT_EQ(log.kinds(), (std::vector<std::string>{"move", "move"}));
  ServiceError stale = service_error([&] { games->play_move(id, alice.id, "2g2f", 0); });
  EXPECT_EQ(stale.code(), ErrorCode::Conflict);
  EXPECT_EQ(store->load_game(id)->moves.size(), 2u);
}

// Two clients send a move for the same ply at the same time: exactly one is accepted.
TEST_F(PgGamesTest, TwoMovesForOnePlyExactlyOneAccepted) {
  for (int round = 0; round < 10; ++round) {
    Id id = start_game(shogi());
    std::atomic<int> accepted = 0, conflicts = 0;
    std::barrier sync(2);
    auto send = [&](const char* move) {
      sync.arrive_and_wait();
      try {
        games->play_move(id, alice.id, move, 0);
        accepted++;
      } catch (const ServiceError& e) {
        if (e.code() == ErrorCode::Conflict) conflicts++;
      }
    };
    std::thread a(send, "7g7f"), b(send, "2g2f");
    a.join();
    b.join();
    EXPECT_EQ(accepted, 1);
    EXPECT_EQ(conflicts, 1);
    std::optional<StoredGame> g = store->load_game(id);
    ASSERT_EQ(g->moves.size(), 1u);
    EXPECT_EQ(games->view(id).moves, g->moves);
  }
}

// Two server nodes on one database: the store refuses the second move for a ply; each node
// reloads a game the other one changed; and both racing on one ply, many times.
TEST_F(PgGamesTest, TwoNodesOnOneDatabase) {
  Id id = start_game(shogi());
  auto store2 = open_store(url());
  GameService node2(*store2, log, clock.fn());
  EXPECT_EQ(node2.view(id).state.ply, 0);  // cached at ply 0

  games->play_move(id, alice.id, "7g7f", 0);
  ServiceError lost = service_error([&] { node2.play_move(id, alice.id, "2g2f", 0); });
  EXPECT_EQ(lost.code(), ErrorCode::Conflict);
  node2.play_move(id, bob.id, "3c3d");
  games->play_move(id, alice.id, "2g2f");
  EXPECT_EQ(usi_of(node2.view(id).moves), (std::vector<std::string>{"7g7f", "3c3d", "2g2f"}));
  EXPECT_EQ(games->view(id).sfen, node2.view(id).sfen);

  for (int ply = 3; ply < 13; ++ply) {
    User mover = ply % 2 ? bob : alice;
    std::vector<std::string> moves = node2.view(id).legal_moves;
    std::atomic<int> accepted = 0;
    std::barrier sync(2);
    auto send = [&](GameService* s, const std::string& move) {
      sync.arrive_and_wait();
      try {
        s->play_move(id, mover.id, move, ply);
        accepted++;
      } catch (const ServiceError& e) {
        EXPECT_EQ(e.code(), ErrorCode::Conflict) << e.what();
      }
    };
    std::thread a(send, games.get(), moves.front()), b(send, &node2, moves.back());
    a.join();
    b.join();
    EXPECT_EQ(accepted, 1) << "ply " << ply;
  }
  EXPECT_EQ(store->load_game(id)->moves.size(), 13u);
  EXPECT_EQ(games->view(id).sfen, node2.view(id).sfen);
}

// Two users accept one open challenge at once, on two nodes: one game.
TEST_F(PgGamesTest, RacingAcceptancesOfAnOpenChallenge) {
  User carol = sign_up("carol");
  auto store2 = open_store(url());
  GameService games2(*store2, log, clock.fn());
  Challenges challenges2(*store2, games2, log, clock.fn());
  ChallengeRequest r;
  r.setup = shogi();
  Challenge c = challenges->create(alice.id, r);
  std::atomic<int> accepted = 0, conflicts = 0;
  std::barrier sync(2);
  auto accept = [&](Challenges* cs, Id user) {
    sync.arrive_and_wait();
    try {
      cs->accept(c.id, user);
      accepted++;
    } catch (const ServiceError& e) {
      if (e.code() == ErrorCode::Conflict) conflicts++;
    }
  };
  std::thread a(accept, challenges.get(), bob.id), b(accept, &challenges2, carol.id);
  a.join();
  b.join();
  EXPECT_EQ(accepted, 1);
  EXPECT_EQ(conflicts, 1);
  EXPECT_EQ(games->games_of(alice.id).size(), 1u);
}

TEST_F(PgGamesTest, ARestartedServerHasTheSameGame) {
  TimeControl tc = parse_time_control("600 byoyomi 30");
  Id id = start_game(shogi(), tc);
  User carol = sign_up("carol");
  const char* moves[] = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"};
  for (int i = 0; i < 5; ++i) {
    clock.advance(1000 * (i + 1));
    games->play_move(id, i % 2 ? bob.id : alice.id, moves[i]);
  }
  games->add_comment(id, carol.id, "nice bishop trade");
  games->offer_draw(id, bob.id);
  clock.advance(777);
  GameView before = games->view(id, bob.id);
  std::string kif = games->export_game(id, "kif");

  reopen();
  GameView after = games->view(id, bob.id);
  EXPECT_EQ(after.moves, before.moves);
  EXPECT_EQ(after.comments, before.comments);
  EXPECT_EQ(after.sfen, before.sfen);
  EXPECT_EQ(after.legal_moves, before.legal_moves);
  EXPECT_EQ(after.state.clock, before.state.clock);
  EXPECT_EQ(after.clock_ms, before.clock_ms);
  EXPECT_EQ(after.deadline, before.deadline);
  EXPECT_EQ(after.state.version, before.state.version);
  EXPECT_EQ(after.state.draw_offer, std::optional<Color>(kWhite));
  EXPECT_EQ(after.state.time_control, tc);
  EXPECT_EQ(games->export_game(id, "kif"), kif);
  EXPECT_EQ(after.state.clock.remaining_ms, (std::array<int64_t, 2>{591000, 594000}));
  games->play_move(id, bob.id, after.legal_moves.front(), 5);
  EXPECT_EQ(games->view(id).state.ply, 6);
}

TEST_F(PgGamesTest, AdjournedGameResumesAfterARestart) {
  Id id = start_game(shogi(), parse_time_control("600 byoyomi 30"));
  games->play_move(id, alice.id, "7g7f");
  clock.advance(5000);
  games->adjourn(id, bob.id, "3c3d");
  reopen();
  EXPECT_EQ(games->view(id, alice.id).state.status, GameStatus::Adjourned);
  EXPECT_EQ(games->view(id, bob.id).state.sealed->usi, "3c3d");
  MoveAck ack = games->resume(id, alice.id);
  EXPECT_EQ(ack.move.usi, "3c3d");
  EXPECT_EQ(ack.move.time_used_ms, 5000);
  EXPECT_EQ(games->view(id).state.status, GameStatus::Active);
  EXPECT_FALSE(games->view(id).state.sealed);
}

// An acknowledged move survives kill -9 of the server process that stored it.
TEST_F(PgGamesTest, AnAcknowledgedMoveSurvivesKill9) {
  Id id = start_game(shogi());
  close();
  int ack[2];
  ASSERT_EQ(pipe(ack), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    try {
      open();
      games->play_move(id, alice.id, "7g7f");
    } catch (...) {
      _exit(2);
    }
    char ok = 'k';
    if (write(ack[1], &ok, 1) != 1) _exit(3);
    raise(SIGKILL);  // no destructors, no clean close of the connections
    _exit(4);
  }
  char got = 0;
  EXPECT_EQ(read(ack[0], &got, 1), 1);
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
  ::close(ack[0]);
  ::close(ack[1]);
  open();
  GameView v = games->view(id);
  ASSERT_EQ(v.moves.size(), 1u);
  EXPECT_EQ(v.moves[0].usi, "7g7f");
  EXPECT_EQ(v.to_move, kWhite);
  games->play_move(id, bob.id, "3c3d", 1);
}

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
