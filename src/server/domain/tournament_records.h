// Tournaments as the server stores them (issue 29): an event (arena, Swiss or round robin), its
// entries (a user, or the computer at the event's level, which may enter several times) and its
// pairings (one game between two entries, or a Swiss bye). Standings are not stored: they are
// computed from the pairings (tournament_pairing.h), so that they cannot disagree with them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "clock/time_control.h"
#include "server/domain/records.h"

namespace kirin::server {

enum class TournamentKind { Arena, Swiss, Robin };
// Created: waiting for its start (players join); Running; Finished; Cancelled (by its creator
// or a moderator before it finished: its games are played out but count for nothing more).
enum class TournamentStatus { Created, Running, Finished, Cancelled };

// What the creator chooses. Validated by Tournaments::create (every field is named in its
// errors as the HTTP API spells it).
struct TournamentSettings {
  TournamentKind kind = TournamentKind::Arena;
  std::string name;         // shown; empty: "<game name> <kind>" is made up
  std::string description;  // the creator's words, shown on the page
  // The game, profile and options of every game; rated or casual. No handicap, no start
  // position, no computer level (the computer's entries carry theirs).
  GameSetup setup;
  TimeControl time_control;  // Live (arena, Swiss, robin) or Correspondence (Swiss, robin)
  int minutes = 0;           // arena: how long it lasts
  int rounds = 0;            // Swiss: how many rounds
  bool double_round = false;  // robin: every pair meets twice, colours swapped
  // Swiss and robin: seconds between the end of a round and the next one's pairing; 0: at once.
  int round_interval_s = 0;
  TimeMs starts_at = 0;   // when it starts by itself; 0: when its creator starts it
  int max_players = 0;    // 0: the server's limit
  int min_rating = 0;     // entry conditions; 0: none
  int min_rated_games = 0;
  bool berserk = true;    // arena: players may berserk
  std::string password_hash;  // a private event's password (as account passwords); "": public
  // The computer's entries: how many, and at which level (1..kMaxComputerLevel).
  int computer_entries = 0;
  int computer_level = 0;
  friend bool operator==(const TournamentSettings&, const TournamentSettings&) = default;
};

struct Tournament {
  Id id = 0;
  TournamentSettings settings;
  PlayerRef creator;
  TournamentStatus status = TournamentStatus::Created;
  int round = 0;  // Swiss and robin: the round being played (1-based); 0 before the first
  TimeMs created = 0, started = 0, finished = 0;
  // Arena: when it ends (started + minutes). Swiss and robin: when the next round may be
  // paired (the interval after the last one ended); 0: as soon as its games are over.
  TimeMs deadline = 0;
  int64_t version = 1;  // bumped by every write: one node pairs a round, however many try
  // What the latest write did ("joined", "paired", "result"...): other nodes, hearing of the
  // write, tell their pages this word.
  std::string change = "created";
  friend bool operator==(const Tournament&, const Tournament&) = default;
};

// One entry. A user enters once; the computer enters `computer_entries` times, each its own
// entry (its `user` is the computer's account, `computer` counts 1, 2...).
struct TournamentEntry {
  Id id = 0;
  Id tournament = 0;
  PlayerRef user;
  int computer = 0;        // 0: a person; n: the computer's n-th entry
  int rating = 0;          // the entry's rating in the game when it joined (seeding)
  bool withdrawn = false;  // Swiss and robin: plays no more; arena: paused (may rejoin)
  TimeMs joined = 0;
  friend bool operator==(const TournamentEntry&, const TournamentEntry&) = default;
};

// One game of a tournament (or a Swiss bye: game 0, white 0).
struct TournamentPairing {
  Id id = 0;
  Id tournament = 0;
  int round = 0;  // Swiss and robin; arena: 0
  Id game = 0;
  Id black = 0, white = 0;  // entry ids
  // Copied from the game when it ends (counted true): what the scores are computed from.
  Result result = Result::Ongoing;
  std::string reason;
  int ply = 0;
  bool berserk_black = false, berserk_white = false;
  // Whether the result counts: false while it is played, and for an arena game still running
  // when the arena ended (as lishogi).
  bool counted = false;
  TimeMs created = 0, ended = 0;
  friend bool operator==(const TournamentPairing&, const TournamentPairing&) = default;
};

}  // namespace kirin::server
