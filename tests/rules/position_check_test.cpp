// Impossible positions, each check derived from the game's definition: which games refuse what
// (tests/notation/sfen_test.cpp reads them from SFEN, with the offsets).
#include "rules/position_check.h"

#include <gtest/gtest.h>

#include <random>

#include "../random_play.h"
#include "notation/sfen.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

PieceCounts setup_counts(const std::shared_ptr<const Variant>& v) {
  return most_of_each({parse_sfen(v, v->setup)});
}

TEST(PositionCheck, EveryGameSetupAndHandicapIsPossible) {
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    std::vector<Position> starts{parse_sfen(v, v->setup)};
    for (const Handicap& h : v->handicaps) starts.push_back(parse_sfen(v, h.sfen));
    const PieceCounts supply = most_of_each(starts);
    for (const Position& start : starts) {
      auto problems = position_problems(start, supply);
      EXPECT_TRUE(problems.empty()) << id << ": " << problems[0].what;
    }
  }
}

// No position a game reaches is refused: random games of every game (and Chu under pbmserv's
// rules, which force promotions) from each of its start positions.
TEST(PositionCheck, RandomGamesReachNoImpossiblePosition) {
  std::vector<std::shared_ptr<const Variant>> games;
  for (const std::string& id : builtin_variant_ids()) games.push_back(builtin_variant(id));
  auto pbm = std::make_shared<Variant>(*builtin_variant("chu"));
  pbm->apply_profile("pbmserv");
  games.push_back(pbm);
  std::mt19937 rng(test::random_seed(17));
  for (const auto& v : games) {
    std::vector<Position> starts{parse_sfen(v, v->setup)};
    for (const Handicap& h : v->handicaps) starts.push_back(parse_sfen(v, h.sfen));
    const PieceCounts supply = most_of_each(starts);
    for (int g = 0; g < test::random_games(10); ++g) {
      Game game(starts[size_t(g) % starts.size()]);
      for (int ply = 0; ply < 200 && !game.outcome().over(); ++ply) {
        MoveList moves;
        generate_moves(game.position(), moves);
        if (moves.size == 0) break;
        game.play(moves.moves[rng() % unsigned(moves.size)]);
        auto problems = position_problems(game.position(), supply);
        ASSERT_TRUE(problems.empty()) << v->id << " game " << g << " ply " << ply << ": "
                                      << problems[0].what;
      }
    }
  }
}

TEST(PositionCheck, PromotedPiecesCountAsTheirBase) {
  auto shogi = builtin_variant("shogi");
  const PieceCounts counts =
      piece_counts(parse_sfen(shogi, "4k4/9/9/9/9/9/9/1R2+R4/4K4 b Pp 1"));
  EXPECT_EQ(counts[*shogi->kind_by_sfen("r")], 2);
  EXPECT_EQ(counts[*shogi->kind_by_sfen("+r")], 0);
  EXPECT_EQ(counts[*shogi->kind_by_sfen("p")], 2);
  EXPECT_EQ(counts[*shogi->kind_by_sfen("k")], 2);
  EXPECT_EQ(setup_counts(shogi)[*shogi->kind_by_sfen("p")], 18);
}

TEST(PositionCheck, TooManyInHandNamesTheKindInHand) {
  // The SFEN reader refuses such hands; a position built otherwise is still checked.
  auto shogi = builtin_variant("shogi");
  Position pos = parse_sfen(shogi, "4k4/9/9/9/9/9/9/9/4K4 b - 1");
  const Kind rook = *shogi->kind_by_sfen("r");
  pos.set_hand(kWhite, rook, 3);
  auto problems = position_problems(pos, setup_counts(shogi));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].square, kNoSquare);
  EXPECT_EQ(problems[0].hand_kind, rook);
  EXPECT_EQ(problems[0].what,
            "3 Rooks, promoted ones included (3 in White's hand): game shogi has 2");
}

TEST(PositionCheck, OnlyWhereTheGameMakesTheRule) {
  // A Lance on the last rank: shogi forces its promotion there, Chu does not (a Lance may
  // stay unpromoted on the last rank: docs/spec/chu_shogi.md), nor Dai.
  auto shogi = builtin_variant("shogi");
  EXPECT_EQ(position_problems(parse_sfen(shogi, "L3k4/9/9/9/9/9/9/9/4K4 b - 1"),
                              setup_counts(shogi))
                .size(),
            1u);
  for (const char* id : {"chu", "dai"}) {
    auto v = builtin_variant(id);
    Position pos = parse_sfen(v, v->setup);
    const Square corner = make_square(0, 0);
    pos.put(corner, make_piece(*v->kind_by_sfen("l"), kBlack));  // instead of White's Lance
    EXPECT_TRUE(position_problems(pos, setup_counts(v)).empty()) << id;
  }
  // Nifu: in the drop games whose Pawn is one per file (Chu Seireigi), not in Chu with drops.
  auto chu_drops = std::make_shared<Variant>(*builtin_variant("chu"));
  chu_drops->set_option("drops", "true");
  const std::vector<std::shared_ptr<const Variant>> games = {builtin_variant("chu-seireigi"),
                                                             chu_drops};
  for (const std::shared_ptr<const Variant>& v : games) {
    Position pos = parse_sfen(v, v->setup);
    pos.remove(make_square(1, 8));  // Black's Pawn from 11i to 12g: two on file 12
    pos.put(make_square(0, 6), make_piece(*v->kind_by_sfen("p"), kBlack));
    auto problems = position_problems(pos, setup_counts(v));
    if (v->id == "chu") {
      EXPECT_TRUE(problems.empty()) << problems[0].what;
      continue;
    }
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].what,
              "2 unpromoted Pawns of Black on file 12 (12g, 12i): game chu-seireigi allows one");
    EXPECT_EQ(problems[0].square, make_square(0, 6));
  }
}

}  // namespace
}  // namespace kirin
