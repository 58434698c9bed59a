// The Chu Shogi positions every benchmark measures: src/bench/positions.tsv, embedded when built.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"

namespace kirin::bench {

struct BenchPosition {
  std::string label;  // "start", "middle-1" ... "middle-6": the benchmarks' output names it
  int perft_depth = 0;
  Position position;
};

// In the file's order.
const std::vector<BenchPosition>& bench_positions();

// The position labelled `label`; throws std::out_of_range if there is none.
const BenchPosition& bench_position(std::string_view label);

}  // namespace kirin::bench
