// What tournaments store (storage.h): events, their entries and their pairings
// (tournament_records.h).
//
// Concurrency: every write that changes an event is conditional on its version (`next` is the
// event as it is to be, its version the stored one plus one) and bumps it, so that a director
// that read an event at version v writes nothing once anybody else wrote to it: two nodes that
// both tick never pair a round twice, and nobody is paired while a join or a result they did
// not see changes who waits. A lost race is a return value (false, nullopt); the caller reads
// again. Recording a result is conditional on the pairing (once), and bumps the version too.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "server/domain/records.h"
#include "server/domain/storage.h"
#include "server/domain/tournament_records.h"

namespace kirin::server {

class TournamentRepo {
 public:
  virtual ~TournamentRepo() = default;

  // Stores a new event with its first entries (the computer's), in one transaction: its id.
  virtual Id create_tournament(const Tournament& t, const std::vector<TournamentEntry>& entries) = 0;
  virtual std::optional<Tournament> find_tournament(Id id) = 0;
  // Events of one status (of one game if `game` is not empty), newest first.
  virtual std::vector<Tournament> list_tournaments(TournamentStatus status, std::string_view game,
                                                   int limit) = 0;
  // Events `creator` created at `since` or later (the daily cap).
  virtual int count_created_since(Id creator, TimeMs since) = 0;
  // What the director looks at: running events, and created ones whose start time is `now` or
  // earlier.
  virtual std::vector<Tournament> tournaments_to_direct(TimeMs now) = 0;

  virtual std::vector<TournamentEntry> entries_of(Id tournament) = 0;  // by id (join order)
  virtual std::vector<TournamentPairing> pairings_of(Id tournament) = 0;  // by id
  // The event's games, newest first.
  virtual std::vector<GameState> games_of(Id tournament, int limit) = 0;

  // The event's state (status, round, times, change) as `next` has it.
  virtual bool update_tournament(const Tournament& next) = 0;
  // A new entry, or (an entry of the same user and computer number) that entry entered again
  // (withdrawn false, rating and joined time as `entry` has them): its id. nullopt if the
  // version moved.
  virtual std::optional<Id> add_entry(const Tournament& next, const TournamentEntry& entry) = 0;
  virtual bool set_withdrawn(const Tournament& next, Id entry, bool withdrawn) = 0;
  // Deletes an entry of an event not started (it has no pairings).
  virtual bool remove_entry(const Tournament& next, Id entry) = 0;
  // A round (or an arena's new games): inserts `games` (tournament set) and `pairings`, the
  // first games.size() of which are those games' (their `game` is filled in), the rest none
  // (byes, forfeits), and writes `next`, in one transaction. The new games' ids, in order;
  // nullopt (nothing written) if the version moved.
  virtual std::optional<std::vector<Id>> start_round(const Tournament& next,
                                                     std::vector<TournamentPairing> pairings,
                                                     std::vector<GameState> games) = 0;
  // Pairings of running events whose result is not recorded (ended 0) and whose game is over.
  virtual std::vector<TournamentPairing> unrecorded_ended_pairings() = 0;
  // Copies a result into its pairing (result, reason, ply, berserks, counted, ended), if it
  // was not recorded yet, and bumps its event's version with the change `change`: false if it
  // was recorded already.
  virtual bool record_result(const TournamentPairing& pairing, std::string_view change) = 0;
};

}  // namespace kirin::server
