// Every line of tests/data/chu-perft.tsv (lishogi-profile reference counts), in both counts.
#include <gtest/gtest.h>

#include "test_positions.h"

#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/perft.h"

namespace kirin {
namespace {

struct PerftCase {
  std::string variant, sfen;
  int depth;
  uint64_t positions, encodings;
  int line;
};

std::vector<PerftCase> load_cases() {
  std::vector<PerftCase> cases;
  for (const auto& [line, f] : test::tsv_rows(std::string(KIRIN_TEST_DATA) + "/chu-perft.tsv"))
    cases.push_back(
        {f.at(0), f.at(1), std::stoi(f.at(2)), std::stoull(f.at(3)), std::stoull(f.at(4)), line});
  return cases;
}

void PrintTo(const PerftCase& c, std::ostream* os) {
  *os << c.variant << " depth " << c.depth << " " << c.sfen;
}

class ChuPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(ChuPerft, Positions) {
  const PerftCase& c = GetParam();
  Position pos = parse_sfen(builtin_variant(c.variant), c.sfen);
  EXPECT_EQ(perft(pos, c.depth, PerftCount::Positions), c.positions) << c.sfen;
}

TEST_P(ChuPerft, Encodings) {
  const PerftCase& c = GetParam();
  Position pos = parse_sfen(builtin_variant(c.variant), c.sfen);
  EXPECT_EQ(perft(pos, c.depth, PerftCount::Encodings), c.encodings) << c.sfen;
}

INSTANTIATE_TEST_SUITE_P(Data, ChuPerft, ::testing::ValuesIn(load_cases()),
                         [](const ::testing::TestParamInfo<PerftCase>& p) {
                           return "line" + std::to_string(p.param.line) + "_depth" +
                                  std::to_string(p.param.depth);
                         });

TEST(ChuPerftData, FileIsComplete) { EXPECT_EQ(load_cases().size(), 32u); }

}  // namespace
}  // namespace kirin
