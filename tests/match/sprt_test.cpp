// The SPRT of `kirin match --sprt` (match/sprt.h) against fishtest's published results.
#include "match/sprt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace kirin::match {
namespace {

// Fishtest's test pages as quoted in Stockfish's pull requests: the logistic Elo bounds in
// braces, the LLR, and the pentanomial counts "Ptnml(0-2)" of the finished test.
struct Published {
  const char* source;
  double elo0, elo1;
  std::vector<double> pentanomial;
  double llr;
};

TEST(Sprt, ReproducesFishtestsPentanomialLlr) {
  const Published tests[] = {
      // official-stockfish/Stockfish pull request 3209, "New net cb26f10b1fd9" (2020-11-01):
      // STC tests/view/5f9c7bbc6a2c112b60691d4d, 53712 games, LLR 2.94 {-0.25,1.25};
      {"PR 3209 STC", -0.25, 1.25, {253, 4282, 17604, 4431, 286}, 2.94},
      // LTC tests/view/5f9d01f06a2c112b60691d87, 80184 games, LLR 2.97 {0.25,1.25}.
      {"PR 3209 LTC", 0.25, 1.25, {58, 3302, 33130, 3518, 84}, 2.97},
      // Pull request 3098, "Search tweak" (2020-09-02): STC tests/view/5f4cb5e8ba100690c5cc5d25.
      {"PR 3098 STC", -0.25, 1.25, {491, 7345, 29693, 7670, 465}, 2.96},
      // Pull request 2971, "Search tweak" (2020-08-10): STC tests/view/5f31219090816720665374ec,
      // 3376 games only.
      {"PR 2971 STC", -0.50, 1.50, {17, 253, 1042, 337, 39}, 2.96},
      // Pull request 2493, "More LMR at root" (2020-01-15): STC
      // tests/view/5e1c9afed12216a2857e6401, wide bounds {-1.00,3.00}.
      {"PR 2493 STC", -1.00, 3.00, {424, 2948, 5832, 3045, 460}, 2.94},
      // Pull request 3103, "LMR Simplification" (2020-09-04): a simplification's bounds
      // {-1.25,0.25}, STC tests/view/5f5007d6ba100690c5cc5ea9.
      {"PR 3103 STC", -1.25, 0.25, {293, 5085, 20082, 5070, 326}, 2.95},
  };
  for (const Published& t : tests)
    EXPECT_NEAR(sprt_llr(t.elo0, t.elo1, t.pentanomial), t.llr, 0.005) << t.source;
}

TEST(Sprt, BoundsOfAlphaAndBeta) {
  SprtSettings s = parse_sprt("0,10", 0.05, 0.05);
  EXPECT_NEAR(s.lower_bound(), -2.944, 0.0005);
  EXPECT_NEAR(s.upper_bound(), 2.944, 0.0005);
  s = parse_sprt("-5,5", 0.1, 0.01);
  EXPECT_NEAR(s.lower_bound(), std::log(0.01 / 0.9), 1e-12);
  EXPECT_NEAR(s.upper_bound(), std::log(0.99 / 0.1), 1e-12);
  EXPECT_EQ(s.elo0, -5);
  EXPECT_EQ(s.elo1, 5);
}

TEST(Sprt, Refusals) {
  auto message = [](const std::string& bounds, double alpha, double beta) {
    try {
      parse_sprt(bounds, alpha, beta);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("10", 0.05, 0.05), "--sprt takes ELO0,ELO1 (e.g. 0,10), not '10'");
  EXPECT_EQ(message("0,ten", 0.05, 0.05), "--sprt takes ELO0,ELO1 (e.g. 0,10), not '0,ten'");
  EXPECT_EQ(message("0,10x", 0.05, 0.05), "--sprt takes ELO0,ELO1 (e.g. 0,10), not '0,10x'");
  EXPECT_EQ(message("10,0", 0.05, 0.05),
            "--sprt 10,0: ELO0 must be below ELO1, both within +-1000");
  EXPECT_EQ(message("0,10", 0, 0.05), "--alpha and --beta must be between 0 and 0.5");
  EXPECT_EQ(message("0,10", 0.05, 0.7), "--alpha and --beta must be between 0 and 0.5");
}

TEST(Sprt, PairsFromGamesInAnyOrder) {
  Sprt sprt(parse_sprt("0,10", 0.05, 0.05));
  EXPECT_FALSE(sprt.add(1, 1));  // game 2 of opening 1 first (concurrency)
  EXPECT_EQ(sprt.pairs(), 0);
  EXPECT_EQ(sprt.llr(), 0);
  EXPECT_TRUE(sprt.add(0, 0.5));  // completes the pair: 1.5 points
  EXPECT_EQ(sprt.pairs(), 1);
  EXPECT_EQ(sprt.pentanomial(), (std::array<int, 5>{0, 0, 0, 1, 0}));
  EXPECT_NEAR(sprt.llr(), sprt_llr(0, 10, {0, 0, 0, 1, 0}), 1e-12);
  EXPECT_GT(sprt.llr(), 0);
  EXPECT_FALSE(sprt.add(2, 0));
  EXPECT_EQ(sprt.unpaired(), 1);
  EXPECT_EQ(sprt.format(sprt.llr()).substr(0, 5), "LLR: ");
  EXPECT_EQ(sprt.format(1.234), "LLR: 1.23 (-2.94, 2.94) [0, 10]");
}

TEST(Sprt, DecidesWhenTheLlrCrossesABound) {
  // Engine 1 scores pairs of 2, 1.5, 1 and 1.5 points in turn (69%, about +140 Elo): H1 of
  // [0, 10] is accepted after 104 pairs, at 26, 52 and 26 pairs of 1, 1.5 and 2 points (LLR
  // 2.950 by fishtest's LLR_logistic; 2.922 one pair before, below 2.944 less the overshoot
  // 0.014), and the decision stays when later games go the other way.
  const double pair_points[4][2] = {{1, 1}, {1, 0.5}, {1, 0}, {0.5, 1}};
  Sprt sprt(parse_sprt("0,10", 0.05, 0.05));
  int game = 0;
  while (sprt.decision() == Sprt::Decision::None && game < 1000) {
    sprt.add(game, pair_points[(game / 2) % 4][game % 2]);
    ++game;
  }
  EXPECT_EQ(sprt.decision(), Sprt::Decision::H1);
  EXPECT_NEAR(sprt.llr(), 2.9502, 0.0005);
  EXPECT_EQ(sprt.pentanomial(), (std::array<int, 5>{0, 0, 26, 52, 26}));
  for (int i = 0; i < 20; ++i) sprt.add(game++, 0);
  EXPECT_EQ(sprt.decision(), Sprt::Decision::H1);
  EXPECT_EQ(Sprt::decision_text(sprt.decision()), "H1 accepted");

  // The same results from the other side: H0 (no better than 0), after 101 pairs.
  Sprt losing(parse_sprt("0,10", 0.05, 0.05));
  game = 0;
  while (losing.decision() == Sprt::Decision::None && game < 1000) {
    losing.add(game, 1 - pair_points[(game / 2) % 4][game % 2]);
    ++game;
  }
  EXPECT_EQ(losing.decision(), Sprt::Decision::H0);
  EXPECT_NEAR(losing.llr(), -2.9488, 0.0005);
  EXPECT_EQ(losing.pairs(), 101);
  EXPECT_EQ(Sprt::decision_text(losing.decision()), "H0 accepted");
}

TEST(Sprt, EvenOneSidedResultsNeedAboutAHundredPairs) {
  // Fishtest's 0.001 for each empty kind of pair makes a test that sees nothing but won pairs
  // gain only about 0.028 a pair against [0, 10]: 104 pairs to accept H1 (checked with
  // fishtest's LLR_logistic).
  Sprt sprt(parse_sprt("0,10", 0.05, 0.05));
  int game = 0;
  while (sprt.decision() == Sprt::Decision::None && game < 1000) sprt.add(game++, 1);
  EXPECT_EQ(sprt.decision(), Sprt::Decision::H1);
  EXPECT_EQ(sprt.pairs(), 104);
  EXPECT_NEAR(sprt_llr(0, 10, {0, 0, 0, 0, 100}), 2.8369, 0.0005);
}

TEST(Sprt, OvershootFromTheRecordSteps) {
  // Fishtest's estimate: the steps that set a new high are 0.5, 0.5 and 1.0 (0.8 sets none):
  // (0.25 + 0.25 + 1) / 2.0 / 2 = 0.375; the one new low, -0.4: 0.16 / 0.4 / 2 = 0.2.
  SprtOvershoot o;
  EXPECT_EQ(o.above(), 0);
  EXPECT_EQ(o.below(), 0);
  for (double llr : {0.5, 1.0, 0.8, 2.0}) o.update(llr);
  EXPECT_NEAR(o.above(), 0.375, 1e-12);
  EXPECT_EQ(o.below(), 0);
  o.update(-0.4);
  EXPECT_NEAR(o.below(), 0.2, 1e-12);
  EXPECT_NEAR(o.above(), 0.375, 1e-12);
}

TEST(Sprt, OddLastGameFallsBackToTheTrinomialModel) {
  Sprt sprt(parse_sprt("0,10", 0.05, 0.05));
  sprt.add(0, 1);
  sprt.add(1, 0.5);
  sprt.add(2, 1);  // no partner: the match ended after an odd number of games
  EXPECT_EQ(sprt.unpaired(), 1);
  EXPECT_NEAR(sprt.llr(), sprt_llr(0, 10, {0, 0, 0, 1, 0}), 1e-12);
  // losses, draws, wins
  EXPECT_NEAR(sprt.final_llr(), sprt_llr(0, 10, {0, 1, 2}), 1e-12);
  EXPECT_EQ(sprt.final_decision(), Sprt::Decision::None);
}

TEST(Sprt, TrinomialAgreesWithAHandComputation) {
  // 1 loss, 1 draw, 2 wins: with all three kinds present no regularization; the fitted
  // distributions satisfy their expectations exactly, so check that through the LLR's
  // antisymmetry: swapping H0 and H1 negates it.
  double llr = sprt_llr(0, 10, {1, 1, 2});
  EXPECT_NEAR(sprt_llr(10, 0, {1, 1, 2}), -llr, 1e-12);
  // The score 0.625 lies above both hypotheses (0.5, 0.514): H1 is the likelier.
  EXPECT_GT(llr, 0);
}

}  // namespace
}  // namespace kirin::match
