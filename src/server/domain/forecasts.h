// Conditional moves (pbmserv's queue, lishogi's forecast): the rules of a player's stored
// lines, apart from where they are stored (ForecastRepo::find_forecast) and when they are consulted
// (GameService). A line starts at the position where the forecast was stored, the opponent to
// move, with the opponent's expected move, then the player's answer, and so on, alternately.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rules/game.h"
#include "server/domain/move_lines.h"
#include "server/domain/records.h"

namespace kirin::server {

// Forecasts are for games without a live clock: correspondence, and untimed games (pbmserv's).
// How much a player may store per game (kirin serve --forecast-lines, --forecast-plies;
// docs/API.md, "Limits").
struct ForecastLimits {
  std::size_t lines = 10;  // lines per player and game
  std::size_t plies = 20;  // moves per line, both sides' counted
};

// The lines, checked in `game` (after `ply` moves, the opponent to move) and written in
// canonical USI: each an even number of moves, at least 2 and at most limits.plies, each legal
// where it is played; at most limits.lines lines, none twice. Throws ServiceError invalid
// (field "lines") naming the line (from 1) and the move.
std::vector<std::vector<std::string>> check_forecast_lines(
    const Game& game, int ply, const std::vector<std::vector<std::string>>& lines,
    const MoveParser& parser, const ForecastLimits& limits);

// What a forecast stored after `forecast.ply` moves makes of the opponent's move `usi`,
// played as move `ply` + 1 (`ply` being the moves before it).
struct ForecastStep {
  std::optional<std::string> answer;  // the stored answer, if a line begins with `usi`
  Forecast rest;  // the lines that begin with `usi` and the answer, both taken off (those of
                  // two moves or more), after ply + 2 moves; none if the game left them
};
ForecastStep follow_forecast(const Forecast& forecast, int ply, const std::string& usi);

}  // namespace kirin::server
