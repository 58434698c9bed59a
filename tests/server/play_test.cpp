// During a game: takebacks, move previews, move-number checks and conditional moves
// (forecasts), on the service (games.h), through whichever store the fixture opens.
#include <algorithm>

#include "server/domain/forecasts.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using PlayTest = ServerTest;

TimeControl days(int n) {
  TimeControl tc;
  tc.kind = TimeControl::Kind::Correspondence;
  tc.days_per_move = n;
  return tc;
}

// --- Takebacks ---

TEST_F(PlayTest, TakebackOfTheLastMoveWhenTheOpponentHasNotReplied) {
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  games->play_move(id, bob.id, "3c3d");
  games->play_move(id, alice.id, "2g2f");
  log.clear();
  games->ask_takeback(id, alice.id);
  GameView asked = games->view(id);
  EXPECT_EQ(asked.state.takeback_offer, kBlack);
  EXPECT_EQ(asked.state.ply, 3);  // nothing taken back yet
  EXPECT_EQ(store->games().find_game(id)->takeback_offer, kBlack);

  clock.advance(5000);
  games->accept_takeback(id, bob.id);
  GameView v = games->view(id);
  EXPECT_EQ(usi_of(v.moves), (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(v.to_move, kBlack);  // the asker moves again
  EXPECT_FALSE(v.state.takeback_offer);
  EXPECT_EQ(v.state.clock.turn_started, clock.t.load());  // its turn starts now
  EXPECT_EQ(store->games().load_game(id)->moves.size(), 2u);
  EXPECT_EQ(log.kinds(), (std::vector<std::string>{"takeback", "takeback"}));
  EXPECT_EQ(log.events[0].text, "offered");
  EXPECT_EQ(log.events[1].text, "accepted");
  EXPECT_EQ(log.events[1].ply, 2);
  games->play_move(id, alice.id, "6g6f", 2);  // the game goes on from there
}

// lishogi: once the opponent has replied, the reply goes too, so that the asker is to move.
TEST_F(PlayTest, TakebackAfterTheReplyTakesBackTwoMoves) {
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  games->play_move(id, bob.id, "3c3d");
  games->ask_takeback(id, alice.id);
  games->accept_takeback(id, bob.id);
  GameView v = games->view(id);
  EXPECT_TRUE(v.moves.empty());
  EXPECT_EQ(v.to_move, kBlack);
  EXPECT_EQ(v.state.ply, 0);
}

TEST_F(PlayTest, TakebackClockKeepsTheTimeMovesUsed) {
  TimeControl tc;
  tc.kind = TimeControl::Kind::Live;
  tc.main_ms = 600'000;
  Id id = start_game(shogi(), tc);
  games->play_move(id, alice.id, "7g7f");
  games->play_move(id, bob.id, "3c3d");
  clock.advance(30'000);
  games->play_move(id, alice.id, "2g2f");  // Black uses 30 s
  clock.advance(20'000);                   // White thinks 20 s, then accepts
  games->ask_takeback(id, alice.id);
  games->accept_takeback(id, bob.id);
  GameState s = games->view(id).state;
  EXPECT_EQ(s.clock.remaining_ms[kBlack], 570'000);  // not given back
  EXPECT_EQ(s.clock.remaining_ms[kWhite], 600'000);  // the turn it was thinking is not charged
  EXPECT_EQ(s.clock.turn_started, clock.t.load());
}

TEST_F(PlayTest, TakebackRefusals) {
  Id id = start_game(shogi());
  User carol = sign_up("carol");
  ServiceError nothing = service_error([&] { games->ask_takeback(id, alice.id); });
  EXPECT_EQ(nothing.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(nothing.what()),
            "you have no move to take back in game " + std::to_string(id));
  games->play_move(id, alice.id, "7g7f");

  ServiceError stranger = service_error([&] { games->ask_takeback(id, carol.id); });
  EXPECT_EQ(stranger.code(), ErrorCode::Forbidden);
  EXPECT_EQ(service_error([&] { games->accept_takeback(id, carol.id); }).code(),
            ErrorCode::Forbidden);
  ServiceError none = service_error([&] { games->accept_takeback(id, bob.id); });
  EXPECT_EQ(none.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(none.what()),
            "your opponent has not asked to take back in game " + std::to_string(id));
  EXPECT_EQ(service_error([&] { games->decline_takeback(id, bob.id); }).code(),
            ErrorCode::Conflict);

  games->ask_takeback(id, alice.id);
  ServiceError own = service_error([&] { games->accept_takeback(id, alice.id); });
  EXPECT_EQ(own.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(own.what()),
            "you cannot accept your own request to take back: your opponent answers it");
  EXPECT_EQ(std::string(service_error([&] { games->ask_takeback(id, alice.id); }).what()),
            "you have already asked to take back");
  EXPECT_EQ(service_error([&] { games->ask_takeback(id, bob.id); }).code(), ErrorCode::Conflict);
  EXPECT_EQ(store->games().load_game(id)->moves.size(), 1u);  // never applied unasked
}

TEST_F(PlayTest, TakebackDeclinedWithdrawnOrEndedByAMove) {
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  games->ask_takeback(id, alice.id);
  log.clear();
  games->decline_takeback(id, bob.id);
  EXPECT_FALSE(games->view(id).state.takeback_offer);
  games->ask_takeback(id, alice.id);
  games->decline_takeback(id, alice.id);  // withdrawn
  EXPECT_EQ(log.events[0].text, "declined");
  EXPECT_EQ(log.events[2].text, "cancelled");

  games->ask_takeback(id, alice.id);
  games->play_move(id, bob.id, "3c3d");  // a move ends the request
  EXPECT_FALSE(games->view(id).state.takeback_offer);
  EXPECT_EQ(service_error([&] { games->accept_takeback(id, bob.id); }).code(),
            ErrorCode::Conflict);
  EXPECT_EQ(games->view(id).state.ply, 2);
}

TEST_F(PlayTest, TakebacksRefusedByTheChallenge) {
  GameSetup setup = shogi();
  setup.takebacks = false;
  Id id = start_game(setup);
  EXPECT_FALSE(store->games().find_game(id)->setup.takebacks);
  games->play_move(id, alice.id, "7g7f");
  ServiceError refused = service_error([&] { games->ask_takeback(id, alice.id); });
  EXPECT_EQ(refused.code(), ErrorCode::Forbidden);
  EXPECT_EQ(std::string(refused.what()),
            "takebacks are not allowed in game " + std::to_string(id) +
                ": its challenge refused them");
  EXPECT_FALSE(games->view(id).state.takeback_offer);
}

TEST_F(PlayTest, TakebackHeardFromAnotherProcess) {
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  games->view(id);  // cached here
  {
    GameService other(*store, log, clock.fn());
    other.ask_takeback(id, alice.id);
    other.accept_takeback(id, bob.id);
  }
  log.clear();
  games->changed_elsewhere(GameChange{id, int(store->games().find_game(id)->version), 0});
  EXPECT_EQ(log.kinds(), (std::vector<std::string>{"takeback"}));
  EXPECT_EQ(log.events[0].ply, 0);
  EXPECT_TRUE(log.events[0].elsewhere);
  GameView v = games->view(id);
  EXPECT_TRUE(v.moves.empty());
  games->play_move(id, alice.id, "2g2f", 0);
}

// --- Move numbers and previews ---

TEST_F(PlayTest, StaleMoveNumberChangesNothing) {
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  int64_t version = store->games().find_game(id)->version;
  ServiceError stale = service_error([&] { games->play_move(id, bob.id, "3c3d", 0); });
  EXPECT_EQ(stale.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(stale.what()),
            "game " + std::to_string(id) + " is at move 2 (1 played), not move 1"
                ": look at the board as it is now and try again");
  EXPECT_EQ(store->games().find_game(id)->version, version);
}

TEST_F(PlayTest, PreviewShowsThePositionAndPlaysNothing) {
  Id id = start_game(shogi());
  Preview pv = games->preview(id, {"7g7f", "3c3d"});
  EXPECT_EQ(pv.moves, (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(pv.ply, 2);
  EXPECT_EQ(pv.sfen, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
  EXPECT_EQ(pv.to_move, kBlack);
  EXPECT_TRUE(pv.ending.empty());
  EXPECT_EQ(games->view(id).state.ply, 0);

  ServiceError bad = service_error([&] { games->preview(id, {"7g7f", "3c3e"}); });
  EXPECT_EQ(bad.code(), ErrorCode::Invalid);
  EXPECT_EQ(bad.field(), "moves");
  EXPECT_EQ(std::string(bad.what()).rfind("move 2: move '3c3e'", 0), 0u) << bad.what();
  EXPECT_EQ(service_error([&] { games->preview(id, {}); }).field(), "moves");
  EXPECT_EQ(service_error([&] { games->preview(id, std::vector<std::string>(101, "7g7f")); })
                .field(),
            "moves");
}

// --- Conditional moves ---

TEST_F(PlayTest, ForecastAnswersAtOnceAndKeepsTheRest) {
  Id id = start_game(shogi(), days(3));
  games->play_move(id, alice.id, "7g7f");
  // bob to move: alice stores "if 3c3d then 2g2f, and if then 8c8d, 2f2e".
  Forecast f = games->set_forecast(id, alice.id, {{"3c3d", "2g2f", "8c8d", "2f2e"},
                                                  {"8c8d", "2g2f"}});
  EXPECT_EQ(f.ply, 1);
  EXPECT_EQ(games->forecast(id, alice.id), f);
  log.clear();
  games->play_move(id, bob.id, "3c3d");
  GameView v = games->view(id);
  EXPECT_EQ(usi_of(v.moves), (std::vector<std::string>{"7g7f", "3c3d", "2g2f"}));
  EXPECT_EQ(log.kinds(), (std::vector<std::string>{"move", "move"}));
  for (const Event& e : log.events) EXPECT_NE(e.text, "8c8d");  // nothing of the lines leaks
  Forecast rest = games->forecast(id, alice.id);
  EXPECT_EQ(rest.ply, 3);
  EXPECT_EQ(rest.lines, (std::vector<std::vector<std::string>>{{"8c8d", "2f2e"}}));

  games->play_move(id, bob.id, "4c4d");  // not foreseen: the lines are dropped
  EXPECT_EQ(games->view(id).state.ply, 4);
  EXPECT_TRUE(games->forecast(id, alice.id).lines.empty());
  EXPECT_FALSE(store->forecasts().find_forecast(id, alice.id));
}

TEST_F(PlayTest, ForecastIsPrivateAndChecked) {
  Id id = start_game(shogi(), days(3));
  User carol = sign_up("carol");
  games->play_move(id, alice.id, "7g7f");
  EXPECT_EQ(service_error([&] { games->set_forecast(id, carol.id, {{"3c3d", "2g2f"}}); }).code(),
            ErrorCode::Forbidden);
  EXPECT_EQ(service_error([&] { games->forecast(id, carol.id); }).code(), ErrorCode::Forbidden);
  ServiceError mine = service_error([&] { games->set_forecast(id, bob.id, {{"7a7b", "2g2f"}}); });
  EXPECT_EQ(mine.code(), ErrorCode::Conflict);  // bob is to move: he plays

  ServiceError illegal =
      service_error([&] { games->set_forecast(id, alice.id, {{"3c3d", "2g2f"}, {"3c3d", "5i5a"}}); });
  EXPECT_EQ(illegal.code(), ErrorCode::Invalid);
  EXPECT_EQ(illegal.field(), "lines");
  EXPECT_EQ(std::string(illegal.what()).rfind("line 2, move 3: move '5i5a'", 0), 0u)
      << illegal.what();
  ServiceError odd = service_error([&] { games->set_forecast(id, alice.id, {{"3c3d"}}); });
  EXPECT_EQ(std::string(odd.what()),
            "line 1 has 1 move: a line is pairs of your opponent's move and your answer");
  std::vector<std::vector<std::string>> many(11, {"3c3d", "2g2f"});
  EXPECT_EQ(service_error([&] { games->set_forecast(id, alice.id, many); }).field(), "lines");
  std::vector<std::string> longest(22, "3c3d");
  EXPECT_EQ(std::string(service_error([&] {
                          games->set_forecast(id, alice.id, {longest});
                        }).what()),
            "line 1 has 22 moves: at most 20");
  EXPECT_FALSE(store->forecasts().find_forecast(id, alice.id));  // nothing stored

  games->set_forecast(id, alice.id, {{"3c3d", "2g2f"}});
  // Nobody else sees the lines: not the opponent's view, not the public one.
  EXPECT_TRUE(games->forecast(id, bob.id).lines.empty());
  games->set_forecast(id, alice.id, {});
  EXPECT_FALSE(store->forecasts().find_forecast(id, alice.id));
}

TEST_F(PlayTest, ForecastNotInGamesWithALiveClock) {
  TimeControl tc;
  tc.kind = TimeControl::Kind::Live;
  tc.main_ms = 600'000;
  Id id = start_game(shogi(), tc);
  games->play_move(id, alice.id, "7g7f");
  ServiceError live = service_error([&] { games->set_forecast(id, alice.id, {{"3c3d", "2g2f"}}); });
  EXPECT_EQ(live.code(), ErrorCode::Invalid);
  EXPECT_EQ(live.field(), "lines");
}

TEST_F(PlayTest, QueuePlaysTheFirstMoveOnYourTurnAndStoresTheRest) {
  Id id = start_game(shogi(), days(3));
  GameService::Queued q = games->queue(id, alice.id, {"7g7f", "3c3d", "2g2f"}, 0);
  ASSERT_TRUE(q.played);
  EXPECT_EQ(q.played->move.usi, "7g7f");
  EXPECT_EQ(q.forecast.lines, (std::vector<std::vector<std::string>>{{"3c3d", "2g2f"}}));
  // A stale move number, an illegal or unanswered line: nothing is played or stored.
  EXPECT_EQ(service_error([&] { games->queue(id, alice.id, {"3c3d", "2g2f"}, 0); }).code(),
            ErrorCode::Conflict);
  EXPECT_EQ(service_error([&] { games->queue(id, alice.id, {"3c3d", "2g2e"}); }).field(), "moves");
  EXPECT_EQ(service_error([&] { games->queue(id, alice.id, {"8c8d"}); }).field(), "lines");
  EXPECT_EQ(games->forecast(id, alice.id).lines.size(), 1u);
  // On the opponent's turn the line is added to those stored.
  games->queue(id, alice.id, {"8c8d", "6g6f"}, 1);
  EXPECT_EQ(games->forecast(id, alice.id).lines.size(), 2u);
  games->play_move(id, bob.id, "8c8d");
  EXPECT_EQ(usi_of(games->view(id).moves), (std::vector<std::string>{"7g7f", "8c8d", "6g6f"}));
}

TEST(ForecastRules, FollowingAForecast) {
  Forecast f{4, {{"a", "b", "c", "d"}, {"a", "b"}, {"a", "x", "y", "z"}, {"q", "r"}}};
  ForecastStep step = follow_forecast(f, 4, "a");
  EXPECT_EQ(step.answer, "b");  // the first matching line's answer
  EXPECT_EQ(step.rest, (Forecast{6, {{"c", "d"}}}));
  EXPECT_FALSE(follow_forecast(f, 4, "z").answer);
  EXPECT_FALSE(follow_forecast(f, 5, "a").answer);  // stored for another position
  EXPECT_TRUE(follow_forecast(f, 5, "a").rest.lines.empty());
}

}  // namespace
}  // namespace kirin::server::testing
