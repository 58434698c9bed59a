// kirin bench perft: move generation speed, perft with bulk counting on one thread.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace kirin::bench {

struct PerftBenchOptions {
  bool quick = false;              // one ply less on the positions, 0.1 s per game (a smoke test)
  std::vector<std::string> games;  // game ids also measured from their start positions
};

struct PerftSpeed {
  uint64_t nodes = 0;
  double seconds = 0;
};

// Perft of every bench position at its depth, then of each game's start position at the first
// depth that takes over a second; writes a table to `out` a row at a time. Returns the bench
// positions' total. Throws VariantError for an unknown game.
PerftSpeed run_perft_bench(const PerftBenchOptions& options, std::ostream& out);

}  // namespace kirin::bench
