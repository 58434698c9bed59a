// How a server game ended, in words: the stored reason codes and the sentence people read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/game.h"
#include "server/domain/records.h"

namespace kirin::server {

// The reasons the service adds to the rules' own.
inline constexpr const char* kResignation = "resignation";
inline constexpr const char* kTimeout = "timeout";
inline constexpr const char* kAgreement = "agreement";
// Why a game was aborted (GameStatus::Aborted): a player aborted it, or the side to move let
// the time for its first move pass.
inline constexpr const char* kAborted = "aborted";
inline constexpr const char* kNoFirstMove = "no-first-move";

// A rules ending as a stored reason: "checkmate", "royals-captured", "bare-king",
// "no-legal-moves", "repetition", "perpetual-attack", "impasse", "insufficient-material",
// "ply-limit"; and back (nullopt for the service's own reasons).
std::string reason_word(EndReason r);
std::optional<EndReason> rules_reason(std::string_view word);

// "Black wins by resignation", "White wins on time", "draw by agreement",
// "Black wins: checkmate", "ongoing", "adjourned", "aborted", "aborted: no first move in time".
std::string describe_result(const GameState& g);

}  // namespace kirin::server
