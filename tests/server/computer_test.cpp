#include "server/domain/computer.h"

#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using ComputerTest = ServerTest;

TEST_F(ComputerTest, KirinAcceptsAndAnswersThroughTheService) {
  User kirin = sign_up("kirin");
  EngineComputer computer(*games, kirin.id, 50);
  EXPECT_EQ(games->computer_user(), kirin.id);

  ChallengeRequest r;
  r.opponent = "kirin";
  r.setup.game = "shogi";
  Challenge c = challenges->create(alice.id, r);
  EXPECT_EQ(c.status, ChallengeStatus::Accepted);  // at once
  ASSERT_GT(c.game, 0);
  EXPECT_EQ(games->view(c.game).state.white.name, "kirin");

  games->play_move(c.game, alice.id, "7g7f");
  computer.wait_idle();
  GameView v = games->view(c.game);
  ASSERT_EQ(v.moves.size(), 2u);
  EXPECT_EQ(v.to_move, kBlack);
  // Its move was legal after 7g7f.
  Position pos = parse_sfen(builtin_variant("shogi"), v.start_sfen);
  Undo u;
  pos.do_move(parse_usi(pos, "7g7f"), u);
  EXPECT_TRUE(is_legal(pos, parse_usi(pos, v.moves[1].usi)));
  EXPECT_EQ(computer.moves_played(), 1);
}

// As on lishogi, a game against the computer is not aborted for want of a first move (the
// player may abort it), while a game between people is.
TEST_F(ComputerTest, AGameAgainstTheComputerIsNotAbortedForWantOfAFirstMove) {
  User kirin = sign_up("kirin");
  EngineComputer computer(*games, kirin.id, 50);
  ChallengeRequest r;
  r.opponent = "kirin";
  r.setup.game = "shogi";
  r.time_control = parse_time_control("300");
  Challenge c = challenges->create(alice.id, r);
  EXPECT_EQ(games->view(c.game).abort_at, std::nullopt);
  clock.advance(3600 * 1000);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
  EXPECT_EQ(games->view(c.game).state.status, GameStatus::Active);
  games->abort(c.game, alice.id);
  EXPECT_EQ(games->view(c.game).state.status, GameStatus::Aborted);
  // The player may challenge the computer again: an aborted game is over.
  EXPECT_GT(challenges->create(alice.id, r).game, 0);
}

// The level chosen with the challenge is the game's, and sets how the computer searches.
TEST_F(ComputerTest, ALevelChosenWithTheChallenge) {
  User kirin = sign_up("kirin");
  ChallengeRequest r;
  r.opponent = "kirin";
  r.setup.game = "shogi";
  r.setup.computer_level = 2;
  Challenge c;
  {
    EngineComputer computer(*games, kirin.id, 50);
    c = challenges->create(alice.id, r);
    EXPECT_EQ(games->view(c.game).state.setup.computer_level, 2);
  }
  reopen();  // stored
  EngineComputer again(*games, kirin.id, 50);
  EXPECT_EQ(games->view(c.game).state.setup.computer_level, 2);
  games->play_move(c.game, alice.id, "7g7f");
  again.wait_idle();
  EXPECT_EQ(games->view(c.game).moves.size(), 2u);

  r.setup.computer_level = kMaxComputerLevel + 1;
  ServiceError too_strong = service_error([&] { challenges->create(alice.id, r); });
  EXPECT_EQ(too_strong.field(), "level");
  r.setup.computer_level = 3;
  r.opponent = "bob";
  EXPECT_EQ(std::string(service_error([&] { challenges->create(alice.id, r); }).what()),
            "a level is for a game against the computer: challenge it by name");

  EXPECT_EQ(EngineComputer::limits_for(1, 2000).depth, 1);
  EXPECT_EQ(EngineComputer::limits_for(5, 2000).depth, 6);
  EXPECT_EQ(EngineComputer::limits_for(5, 2000).movetime_ms, 2000);
  EXPECT_EQ(EngineComputer::limits_for(0, 2000).depth, 0);
  EXPECT_EQ(EngineComputer::limits_for(6, 2000).movetime_ms, 500);
  EXPECT_EQ(EngineComputer::limits_for(7, 2000).movetime_ms, 2000);
  EXPECT_EQ(EngineComputer::limits_for(8, 2000).movetime_ms, 8000);
}

TEST_F(ComputerTest, KirinMovesFirstAsBlackAndAfterARestart) {
  User kirin = sign_up("kirin");
  Id id;
  {
    EngineComputer computer(*games, kirin.id, 30);
    ChallengeRequest r;
    r.opponent = "kirin";
    r.color = ColorChoice::ChallengerWhite;
    Challenge c = challenges->create(alice.id, r);  // Chu Shogi
    id = c.game;
    computer.wait_idle();
    EXPECT_EQ(games->view(id).moves.size(), 1u);
  }
  // The computer is gone when Alice moves; a restarted server wakes it for that game.
  EXPECT_EQ(games->computer_user(), 0);
  games->play_move(id, alice.id, games->view(id).legal_moves.front());
  EXPECT_EQ(games->view(id).moves.size(), 2u);
  reopen();
  EngineComputer computer(*games, kirin.id, 30);
  games->wake_computer();
  computer.wait_idle();
  EXPECT_EQ(games->view(id).moves.size(), 3u);
}


// Games against the computer where it moves first (it plays Black).
Id computer_game(Challenges& challenges, Id user, int level = 0) {
  ChallengeRequest r;
  r.opponent = "kirin";
  r.setup.game = "shogi";
  r.setup.computer_level = level;
  r.color = ColorChoice::ChallengerWhite;
  return challenges.create(user, r).game;
}

// The users it plays take turns: Bob's one game is answered before Alice's third, though she
// asked first.
TEST_F(ComputerTest, TheUsersItPlaysTakeTurns) {
  User kirin = sign_up("kirin");
  EngineComputer computer(*games, kirin.id, 400);
  std::vector<Id> alices;
  for (int i = 0; i < 3; ++i) alices.push_back(computer_game(*challenges, alice.id));
  Id bobs = computer_game(*challenges, bob.id);
  auto answered = [&](Id game) { return !games->view(game).moves.empty(); };
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!answered(bobs) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_TRUE(answered(bobs));
  EXPECT_FALSE(answered(alices[2]));  // each search takes 400 ms: hers is still running
  computer.wait_idle();
  for (Id game : alices) EXPECT_TRUE(answered(game));
}

TEST_F(ComputerTest, OneUserPlaysAFewGamesAgainstItAtOnce) {
  User kirin = sign_up("kirin");
  EngineComputer computer(*games, kirin.id, 20);
  for (int i = 0; i < 3; ++i) computer_game(*challenges, alice.id, 1);
  ChallengeRequest r;
  r.opponent = "kirin";
  ServiceError refused = service_error([&] { challenges->create(alice.id, r); });
  EXPECT_EQ(refused.code(), ErrorCode::Conflict);
  EXPECT_NE(std::string(refused.what()).find("3 games against the computer"), std::string::npos)
      << refused.what();
  computer_game(*challenges, bob.id, 1);  // a cap per user
  computer.wait_idle();
}

// A game that ends drops its search, waiting or running: a resignation does not leave the
// computer thinking for nothing.
TEST_F(ComputerTest, AGameThatEndsDropsItsSearch) {
  User kirin = sign_up("kirin");
  EngineComputer computer(*games, kirin.id, 60'000);  // a minute per move
  Id running = computer_game(*challenges, alice.id);
  Id waiting = computer_game(*challenges, alice.id);
  games->resign(waiting, alice.id);
  games->resign(running, alice.id);
  auto idle = std::async(std::launch::async, [&] { computer.wait_idle(); });
  EXPECT_EQ(idle.wait_for(std::chrono::seconds(30)), std::future_status::ready)
      << "the searches of ended games go on";
  idle.wait();
  EXPECT_TRUE(games->view(running).moves.empty());
  EXPECT_TRUE(games->view(waiting).moves.empty());
  EXPECT_EQ(computer.moves_played(), 0);
}

// Issue 28: many users flooding it with games made an innocent user wait for one search of
// each of them (27 s measured). It thinks less as games wait, so the wait stays about
// max_wait: here six users' eighteen games of 1 s each, uncapped, would make the last comer
// wait six seconds (one turn of each user before it).
TEST_F(ComputerTest, AFloodOfOtherUsersGamesKeepsTheWaitBounded) {
  User kirin = sign_up("kirin");
  EngineComputer computer(*games, kirin.id, 1000, 16, 1500);
  for (int u = 0; u < 6; ++u) {
    User flooder = sign_up("flooder" + std::to_string(u));
    for (int g = 0; g < 3; ++g) computer_game(*challenges, flooder.id);
  }
  EXPECT_GT(computer.queue_length(), 10u);
  auto asked = std::chrono::steady_clock::now();
  Id mine = computer_game(*challenges, bob.id);
  auto deadline = asked + std::chrono::seconds(60);
  while (games->view(mine).moves.empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - asked);
  ASSERT_FALSE(games->view(mine).moves.empty());
  // The bound is 1.5 s; 4 s leaves room for a loaded machine, and is below the 6 s of before.
  EXPECT_LT(waited.count(), 4000);
  EXPECT_GT(computer.queue_length(), 0u);  // the flood's games still wait
  EXPECT_GT(computer.last_wait_ms(), 0);
  computer.wait_idle();
}

TEST(ComputerThinkCap, ShrinksWithTheGamesWaiting) {
  EXPECT_EQ(EngineComputer::think_cap_ms(10'000, 0), 10'000);
  EXPECT_EQ(EngineComputer::think_cap_ms(10'000, 4), 2'000);
  EXPECT_EQ(EngineComputer::think_cap_ms(10'000, 100'000), EngineComputer::kLeastThinkMs);
}

}  // namespace
}  // namespace kirin::server::testing
