#include "notation/problem_proofs.h"

#include <charconv>
#include <map>
#include <memory>

#include "notation/notation_error.h"
#include "rules/catalog.h"

namespace kirin {

extern const EmbeddedFile kEmbeddedProofs[];
extern const size_t kEmbeddedProofsCount;
extern const EmbeddedFile kEmbeddedProofIndexes[];
extern const size_t kEmbeddedProofIndexesCount;

namespace {

std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  for (size_t start = 0;;) {
    const size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

template <typename Int>
bool read_number(std::string_view text, Int& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out >= 0;
}

}  // namespace

std::vector<ProvedProblem> parse_proved_index(std::string_view text) {
  std::vector<ProvedProblem> rows;
  int number = 0;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string_view> f = fields(line);
    ProvedProblem row;
    if (f.size() != 5 || f[0].empty() || !read_number(f[1], row.moves) ||
        (f[2] != "shortest" && f[2] != "at-most") || !read_number(f[3], row.positions) ||
        !read_number(f[4], row.nodes))
      throw NotationError("proof index line " + std::to_string(number) +
                          ": want name, moves, 'shortest' or 'at-most', positions and nodes "
                          "separated by tabs");
    row.name = std::string(f[0]);
    row.shortest = f[2] == "shortest";
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string proved_index_text(const std::vector<ProvedProblem>& rows) {
  std::string out =
      "# The mates Kirin proved, each with its proof in NAME.proof beside this file: the length\n"
      "# in the attacker's moves, 'shortest' when no shorter mate exists (proved) or 'at-most',\n"
      "# the proof's positions and the solve's nodes. Written by kirin bench mate --proof-dir.\n"
      "# name\tmoves\tshortest\tpositions\tnodes\n";
  for (const ProvedProblem& r : rows)
    out += r.name + '\t' + std::to_string(r.moves) + '\t' + (r.shortest ? "shortest" : "at-most") +
           '\t' + std::to_string(r.positions) + '\t' + std::to_string(r.nodes) + '\n';
  return out;
}

const BuiltinProof* builtin_proof(std::string_view collection, std::string_view name) {
  // "COLLECTION/NAME" -> the proof, read once.
  static const std::map<std::string, BuiltinProof, std::less<>> proofs = [] {
    std::map<std::string, std::string_view, std::less<>> texts;
    for (size_t i = 0; i < kEmbeddedProofsCount; ++i) {
      std::string_view file = kEmbeddedProofs[i].name;  // "chu-tsume-ab/A1.proof"
      file.remove_suffix(std::string_view(".proof").size());
      texts[std::string(file)] = kEmbeddedProofs[i].text;
    }
    std::map<std::string, BuiltinProof, std::less<>> out;
    for (size_t i = 0; i < kEmbeddedProofIndexesCount; ++i) {
      std::string_view id = kEmbeddedProofIndexes[i].name;  // "chu-tsume-ab.tsv"
      id.remove_suffix(std::string_view(".tsv").size());
      for (ProvedProblem& row : parse_proved_index(kEmbeddedProofIndexes[i].text)) {
        const std::string key = std::string(id) + "/" + row.name;
        if (auto text = texts.find(key); text != texts.end())
          out[key] = BuiltinProof{std::move(row), text->second};
      }
    }
    return out;
  }();
  const auto it = proofs.find(std::string(collection) + "/" + std::string(name));
  return it == proofs.end() ? nullptr : &it->second;
}

}  // namespace kirin
