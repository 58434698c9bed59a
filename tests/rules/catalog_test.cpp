// The built-in games' names in other programs (each game's [names] table) and the games of
// other programs that Kirin does not play (variants/other-games/), as the protocol and match
// code find them.
#include <gtest/gtest.h>

#include "rules/catalog.h"

namespace kirin {
namespace {

TEST(Catalog, NamesInOtherPrograms) {
  auto chu = builtin_variant("chu");
  EXPECT_EQ(chu->names.usi, "chushogi");
  EXPECT_EQ(chu->names.fairy_stockfish, "chushogi");
  EXPECT_EQ(chu->names.xboard, "chu");
  EXPECT_EQ(builtin_variant("shogi")->names.usi, "standard");
  // Sho: Fairy-Stockfish's name only; XBoard does not know the game, lishogi does not have it.
  auto sho = builtin_variant("sho");
  EXPECT_EQ(sho->names.fairy_stockfish, "shoshogi");
  EXPECT_EQ(sho->names.usi, "");
  EXPECT_EQ(sho->names.xboard, "");
}

TEST(Catalog, OtherProgramsGames) {
  EXPECT_EQ(program_of_other_game("minishogi"), "lishogi");
  EXPECT_EQ(program_of_other_game("checkshogi"), "lishogi");
  EXPECT_EQ(program_of_other_game("chushogi"), "");  // a Kirin game
  EXPECT_EQ(program_of_other_game("nonsense"), "");
}

}  // namespace
}  // namespace kirin
