// kirin bench mate: the mate solver on the built-in problem collections (problems/*.tsv), with
// a time budget per problem: solved or not, the mate's length against the published one,
// nodes and time; a mate shorter than the book's is marked (a cooked problem is a finding).
#pragma once

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace kirin::bench {

struct MateBenchOptions {
  int64_t movetime_ms = 10'000;  // per problem
  int64_t nodes = 0;             // per problem; 0 = no limit
  std::string proof_dir;         // "": no proofs written
  size_t hash_mb = 64;
  std::string collection;              // a collection id; "" = every built-in collection
  std::vector<std::string> problems;   // problem names; empty = every problem
  // Count futile interpositions (shogi's 無駄合) as defences, as the game's rules alone would;
  // by default the lengths are the book's way, without them (docs/RULES.md, "Problems").
  bool every_interposition = false;
};

struct MateBenchTotals {
  int problems = 0;
  int solved = 0;   // a mate proved
  int exact = 0;    // of them, proved the shortest
  int shorter = 0;  // of them, shorter than the published line
  int64_t nodes = 0;
  double seconds = 0;
};

// An unknown collection or problem name (nothing has run then).
class MateBenchOptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How a mate found compares with the book's, as a row's note: "shorter than published" (a
// finding: the problem is cooked, or its position is not the book's); longer and proved the
// shortest: the book's line misses a longer defence (a finding too); longer and not proved
// the shortest: the budget ran out first; or "".
const char* compare_with_published(int found_moves, bool exact, int published_moves);

// Solves each chosen problem with a fresh table, writing a table per collection a row at a
// time and the totals. Throws MateBenchOptionError before solving anything if a name is unknown.
MateBenchTotals run_mate_bench(const MateBenchOptions& options, std::ostream& out);

}  // namespace kirin::bench
