// A finished game's computer analysis, whatever the door (issue 33): the evaluations a
// player's browser computed for every position, checked against the game and judged
// (game_analysis.h); kept for everyone when one of the game's players sends them, judged
// without keeping (review) for anyone else. The judgment is made here, on every read, so
// that every door shows the same marks.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "server/domain/analysis_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/game_analysis.h"
#include "server/domain/rate_limit.h"

namespace kirin::server {

class GameService;

// What an analysis may hold (kirin serve's defaults; docs/API.md, "Limits").
struct AnalysisLimits {
  std::size_t max_positions = 2001;  // a game of 2000 moves
  std::size_t max_pv = 10;           // moves of a position's line
  int max_cp = 100'000;              // |cp|
  int max_mate = 500;                // |mate|, in moves
  int64_t max_nodes = 1'000'000'000;
  // Analyses checked (kept or reviewed) per user or address: checking a long game's lines
  // costs.
  std::size_t reviews_per_minute = 6;
};

// An analysis with its judgment, as every door shows it.
struct GameAnalysis {
  Id game = 0;
  std::optional<StoredAnalysis> stored;  // none for a review
  int64_t nodes = 0;
  std::vector<std::optional<PositionEval>> positions;
  std::vector<std::string> moves;  // the game's, canonical USI
  std::vector<Color> movers;       // who made each
  Judgment judgment;
};

class GameAnalyses {
 public:
  GameAnalyses(AnalysisRepo& repo, GameService& games, NowFn now, AnalysisLimits limits = {});

  // Every call throws ServiceError: not_found (no such game, no analysis), forbidden (not a
  // player), conflict (the game not finished, an analysis already kept), invalid (the
  // evaluations: field "positions" and the position's index), too_many_requests.

  // The game's kept analysis, judged.
  GameAnalysis get(Id game);
  // Whether the game has one kept (one row read).
  bool kept(Id game) { return repo_.has_analysis(game); }
  // Keeps `user`'s analysis of their finished game (the first one sent: lishogi's one
  // analysis a game) and returns it judged.
  GameAnalysis store(Id game, Id user, int64_t nodes,
                     std::vector<std::optional<PositionEval>> positions);
  // Judges an analysis of any finished game without keeping it, counted against `requester`
  // (a user "#ID", as store counts a player's, or a client address): for a viewer who does
  // not play the game.
  GameAnalysis review(Id game, const std::string& requester, int64_t nodes,
                      std::vector<std::optional<PositionEval>> positions);
  const AnalysisLimits& limits() const { return limits_; }

 private:
  // Checks the evaluations against the game (`kept`: checked when they were kept, only
  // counted again) and judges them.
  GameAnalysis checked(Id game, int64_t nodes, std::vector<std::optional<PositionEval>> positions,
                       bool kept = false);

  AnalysisRepo& repo_;
  GameService& games_;
  NowFn now_;
  AnalysisLimits limits_;
  RateLimit review_rate_;
};

}  // namespace kirin::server
