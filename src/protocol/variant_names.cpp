#include "protocol/variant_names.h"

#include "rules/catalog.h"

namespace kirin::protocol {
namespace {

std::string known_games() {
  std::string out;
  for (const std::string& id : builtin_variant_ids()) out += (out.empty() ? "" : ", ") + id;
  return out;
}

}  // namespace

std::vector<std::string> usi_variant_names() {
  std::vector<std::string> names = builtin_variant_ids();
  for (const auto& v : builtin_games())
    if (!v->names.usi.empty()) names.push_back(v->names.usi);
  return names;
}

std::string kirin_id_from_usi(std::string_view name) {
  if (std::string program = program_of_other_game(name); !program.empty())
    throw VariantError(program + "'s " + std::string(name) +
                       " is not one of Kirin's games (Kirin plays " + known_games() + ")");
  for (const auto& v : builtin_games())
    if (!name.empty() && v->names.usi == name) return v->id;
  return builtin_variant(name)->id;  // throws VariantError listing the games
}

std::vector<std::string> xboard_variant_names() {
  std::vector<std::string> names;
  for (const auto& v : builtin_games())
    if (!v->names.xboard.empty()) names.push_back(v->names.xboard);
  return names;
}

std::string kirin_id_from_xboard(std::string_view name) {
  for (const auto& v : builtin_games())
    if (!name.empty() && v->names.xboard == name) return v->id;
  return {};
}

}  // namespace kirin::protocol
