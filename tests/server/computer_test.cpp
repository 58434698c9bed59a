#include "server/domain/computer.h"

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

}  // namespace
}  // namespace kirin::server::testing
