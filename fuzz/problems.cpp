// Problem collections (notation/problems.h): the first line is the collection's id (its game is
// the part before the first '-'), the rest the collection's text. A collection read keeps the
// reader's promises (every problem named once, with an SFEN and a line, on a line of the text)
// and, written again as rows, reads back as the same problems; a refusal names a line of the
// text. Where the game is built in, each problem's position and line are replayed as far as
// they are legal, as the problems room does (the first few of an input).
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "fuzz/fuzz_input.h"
#include "notation/notation_error.h"
#include "notation/problems.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/game.h"

using namespace kirin;

namespace {

bool has_any(std::string_view s, std::string_view chars) {
  return s.find_first_of(chars) != std::string_view::npos;
}

// Plays the published line from the problem's position while it reads and the game goes on.
void replay(const std::shared_ptr<const Variant>& game, const Problem& p) {
  std::optional<Game> g;
  try {
    g.emplace(parse_sfen(game, p.sfen));
  } catch (const NotationError&) {
    return;
  }
  for (const std::string& text : p.solution) {
    if (g->outcome().over()) return;
    try {
      g->play(parse_usi(g->position(), text));
    } catch (const NotationError&) {
      return;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  const std::string_view id = fuzz::take_line(text);
  const long lines = long(std::count(text.begin(), text.end(), '\n')) + 1;
  std::optional<ProblemCollection> read;
  try {
    read = parse_problem_collection(id, text);
  } catch (const NotationError& e) {
    fuzz::echo(e.what());
    const std::string& field = e.field();
    long n = 0;
    if (field.starts_with("line ")) n = std::atol(field.c_str() + 5);
    if (n < 1 || n > lines || !std::string_view(e.what()).starts_with(field + ": "))
      fuzz::broken("a refusal names no line of the text: '" + field + "', " + e.what());
    return 0;
  }
  const ProblemCollection& c = *read;
  if (c.id != id || !std::string_view(id).starts_with(c.game) ||
      has_any(c.game, "-") || has_any(c.title, "\n") || has_any(c.title_ja, "\n") ||
      has_any(c.source, "\n"))
    fuzz::broken("the collection's id, game, title or source is not as read");
  std::set<std::string> names;
  int last_line = 0;
  std::string rows;
  for (const Problem& p : c.problems) {
    if (p.name.empty() || p.sfen.empty() || p.solution.empty() || has_any(p.name, "\t\n") ||
        has_any(p.sfen, "\t\n") || !names.insert(p.name).second)
      fuzz::broken("problem '" + p.name + "' is not named once, or lacks an SFEN or a line");
    if (p.line <= last_line || p.line > lines)
      fuzz::broken("problem '" + p.name + "' has line " + std::to_string(p.line));
    last_line = p.line;
    if (!p.name.starts_with(p.series) ||
        !std::all_of(p.series.begin(), p.series.end(),
                     [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)); }) ||
        (p.series.size() < p.name.size() &&
         std::isalpha(static_cast<unsigned char>(p.name[p.series.size()]))))
      fuzz::broken("problem '" + p.name + "' is in series '" + p.series + "'");
    std::string solution;
    for (const std::string& move : p.solution) {
      if (move.empty() || has_any(move, " \t\n"))
        fuzz::broken("problem '" + p.name + "' has the move '" + move + "'");
      solution += (solution.empty() ? "" : " ") + move;
    }
    if (p.published_moves() != int(p.solution.size() + 1) / 2)
      fuzz::broken("problem '" + p.name + "' has a wrong length");
    rows += p.name + "\t" + p.sfen + "\t" + solution + "\n";
  }
  try {
    const ProblemCollection back = parse_problem_collection(id, "# title\n" + rows);
    bool same = back.problems.size() == c.problems.size();
    for (size_t i = 0; same && i < c.problems.size(); ++i) {
      const Problem &a = c.problems[i], &b = back.problems[i];
      same = a.name == b.name && a.sfen == b.sfen && a.solution == b.solution &&
             a.series == b.series;
    }
    if (!same) fuzz::broken("the problems written read back as others:\n" + rows);
  } catch (const NotationError& e) {
    fuzz::broken("the problems written do not read back: " + std::string(e.what()) + "\n" + rows);
  }
  // A few problems only: replaying a whole collection would slow the run tenfold.
  if (std::shared_ptr<const Variant> game = fuzz::game_named(c.game))
    for (size_t i = 0; i < std::min<size_t>(4, c.problems.size()); ++i)
      replay(game, c.problems[i]);
  return 0;
}
