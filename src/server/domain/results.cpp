#include "server/domain/results.h"

#include <array>
#include <utility>

namespace kirin::server {
namespace {

constexpr std::array<std::pair<EndReason, const char*>, 9> kWords = {{
    {EndReason::RoyalsCaptured, "royals-captured"},
    {EndReason::BareKing, "bare-king"},
    {EndReason::Checkmate, "checkmate"},
    {EndReason::NoLegalMoves, "no-legal-moves"},
    {EndReason::Repetition, "repetition"},
    {EndReason::PerpetualAttack, "perpetual-attack"},
    {EndReason::Impasse, "impasse"},
    {EndReason::InsufficientMaterial, "insufficient-material"},
    {EndReason::PlyLimit, "ply-limit"},
}};

}  // namespace

std::string reason_word(EndReason r) {
  for (const auto& [reason, word] : kWords)
    if (reason == r) return word;
  return "";
}

std::optional<EndReason> rules_reason(std::string_view word) {
  for (const auto& [reason, w] : kWords)
    if (word == w) return reason;
  return std::nullopt;
}

std::string describe_result(const GameState& g) {
  if (g.status == GameStatus::Adjourned) return "adjourned";
  if (g.status == GameStatus::Aborted)
    return g.reason == kNoFirstMove ? "aborted: no first move in time" : "aborted";
  if (g.result == Result::Ongoing) return "ongoing";
  std::string who = g.result == Result::BlackWins   ? "Black wins"
                    : g.result == Result::WhiteWins ? "White wins"
                                                    : "draw";
  if (g.reason == kResignation) return who + " by resignation";
  if (g.reason == kTimeout) return who + " on time";
  if (g.reason == kAgreement) return who + " by agreement";
  if (std::optional<EndReason> r = rules_reason(g.reason))
    return describe(Outcome{g.result, *r});
  return g.reason.empty() ? who : who + " (" + g.reason + ")";
}

}  // namespace kirin::server
