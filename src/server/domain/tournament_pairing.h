// The arithmetic of tournaments, with no storage and no clock: scores and tie-breaks computed
// from the pairings, and the pairings of the next games. Pure functions, so that the rules are
// tested case by case and over many random events, and benchmarked (`kirin bench tournament`).
//
// Arena (lishogi's and lichess's ArenaSheet, PairingSystem, AntmaPairing), Swiss (a weighted
// matching whose weights express its rules: docs/TOURNAMENTS.md gives them and the order in
// which they give way) and round robin (Berger's tables). The matchings are Boost.Graph's
// maximum_weighted_matching.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "rules/game.h"
#include "server/domain/records.h"
#include "server/domain/tournament_records.h"

namespace kirin::server::tournament {

// Whether two entries may never be paired (a block between their users; the computer's
// entries with each other in an arena). Symmetric.
using Forbidden = std::function<bool(Id a, Id b)>;

// --- Arena ---

// One counted game of an entry, in the order played.
struct ArenaGame {
  Result outcome = Result::Ongoing;  // from the entry's side: BlackWins = won, WhiteWins = lost
  int ply = 0;
  bool berserk = false;  // this entry berserked
};
// An entry's arena sheet: the points each game scored, in order, and the total.
struct ArenaSheet {
  std::vector<int> points;
  std::vector<bool> on_fire;  // the game was played on a streak (its points were doubled)
  int total = 0;
  bool fire = false;  // on a streak now (two wins in a row): the next win counts double
  // "2 4 4 0 1": the points, as the page shows them.
  std::string text() const;
};
ArenaSheet arena_sheet(const std::vector<ArenaGame>& games);

struct ArenaPlayer {
  Id entry = 0;
  int rank = 0;        // 1 = first in the standings now
  int rating = 0;
  Id last_opponent = 0;  // no immediate rematch
  int blacks = 0, whites = 0;  // colours so far: who has had fewer Blacks gets Black
  char last_colour = '-';       // of the entry's last game: 'b', 'w', '-' none (ties: White last gets Black)
};
// Pairs the waiting players: neighbours in the ranking when `first_pairing` (the arena has just
// started), else a minimum-weight matching (rank distance scaled toward the top, plus rating
// distance; no pair in `forbidden`, no immediate rematch). `ranked` is how many entries the
// standings hold (rank scaling). Returns (black, white) entry pairs; some may stay unpaired.
std::vector<std::pair<Id, Id>> pair_arena(const std::vector<ArenaPlayer>& waiting, int ranked,
                                          bool first_pairing, const Forbidden& forbidden);

// --- Swiss ---

struct SwissPlayer {
  Id entry = 0;
  int rating = 0;
  int points2 = 0;  // score in half points (win 2, draw 1, bye 2)
  std::vector<Id> opponents;  // everyone met (a rematch is never made)
  // Colours so far in order: 'b' Black, 'w' White, '-' no game (bye, absent).
  std::string colours;
  bool had_bye = false;  // a second bye only when nobody else can take it
};
struct SwissRound {
  std::vector<std::pair<Id, Id>> games;  // (black, white)
  Id bye = 0;                            // the odd player, 1 point; 0: none
  std::vector<Id> unpaired;              // nobody they may meet is left: no game this round
};
// Pairs a round among the active players (document the weights and their order of giving way
// in docs/TOURNAMENTS.md).
SwissRound pair_swiss(const std::vector<SwissPlayer>& players, const Forbidden& forbidden);

// --- Round robin ---

// Berger's tables: for n entries (a dummy added when n is odd: its partner has no game that
// round), n-1 rounds (n rounds when odd), each a list of (black, white) indices into the
// seeding order; double: the rounds again with colours swapped.
std::vector<std::vector<std::pair<int, int>>> berger_rounds(int n, bool double_round);

// --- Standings (Swiss and robin) ---

// One counted result of a Swiss or robin event, from the pairings.
struct Played {
  Id black = 0, white = 0;  // white 0: a bye to black
  Result result = Result::Ongoing;
};
struct ScoreLine {
  Id entry = 0;
  int points2 = 0;      // half points
  int buchholz2 = 0;    // the opponents' scores, in half points
  int sonneborn4 = 0;   // Sonneborn-Berger in quarter points (score x opponent's score)
  int wins = 0, draws = 0, losses = 0, byes = 0;
};
// Every entry's score and tie-breaks, sorted by points, then (Swiss) Buchholz and
// Sonneborn-Berger, or (robin) Sonneborn-Berger; ties keep `entries`' order.
std::vector<ScoreLine> standings(TournamentKind kind, const std::vector<Id>& entries,
                                 const std::vector<Played>& results);

}  // namespace kirin::server::tournament
