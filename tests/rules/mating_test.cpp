// The conventions of a mating problem (rules/mating.h): which attacker's moves count, when the
// defender is mated (King and Crown Prince included), and every refusal of check_mating_line.
//
// Every expected answer was worked out by hand from the rules (../shared/rules/chu_shogi.md,
// docs/rules/mitsugumi.md). Squares are USI names: file 1..12 (13) from Black's right, rank a
// from the top; Black moves up, towards rank a. Black attacks and has no King, as in the
// collections.
#include "rules/mating.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "test_positions.h"

namespace kirin {
namespace {

using test::make_sfen;
using test::Put;
using test::sorted;

Position chu(const std::vector<Put>& pieces, char side = 'b') {
  return parse_sfen(builtin_variant("chu"), make_sfen(pieces, side));
}

Position mitsugumi(const std::vector<Put>& pieces, char side = 'b') {
  return parse_sfen(builtin_variant("mitsugumi"), test::board_sfen(13, pieces, side));
}

bool attacks(Position pos, const std::string& usi) {
  const Move m = parse_usi(pos, usi);
  return attacks_royal(pos, m);
}

// The moves a generator of rules/mating.h gives, as sorted USI.
std::vector<std::string> listed(Position pos, void (*generate)(Position&, MoveList&)) {
  MoveList list;
  generate(pos, list);
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(to_usi(pos, m));
  return sorted(out);
}
std::vector<std::string> defences(const Position& pos) { return listed(pos, generate_defences); }
std::vector<std::string> attacks_of(const Position& pos) { return listed(pos, generate_attacks); }

// A line of USI moves played from `game`, each read in the position it is played in.
std::vector<Move> line_of(Game game, const std::vector<std::string>& usi) {
  std::vector<Move> out;
  for (const std::string& text : usi) {
    out.push_back(parse_usi(game.position(), text));
    game.play(out.back());
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// attacks_royal

TEST(AttacksRoyal, PlainCheckCountsAndAMoveAttackingNothingDoesNot) {
  // Gold 5c: on 5b it attacks 5a (forward); back on 5d it attacks 5c, 4c, 6c, 4d, 6d, 5e.
  Position pos = chu({{"5a", "k"}, {"5c", "G"}});
  EXPECT_TRUE(attacks(pos, "5c5b"));
  EXPECT_FALSE(attacks(pos, "5c5d"));
  EXPECT_FALSE(attacks(pos, "5c6c"));  // from 6c: 6b, 5b, 7b, 5c, 7c, 6d
  EXPECT_EQ(attacks_of(pos), sorted({"5c5b", "5c4b", "5c6b"}));  // 4b and 6b reach 5a too
}

TEST(AttacksRoyal, TakingARoyalCountsEvenWhenNothingIsAttackedAfter) {
  // The Rook takes the Crown Prince on 9a; White's Pawn on 7a shields the King on 5a from the
  // Rook's new square. A royal was taken: the move attacks.
  Position pos = chu({{"5a", "k"}, {"9a", "+e"}, {"7a", "p"}, {"9e", "R"}});
  EXPECT_TRUE(attacks(pos, "9e9a"));
  // Sliding to 9b instead attacks the Crown Prince (9a, adjacent on the file).
  EXPECT_TRUE(attacks(pos, "9e9b"));
  // 10e attacks neither royal.
  EXPECT_FALSE(attacks(pos, "9e10e"));
}

TEST(AttacksRoyal, LionDoubleMoveCountsWhenItsFirstStepAttacks) {
  // Lion 5e, White Pawn 6d, White King 5b. On 6d the Lion is two squares from 5b (it attacks
  // it); on 7e it is three away. Taking the Pawn and going on to 7e attacks on the first step
  // only: it counts, as the collections' solutions use it. So does the igui 5e6d5e (the Lion
  // ends on 5e, three from the King). The jump to 7e without the Pawn attacks nothing.
  Position pos = chu({{"5b", "k"}, {"6d", "p"}, {"5e", "N"}});
  EXPECT_TRUE(attacks(pos, "5e6d7e"));
  EXPECT_TRUE(attacks(pos, "5e6d5e"));
  EXPECT_TRUE(attacks(pos, "5e6d"));
  EXPECT_FALSE(attacks(pos, "5e7e"));
  EXPECT_FALSE(attacks(pos, "5e5f"));
}

TEST(AttacksRoyal, ALionPassAttacksNothing) {
  // Lion 5e, White King 5b: passing through 5d (two from the King) and back is no attack,
  // though its first step would be one.
  Position pos = chu({{"5b", "k"}, {"5e", "N"}});
  EXPECT_FALSE(attacks(pos, "5e5d5e"));
  EXPECT_TRUE(attacks(pos, "5e5d"));
}

TEST(AttacksRoyal, UnderTheCheckRuleOnlyTheMoveCounts) {
  // The position of LionDoubleMoveCountsWhenItsFirstStepAttacks under pbmserv's rules, which
  // have the check rule: as in classic tsume every attacking move gives check, and the first
  // step of 5e6d7e does not.
  auto v = builtin_variant("chu");
  v->apply_profile("pbmserv");
  Position pos = parse_sfen(v, make_sfen({{"5b", "k"}, {"6d", "p"}, {"5e", "N"}}));
  EXPECT_FALSE(attacks(pos, "5e6d7e"));
  EXPECT_TRUE(attacks(pos, "5e6d"));
}

TEST(AttacksRoyal, NothingAttacksADefenderWithoutRoyals) {
  Position pos = chu({{"5a", "g"}, {"5c", "G"}});
  EXPECT_FALSE(attacks(pos, "5c5b"));
  EXPECT_TRUE(attacks_of(pos).empty());
}

// ---------------------------------------------------------------------------------------------
// takes_every_royal: King and Crown Prince

TEST(TakesEveryRoyal, OneRoyalAttackedOrBothBySeparatePiecesIsNotEnough) {
  // King 5a, Crown Prince 9a, White Pawn 7a between them. The Rook on 5e attacks the King only.
  Position one = chu({{"5a", "k"}, {"9a", "+e"}, {"7a", "p"}, {"5e", "R"}});
  EXPECT_FALSE(takes_every_royal(one));
  // A second Rook on 9e attacks the Crown Prince: each royal attacked, but no one move takes
  // both.
  Position both = chu({{"5a", "k"}, {"9a", "+e"}, {"7a", "p"}, {"5e", "R"}, {"9e", "R"}});
  EXPECT_FALSE(takes_every_royal(both));
  // Without the Crown Prince, the King alone is taken.
  Position lone = chu({{"5a", "k"}, {"7a", "p"}, {"5e", "R"}});
  EXPECT_TRUE(takes_every_royal(lone));
}

TEST(TakesEveryRoyal, LionDoubleCaptureTakesBoth) {
  // King 5b, Crown Prince 4b; Lion 5c takes 5b and then 4b (next to it): 5c5b4b.
  Position pos = chu({{"5b", "k"}, {"4b", "+e"}, {"5c", "N"}});
  EXPECT_TRUE(takes_every_royal(pos));
  // From 6d the Lion reaches both (each two squares away) but only one at a time: its first
  // step (5c, 6c, ...) lands on an empty square.
  Position far = chu({{"5b", "k"}, {"4b", "+e"}, {"6d", "N"}});
  EXPECT_FALSE(takes_every_royal(far));
}

TEST(TakesEveryRoyal, FireDemonBurnTakesBoth) {
  // Mitsugumi with two White Kings, 7c and 5c. The Fire Demon on 6f steps 6e, 6d (an area move)
  // and burns both Kings, next to 6d: 6f6dx7cx5c.
  Position pos = mitsugumi({{"7c", "k"}, {"5c", "k"}, {"6f", "F'"}});
  EXPECT_TRUE(takes_every_royal(pos));
  EXPECT_TRUE(attacks(pos, "6f6dx7cx5c"));
  // The same two Kings on 8c and 4c, four files apart: no landing square is next to both.
  Position apart = mitsugumi({{"8c", "k"}, {"4c", "k"}, {"6f", "F'"}});
  EXPECT_FALSE(takes_every_royal(apart));
}

// ---------------------------------------------------------------------------------------------
// generate_defences and cannot_keep_royal

TEST(GenerateDefences, ALoneKingMustLeaveTheAttack) {
  // The Rook on 5e attacks the King on 5a along the file: only the King's steps off the file
  // keep it (the Pawn's 7a7b does not).
  Position pos = chu({{"5a", "k"}, {"7a", "p"}, {"5e", "R"}}, 'w');
  EXPECT_EQ(defences(pos), sorted({"5a4a", "5a6a", "5a4b", "5a6b"}));
  EXPECT_FALSE(cannot_keep_royal(pos));
}

TEST(GenerateDefences, WithTheCrownPrinceLosingOneRoyalIsNotTheEnd) {
  // The same attack with a Crown Prince on 9a: whatever White does, Black takes one royal at
  // most, so every legal move defends, those leaving the King attacked included.
  Position pos = chu({{"5a", "k"}, {"9a", "+e"}, {"7a", "p"}, {"5e", "R"}}, 'w');
  EXPECT_EQ(defences(pos), sorted({"5a4a", "5a6a", "5a4b", "5a5b", "5a6b", "9a10a", "9a8a",
                                   "9a10b", "9a9b", "9a8b", "7a7b"}));
  EXPECT_FALSE(cannot_keep_royal(pos));
}

TEST(GenerateDefences, MovesLettingALionTakeBothRoyalsAreNoDefence) {
  // King 5b, Crown Prince 4b, Black Lion 5d (two squares from each). A royal stepping next to
  // the Lion with the other next to it is taken with it by a double capture: 5b5c (5d5c4b),
  // 4b4c (5d4c5b), 4b5c (5d5c5b). Stepping away is a defence: 5b6a leaves them two apart.
  Position pos = chu({{"5b", "k"}, {"4b", "+e"}, {"5d", "N"}}, 'w');
  const std::vector<std::string> d = defences(pos);
  auto has = [&](const std::string& m) { return std::count(d.begin(), d.end(), m) == 1; };
  EXPECT_FALSE(has("5b5c"));
  EXPECT_FALSE(has("4b4c"));
  EXPECT_FALSE(has("4b5c"));
  EXPECT_TRUE(has("5b6a"));
  EXPECT_TRUE(has("4b3a"));
  EXPECT_FALSE(cannot_keep_royal(pos));
}

TEST(CannotKeepRoyal, ALoneKingMatedOrNot) {
  // Gold 1b next to the King on 1a, protected by the Silver on 2c: 1a1b is taken back, 2a and
  // 2b are attacked by the Gold. Mated.
  Position mated = chu({{"1a", "k"}, {"1b", "G"}, {"2c", "S"}}, 'w');
  EXPECT_TRUE(cannot_keep_royal(mated));
  EXPECT_TRUE(defences(mated).empty());
  // Without the Silver the King takes the Gold.
  Position free = chu({{"1a", "k"}, {"1b", "G"}}, 'w');
  EXPECT_EQ(defences(free), sorted({"1a1b"}));
  EXPECT_FALSE(cannot_keep_royal(free));
  // With a Crown Prince far away the same net takes only the King: not mated.
  Position prince = chu({{"1a", "k"}, {"12a", "+e"}, {"1b", "G"}, {"2c", "S"}}, 'w');
  EXPECT_FALSE(cannot_keep_royal(prince));
  // A defender without royals has nothing to keep.
  Position none = chu({{"1a", "g"}, {"5e", "G"}}, 'w');
  EXPECT_TRUE(cannot_keep_royal(none));
}

TEST(CannotKeepRoyal, TwoFrozenKingsTakenByADoubleIgui) {
  // Mitsugumi, two White Kings on 1a and 2a; Black's Heavenly Tetrarch on 2b freezes both (no
  // move at all) and can take both without moving (double igui 2b2a2bx1a). White's only moves
  // are its Pawn's (10e10f): whatever it does, both Kings go. Mated with two royals.
  Position pos = mitsugumi({{"1a", "k"}, {"2a", "k"}, {"2b", "+C"}, {"10e", "p"}}, 'w');
  EXPECT_TRUE(cannot_keep_royal(pos));
  EXPECT_TRUE(defences(pos).empty());
  Position black = mitsugumi({{"1a", "k"}, {"2a", "k"}, {"2b", "+C"}, {"10e", "p"}});
  EXPECT_TRUE(takes_every_royal(black));
  EXPECT_TRUE(attacks(black, "2b2a2bx1a"));
}

TEST(CannotKeepRoyal, AFireDemonsReachIsSeenWholeWithOneRoyal) {
  // Mitsugumi. Black's Fire Demon on 1e (having burned White's Pawn 1d and Gold 2d); White's
  // King 1a, Pawns 2a and 2b, Gold 2f; Black's Rook 1m behind the Demon. White's every move
  // lets the Demon take the King at once, by an area move and a burn the attack tables do not
  // hold: 1a1b is met by 1e1cx1b (1e-1d-1c, burning 1b); 2b2c and each Gold move by 1e1bx1a
  // (1e-1d-1c-1b, burning 1a). Mated.
  Position pos = mitsugumi(
      {{"1a", "k"}, {"2a", "p"}, {"2b", "p"}, {"2f", "g"}, {"1e", "F'"}, {"1m", "R"}}, 'w');
  EXPECT_EQ(defences(pos), std::vector<std::string>{});
  EXPECT_TRUE(cannot_keep_royal(pos));
}

TEST(GenerateDefences, AFrozenPieceAttacksNothing) {
  // Mitsugumi. Black's Gold on 2b stands next to White's King on 1a but also next to White's
  // Heavenly Tetrarch on 3c, which freezes it: it attacks nothing. White keeps its King with
  // every King move (1b, 2a, taking the Gold), the Tetrarch's igui of the Gold, and the
  // Tetrarch's two-square moves that stay next to 2b (3a, 1c); its other moves leave 2b and
  // free the Gold.
  Position pos = mitsugumi({{"1a", "k"}, {"3c", "+c"}, {"2b", "G"}}, 'w');
  EXPECT_EQ(defences(pos), sorted({"1a1b", "1a2a", "1a2b", "3c2b3c", "3c3a", "3c1c"}));
}

// ---------------------------------------------------------------------------------------------
// check_mating_line

// King 1a; Black's Gold 1c and Silver 3c. 1c2b mates: the Gold attacks 1a, 1b and 2a, and the
// Silver protects 2b. 1c1b does not: the King takes the unprotected Gold.
std::vector<Put> mate_in_one() { return {{"1a", "k"}, {"1c", "G"}, {"3c", "S"}}; }

Game chu_game(const std::vector<Put>& pieces, char side = 'b',
              std::shared_ptr<Variant> v = builtin_variant("chu")) {
  return Game(parse_sfen(std::move(v), make_sfen(pieces, side)));
}

TEST(CheckMatingLine, AcceptsAMate) {
  Game g = chu_game(mate_in_one());
  EXPECT_EQ(check_mating_line(g, line_of(g, {"1c2b"})), "");
  // The defender to move first: a Pawn move, then the mate.
  std::vector<Put> pieces = mate_in_one();
  pieces.push_back({"10e", "p"});
  Game w = chu_game(pieces, 'w');
  EXPECT_EQ(check_mating_line(w, line_of(w, {"10e10f", "1c2b"}), kBlack), "");
}

TEST(CheckMatingLine, AcceptsALineEndingWithTheLastRoyalTaken) {
  // Gold 1c2b, King 1a1b (into the attack), Gold takes it: the game ends, White has lost.
  Game g = chu_game(mate_in_one());
  EXPECT_EQ(check_mating_line(g, line_of(g, {"1c2b", "1a1b", "2b1b"})), "");
}

TEST(CheckMatingLine, RefusesEachBrokenLine) {
  Game g = chu_game(mate_in_one());
  EXPECT_EQ(check_mating_line(g, {}), "the line is empty");
  // The Gold cannot go two squares.
  Move jump;
  jump.from = parse_square(g.position().variant(), "1c");
  jump.to = parse_square(g.position().variant(), "1a");
  EXPECT_EQ(check_mating_line(g, {jump}), "move 1: not a legal move");
  // The same, as the third move of a line.
  std::vector<Move> late = line_of(g, {"1c1b", "1a2a"});
  late.push_back(jump);
  EXPECT_EQ(check_mating_line(g, late), "move 3: not a legal move");
  // The Silver to 3b attacks 2a, 4a, 3a: not the King.
  EXPECT_EQ(check_mating_line(g, line_of(g, {"3c3b"})),
            "move 1: the attacker's move attacks no royal");
  // (After 1c1b 1a2a any move would do: the King stands attacked by the Gold.)
  EXPECT_EQ(check_mating_line(g, line_of(g, {"1c1b", "1a1b", "3c3b"})),
            "move 3: the attacker's move attacks no royal");
  EXPECT_EQ(check_mating_line(g, line_of(g, {"1c1b", "1a1b"})),
            "the line ends with the defender's move");
  EXPECT_EQ(check_mating_line(g, line_of(g, {"1c1b"})),
            "the defender is not mated at the end of the line");
  // Black's moves are the attacker's even when the line is said to start with White's: Black
  // is then the defender, and 1c2b is White's "mate" of nothing.
  EXPECT_EQ(check_mating_line(g, line_of(g, {"1c2b"}), kWhite),
            "the line ends with the defender's move");
}

TEST(CheckMatingLine, RefusesALineTheGameEndsOtherwise) {
  // With a limit of one ply the mate ends the game as a draw first.
  auto v = builtin_variant("chu");
  v->set_option("max_plies", "1");
  Game g = chu_game(mate_in_one(), 'b', v);
  EXPECT_EQ(check_mating_line(g, line_of(g, {"1c2b"})),
            "the line ends the game otherwise: draw: move limit reached");
  // A line going on after the game ended.
  v = builtin_variant("chu");
  v->set_option("max_plies", "2");
  Game two = chu_game(mate_in_one(), 'b', v);
  EXPECT_EQ(check_mating_line(two, line_of(two, {"1c1b", "1a2a", "1b2b"})),
            "move 3: the game is already over (draw: move limit reached)");
}

// generate_attacks judges some moves without playing them (those that neither land near a
// royal nor open a line to it): it must list exactly the moves attacks_royal accepts when each
// is played, in every game, drops included, along random games.
class GenerateAttacks : public ::testing::TestWithParam<std::string> {};

TEST_P(GenerateAttacks, ListsWhatPlayingEveryMoveAccepts) {
  auto v = builtin_variant(GetParam());
  std::mt19937 rng(7);
  int listed = 0, positions = 0;
  for (int g = 0; g < 3; ++g) {
    Game game(parse_sfen(v, v->setup));
    for (int ply = 0; ply < 120 && !game.outcome().over(); ++ply) {
      Position pos = game.position();
      MoveList all;
      generate_moves(pos, all);
      if (all.size == 0) break;
      std::vector<std::string> expected;
      for (const Move& m : all)
        if (attacks_royal(pos, m)) expected.push_back(to_usi(pos, m));
      EXPECT_EQ(attacks_of(pos), sorted(expected)) << to_sfen(pos);
      listed += int(expected.size());
      ++positions;
      Move m = all[int(rng() % uint32_t(all.size))];
      for (int tries = 0; tries < 5 && !is_capture(pos, m); ++tries)
        m = all[int(rng() % uint32_t(all.size))];
      game.play(m);
    }
  }
  EXPECT_GT(listed, 0);
  EXPECT_GT(positions, 60) << "the random games ended too soon to test much";
}

INSTANTIATE_TEST_SUITE_P(AllGames, GenerateAttacks, ::testing::ValuesIn(builtin_variant_ids()),
                         test::game_param_name);

}  // namespace
}  // namespace kirin
