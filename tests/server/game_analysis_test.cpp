// A game's computer analysis: the judgment's arithmetic with worked numbers (lishogi's and
// lichess's constants), and the service that checks, keeps and reviews analyses.
#include <gtest/gtest.h>

#include "rules/catalog.h"
#include "server/domain/game_analysis.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

PositionEval cp(int v, std::vector<std::string> pv = {"7g7f"}) { return {v, std::nullopt, std::move(pv)}; }
PositionEval mate(int v, std::vector<std::string> pv = {"7g7f"}) { return {std::nullopt, v, std::move(pv)}; }

const AnalysisScale kShogi{};  // scale 1: lishogi's own constants

TEST(GameAnalysisJudgment, WinningChancesAreLishogisAtScaleOne) {
  // 2 / (1 + e^-0.5) - 1 = 0.244919; win% 50 + 50 * that.
  EXPECT_NEAR(winning_chances(500, kShogi), 0.244919, 1e-6);
  EXPECT_NEAR(win_percent(cp(500), kShogi), 62.245933, 1e-6);
  EXPECT_NEAR(winning_chances(-500, kShogi), -0.244919, 1e-6);
  // Clamped at the ceiling, 5500; a mate is the ceiling.
  EXPECT_DOUBLE_EQ(winning_chances(9000, kShogi), winning_chances(5500, kShogi));
  EXPECT_DOUBLE_EQ(win_percent(mate(3), kShogi), win_percent(cp(5500), kShogi));
  EXPECT_DOUBLE_EQ(win_percent(mate(-1), kShogi), win_percent(cp(-5500), kShogi));
}

TEST(GameAnalysisJudgment, MoveAccuracyIsLichesss) {
  EXPECT_EQ(move_accuracy(50, 55), 100);  // no win% lost
  // 103.1668 e^(-0.043544 * 10) - 3.1669 + 1 = 64.5798
  EXPECT_NEAR(move_accuracy(60, 50), 64.579828, 1e-5);
  EXPECT_EQ(move_accuracy(100, 0), 0);
}

TEST(GameAnalysisJudgment, ShogiScalesToOneAndChuToItsArmy) {
  const AnalysisScale shogi = analysis_scale(*builtin_variant("shogi"));
  EXPECT_DOUBLE_EQ(shogi.army, kShogiArmy);
  EXPECT_DOUBLE_EQ(shogi.scale, 1);
  const AnalysisScale chu = analysis_scale(*builtin_variant("chu"));
  EXPECT_GT(chu.scale, 4);
  EXPECT_LT(chu.scale, 8);
  // A Lion lost for nothing (2500 of Chu's centipawns) costs what a Rook and a half does in
  // shogi, not a game: about the same share of the army.
  EXPECT_NEAR(winning_chances(2500, chu), winning_chances(2500 / chu.scale, kShogi), 1e-12);
}

// Black 50 -> 40 -> 600 -> -300 -> mate by Black in 3 -> in 2 (scores for Black).
TEST(GameAnalysisJudgment, MarksFollowTheLossOfWinningChances) {
  const std::vector<std::optional<PositionEval>> evals{
      cp(50, {"2g2f"}), cp(40, {"8c8d"}), cp(600, {"2g2f"}), cp(-300, {"5a4b"}), mate(3, {"2g2f"}),
      mate(2, {"5a4b"})};
  const std::vector<std::string> moves{"7g7f", "3c3d", "8h2b+", "3a2b", "2g2f"};
  const std::vector<Color> movers{kBlack, kWhite, kBlack, kWhite, kBlack};
  const Judgment j = judge(evals, moves, movers, kShogi);
  ASSERT_EQ(j.moves.size(), 5u);
  // 1. Black: 50 -> 40, chances down 0.005: no mark.
  EXPECT_EQ(j.moves[0].mark, Mark::None);
  EXPECT_EQ(j.moves[0].loss, 10);
  EXPECT_EQ(j.moves[0].best, "2g2f");
  // 2. White: 40 -> 600 for Black, White's chances down 0.2713: a mistake, better 8c8d.
  EXPECT_EQ(j.moves[1].mark, Mark::Mistake);
  EXPECT_EQ(j.moves[1].loss, 560);
  EXPECT_EQ(j.moves[1].best, "8c8d");
  // 3. Black: 600 -> -300, down 0.4402: a blunder.
  EXPECT_EQ(j.moves[2].mark, Mark::Blunder);
  EXPECT_EQ(j.moves[2].loss, 900);
  // 4. White at +300 lets Black mate: a blunder (not down by 1000 before it).
  EXPECT_EQ(j.moves[3].mark, Mark::Blunder);
  EXPECT_EQ(j.moves[3].mate, MateChange::Created);
  EXPECT_EQ(j.moves[3].loss, 5800);  // 300 -> -5500, the ceiling, for White
  // 5. Black keeps the mate (3 -> 2): no mark, no loss; the move played was the best.
  EXPECT_EQ(j.moves[4].mark, Mark::None);
  EXPECT_EQ(j.moves[4].loss, 0);
  EXPECT_EQ(j.moves[4].best, "");
  // Per player: lishogi's average centipawn loss, integer division.
  EXPECT_EQ(j.players[kBlack].blunders, 1);
  EXPECT_EQ(j.players[kBlack].acpl, (10 + 900 + 0) / 3);
  EXPECT_EQ(j.players[kWhite].mistakes, 1);
  EXPECT_EQ(j.players[kWhite].blunders, 1);
  EXPECT_EQ(j.players[kWhite].acpl, (560 + 5800) / 2);
  ASSERT_TRUE(j.players[kBlack].accuracy && j.players[kWhite].accuracy);
  EXPECT_GT(*j.players[kBlack].accuracy, *j.players[kWhite].accuracy);
  EXPECT_NEAR(*j.win[2], 50 + 50 * winning_chances(600, kShogi), 1e-9);
}

TEST(GameAnalysisJudgment, MateThresholdsAndLostMates) {
  const std::vector<std::string> one{"7g7f"};
  // Black already down 2000 lets White mate: a mistake, not a blunder; down 4500: inaccuracy.
  auto mark_of = [&](PositionEval before, PositionEval after) {
    return judge({before, after}, one, {kBlack}, kShogi).moves[0];
  };
  EXPECT_EQ(mark_of(cp(-2000), mate(-4)).mark, Mark::Mistake);
  EXPECT_EQ(mark_of(cp(-4500), mate(-4)).mark, Mark::Inaccuracy);
  EXPECT_EQ(mark_of(cp(0), mate(-4)).mark, Mark::Blunder);
  // Black had a mate and lets it go: by the score after it.
  EXPECT_EQ(mark_of(mate(5), cp(4500)).mark, Mark::Inaccuracy);
  EXPECT_EQ(mark_of(mate(5), cp(2000)).mark, Mark::Mistake);
  EXPECT_EQ(mark_of(mate(5), cp(300)).mark, Mark::Blunder);
  EXPECT_EQ(mark_of(mate(5), mate(-2)).mate, MateChange::Lost);
  EXPECT_EQ(mark_of(mate(5), mate(7)).mark, Mark::None);  // a slower mate: lishogi marks none
  // The last position, the game over, has no evaluation: its move is not judged.
  const MoveJudgment last = judge({mate(1), std::nullopt}, one, {kBlack}, kShogi).moves[0];
  EXPECT_FALSE(last.judged);
  EXPECT_EQ(last.mark, Mark::None);
}

TEST(GameAnalysisJudgment, TheScaleSoftensABigGamesCentipawns) {
  AnalysisScale chu;
  chu.scale = 6;
  const std::vector<std::string> one{"7g7f"};
  // A 700 cp drop is a blunder in shogi and nothing in a game six times as rich.
  EXPECT_EQ(judge({cp(0), cp(-700)}, one, {kBlack}, kShogi).moves[0].mark, Mark::Blunder);
  EXPECT_EQ(judge({cp(0), cp(-700)}, one, {kBlack}, chu).moves[0].mark, Mark::None);
  EXPECT_EQ(chu.ceiling(), 33000);
}

class GameAnalysesTest : public ServerTest {
 protected:
  // alice (Black) and bob play 7g7f 3c3d, then alice resigns.
  Id finished_game() {
    Id g = start_game(shogi());
    games->play_move(g, alice.id, "7g7f");
    games->play_move(g, bob.id, "3c3d");
    games->resign(g, alice.id);
    return g;
  }
  static std::vector<std::optional<PositionEval>> evals() {
    return {cp(40, {"2g2f", "8c8d"}), cp(-30, {"8c8d"}), cp(900, {"8h2b+", "3a2b"})};
  }
  static ErrorCode code_of(const std::function<void()>& f) {
    try {
      f();
    } catch (const ServiceError& e) {
      return e.code();
    }
    ADD_FAILURE() << "no ServiceError";
    return ErrorCode::Busy;
  }
};

TEST_F(GameAnalysesTest, APlayerKeepsItAndEveryoneReadsItJudged) {
  Id g = finished_game();
  GameAnalyses& a = games->analyses();
  EXPECT_EQ(code_of([&] { a.get(g); }), ErrorCode::NotFound);
  EXPECT_FALSE(games->view(g).analysed);
  GameAnalysis kept = a.store(g, bob.id, 20000, evals());
  EXPECT_TRUE(games->view(g).analysed);
  ASSERT_TRUE(kept.stored);
  EXPECT_EQ(kept.stored->by.name, "bob");
  // bob's 3c3d let Black go from -30 to +900: White's chances fell 0.43, a blunder.
  EXPECT_EQ(kept.judgment.moves[1].mark, Mark::Blunder);
  EXPECT_EQ(kept.judgment.moves[1].best, "8c8d");
  GameAnalysis read = a.get(g);
  EXPECT_EQ(read.positions, kept.positions);
  EXPECT_EQ(read.nodes, 20000);
  EXPECT_EQ(read.judgment.moves[1].mark, Mark::Blunder);
  // One analysis a game: a second is refused, the first stays.
  EXPECT_EQ(code_of([&] { a.store(g, alice.id, 5, evals()); }), ErrorCode::Conflict);
  EXPECT_EQ(a.get(g).stored->by.name, "bob");
  reopen();  // kept in the store
  EXPECT_EQ(games->analyses().get(g).positions, kept.positions);
}

TEST_F(GameAnalysesTest, RefusesOthersUnfinishedGamesAndBadEvaluations) {
  User carol = sign_up("carol");
  Id g = finished_game();
  GameAnalyses& a = games->analyses();
  EXPECT_EQ(code_of([&] { a.store(g, carol.id, 100, evals()); }), ErrorCode::Forbidden);
  Id live = start_game(shogi());
  games->play_move(live, alice.id, "7g7f");
  auto two = std::vector<std::optional<PositionEval>>{cp(0, {"7g7f"}), cp(0, {"3c3d"})};
  EXPECT_EQ(code_of([&] { a.store(live, alice.id, 100, two); }), ErrorCode::Conflict);
  EXPECT_EQ(code_of([&] { a.review(live, "#9", 100, two); }), ErrorCode::Conflict);

  auto invalid = [&](std::vector<std::optional<PositionEval>> e, int64_t nodes = 100) {
    clock.advance(61'000);  // a send refused is counted too (AReviewIsJudgedNotKeptAndLimited)
    try {
      a.store(g, alice.id, nodes, std::move(e));
    } catch (const ServiceError& err) {
      EXPECT_EQ(err.code(), ErrorCode::Invalid) << err.what();
      return std::string(err.what());
    }
    ADD_FAILURE() << "accepted";
    return std::string();
  };
  EXPECT_NE(invalid({cp(0), cp(0)}).find("expected 3 positions"), std::string::npos);
  auto e = evals();
  e[1]->pv = {"7g7f"};  // White to move: Black's move
  EXPECT_NE(invalid(e).find("position 1, move 1 of the line"), std::string::npos);
  e = evals();
  e[2]->pv = {"8h2b+", "3a2b", "2b3a"};  // the third is nobody's
  EXPECT_NE(invalid(e).find("move 3 of the line"), std::string::npos);
  e = evals();
  e[0]->mate = 3;  // both a cp and a mate
  EXPECT_NE(invalid(e).find("either cp or mate"), std::string::npos);
  e = evals();
  e[0]->cp = 200'000;
  EXPECT_NE(invalid(e).find("cp must be within"), std::string::npos);
  e = evals();
  e[1].reset();  // only the last may lack one
  EXPECT_NE(invalid(e).find("only the last"), std::string::npos);
  e = evals();
  e[0]->pv.clear();
  EXPECT_NE(invalid(e).find("at least the best move"), std::string::npos);
  EXPECT_NE(invalid(evals(), 0).find("nodes"), std::string::npos);
  // Nothing was kept by any of them.
  EXPECT_EQ(code_of([&] { a.get(g); }), ErrorCode::NotFound);
}

TEST_F(GameAnalysesTest, AReviewIsJudgedNotKeptAndLimited) {
  Id g = finished_game();
  GameAnalyses& a = games->analyses();
  const std::size_t limit = a.limits().reviews_per_minute;
  for (std::size_t i = 0; i < limit; ++i)
    EXPECT_EQ(a.review(g, "10.0.0.1", 100, evals()).judgment.moves[1].mark, Mark::Blunder);
  EXPECT_EQ(code_of([&] { a.review(g, "10.0.0.1", 100, evals()); }), ErrorCode::TooManyRequests);
  EXPECT_NO_THROW(a.review(g, "10.0.0.2", 100, evals()));  // another client's own count
  // A player's sends count with their reviews: alice, over her limit, may not keep hers.
  for (std::size_t i = 0; i < limit; ++i) a.review(g, "#" + std::to_string(alice.id), 100, evals());
  EXPECT_EQ(code_of([&] { a.store(g, alice.id, 100, evals()); }), ErrorCode::TooManyRequests);
  clock.advance(61'000);
  EXPECT_NO_THROW(a.review(g, "10.0.0.1", 100, evals()));
  EXPECT_EQ(code_of([&] { a.get(g); }), ErrorCode::NotFound);
}

}  // namespace
}  // namespace kirin::server::testing
