#include "notation/problems.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "notation/notation_error.h"
#include "rules/catalog.h"

namespace kirin {

extern const EmbeddedFile kEmbeddedProblems[];
extern const size_t kEmbeddedProblemsCount;

namespace {

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(sep, start);
    out.emplace_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

// The comment that gives a collection's title in Japanese, for the web's Japanese pages.
constexpr std::string_view kTitleJa = "title-ja:";

}  // namespace

ProblemCollection parse_problem_collection(std::string_view id, std::string_view text) {
  ProblemCollection c;
  c.id = std::string(id);
  c.game = c.id.substr(0, c.id.find('-'));
  std::set<std::string> names;
  bool header_done = false;
  int number = 0;
  for (const std::string& raw : split(text, '\n')) {
    ++number;
    const std::string line = trimmed(raw);
    if (line.empty()) continue;
    const std::string where = "line " + std::to_string(number);
    if (line[0] == '#') {
      const std::string comment = trimmed(std::string_view(line).substr(1));
      if (comment.starts_with("name\t") || comment.starts_with("name ")) header_done = true;
      if (header_done || !c.problems.empty()) continue;
      if (comment.starts_with(kTitleJa))
        c.title_ja = trimmed(std::string_view(comment).substr(kTitleJa.size()));
      else if (c.title.empty())
        c.title = comment;
      else
        c.source += (c.source.empty() ? "" : " ") + comment;
      continue;
    }
    const std::vector<std::string> fields = split(line, '\t');
    if (fields.size() != 3)
      throw NotationError(where + ": expected name, SFEN and solution separated by tabs, found " +
                              std::to_string(fields.size()) + " field(s)",
                          where);
    Problem p;
    p.name = trimmed(fields[0]);
    p.sfen = trimmed(fields[1]);
    p.line = number;
    for (const std::string& move : split(trimmed(fields[2]), ' '))
      if (!move.empty()) p.solution.push_back(move);
    if (p.name.empty() || p.sfen.empty() || p.solution.empty())
      throw NotationError(where + ": a problem needs a name, an SFEN and a solution", where);
    if (!names.insert(p.name).second)
      throw NotationError(where + ": the name " + quoted_input(p.name) + " is used twice", where);
    const auto not_letter = [](char ch) { return !std::isalpha(static_cast<unsigned char>(ch)); };
    p.series = std::string(p.name.begin(), std::find_if(p.name.begin(), p.name.end(), not_letter));
    c.problems.push_back(std::move(p));
  }
  return c;
}

const std::vector<ProblemCollection>& builtin_problem_collections() {
  static const std::vector<ProblemCollection> collections = [] {
    std::vector<ProblemCollection> out;
    for (size_t i = 0; i < kEmbeddedProblemsCount; ++i) {
      std::string_view name = kEmbeddedProblems[i].name;
      name.remove_suffix(std::string_view(".tsv").size());
      out.push_back(parse_problem_collection(name, kEmbeddedProblems[i].text));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    return out;
  }();
  return collections;
}

const Problem* find_problem(std::string_view collection, std::string_view name) {
  for (const ProblemCollection& c : builtin_problem_collections())
    if (c.id == collection)
      for (const Problem& p : c.problems)
        if (p.name == name) return &p;
  return nullptr;
}

}  // namespace kirin
