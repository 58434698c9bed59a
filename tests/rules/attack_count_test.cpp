// The attack counts a Position keeps across moves (games whose attacks are all leaps and
// rays) must equal counts made afresh after every move and every unmade move, and attacked()
// and attackers() must answer as each piece's own attack test does. An unmade move leaves the
// piece lists in their order (the order moves are generated in).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "../random_play.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "test_positions.h"

namespace kirin {
namespace {

// The counts against fresh ones; attacked() and attackers() (which stops once it has found as
// many attacks as counted) against each piece's own test (piece_attacks, from its move
// tables), on every square for both colours.
::testing::AssertionResult attacks_agree(const Position& pos) {
  if (!pos.attack_counts_consistent())
    return ::testing::AssertionFailure() << "counts differ from fresh ones in " << to_sfen(pos);
  const Variant& v = pos.variant();
  for (int row = 0; row < v.ranks; ++row)
    for (int col = 0; col < v.files; ++col)
      for (Color c : {kBlack, kWhite}) {
        const Square s = make_square(col, row);
        std::set<Square> expected;
        for (int i = 0; i < pos.count(c); ++i)
          if (pos.piece_attacks(pos.squares(c)[i], s)) expected.insert(pos.squares(c)[i]);
        Square found[256];
        const int n = pos.attackers(s, c, found);
        // A piece's own square is left out: a pass or a standstill move may count as an attack
        // on it in one test and not the other, and no enemy stands there.
        std::set<Square> got(found, found + n);
        got.erase(s);
        expected.erase(s);
        const bool own = is_piece(pos.at(s)) && color_of(pos.at(s)) == c;
        if (got != expected || (!own && pos.attacked(s, c) == expected.empty()))
          return ::testing::AssertionFailure()
                 << "the attackers of (" << col << "," << row << ") of colour " << int(c)
                 << " are wrong in " << to_sfen(pos);
      }
  return ::testing::AssertionSuccess();
}

TEST(AttackCounts, KeptWhereEveryAttackIsALeapOrARay) {
  for (const char* game : {"chu", "dai"}) {
    auto v = builtin_variant(game);
    EXPECT_TRUE(parse_sfen(v, v->setup).keeps_attack_counts()) << game;
  }
}

TEST(AttackCounts, ASliderIsCutAndFreedByTheSquaresItPasses) {
  // A black Lance on 7l looks up the file; a black Gold on 7g cuts its ray, so the White Pawn
  // on 7c and the square 7e are not attacked. The Gold stepping aside (7g6g) frees the ray;
  // taking the move back cuts it again.
  auto v = builtin_variant("chu");
  Position pos = parse_sfen(v, test::make_sfen({{"7l", "L"}, {"7c", "p"}, {"7g", "G"}, {"1l", "K"},
                                                {"12a", "k"}}));
  ASSERT_TRUE(attacks_agree(pos));
  const Square open = parse_square(*v, "7e"), pawn = parse_square(*v, "7c");
  EXPECT_FALSE(pos.attacked(open, kBlack));
  EXPECT_FALSE(pos.attacked(pawn, kBlack));
  const Move aside = parse_usi(pos, "7g6g");
  Undo u;
  pos.do_move(aside, u);
  ASSERT_TRUE(attacks_agree(pos));
  EXPECT_TRUE(pos.attacked(open, kBlack));
  EXPECT_TRUE(pos.attacked(pawn, kBlack));
  pos.undo_move(aside, u);
  ASSERT_TRUE(attacks_agree(pos));
  EXPECT_FALSE(pos.attacked(open, kBlack));
  EXPECT_FALSE(pos.attacked(pawn, kBlack));
}

class AttackCountsAllGames : public ::testing::TestWithParam<std::string> {};

// The pieces of each colour, in list order.
std::vector<Square> piece_list(const Position& pos) {
  std::vector<Square> out;
  for (Color c : {kBlack, kWhite}) {
    out.insert(out.end(), pos.squares(c), pos.squares(c) + pos.count(c));
    out.push_back(kNoSquare);
  }
  return out;
}

TEST_P(AttackCountsAllGames, EqualFreshCountsAfterEveryMoveAndUndo) {
  auto v = builtin_variant(GetParam());
  std::mt19937 rng(test::random_seed(11));
  int checked = 0;
#ifdef KIRIN_SANITIZED
  const int games = test::random_games(1);  // fresh counts are slow under the sanitizers
#else
  const int games = test::random_games(3);
#endif
  for (int g = 0; g < games; ++g) {
    Game game(parse_sfen(v, v->setup));
    for (int ply = 0; ply < 150 && !game.outcome().over(); ++ply) {
      Position pos = game.position();
      ASSERT_TRUE(attacks_agree(pos));
      MoveList all;
      generate_moves(pos, all);
      if (test::check_every_move_at(ply)) {  // every move made and unmade
        for (const Move& m : all) {
          Undo u;
          pos.do_move(m, u);
          ASSERT_TRUE(attacks_agree(pos)) << "after " << to_usi(game.position(), m);
          pos.undo_move(m, u);
          ASSERT_TRUE(attacks_agree(pos)) << "after undoing " << to_usi(game.position(), m);
          ASSERT_EQ(piece_list(pos), piece_list(game.position()))
              << "after undoing " << to_usi(game.position(), m);
          ++checked;
        }
      }
      game.play(all[int(rng() % uint32_t(all.size))]);
    }
  }
  EXPECT_GT(checked, 100);
}

INSTANTIATE_TEST_SUITE_P(Games, AttackCountsAllGames, ::testing::ValuesIn(builtin_variant_ids()),
                         test::game_param_name);

}  // namespace
}  // namespace kirin
