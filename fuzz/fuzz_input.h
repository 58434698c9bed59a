// What the fuzz targets share: an input read as lines, a game picked by name, and the check
// that stops a run when a parser breaks a promise of its own (beyond crashes, which the
// sanitizers and libFuzzer catch).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "rules/catalog.h"
#include "rules/variant.h"

namespace kirin::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Takes the first line off `text` (without its '\n'); the whole text if there is no '\n'.
inline std::string_view take_line(std::string_view& text) {
  size_t end = text.find('\n');
  std::string_view line = text.substr(0, end);
  text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  return line;
}

// The built-in game with this id or alias, or null. One copy per game for the whole run.
inline std::shared_ptr<const Variant> game_named(std::string_view name) {
  for (const std::shared_ptr<const Variant>& v : builtin_games())
    if (v->id == name) return v;
  return nullptr;
}

// Prints what the target answered when KIRIN_FUZZ_ECHO is set: to see what an input does
// (`KIRIN_FUZZ_ECHO=1 build-asan/fuzz/fuzz_http FILE`).
inline void echo(std::string_view answer) {
  static const bool wanted = std::getenv("KIRIN_FUZZ_ECHO") != nullptr;
  if (wanted) std::fprintf(stderr, "%.*s\n", int(answer.size()), answer.data());
}

// A broken promise: libFuzzer saves the input as a crash.
[[noreturn]] inline void broken(const std::string& what) {
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

}  // namespace kirin::fuzz
