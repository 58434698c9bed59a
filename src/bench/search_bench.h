// kirin bench search: search speed (nodes per second, one thread) and nodes to a fixed depth,
// optionally beside an XBoard engine's (HaChu's) speed on the same positions.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace kirin::bench {

struct SearchBenchOptions {
  int depth = 9;
  int64_t movetime_ms = 0;  // > 0: search each position this long instead of to `depth`
  size_t hash_mb = 64;
  std::vector<std::string> games;  // game ids also searched from their start positions
  // An XBoard engine command: it analyses each bench position for movetime_ms (needed), and
  // its nodes/s are written beside Kirin's with the ratio.
  std::string against;
};

struct SearchSpeed {
  int64_t nodes = 0;
  double seconds = 0;
};

// Searches every bench position, then each game's start position, each with a fresh hash
// table; writes a table to `out` a row at a time. Returns Kirin's total on the bench
// positions. Throws match::EngineError for a failing `against` engine, VariantError for an
// unknown game.
SearchSpeed run_search_bench(const SearchBenchOptions& options, std::ostream& out);

}  // namespace kirin::bench
