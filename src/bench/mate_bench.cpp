#include "bench/mate_bench.h"

#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>

#include "engine/mate_search.h"
#include "notation/mate_proof.h"
#include "notation/problem_proofs.h"
#include "notation/problems.h"
#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/mating.h"

namespace kirin::bench {
namespace {

// The proofs of one collection in DIR: COLLECTION/NAME.proof and the index COLLECTION.tsv,
// whose rows of the problems solved again are replaced (or dropped: no proof now), the others
// kept, in the collection's order.
class ProofWriter {
 public:
  ProofWriter(const std::string& dir, const ProblemCollection& c)
      : dir_(std::filesystem::path(dir)), collection_(c) {
    std::ifstream in(index_path());
    if (in) {
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      for (ProvedProblem& row : parse_proved_index(text)) rows_[row.name] = std::move(row);
    }
    std::filesystem::create_directories(dir_ / c.id);
  }
  void write(const Problem& p, const Position& start, const MateResult& r) {
    const auto file = dir_ / collection_.id / (p.name + ".proof");
    rows_.erase(p.name);
    std::filesystem::remove(file);
    if (r.proof.empty()) return;
    std::ofstream out(file);
    write_mate_proof(out, start, ProofHeader{collection_.game, "", {}, proof_conventions(r.futile_convention)},
                     r.proof);
    if (!out) throw std::runtime_error("cannot write " + file.string());
    rows_[p.name] =
        ProvedProblem{p.name, r.mate_moves(), r.exact, int(r.proof.size()), r.nodes};
  }
  ~ProofWriter() {
    std::vector<ProvedProblem> ordered;
    for (const Problem& p : collection_.problems)
      if (auto it = rows_.find(p.name); it != rows_.end()) ordered.push_back(it->second);
    std::ofstream(index_path()) << proved_index_text(ordered);
  }

 private:
  std::filesystem::path index_path() const { return dir_ / (collection_.id + ".tsv"); }
  std::filesystem::path dir_;
  const ProblemCollection& collection_;
  std::map<std::string, ProvedProblem> rows_;
};

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

const char* compare_with_published(int found_moves, bool exact, int published_moves) {
  if (found_moves < published_moves) return "shorter than published";
  if (found_moves > published_moves)
    return exact ? "longer than published: the book misses a defence"
                 : "not proved shortest in the budget";
  return "";
}

MateBenchTotals run_mate_bench(const MateBenchOptions& options, std::ostream& out) {
  const std::vector<const ProblemCollection*> collections = chosen_collections(options);
  MateBenchTotals total;
  MateSolver solver(options.hash_mb);
  MateLimits limits;
  limits.movetime_ms = options.movetime_ms;
  limits.nodes = options.nodes;
  limits.proof = !options.proof_dir.empty();
  limits.futile_interpositions = !options.every_interposition;
  for (const ProblemCollection* c : collections) {
    if (std::none_of(c->problems.begin(), c->problems.end(),
                     [&](const Problem& p) { return chosen(options, p); }))
      continue;
    auto game = builtin_variant(c->game);
    std::optional<ProofWriter> proofs;
    if (!options.proof_dir.empty()) proofs.emplace(options.proof_dir, *c);
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
          mate ? compare_with_published(r.mate_moves(), r.exact, p.published_moves()) : "";
      // "proved": when the first proof was complete; the rest proves the length the shortest.
      const std::string proved = mate ? fmt::format("{:.3f}", r.proved_ms / 1000.0) : "-";
      fmt::print(out, "{:<8} {:<8} {:>5} {:>5} {:>12} {:>8} {:>8.3f}{}\n", p.name,
                 to_string(r.status),
                 mate ? (r.exact ? "" : r.bounded ? "<=" : "?") + std::to_string(r.mate_moves()) : "-",
                 p.published_moves(), r.nodes, proved, secs, note.empty() ? "" : "  " + note);
      out.flush();
      if (proofs) proofs->write(p, start.position(), r);
      ++total.problems;
      total.solved += mate;
      total.exact += mate && r.exact;
      total.shorter += mate && r.mate_moves() < p.published_moves();
      total.nodes += r.nodes;
      total.seconds += secs;
    }
  }
  fmt::print(out,
             "total: solved {} of {} ({} proved shortest, {} shorter than published), {} nodes, "
             "{:.3f} s\n",
             total.solved, total.problems, total.exact, total.shorter, total.nodes, total.seconds);
  return total;
}

}  // namespace kirin::bench
