// generate_quiet_checks (the quiescence search's checks in games with a check rule): the quiet
// moves and drops that attack the enemy King, found without playing every quiet move.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "../random_play.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

std::vector<std::string> spelled(const Position& pos, const MoveList& list) {
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(to_usi(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

// The quiet moves after which the other side's royal is attacked, found by playing each.
std::vector<std::string> checks_by_playing(const Position& pos) {
  MoveList quiets, checks;
  generate_quiets(pos, quiets);
  Position work = pos;
  for (const Move& m : quiets) {
    Undo u;
    work.do_move(m, u);
    if (royal_under_attack(work, ~pos.side_to_move())) checks.push(m);
    work.undo_move(m, u);
  }
  return spelled(pos, checks);
}

std::vector<std::string> quiet_checks(const char* game, const char* sfen) {
  const Position pos = parse_sfen(builtin_variant(game), sfen);
  MoveList list;
  generate_quiet_checks(pos, list);
  return spelled(pos, list);
}

TEST(QuietChecks, DropsOnTheSquaresThatAttackTheKing) {
  // White's King on 5a, Black's Pawn on 5c: a Gold checks from 4a, 6a, 4b, 5b and 6b, a
  // Knight from 4c and 6c; the Pawn's step to 5b checks too, promoting or not.
  EXPECT_EQ(quiet_checks("shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b GN 1"),
            (std::vector<std::string>{"5c5b", "5c5b+", "G*4a", "G*4b", "G*5b", "G*6a", "G*6b", "N*4c", "N*6c"}));
  // A Rook on the King's lines up to the first piece (the Pawn on 5c closes the file), a
  // Lance only from below on the file.
  EXPECT_EQ(quiet_checks("shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b RL 1"),
            (std::vector<std::string>{"5c5b", "5c5b+", "L*5b", "R*1a", "R*2a", "R*3a", "R*4a", "R*5b", "R*6a", "R*7a",
                                      "R*8a", "R*9a"}));
}

TEST(QuietChecks, APawnDropThatWouldMateIsLeftOut) {
  // P*1b mates (the Gold on 2c guards it): illegal, so not listed; the Gold's own checks are.
  EXPECT_EQ(quiet_checks("shogi", "7lk/9/7G1/9/9/9/9/9/4K4 b P 1"),
            (std::vector<std::string>{"2c1b", "2c2b"}));
}

TEST(QuietChecks, AMoveThatUncoversARayChecks) {
  // Black's Lance on 5i looks at White's King on 5a past its Silver on 5e: every Silver move
  // off the file checks; none stays on it (a Silver has no straight move but forward, 5d,
  // which still covers the file).
  EXPECT_EQ(quiet_checks("shogi", "4k4/9/9/9/4S4/9/9/9/4L3K b - 1"),
            (std::vector<std::string>{"5e4d", "5e4f", "5e6d", "5e6f"}));
  // Quiet moves only: the Silver's capture on 6d is not listed.
  EXPECT_EQ(quiet_checks("shogi", "4k4/9/9/3p5/4S4/9/9/9/4L3K b - 1"),
            (std::vector<std::string>{"5e4d", "5e4f", "5e6f"}));
}

// In random games of the drop games with a check rule, the checks listed are those found by
// playing every quiet move: in shogi no piece hops or leaps past a checker, so none is missed.
class QuietChecksRandomPlay : public ::testing::TestWithParam<std::string> {};

TEST_P(QuietChecksRandomPlay, EqualThoseFoundByPlayingEveryQuietMove) {
  const auto v = builtin_variant(GetParam());
  std::mt19937 rng(test::random_seed(31031));
  int positions = 0, with_checks = 0, drop_checks = 0;
  for (int g = 0; g < test::random_games(3); ++g) {
    Game game(parse_sfen(v, v->setup));
    while (!game.outcome().over() && game.plies() < 160) {
      const Position& pos = game.position();
      if (!royal_under_attack(pos, pos.side_to_move())) {
        MoveList list;
        generate_quiet_checks(pos, list);
        ASSERT_EQ(spelled(pos, list), checks_by_playing(pos)) << to_sfen(pos);
        ++positions;
        with_checks += list.size > 0;
        drop_checks += std::count_if(list.begin(), list.end(),
                                     [](const Move& m) { return m.is_drop(); });
      }
      MoveList moves;
      generate_moves(pos, moves);
      game.play(moves[int(rng() % unsigned(moves.size))]);
    }
  }
  EXPECT_GT(positions, 100);
  EXPECT_GT(with_checks, 10);
  EXPECT_GT(drop_checks, 10);
}

INSTANTIATE_TEST_SUITE_P(DropGames, QuietChecksRandomPlay,
                         ::testing::Values("shogi", "chu-seireigi"),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           std::erase(name, '-');
                           return name;
                         });

}  // namespace
}  // namespace kirin
