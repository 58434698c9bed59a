// A game's computer analysis as game_analyses stores it (storage.h): one per game, the
// evaluations of its positions as a player's browser computed them.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "server/domain/game_analysis.h"
#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

struct StoredAnalysis {
  Id game = 0;
  PlayerRef by;        // the player who sent it
  int64_t nodes = 0;   // the engine's nodes per position
  TimeMs created = 0;
  std::vector<std::optional<PositionEval>> positions;  // the start's first
};

class AnalysisRepo {
 public:
  virtual ~AnalysisRepo() = default;
  virtual std::optional<StoredAnalysis> find_analysis(Id game) = 0;
  virtual bool has_analysis(Id game) = 0;
  // false (and nothing written) if the game has one already.
  virtual bool add_analysis(const StoredAnalysis& analysis) = 0;
};

}  // namespace kirin::server
