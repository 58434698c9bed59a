#include "notation/game_start.h"

#include "notation/handicap.h"
#include "notation/notation_error.h"
#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/game.h"

namespace kirin {
namespace {

[[noreturn]] void bad(const std::string& field, const std::string& what, long offset = -1) {
  throw NotationError(what, field, offset);
}

void check_length(const std::string& field, const std::string& text, size_t max) {
  if (text.size() > max)
    bad(field, field + " is longer than " + std::to_string(max) + " characters");
}

}  // namespace

std::shared_ptr<Variant> start_variant(const StartSetup& s) {
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

BuiltStart build_start(const StartSetup& s) {
  check_length("game", s.game, 64);
  check_length("profile", s.profile, 64);
  check_length("handicap", s.handicap, 256);
  check_length("start_sfen", s.start_sfen, 2048);
  if (s.options.size() > 64) bad("options", "more than 64 options");
  std::shared_ptr<const Variant> v = start_variant(s);
  if (!s.handicap.empty() && !s.start_sfen.empty())
    bad("handicap", "give a handicap or a start position, not both");
  std::optional<Position> start;
  try {
    if (!s.handicap.empty()) start = handicap_position(v, s.handicap);
  } catch (const NotationError& e) {
    bad("handicap", std::string("handicap: ") + e.what(), e.offset());
  }
  try {
    // A position the user sets up is refused if the game could never reach it.
    if (!start)
      start = s.start_sfen.empty() ? parse_sfen(v, v->setup) : parse_start_sfen(v, s.start_sfen);
  } catch (const NotationError& e) {
    bad("start_sfen", "start position (" + e.field() + "): " + e.what(), e.offset());
  }
  Game game(*start);
  if (game.outcome().over())
    bad(s.handicap.empty() ? "start_sfen" : "handicap",
        "the start position is already decided (" + describe(game.outcome()) + ")");
  return {v, std::move(*start)};
}

}  // namespace kirin
