// kirin bench tournament, small: every waiting arena player and every Swiss player paired, the
// lines it writes, and the options it refuses.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "bench/tournament_bench.h"

namespace kirin::bench {
namespace {

TEST(TournamentBench, PairsTheArenaAndTheSwissRound) {
  std::ostringstream out;
  TournamentBenchResult r = run_tournament_bench(
      {.arena_players = 60, .swiss_players = 30, .swiss_rounds = 3, .repeat = 2}, out);
  EXPECT_GE(r.arena_pairs, 28u);  // a few may wait: just played each other, or blocked
  EXPECT_LE(r.arena_pairs, 30u);
  EXPECT_EQ(r.swiss_games, 15u);
  EXPECT_GE(r.arena_ms, 0);
  const std::string text = out.str();
  EXPECT_NE(text.find("arena: 60 waiting of 72 ranked"), std::string::npos) << text;
  EXPECT_NE(text.find("  round 3: 15 games"), std::string::npos) << text;
  EXPECT_NE(text.find("swiss: round 4 of 30 players, 15 games"), std::string::npos) << text;
}

TEST(TournamentBench, RefusesEmptyEvents) {
  std::ostringstream out;
  EXPECT_THROW(run_tournament_bench({.arena_players = 1}, out), std::invalid_argument);
  EXPECT_THROW(run_tournament_bench({.repeat = 0}, out), std::invalid_argument);
  EXPECT_TRUE(out.str().empty());
}

}  // namespace
}  // namespace kirin::bench
