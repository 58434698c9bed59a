// kirin bench tournament: the pairing of a large arena (every waiting player at once) and of a
// large Swiss round (after a few random rounds), timed on one thread (issue 29's targets:
// under 100 ms for 1,000 waiting arena players, under 1 s for a 500-player Swiss round).
#pragma once

#include <cstdint>
#include <ostream>

namespace kirin::bench {

struct TournamentBenchOptions {
  int arena_players = 1000;  // waiting to be paired
  int swiss_players = 500;
  int swiss_rounds = 4;      // random rounds played before the one measured
  int repeat = 5;            // each pairing timed this many times: the best and the median
  uint64_t seed = 29;
};

struct TournamentBenchResult {
  double arena_ms = 0;  // median
  size_t arena_pairs = 0;
  double swiss_ms = 0;  // median
  size_t swiss_games = 0;
};

TournamentBenchResult run_tournament_bench(const TournamentBenchOptions& options,
                                           std::ostream& out);

}  // namespace kirin::bench
