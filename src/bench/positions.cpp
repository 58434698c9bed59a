#include "bench/positions.h"

#include <sstream>
#include <stdexcept>

#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin {

extern const EmbeddedFile kEmbeddedBenchFiles[];

namespace bench {
namespace {

// Rows of "label <tab> perft_depth <tab> sfen"; lines starting with '#' are comments.
std::vector<BenchPosition> parse_positions(const std::string& tsv) {
  auto chu = builtin_variant("chu");
  std::vector<BenchPosition> positions;
  std::istringstream lines(tsv);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab1 = line.find('\t');
    const size_t tab2 = line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos)
      throw std::runtime_error("src/bench/positions.tsv: not three columns: " + line);
    const std::string sfen = line.substr(tab2 + 1);
    positions.push_back({line.substr(0, tab1), std::stoi(line.substr(tab1 + 1, tab2 - tab1 - 1)),
                         parse_sfen(chu, sfen == "startpos" ? chu->setup : sfen)});
  }
  return positions;
}

}  // namespace

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> positions = parse_positions(kEmbeddedBenchFiles[0].text);
  return positions;
}

const BenchPosition& bench_position(std::string_view label) {
  for (const BenchPosition& p : bench_positions())
    if (p.label == label) return p;
  throw std::out_of_range("no bench position '" + std::string(label) + "'");
}

}  // namespace bench
}  // namespace kirin
