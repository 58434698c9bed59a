// Every line of tests/data/perft-other.tsv (games other than Chu: counts from Fairy-Stockfish and
// HaChu), from each game's start position. Under the sanitizers (KIRIN_SANITIZED) the 19.8
// million-node shogi depth 5 is skipped; every other line runs there too.
#include <gtest/gtest.h>

#include "test_positions.h"

#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/perft.h"

namespace kirin {
namespace {

struct OtherPerftCase {
  std::string game;
  int depth;
  uint64_t nodes;
  int line;
};

std::vector<OtherPerftCase> load_cases() {
  std::vector<OtherPerftCase> cases;
  for (const auto& [line, f] : test::tsv_rows(std::string(KIRIN_TEST_DATA) + "/perft-other.tsv"))
    cases.push_back({f.at(0), std::stoi(f.at(1)), std::stoull(f.at(2)), line});
  return cases;
}

void PrintTo(const OtherPerftCase& c, std::ostream* os) {
  *os << c.game << " depth " << c.depth << " (line " << c.line << ")";
}

// Nodes above which a perft is too slow under ASan/UBSan.
constexpr uint64_t kSanitizedLimit = 5'000'000;

class OtherPerft : public ::testing::TestWithParam<OtherPerftCase> {};

TEST_P(OtherPerft, StartPosition) {
  const OtherPerftCase& c = GetParam();
#ifdef KIRIN_SANITIZED
  if (c.nodes > kSanitizedLimit) GTEST_SKIP() << "too slow under the sanitizers";
#endif
  auto v = builtin_variant(c.game);
  Position pos = parse_sfen(v, v->setup);
  EXPECT_EQ(perft(pos, c.depth, PerftCount::Positions), c.nodes) << c.game << " " << v->setup;
}

INSTANTIATE_TEST_SUITE_P(Data, OtherPerft, ::testing::ValuesIn(load_cases()),
                         [](const ::testing::TestParamInfo<OtherPerftCase>& p) {
                           std::string name = p.param.game;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name + "_depth" + std::to_string(p.param.depth);
                         });

TEST(OtherPerftData, FileIsComplete) {
  // shogi 1-5, sho 1-4, dai 1-3.
  auto cases = load_cases();
  EXPECT_EQ(cases.size(), 12u);
  int shogi = 0, sho = 0, dai = 0;
  for (const auto& c : cases) {
    shogi += c.game == "shogi";
    sho += c.game == "sho";
    dai += c.game == "dai";
  }
  EXPECT_EQ(shogi, 5);
  EXPECT_EQ(sho, 4);
  EXPECT_EQ(dai, 3);
}

}  // namespace
}  // namespace kirin
