// The text of a mate's proof (`kirin mate --proof FILE`), for a checker that shares no code
// with Kirin (tools/proof-check): the problem's SFEN and rules, then one line per position of
// the proof where the attacker is to move:
//
//   sfen <SFEN>
//   variant <game id>
//   profile <name>              (when one was given)
//   option <NAME>=<VALUE>       (each one given)
//   convention <name>           (each convention of the problem that is not the game's rule)
//   attacker <black or white>   (when the attacker is not the side to move: every defence
//                                from the problem's position must lose)
//   <moves from the problem's position, USI, or ->TAB<the attacker's move there>
//
// Every legal defence of a listed move leads to a listed position, unless the defender then
// cannot keep a royal (rules/mating.h); nothing else is listed.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "rules/mating.h"
#include "rules/position.h"

namespace kirin {

struct ProofHeader {
  std::string variant;               // the game's id
  std::string profile;               // "" for none
  std::vector<std::string> options;  // NAME=VALUE, as given
  std::vector<std::string> conventions;
  // The attacker, when it is not the side to move in `start` (else empty): the paths then
  // begin with a defence.
  std::optional<Color> attacker_not_to_move;
};

// The `convention` lines of a proof: "futile-interpositions" when the solve left shogi's
// futile interpositions out of the length (docs/RULES.md, "Problems").
std::vector<std::string> proof_conventions(bool futile_interpositions);

// Writes the proof of a mate from `start` (MateResult::proof) in the format above.
void write_mate_proof(std::ostream& out, const Position& start, const ProofHeader& header,
                      const std::vector<ProofPosition>& proof);

}  // namespace kirin
