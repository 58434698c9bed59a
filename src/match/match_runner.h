// A match: games between two engines over a list of openings, each opening played twice
// with colours swapped, optionally several games at once; game files written as they end.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "match/game_record.h"
#include "match/openings.h"
#include "match/player.h"
#include "match/referee.h"
#include "match/results.h"

namespace kirin::match {

struct MatchSettings {
  std::shared_ptr<const Variant> variant;
  PlayerConfig engines[2];  // engine 1, engine 2 (the score is engine 1's)
  RefereeSettings referee;
  int games = 2;
  std::vector<Opening> openings;  // game i uses openings[(i / 2) % size]; empty = none
  std::string out_dir;            // game-NNN.txt and game-NNN.kif here; "" = no files
  int concurrency = 1;
  std::string event = "kirin match";
  // Told once the engines have started, before the first game: how an engine is treated
  // differently from what it was asked (Player::notice), e.g. "engine 2, --usi-clocks2 auto: ...".
  std::function<void(const std::string&)> on_notice;
};

struct MatchResult {
  ResultSplit results;            // engine 1's score, all games and by how they ended
  std::vector<GameRecord> games;  // the games played, in game order
};

// Called after each game (from one thread at a time) with the results so far; may be empty.
// Returning false stops the match: no game starts after it, those being played finish.
using GameCallback = std::function<bool(const GameRecord&, const ResultSplit&)>;

// Starts the engines once up front (throws EngineError if either cannot start), then plays.
// An engine that crashes, times out or breaks protocol loses that game and is restarted.
MatchResult run_match(const MatchSettings& settings, const GameCallback& on_game);

// The KIF of a refereed game.
std::string game_kif(const GameRecord& g, std::shared_ptr<const Variant> variant);

}  // namespace kirin::match
