// A game's rules and start position from what a player chooses (game, rule profile, options,
// drops, a handicap or a start SFEN), built for real: a setup that passes here is one the
// rules can play. The server's challenges and analysis and the browser's rules module
// (src/wasm/rules_main.cpp) all build their games here.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace kirin {

struct StartSetup {
  std::string game = "chu";  // id or alias
  std::string profile;       // rule profile ("lishogi", "jcsa"); empty: the game's default
  std::vector<std::pair<std::string, std::string>> options;  // NAME=VALUE, applied in order
  std::optional<bool> drops;  // shorthand for the option drops, applied last
  std::string handicap;       // a named handicap or pbmserv syntax ("RL", "8b,1a")
  std::string start_sfen;     // custom start position; not together with a handicap
};

struct BuiltStart {
  std::shared_ptr<const Variant> variant;
  Position start;
};

// Throws NotationError naming the bad field: "game", "profile", "options", "option NAME",
// "drops", "handicap" or "start_sfen" (with the character offset). A start that is already
// decided is refused too.
BuiltStart build_start(const StartSetup& setup);

// The setup's game with its profile and options (no start position).
std::shared_ptr<Variant> start_variant(const StartSetup& setup);

}  // namespace kirin
