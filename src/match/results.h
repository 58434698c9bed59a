// A match's score split by how its games ended: on the board (the game's rules or a
// resignation), on time, by an illegal move, by a crash or broken protocol, by the referee's
// ply cap. A strength measure should count the first kind; the others say what went wrong.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "match/elo.h"
#include "match/game_record.h"

namespace kirin::match {

enum class Ending { Board, Time, IllegalMove, Crash, Adjudication };
constexpr int kEndings = 5;
// Rules and Resignation are on the board; Crash and Protocol (a failed start, a rejected
// position, a false claim) are one kind: the engine broke down, it was not outplayed.
Ending ending_of(Termination t);
const char* ending_name(Ending e);  // "on the board", "on time", "illegal move", ...

struct ResultSplit {
  Score all;  // from engine 1's side
  std::array<Score, kEndings> by_ending;
  const Score& operator[](Ending e) const { return by_ending[size_t(e)]; }
  // Counts a game in which engine 1 played Black if `first_is_black`.
  void add(const GameRecord& g, bool first_is_black);
};

// +1 for engine 1's win, 0 its loss, 0.5 a draw.
double points_for_first(const GameRecord& g, bool first_is_black);

// For the per-game line: the kinds that have games, "board +3 -1 =0, time +1 -0 =0".
std::string format_split_short(const ResultSplit& r);
// The end of the match: one line per kind that has games, then the Elo of all games and of
// the games decided on the board:
//   "on the board: +0 -10 =0 (10 games)", "on time: +10 -0 =0 (10 games)",
//   "Elo difference: ...", "Elo on the board: ..."
std::vector<std::string> format_split(const ResultSplit& r);

}  // namespace kirin::match
