// Positions no game could reach, for the starts a user sets up: a piece where the game's rules
// never leave it, two unpromoted Pawns of a side on a file where drops forbid it, more pieces
// of a kind than the game has. Each check is derived from the game's definition (its rule
// options and its pieces' moves), none is written for a game by name.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "rules/position.h"

namespace kirin {

// How many pieces of each kind there are, both colours, board and hands together, each
// counted as the kind it goes to hand as (Variant::PieceType::demotes_to): a Tokin as a Pawn.
using PieceCounts = std::array<int, kMaxKinds + 1>;
PieceCounts piece_counts(const Position& pos);

// The most of each kind that any of the game's start positions holds (its setup and its named
// handicaps, should one add a piece): what a game can hold.
PieceCounts most_of_each(const std::vector<Position>& starts);

struct PositionProblem {
  std::string what;           // "2 unpromoted Pawns of Black on file 5 (5c, 5g): ..."
  Square square = kNoSquare;  // the first square it names (none if only hands are at fault)
  Kind hand_kind = 0;         // ...or the kind in hand it is about
};

// What makes this position impossible in its game, given what the game holds (`supply`,
// from most_of_each); empty if nothing does. A position without a King is not one of them
// (problem positions leave out the attacker's), nor one with fewer pieces (handicaps).
std::vector<PositionProblem> position_problems(const Position& pos, const PieceCounts& supply);

}  // namespace kirin
