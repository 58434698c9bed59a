// Chu Shogi end-of-game rules (docs/spec/chu_shogi.md §7.1 and §9), through kirin::Game.
//
// Every expected result was worked out by hand from the rules text. Squares are USI names:
// file 1..12 from Black's right, rank a..l from the top; Black moves up, towards rank a.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "test_positions.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

using test::make_sfen;
using test::Put;

std::shared_ptr<Variant> chu() { return builtin_variant("chu"); }

std::shared_ptr<Variant> chu_with(const std::string& option, const std::string& value) {
  auto v = chu();
  v->set_option(option, value);
  return v;
}

Game game(const std::vector<Put>& pieces, char side = 'b', std::shared_ptr<Variant> v = chu()) {
  return Game(parse_sfen(std::move(v), make_sfen(pieces, side)));
}

void play(Game& g, const std::string& usi) {
  ASSERT_FALSE(g.outcome().over()) << "game already over before " << usi << ": "
                                   << describe(g.outcome());
  g.play(parse_usi(g.position(), usi));
}

// Plays the moves in order; stops (with a failure) if the game ends early.
void play_all(Game& g, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) {
    play(g, m);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

::testing::AssertionResult ends(const Game& g, Result result, EndReason reason) {
  const Outcome& o = g.outcome();
  if (o.result == result && o.reason == reason) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "outcome is '" << describe(o) << "' after "
                                       << g.plies() << " plies";
}

::testing::AssertionResult ongoing(const Game& g) {
  return ends(g, Result::Ongoing, EndReason::None);
}

// ---------------------------------------------------------------------------------------------
// §7.1.1 Royals lost

TEST(GameRoyals, CapturingTheOnlyKingWins) {
  Game g = game({{"5c", "k"}, {"1a", "g"}, {"2a", "s"}, {"7l", "K"}, {"5k", "R"}, {"9l", "G"}});
  EXPECT_TRUE(ongoing(g));
  play(g, "5k5c");
  EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::RoyalsCaptured));
  EXPECT_EQ(describe(g.outcome()), "Black wins: all royal pieces captured");
  EXPECT_EQ(describe(Outcome{}), "ongoing");
}

TEST(GameRoyals, CrownPrinceKeepsTheGameGoing) {
  // White has a King (5c) and a Crown Prince (9c); both Black Rooks look at them.
  Game g = game({{"5c", "k"},
                 {"9c", "+e"},
                 {"1a", "g"},
                 {"7l", "K"},
                 {"5k", "R"},
                 {"9k", "R"},
                 {"9l", "G"}});
  play(g, "5k5c");
  EXPECT_TRUE(ongoing(g));  // the Crown Prince is royal
  play(g, "1a1b");
  play(g, "9k9c");
  EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::RoyalsCaptured));
}

TEST(GameRoyals, PrinceAloneLikewise) {
  // Black has only a Crown Prince as royal: taking it wins for White.
  Game g = game({{"7l", "+E"}, {"9l", "G"}, {"7a", "k"}, {"7b", "r"}, {"1a", "g"}}, 'w');
  EXPECT_TRUE(ongoing(g));
  play(g, "7b7l");
  EXPECT_TRUE(ends(g, Result::WhiteWins, EndReason::RoyalsCaptured));
}

TEST(GameRoyals, ASideWithoutRoyalsFromTheStartPlaysOn) {
  // A mating problem: Black has no King. The game goes on, on every profile (a lone King
  // against a side without royals is not bared), and ends when White's King goes.
  for (const char* profile : {"lishogi", "jcsa", "pbmserv"}) {
    auto v = chu();
    v->apply_profile(profile);
    Game g = game({{"5c", "k"}, {"5k", "R"}, {"9l", "G"}}, 'b', v);
    EXPECT_TRUE(ongoing(g)) << profile;
    EXPECT_FALSE(g.loses_without_royals(kBlack));
    EXPECT_TRUE(g.loses_without_royals(kWhite));
    play(g, "5k5c");
    EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::RoyalsCaptured)) << profile;
  }
}

TEST(GameRoyals, APrinceGainedWithoutRoyalsIsNoLifeline) {
  // Black starts without royals and promotes a Drunk Elephant to Crown Prince: losing that
  // Prince does not lose the game, since Black could not lose by royals to begin with.
  Game g = game({{"8h", "k"}, {"4e", "E"}, {"9l", "G"}, {"4l", "r"}}, 'b');
  play(g, "4e4d+");
  EXPECT_EQ(g.position().royal_count(kBlack), 1);
  play(g, "4l4d");
  EXPECT_EQ(g.position().royal_count(kBlack), 0);
  EXPECT_TRUE(ongoing(g));
}

// ---------------------------------------------------------------------------------------------
// §7.1.2 Bare king (JCSA), conditions (i)-(v)

TEST(GameBareKing, LoneKingAgainstMoreLoses) {
  // (i) White has one piece, a royal; (ii) Black counts K, G, S = 3; (iii) Black has a royal;
  // (iv) the Black King is not attacked; (v) 3 > 2. Checked whichever side is to move.
  for (char side : {'w', 'b'}) {
    Game g = game({{"5a", "k"}, {"7l", "K"}, {"9l", "G"}, {"3l", "S"}}, side);
    EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::BareKing)) << side;
    EXPECT_EQ(describe(g.outcome()), "Black wins: bare king");
  }
  Game w = game({{"7l", "K"}, {"5a", "k"}, {"9c", "g"}, {"1b", "s"}}, 'b');
  EXPECT_TRUE(ends(w, Result::WhiteWins, EndReason::BareKing));
}

TEST(GameBareKing, CapturingTheLastPieceBares) {
  Game g = game({{"5a", "k"}, {"5d", "g"}, {"7l", "K"}, {"5k", "R"}, {"9l", "G"}});
  EXPECT_TRUE(ongoing(g));
  play(g, "5k5d");
  EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::BareKing));
}

TEST(GameBareKing, PawnsGoBetweensAndDeadLancesOfTheBaringSideDoNotCount) {
  // (ii): Black's King plus only Pawns and a Go-Between counts as one piece.
  Game minors = game({{"5a", "k"}, {"7l", "K"}, {"3g", "P"}, {"4g", "P"}, {"6h", "I"}}, 'w');
  EXPECT_TRUE(ongoing(minors));
  // A Black Lance on Black's last rank (rank a) is dead and does not count: no bare king,
  // and with the dead piece ignored only the two kings are left (§7.1.5).
  Game dead = game({{"5a", "k"}, {"7l", "K"}, {"9a", "L"}}, 'w');
  EXPECT_TRUE(ends(dead, Result::Draw, EndReason::InsufficientMaterial));
  // ...one that can still move does.
  Game live = game({{"5a", "k"}, {"7l", "K"}, {"9k", "L"}}, 'w');
  EXPECT_TRUE(ends(live, Result::BlackWins, EndReason::BareKing));
  // A promoted Pawn is not a Pawn.
  Game tokin = game({{"5a", "k"}, {"7l", "K"}, {"3g", "+P"}}, 'w');
  EXPECT_TRUE(ends(tokin, Result::BlackWins, EndReason::BareKing));
}

TEST(GameBareKing, DeadPiecesOfTheBaredSideAreIgnored) {
  // (i): White's Pawn / Lance on White's last rank (rank l) cannot move and is ignored.
  for (const char* dead : {"p", "l"}) {
    Game g = game({{"5a", "k"}, {"3l", dead}, {"7l", "K"}, {"9l", "G"}, {"1k", "S"}}, 'w');
    EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::BareKing)) << dead;
  }
  Game live = game({{"5a", "k"}, {"3k", "p"}, {"7l", "K"}, {"9l", "G"}, {"1k", "S"}}, 'w');
  EXPECT_TRUE(ongoing(live));
}

TEST(GameBareKing, NoBareKingWithoutAnOpposingRoyal) {
  // (iii): Black has no royal. White (to move) still has its King, so the game goes on.
  Game g = game({{"5a", "k"}, {"9l", "G"}, {"1k", "S"}}, 'w');
  EXPECT_TRUE(ongoing(g));
}

TEST(GameBareKing, NotWhileTheBaredKingAttacksTheOtherRoyal) {
  // (iv): the White King on 5a attacks the Black King on 4b.
  Game g = game({{"5a", "k"}, {"4b", "K"}, {"9l", "G"}, {"1k", "S"}}, 'w');
  EXPECT_TRUE(ongoing(g));
  play(g, "5a4b");
  EXPECT_TRUE(ends(g, Result::WhiteWins, EndReason::RoyalsCaptured));
}

TEST(GameBareKing, ExceptionWhenTheLastBaringPieceCanBeTaken) {
  // (v): Black has exactly two counted pieces and one of them is next to the White King:
  // not bared; taking it leaves King against King, a draw.
  Game g = game({{"5a", "k"}, {"7l", "K"}, {"5b", "G"}}, 'w');
  EXPECT_TRUE(ongoing(g));
  play(g, "5a5b");
  EXPECT_TRUE(ends(g, Result::Draw, EndReason::InsufficientMaterial));
  // Not adjacent: bared.
  Game far = game({{"5a", "k"}, {"7l", "K"}, {"5c", "G"}}, 'w');
  EXPECT_TRUE(ends(far, Result::BlackWins, EndReason::BareKing));
  // Three counted pieces: bared even with one adjacent.
  Game three = game({{"5a", "k"}, {"7l", "K"}, {"5b", "G"}, {"1k", "S"}}, 'w');
  EXPECT_TRUE(ends(three, Result::BlackWins, EndReason::BareKing));
  // Pawns are not counted, so they do not take the exception away.
  Game pawns = game({{"5a", "k"}, {"7l", "K"}, {"5b", "G"}, {"1g", "P"}, {"2g", "P"}}, 'w');
  EXPECT_TRUE(ongoing(pawns));
}

TEST(GameBareKing, OptionOff) {
  Game g = game({{"5a", "k"}, {"7l", "K"}, {"9l", "G"}, {"3l", "S"}}, 'w',
                chu_with("bare_king", "false"));
  EXPECT_TRUE(ongoing(g));
}

// ---------------------------------------------------------------------------------------------
// §7.1.3 No legal move

TEST(GameNoMoves, SideWithoutAMoveLoses) {
  // Black: King 1a walled in by its own Pawns on 2a (dead), 1b and 2b, which are blocked too.
  std::vector<Put> pieces{{"1a", "K"}, {"2a", "P"}, {"1b", "P"}, {"2b", "P"},
                          {"12l", "k"}, {"11l", "g"}};
  Game g = game(pieces, 'b');
  EXPECT_EQ(g.position().side_to_move(), kBlack);
  EXPECT_TRUE(ends(g, Result::WhiteWins, EndReason::NoLegalMoves));
  Game other = game(pieces, 'w');  // White can move
  EXPECT_TRUE(ongoing(other));
  Game off = game(pieces, 'b', chu_with("no_moves_loses", "false"));
  EXPECT_TRUE(ongoing(off));
}

// ---------------------------------------------------------------------------------------------
// §7.1.5 Insufficient material

TEST(GameInsufficientMaterial, KingAgainstKing) {
  Game g = game({{"7l", "K"}, {"6a", "k"}});
  EXPECT_TRUE(ends(g, Result::Draw, EndReason::InsufficientMaterial));
  // Dead Pawns / Lances on their owner's last rank are ignored.
  Game dead = game({{"7l", "K"}, {"3a", "P"}, {"6a", "k"}, {"9l", "l"}});
  EXPECT_TRUE(ends(dead, Result::Draw, EndReason::InsufficientMaterial));
  // A Go-Between can still move: not a draw (and not a bare king either, §7.1 (ii)).
  Game gb = game({{"7l", "K"}, {"3g", "I"}, {"6a", "k"}});
  EXPECT_TRUE(ongoing(gb));
  // A Crown Prince is a royal: Prince against King is also a draw.
  Game prince = game({{"7l", "+E"}, {"6a", "k"}});
  EXPECT_TRUE(ends(prince, Result::Draw, EndReason::InsufficientMaterial));
}

TEST(GameInsufficientMaterial, NotWhileAKingIsAttacked) {
  Game g = game({{"5e", "K"}, {"5d", "k"}});
  EXPECT_TRUE(ongoing(g));
  play(g, "5e5d");
  EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::RoyalsCaptured));
}

// ---------------------------------------------------------------------------------------------
// Ply limit

TEST(GamePlyLimit, DrawAfterMaxPlies) {
  Game g = game({{"7l", "K"}, {"9l", "G"}, {"6a", "k"}, {"4a", "g"}}, 'b',
                chu_with("max_plies", "4"));
  play_all(g, {"9l9k", "4a4b", "9k9l"});
  EXPECT_TRUE(ongoing(g));
  play(g, "4b4a");
  EXPECT_TRUE(ends(g, Result::Draw, EndReason::PlyLimit));
  EXPECT_EQ(describe(g.outcome()), "draw: move limit reached");
}

// ---------------------------------------------------------------------------------------------
// §9 Fourfold repetition

// Two Lions far from everything: each side can pass (Lion step to an empty square and back)
// without attacking anything.
const std::vector<Put> kPassers{{"1l", "K"}, {"9j", "N"}, {"12a", "k"}, {"4c", "n"}};
const char* kBlackPass = "9j9i9j";
const char* kWhitePass = "4c4d4c";

// Plays alternate passes, starting with the side to move, until the game ends or `limit`
// passes have been played; returns how many were played.
int passes_until_end(Game& g, int limit) {
  int n = 0;
  while (!g.outcome().over() && n < limit) {
    g.play(parse_usi(g.position(), g.position().side_to_move() == kBlack ? kBlackPass
                                                                          : kWhitePass));
    ++n;
  }
  return n;
}

TEST(GameRepetition, LishogiJudgesOnlyOnceThirteenPositionsAreStored) {
  // Passes from the start: the start position recurs at plies 2, 4, 6 (fourth occurrence at
  // ply 6 with 7 positions stored), but lishogi judges only with at least 13 positions stored:
  // ply 12.
  Game g = game(kPassers);
  EXPECT_EQ(passes_until_end(g, 11), 11);
  EXPECT_TRUE(ongoing(g));
  EXPECT_EQ(passes_until_end(g, 1), 1);
  EXPECT_TRUE(ends(g, Result::Draw, EndReason::Repetition));
  EXPECT_EQ(describe(g.outcome()), "draw: fourfold repetition");
}

TEST(GameRepetition, ExactModeDrawsOnTheFourthOccurrence) {
  Game g = game(kPassers, 'b', chu_with("repetition", "exact"));
  EXPECT_EQ(passes_until_end(g, 5), 5);
  EXPECT_TRUE(ongoing(g));  // the start position has occurred 3 times
  EXPECT_EQ(passes_until_end(g, 1), 1);
  EXPECT_TRUE(ends(g, Result::Draw, EndReason::Repetition));
}

TEST(GameRepetition, JcsaProfileIsExact) {
  auto v = chu();
  v->apply_profile("jcsa");
  Game g = game(kPassers, 'b', v);
  EXPECT_EQ(passes_until_end(g, 100), 6);
  EXPECT_TRUE(ends(g, Result::Draw, EndReason::Repetition));
}

// With the passers plus: Black Pawn 3g, Black Lance 2k, Black Gold 10e, White Pawn 10f.
// One move M, then passes until the game ends (lishogi repetition). After an irreversible M
// (capture, promotion, Pawn or Lance move) the history restarts at the position after M:
// 13 positions are stored after 12 passes. After a reversible M the start position stays
// stored: 13 positions after 11 passes.
int passes_to_draw_after(const std::string& m) {
  std::vector<Put> pieces = kPassers;
  pieces.push_back({"3g", "P"});
  pieces.push_back({"2k", "L"});
  pieces.push_back({"10e", "G"});
  pieces.push_back({"10f", "p"});
  Game g = game(pieces);
  play(g, m);
  int n = passes_until_end(g, 100);
  EXPECT_TRUE(ends(g, Result::Draw, EndReason::Repetition)) << m;
  return n;
}

TEST(GameRepetition, IrreversibleMovesResetTheHistory) {
  EXPECT_EQ(passes_to_draw_after("3g3f"), 12);      // Pawn move
  EXPECT_EQ(passes_to_draw_after("2k2j"), 12);      // Lance move
  EXPECT_EQ(passes_to_draw_after("10e10f"), 12);    // capture
  EXPECT_EQ(passes_to_draw_after("10e10d+"), 12);   // promotion
  EXPECT_EQ(passes_to_draw_after("10e11e"), 11);    // reversible Gold move
  EXPECT_EQ(passes_to_draw_after("10e10d"), 11);    // entering the zone without promoting
}

// Perpetual attack. White's Rook shuttles 12c-12b-12c, attacking the Black Gold on 12h after
// every move; Black's King shuttles 1l-2l, attacking nothing. White's first move 12e12c is
// already an attack, so from the first occurrence of the repeated position (after ply 2)
// White made only attacking moves and Black none. The fourth occurrence comes at ply 14.
const std::vector<Put> kPerpetual{{"1l", "K"}, {"12h", "G"}, {"6a", "k"}, {"12e", "r"}};
const std::vector<std::string> kPerpetualMoves{
    "1l2l", "12e12c", "2l1l", "12c12b", "1l2l", "12b12c", "2l1l",
    "12c12b", "1l2l", "12b12c", "2l1l", "12c12b", "1l2l", "12b12c"};

TEST(GamePerpetual, AttackerLosesLishogi) {
  Game g = game(kPerpetual);
  play_all(g, std::vector<std::string>(kPerpetualMoves.begin(), kPerpetualMoves.end() - 1));
  EXPECT_TRUE(ongoing(g));
  play(g, kPerpetualMoves.back());
  EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::PerpetualAttack));
}

TEST(GamePerpetual, AttackerLosesExact) {
  Game g = game(kPerpetual, 'b', chu_with("repetition", "exact"));
  play_all(g, std::vector<std::string>(kPerpetualMoves.begin(), kPerpetualMoves.end() - 1));
  EXPECT_TRUE(ongoing(g));
  play(g, kPerpetualMoves.back());
  EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::PerpetualAttack));
}

TEST(GamePerpetual, OptionOffMakesItADraw) {
  Game g = game(kPerpetual, 'b', chu_with("perpetual_attacker_loses", "false"));
  play_all(g, kPerpetualMoves);
  EXPECT_TRUE(ends(g, Result::Draw, EndReason::Repetition));
}

TEST(GamePerpetual, AttackerWhoDidNotCompleteTheRepetitionLosesExact) {
  // Black's Rook shuttles 1j-1k attacking the White Gold on 1e; White's King shuttles
  // 12a-11a. The start position recurs for the fourth time after White's 12th-ply move.
  // Since the first occurrence Black made only attacking moves and White none: Black loses.
  Game g = game({{"7l", "K"}, {"1j", "R"}, {"12a", "k"}, {"1e", "g"}}, 'b',
                chu_with("repetition", "exact"));
  std::vector<std::string> cycle{"1j1k", "12a11a", "1k1j", "11a12a"};
  for (int i = 0; i < 3; ++i) play_all(g, cycle);
  EXPECT_EQ(g.plies(), 12);
  EXPECT_TRUE(ends(g, Result::WhiteWins, EndReason::PerpetualAttack));
}

TEST(GamePerpetual, CycleFromTheStartPositionExact) {
  // Rook already on 12c: the start position is the first occurrence, and from there White
  // made only attacking moves. Fourth occurrence at ply 12, after White's move.
  Game g = game({{"1l", "K"}, {"12h", "G"}, {"6a", "k"}, {"12c", "r"}}, 'b',
                chu_with("repetition", "exact"));
  std::vector<std::string> cycle{"1l2l", "12c12b", "2l1l", "12b12c"};
  for (int i = 0; i < 3; ++i) play_all(g, cycle);
  EXPECT_EQ(g.plies(), 12);
  EXPECT_TRUE(ends(g, Result::BlackWins, EndReason::PerpetualAttack));
}

TEST(GamePerpetual, BothSidesAttackingIsADraw) {
  // Black Rook 1j-1k attacks the White Gold on 1e; White Rook 12e-12d attacks the Black Gold
  // on 12h. Both attack every move: plain fourfold repetition at ply 12.
  for (const char* mode : {"lishogi", "exact"}) {
    Game g = game({{"7l", "K"}, {"1j", "R"}, {"12h", "G"}, {"6a", "k"}, {"1e", "g"}, {"12e", "r"}},
                  'b', chu_with("repetition", mode));
    std::vector<std::string> cycle{"1j1k", "12e12d", "1k1j", "12d12e"};
    for (int i = 0; i < 3; ++i) play_all(g, cycle);
    EXPECT_EQ(g.plies(), 12) << mode;
    EXPECT_TRUE(ends(g, Result::Draw, EndReason::Repetition)) << mode;
  }
}

}  // namespace
}  // namespace kirin
