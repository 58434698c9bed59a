// royals_under_attack: a royal stands attacked when the other side, were it its move, has a
// move that takes it, by whatever power. Checked against playing every such move, in random
// games of every game, and in one position per power where that power alone reaches the King
// (the attack tables behind Position::in_check miss it: each test says so first).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "../random_play.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "test_positions.h"

namespace kirin {
namespace {

using test::Put;

std::vector<std::string> names(const Variant& v, const Square* squares, int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(square_name(v, squares[i]));
  return test::sorted(out);
}

// The royals of colour c that royals_under_attack names.
std::vector<std::string> attacked(const Position& pos, Color c) {
  Square found[Position::kMaxRoyals];
  return names(pos.variant(), found, royals_under_attack(pos, c, found));
}

// The royals of colour c that some move of the other side removes from the board, found by
// playing every move it would have with the turn and without the check rule.
std::vector<std::string> taken_by_playing(const Position& pos, Color c) {
  RuleOptions no_check_rule = pos.variant().rules;
  no_check_rule.check_rule = false;
  Position them = pos.with_rules(no_check_rule);
  them.set_side_to_move(~c);
  them.set_counter_strike(kNoSquare);
  Square royals[Position::kMaxRoyals];
  const int n = pos.royals(c, royals, Position::kMaxRoyals);
  bool taken[Position::kMaxRoyals] = {};
  auto list = std::make_unique<MoveList>();
  generate_moves(them, *list);
  for (const Move& m : *list) {
    Undo u;
    them.do_move(m, u);
    for (int i = 0; i < n; ++i) taken[i] |= them.at(royals[i]) != pos.at(royals[i]);
    them.undo_move(m, u);
  }
  Square out[Position::kMaxRoyals];
  int k = 0;
  for (int i = 0; i < n; ++i)
    if (taken[i]) out[k++] = royals[i];
  return names(pos.variant(), out, k);
}

class RoyalAttack : public ::testing::TestWithParam<std::string> {};

TEST_P(RoyalAttack, NamesTheRoyalsThatSomeMoveTakes) {
  auto v = builtin_variant(GetParam());
  std::mt19937 rng(test::random_seed(11));
  int attacks = 0, beyond_tables = 0;
  // Mitsugumi's games end soonest (a King falls): more of them.
  const int games = v->has_untabled_captures ? 12 : 4;
  for (int g = 0; g < test::random_games(games); ++g) {
    Game game(parse_sfen(v, v->setup));
    for (int ply = 0; ply < 160 && !game.outcome().over(); ++ply) {
      const Position& pos = game.position();
      for (Color c : {kBlack, kWhite}) {
        const std::vector<std::string> expected = taken_by_playing(pos, c);
        ASSERT_EQ(attacked(pos, c), expected) << "colour " << int(c) << " in " << to_sfen(pos);
        ASSERT_EQ(royal_under_attack(pos, c), !expected.empty());
        attacks += !expected.empty();
        beyond_tables += pos.in_check(c) != !expected.empty();
      }
      MoveList list;
      generate_moves(pos, list);
      if (list.size == 0) break;
      // Prefer captures: they bring the pieces to the royals sooner.
      Move m = list[int(rng() % uint32_t(list.size))];
      for (int tries = 0; tries < 5 && !is_capture(pos, m); ++tries)
        m = list[int(rng() % uint32_t(list.size))];
      game.play(m);
    }
  }
  EXPECT_GT(attacks, 0);
  // Mitsugumi's powers reach royals the attack tables do not see (or freeze an attacker
  // they count); in every other game the tables see exactly the captures.
  if (v->has_untabled_captures || v->has_freezers)
    EXPECT_GT(beyond_tables, 0);
  else
    EXPECT_EQ(beyond_tables, 0);
}

INSTANTIATE_TEST_SUITE_P(AllGames, RoyalAttack, ::testing::ValuesIn(builtin_variant_ids()),
                         test::game_param_name);

// ---------------------------------------------------------------------------------------------
// Mitsugumi, one power at a time: Black's King against one White piece, Black to move.

Position mitsugumi(const std::vector<Put>& pieces) {
  return parse_sfen(builtin_variant("mitsugumi"), test::board_sfen(13, pieces));
}

TEST(RoyalAttack, MitsugumiRangeCaptureAfterTheGameOfTheReport) {
  // The report: after 12j12i 7c7kx7j+ White's Rook General, promoted to Great General on 7k,
  // can jump Black's Fire Demon on 7l (rank 0, below its 4) and take the King on 7m.
  auto v = builtin_variant("mitsugumi");
  Game game(parse_sfen(v, v->setup));
  for (const char* usi : {"12j12i", "7c7kx7j+"}) game.play(parse_usi(game.position(), usi));
  const Position& pos = game.position();
  EXPECT_EQ(test::piece_on(pos, "7k"), "+z");
  EXPECT_FALSE(pos.in_check(kBlack));  // the tables see no attack through the Fire Demon
  EXPECT_EQ(attacked(pos, kBlack), std::vector<std::string>{"7m"});
}

TEST(RoyalAttack, MitsugumiRangeCaptureOverTwoPieces) {
  // White's Rook General on 7c jumps a Black Pawn (7f) and a White Pawn (7h), both of rank 0,
  // to take the King on 7k.
  Position pos = mitsugumi({{"7c", "z"}, {"7f", "P"}, {"7h", "p"}, {"7k", "K"}, {"1a", "k"}});
  EXPECT_FALSE(pos.in_check(kBlack));
  EXPECT_EQ(attacked(pos, kBlack), std::vector<std::string>{"7k"});
  // A Vice General (rank 3, not below the Rook General's 2) cannot be jumped...
  Position higher = mitsugumi({{"7c", "z"}, {"7f", "V'"}, {"7k", "K"}, {"1a", "k"}});
  EXPECT_TRUE(attacked(higher, kBlack).empty());
  // ...and three pieces between are one too many.
  Position three = mitsugumi({{"7c", "z"},
                              {"7e", "P"},
                              {"7f", "P"},
                              {"7h", "p"},
                              {"7k", "K"},
                              {"1a", "k"}});
  EXPECT_TRUE(attacked(three, kBlack).empty());
}

TEST(RoyalAttack, MitsugumiBurn) {
  // White's Fire Demon on 13g slides along rank g to 8g (or 6g) and burns the King on 7f,
  // which none of its own moves reaches.
  Position pos = mitsugumi({{"13g", "f'"}, {"7f", "K"}, {"1a", "k"}});
  EXPECT_FALSE(pos.in_check(kBlack));
  EXPECT_EQ(attacked(pos, kBlack), std::vector<std::string>{"7f"});
  // A Black Pawn on 12g stops the slide: its diagonals and area moves land nowhere near.
  Position blocked = mitsugumi({{"13g", "f'"}, {"12g", "P"}, {"7f", "K"}, {"1a", "k"}});
  EXPECT_TRUE(attacked(blocked, kBlack).empty());
}

TEST(RoyalAttack, MitsugumiAreaMove) {
  // White's Vice General on 7c reaches 7e in two king steps (7d, or 6d / 8d); its diagonals do
  // not.
  Position pos = mitsugumi({{"7c", "v'"}, {"7e", "K"}, {"1a", "k"}});
  EXPECT_FALSE(pos.in_check(kBlack));
  EXPECT_EQ(attacked(pos, kBlack), std::vector<std::string>{"7e"});
  // Four king steps away (7g) is beyond it.
  Position far = mitsugumi({{"7c", "v'"}, {"7g", "K"}, {"1a", "k"}});
  EXPECT_TRUE(attacked(far, kBlack).empty());
}

TEST(RoyalAttack, MitsugumiIguiAndDoubleIgui) {
  // White's Heavenly Tetrarch on 7e cannot step to 7f (its moves skip the first square), but
  // takes the King there without moving, alone or with the Gold on 6f (double igui).
  const std::vector<Put> pieces = {{"7e", "+c"}, {"7f", "K"}, {"6f", "G"}, {"1a", "k"}};
  Position pos = mitsugumi(pieces);
  EXPECT_FALSE(pos.in_check(kBlack));
  EXPECT_EQ(attacked(pos, kBlack), std::vector<std::string>{"7f"});
  // White, to move, has the double igui among its moves.
  Position white = parse_sfen(pos.variant_ptr(), test::board_sfen(13, pieces, 'w'));
  const Square king = parse_square(white.variant(), "7f"), gold = parse_square(white.variant(), "6f");
  MoveList list;
  generate_moves(white, list);
  EXPECT_TRUE(std::any_of(list.begin(), list.end(), [&](const Move& m) {
    return m.to == m.from && ((m.mid == king && m.kill[0] == gold) ||
                              (m.mid == gold && m.kill[0] == king));
  }));
}

TEST(RoyalAttack, MitsugumiSkippingSlideAndLionHawkIgui) {
  // Powers the attack tables hold: the Tetrarch on 7c skips the Black Pawn on 7d and slides to
  // the King on 7f; the Lion Hawk on 3e takes the King on 3f in place (igui) or by a step.
  Position skip = mitsugumi({{"7c", "+c"}, {"7d", "P"}, {"7f", "K"}, {"1a", "k"}});
  EXPECT_TRUE(skip.in_check(kBlack));
  EXPECT_EQ(attacked(skip, kBlack), std::vector<std::string>{"7f"});
  Position hawk = mitsugumi({{"3e", "+n"}, {"3f", "K"}, {"1a", "k"}});
  EXPECT_TRUE(hawk.in_check(kBlack));
  EXPECT_EQ(attacked(hawk, kBlack), std::vector<std::string>{"3f"});
}

TEST(RoyalAttack, MitsugumiAFrozenPieceAttacksNothing) {
  // White's Rook General on 7c looks down the open file at the King on 7k, but Black's
  // Heavenly Tetrarch on 8c freezes it: it cannot move, so the King is safe. Without the
  // Tetrarch it attacks.
  Position frozen = mitsugumi({{"7c", "z"}, {"8c", "+C"}, {"7k", "K"}, {"1a", "k"}});
  EXPECT_TRUE(frozen.in_check(kBlack));  // the tables count the frozen Rook General
  EXPECT_TRUE(attacked(frozen, kBlack).empty());
  Position free = mitsugumi({{"7c", "z"}, {"8e", "+C"}, {"7k", "K"}, {"1a", "k"}});
  EXPECT_EQ(attacked(free, kBlack), std::vector<std::string>{"7k"});
}

// ---------------------------------------------------------------------------------------------
// The other games: their pieces' captures are all in the attack tables.

TEST(RoyalAttack, ChuLionDoubleCaptureAndIgui) {
  // Chu: White's Lion on 7e takes Black's Pawn on 7f and then the King on 7g, or jumps to it;
  // next to the King it takes it in place too, and the Crown Prince is a royal as well.
  auto v = builtin_variant("chu");
  Position pos = parse_sfen(
      v, test::make_sfen({{"7e", "n"}, {"7f", "P"}, {"7g", "K"}, {"2b", "+e"}, {"1a", "k"}}));
  EXPECT_EQ(attacked(pos, kBlack), std::vector<std::string>{"7g"});
  Position two = parse_sfen(v, test::make_sfen({{"7e", "n"},
                                                {"7f", "K"},
                                                {"9g", "+E"},
                                                {"2b", "+e"},
                                                {"12l", "R"},
                                                {"1a", "k"}}));
  EXPECT_EQ(attacked(two, kBlack), (std::vector<std::string>{"7f", "9g"}));
  EXPECT_EQ(attacked(two, kWhite), std::vector<std::string>{});
}

TEST(RoyalAttack, CheckRuleGamesUseTheSameTest) {
  // Chu Seireigi (check rule): White's Lion Hawk on 7e attacks the King on 7g, and the check
  // rule keeps exactly the moves after which royal_under_attack sees no attack.
  auto v = builtin_variant("chu-seireigi");
  Position pos = parse_sfen(v, test::make_sfen({{"7e", "i"}, {"7g", "K"}, {"1a", "k"}}));
  EXPECT_EQ(attacked(pos, kBlack), std::vector<std::string>{"7g"});
  RuleOptions no_check_rule = v->rules;
  no_check_rule.check_rule = false;
  Position all = pos.with_rules(no_check_rule);
  MoveList every, legal;
  generate_moves(all, every);
  generate_moves(pos, legal);
  int kept = 0;
  for (const Move& m : every) {
    Undo u;
    all.do_move(m, u);
    const bool safe = !royal_under_attack(all, kBlack);
    all.undo_move(m, u);
    kept += safe;
    EXPECT_EQ(safe, std::find(legal.begin(), legal.end(), m) != legal.end()) << to_usi(pos, m);
  }
  EXPECT_EQ(kept, legal.size);
  EXPECT_GT(kept, 0);
}

}  // namespace
}  // namespace kirin
