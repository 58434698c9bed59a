// Small text helpers the protocol readers (engine and match sides) share.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kirin::protocol {

inline std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) ++i;
    size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\r') ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

// The first word and the rest (trimmed).
inline std::pair<std::string, std::string> split_command(std::string_view line) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  size_t i = 0;
  while (i < line.size() && is_space(line[i])) ++i;
  size_t start = i;
  while (i < line.size() && !is_space(line[i])) ++i;
  std::string word(line.substr(start, i - start));
  while (i < line.size() && is_space(line[i])) ++i;
  size_t end = line.size();
  while (end > i && is_space(line[end - 1])) --end;
  return {word, std::string(line.substr(i, end - i))};
}

// The first word of a line ("" if none).
inline std::string first_word(std::string_view line) { return split_command(line).first; }

// Without leading and trailing white space.
inline std::string trim(std::string_view text) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  size_t begin = 0, end = text.size();
  while (begin < end && is_space(text[begin])) ++begin;
  while (end > begin && is_space(text[end - 1])) --end;
  return std::string(text.substr(begin, end - begin));
}

// A whole decimal integer, or nothing.
inline std::optional<int64_t> parse_int(std::string_view text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace kirin::protocol
