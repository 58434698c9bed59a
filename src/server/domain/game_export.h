// Game records for download: USI (start SFEN and moves), KIF and Game Courier's log, by name.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/position.h"
#include "server/domain/records.h"

namespace kirin::server {

struct ExportInput {
  const GameState& state;
  const Position& start;
  const std::vector<Move>& moves;          // as played from `start`
  const std::vector<MoveRecord>& records;  // the same moves as stored (USI, times)
};

using Exporter = std::function<std::string(const ExportInput&)>;

// "sfen <start SFEN> moves <usi>..." (without " moves" if none), as a USI position command
// takes it, and a newline.
std::string export_usi(const ExportInput& in);

// KIF (notation/kif.h) with players, start date (UTC), time control, thinking times and the
// ending.
std::string export_kif(const ExportInput& in);

// Game Courier's movelist (notation/gamecourier.h), as its presets paste it.
std::string export_gamecourier(const ExportInput& in);

// The exporter of a format: "usi", "kif" or "gamecourier"; throws ServiceError (invalid,
// field "format") naming the formats for any other.
Exporter exporter_for(std::string_view format);

}  // namespace kirin::server
