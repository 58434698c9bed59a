// The proofs of the built-in problems: problems/proofs/COLLECTION/NAME.proof (the format of
// notation/mate_proof.h) and an index per collection, problems/proofs/COLLECTION.tsv, both
// written by `kirin bench mate --proof-dir problems/proofs`, built into the binary, checked by
// tools/proof-check in the tests. The problems room shows them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kirin {

// A row of a collection's index: a mate the solver proved, and its proof.
struct ProvedProblem {
  std::string name;
  int moves = 0;          // the mate's length in the attacker's moves
  bool shortest = false;  // proved the shortest (else a mate in at most `moves`)
  int positions = 0;      // the proof's positions
  int64_t nodes = 0;      // the solve's
};

// Reads an index: '#' comment lines, then "name<TAB>moves<TAB>shortest|at-most<TAB>positions
// <TAB>nodes" a line. Throws NotationError naming the line when malformed.
std::vector<ProvedProblem> parse_proved_index(std::string_view text);
// Writes one (with its comment header), the rows in the order given.
std::string proved_index_text(const std::vector<ProvedProblem>& rows);

// A built-in proof: its index row and its text; nullptr if the problem has none.
struct BuiltinProof {
  ProvedProblem row;
  std::string_view text;
};
const BuiltinProof* builtin_proof(std::string_view collection, std::string_view name);

}  // namespace kirin
