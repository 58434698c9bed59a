// Challenges, as the challenges module stores them (storage.h).
#pragma once

#include <optional>
#include <vector>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

class ChallengeRepo {
 public:
  virtual ~ChallengeRepo() = default;

  virtual Id create_challenge(const Challenge& challenge) = 0;
  virtual std::optional<Challenge> find_challenge(Id id) = 0;
  // Moves an open challenge to Declined or Cancelled; false if it was no longer open.
  virtual bool close_challenge(Id id, ChallengeStatus status) = 0;
  // Creates the game and marks the challenge accepted in one transaction; nullopt if the
  // challenge was no longer open, or is a rematch of a game another accepted rematch plays
  // again (nothing written: one rematch per game, whatever the race).
  virtual std::optional<Id> accept_challenge(Id id, const GameState& game) = 0;
  // Open challenges addressed to `user` (0: those open to anyone), and those sent by `user`;
  // oldest first.
  virtual std::vector<Challenge> open_challenges_to(Id user) = 0;
  virtual std::vector<Challenge> open_challenges_from(Id user) = 0;
  // The challenge offering a rematch of `game` (Challenge::rematch_of): the accepted one if
  // any, else the latest, in any status.
  virtual std::optional<Challenge> find_rematch(Id game) = 0;
};

}  // namespace kirin::server
