// From a GameSetup (game id, profile, options, handicap or SFEN) to the variant and start
// position, by building them for real: a setup that passes here is one the rules can play.
// notation/game_start builds them (the browser's rules module too); its errors become the
// service's here.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "rules/position.h"
#include "server/domain/records.h"

namespace kirin::server {

struct BuiltSetup {
  std::shared_ptr<const Variant> variant;
  Position start;
};

// Builds the setup's game and start position and makes setup.game the canonical game id.
// Throws ServiceError (invalid) naming the bad field: "game", "profile", "option NAME",
// "drops", "handicap" or "start_sfen" (with the character offset).
BuiltSetup build_setup(GameSetup& setup);

// A built-in game's canonical id from its id or an alias ("chushogi" -> "chu"). Throws
// ServiceError (invalid, field "game") for a game Kirin does not have.
std::string canonical_game_id(std::string_view game);

// The variant of a stored setup (already validated once).
std::shared_ptr<const Variant> setup_variant(const GameSetup& setup);

}  // namespace kirin::server
