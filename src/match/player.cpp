#include "match/player.h"

#include <stdexcept>

#include "match/usi_player.h"
#include "match/xboard_player.h"

namespace kirin::match {

Protocol parse_protocol(const std::string& text) {
  if (text == "auto") return Protocol::Auto;
  if (text == "usi") return Protocol::Usi;
  if (text == "xboard" || text == "cecp") return Protocol::XBoard;
  throw std::invalid_argument("unknown protocol '" + text + "' (auto, usi or xboard)");
}

const char* protocol_name(Protocol p) {
  switch (p) {
    case Protocol::Auto:
      return "auto";
    case Protocol::Usi:
      return "usi";
    case Protocol::XBoard:
      return "xboard";
  }
  return "?";
}

UsiClocks parse_usi_clocks(const std::string& text) {
  if (text == "auto") return UsiClocks::Auto;
  if (text == "standard") return UsiClocks::Standard;
  if (text == "own") return UsiClocks::Own;
  throw std::invalid_argument("unknown USI clock reading '" + text + "' (auto, standard or own)");
}

std::unique_ptr<Player> start_player(const PlayerConfig& config) {
  if (config.protocol != Protocol::XBoard) {
    auto usi = std::make_unique<UsiPlayer>(config);
    // Auto-detection waits less: an XBoard engine usually answers "usi" with an error at once.
    auto wait = std::chrono::milliseconds(config.protocol == Protocol::Usi ? 10000 : 3000);
    if (usi->handshake(wait)) return usi;
    if (config.protocol == Protocol::Usi)
      throw EngineError("engine '" + config.command + "' did not answer 'usi' with 'usiok'");
  }
  // A fresh process: the USI probe may have left the engine in any state.
  auto xboard = std::make_unique<XBoardPlayer>(config);
  xboard->handshake();
  return xboard;
}

}  // namespace kirin::match
