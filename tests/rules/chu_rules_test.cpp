// Chu Shogi move rules, one test (or more) per rule of docs/spec/chu_shogi.md.
//
// Every expected move list below was worked out by hand from the rules text, not copied from
// the program's output. Squares are USI names: file 1..12 counted from Black's right, rank a..l
// from the top (White's side); Black moves up, towards rank a. Black's promotion zone is ranks
// a-d, White's ranks i-l.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "test_positions.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "rules/position.h"

namespace kirin {
namespace {

// ---------------------------------------------------------------------------------------------
// Helpers

using test::make_sfen;
using test::Put;
using test::words;
using test::sorted;
using test::legal;
using test::after;
using test::expect_moves;
using test::piece_on;

std::shared_ptr<Variant> chu() { return builtin_variant("chu"); }

Position position(const std::string& sfen, std::shared_ptr<Variant> v = chu()) {
  return parse_sfen(std::move(v), sfen);
}

bool is_pass(const Position& pos, const Move& m) {
  return m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty;
}

// USI of a move; a pass is written "pass" because which empty square it names is a spelling
// choice (lishogi accepts every one).
std::string usi(const Position& pos, const Move& m) {
  return is_pass(pos, m) ? std::string("pass") : to_usi(pos, m);
}

std::vector<std::string> all_moves(const Position& pos) { return test::all_moves(pos, usi); }
std::vector<std::string> moves_from(const Position& pos, const std::string& square) {
  return test::moves_from(pos, square, usi);
}

std::string lion_field_of(const std::string& sfen) { return words(sfen).at(2); }

// The two kings, out of the way in opposite corners (Black 1l, White 12a).
std::vector<Put> with_kings(std::vector<Put> pieces) {
  pieces.push_back({"1l", "K"});
  pieces.push_back({"12a", "k"});
  return pieces;
}

// Squares reached from 7g on an empty board: test_positions.h, and the Drunk Elephant's.
using namespace test::from_7g;
const std::string kElephant = "8f 7f 6f 8g 6g 8h 6h ";

TEST(ChuRulesHelpers, SfenBuilderWritesLishogiLayout) {
  // README §2.1: rank a first, each rank from file 12 to file 1, digits for empty runs.
  EXPECT_EQ(make_sfen(with_kings({{"7g", "N"}})),
            "k11/12/12/12/12/12/5N6/12/12/12/12/11K b - 1");
  EXPECT_EQ(make_sfen({{"12l", "+o"}, {"1a", "P"}}, 'w', "7g"),
            "11P/12/12/12/12/12/12/12/12/12/12/+o11 w 7g 1");
}

// ---------------------------------------------------------------------------------------------
// §3: every piece kind alone on an empty board (plus the two kings in corners).

struct PieceCase {
  std::string piece;   // SFEN token
  std::string square;  // where it stands
  char side;           // 'b' or 'w'
  std::string dests;   // destinations of the non-promoting moves (each exactly once)
  std::string promos;  // destinations that may also be reached with promotion
  int passes;          // Lion-type pass moves (0 or 1)
};

void PrintTo(const PieceCase& c, std::ostream* os) {
  *os << c.piece << " on " << c.square << " (" << c.side << ")";
}

// All 39 kinds, Black, on 7g (not on a diagonal through a corner, so no king is in the way).
std::vector<PieceCase> black_cases() {
  const std::string sq = "7g";
  return {
      {"K", sq, 'b', kKing, "", 0},                                        // K
      {"E", sq, 'b', kElephant, "", 0},                                    // FsfW
      {"+E", sq, 'b', kKing, "", 0},                                       // Crown Prince: K
      {"G", sq, 'b', kGold, "", 0},                                        // WfF
      {"S", sq, 'b', "8f 7f 6f 8h 6h", "", 0},                             // FfW
      {"C", sq, 'b', "8f 7f 6f 7h", "", 0},                                // fFvW
      {"F", sq, 'b', "8f 7f 6f 8h 7h 6h", "", 0},                          // FvW
      {"T", sq, 'b', "8f 6f 8g 6g 8h 7h 6h", "", 0},                       // FsbW
      {"O", sq, 'b', "8f 6f 8h 6h 7e 7i 9g 5g", "", 0},                    // FD
      {"X", sq, 'b', "7f 7h 8g 6g 9e 5e 9i 5i", "", 0},                    // WA
      {"L", sq, 'b', kFwd, kFwdZone, 0},                                   // fR
      {"A", sq, 'b', kFwd + kBack, kFwdZone, 0},                           // vR
      {"M", sq, 'b', kSide + "7f 7h", "", 0},                              // sRvW
      {"V", sq, 'b', kFwd + kBack + "8g 6g", kFwdZone, 0},                 // vRsW
      {"B", sq, 'b', kDiag, kDiagZone, 0},                                 // B
      {"R", sq, 'b', kRook, kFwdZone, 0},                                  // R
      {"H", sq, 'b', kDiag + "7f 7h 8g 6g", kDiagZone, 0},                 // BW
      {"D", sq, 'b', kRook + "8f 6f 8h 6h", kFwdZone, 0},                  // RF
      {"Q", sq, 'b', kQueen, "", 0},                                       // Q, never promotes
      {"N", sq, 'b', kLionBox, "", 1},                                     // §4.1: 24 + pass
      {"P", sq, 'b', "7f", "", 0},                                         // fW
      {"I", sq, 'b', "7f 7h", "", 0},                                      // vW
      // Promoted kinds: none of them promotes again (§3, §5.1).
      {"+G", sq, 'b', kRook, "", 0},                                       // as Rook
      {"+S", sq, 'b', kFwd + kBack + "8g 6g", "", 0},                      // as Vertical Mover
      {"+C", sq, 'b', kSide + "7f 7h", "", 0},                             // as Side Mover
      {"+F", sq, 'b', kDiag, "", 0},                                       // as Bishop
      {"+T", sq, 'b', "8f 6f 8h 6h 8g 6g " + kFwd + kBack, "", 0},         // Flying Stag FsWvR
      {"+O", sq, 'b', kLionBox, "", 1},                                    // Lion
      {"+X", sq, 'b', kQueen, "", 0},                                      // Queen
      {"+L", sq, 'b', kFwd + kBack + kFwdLeft + kFwdRight, "", 0},         // White Horse vRfB
      {"+A", sq, 'b', kFwd + kBack + kBackLeft + kBackRight, "", 0},       // Whale vRbB
      {"+M", sq, 'b', kDiag + kSide, "", 0},                               // Free Boar BsR
      {"+V", sq, 'b', kDiag + kFwd + kBack, "", 0},                        // Flying Ox BvR
      {"+B", sq, 'b', kDiag + "7f 7h 8g 6g", "", 0},                       // as Dragon Horse
      {"+R", sq, 'b', kRook + "8f 6f 8h 6h", "", 0},                       // as Dragon King
      // §4.2 Horned Falcon: slides except straight forward; 7f step, 7e jump, pass via 7f.
      {"+H", sq, 'b', kDiag + kSide + kBack + "7f 7e", "", 1},
      // §4.2 Soaring Eagle: rook + backward diagonals; 8f/9e and 6f/5e lion-like, pass.
      {"+D", sq, 'b', kRook + kBackLeft + kBackRight + "8f 9e 6f 5e", "", 1},
      {"+P", sq, 'b', kGold, "", 0},                                       // Tokin: as Gold
      {"+I", sq, 'b', kElephant, "", 0},                                   // as Drunk Elephant
  };
}

// White pieces, written out by hand for the asymmetric ones (White moves down, towards l).
std::vector<PieceCase> white_cases() {
  const std::string sq = "6f";
  return {
      {"g", sq, 'w', "6e 6g 7f 5f 7g 5g", "", 0},
      {"s", sq, 'w', "6g 7g 5g 7e 5e", "", 0},
      {"c", sq, 'w', "6g 7g 5g 6e", "", 0},
      {"e", sq, 'w', "6g 7g 5g 7f 5f 7e 5e", "", 0},
      {"t", sq, 'w', "6e 7f 5f 7g 5g 7e 5e", "", 0},
      {"l", sq, 'w', "6g 6h 6i 6j 6k 6l", "6i 6j 6k 6l", 0},
      {"p", sq, 'w', "6g", "", 0},
      {"+l", sq, 'w',
       "6g 6h 6i 6j 6k 6l 6e 6d 6c 6b 6a 7g 8h 9i 10j 11k 12l 5g 4h 3i 2j 1k", "", 0},
      {"+a", sq, 'w',
       "6g 6h 6i 6j 6k 6l 6e 6d 6c 6b 6a 7e 8d 9c 10b 11a 5e 4d 3c 2b 1a", "", 0},
      {"+h", sq, 'w',
       "5g 4h 3i 2j 1k 7g 8h 9i 10j 11k 12l 7e 8d 9c 10b 11a 5e 4d 3c 2b 1a "
       "12f 11f 10f 9f 8f 7f 5f 4f 3f 2f 1f 6e 6d 6c 6b 6a 6g 6h",
       "", 1},
      {"+d", sq, 'w',
       "7g 8h 5g 4h 7e 8d 9c 10b 11a 5e 4d 3c 2b 1a 6e 6d 6c 6b 6a 6g 6h 6i 6j 6k 6l "
       "12f 11f 10f 9f 8f 7f 5f 4f 3f 2f 1f",
       "", 1},
      {"h", sq, 'w',
       "5g 4h 3i 2j 1k 7g 8h 9i 10j 11k 12l 7e 8d 9c 10b 11a 5e 4d 3c 2b 1a 6e 6g 7f 5f",
       "3i 2j 1k 9i 10j 11k 12l", 0},
  };
}

// White = Black rotated by 180° (§2, README §1.1): file f -> 13-f, rank r -> 'l'-(r-'a').
std::string rotate_square(const std::string& s) {
  int file = std::stoi(s);
  char rank = char('l' - (s.back() - 'a'));
  return std::to_string(13 - file) + rank;
}

std::string rotate_list(const std::string& list) {
  std::string out;
  for (const std::string& w : words(list)) out += rotate_square(w) + " ";
  return out;
}

std::string swap_case(std::string token) {
  for (char& c : token) {
    auto u = static_cast<unsigned char>(c);
    c = char(std::isupper(u) ? std::tolower(u) : std::toupper(u));
  }
  return token;
}

std::vector<PieceCase> rotated_cases() {
  std::vector<PieceCase> out;
  for (const PieceCase& c : black_cases())
    out.push_back({swap_case(c.piece), rotate_square(c.square), 'w', rotate_list(c.dests),
                   rotate_list(c.promos), c.passes});
  return out;
}

void check_piece_alone(const PieceCase& c) {
  std::vector<Put> pieces{{c.square, c.piece}};
  // The kings stay in their corners (Black 1l, White 12a) unless the piece is that king.
  if (c.piece != "K") pieces.push_back({"1l", "K"});
  if (c.piece != "k") pieces.push_back({"12a", "k"});
  Position pos = position(make_sfen(pieces, c.side));

  std::vector<std::string> plain, promoting;
  int passes = 0;
  for (const std::string& m : moves_from(pos, c.square)) {
    if (m == "pass")
      ++passes;
    else if (m.back() == '+')
      promoting.push_back(m);
    else
      plain.push_back(m);
  }
  EXPECT_EQ(plain, expect_moves(c.square, c.dests));
  std::vector<std::string> want_promoting;
  for (const std::string& d : words(c.promos)) want_promoting.push_back(c.square + d + "+");
  EXPECT_EQ(promoting, sorted(want_promoting));
  EXPECT_EQ(passes, c.passes);
}

class ChuRulesPieceAlone : public ::testing::TestWithParam<PieceCase> {};

TEST_P(ChuRulesPieceAlone, ExactDestinations) { check_piece_alone(GetParam()); }

std::string case_name(const ::testing::TestParamInfo<PieceCase>& info) {
  std::string name = info.param.side == 'b' ? "Black_" : "White_";
  for (char ch : info.param.piece) {
    if (ch == '+')
      name += "Promoted";
    else
      name += char(std::toupper(static_cast<unsigned char>(ch)));
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(ChuRulesBlack, ChuRulesPieceAlone, ::testing::ValuesIn(black_cases()),
                         case_name);
INSTANTIATE_TEST_SUITE_P(ChuRulesWhite, ChuRulesPieceAlone, ::testing::ValuesIn(white_cases()),
                         case_name);
INSTANTIATE_TEST_SUITE_P(ChuRulesRotated, ChuRulesPieceAlone, ::testing::ValuesIn(rotated_cases()),
                         case_name);

TEST(ChuRulesPieces, TableCoversAll39Kinds) {
  // §3 lists 21 unpromoted and 18 promoted kinds; the table has one row per kind.
  std::vector<std::string> tokens;
  for (const PieceCase& c : black_cases()) tokens.push_back(c.piece);
  std::sort(tokens.begin(), tokens.end());
  EXPECT_EQ(std::unique(tokens.begin(), tokens.end()) - tokens.begin(), 39);
  EXPECT_EQ(chu()->num_kinds(), 39);
}

TEST(ChuRulesPieces, SpotChecks) {
  // Counts that follow from the tables above, as a cross-check of the lists themselves.
  auto count = [](const std::string& piece) {
    return int(moves_from(position(make_sfen(with_kings({{"7g", piece}}))), "7g").size());
  };
  EXPECT_EQ(count("Q"), 43);        // 6 + 5 + 11 + 21 squares, no promotion
  EXPECT_EQ(count("R"), 22 + 4);    // 7d..7a may also promote
  EXPECT_EQ(count("B"), 21 + 7);
  EXPECT_EQ(count("N"), 24 + 1);    // §4.1: 24 single moves and one pass
  EXPECT_EQ(count("+H"), 39 + 1);
  EXPECT_EQ(count("+D"), 36 + 1);
  Position pos = position(make_sfen(with_kings({{"7g", "O"}})));
  EXPECT_TRUE(legal(pos, "7g7e"));   // D jump
  EXPECT_FALSE(legal(pos, "7g7f"));  // the Kirin has no orthogonal step
  EXPECT_FALSE(legal(pos, "7g9e"));  // nor an A jump
}

TEST(ChuRulesPieces, JumpsIgnoreInterveningPieces) {
  // §3: D, A and the Lion's distance-2 moves jump; sliders stop at the first piece.
  Position pos = position(make_sfen(with_kings(
      {{"7g", "O"}, {"7f", "p"}, {"3g", "X"}, {"4f", "g"}, {"9g", "R"}, {"10g", "p"}})));
  EXPECT_TRUE(legal(pos, "7g7e"));    // Kirin over an enemy Pawn
  EXPECT_TRUE(legal(pos, "3g5e"));    // Phoenix over an enemy Gold
  EXPECT_TRUE(legal(pos, "9g10g"));   // Rook captures the first piece
  EXPECT_FALSE(legal(pos, "9g11g"));  // ...and cannot go past it
  EXPECT_FALSE(legal(pos, "7g9g"));   // never onto an own piece (the Rook on 9g)
}

// ---------------------------------------------------------------------------------------------
// §4.1 Lion and promoted Kirin

class ChuRulesLionKind : public ::testing::TestWithParam<std::string> {};

TEST_P(ChuRulesLionKind, IguiAndCaptureThenMove) {
  // Enemy Pawn on 6f, adjacent to the Lion on 7g: 24 single moves (one a capture), igui
  // 7g6f7g, capture-then-move to every square next to 6f that is within 2 of 7g, and a pass.
  Position pos = position(make_sfen(with_kings({{"7g", GetParam()}, {"6f", "p"}})));
  EXPECT_EQ(moves_from(pos, "7g"),
            expect_moves("7g", kLionBox +
                                   "7g6f7g 7g6f7e 7g6f6e 7g6f5e 7g6f7f 7g6f5f 7g6f6g 7g6f5g "
                                   "pass"));
  // After the igui the Lion is still on 7g and the Pawn is gone.
  Position igui = position(after(pos, "7g6f7g"));
  EXPECT_EQ(piece_on(igui, "7g"), GetParam());
  EXPECT_EQ(piece_on(igui, "6f"), "");
  EXPECT_EQ(igui.count(kWhite), 1);
}

TEST_P(ChuRulesLionKind, PassLeavesTheBoardUnchanged) {
  Position pos = position(make_sfen(with_kings({{"7g", GetParam()}})));
  Move pass = parse_usi(pos, "7g7f7g");
  EXPECT_TRUE(is_pass(pos, pass));
  // Every empty neighbour names the same pass.
  for (const char* spelling : {"7g8f7g", "7g6h7g", "7g6g7g"})
    EXPECT_EQ(parse_usi(pos, spelling), pass) << spelling;
  std::string before = to_sfen(pos);
  std::string then = after(pos, "7g7f7g");
  EXPECT_EQ(words(then)[0], words(before)[0]);  // same board
  EXPECT_EQ(words(then)[1], "w");               // the other side to move
}

TEST_P(ChuRulesLionKind, DoubleCapture) {
  // Enemies on 6f and 5e: 7g6f5e takes both and lands on 5e.
  Position pos = position(make_sfen(with_kings({{"7g", GetParam()}, {"6f", "g"}, {"5e", "s"}})));
  Position done = position(after(pos, "7g6f5e"));
  EXPECT_EQ(piece_on(done, "5e"), GetParam());
  EXPECT_EQ(piece_on(done, "6f"), "");
  EXPECT_EQ(piece_on(done, "7g"), "");
  EXPECT_EQ(done.count(kWhite), 1);  // only the king is left
  // Both orders exist when both victims are next to the Lion.
  Position side = position(make_sfen(with_kings({{"7g", GetParam()}, {"6f", "g"}, {"6g", "s"}})));
  EXPECT_TRUE(legal(side, "7g6f6g"));
  EXPECT_TRUE(legal(side, "7g6g6f"));
  EXPECT_TRUE(legal(side, "7g6f7g"));
  EXPECT_TRUE(legal(side, "7g6g7g"));
}

TEST_P(ChuRulesLionKind, OwnPiecesBlockBothSteps) {
  // Own Golds on seven neighbours and on 5e, an enemy Pawn on the eighth neighbour 6f:
  // the 15 free distance-2 squares by jump, 6f by capture, igui, and capture-then-move from
  // 6f only to 7e 6e 5f 5g (7f, 6g and 5e are own). No pass: no empty neighbour.
  Position pos = position(make_sfen(with_kings({{"7g", GetParam()},
                                                {"8f", "G"},
                                                {"7f", "G"},
                                                {"8g", "G"},
                                                {"6g", "G"},
                                                {"8h", "G"},
                                                {"7h", "G"},
                                                {"6h", "G"},
                                                {"5e", "G"},
                                                {"6f", "p"}})));
  EXPECT_EQ(moves_from(pos, "7g"),
            expect_moves("7g",
                         "9e 8e 7e 6e 9f 5f 9g 5g 9h 5h 9i 8i 7i 6i 5i 6f "
                         "7g6f7g 7g6f7e 7g6f6e 7g6f5f 7g6f5g"));
  EXPECT_FALSE(legal(pos, "7g6f5e"));  // second step onto an own piece
  EXPECT_FALSE(legal(pos, "7g7f7e"));  // first step through an own piece: not a two-step
  EXPECT_TRUE(legal(pos, "7g7e"));     // ...but the jump is fine
}

TEST_P(ChuRulesLionKind, CornerHasEightSquaresAndAPass) {
  Position pos = position(make_sfen({{"1a", GetParam()}, {"12a", "k"}, {"12l", "K"}}));
  EXPECT_EQ(moves_from(pos, "1a"), expect_moves("1a", "2a 3a 1b 2b 3b 1c 2c 3c pass"));
}

INSTANTIATE_TEST_SUITE_P(ChuRules, ChuRulesLionKind, ::testing::Values("N", "+O"),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           return p.param == "N" ? std::string("Lion")
                                                 : std::string("PromotedKirin");
                         });

TEST(ChuRulesLion, NoPassWithoutAnEmptyNeighbour) {
  // Surrounded by enemies: eight igui moves, no pass (§4.1: pass needs an empty mid).
  std::vector<Put> pieces{{"7g", "N"}};
  for (const char* s : {"8f", "7f", "6f", "8g", "6g", "8h", "7h", "6h"}) pieces.push_back({s, "p"});
  Position pos = position(make_sfen(with_kings(pieces)));
  auto list = moves_from(pos, "7g");
  EXPECT_EQ(std::count(list.begin(), list.end(), "pass"), 0);
  for (const char* s : {"8f", "7f", "6f", "8g", "6g", "8h", "7h", "6h"})
    EXPECT_TRUE(legal(pos, std::string("7g") + s + "7g")) << s;
}

TEST(ChuRulesLion, OnlyOnePassMoveWhateverPiecesCouldPass) {
  // A pass leaves the same position whoever makes it: one move in the list.
  Position pos = position(make_sfen(
      with_kings({{"7g", "N"}, {"3g", "+O"}, {"10i", "+H"}, {"3j", "+D"}})));
  auto list = all_moves(pos);
  EXPECT_EQ(std::count(list.begin(), list.end(), "pass"), 1);
  // Each piece's own pass spelling is still accepted (lishogi accepts all of them) and is
  // that one pass.
  for (const char* spelling : {"7g7f7g", "3g3f3g", "10i10h10i", "3j4i3j", "3j2i3j"}) {
    ASSERT_TRUE(legal(pos, spelling)) << spelling;
    EXPECT_TRUE(is_pass(pos, parse_usi(pos, spelling))) << spelling;
  }
}

TEST(ChuRulesLion, OneIguiPerVictimWhateverPieceTakesIt) {
  // Two Lions next to the same enemy Gold on 7f: either igui leaves the same position (the
  // Gold gone, both Lions in place), so the list holds one igui of 7f; both spellings are
  // accepted, each read as its own Lion's move (the record keeps the piece that moved), and
  // counted as two lishogi spellings.
  Position pos = position(make_sfen(with_kings({{"7g", "N"}, {"6g", "+O"}, {"7f", "g"}})));
  int iguis = 0;
  MoveList moves;
  generate_moves(pos, moves);
  const Move* igui = nullptr;
  for (const Move& m : moves)
    if (m.is_two_step() && m.to == m.from && m.mid == parse_square(pos.variant(), "7f"))
      ++iguis, igui = &m;
  ASSERT_EQ(iguis, 1);
  for (const char* usi : {"7g7f7g", "6g7f6g"}) {
    const Move m = parse_usi(pos, usi);
    EXPECT_EQ(to_usi(pos, m), usi);
    EXPECT_TRUE(same_result(pos, m, *igui)) << usi;
    EXPECT_TRUE(is_legal(pos, m)) << usi;
  }
  EXPECT_EQ(spellings(pos, *igui), 2);
}

TEST(ChuRulesLion, IguiOfALionByALionAndByAFalconDiffer) {
  // A Lion's igui of a Lion does not arm the counter-strike rule, a Horned Falcon's does
  // (§6.3): different positions, so both moves are listed.
  Position pos = position(make_sfen(with_kings({{"6g", "N"}, {"7g", "+H"}, {"7f", "n"}})));
  MoveList moves;
  generate_moves(pos, moves);
  int iguis = 0;
  for (const Move& m : moves)
    if (m.is_two_step() && m.to == m.from && m.mid == parse_square(pos.variant(), "7f")) ++iguis;
  EXPECT_EQ(iguis, 2);
}

TEST(ChuRulesLion, TwoStepThroughEmptySquareIsTheJump) {
  // §4.1: 7g7f7e through an empty 7f is the same board change as the jump 7g7e.
  Position pos = position(make_sfen(with_kings({{"7g", "N"}})));
  EXPECT_EQ(parse_usi(pos, "7g7f7e"), parse_usi(pos, "7g7e"));
  EXPECT_EQ(parse_usi(pos, "7g6f6e"), parse_usi(pos, "7g6e"));
  EXPECT_FALSE(legal(pos, "7g6f4e"));  // 4e is three files away: not a Lion move
}

// ---------------------------------------------------------------------------------------------
// §4.2 Horned Falcon and Soaring Eagle

const std::string kFalconSlides = kDiag + kSide + kBack;         // 37 squares
const std::string kEagleSlides = kRook + kBackLeft + kBackRight;  // 32 squares

TEST(ChuRulesFalcon, IguiCaptureThenMoveAndNoPassOnItsLine) {
  // Enemy Pawn on 7f: capture 7f, jump 7e, igui 7g7f7g, capture-then-move 7g7f7e; the only
  // pass route is through 7f, which is occupied, so no pass.
  Position pos = position(make_sfen(with_kings({{"7g", "+H"}, {"7f", "p"}})));
  EXPECT_EQ(moves_from(pos, "7g"),
            expect_moves("7g", kFalconSlides + "7f 7e 7g7f7g 7g7f7e"));
}

TEST(ChuRulesFalcon, DoubleCaptureOnItsForwardLine) {
  Position pos = position(make_sfen(with_kings({{"7g", "+H"}, {"7f", "p"}, {"7e", "g"}})));
  EXPECT_EQ(moves_from(pos, "7g"),
            expect_moves("7g", kFalconSlides + "7f 7e 7g7f7g 7g7f7e"));
  Position done = position(after(pos, "7g7f7e"));
  EXPECT_EQ(piece_on(done, "7e"), "+H");
  EXPECT_EQ(piece_on(done, "7f"), "");
  EXPECT_EQ(done.count(kWhite), 1);
}

TEST(ChuRulesFalcon, JumpOverOwnPieceButNoStepOrPass) {
  Position pos = position(make_sfen(with_kings({{"7g", "+H"}, {"7f", "G"}})));
  EXPECT_EQ(moves_from(pos, "7g"), expect_moves("7g", kFalconSlides + "7e"));
}

TEST(ChuRulesFalcon, PassAndJumpCaptureWithEmptyFirstSquare) {
  // Enemy on 7e only: the jump captures; 7g7f7e is that same move; pass through 7f.
  Position pos = position(make_sfen(with_kings({{"7g", "+H"}, {"7e", "g"}})));
  EXPECT_EQ(moves_from(pos, "7g"), expect_moves("7g", kFalconSlides + "7f 7e pass"));
  EXPECT_EQ(parse_usi(pos, "7g7f7e"), parse_usi(pos, "7g7e"));
  EXPECT_TRUE(is_pass(pos, parse_usi(pos, "7g7f7g")));
}

TEST(ChuRulesFalcon, NoLionPowerOffItsForwardLine) {
  // Enemies on 6g (sideways) and 8f (diagonal): plain slide captures only.
  Position pos = position(make_sfen(with_kings({{"7g", "+H"}, {"6g", "p"}, {"8f", "p"}})));
  EXPECT_TRUE(legal(pos, "7g6g"));
  EXPECT_TRUE(legal(pos, "7g8f"));
  EXPECT_FALSE(legal(pos, "7g6g7g"));
  EXPECT_FALSE(legal(pos, "7g8f7g"));
  EXPECT_FALSE(legal(pos, "7g8f9e"));
  EXPECT_FALSE(legal(pos, "7g7f6e"));  // second step must stay on the forward line
  EXPECT_FALSE(legal(pos, "7g6g5g"));
}

TEST(ChuRulesEagle, IguiDoubleCaptureAndPassOnForwardDiagonals) {
  // Enemies on 6f and 5e (forward-right diagonal); 8f/9e empty: pass through 8f.
  Position pos = position(make_sfen(with_kings({{"7g", "+D"}, {"6f", "p"}, {"5e", "g"}})));
  EXPECT_EQ(moves_from(pos, "7g"),
            expect_moves("7g", kEagleSlides + "8f 9e 6f 5e 7g6f7g 7g6f5e pass"));
  Position done = position(after(pos, "7g6f5e"));
  EXPECT_EQ(piece_on(done, "5e"), "+D");
  EXPECT_EQ(done.count(kWhite), 1);
}

TEST(ChuRulesEagle, BothDiagonalsOccupiedNoPass) {
  Position pos = position(make_sfen(with_kings({{"7g", "+D"}, {"6f", "p"}, {"8f", "p"}})));
  EXPECT_EQ(moves_from(pos, "7g"),
            expect_moves("7g", kEagleSlides + "8f 9e 6f 5e 7g8f7g 7g6f7g 7g8f9e 7g6f5e"));
}

TEST(ChuRulesEagle, NoLionPowerStraightAheadOrOffTheDiagonal) {
  Position pos = position(make_sfen(with_kings({{"7g", "+D"}, {"7f", "p"}, {"6f", "p"}})));
  EXPECT_TRUE(legal(pos, "7g7f"));     // rook slide capture
  EXPECT_FALSE(legal(pos, "7g7f7g"));  // no igui straight ahead
  EXPECT_FALSE(legal(pos, "7g7f7e"));
  EXPECT_FALSE(legal(pos, "7g6f6e"));  // second step must continue the diagonal
  EXPECT_FALSE(legal(pos, "7g6f7f"));
  Position own = position(make_sfen(with_kings({{"7g", "+D"}, {"6f", "G"}})));
  EXPECT_TRUE(legal(own, "7g5e"));  // jump over an own piece
  EXPECT_FALSE(legal(own, "7g6f"));
}

TEST(ChuRulesFalconEagle, AreNotLionsForTheLionRules) {
  // §4.2: they may take a protected Lion two squares away (§6.2 is for Lions only).
  Position falcon =
      position(make_sfen(with_kings({{"7g", "+H"}, {"7e", "n"}, {"7d", "p"}})));
  EXPECT_TRUE(legal(falcon, "7g7e"));
  Position eagle = position(make_sfen(with_kings({{"7g", "+D"}, {"5e", "n"}, {"5d", "p"}})));
  EXPECT_TRUE(legal(eagle, "7g5e"));
}

// ---------------------------------------------------------------------------------------------
// §5.1 Promotion (lishogi)

std::vector<std::string> moves_of_alone(const std::string& piece, const std::string& square,
                                        std::vector<Put> others = {},
                                        std::shared_ptr<Variant> v = chu()) {
  others.push_back({square, piece});
  return moves_from(position(make_sfen(with_kings(others)), std::move(v)), square);
}

TEST(ChuRulesPromotion, MayPromoteOnEnteringTheZone) {
  EXPECT_EQ(moves_of_alone("S", "7e"),
            expect_moves("7e", "8d 8d+ 7d 7d+ 6d 6d+ 8f 6f"));
  // Kirin: the D jump 7e7c enters, as do the diagonal steps to 8d and 6d.
  EXPECT_EQ(moves_of_alone("O", "7e"),
            expect_moves("7e", "8d 8d+ 6d 6d+ 7c 7c+ 8f 6f 7g 9e 5e"));
}

TEST(ChuRulesPromotion, NotOnAQuietMoveInsideOrLeavingTheZone) {
  EXPECT_EQ(moves_of_alone("S", "7c"), expect_moves("7c", "8b 7b 6b 8d 6d"));
  EXPECT_EQ(moves_of_alone("S", "7d"), expect_moves("7d", "8c 7c 6c 8e 6e"));
  // A Gold on rank b reaching the last rank: only Pawns and Lances get that chance.
  EXPECT_EQ(moves_of_alone("G", "7b"), expect_moves("7b", "8a 7a 6a 8b 6b 7c"));
}

TEST(ChuRulesPromotion, OnACaptureWithStartOrEndInTheZone) {
  // From 7d: capture leaving the zone (8e) and capture inside it (7c) may promote; the quiet
  // moves may not.
  EXPECT_EQ(moves_of_alone("S", "7d", {{"8e", "p"}, {"7c", "p"}}),
            expect_moves("7d", "8e 8e+ 7c 7c+ 8c 6c 6e"));
  // A capture entirely outside the zone may not.
  EXPECT_EQ(moves_of_alone("S", "7g", {{"7f", "p"}}), expect_moves("7g", "7f 8f 6f 8h 6h"));
}

TEST(ChuRulesPromotion, PawnAndLanceOnTheLastRankEvenWithoutCapture) {
  EXPECT_EQ(moves_of_alone("P", "7b"), expect_moves("7b", "7a 7a+"));
  EXPECT_EQ(moves_of_alone("L", "7c"), expect_moves("7c", "7b 7a 7a+"));
  // A Pawn moving quietly inside the zone but not to the last rank may not.
  EXPECT_EQ(moves_of_alone("P", "7c"), expect_moves("7c", "7b"));
  // The Pawn entering the zone may.
  EXPECT_EQ(moves_of_alone("P", "7e"), expect_moves("7e", "7d 7d+"));
}

TEST(ChuRulesPromotion, NeverCompulsory) {
  // The non-promoting Pawn move to the last rank is generated, and a Pawn or Lance left there
  // is a legal, immobile piece.
  Position pos = position(make_sfen(with_kings({{"7b", "P"}})));
  Position dead = position(after(pos, "7b7a"));
  EXPECT_EQ(piece_on(dead, "7a"), "P");
  Position still = position(make_sfen(with_kings({{"7a", "P"}, {"5a", "L"}})));
  EXPECT_TRUE(moves_from(still, "7a").empty());
  EXPECT_TRUE(moves_from(still, "5a").empty());
}

TEST(ChuRulesPromotion, PromotedPiecesKingQueenLionNeverPromote) {
  for (const char* piece : {"K", "Q", "N", "+O", "+P", "+H", "+D", "+S", "+X", "+E", "+I"}) {
    std::vector<Put> pieces{{"7e", piece}, {"12a", "k"}};
    if (std::string(piece) != "K") pieces.push_back({"1l", "K"});
    for (const std::string& m : moves_from(position(make_sfen(pieces)), "7e"))
      EXPECT_NE(m.back(), '+') << piece << " " << m;
  }
}

TEST(ChuRulesPromotion, PromotedPieceReplacesTheMover) {
  Position pos = position(make_sfen(with_kings({{"7e", "S"}, {"3e", "O"}})));
  EXPECT_EQ(piece_on(position(after(pos, "7e7d+")), "7d"), "+S");
  EXPECT_EQ(piece_on(position(after(pos, "3e3c+")), "3c"), "+O");
  EXPECT_EQ(piece_on(position(after(pos, "7e7d")), "7d"), "S");
}

TEST(ChuRulesPromotion, WhiteZoneIsRanksIToL) {
  Position pos = position(make_sfen(with_kings({{"6h", "s"}}), 'w'));
  EXPECT_EQ(moves_from(pos, "6h"), expect_moves("6h", "6i 6i+ 7i 7i+ 5i 5i+ 7g 5g"));
  Position pawn = position(make_sfen(with_kings({{"6k", "p"}, {"3j", "p"}}), 'w'));
  EXPECT_EQ(moves_from(pawn, "6k"), expect_moves("6k", "6l 6l+"));  // last rank l
  EXPECT_EQ(moves_from(pawn, "3j"), expect_moves("3j", "3k"));      // quiet inside the zone
}

// ---------------------------------------------------------------------------------------------
// §6.1 / §6.2 Lion-trading rules

TEST(ChuRulesLionTrading, AdjacentLionAlwaysCapturable) {
  // §6.1: White Lion on 6f next to the Black Lion, protected by the Gold on 6e.
  Position pos = position(make_sfen(with_kings({{"7g", "N"}, {"6f", "n"}, {"6e", "g"}})));
  EXPECT_TRUE(legal(pos, "7g6f"));
  EXPECT_TRUE(legal(pos, "7g6f7g"));  // igui
  EXPECT_TRUE(legal(pos, "7g6f6e"));  // first step takes the Lion, second the Gold
  EXPECT_TRUE(legal(pos, "7g6f5f"));
}

TEST(ChuRulesLionTrading, ProtectedLionTwoAwayNotCapturable) {
  // §6.2: White Lion on 7e protected by the Pawn on 7d (a White Pawn attacks 7e).
  for (const char* mover : {"N", "+O"})
    for (const char* target : {"n", "+o"}) {
      Position pos =
          position(make_sfen(with_kings({{"7g", mover}, {"7e", target}, {"7d", "p"}})));
      EXPECT_FALSE(legal(pos, "7g7e")) << mover << " x " << target;
      EXPECT_FALSE(legal(pos, "7g7f7e")) << mover << " x " << target;  // via an empty square
      EXPECT_FALSE(legal(pos, "7g8f7e")) << mover << " x " << target;
    }
}

TEST(ChuRulesLionTrading, UnprotectedLionTwoAwayCapturable) {
  Position pos = position(make_sfen(with_kings({{"7g", "N"}, {"7e", "n"}})));
  EXPECT_TRUE(legal(pos, "7g7e"));
  Position diag = position(make_sfen(with_kings({{"7g", "+O"}, {"5e", "n"}})));
  EXPECT_TRUE(legal(diag, "7g5e"));
}

TEST(ChuRulesLionTrading, BridgeCaptureLiftsProtection) {
  // §6.2(b): first victim a Gold (not Pawn / Go-Between): the protected Lion may be taken.
  Position pos =
      position(make_sfen(with_kings({{"7g", "N"}, {"7f", "g"}, {"7e", "n"}, {"7d", "p"}})));
  EXPECT_TRUE(legal(pos, "7g7f7e"));
  EXPECT_FALSE(legal(pos, "7g7e"));  // the direct jump is still forbidden
  // A Tokin (promoted Pawn) is no longer a Pawn: it is a bridge too.
  Position tokin =
      position(make_sfen(with_kings({{"7g", "N"}, {"6f", "+p"}, {"7e", "n"}, {"8d", "g"}})));
  EXPECT_TRUE(legal(tokin, "7g6f7e"));
}

TEST(ChuRulesLionTrading, PawnOrGoBetweenIsNoBridge) {
  // White Lion 7e protected by the Gold on 8d (White Golds step diagonally down to 7e).
  for (const char* first : {"p", "i"}) {
    Position pos = position(
        make_sfen(with_kings({{"7g", "N"}, {"6f", first}, {"7e", "n"}, {"8d", "g"}})));
    EXPECT_FALSE(legal(pos, "7g6f7e")) << first;
    EXPECT_FALSE(legal(pos, "7g7e")) << first;
    EXPECT_TRUE(legal(pos, "7g6f7g")) << first;  // taking the minor piece alone is fine
  }
  Position silver =
      position(make_sfen(with_kings({{"7g", "N"}, {"6f", "s"}, {"7e", "n"}, {"8d", "g"}})));
  EXPECT_TRUE(legal(silver, "7g6f7e"));
}

TEST(ChuRulesLionTrading, PawnOnFirstStepSquareStillProtects) {
  // White Pawn on 7h protects the White Lion on 7i (it steps down). Nothing else protects it.
  Position pawn = position(make_sfen(with_kings({{"7g", "N"}, {"7h", "p"}, {"7i", "n"}})));
  EXPECT_FALSE(legal(pawn, "7g7h7i"));  // JCSA: protection is judged before the move
  EXPECT_FALSE(legal(pawn, "7g7i"));
  // With a Gold there instead the double capture is a bridge.
  Position gold = position(make_sfen(with_kings({{"7g", "N"}, {"7h", "g"}, {"7i", "n"}})));
  EXPECT_TRUE(legal(gold, "7g7h7i"));
  EXPECT_FALSE(legal(gold, "7g7i"));
  // Nothing on 7h: unprotected.
  Position none = position(make_sfen(with_kings({{"7g", "N"}, {"7i", "n"}})));
  EXPECT_TRUE(legal(none, "7g7i"));
}

TEST(ChuRulesLionTrading, FirstStepSquareIsSeenThrough) {
  // White Bishop 8i looks at 5f through 7h and 6g. A White Pawn stands on 6g.
  Position pos = position(
      make_sfen(with_kings({{"7g", "N"}, {"6g", "p"}, {"5f", "n"}, {"8i", "b"}})));
  EXPECT_TRUE(legal(pos, "7g5f"));     // direct: the Pawn blocks the Bishop, Lion unprotected
  EXPECT_FALSE(legal(pos, "7g6g5f"));  // taking the Pawn first opens the line: protected
}

TEST(ChuRulesLionTrading, ProtectorHiddenBehindTheCapturingLionCounts) {
  // White Rook on 7j: its line to 7e runs through the Black Lion's own square.
  Position pos = position(make_sfen(with_kings({{"7g", "N"}, {"7e", "n"}, {"7j", "r"}})));
  EXPECT_FALSE(legal(pos, "7g7e"));
  EXPECT_FALSE(legal(pos, "7g8f7e"));
}

TEST(ChuRulesLionTrading, ProtectionUsesTheAttackDefinition) {
  // §4.3: jumps (Kirin D, Phoenix A, Lion, Falcon/Eagle 2nd square) protect over a piece in
  // between; sliders need a clear line. White Lion on 7e, a Black Gold as the blocker.
  struct Case {
    const char* piece;
    const char* square;
    const char* blocker;
    bool capturable;
  };
  for (const Case& c : {Case{"+h", "7c", "7d", false},  // Falcon: 2nd square straight ahead
                        Case{"+d", "9c", "8d", false},  // Eagle: 2nd square on a fwd diagonal
                        Case{"o", "7c", "7d", false},   // Kirin D jump
                        Case{"x", "9c", "8d", false},   // Phoenix A jump
                        Case{"n", "7c", "7d", false},   // Lion: anything within 2
                        Case{"r", "7c", "7d", true},    // Rook: line blocked
                        Case{"b", "9c", "8d", true},    // Bishop: line blocked
                        Case{"+h", "9c", "8d", true},   // Falcon's diagonal is a slide
                        Case{"+d", "7c", "7d", true}}) {  // Eagle straight ahead: a slide
    Position pos = position(make_sfen(
        with_kings({{"7g", "N"}, {"7e", "n"}, {c.square, c.piece}, {c.blocker, "G"}})));
    EXPECT_EQ(legal(pos, "7g7e"), c.capturable) << c.piece << " on " << c.square;
  }
}

TEST(ChuRulesLionTrading, TwoStepOntoAnAdjacentLionIsSection61) {
  // First victim a Pawn, second a protected Lion adjacent to the start: allowed (§6.1).
  Position pos = position(
      make_sfen(with_kings({{"7g", "N"}, {"6f", "p"}, {"6g", "n"}, {"6h", "g"}})));
  EXPECT_TRUE(legal(pos, "7g6f6g"));
  EXPECT_TRUE(legal(pos, "7g6g"));
}

// ---------------------------------------------------------------------------------------------
// §6.3 Counter-strike

// Lion-capture field 5e: White's Kirin has just taken a Lion on 5e and promoted there.
// Black Rook 7k looks at the White Lion 7c, Black Rook 5k at the promoted Kirin on 5e,
// Black Gold 9e at a White Pawn on 9d.
std::string counter_strike_sfen(const std::string& field) {
  return make_sfen(with_kings({{"7k", "R"},
                               {"7c", "n"},
                               {"5k", "R"},
                               {"5e", "+o"},
                               {"9e", "G"},
                               {"9d", "p"}}),
                   'b', field);
}

TEST(ChuRulesCounterStrike, NonLionsCannotTakeALionExceptOnTheFieldSquare) {
  Position pos = position(counter_strike_sfen("5e"));
  EXPECT_FALSE(legal(pos, "7k7c"));
  EXPECT_FALSE(legal(pos, "7k7c+"));
  EXPECT_TRUE(legal(pos, "5k5e"));   // the Lion standing on the capture square
  EXPECT_TRUE(legal(pos, "9e9d"));   // other captures are unaffected
  EXPECT_TRUE(legal(pos, "7k7d"));
  Position free = position(counter_strike_sfen("-"));
  EXPECT_TRUE(legal(free, "7k7c"));
  EXPECT_TRUE(legal(free, "7k7c+"));
  EXPECT_TRUE(legal(free, "5k5e"));
}

TEST(ChuRulesCounterStrike, LionsMayStillTakeLions) {
  // Field 3c (a White Gold stands there, having taken a Lion). Black Rook 10c and Black Lion
  // 7e both see the unprotected White Lion on 7c.
  Position pos = position(make_sfen(
      with_kings({{"3c", "g"}, {"10c", "R"}, {"7e", "N"}, {"7c", "n"}}), 'b', "3c"));
  EXPECT_FALSE(legal(pos, "10c7c"));
  EXPECT_FALSE(legal(pos, "10c7c+"));
  EXPECT_TRUE(legal(pos, "7e7c"));
  // ...still subject to §6.2: protect 7c with a White Pawn on 7b.
  Position prot = position(make_sfen(
      with_kings({{"3c", "g"}, {"8d", "N"}, {"7e", "N"}, {"7c", "n"}, {"7b", "p"}}), 'b', "3c"));
  EXPECT_FALSE(legal(prot, "7e7c"));
  EXPECT_TRUE(legal(prot, "8d7c"));  // adjacent: §6.1
}

TEST(ChuRulesCounterStrike, FalconAndEagleOnEitherStep) {
  // Field set; Black Falcon on 7e.
  Position first = position(make_sfen(
      with_kings({{"3c", "g"}, {"7e", "+H"}, {"7d", "n"}, {"7c", "g"}}), 'b', "3c"));
  EXPECT_FALSE(legal(first, "7e7d"));
  EXPECT_FALSE(legal(first, "7e7d7e"));
  EXPECT_FALSE(legal(first, "7e7d7c"));
  EXPECT_TRUE(legal(first, "7e7c"));  // jumping over the Lion to take the Gold is fine
  Position second = position(make_sfen(
      with_kings({{"3c", "g"}, {"7e", "+H"}, {"7d", "g"}, {"7c", "n"}}), 'b', "3c"));
  EXPECT_FALSE(legal(second, "7e7d7c"));  // lishogi: a bridge does not lift counter-strike
  EXPECT_FALSE(legal(second, "7e7c"));
  EXPECT_TRUE(legal(second, "7e7d"));
  EXPECT_TRUE(legal(second, "7e7d7e"));
  Position eagle = position(make_sfen(
      with_kings({{"3c", "g"}, {"7e", "+D"}, {"6d", "n"}, {"5c", "g"}}), 'b', "3c"));
  EXPECT_FALSE(legal(eagle, "7e6d"));
  EXPECT_FALSE(legal(eagle, "7e6d7e"));
  EXPECT_FALSE(legal(eagle, "7e6d5c"));
  EXPECT_TRUE(legal(eagle, "7e5c"));
}

TEST(ChuRulesCounterStrike, FieldSetWhenANonLionTakesALion) {
  Position pos = position(make_sfen(with_kings({{"7k", "R"}, {"7c", "n"}})));
  std::string then = after(pos, "7k7c");
  EXPECT_EQ(lion_field_of(then), "7c");
  // It lasts one move only.
  EXPECT_EQ(lion_field_of(after(position(then), "12a11a")), "-");
}

TEST(ChuRulesCounterStrike, FieldNotSetWhenALionTakesALion) {
  Position far = position(make_sfen(with_kings({{"7e", "N"}, {"7c", "n"}})));
  EXPECT_EQ(lion_field_of(after(far, "7e7c")), "-");
  Position near = position(make_sfen(with_kings({{"7e", "+O"}, {"7d", "n"}, {"7c", "g"}})));
  EXPECT_EQ(lion_field_of(after(near, "7e7d")), "-");
  EXPECT_EQ(lion_field_of(after(near, "7e7d7e")), "-");
  EXPECT_EQ(lion_field_of(after(near, "7e7d7c")), "-");
}

TEST(ChuRulesCounterStrike, FieldSetByFalconOnEitherStep) {
  Position second = position(make_sfen(with_kings({{"7e", "+H"}, {"7d", "g"}, {"7c", "n"}})));
  EXPECT_EQ(lion_field_of(after(second, "7e7d7c")), "7c");  // lishogi: bridge or not
  Position first = position(make_sfen(with_kings({{"7e", "+H"}, {"7d", "n"}, {"7c", "g"}})));
  EXPECT_EQ(lion_field_of(after(first, "7e7d7c")), "7d");
  EXPECT_EQ(lion_field_of(after(first, "7e7d7e")), "7d");
  EXPECT_EQ(lion_field_of(after(first, "7e7d")), "7d");
}

TEST(ChuRulesCounterStrike, KirinPromotingOnTheCaptureMayBeRecaptured) {
  // Black Kirin 7e takes the White Lion on 7c with the D jump and promotes to a Lion there.
  // White Gold 7b may take it back (same square); the White Rook 3a may not take the Black
  // Lion on 3g.
  Position pos = position(make_sfen(
      with_kings({{"7e", "O"}, {"7c", "n"}, {"7b", "g"}, {"3g", "N"}, {"3a", "r"}})));
  std::string then = after(pos, "7e7c+");
  EXPECT_EQ(lion_field_of(then), "7c");
  Position reply = position(then);
  EXPECT_EQ(piece_on(reply, "7c"), "+O");
  EXPECT_TRUE(legal(reply, "7b7c"));
  EXPECT_FALSE(legal(reply, "3a3g"));
  EXPECT_TRUE(legal(reply, "3a3f"));
}

// ---------------------------------------------------------------------------------------------
// Rule options (Variant::set_option on a fresh copy) and profiles

std::shared_ptr<Variant> chu_with(const std::string& option, const std::string& value) {
  auto v = chu();
  v->set_option(option, value);
  return v;
}

TEST(ChuRulesOptions, PromotionShogiAllowsAnyMoveTouchingTheZone) {
  auto v = chu_with("promotion", "shogi");
  EXPECT_EQ(moves_of_alone("S", "7c", {}, v),
            expect_moves("7c", "8b 8b+ 7b 7b+ 6b 6b+ 8d 8d+ 6d 6d+"));
  EXPECT_EQ(moves_of_alone("S", "7d", {}, v),
            expect_moves("7d", "8c 8c+ 7c 7c+ 6c 6c+ 8e 8e+ 6e 6e+"));
  EXPECT_EQ(moves_of_alone("S", "7g", {}, v), expect_moves("7g", "8f 7f 6f 8h 6h"));
  EXPECT_EQ(moves_of_alone("P", "7c", {}, v), expect_moves("7c", "7b 7b+"));
}

TEST(ChuRulesOptions, ForceLastRankPromotion) {
  auto v = chu_with("force_last_rank_promotion", "true");
  EXPECT_EQ(moves_of_alone("P", "7b", {}, v), expect_moves("7b", "7a+"));
  EXPECT_EQ(moves_of_alone("L", "7c", {}, v), expect_moves("7c", "7b 7a+"));
  EXPECT_EQ(moves_of_alone("P", "7e", {}, v), expect_moves("7e", "7d 7d+"));
  // A Gold is never stuck on the last rank.
  EXPECT_EQ(moves_of_alone("G", "7b", {}, v), expect_moves("7b", "8a 7a 6a 8b 6b 7c"));
}

TEST(ChuRulesOptions, CounterStrikeSameSquareOff) {
  Position pos =
      position(counter_strike_sfen("5e"), chu_with("counter_strike_same_square", "false"));
  EXPECT_FALSE(legal(pos, "5k5e"));
  EXPECT_FALSE(legal(pos, "7k7c"));
}

TEST(ChuRulesOptions, CounterStrikeOff) {
  Position pos = position(counter_strike_sfen("5e"), chu_with("counter_strike", "false"));
  EXPECT_TRUE(legal(pos, "7k7c"));
  EXPECT_TRUE(legal(pos, "5k5e"));
}

// XBoard's reading: with the rule armed, the opponent's Lions may not take a Lion either.
TEST(ChuRulesOptions, CounterStrikeBindsLions) {
  auto v = chu_with("counter_strike_binds_lions", "true");
  Position pos = position(
      make_sfen(with_kings({{"3c", "g"}, {"10c", "R"}, {"7e", "N"}, {"7c", "n"}, {"8b", "N"}}), 'b',
                "3c"),
      v);
  EXPECT_FALSE(legal(pos, "10c7c"));
  EXPECT_FALSE(legal(pos, "7e7c"));    // a jump
  EXPECT_FALSE(legal(pos, "8b7c"));    // adjacent
  EXPECT_FALSE(legal(pos, "7e7d7c"));  // by a Lion's second step
  EXPECT_TRUE(legal(pos, "7e7d"));     // the Lion itself may move
  Position free = position(
      make_sfen(with_kings({{"3c", "g"}, {"10c", "R"}, {"7e", "N"}, {"7c", "n"}, {"8b", "N"}}), 'b',
                "-"),
      v);
  EXPECT_TRUE(legal(free, "7e7c"));
  EXPECT_TRUE(legal(free, "10c7c"));
  // The xboard profile has it; lishogi's rules do not.
  auto xboard = chu();
  xboard->apply_profile("xboard");
  EXPECT_TRUE(xboard->rules.counter_strike_binds_lions);
  EXPECT_FALSE(chu()->rules.counter_strike_binds_lions);
}

TEST(ChuRulesOptions, BridgeLiftsCounterStrike) {
  auto v = chu_with("bridge_lifts_counter_strike", "true");
  // Generation: Gold then Lion by the Falcon is allowed after a Lion capture; the direct
  // jump onto the Lion is not.
  Position pos = position(make_sfen(
      with_kings({{"3c", "g"}, {"7e", "+H"}, {"7d", "g"}, {"7c", "n"}}), 'b', "3c"), v);
  EXPECT_TRUE(legal(pos, "7e7d7c"));
  EXPECT_FALSE(legal(pos, "7e7c"));
  // A Pawn is no bridge.
  Position pawn = position(make_sfen(
      with_kings({{"3c", "g"}, {"7e", "+H"}, {"7d", "p"}, {"7c", "n"}}), 'b', "3c"), v);
  EXPECT_FALSE(legal(pawn, "7e7d7c"));
  // do_move: such a capture does not set the field; a plain one still does.
  Position fresh = position(make_sfen(with_kings({{"7e", "+H"}, {"7d", "g"}, {"7c", "n"}})), v);
  EXPECT_EQ(lion_field_of(after(fresh, "7e7d7c")), "-");
  EXPECT_EQ(lion_field_of(after(fresh, "7e7c")), "7c");
}

TEST(ChuRulesOptions, LionProtectionOff) {
  auto v = chu_with("lion_protection", "false");
  Position pos =
      position(make_sfen(with_kings({{"7g", "N"}, {"7e", "n"}, {"7d", "p"}})), v);
  EXPECT_TRUE(legal(pos, "7g7e"));
  Position pawn = position(make_sfen(with_kings({{"7g", "N"}, {"7h", "p"}, {"7i", "n"}})), v);
  EXPECT_TRUE(legal(pawn, "7g7h7i"));
}

TEST(ChuRulesOptions, LionProtectionByRecapture) {
  // H. G. Muller's reading (HaChu): protected means the capturing Lion could be taken back
  // after the move. This is the move HaChu played in a CI match: Lion takes the Pawn that
  // guards the Lion behind it, then that Lion.
  auto v = chu_with("lion_protection_by_recapture", "true");
  Position pawn = position(make_sfen(with_kings({{"7g", "N"}, {"7h", "p"}, {"7i", "n"}})), v);
  EXPECT_TRUE(legal(pawn, "7g7h7i"));  // the Pawn is gone: nothing can take back
  EXPECT_FALSE(legal(pawn, "7g7i"));   // the jump leaves the Pawn there
  // Another protector still counts, and lines opened by the move still protect.
  Position gold = position(
      make_sfen(with_kings({{"7g", "N"}, {"7h", "p"}, {"7i", "n"}, {"8h", "g"}})), v);
  EXPECT_FALSE(legal(gold, "7g7h7i"));
  Position bishop = position(
      make_sfen(with_kings({{"7g", "N"}, {"6g", "p"}, {"5f", "n"}, {"8i", "b"}})), v);
  EXPECT_TRUE(legal(bishop, "7g5f"));
  EXPECT_FALSE(legal(bishop, "7g6g5f"));
  Position rook = position(make_sfen(with_kings({{"7g", "N"}, {"7e", "n"}, {"7j", "r"}})), v);
  EXPECT_FALSE(legal(rook, "7g8f7e"));
  // A Go-Between taken first is gone too; the default keeps it as a protector.
  Position gb = position(make_sfen(with_kings({{"7g", "N"}, {"7h", "i"}, {"7i", "n"}})), v);
  EXPECT_TRUE(legal(gb, "7g7h7i"));
  EXPECT_FALSE(legal(position(make_sfen(with_kings({{"7g", "N"}, {"7h", "i"}, {"7i", "n"}}))),
                     "7g7h7i"));
}

TEST(ChuRulesOptions, ProfilesAndValues) {
  auto v = chu();
  EXPECT_EQ(v->option_value("promotion"), "lishogi");
  EXPECT_EQ(v->option_value("repetition"), "lishogi");
  EXPECT_EQ(v->option_value("max_plies"), "1000");
  EXPECT_EQ(v->option_value("counter_strike_same_square"), "true");
  EXPECT_EQ(v->option_value("bridge_lifts_counter_strike"), "false");
  v->apply_profile("jcsa");
  EXPECT_EQ(v->option_value("repetition"), "exact");
  EXPECT_EQ(v->option_value("max_plies"), "0");
  EXPECT_EQ(v->option_value("lion_protection"), "true");  // untouched by the profile
  v->apply_profile("lishogi");
  EXPECT_EQ(v->option_value("repetition"), "lishogi");
  EXPECT_EQ(v->option_value("max_plies"), "1000");
  EXPECT_THROW(v->apply_profile("pbmserv-typo"), VariantError);
  EXPECT_THROW(v->set_option("no_such_option", "true"), VariantError);
  EXPECT_THROW(v->set_option("lion_protection", "maybe"), VariantError);
  EXPECT_THROW(v->set_option("promotion", "chess"), VariantError);
  // Options are per copy: a fresh copy has the defaults again.
  v->set_option("lion_protection", "false");
  EXPECT_EQ(chu()->option_value("lion_protection"), "true");
}

// ---------------------------------------------------------------------------------------------
// §5.2 pbmserv promotion (profile pbmserv): shogi's rule (into, out of or within the zone) and
// two deferral restrictions that travel with the piece, written in SFEN as '=' (declined on
// entering: its next move promotes only with a capture) and '~' (a Pawn that declined:
// promotes only on the last rank).

std::shared_ptr<Variant> pbmserv() {
  auto v = chu();
  v->apply_profile("pbmserv");
  return v;
}

TEST(ChuPbmservPromotion, ProfileSettings) {
  auto v = pbmserv();
  EXPECT_EQ(v->option_value("promotion"), "shogi");
  EXPECT_EQ(v->option_value("promotion_deferral"), "true");
  EXPECT_EQ(v->option_value("force_last_rank_promotion"), "true");
  EXPECT_EQ(v->option_value("check_rule"), "true");
  EXPECT_EQ(v->option_value("counter_strike_same_square"), "false");
  EXPECT_EQ(v->option_value("bridge_lifts_counter_strike"), "true");
}

TEST(ChuPbmservPromotion, DecliningOnEntryMarksThePiece) {
  Position pos = position(make_sfen(with_kings({{"7e", "S"}})), pbmserv());
  // Entering may promote; declining leaves the Silver marked.
  EXPECT_EQ(moves_from(pos, "7e"), expect_moves("7e", "8d 8d+ 7d 7d+ 6d 6d+ 8f 6f"));
  std::string declined = after(pos, "7e7d");
  EXPECT_EQ(piece_on(position(declined, pbmserv()), "7d"), "S");
  EXPECT_EQ(words(declined).at(0), "k11/12/12/5S=6/12/12/12/12/12/12/12/11K");
  // Promoting clears nothing to mark.
  EXPECT_EQ(words(after(pos, "7e7d+")).at(0), "k11/12/12/5+S6/12/12/12/12/12/12/12/11K");
}

TEST(ChuPbmservPromotion, NextMoveOfADeclinedPiecePromotesOnlyWithACapture) {
  // The marked Silver on 7d, a White Pawn on 6c: only the capture may promote.
  Position pos = position(make_sfen(with_kings({{"7d", "S="}, {"6c", "p"}}), 'b'), pbmserv());
  EXPECT_EQ(moves_from(pos, "7d"), expect_moves("7d", "8c 7c 6c 6c+ 8e 6e"));
  // Without the mark, shogi's rule lets every move within or out of the zone promote.
  Position plain = position(make_sfen(with_kings({{"7d", "S"}, {"6c", "p"}}), 'b'), pbmserv());
  EXPECT_EQ(moves_from(plain, "7d"), expect_moves("7d", "8c 8c+ 7c 7c+ 6c 6c+ 8e 8e+ 6e 6e+"));
}

TEST(ChuPbmservPromotion, TheRestrictionLastsUntilThePieceItselfMoves) {
  Position pos = position(make_sfen(with_kings({{"7d", "S="}, {"3g", "G"}})), pbmserv());
  // Another piece moves: the Silver keeps its mark.
  std::string other = after(pos, "3g3f");
  other = after(position(other, pbmserv()), "12a12b");
  EXPECT_EQ(moves_from(position(other, pbmserv()), "7d"), expect_moves("7d", "8c 7c 6c 8e 6e"));
  // The Silver's next move (quiet, unpromoted) uses the restriction up; after that, shogi's rule.
  std::string next = after(position(other, pbmserv()), "7d7c");
  next = after(position(next, pbmserv()), "12b12a");
  EXPECT_EQ(moves_from(position(next, pbmserv()), "7c"),
            expect_moves("7c", "8b 8b+ 7b 7b+ 6b 6b+ 8d 8d+ 6d 6d+"));
}

TEST(ChuPbmservPromotion, ADeclinedPawnPromotesOnlyOnTheLastRank) {
  Position pos = position(make_sfen(with_kings({{"7e", "P"}})), pbmserv());
  std::string s = after(pos, "7e7d");
  EXPECT_EQ(words(s).at(0), "k11/12/12/5P~=6/12/12/12/12/12/12/12/11K");
  // Not even with a capture: White puts a Pawn on 7c.
  Position capture = position(make_sfen(with_kings({{"7d", "P~"}, {"7c", "p"}})), pbmserv());
  EXPECT_EQ(moves_from(capture, "7d"), expect_moves("7d", "7c"));
  Position quiet = position(make_sfen(with_kings({{"7c", "P~"}})), pbmserv());
  EXPECT_EQ(moves_from(quiet, "7c"), expect_moves("7c", "7b"));
  // On the last rank it must promote (forced, as in shogi).
  Position last = position(make_sfen(with_kings({{"7b", "P~"}})), pbmserv());
  EXPECT_EQ(moves_from(last, "7b"), expect_moves("7b", "7a+"));
}

TEST(ChuPbmservPromotion, ALastRankThatForcesPromotionOverridesTheNextMoveRestriction) {
  // A Lance that declined on entering reaches the last rank on its next move: it could never
  // move again, so it promotes there although the move captures nothing.
  Position pos = position(make_sfen(with_kings({{"7d", "L="}})), pbmserv());
  EXPECT_EQ(moves_from(pos, "7d"), expect_moves("7d", "7c 7b 7a+"));
}

TEST(ChuPbmservPromotion, MarksAreUndoneAndHashed) {
  Position pos = position(make_sfen(with_kings({{"7e", "S"}, {"6d", "p"}})), pbmserv());
  const std::string before = to_sfen(pos);
  const uint64_t hash = pos.hash();
  Move m = parse_usi(pos, "7e7d");
  Undo u;
  pos.do_move(m, u);
  EXPECT_EQ(pos.deferral(parse_square(pos.variant(), "7d")), kDeferNextMove);
  // The same board without the mark is a different position.
  Position unmarked = position(make_sfen(with_kings({{"7d", "S"}, {"6d", "p"}}), 'w'), pbmserv());
  EXPECT_NE(pos.hash(), unmarked.hash());
  EXPECT_EQ(pos.hash(), position(to_sfen(pos), pbmserv()).hash());
  pos.undo_move(m, u);
  EXPECT_EQ(to_sfen(pos), before);
  EXPECT_EQ(pos.hash(), hash);
  // A captured marked piece takes its mark with it.
  Position cap = position(make_sfen(with_kings({{"7d", "S="}, {"7c", "r"}}), 'w'), pbmserv());
  EXPECT_EQ(words(after(cap, "7c7d")).at(0), "k11/12/12/5r6/12/12/12/12/12/12/12/11K");
}

TEST(ChuPbmservPromotion, MarksNeedTheOptionAndAPieceThatPromotes) {
  try {
    position(make_sfen(with_kings({{"7d", "S="}})));  // lishogi rules
    FAIL() << "accepted a deferral mark without promotion_deferral";
  } catch (const NotationError& e) {
    EXPECT_NE(std::string(e.what()).find("promotion_deferral"), std::string::npos) << e.what();
  }
  EXPECT_THROW(position(make_sfen(with_kings({{"7d", "N="}})), pbmserv()), NotationError);
  EXPECT_THROW(position(make_sfen(with_kings({{"7d", "S=~"}})), pbmserv()), NotationError);
}

}  // namespace
}  // namespace kirin
