// A game's start from a player's choices (notation/game_start) and what may follow a position
// (notation/position_moves): what POST /api/positions and the browser's rules module answer.
// Each refusal names its field (and offset), as the pages show it beside the input at fault.
#include <gtest/gtest.h>

#include <algorithm>

#include "notation/game_start.h"
#include "notation/notation_error.h"
#include "notation/position_moves.h"
#include "notation/sfen.h"

namespace kirin {
namespace {

// The NotationError that `f` throws (a test fails if none).
template <typename F>
NotationError refusal(F f) {
  try {
    f();
  } catch (const NotationError& e) {
    return e;
  }
  ADD_FAILURE() << "no NotationError";
  return NotationError("");
}

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

TEST(GameStart, BuildsTheGameWithItsOptionsProfileAndHandicap) {
  BuiltStart shogi = build_start({.game = "shogi"});
  EXPECT_EQ(shogi.variant->id, "shogi");
  EXPECT_EQ(to_sfen(shogi.start),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");

  BuiltStart chu = build_start({.game = "chushogi", .profile = "lishogi", .drops = true});
  EXPECT_EQ(chu.variant->id, "chu");  // the alias read as the game
  EXPECT_TRUE(chu.variant->rules.drops);

  BuiltStart lions = build_start({.game = "chu", .handicap = "2-lions"});
  EXPECT_NE(to_sfen(lions.start), to_sfen(build_start({.game = "chu"}).start));
}

TEST(GameStart, EachRefusalNamesItsField) {
  EXPECT_EQ(refusal([] { build_start({.game = "nope"}); }).field(), "game");
  EXPECT_EQ(refusal([] { build_start({.game = "chu", .profile = "nope"}); }).field(), "profile");
  EXPECT_EQ(refusal([] { build_start({.game = "chu", .options = {{"nope", "1"}}}); }).field(),
            "option nope");
  EXPECT_EQ(refusal([] { build_start({.game = "chu", .handicap = "nope"}); }).field(), "handicap");
  EXPECT_EQ(refusal([] {
              build_start({.game = "chu", .handicap = "2-lions", .start_sfen = "12/12 b - 1"});
            }).field(),
            "handicap");
  NotationError sfen =
      refusal([] { build_start({.game = "shogi", .start_sfen = "lnsgkgsnx/9 b - 1"}); });
  EXPECT_EQ(sfen.field(), "start_sfen");
  EXPECT_EQ(sfen.offset(), 8);
  EXPECT_NE(std::string(sfen.what()).find("start position (board)"), std::string::npos);
  // A start already decided (no Black King): nothing to play.
  const std::string no_black_king = "4k4/9/9/9/9/9/9/9/9 b - 1";
  EXPECT_EQ(refusal([&] { build_start({.game = "shogi", .start_sfen = no_black_king}); }).field(),
            "start_sfen");
  EXPECT_EQ(refusal([] { build_start({.game = std::string(65, 'c')}); }).field(), "game");
}

TEST(PositionMoves, PlaysTheMovesAndSaysWhatMayFollow) {
  Game game(build_start({.game = "shogi"}).start);
  int seen = 0;
  play_usi_moves(game, {"7g7f", "3c3d", "8h2b+"}, [&](const Game&) { ++seen; });
  EXPECT_EQ(seen, 3);
  PositionMoves moves = position_moves(game);
  EXPECT_TRUE(has(moves.legal_moves, "3a2b"));
  EXPECT_FALSE(has(moves.legal_moves, "7g7f"));
  EXPECT_TRUE(moves.check.empty());
  EXPECT_TRUE(moves.other_spellings.empty());

  // The Silver takes the Horse; Black's Bishop, taken at 2b, may drop.
  play_usi_moves(game, {"3a2b"});
  EXPECT_TRUE(has(position_moves(game).legal_moves, "B*5e"));
}

TEST(PositionMoves, TheFirstBadMoveIsNamedWithItsPlaceAndOffset) {
  Game game(build_start({.game = "shogi"}).start);
  NotationError bad = refusal([&] { play_usi_moves(game, {"7g7f", "7g7f"}); });
  EXPECT_EQ(bad.field(), "moves[1]");
  EXPECT_EQ(std::string(bad.what()).rfind("moves[1]: ", 0), 0u) << bad.what();
  EXPECT_EQ(game.plies(), 1);  // the moves before it stay played

  Game other(build_start({.game = "shogi"}).start);
  NotationError malformed = refusal([&] { play_usi_moves(other, {"7g7f", "3c3d", "9z"}); });
  EXPECT_EQ(malformed.field(), "moves[2]");
  EXPECT_GE(malformed.offset(), 0);
}

TEST(PositionMoves, NoMoveAfterTheEnd) {
  // Black mates at once: 1a is the White King, the Gold drops on 1b with the Lance behind.
  Game game(build_start({.game = "shogi", .start_sfen = "8k/9/8L/9/9/9/9/9/K8 b G 1"}).start);
  play_usi_moves(game, {"G*1b"});
  ASSERT_TRUE(game.outcome().over());
  EXPECT_TRUE(position_moves(game).legal_moves.empty());
  EXPECT_FALSE(position_moves(game).check.empty());
  NotationError after = refusal([&] { play_usi_moves(game, {"1a2a"}); });
  EXPECT_EQ(after.field(), "moves[0]");
  EXPECT_NE(std::string(after.what()).find("already over"), std::string::npos);
}

}  // namespace
}  // namespace kirin
