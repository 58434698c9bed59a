// The mate solver (engine/mate_search.h) on small problems that need each power of the games:
// Lion double moves and igui, counter-strike, burning, freezing, range captures, area moves,
// drops (and the Pawn-drop rule), a King with a Crown Prince; positions with no mate; the
// defender-to-move form; every line returned replayed under the conventions; the limits.
//
// Each position was worked out by hand (the comments); squares are USI names, file 1 on Black's
// right, rank a at the top; Black moves up and attacks without a King, as in the collections.
// The budgets are small: each solve here takes a few hundred nodes at most, but those of the
// limits (a depth limit that grows, a full table), which need a few thousand and 150,000.
#include "engine/mate_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "notation/problems.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/mating.h"
#include "rules/movegen.h"
#include "../rules/test_positions.h"

namespace kirin {

// gtest prints a status by name.
inline void PrintTo(MateStatus s, std::ostream* os) { *os << to_string(s); }

namespace {

using test::Put;

int board_size(const std::string& id) {
  return id == "shogi" ? 9 : id == "mitsugumi" ? 13 : id == "dai" ? 15 : 12;
}

Game game(const std::string& id, const std::vector<Put>& pieces, char side = 'b',
          const std::string& third = "-") {
  return Game(parse_sfen(builtin_variant(id), test::board_sfen(board_size(id), pieces, side,
                                                               third)));
}

// The solver's answer: `max_moves` 0 looks for any mate; `attacker` given, the search starts
// with the defender's move.
MateResult solve(const Game& g, int max_moves = 0, std::optional<Color> attacker = {}) {
  MateSolver solver(4);
  MateLimits limits;
  limits.nodes = 50000;
  limits.max_moves = max_moves;
  return solver.solve(g, limits, attacker);
}

// The line in USI, each move written in the position it is played in.
std::vector<std::string> usi(Game g, const std::vector<Move>& line) {
  std::vector<std::string> out;
  for (const Move& m : line) {
    out.push_back(to_usi(g.position(), m));
    g.play(m);
  }
  return out;
}

// A mate in `moves`, its line replaying as a mate under the conventions.
::testing::AssertionResult mates_in(const Game& g, const MateResult& r, int moves,
                                    std::optional<Color> attacker = {}) {
  if (r.status != MateStatus::Mate)
    return ::testing::AssertionFailure() << "status " << to_string(r.status);
  const std::vector<std::string> line = usi(g, r.line);
  std::string text;
  for (const std::string& m : line) text += " " + m;
  if (r.mate_moves() != moves)
    return ::testing::AssertionFailure() << "mate in " << r.mate_moves() << ":" << text;
  const std::string why =
      check_mating_line(g, r.line, attacker.value_or(g.position().side_to_move()));
  if (!why.empty()) return ::testing::AssertionFailure() << why << ":" << text;
  return ::testing::AssertionSuccess() << text;
}

// White to move and Black attacking: the defence the solver proves refutes every mate (within
// `max_moves`), in USI; empty, with a failure, if it does not answer NoMate.
std::vector<std::string> refutation(const Game& g, int max_moves = 0) {
  const MateResult r = solve(g, max_moves, kBlack);
  EXPECT_EQ(r.status, MateStatus::NoMate);
  EXPECT_EQ(r.line.size(), 1u);
  return r.status == MateStatus::NoMate ? usi(g, r.line) : std::vector<std::string>{};
}

bool one_of(const std::string& move, const std::vector<std::string>& set) {
  return std::find(set.begin(), set.end(), move) != set.end();
}

// ---------------------------------------------------------------------------------------------
// Chu Shogi: Lion double moves, igui, counter-strike, King and Crown Prince

TEST(MateSolverChu, LionDoubleMoveMates) {
  // King 1a; White Golds 3b and 3c guard each other (3b covers 3a, 3c, 2c; 3c covers 3b, 2c).
  // The Lion on 4c mates from any square two from the King that no Gold covers: it must take
  // a Gold on the way. 4c3c3b and 4c3b3c take both; 4c3b3a takes 3b and stands where 3c does
  // not reach. Landing on one Gold is met by the other; 2c is covered; next to the King it is
  // taken. (From 3a, 3b or 3c the Lion covers 1b, 2a and 2b, and nothing takes it.) The same
  // in Dai Shogi.
  for (const char* id : {"chu", "dai"}) {
    const Game g = game(id, {{"1a", "k"}, {"3b", "g"}, {"3c", "g"}, {"4c", "N"}});
    const MateResult r = solve(g);
    ASSERT_TRUE(mates_in(g, r, 1)) << id;
    EXPECT_TRUE(r.line[0].is_two_step()) << id;
    EXPECT_TRUE(one_of(usi(g, r.line)[0], {"4c3c3b", "4c3b3c", "4c3b3a"})) << id;
  }
}

TEST(MateSolverChu, LionChecksWithItsFirstStepOnly) {
  // King 1a; White Golds 2b (covers 2a, 1b, 3b, 2c, 1c, 3c) and 3c (covers 3b, 2c, 4c, 3d, 2d,
  // 4d). No mate in 1: the Lion on 4d landing on 3c, 3b or 2c is taken by a Gold, landing on
  // 2b next to the King is taken by it, and any move that takes a Gold and ends three from the
  // King leaves it unattacked. Mate in 2: 4d3c4c (or 4d3c4b) takes the Gold on 3c, from where
  // the Lion attacks the King, and steps back: a check by its first step only, as the
  // collections count it. White's King goes to 1b (2a is attacked) or the Gold moves; then the
  // Lion lands two from the King where the Gold does not reach (3a after 1a1b: it covers 1a,
  // 2a, 1c and 2c; after a Gold move 3b, 2c or the Gold's square) and mates.
  const Game g = game("chu", {{"1a", "k"}, {"2b", "g"}, {"3c", "g"}, {"4d", "N"}});
  const MateResult r = solve(g);
  ASSERT_TRUE(mates_in(g, r, 2));
  EXPECT_TRUE(one_of(usi(g, r.line)[0], {"4d3c4c", "4d3c4b"}));
  Position after = g.position();
  Undo u;
  after.do_move(r.line[0], u);
  EXPECT_FALSE(royal_under_attack(after, kWhite));  // the first step attacked, the end not
}

TEST(MateSolverChu, LionDoubleCaptureIsTheOnlyEvasion) {
  // White to move. Gold 1b and Silver 2b both attack the King on 1a; the Lance on 1l guards 1b
  // (through the empty file) and the Gold guards 2b, so the King cannot take either; 2a is
  // covered by both. White's Lion on 3c takes the Silver and then the Gold (3c2b1b) and stands
  // on 1b, shielding the file: the only move that keeps the King (taking one checker leaves
  // the other; 3c1b2b leaves the Lance's file open). Black, with a Lance alone, has no mate.
  const Game g = game("chu", {{"1a", "k"}, {"3c", "n"}, {"1b", "G"}, {"2b", "S"}, {"1l", "L"}},
                      'w');
  EXPECT_EQ(refutation(g), std::vector<std::string>{"3c2b1b"});
}

TEST(MateSolverChu, IguiIsTheOnlyEvasion) {
  // White to move. Black's Gold on 2a attacks the King on 1a and covers 2b; the Silver on 3b
  // guards it. White's Lion on 1b shields the King from the Rook on 1l. Taking the Gold by
  // moving there opens the file; only the igui 1b2a1b takes it and stays. Black then has a
  // Rook and a Silver against King and Lion: no mate.
  const Game g = game("chu", {{"1a", "k"}, {"1b", "n"}, {"2a", "G"}, {"3b", "S"}, {"1l", "R"}},
                      'w');
  EXPECT_EQ(refutation(g), std::vector<std::string>{"1b2a1b"});
}

// King 1a; White's Lion 1d shields it from the Rook on 1l; Black's Gold 2c and Silver 3b cover
// 2b and 2a. 1l1d (or 1l1d+) takes the Lion and mates: nothing can take the Rook or come
// between, and 1b is on the file. Black's other checks (2c2b, 2c1b) are met by the King taking.
// With the counter-strike square set (White's Gold has just taken a Lion on 9i), no non-Lion
// of Black's may take a Lion this move (lishogi's profile): the mate is gone.
std::vector<Put> rook_takes_lion() {
  return {{"1a", "k"}, {"1d", "n"}, {"1l", "R"}, {"2c", "G"}, {"3b", "S"}, {"9i", "g"}};
}

TEST(MateSolverChu, CounterStrikeRefutesAMate) {
  const Game free = game("chu", rook_takes_lion());
  const MateResult r = solve(free);
  ASSERT_TRUE(mates_in(free, r, 1));
  EXPECT_TRUE(one_of(usi(free, r.line)[0], {"1l1d", "1l1d+"}));
  const Game armed = game("chu", rook_takes_lion(), 'b', "9i");
  EXPECT_EQ(solve(armed).status, MateStatus::NoMate);
}

// White to move; Black's Lion on 3d threatens to land on 3c (or 2c, 1c, 3b), two squares from
// the cornered King, where it covers 1b, 2a and 2b and nothing reaches it. White's Gold on 3e
// could take it now (3e3d).
std::vector<Put> lion_threat() { return {{"1a", "k"}, {"3d", "N"}, {"3e", "g"}, {"9i", "G"}}; }

TEST(MateSolverChu, CounterStrikeMakesAMate) {
  // Black's Gold has just taken a White Lion on 9i: White's non-Lions (the Gold, the King) may
  // not take a Lion this move. White's King steps to 2a (1b and 2b are attacked) or its Gold
  // moves elsewhere; 3d3c mates after either (from 3c the Lion covers 1a, 3a, 1b, 2b, 3b too).
  const Game armed = game("chu", lion_threat(), 'w', "9i");
  const MateResult r = solve(armed, 0, kBlack);
  ASSERT_TRUE(mates_in(armed, r, 1, kBlack));
  EXPECT_EQ(r.line.size(), 2u);  // a defence and the mate
  // Without it the Gold takes the Lion, and Black has nothing left to mate with.
  const Game free = game("chu", lion_threat(), 'w');
  EXPECT_EQ(refutation(free), std::vector<std::string>{"3e3d"});
}

TEST(MateSolverChu, KingAndCrownPrinceLoseOnlyTogether) {
  // King 1a, Crown Prince 9a. Gold 1c and Silver 3c net the King (1c2b would mate a lone King)
  // but the Prince would live on. The Rook takes the Prince (9e9a) and, from 9a, attacks the
  // King along rank a: 1b (Gold), 2a (Rook) and 2b (Silver, Gold) are covered. Mate in 1. The
  // same in Dai Shogi.
  for (const char* id : {"chu", "dai"}) {
    const Game g = game(id, {{"1a", "k"}, {"9a", "+e"}, {"9e", "R"}, {"1c", "G"}, {"3c", "S"}});
    const MateResult r = solve(g);
    ASSERT_TRUE(mates_in(g, r, 1)) << id;
    EXPECT_TRUE(one_of(usi(g, r.line)[0], {"9e9a", "9e9a+"})) << id;
  }
  // With the Prince out of reach on 12a there is no mate at all: taking the King leaves it.
  const Game far = game("chu", {{"1a", "k"}, {"12a", "+e"}, {"1c", "G"}, {"3c", "S"}});
  EXPECT_EQ(solve(far).status, MateStatus::NoMate);
}

// ---------------------------------------------------------------------------------------------
// Mitsugumi: burning, freezing, range captures, area moves, two Kings

TEST(MateSolverMitsugumi, FireDemonBurnsTheGuards) {
  // King 1a boxed in by its Pawns 1b, 2a, 2b; Golds 1c and 3c guard 2d. The Fire Demon slides
  // 5g-4f-3e-2d and burns both Golds (5g2dx3cx1c). White's only moves are 1b1c and 2b2c (2a is
  // blocked, the King hemmed in, nothing reaches 2d); the Demon then steps to 1b (2d-2c-1b) or
  // to 2b (2d-1c-2b) and burns the King. Mate in 1 (the solver answered mate in 2 while the
  // defences of a lone King were filtered by the attack tables, which miss those burns).
  const Game g = game("mitsugumi", {{"1a", "k"}, {"1b", "p"}, {"2a", "p"}, {"2b", "p"},
                                    {"1c", "g"}, {"3c", "g"}, {"5g", "F'"}});
  ASSERT_TRUE(mates_in(g, solve(g), 1));
}

TEST(MateSolverMitsugumi, BurningIsTheOnlyEvasion) {
  // White to move. Gold 1b and Silver 2b both attack the King on 1a; the Lance on 1m guards 1b
  // and the Gold guards 2b; 2a is covered. White's Fire Demon on 4d must remove both, and
  // shield the file: take the Gold and burn the Silver (4d1bx2b, by 4d-3c-2c-1b) or land on 1c
  // and burn both (4d1cx2bx1b). Taking the Silver and burning the Gold opens the file; landing
  // on 2c likewise.
  const Game g = game("mitsugumi",
                      {{"1a", "k"}, {"1b", "G"}, {"2b", "S"}, {"1m", "L"}, {"4d", "f'"}}, 'w');
  const std::vector<std::string> defence = refutation(g);
  ASSERT_EQ(defence.size(), 1u);
  EXPECT_TRUE(one_of(defence[0], {"4d1bx2b", "4d1cx2bx1b"}));
}

TEST(MateSolverMitsugumi, TetrarchFreezesTheKing) {
  // The Heavenly Tetrarch on 3d slides diagonally over 2c to 1b, next to the King: the King is
  // frozen (it cannot take the unguarded Tetrarch), nothing else of White's reaches 1b, and
  // the Tetrarch's igui takes the King next. No other square next to the King is on its lines.
  const Game g = game("mitsugumi", {{"1a", "k"}, {"3d", "+C"}, {"10j", "p"}});
  const MateResult r = solve(g);
  ASSERT_TRUE(mates_in(g, r, 1));
  EXPECT_EQ(usi(g, r.line), std::vector<std::string>{"3d1b"});
}

TEST(MateSolverMitsugumi, TwoKingsTakenOneThenFrozen) {
  // Two White Kings, 1a and 2a. The Tetrarch on 4c slides over 3b and takes the King on 2a;
  // the other, next to it, is frozen, and the igui takes it next.
  const Game g = game("mitsugumi", {{"1a", "k"}, {"2a", "k"}, {"4c", "+C"}, {"10j", "p"}});
  const MateResult r = solve(g);
  ASSERT_TRUE(mates_in(g, r, 1));
  EXPECT_EQ(usi(g, r.line), std::vector<std::string>{"4c2a"});
}

// King 1a boxed in by its Pawns 1b, 2a, 2b; a Black slider on 5f.
std::vector<Put> boxed_king(const std::string& slider) {
  return {{"1a", "k"}, {"1b", "p"}, {"2a", "p"}, {"2b", "p"}, {"5f", slider}, {"10j", "p"}};
}

TEST(MateSolverMitsugumi, RangeCaptureOverThePawns) {
  // The Rook General (range capture over two pieces of lower rank) on 1f or 5a attacks the
  // King over one Pawn; a single piece put between still leaves two to jump, nothing takes
  // the General, the King cannot move. A plain Rook has no attacking move at all.
  const Game g = game("mitsugumi", boxed_king("Z"));
  const MateResult r = solve(g);
  ASSERT_TRUE(mates_in(g, r, 1));
  EXPECT_TRUE(one_of(usi(g, r.line)[0], {"5f1f", "5f5a", "5f5a+"}));
  EXPECT_EQ(solve(game("mitsugumi", boxed_king("R"))).status, MateStatus::NoMate);
}

TEST(MateSolverMitsugumi, VicesGeneralsAreaMove) {
  // The Vice General on 4f (Bishop, and up to three King steps through empty squares) lands
  // with King steps within three steps of the King (4d, 3d, 4c, 3c, 2c, or takes the Gold on
  // 1d); from there it reaches 1a, 1b, 2a and 2b. On its diagonal, 1c is guarded by the Gold,
  // and 2d (taking nothing) is next to it. A plain Bishop has no attacking move.
  const Game g = game("mitsugumi", {{"1a", "k"}, {"1d", "g"}, {"4f", "V'"}, {"10j", "p"}});
  const MateResult r = solve(g);
  ASSERT_TRUE(mates_in(g, r, 1));
  EXPECT_TRUE(one_of(usi(g, r.line)[0], {"4f4d", "4f3d", "4f4c", "4f3c", "4f2c", "4f1d"}));
  EXPECT_EQ(solve(game("mitsugumi", {{"1a", "k"}, {"1d", "g"}, {"4f", "B"}, {"10j", "p"}}))
                .status,
            MateStatus::NoMate);
}

// ---------------------------------------------------------------------------------------------
// Drops: shogi, Chu Seireigi, Dai Seireigi

TEST(MateSolverDrops, GoldDropMates) {
  // Shogi. King 5a, Gold 5c; G*5b, guarded by 5c, covers 4a, 6a, 4b, 6b. Moving the Gold to 5b
  // instead leaves it unguarded.
  const Game g = game("shogi", {{"5a", "k"}, {"5c", "G"}}, 'b', "G");
  const MateResult r = solve(g);
  ASSERT_TRUE(mates_in(g, r, 1));
  EXPECT_EQ(usi(g, r.line), std::vector<std::string>{"G*5b"});
}

TEST(MateSolverDrops, TheDefenderInterposesADrop) {
  // Shogi. King 1a; the Rook on 9b covers rank b; the Rook from 5i to 5a attacks along rank a.
  // With a Gold in hand White drops it between (2a, 3a or 4a): no mate in 1. Without, mate.
  const std::vector<Put> rooks = {{"1a", "k"}, {"9b", "R"}, {"5i", "R"}};
  EXPECT_EQ(solve(game("shogi", rooks, 'b', "g"), 1).status, MateStatus::NoMate);
  const Game bare = game("shogi", rooks);
  const MateResult r = solve(bare, 1);
  ASSERT_TRUE(mates_in(bare, r, 1));
  EXPECT_TRUE(one_of(usi(bare, r.line)[0], {"5i5a", "5i5a+"}));
  // The defender to move after 5i5a: the refutation is a drop.
  Game after = game("shogi", rooks, 'b', "g");
  after.play(parse_usi(after.position(), "5i5a+"));
  const std::vector<std::string> defence = refutation(after, 1);
  ASSERT_EQ(defence.size(), 1u);
  EXPECT_TRUE(one_of(defence[0], {"G*2a", "G*3a", "G*4a"}));
}

TEST(MateSolverDrops, NoMateByAPawnDrop) {
  // Shogi. King 1a, Gold 2c (covers 1b, 2b), Silver 3b (covers 2a). P*1b would mate and is
  // illegal; the Gold's checks (2c2b, 2c1b) are met by the King taking. No mate at all; with a
  // Gold in hand instead, G*1b (or G*2a, G*2b) mates.
  const std::vector<Put> net = {{"1a", "k"}, {"2c", "G"}, {"3b", "S"}};
  EXPECT_EQ(solve(game("shogi", net, 'b', "P")).status, MateStatus::NoMate);
  const Game gold = game("shogi", net, 'b', "G");
  const MateResult r = solve(gold);
  ASSERT_TRUE(mates_in(gold, r, 1));
  EXPECT_TRUE(r.line[0].is_drop());
}

TEST(MateSolverDrops, NoMateByAPawnDropInTheSeireigiGames) {
  // King 1a boxed in by its Lance 2a and Pawn 2b; the Gold on 1c guards 1b. P*1b would mate;
  // G*1b does. (No other Black move attacks the King.)
  const std::vector<Put> box = {{"1a", "k"}, {"2a", "l"}, {"2b", "p"}, {"1c", "G"}};
  for (const char* id : {"chu-seireigi-2023", "chu-seireigi", "dai-seireigi"}) {
    EXPECT_EQ(solve(game(id, box, 'b', "P"), 1).status, MateStatus::NoMate) << id;
    const Game gold = game(id, box, 'b', "G");
    const MateResult r = solve(gold);
    ASSERT_TRUE(mates_in(gold, r, 1)) << id;
    EXPECT_EQ(usi(gold, r.line), std::vector<std::string>{"G*1b"}) << id;
  }
}

// Shogi's futile interpositions (無駄合): not counted, still mated.

// 透かし詰: the Rook on 9b holds rank b, the Knight on 3c guards 2a and 4a; 5i5a checks along
// rank a and every interposition (G*4a, G*3a, G*2a) is taken for nothing by the Rook.
Game see_through_mate() {
  return game("shogi", {{"1a", "k"}, {"9b", "R"}, {"3c", "N"}, {"5i", "R"}}, 'b', "g");
}

MateResult solve_counting_every_interposition(const Game& g, int max_moves = 0) {
  MateSolver solver(4);
  MateLimits limits;
  limits.nodes = 50000;
  limits.max_moves = max_moves;
  limits.futile_interpositions = false;
  return solver.solve(g, limits);
}

TEST(MateSolverFutile, OnlyFutileInterpositionsLeftIsAMateInOne) {
  const Game g = see_through_mate();
  const MateResult r = solve(g);
  ASSERT_EQ(r.status, MateStatus::Mate);
  EXPECT_EQ(r.mate_moves(), 1);
  EXPECT_TRUE(one_of(usi(g, r.line)[0], {"5i5a", "5i5a+"}));
  EXPECT_EQ(check_mating_line(g, r.line, kBlack, true), "");
  // Counting every interposition: the Gold is dropped, taken, and then it is mate.
  EXPECT_EQ(solve_counting_every_interposition(g, 1).status, MateStatus::NoMate);
  EXPECT_TRUE(mates_in(g, solve_counting_every_interposition(g), 2));
}

TEST(MateSolverFutile, TheDefenderToMoveWithOnlyFutileInterpositionsIsMatedAlready) {
  Game g = see_through_mate();
  g.play(parse_usi(g.position(), "5i5a"));
  const MateResult r = solve(g, 0, kBlack);
  EXPECT_EQ(r.status, MateStatus::Mate);
  EXPECT_EQ(r.mate_moves(), 0);
  MateSolver solver(4);
  MateLimits every;
  every.futile_interpositions = false;
  EXPECT_TRUE(mates_in(g, solver.solve(g, every, kBlack), 1, kBlack));
}

TEST(MateSolverFutile, TheMateStillHoldsAfterAFutileInterposition) {
  for (const char* drop : {"G*4a", "G*3a", "G*2a"}) {
    Game g = see_through_mate();
    g.play(parse_usi(g.position(), "5i5a"));
    g.play(parse_usi(g.position(), drop));
    EXPECT_TRUE(mates_in(g, solve_counting_every_interposition(g), 1)) << drop;
    EXPECT_TRUE(mates_in(g, solve(g), 1)) << drop;
  }
}

TEST(MateSolverFutile, AFutileInterpositionThatOpensAFlightRefutesTheMate) {
  // B*3g checks the King on 1e along the diagonal; White's own pieces stand on its other
  // squares (1d, 2d, 2e, 1f). The Pawn's 2e2f is futile by the convention (3g2f takes it, the
  // Knight on 3h guards 2f), but it opens 2e, and from there the King escapes: no mate. The
  // convention counts moves; it must not make a mate of a position that has none, so the
  // futile interpositions are searched too (after the counted defences), not left out.
  const Game g = game("shogi", {{"1e", "k"}, {"2e", "p"}, {"1d", "p"}, {"2d", "s"}, {"1f", "l"},
                                {"3h", "N"}}, 'b', "B");
  Game checked = g;
  checked.play(parse_usi(checked.position(), "B*3g"));
  Position after = checked.position();
  ASSERT_TRUE(is_futile_interposition(after, parse_usi(after, "2e2f")));
  EXPECT_EQ(solve(g).status, MateStatus::NoMate);
  EXPECT_EQ(solve_counting_every_interposition(g).status, MateStatus::NoMate);
}

TEST(MateSolverFutile, TheConventionGivesShogiMusoProblem79ItsLength) {
  // Shogi Muso 79 after its first eight plies (S*6i 5g6i+ S*7i 6i7i 9h8i 7h8i G*8h 8i9i): the
  // book ends 8h7h 9i9h 2b8h+, a mate in 2. 8h7h uncovers the Bishop on 2b, and White can drop
  // a piece on each of 8h, 7g, 6f, 5e, 4d and 3c, every one taken for nothing (8h is guarded
  // by the Gold): in 2 by the convention, not in 3 counting every interposition. Each of those
  // drops must still lose, and so must the drops after it: most of the 87,000 nodes.
  const Problem* p = find_problem("shogi-tsume-muso", "M79");
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->published_moves(), 6);
  Game g(parse_sfen(builtin_variant("shogi"), p->sfen));
  for (int i = 0; i < 8; ++i) g.play(parse_usi(g.position(), p->solution[i]));
  MateSolver solver(16);
  MateLimits limits;
  limits.nodes = 200000;
  const MateResult r = solver.solve(g, limits);
  ASSERT_EQ(r.status, MateStatus::Mate);
  EXPECT_EQ(r.mate_moves(), 2);
  EXPECT_EQ(check_mating_line(g, r.line, kBlack, true), "");
  EXPECT_EQ(solve(g, 1).status, MateStatus::NoMate);
  EXPECT_EQ(solve_counting_every_interposition(g, 3).status, MateStatus::NoMate);
}

TEST(MateSolverFutile, HandDominanceProvesTheInterpositionsOnce) {
  // Shogi Muso 79 after its first eight plies, as above: after each futile drop and its
  // capture the board recurs with the pieces moved between the hands, so that a proof found
  // for one hand proves the others (the attacker holds more), and a disproof refutes the
  // smaller hands. The same mate, in fewer nodes than an exact table's budget allows.
  const Problem* p = find_problem("shogi-tsume-muso", "M79");
  ASSERT_NE(p, nullptr);
  Game g(parse_sfen(builtin_variant("shogi"), p->sfen));
  for (int i = 0; i < 8; ++i) g.play(parse_usi(g.position(), p->solution[i]));
  MateSolver solver(16);
  MateLimits limits;
  limits.nodes = 20000;  // 435 with dominance; 86,602 without
  const MateResult with = solver.solve(g, limits);
  ASSERT_EQ(with.status, MateStatus::Mate);
  EXPECT_EQ(with.mate_moves(), 2);
  EXPECT_TRUE(with.exact);
  EXPECT_EQ(check_mating_line(g, with.line, kBlack, true), "");
  limits.hand_dominance = false;
  EXPECT_EQ(solver.solve(g, limits).status, MateStatus::Unknown);
  // Again: the same answer, line and nodes.
  limits.hand_dominance = true;
  const MateResult again = solver.solve(g, limits);
  EXPECT_EQ(again.nodes, with.nodes);
  EXPECT_EQ(again.line, with.line);
}

// ---------------------------------------------------------------------------------------------
// The defender to move in a lost position

TEST(MateSolverRoot, DefenderAlreadyMated) {
  // White to move cannot keep its King (Gold 1b, guarded by the Silver on 2c, covers 2a, 2b
  // and 1b): every defence loses, so the answer is proved at once: a mate in 0, no move to
  // play.
  const Game g = game("chu", {{"1a", "k"}, {"1b", "G"}, {"2c", "S"}}, 'w');
  Position pos = g.position();
  ASSERT_TRUE(cannot_keep_royal(pos));
  const MateResult r = solve(g, 0, kBlack);
  EXPECT_EQ(r.status, MateStatus::Mate);
  EXPECT_EQ(r.mate_moves(), 0);
  EXPECT_TRUE(r.line.empty());
}

// ---------------------------------------------------------------------------------------------
// Every line returned replays as a mate

TEST(MateSolverLines, ALineTheGameRefusesIsNeverReturned) {
  // The solver's search knows the conventions, not every rule of the game: with a limit of one
  // ply, Chu's ply limit ends the game as a draw on the mating move (1c2b, Gold 1c guarded by
  // the Silver on 3c). The line fails its replay, so the answer is Unknown, not Mate.
  auto v = builtin_variant("chu");
  v->set_option("max_plies", "1");
  const Game limited(parse_sfen(v, test::make_sfen({{"1a", "k"}, {"1c", "G"}, {"3c", "S"}})));
  const MateResult r = solve(limited);
  EXPECT_EQ(r.status, MateStatus::Unknown);
  EXPECT_TRUE(r.line.empty());
  // Without the limit the same mate is returned, and replays.
  const Game g = game("chu", {{"1a", "k"}, {"1c", "G"}, {"3c", "S"}});
  EXPECT_TRUE(mates_in(g, solve(g), 1));
}

TEST(MateSolverLines, CollectionProblemsReplay) {
  // Two of the historic problems short enough for a unit test (mate in 5 each, published).
  for (const char* name : {"B33", "A22"}) {
    const Problem* p = find_problem("chu-tsume-ab", name);
    ASSERT_NE(p, nullptr) << name;
    const Game g(parse_sfen(builtin_variant("chu"), p->sfen));
    const MateResult r = solve(g);
    ASSERT_EQ(r.status, MateStatus::Mate) << name;
    EXPECT_LE(r.mate_moves(), p->published_moves()) << name;
    EXPECT_EQ(check_mating_line(g, r.line), "") << name;
  }
}

TEST(MateSolverRoot, ARefutationIsGivenWhereverItsDisproofIsKept) {
  // A22's first moves other than the book's 5e5d: each is refuted, and the solver names the
  // defence that refutes it, also where that defence's disproof rests on a repetition and is
  // kept under its path's key only (once missed: NoMate with no defence).
  const Problem* p = find_problem("chu-tsume-ab", "A22");
  ASSERT_NE(p, nullptr);
  for (const char* wrong : {"10e9d8c", "5e7c"}) {
    Game g(parse_sfen(builtin_variant("chu"), p->sfen));
    g.play(parse_usi(g.position(), wrong));
    const std::vector<std::string> defence = refutation(g);
    ASSERT_EQ(defence.size(), 1u) << wrong;
    Position pos = g.position();
    MoveList defences;
    generate_defences(pos, defences);
    EXPECT_TRUE(std::any_of(defences.begin(), defences.end(), [&](const Move& m) {
      return to_usi(pos, m) == defence[0];
    })) << wrong << ": " << defence[0];
  }
}


// ---------------------------------------------------------------------------------------------
// Exact lengths, the longest defence, repeatable answers and proofs

// A collection problem's game.
Game problem_game(const char* collection, const char* name) {
  const Problem* p = find_problem(collection, name);
  EXPECT_NE(p, nullptr) << name;
  const std::string game = std::string(collection).substr(0, std::string(collection).find('-'));
  return Game(parse_sfen(builtin_variant(game), p->sfen));
}

MateResult solve_with(const Game& g, MateLimits limits, std::optional<Color> attacker = {}) {
  MateSolver solver(16);
  return solver.solve(g, limits, attacker);
}

// Short problems of both collections, each solved in well under a second.
const std::vector<std::pair<const char*, const char*>> kShortProblems = {
    {"chu-tsume-ab", "B33"}, {"chu-tsume-ab", "B34"}, {"chu-tsume-ab", "A13"},
    {"chu-tsume-ab", "A22"}, {"chu-tsume-ab", "B18"}, {"shogi-tsume-muso", "M77"}};

TEST(MateSolverExact, EachLengthIsProvedTheShortest) {
  for (const auto& [collection, name] : kShortProblems) {
    const Game g = problem_game(collection, name);
    const MateResult r = solve_with(g, {.nodes = 2'000'000});
    ASSERT_EQ(r.status, MateStatus::Mate) << name;
    EXPECT_TRUE(r.exact) << name;
    EXPECT_EQ(check_mating_line(g, r.line), "") << name;
    // The printed length, one attacker's move less: no mate.
    const MateResult shorter = solve_with(g, {.nodes = 2'000'000, .max_moves = r.mate_moves() - 1});
    EXPECT_EQ(shorter.status, MateStatus::NoMate) << name << " in " << r.mate_moves() - 1;
  }
}

TEST(MateSolverExact, EveryDefenceOfTheLineIsTheLongest) {
  // After each defence of the line the attacker has as many moves left as the line gives it,
  // and no mate in one fewer exists: no other defence lasts longer.
  for (const auto& [collection, name] : kShortProblems) {
    const Game g = problem_game(collection, name);
    const MateResult r = solve_with(g, {.nodes = 2'000'000});
    ASSERT_TRUE(r.status == MateStatus::Mate && r.exact) << name;
    Game after = g;
    for (size_t i = 0; i + 1 < r.line.size(); i += 2) {
      after.play(r.line[i]);
      after.play(r.line[i + 1]);
      const int left = int(r.line.size() - i - 1) / 2;  // the attacker's moves left
      if (left == 1) continue;  // no mate in 0: the defender to move is not mated (replayed)
      const MateResult quicker = solve_with(after, {.nodes = 2'000'000, .max_moves = left - 1});
      EXPECT_EQ(quicker.status, MateStatus::NoMate) << name << " after move " << i + 2;
    }
  }
}

TEST(MateSolverExact, ALineShorterThanItsSearchIsNoBoundUntilSearchedToItsLength) {
  // A search limited to 9 moves proves A13 (a mate in 6) with a shorter line: that search
  // proves a mate in at most 9, not in at most the line's length (its table's lengths may be
  // stale), so the line is no bound until a search to its own length proves it.
  const Game g = problem_game("chu-tsume-ab", "A13");
  const MateResult within_9 = solve_with(g, {.nodes = 2'000'000, .max_moves = 9, .shorten = false});
  ASSERT_EQ(within_9.status, MateStatus::Mate);
  ASSERT_LT(within_9.mate_moves(), 9);
  EXPECT_FALSE(within_9.bounded);
  const MateResult within_6 = solve_with(g, {.nodes = 2'000'000, .max_moves = 6, .shorten = false});
  ASSERT_EQ(within_6.status, MateStatus::Mate);
  EXPECT_EQ(within_6.mate_moves(), 6);
  EXPECT_TRUE(within_6.bounded);
  // Shortened, the same line is searched to its length and then one move less: exact.
  const MateResult shortened = solve_with(g, {.nodes = 2'000'000, .max_moves = 9});
  EXPECT_TRUE(shortened.bounded && shortened.exact);
  EXPECT_EQ(shortened.mate_moves(), 6);
}

TEST(MateSolverExact, ALineThatIsNoMateInItsLengthIsSearchedUpwards) {
  // A12 (a mate in 20): a search to the first line's length reads from its table a line of 17
  // moves whose defences are not the longest; the search to 17 finds no mate, and the solver
  // goes upwards to the first length that mates, 20, which is then exact.
  const Game g = problem_game("chu-tsume-ab", "A12");
  const MateResult r = solve_with(g, {.nodes = 2'000'000});
  ASSERT_EQ(r.status, MateStatus::Mate);
  EXPECT_TRUE(r.exact && r.bounded);
  EXPECT_EQ(r.mate_moves(), 20);
  EXPECT_EQ(check_mating_line(g, r.line), "");
}

TEST(MateSolverExact, TheSameAnswerOnEveryRunAndThread) {
  const Game g = problem_game("chu-tsume-ab", "A13");
  const MateLimits limits{.nodes = 2'000'000};
  MateSolver reused(16);
  const MateResult first = reused.solve(g, limits);
  const MateResult again = reused.solve(g, limits);  // a table used before
  MateResult on_threads[2];
  {
    // Two solvers at once on two threads: nothing is shared between solves.
    std::thread a([&] { on_threads[0] = solve_with(g, limits); });
    std::thread b([&] { on_threads[1] = solve_with(g, limits); });
    a.join();
    b.join();
  }
  for (const MateResult* r : {&again, static_cast<const MateResult*>(&on_threads[0]), static_cast<const MateResult*>(&on_threads[1])}) {
    EXPECT_EQ(r->status, first.status);
    EXPECT_EQ(r->line, first.line);
    EXPECT_EQ(r->nodes, first.nodes);
    EXPECT_EQ(r->exact, first.exact);
  }
}

// The proof checked with Kirin's own rules (tools/proof-check checks it with lishogi's): each
// listed position is reached by its path of legal moves, holds a legal attack, every defence of
// it leads to a listed position unless the defender is then mated, nothing is listed twice or
// left unreached, and its longest line is the mate's length.
::testing::AssertionResult proves(const Game& g, const MateResult& r) {
  if (r.proof.empty()) return ::testing::AssertionFailure() << "no proof";
  std::vector<Position> at;
  std::vector<uint64_t> hashes;
  for (const ProofPosition& p : r.proof) {
    if (p.parent >= int(at.size())) return ::testing::AssertionFailure() << "parent after child";
    Position pos = p.parent < 0 ? g.position() : at[p.parent];
    Undo u;
    if (p.parent >= 0) pos.do_move(r.proof[p.parent].move, u);
    if (!p.defence.is_null()) pos.do_move(p.defence, u);
    if (std::count(hashes.begin(), hashes.end(), pos.hash()))
      return ::testing::AssertionFailure() << "a position listed twice";
    MoveList attacks;
    generate_attacks(pos, attacks);
    if (std::find(attacks.begin(), attacks.end(), p.move) == attacks.end())
      return ::testing::AssertionFailure() << "not an attack: " << to_usi(pos, p.move);
    at.push_back(pos);
    hashes.push_back(pos.hash());
  }
  // Heights, children before parents (a child is listed after its parent).
  std::vector<int> height(at.size(), 0);
  std::vector<bool> reached(at.size(), false);
  reached[0] = true;
  const auto index_of = [&](uint64_t h) {
    return int(std::find(hashes.begin(), hashes.end(), h) - hashes.begin());
  };
  // Walk the graph from the root: a listed position's defences.
  std::vector<std::vector<int>> next(at.size());
  for (int i = 0; i < int(at.size()); ++i) {
    Position pos = at[i];
    Undo u;
    pos.do_move(r.proof[i].move, u);
    MoveList defences;
    generate_defences(pos, defences);
    for (const Move& d : defences) {
      Undo du;
      pos.do_move(d, du);
      const int j = index_of(pos.hash());
      pos.undo_move(d, du);
      if (j == int(at.size()))
        return ::testing::AssertionFailure() << "a defence unlisted: " << to_usi(pos, d);
      next[i].push_back(j);
    }
  }
  // Longest path by repeated relaxation (the graph must be acyclic: at most N rounds).
  for (int round = 0; round <= int(at.size()); ++round) {
    bool changed = false;
    for (int i = 0; i < int(at.size()); ++i) {
      int h = 1;
      for (int j : next[i]) h = std::max(h, height[j] + 1);
      if (h != height[i]) height[i] = h, changed = true;
      for (int j : next[i]) reached[j] = reached[j] || reached[i];
    }
    if (!changed) break;
    if (round == int(at.size())) return ::testing::AssertionFailure() << "a cycle";
  }
  if (std::count(reached.begin(), reached.end(), false))
    return ::testing::AssertionFailure() << "a position never reached";
  const int root_height =
      r.proof[0].defence.is_null()
          ? height[0]
          : *std::max_element(height.begin(), height.end());  // a defence first: its roots
  if (root_height != r.mate_moves())
    return ::testing::AssertionFailure() << "height " << root_height << " for a mate in "
                                         << r.mate_moves();
  return ::testing::AssertionSuccess() << at.size() << " positions";
}

TEST(MateSolverProof, EveryMateOfTheShortProblemsHasAProof) {
  for (const auto& [collection, name] : kShortProblems) {
    const Game g = problem_game(collection, name);
    const MateResult r = solve_with(g, {.nodes = 2'000'000, .proof = true});
    ASSERT_EQ(r.status, MateStatus::Mate) << name;
    EXPECT_TRUE(proves(g, r)) << name;
  }
}

TEST(MateSolverProof, AProofWithDrops) {
  // Shogi: King 1a boxed in by its Lance 2a and Pawn 2b, a Gold on 1c and one in hand: G*1b
  // (or 1c1b) mates.
  const Game g(parse_sfen(builtin_variant("shogi"), "7lk/7p1/8G/9/9/9/9/9/9 b G 1"));
  const MateResult r = solve_with(g, {.nodes = 100'000, .proof = true});
  ASSERT_TRUE(mates_in(g, r, 1));
  EXPECT_TRUE(proves(g, r));
  ASSERT_EQ(r.proof.size(), 1u);
}

// ---------------------------------------------------------------------------------------------
// Long mates: a problem composed for the tests (tests/data/chu-composed.tsv)

TEST(MateSolverLong, TheGoldsLadderIsAMateIn13ProvedTheShortest) {
  // White's King shuttles between 1a and 1b. The Gold on 9a is the only piece between a Rook
  // and the King, so each of its moves uncovers a check: from rank a straight back to b (the
  // Rook on 12a checks), from b diagonally forward to a (the Rook on 12b), a file nearer every
  // two moves, until 3a2a mates (the Whale guards 2a and file 2, the Pawns keep the Gold off
  // rank c). Every defence is forced, but the attacker has other moves all along, each of
  // which the exact length must rule out.
  const Game g(parse_sfen(builtin_variant("chu"),
                          "R2G7k/R11/1PPPPPPPPP1p/12/12/12/12/12/12/12/12/10+A1 b - 1"));
  MateSolver solver(16);
  MateLimits limits;
  limits.nodes = 400000;
  const MateResult r = solver.solve(g, limits);
  EXPECT_TRUE(mates_in(g, r, 13));
  EXPECT_TRUE(r.exact);
  limits.max_moves = 12;
  EXPECT_EQ(solver.solve(g, limits).status, MateStatus::NoMate);
}

// ---------------------------------------------------------------------------------------------
// Limits: the depth limit that grows, the table that is collected when full, why a solve stopped

// A collection problem, the attacker to move.
Game problem(const char* name) {
  const Problem* p = find_problem("chu-tsume-ab", name);
  EXPECT_NE(p, nullptr) << name;
  return Game(parse_sfen(builtin_variant("chu"), p ? p->sfen : std::string()));
}

TEST(MateSolverLimits, TheDepthLimitGrowsWithTheMate) {
  // Both mates need more than 2 plies, and then more than 4 and 8: each cut disproves the root
  // only through the limit, so the solver doubles it and goes on (once it answered Unknown at
  // once), also where the line's extraction proves a subtree again deeper than the limit.
  for (const char* name : {"B33", "B3"}) {
    const Game g = problem(name);
    MateSolver solver(4);
    MateLimits limits;
    limits.nodes = 200000;
    limits.shorten = false;
    const MateResult usual = solver.solve(g, limits);
    limits.first_depth_limit = 2;
    const MateResult grown = solver.solve(g, limits);
    ASSERT_EQ(grown.status, MateStatus::Mate) << name << ": " << to_string(grown.stop);
    EXPECT_EQ(check_mating_line(g, grown.line), "") << name;
    ASSERT_EQ(usual.status, MateStatus::Mate) << name;
    EXPECT_LE(grown.mate_moves(), usual.mate_moves() + 1) << name;
  }
}

TEST(MateSolverLimits, AFullTableIsCollectedAndTheSearchGoesOn) {
  // A 1 MiB table holds 32,768 entries; A1's first proof (150,000 nodes) fills it three times.
  // Each time it is nine tenths full its least-worked half is cleared, and the proof and its
  // line are completed all the same.
  const Game g = problem("A1");
  MateSolver solver(1);
  MateLimits limits;
  limits.nodes = 400000;
  limits.shorten = false;
  const MateResult r = solver.solve(g, limits);
  ASSERT_EQ(r.status, MateStatus::Mate) << to_string(r.stop);
  EXPECT_GT(r.collections, 0);
  EXPECT_LT(r.hashfull, 900);
  EXPECT_EQ(check_mating_line(g, r.line), "");
  // The same answer, line and nodes on a second run: collection depends on nothing but the
  // search.
  const MateResult again = solver.solve(g, limits);
  EXPECT_EQ(again.nodes, r.nodes);
  EXPECT_EQ(usi(g, again.line), usi(g, r.line));
}

TEST(MateSolverLimits, UnknownSaysWhy) {
  const Game g = problem("A14");
  MateSolver solver(4);
  MateLimits limits;
  limits.nodes = 1000;
  const MateResult r = solver.solve(g, limits);
  EXPECT_EQ(r.status, MateStatus::Unknown);
  EXPECT_EQ(r.stop, MateStop::Nodes);
  EXPECT_STREQ(to_string(r.stop), "node budget");
  // stop() from another thread, as the server and the USI session call it (again and again,
  // since a solve that starts clears an earlier call): B28 is far from solved when it comes.
  std::atomic<bool> done{false};
  std::thread stopper([&] {
    while (!done) {
      solver.stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  limits.nodes = 50000000;
  const MateResult stopped = solver.solve(problem("B28"), limits);
  done = true;
  stopper.join();
  EXPECT_EQ(stopped.status, MateStatus::Unknown);
  EXPECT_EQ(stopped.stop, MateStop::Stopped);
  EXPECT_LT(stopped.nodes, limits.nodes);
  // A decided answer has no reason.
  const MateResult solved = solve(problem("B33"));
  EXPECT_EQ(solved.status, MateStatus::Mate);
  EXPECT_EQ(solved.stop, MateStop::None);
}

}  // namespace
}  // namespace kirin
