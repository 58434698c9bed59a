// One refereed game: who played, the moves with their times, the result and why; and the
// plain record file written for it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/game.h"

namespace kirin::match {

enum class Termination {
  Rules,         // the game's own rules ended it (Game::outcome())
  Resignation,   // an engine resigned
  Time,          // an engine overstepped its time
  IllegalMove,   // an engine sent a malformed or illegal move
  Crash,         // an engine exited or closed its output
  Protocol,      // an engine rejected a legal move, made a false claim or failed to start
  Adjudication,  // the referee's ply cap: a draw
};
const char* termination_name(Termination t);  // "rules", "resignation", ...

struct RecordedMove {
  Move move;
  std::string usi;
  int64_t elapsed_ms = 0;  // thinking time; 0 for opening moves
};

struct GameRecord {
  int number = 0;  // 1-based game number in the match
  std::string event = "kirin match";
  std::string black, white;  // engine names (Black moves first)
  std::string variant_id, variant_name;
  std::string start_sfen;
  std::string time_control;  // describe(TimeControl)
  std::string date;          // "2025/01/31 12:34:56", local time of the start
  int opening_plies = 0;     // the first moves, chosen by the match, not the engines
  std::vector<RecordedMove> moves;
  Result result = Result::Ongoing;
  Termination termination = Termination::Rules;
  EndReason rules_reason = EndReason::None;  // for Termination::Rules
  std::string reason;  // short, for progress lines: "king captured", "HaChu lost on time"

  // "1-0" (Black won), "0-1", "1/2-1/2", "*".
  std::string result_text() const;
};

// Short reasons for game-ending rules: "king captured", "checkmate", "repetition"...
std::string short_reason(EndReason r);

// The plain record: a [Tag "value"] header, the start SFEN, the USI moves ten to a line and
// the result with its reason.
std::string format_record(const GameRecord& g);

}  // namespace kirin::match
