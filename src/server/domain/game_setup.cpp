#include "server/domain/game_setup.h"

#include "notation/game_start.h"
#include "notation/notation_error.h"
#include "rules/catalog.h"
#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

StartSetup start_setup(const GameSetup& s) {
  return {s.game, s.profile, s.options, s.drops, s.handicap, s.start_sfen};
}

// The notation layer's error as the service's: the same message, field and offset.
[[noreturn]] void rethrow(const NotationError& e) {
  throw ServiceError(ErrorCode::Invalid, e.what(), e.field(), e.offset());
}

}  // namespace

BuiltSetup build_setup(GameSetup& s) {
  try {
    BuiltStart built = build_start(start_setup(s));
    s.game = built.variant->id;
    return {std::move(built.variant), std::move(built.start)};
  } catch (const NotationError& e) {
    rethrow(e);
  }
}

std::string canonical_game_id(std::string_view game) {
  if (game.size() > 64)
    throw ServiceError(ErrorCode::Invalid, "game is longer than 64 characters", "game");
  try {
    return builtin_variant(std::string(game))->id;
  } catch (const VariantError& e) {
    throw ServiceError(ErrorCode::Invalid, e.what(), "game");
  }
}

std::shared_ptr<const Variant> setup_variant(const GameSetup& setup) {
  try {
    return start_variant(start_setup(setup));
  } catch (const NotationError& e) {
    rethrow(e);
  }
}

}  // namespace kirin::server
