// The games built into the binary (variants/*.toml, embedded at build time).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/variant.h"

namespace kirin {

struct EmbeddedFile {
  const char* name;  // "chu.toml"
  const char* text;
};

// Ids of the built-in games, in a stable order.
std::vector<std::string> builtin_variant_ids();

// A fresh copy of a built-in game by id or alias ("chu", "chushogi"); throws VariantError
// listing the known games if there is none. Callers may set options on their copy.
std::shared_ptr<Variant> builtin_variant(std::string_view name);

// The built-in games as loaded, shared and in id order: to find one by another program's name
// (Variant::names).
std::vector<std::shared_ptr<const Variant>> builtin_games();

// The program that has a game of this name which Kirin does not play ("lishogi" for
// "minishogi"; variants/other-games/), or "".
std::string program_of_other_game(std::string_view name);

}  // namespace kirin
