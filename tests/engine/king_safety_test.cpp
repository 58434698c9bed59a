// King safety in the large games without drops: positions where a term of the evaluation
// decides the sign of the score.
#include <gtest/gtest.h>

#include "engine/eval.h"
#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

int eval_of(const std::string& variant, const std::string& sfen) {
  auto v = builtin_variant(variant);
  return evaluator_for(v)->evaluate(parse_sfen(v, sfen));
}

// Equal material, Black to move (worth a little), each side's Rooks on the same rank in both
// positions (a Rook's square bonus is the same on every file of a rank). White's Rooks on the
// files either side of Black's King attack the six squares beside it, which only the King
// defends, from beyond the three squares the nearness of the danger term looks at: that
// outweighs the move.
TEST(KingSafety, OpenLinesBesideTheKingDecideTheSign) {
  const std::string lines_open = "6k5/12/12/12/12/4r1r5/1R8R1/12/12/12/5K6/12 b - 1";
  const std::string rooks_away = "6k5/12/12/12/12/r10r/1R8R1/12/12/12/5K6/12 b - 1";
  EXPECT_GT(eval_of("chu", rooks_away), 0);
  EXPECT_LT(eval_of("chu", lines_open), 0);
}

}  // namespace
}  // namespace kirin
