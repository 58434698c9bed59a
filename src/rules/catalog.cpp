#include "rules/catalog.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace kirin {

extern const EmbeddedFile kEmbeddedVariants[];
extern const size_t kEmbeddedVariantsCount;
extern const EmbeddedFile kEmbeddedOtherGames[];
extern const size_t kEmbeddedOtherGamesCount;

namespace {

// Parsed once; callers get copies so that option changes never leak between them.
const std::map<std::string, std::shared_ptr<const Variant>>& catalog() {
  static const auto games = [] {
    std::map<std::string, std::shared_ptr<const Variant>> m;
    for (size_t i = 0; i < kEmbeddedVariantsCount; ++i) {
      auto v = load_variant_toml(kEmbeddedVariants[i].text,
                                 std::string("variants/") + kEmbeddedVariants[i].name);
      m[v->id] = v;
    }
    return m;
  }();
  return games;
}

// Other programs' games: name -> program.
const std::map<std::string, std::string, std::less<>>& other_games() {
  static const auto games = [] {
    std::map<std::string, std::string, std::less<>> m;
    for (size_t i = 0; i < kEmbeddedOtherGamesCount; ++i) {
      OtherGames other = load_other_games_toml(
          kEmbeddedOtherGames[i].text,
          std::string("variants/other-games/") + kEmbeddedOtherGames[i].name);
      for (const std::string& game : other.games) m.emplace(game, other.program);
    }
    return m;
  }();
  return games;
}

}  // namespace

std::vector<std::string> builtin_variant_ids() {
  std::vector<std::string> ids;
  for (const auto& [id, _] : catalog()) ids.push_back(id);
  return ids;
}

std::vector<std::shared_ptr<const Variant>> builtin_games() {
  std::vector<std::shared_ptr<const Variant>> games;
  for (const auto& [_, v] : catalog()) games.push_back(v);
  return games;
}

std::string program_of_other_game(std::string_view name) {
  auto it = other_games().find(name);
  return it == other_games().end() ? std::string() : it->second;
}

std::shared_ptr<Variant> builtin_variant(std::string_view name) {
  for (const auto& [id, v] : catalog()) {
    if (id == name || std::find(v->aliases.begin(), v->aliases.end(), name) != v->aliases.end())
      return std::make_shared<Variant>(*v);
  }
  std::string known;
  for (const auto& [id, _] : catalog()) known += (known.empty() ? "" : ", ") + id;
  throw VariantError("unknown game '" + std::string(name) + "' (known games: " + known + ")");
}

}  // namespace kirin
