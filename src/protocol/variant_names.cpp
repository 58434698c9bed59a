#include "protocol/variant_names.h"

#include <algorithm>

#include "rules/catalog.h"

namespace kirin::protocol {
namespace {

// lishogi's variants that are not Kirin games, for a clearer message than "unknown game".
constexpr std::string_view kLishogiOnly[] = {"minishogi", "annanshogi", "kyotoshogi",
                                             "checkshogi"};

std::string known_games() {
  std::string out;
  for (const std::string& id : builtin_variant_ids()) out += (out.empty() ? "" : ", ") + id;
  return out;
}

}  // namespace

std::string kirin_id_from_usi(std::string_view name) {
  if (std::find(std::begin(kLishogiOnly), std::end(kLishogiOnly), name) != std::end(kLishogiOnly))
    throw VariantError("lishogi's " + std::string(name) +
                       " is not one of Kirin's games (Kirin plays " + known_games() + ")");
  return builtin_variant(name)->id;  // throws VariantError listing the games
}

std::vector<std::string> xboard_variant_names() { return {"chu", "dai", "shogi"}; }

std::string kirin_id_from_xboard(std::string_view name) {
  for (const std::string& known : xboard_variant_names())
    if (known == name) return known;  // Kirin's ids are xboard's names
  return {};
}

}  // namespace kirin::protocol
