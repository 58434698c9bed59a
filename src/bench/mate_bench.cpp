#include "bench/mate_bench.h"

#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>

#include "engine/mate_search.h"
#include "notation/problems.h"
#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/mating.h"

namespace kirin::bench {
namespace {

bool chosen(const MateBenchOptions& options, const Problem& p) {
  return options.problems.empty() ||
         std::find(options.problems.begin(), options.problems.end(), p.name) !=
             options.problems.end();
}

// The collections to run, after checking every name given.
std::vector<const ProblemCollection*> chosen_collections(const MateBenchOptions& options) {
  std::vector<const ProblemCollection*> out;
  std::string ids;
  for (const ProblemCollection& c : builtin_problem_collections()) {
    ids += (ids.empty() ? "" : ", ") + c.id;
    if (options.collection.empty() || c.id == options.collection) out.push_back(&c);
  }
  if (out.empty())
    throw MateBenchOptionError("--collection: no collection '" + options.collection +
                               "' (the collections: " + ids + ")");
  for (const std::string& name : options.problems) {
    const bool found = std::any_of(out.begin(), out.end(), [&](const ProblemCollection* c) {
      return std::any_of(c->problems.begin(), c->problems.end(),
                         [&](const Problem& p) { return p.name == name; });
    });
    if (!found) throw MateBenchOptionError("--problems: no problem '" + name + "'");
  }
  return out;
}

}  // namespace

const char* compare_with_published(int found_moves, int published_moves) {
  if (found_moves < published_moves) return "shorter than published";
  if (found_moves > published_moves) return "longer than published";
  return "";
}

MateBenchTotals run_mate_bench(const MateBenchOptions& options, std::ostream& out) {
  const std::vector<const ProblemCollection*> collections = chosen_collections(options);
  MateBenchTotals total;
  MateSolver solver(options.hash_mb);
  MateLimits limits;
  limits.movetime_ms = options.movetime_ms;
  limits.futile_interpositions = !options.every_interposition;
  for (const ProblemCollection* c : collections) {
    if (std::none_of(c->problems.begin(), c->problems.end(),
                     [&](const Problem& p) { return chosen(options, p); }))
      continue;
    auto game = builtin_variant(c->game);
    fmt::print(out, "{}: {}\n", c->id, c->title);
    if (futile_convention_applies(*game))
      fmt::print(out, "lengths {} futile interpositions (無駄合)\n",
                 options.every_interposition ? "counting" : "without");
    fmt::print(out, "{:<8} {:<8} {:>5} {:>5} {:>12} {:>8} {:>8}  {}\n", "problem", "result",
               "moves", "book", "nodes", "proved", "seconds", "note");
    for (const Problem& p : c->problems) {
      if (!chosen(options, p)) continue;
      solver.set_hash_mb(options.hash_mb);  // a fresh table: each problem on its own
      const Game start(parse_sfen(game, p.sfen));
      const auto t0 = std::chrono::steady_clock::now();
      const MateResult r = solver.solve(start, limits);
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const bool mate = r.status == MateStatus::Mate;
      const std::string note =
          mate ? compare_with_published(r.mate_moves(), p.published_moves()) : "";
      // "proved": when the first proof was complete; the rest is the shortening pass.
      const std::string proved = mate ? fmt::format("{:.3f}", r.proved_ms / 1000.0) : "-";
      fmt::print(out, "{:<8} {:<8} {:>5} {:>5} {:>12} {:>8} {:>8.3f}{}\n", p.name,
                 to_string(r.status), mate ? std::to_string(r.mate_moves()) : "-",
                 p.published_moves(), r.nodes, proved, secs, note.empty() ? "" : "  " + note);
      out.flush();
      ++total.problems;
      total.solved += mate;
      total.shorter += mate && r.mate_moves() < p.published_moves();
      total.nodes += r.nodes;
      total.seconds += secs;
    }
  }
  fmt::print(out, "total: solved {} of {} ({} shorter than published), {} nodes, {:.3f} s\n",
             total.solved, total.problems, total.shorter, total.nodes, total.seconds);
  return total;
}

}  // namespace kirin::bench
