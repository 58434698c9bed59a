// Byoyomi periods on the server's clocks, and berserk in an arena's game: the clock halved, no
// byoyomi after, each refusal, and other processes hearing of it.
#include <gtest/gtest.h>

#include "arena_game.h"
#include "server/domain/clocks.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using BerserkTest = ServerTest;

// Shogi's first moves; the clocks run from White's first move.
void first_moves(GameService& games, Id id, Id black, Id white) {
  games.play_move(id, black, "9g9f");
  games.play_move(id, white, "1c1d");
}

TEST_F(BerserkTest, PeriodsAreUsedUpOneByOneThenTheGameIsLost) {
  Id id = start_game(shogi(), parse_time_control("10 byoyomi 5 periods 3"));
  EXPECT_EQ(store->games().find_game(id)->time_control.periods, 3);
  first_moves(*games, id, alice.id, bob.id);
  clock.advance(10000 + 5000 + 2000);  // main time, a period overrun, 2 s into the next
  games->play_move(id, alice.id, "7g7f");
  GameView v = games->view(id);
  EXPECT_EQ(v.state.clock.periods_used, (std::array<int, 2>{1, 0}));
  EXPECT_EQ(v.periods_left, (std::array<int, 2>{2, 3}));
  reopen();  // stored: another node reads the same clock
  EXPECT_EQ(games->view(id).state.clock.periods_used, (std::array<int, 2>{1, 0}));
  games->play_move(id, bob.id, "3c3d");
  clock.advance(5000);  // exactly a period: kept
  games->play_move(id, alice.id, "2g2f");
  games->play_move(id, bob.id, "8c8d");
  v = games->view(id);
  EXPECT_EQ(v.periods_left[kBlack], 2);
  EXPECT_EQ(v.deadline, clock.t.load() + 2 * 5000);
  clock.advance(2 * 5000);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
  clock.advance(1);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 1);
  v = games->view(id);
  EXPECT_EQ(v.state.result, Result::WhiteWins);
  EXPECT_EQ(v.state.reason, "timeout");
  EXPECT_EQ(v.state.clock.periods_used[kBlack], 3);
  EXPECT_EQ(v.periods_left[kBlack], 0);
}

TEST_F(BerserkTest, BerserkHalvesTheMainTimeAndDropsTheByoyomi) {
  const TimeControl tc = parse_time_control("60 byoyomi 10 periods 3");
  Id id = store_arena_game(*store, {alice.id, "alice"}, {bob.id, "bob"}, tc, clock.t.load());
  log.clear();
  games->berserk(id, bob.id);  // White, before Black's first move
  ASSERT_EQ(log.kinds(), (std::vector<std::string>{"berserk"}));
  EXPECT_EQ(log.events[0].text, "white");
  GameState s = *store->games().find_game(id);  // in the same write
  EXPECT_EQ(s.berserk, (std::array<bool, 2>{false, true}));
  EXPECT_EQ(s.clock.remaining_ms, (std::array<int64_t, 2>{60000, 30000}));
  EXPECT_EQ(colour_time_control(s, kWhite).byoyomi_ms, 0);
  EXPECT_EQ(colour_time_control(s, kBlack), tc);
  games->play_move(id, alice.id, "9g9f");
  games->play_move(id, bob.id, "1c1d");
  GameView v = games->view(id);
  EXPECT_EQ(v.periods_left, (std::array<int, 2>{3, 0}));
  games->play_move(id, alice.id, "7g7f");
  // White's 30 s are all it has: no byoyomi after them.
  EXPECT_EQ(games->view(id).deadline, clock.t.load() + 30000);
  clock.advance(30001);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 1);
  EXPECT_EQ(games->view(id).state.result, Result::BlackWins);
}

TEST_F(BerserkTest, BerserkWithAnIncrementLosesIt) {
  Id id = store_arena_game(*store, {alice.id, "alice"}, {bob.id, "bob"},
                           parse_time_control("60+5"), clock.t.load());
  games->berserk(id, alice.id);
  first_moves(*games, id, alice.id, bob.id);
  clock.advance(1000);
  games->play_move(id, alice.id, "7g7f");
  EXPECT_EQ(games->view(id).state.clock.remaining_ms[kBlack], 29000);  // no increment added
}

TEST_F(BerserkTest, EachRefusal) {
  const TimeControl tc = parse_time_control("60 byoyomi 10");
  auto code = [&](Id game, Id user) {
    return service_error([&] { games->berserk(game, user); }).code();
  };
  // Not allowed in this game: an ordinary challenge's.
  Id plain = start_game(shogi(), tc);
  EXPECT_EQ(code(plain, alice.id), ErrorCode::Forbidden);
  // Not a player.
  User carol = sign_up("carol");
  Id arena = store_arena_game(*store, {alice.id, "alice"}, {bob.id, "bob"}, tc, clock.t.load());
  EXPECT_EQ(code(arena, carol.id), ErrorCode::Forbidden);
  // Already moved: Black after its first move; White may still.
  games->play_move(arena, alice.id, "9g9f");
  EXPECT_EQ(code(arena, alice.id), ErrorCode::Conflict);
  games->berserk(arena, bob.id);
  // Already berserked.
  EXPECT_EQ(code(arena, bob.id), ErrorCode::Conflict);
  // Game over.
  Id over = store_arena_game(*store, {alice.id, "alice"}, {bob.id, "bob"}, tc, clock.t.load());
  games->resign(over, bob.id);
  EXPECT_EQ(code(over, alice.id), ErrorCode::Conflict);
  // No main time to halve.
  Id byoyomi_only = store_arena_game(*store, {alice.id, "alice"}, {bob.id, "bob"},
                                     parse_time_control("0 byoyomi 10"), clock.t.load());
  EXPECT_EQ(code(byoyomi_only, alice.id), ErrorCode::Conflict);
  // Nothing changed by a refusal.
  GameState s = *store->games().find_game(arena);
  EXPECT_EQ(s.berserk, (std::array<bool, 2>{false, true}));
  EXPECT_EQ(s.clock.remaining_ms, (std::array<int64_t, 2>{60000, 30000}));
  EXPECT_EQ(store->games().find_game(plain)->berserk, (std::array<bool, 2>{false, false}));
  EXPECT_EQ(store->games().find_game(byoyomi_only)->berserk, (std::array<bool, 2>{false, false}));
}

// Another process's berserk is heard and published (game_catch_up), and its clock used.
TEST_F(BerserkTest, ABerserkElsewhereIsPublished) {
  Id id = store_arena_game(*store, {alice.id, "alice"}, {bob.id, "bob"},
                           parse_time_control("60 byoyomi 10"), clock.t.load());
  games->watch(id);
  EventLog other_log;
  GameService other(*store, other_log, clock.fn());
  other.berserk(id, alice.id);
  log.clear();
  games->changed_elsewhere(
      GameChange{.game = id, .version = int(store->games().find_game(id)->version)});
  ASSERT_EQ(log.kinds(), (std::vector<std::string>{"berserk"}));
  EXPECT_EQ(log.events[0].text, "black");
  EXPECT_TRUE(log.events[0].elsewhere);
  EXPECT_EQ(games->view(id).state.clock.remaining_ms[kBlack], 30000);
}

}  // namespace
}  // namespace kirin::server::testing
