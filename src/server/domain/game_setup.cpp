#include "server/domain/game_setup.h"

#include "notation/handicap.h"
#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

[[noreturn]] void bad(const std::string& field, const std::string& what, long offset = -1) {
  throw ServiceError(ErrorCode::Invalid, what, field, offset);
}

void check_length(const std::string& field, const std::string& text, size_t max) {
  if (text.size() > max)
    bad(field, field + " is longer than " + std::to_string(max) + " characters");
}

std::shared_ptr<Variant> make_variant(const GameSetup& s) {
  std::shared_ptr<Variant> v;
  try {
    v = builtin_variant(s.game);
  } catch (const VariantError& e) {
    bad("game", e.what());
  }
  if (!s.profile.empty()) {
    try {
      v->apply_profile(s.profile);
    } catch (const VariantError& e) {
      bad("profile", e.what());
    }
  }
  for (const auto& [name, value] : s.options) {
    try {
      v->set_option(name, value);
    } catch (const VariantError& e) {
      bad("option " + name, e.what());
    }
  }
  if (s.drops) {
    try {
      v->set_option("drops", *s.drops ? "true" : "false");
    } catch (const VariantError& e) {
      bad("drops", e.what());
    }
  }
  return v;
}

}  // namespace

BuiltSetup build_setup(GameSetup& s) {
  check_length("game", s.game, 64);
  check_length("profile", s.profile, 64);
  check_length("handicap", s.handicap, 256);
  check_length("start_sfen", s.start_sfen, 2048);
  if (s.options.size() > 64) bad("options", "more than 64 options");
  std::shared_ptr<const Variant> v = make_variant(s);
  if (!s.handicap.empty() && !s.start_sfen.empty())
    bad("handicap", "give a handicap or a start position, not both");
  std::optional<Position> start;
  try {
    if (!s.handicap.empty())
      start = handicap_position(v, s.handicap);
  } catch (const NotationError& e) {
    bad("handicap", std::string("handicap: ") + e.what(), e.offset());
  }
  try {
    // A position the user sets up is refused if the game could never reach it.
    if (!start) start = s.start_sfen.empty() ? parse_sfen(v, v->setup)
                                             : parse_start_sfen(v, s.start_sfen);
  } catch (const NotationError& e) {
    bad("start_sfen", "start position (" + e.field() + "): " + e.what(), e.offset());
  }
  Game game(*start);
  if (game.outcome().over())
    bad(s.handicap.empty() ? "start_sfen" : "handicap",
        "the start position is already decided (" + describe(game.outcome()) + ")");
  s.game = v->id;
  return {v, std::move(*start)};
}

std::string canonical_game_id(std::string_view game) {
  check_length("game", std::string(game), 64);
  try {
    return builtin_variant(std::string(game))->id;
  } catch (const VariantError& e) {
    bad("game", e.what());
  }
}

std::shared_ptr<const Variant> setup_variant(const GameSetup& setup) {
  return make_variant(setup);
}

}  // namespace kirin::server
