#include "rules/catalog.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace kirin {

extern const EmbeddedFile kEmbeddedVariants[];
extern const size_t kEmbeddedVariantCount;

namespace {

// Parsed once; callers get copies so that option changes never leak between them.
const std::map<std::string, std::shared_ptr<const Variant>>& catalog() {
  static const auto games = [] {
    std::map<std::string, std::shared_ptr<const Variant>> m;
    for (size_t i = 0; i < kEmbeddedVariantCount; ++i) {
      auto v = load_variant_toml(kEmbeddedVariants[i].text,
                                 std::string("variants/") + kEmbeddedVariants[i].name);
      m[v->id] = v;
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
