// Mitsugumi Shogi (docs/spec/mitsugumi_shogi.md): every piece, every special power, the turn
// rules, the end of the game, USI with extra victims, and random play.
//
// Every expected move list below was worked out by hand from the rules text (§3 and §4 of the
// rules file, the seed 002 wording where it is normative), not copied from the program's
// output. Squares are USI names on the 13x13 board: file 1..13 counted from Black's right, rank
// a..m from the top (White's side); Black moves up, towards rank a. Black's promotion zone is
// ranks a-d, White's ranks j-m. Kirin's decisions on UNCONFIRMED points: docs/rules/mitsugumi.md.
#include <gtest/gtest.h>

#include "../random_play.h"
#include "test_positions.h"
#include <algorithm>
#include <array>
#include <cctype>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/position.h"

namespace kirin {
namespace {

// ---------------------------------------------------------------------------------------------
// Helpers

std::shared_ptr<const Variant> mitsugumi() {
  static const std::shared_ptr<const Variant> v = builtin_variant("mitsugumi");
  return v;
}

using test::Put;
using test::words;
using test::sorted;
using test::legal;
using test::piece_on;

// A 13x13 SFEN from a list of pieces: board, side to move, no hands, move 1.
std::string board13(const std::vector<Put>& pieces, char side = 'b') {
  return test::board_sfen(13, pieces, side);
}

Position position(const std::vector<Put>& pieces, char side = 'b') {
  return parse_sfen(mitsugumi(), board13(pieces, side));
}

// The leading square of a move text ("7g" of "7g6f7gx8f"), or "" if it has none.
std::string first_square(const std::string& text) {
  size_t i = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == 0 || i >= text.size()) return "";
  return text.substr(0, i + 1);
}

// A move text with its victims in a fixed order, so that expectations do not depend on the
// order in which the generator names them: further victims ("x..") sorted, and for a double
// igui the middle square and the further victim sorted together.
std::string normalize(const std::string& text) {
  std::vector<std::string> squares, kills;
  size_t i = 0;
  auto square = [&] {
    size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i < text.size()) ++i;  // the rank letter
    return text.substr(start, i - start);
  };
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
    squares.push_back(square());
  while (i < text.size() && text[i] == 'x') {
    ++i;
    kills.push_back(square());
  }
  std::string rest = text.substr(i);
  if (squares.empty()) return text;
  if (squares.size() == 3 && squares[0] == squares[2] && !kills.empty()) {
    kills.push_back(squares[1]);
    std::sort(kills.begin(), kills.end());
    squares[1] = kills[0];
    kills.erase(kills.begin());
  }
  std::sort(kills.begin(), kills.end());
  std::string out;
  for (const auto& s : squares) out += s;
  for (const auto& k : kills) out += "x" + k;
  return out + rest;
}

bool is_stay(const Position& pos, const Move& m) {
  return m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty;
}

// A move as the tests write it: "pass" for a skip (which empty square it names is a spelling
// choice), "<square>pass+" for a promotion on the spot, else the USI text, normalized.
std::string usi(const Position& pos, const Move& m) {
  if (is_stay(pos, m))
    return m.promotes() ? square_name(pos.variant(), m.from) + "pass+" : std::string("pass");
  return normalize(to_usi(pos, m));
}

std::vector<std::string> all_moves(const Position& pos) { return test::all_moves(pos, usi); }
// The sorted moves of the piece on `square` (duplicates kept, so that they show up).
std::vector<std::string> moves_from(const Position& pos, const std::string& square) {
  return test::moves_from(pos, square, usi);
}

// ...only those ending on `to` (for a standstill move: on the piece's own square).
std::vector<std::string> moves_from_to(const Position& pos, const std::string& square,
                                       const std::string& to) {
  Square from = parse_square(pos.variant(), square), dest = parse_square(pos.variant(), to);
  MoveList list;
  generate_moves(pos, list);
  std::vector<std::string> out;
  for (const Move& m : list)
    if (m.from == from && m.to == dest) out.push_back(usi(pos, m));
  return sorted(out);
}

// "7g" + "7f 5ex6d 7g6f7g pass" -> {"7g7f", "7g5ex6d", "7g6f7g", "pass"}, sorted and
// normalized: a word not starting with the square `from` is a destination (with any victims
// and '+'), any other word is a whole move.
std::vector<std::string> expect(const std::string& from, const std::string& list) {
  std::vector<std::string> out;
  for (const std::string& w : words(list))
    out.push_back(normalize(w == "pass" || first_square(w) == from ? w : from + w));
  return sorted(out);
}

void play(Position& pos, const std::string& text) {
  Move m = parse_usi(pos, text);
  Undo u;
  pos.do_move(m, u);
}

std::string name_on(const Position& pos, const std::string& square) {
  Piece p = pos.at(parse_square(pos.variant(), square));
  return is_piece(p) ? pos.variant().piece(kind_of(p)).name : "";
}

// The two kings, away from every line and every neighbourhood a piece on 7g can reach:
// Black 13i, White 1e.
std::vector<Put> with_kings(std::vector<Put> pieces) {
  pieces.push_back({"13i", "K"});
  pieces.push_back({"1e", "k"});
  return pieces;
}

// Squares reached from 7g on an empty 13x13 board, by ray / pattern (hand-listed).
const std::string kFwd = "7f 7e 7d 7c 7b 7a ";
const std::string kBack = "7h 7i 7j 7k 7l 7m ";
const std::string kSide = "8g 9g 10g 11g 12g 13g 6g 5g 4g 3g 2g 1g ";
const std::string kFwdLeft = "8f 9e 10d 11c 12b 13a ";
const std::string kFwdRight = "6f 5e 4d 3c 2b 1a ";
const std::string kBackLeft = "8h 9i 10j 11k 12l 13m ";
const std::string kBackRight = "6h 5i 4j 3k 2l 1m ";
const std::string kDiag = kFwdLeft + kFwdRight + kBackLeft + kBackRight;
const std::string kRook = kFwd + kBack + kSide;
const std::string kQueen = kRook + kDiag;
const std::string kKing = "8f 7f 6f 8g 6g 8h 7h 6h ";
const std::string kGold = "8f 7f 6f 8g 6g 7h ";
// The Lion's 24: every square within two king steps (5x5 box, files 9-5, ranks e-i).
const std::string kLionBox =
    "9e 8e 7e 6e 5e 9f 8f 7f 6f 5f 9g 8g 6g 5g 9h 8h 7h 6h 5h 9i 8i 7i 6i 5i ";
// The area move's 48: every square within three king steps (7x7 box, files 10-4, ranks d-j).
const std::string kArea =
    "10d 9d 8d 7d 6d 5d 4d 10e 9e 8e 7e 6e 5e 4e 10f 9f 8f 7f 6f 5f 4f "
    "10g 9g 8g 6g 5g 4g 10h 9h 8h 7h 6h 5h 4h 10i 9i 8i 7i 6i 5i 4i "
    "10j 9j 8j 7j 6j 5j 4j ";
// Diagonal squares beyond the 7x7 box.
const std::string kDiagBeyond3 = "11c 12b 13a 3c 2b 1a 11k 12l 13m 3k 2l 1m ";
// Vice General (§4.2, §4.3): bishop + area move (+ a skip).
const std::string kViceGeneral = kArea + kDiagBeyond3 + "pass ";
// Fire Demon (§4.4): sideways and diagonal slides + area move (+ a skip).
const std::string kFireDemon = kArea + kDiagBeyond3 + "11g 12g 13g 3g 2g 1g pass ";
// Squares of those rays inside Black's zone (ranks a-d): where a promotable piece may promote.
const std::string kFwdZone = "7d 7c 7b 7a ";
const std::string kDiagZone = "10d 11c 12b 13a 4d 3c 2b 1a ";

TEST(MitsugumiHelpers, SfenBuilderAndNormalizer) {
  EXPECT_EQ(board13({{"7g", "F'"}, {"13a", "+c"}, {"1m", "k"}}),
            "+c12/13/13/13/13/13/6F'6/13/13/13/13/13/12k b - 1");
  EXPECT_EQ(normalize("7g5ex5dx6d"), "7g5ex5dx6d");
  EXPECT_EQ(normalize("7g6d7gx5d+"), "7g5d7gx6d+");
  EXPECT_EQ(expect("7g", "7f 5ex6d 7g6f7g pass"),
            sorted({"7g7f", "7g5ex6d", "7g6f7g", "pass"}));
}

// ---------------------------------------------------------------------------------------------
// §3: every piece kind alone on an empty board (plus the two kings far away).

struct PieceCase {
  std::string piece;   // SFEN token
  char side;           // 'b' or 'w'
  std::string dests;   // destinations of the non-promoting moves, and "pass" for a skip
  std::string promos;  // destinations that may also be reached with promotion
};

void PrintTo(const PieceCase& c, std::ostream* os) { *os << c.piece << " (" << c.side << ")"; }

// All 51 kinds, Black, on 7g (the centre: every ray is 6 squares long). §5.1: a piece may
// promote when its move starts or ends in the zone; King, Fire Demon, Vice General and every
// promoted piece never promote.
std::vector<PieceCase> black_cases() {
  return {
      {"K", 'b', kKing, ""},                                          // one step any way
      {"P", 'b', "7f", ""},                                           // one step forward
      {"I", 'b', "7f 8h 6h", ""},                                     // Dog: fW, bF
      {"S", 'b', "8f 7f 6f 8h 6h", ""},                               // FfW
      {"F", 'b', "8f 7f 6f 8h 7h 6h", ""},                            // Leopard: FvW
      {"G", 'b', kGold, ""},                                          // WfF
      {"T", 'b', "8f 6f 8g 6g 8h 7h 6h", ""},                         // all but forward
      {"J", 'b', "8e 6e 9f 5f 9h 5h 8i 6i", ""},                      // full chess knight
      {"O", 'b', "8f 6f 8h 6h 7e 7i 9g 5g", ""},                      // Kirin: F, D
      {"X", 'b', "7f 7h 8g 6g 9e 5e 9i 5i", ""},                      // Phoenix: W, A
      {"L", 'b', kFwd + "7h 7i", kFwdZone},                           // fR, 1-2 back
      {"V", 'b', kFwd + kBack + "8g 6g", kFwdZone},                   // vR sW
      {"M", 'b', kSide + "7h 7f 7e", ""},                             // sR bW, 1-2 forward
      {"B", 'b', kDiag, kDiagZone},                                   // B
      {"R", 'b', kRook, kFwdZone},                                    // R
      {"H", 'b', kDiag + "7f 7h 8g 6g", kDiagZone},                   // BW
      {"D", 'b', kRook + "8f 6f 8h 6h", kFwdZone},                    // RF
      // Horned Falcon: diagonal, sideways and backward slides; step or jump to 7f / 7e (§4.1),
      // and a skip through 7f.
      {"A", 'b', kDiag + kSide + kBack + "7f 7e pass", kDiagZone},
      // Soaring Eagle: rook, backward diagonals; 8f/9e and 6f/5e, and a skip.
      {"E", 'b', kRook + kBackLeft + kBackRight + "8f 9e 6f 5e pass", kFwdZone},
      {"N", 'b', kLionBox + "pass", ""},                               // Lion: 24 + skip
      {"Q", 'b', kQueen, kFwdZone + kDiagZone},                       // Q
      {"Y", 'b', kDiag, kDiagZone},                                   // Bishop General: B
      {"Z", 'b', kRook, kFwdZone},                                    // Rook General: R
      {"C", 'b', kDiag + kFwd + kBack + "8g 9g 6g 5g", kDiagZone + kFwdZone},  // BvR, 1-2 side
      {"W", 'b', kDiag + kSide + "7f 7e 7h 7i", kDiagZone},           // BsR, 1-2 vertical
      {"V'", 'b', kViceGeneral, ""},
      {"F'", 'b', kFireDemon, ""},
      // §3.2 promoted kinds: none promotes again.
      {"+P", 'b', kGold, ""},                                         // Tokin: as Gold
      {"+I", 'b', kFwd + kBackLeft + kBackRight, ""},                 // Multi General: fR bB
      {"+S", 'b', kFwd + kBack + "8g 6g", ""},                        // as Vertical Mover
      {"+F", 'b', kDiag, ""},                                         // as Bishop
      {"+G", 'b', kRook, ""},                                         // as Rook
      {"+T", 'b', "8f 6f 8h 6h 8g 6g " + kFwd + kBack, ""},           // Flying Stag: K, vR
      {"+J", 'b', kSide + "7h 7f 7e", ""},                            // as Side Soldier
      {"+O", 'b', kLionBox + "pass", ""},                             // as Lion
      {"+X", 'b', kQueen, ""},                                        // as Queen
      {"+L", 'b', kFwd + kBack + kFwdLeft + kFwdRight, ""},           // White Horse: vR fB
      {"+V", 'b', kDiag + kFwd + kBack, ""},                          // Flying Ox: B vR
      {"+M", 'b', kDiag + kSide + "7f 7e 7h 7i", ""},                 // as Water Buffalo
      {"+B", 'b', kDiag + "7f 7h 8g 6g", ""},                         // as Dragon Horse
      {"+R", 'b', kRook + "8f 6f 8h 6h", ""},                         // as Dragon King
      {"+H", 'b', kDiag + kSide + kBack + "7f 7e pass", ""},          // as Horned Falcon
      {"+D", 'b', kRook + kBackLeft + kBackRight + "8f 9e 6f 5e pass", ""},  // as Soaring Eagle
      {"+A", 'b', kDiag, ""},                                         // as Bishop General
      {"+E", 'b', kRook, ""},                                         // as Rook General
      // Lion Hawk: Lion moves, or Bishop moves (diagonals beyond the 5x5 box).
      {"+N", 'b', kLionBox + "10d 11c 12b 13a 4d 3c 2b 1a 10j 11k 12l 13m 4j 3k 2l 1m pass", ""},
      // Free Eagle: Queen + diagonal Lion moves, which on an empty board add only the skip.
      {"+Q", 'b', kQueen + "pass", ""},
      {"+Y", 'b', kViceGeneral, ""},                                  // as Vice General
      {"+Z", 'b', kQueen, ""},                                        // Great General: Q
      // Heavenly Tetrarch (§4.5): diagonals and verticals from the 2nd square on, sideways
      // exactly 2 or 3 squares; never the adjacent squares; no skip.
      {"+C", 'b',
       "9e 10d 11c 12b 13a 5e 4d 3c 2b 1a 9i 10j 11k 12l 13m 5i 4j 3k 2l 1m "
       "7e 7d 7c 7b 7a 7i 7j 7k 7l 7m 9g 10g 5g 4g",
       ""},
      {"+W", 'b', kFireDemon, ""},                                    // as Fire Demon
  };
}

// White pieces on 7g, written out by hand for the asymmetric ones (White moves down, towards
// rank m; White's zone is ranks j-m).
std::vector<PieceCase> white_cases() {
  return {
      {"p", 'w', "7h", ""},
      {"i", 'w', "7h 8f 6f", ""},
      {"s", 'w', "8h 7h 6h 8f 6f", ""},
      {"g", 'w', "8h 7h 6h 8g 6g 7f", ""},
      {"t", 'w', "8h 6h 8g 6g 8f 7f 6f", ""},
      {"l", 'w', kBack + "7f 7e", "7j 7k 7l 7m"},
      {"m", 'w', kSide + "7f 7h 7i", ""},
      {"c", 'w', kDiag + kFwd + kBack + "8g 9g 6g 5g", "10j 11k 12l 13m 4j 3k 2l 1m 7j 7k 7l 7m"},
      {"a", 'w', kDiag + kSide + kFwd + "7h 7i pass", "10j 11k 12l 13m 4j 3k 2l 1m"},
      {"e", 'w', kRook + kFwdLeft + kFwdRight + "8h 9i 6h 5i pass", "7j 7k 7l 7m"},
      {"+p", 'w', "8h 7h 6h 8g 6g 7f", ""},
      {"+i", 'w', kBack + kFwdLeft + kFwdRight, ""},
      {"+l", 'w', kFwd + kBack + kBackLeft + kBackRight, ""},
  };
}

class MitsugumiPieceMoves : public ::testing::TestWithParam<PieceCase> {};

TEST_P(MitsugumiPieceMoves, AloneOnTheBoard) {
  const PieceCase& c = GetParam();
  Position pos = position(with_kings({{"7g", c.piece}}), c.side);
  std::string list = c.dests;
  for (const std::string& w : words(c.promos)) list += " " + w + "+";
  EXPECT_EQ(moves_from(pos, "7g"), expect("7g", list));
}

INSTANTIATE_TEST_SUITE_P(Black, MitsugumiPieceMoves, ::testing::ValuesIn(black_cases()));
INSTANTIATE_TEST_SUITE_P(White, MitsugumiPieceMoves, ::testing::ValuesIn(white_cases()));

TEST(MitsugumiPieces, EveryKindHasACase) {
  // 27 initial kinds (§3.1) and 24 promoted-only ones (§3.2, one per promoting kind).
  const Variant& v = *mitsugumi();
  ASSERT_EQ(v.pieces.size(), 52u);
  std::set<std::string> covered;
  for (const PieceCase& c : black_cases()) {
    std::string token = c.piece;
    for (char& ch : token) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    covered.insert(token);
  }
  for (size_t k = 1; k < v.pieces.size(); ++k)
    EXPECT_TRUE(covered.count(v.pieces[k].sfen)) << v.pieces[k].name << " has no case";
  int initial = 0;
  for (size_t k = 1; k < v.pieces.size(); ++k) initial += v.pieces[k].promoted_from ? 0 : 1;
  EXPECT_EQ(initial, 27);
}

// ---------------------------------------------------------------------------------------------
// §2: the initial setup.

TEST(MitsugumiSetup, MatchesTheRulesTable) {
  const Variant& v = *mitsugumi();
  Position pos = parse_sfen(mitsugumi(), v.setup);
  EXPECT_EQ(to_sfen(pos), v.setup);
  EXPECT_EQ(pos.side_to_move(), kBlack);  // Black moves first
  EXPECT_EQ(pos.count(kBlack), 54);
  EXPECT_EQ(pos.count(kWhite), 54);
  // The table of §2, Black's ranks m, l, k, from file 13 down to file 1.
  const std::vector<std::vector<std::string>> table = {
      {"Lance", "Knight", "Silver General", "Ferocious Leopard", "Gold General", "Blind Tiger",
       "King", "Blind Tiger", "Gold General", "Ferocious Leopard", "Silver General", "Knight",
       "Lance"},
      {"Vertical Mover", "Bishop", "Chariot Soldier", "Water Buffalo", "Kirin", "Bishop General",
       "Fire Demon", "Vice General", "Phoenix", "Water Buffalo", "Chariot Soldier", "Bishop",
       "Vertical Mover"},
      {"Side Soldier", "Rook", "Dragon Horse", "Dragon King", "Horned Falcon", "Lion",
       "Rook General", "Queen", "Soaring Eagle", "Dragon King", "Dragon Horse", "Rook",
       "Side Soldier"},
  };
  const std::string ranks = "mlk";
  for (int r = 0; r < 3; ++r)
    for (int f = 13; f >= 1; --f) {
      std::string sq = std::to_string(f) + ranks[r];
      EXPECT_EQ(name_on(pos, sq), table[r][13 - f]) << sq;
      // White: the 180-degree rotation.
      std::string rotated = std::to_string(14 - f) + char('a' + ('m' - ranks[r]));
      EXPECT_EQ(name_on(pos, rotated), table[r][13 - f]) << rotated;
      EXPECT_EQ(color_of(pos.at(parse_square(v, sq))), kBlack) << sq;
      EXPECT_EQ(color_of(pos.at(parse_square(v, rotated))), kWhite) << rotated;
    }
  for (int f = 1; f <= 13; ++f) {
    EXPECT_EQ(piece_on(pos, std::to_string(f) + "j"), "P");
    EXPECT_EQ(piece_on(pos, std::to_string(f) + "d"), "p");
  }
  // The squares the rules file names.
  EXPECT_EQ(piece_on(pos, "7m"), "K");
  EXPECT_EQ(piece_on(pos, "7a"), "k");
  EXPECT_EQ(piece_on(pos, "7l"), "F'");
  EXPECT_EQ(piece_on(pos, "7b"), "f'");
  EXPECT_EQ(piece_on(pos, "6l"), "V'");
  EXPECT_EQ(piece_on(pos, "8b"), "v'");
  EXPECT_EQ(piece_on(pos, "8k"), "N");
  EXPECT_EQ(piece_on(pos, "6c"), "n");
  EXPECT_EQ(piece_on(pos, "7c"), "z");
  EXPECT_EQ(piece_on(pos, "8c"), "q");
  EXPECT_EQ(piece_on(pos, "5c"), "a");
  EXPECT_EQ(piece_on(pos, "9c"), "e");
  EXPECT_EQ(piece_on(pos, "6b"), "y");
  EXPECT_EQ(piece_on(pos, "5b"), "o");
  EXPECT_EQ(piece_on(pos, "9b"), "x");
  EXPECT_EQ(piece_on(pos, "10i"), "I");
  EXPECT_EQ(piece_on(pos, "4i"), "I");
  EXPECT_EQ(piece_on(pos, "4e"), "i");
  EXPECT_EQ(piece_on(pos, "10e"), "i");
  // Nothing else on ranks e-i.
  int middle = 0;
  for (char r = 'e'; r <= 'i'; ++r)
    for (int f = 1; f <= 13; ++f) middle += piece_on(pos, std::to_string(f) + r).empty() ? 0 : 1;
  EXPECT_EQ(middle, 4);
}

TEST(MitsugumiSetup, RulesAndLetters) {
  const Variant& v = *mitsugumi();
  EXPECT_EQ(v.files, 13);
  EXPECT_EQ(v.ranks, 13);
  EXPECT_EQ(v.zone, 4);
  EXPECT_FALSE(v.rules.drops);
  EXPECT_FALSE(v.rules.check_rule);  // Kings may move into check; royal capture decides
  EXPECT_TRUE(v.rules.no_consecutive_skips);
  EXPECT_TRUE(v.rules.no_moves_loses);
  EXPECT_EQ(v.rules.promotion, RuleOptions::Promotion::Shogi);
  EXPECT_EQ(v.rules.max_plies, 0);
  // The letters documented in docs/rules/mitsugumi.md.
  const std::vector<std::pair<std::string, std::string>> letters = {
      {"King", "k"}, {"Pawn", "p"}, {"Dog", "i"}, {"Silver General", "s"},
      {"Ferocious Leopard", "f"}, {"Gold General", "g"}, {"Blind Tiger", "t"},
      {"Knight", "j"}, {"Kirin", "o"}, {"Phoenix", "x"}, {"Lance", "l"},
      {"Vertical Mover", "v"}, {"Side Soldier", "m"}, {"Bishop", "b"}, {"Rook", "r"},
      {"Dragon Horse", "h"}, {"Dragon King", "d"}, {"Horned Falcon", "a"},
      {"Soaring Eagle", "e"}, {"Lion", "n"}, {"Queen", "q"}, {"Bishop General", "y"},
      {"Rook General", "z"}, {"Chariot Soldier", "c"}, {"Water Buffalo", "w"},
      {"Vice General", "v'"}, {"Fire Demon", "f'"}, {"Tokin", "+p"}, {"Multi General", "+i"},
      {"Flying Stag", "+t"}, {"White Horse", "+l"}, {"Flying Ox", "+v"},
      {"Lion Hawk", "+n"}, {"Free Eagle", "+q"}, {"Great General", "+z"},
      {"Heavenly Tetrarch", "+c"},
  };
  for (const auto& [name, letter] : letters) {
    bool found = false;
    for (size_t k = 1; k < v.pieces.size(); ++k)
      if (v.pieces[k].name == name) {
        EXPECT_EQ(v.pieces[k].sfen, letter) << name;
        found = true;
      }
    EXPECT_TRUE(found) << name;
  }
}

// ---------------------------------------------------------------------------------------------
// §4.2, §4.4: the Fire Demon.

TEST(MitsugumiFireDemon, AreaMoveGoesThroughEmptySquaresOnly) {
  // Own Golds on every neighbour but 6h: the area move must leave through 6h, so within three
  // steps it reaches 6h; 5g 5h 5i 6i 7i; then 5f 4f 4g 4h 4i 4j 5j 6j 7j 8i 8j. The slides:
  // only the diagonal through 6h (to 1m). The skip goes out to 6h and back.
  std::vector<Put> ps = {{"7g", "F'"}, {"8f", "G"}, {"7f", "G"}, {"6f", "G"}, {"8g", "G"},
                         {"6g", "G"},  {"8h", "G"}, {"7h", "G"}, {"13m", "K"}, {"13a", "k"}};
  Position pos = position(ps);
  EXPECT_EQ(moves_from(pos, "7g"),
            expect("7g", "6h 5g 5h 5i 6i 7i 5f 4f 4g 4h 4i 4j 5j 6j 7j 8i 8j 3k 2l 1m pass"));
  // Surrounded by its own pieces: no move at all, not even a skip.
  ps.push_back({"6h", "G"});
  EXPECT_EQ(moves_from(position(ps), "7g"), expect("7g", ""));
}

TEST(MitsugumiFireDemon, ACaptureEndsTheAreaMove) {
  // The only way out is the capture on 7f, which ends the move: 7e, 8e, 6e are out of reach.
  // After it, 7e may be burned; the enemy Fire Demon on 8e may not. No skip (no empty
  // neighbour), but igui of 7f.
  Position pos = position({{"7g", "F'"}, {"8f", "G"}, {"6f", "G"}, {"8g", "G"}, {"6g", "G"},
                           {"8h", "G"}, {"7h", "G"}, {"6h", "G"}, {"7f", "p"}, {"7e", "p"},
                           {"8e", "f'"}, {"13m", "K"}, {"1a", "k"}});
  EXPECT_EQ(moves_from(pos, "7g"), expect("7g", "7f 7fx7e 7g7f7g"));
}

TEST(MitsugumiFireDemon, BurnsUpToTwoAdjacentEnemiesButNoFireDemon) {
  // Enemies next to 5e: 6d, 5d, 4e, and the Fire Demon on 4d, which cannot be burned.
  Position pos = position({{"7g", "F'"}, {"6d", "p"}, {"5d", "p"}, {"4e", "p"}, {"4d", "f'"},
                           {"13m", "K"}, {"1c", "k"}});
  EXPECT_EQ(moves_from_to(pos, "7g", "5e"),
            expect("7g", "5e 5ex6d 5ex5d 5ex4e 5ex6dx5d 5ex6dx4e 5ex5dx4e"));
  // Taking the enemy Fire Demon by landing on it (slide or area move) is allowed, then burning
  // 5d and/or 4e.
  EXPECT_EQ(moves_from_to(pos, "7g", "4d"), expect("7g", "4d 4dx5d 4dx4e 4dx5dx4e"));
  // Nothing next to 6f but the square the Fire Demon came from: no burn.
  EXPECT_EQ(moves_from_to(pos, "7g", "6f"), expect("7g", "6f"));
  // A burn needs a move: the Fire Demon standing still uses its double igui (none here: no
  // adjacent enemy), and the skip.
  EXPECT_EQ(moves_from_to(pos, "7g", "7g"), expect("7g", "pass"));
  // A promoted Water Buffalo is a Fire Demon: it cannot be burned either.
  Position wb = position({{"7g", "F'"}, {"6e", "+w"}, {"5e", "p"}, {"13m", "K"}, {"1c", "k"}});
  EXPECT_EQ(moves_from_to(wb, "7g", "6f"), expect("7g", "6f 6fx5e"));
}

TEST(MitsugumiFireDemon, DoubleIguiMayTakeAFireDemon) {
  Position pos = position({{"7g", "F'"}, {"7f", "p"}, {"6f", "f'"}, {"8h", "p"}, {"13m", "K"},
                           {"1c", "k"}});
  // Single and double igui, and the skip; no "skip then burn" (it would take the same pieces
  // as a double igui, short of the Fire Demon).
  EXPECT_EQ(moves_from_to(pos, "7g", "7g"),
            expect("7g", "7g7f7g 7g6f7g 7g8h7g 7g7f7gx6f 7g7f7gx8h 7g6f7gx8h pass"));
  // Capturing 7f by moving there: the Fire Demon on 6f is next to it but cannot be burned.
  EXPECT_EQ(moves_from_to(pos, "7g", "7f"), expect("7g", "7f"));
  // Capturing the Fire Demon on 6f, then burning 7f.
  EXPECT_EQ(moves_from_to(pos, "7g", "6f"), expect("7g", "6f 6fx7f"));
  // The double igui removes both victims and leaves the Fire Demon where it was.
  Position after = pos;
  play(after, "7g7f7gx6f");
  EXPECT_EQ(piece_on(after, "7g"), "F'");
  EXPECT_EQ(piece_on(after, "7f"), "");
  EXPECT_EQ(piece_on(after, "6f"), "");
  EXPECT_EQ(piece_on(after, "8h"), "p");
  // A burn removes the burned pieces.
  after = pos;
  play(after, "7g6fx7f");
  EXPECT_EQ(piece_on(after, "6f"), "F'");
  EXPECT_EQ(piece_on(after, "7f"), "");
  EXPECT_EQ(piece_on(after, "7g"), "");
}

// ---------------------------------------------------------------------------------------------
// §4.2, §4.3: the Vice General.

TEST(MitsugumiViceGeneral, AreaMoveWithoutIguiAndRangeCapture) {
  // Vice General in the corner 13m. Area move: every square within three steps (files 13-10,
  // ranks m-j) except 10j, whose only 3-step path is the diagonal through 11k, where the
  // capture ends the move; 12m and 11k are captures. Range capture along the diagonal: jump the
  // Bishop General on 11k (rank 2 < 3) and the Pawn on 10j, taking or leaving each, to capture
  // 10j or 9i; 8h would be a third jump. No igui of 12m.
  Position pos = position({{"13m", "V'"}, {"12m", "p"}, {"11k", "y"}, {"10j", "p"},
                           {"9i", "p"}, {"8h", "p"}, {"1m", "K"}, {"1c", "k"}});
  EXPECT_EQ(moves_from(pos, "13m"),
            expect("13m", "12m 11m 10m 13l 12l 11l 10l 13k 12k 11k 10k 13j 12j 11j "
                          "10j 10jx11k 9i 9ix11k 9ix10j 9ix11kx10j pass"));
  EXPECT_FALSE(legal(pos, "13m12m13m"));
}

TEST(MitsugumiViceGeneral, CannotJumpAnotherViceGeneral) {
  Position pos = position({{"13m", "V'"}, {"11k", "v'"}, {"10j", "p"}, {"1m", "K"}, {"1c", "k"}});
  EXPECT_EQ(moves_from(pos, "13m"),
            expect("13m", "12m 11m 10m 13l 12l 11l 10l 13k 12k 11k 10k 13j 12j 11j pass"));
}

// ---------------------------------------------------------------------------------------------
// §4.3: range capture and the rank table King > Great General > Vice General > Rook General =
// Bishop General > others.

TEST(MitsugumiRangeCapture, RookGeneral) {
  // Up: capture the Pawn on 7f; or jump it and take the Bishop General on 7e (equal rank: may
  // be captured, not jumped), with or without the Pawn; 7d is out of reach.
  // Right: jump the own Pawn on 6g (friendly pieces may be jumped) to take 5g; jump 5g too to
  // take 4g, with or without 5g; 3g would be a third jump.
  // Left: the Great General on 8g may be captured, not jumped. Down: likewise the Vice General.
  Position pos = position({{"7g", "Z"}, {"7f", "p"}, {"7e", "y"}, {"7d", "p"}, {"6g", "P"},
                           {"5g", "p"}, {"4g", "p"}, {"3g", "p"}, {"8g", "+z"}, {"9g", "p"},
                           {"7h", "v'"}, {"7i", "p"}, {"13m", "K"}, {"1a", "k"}});
  EXPECT_EQ(moves_from(pos, "7g"), expect("7g", "7f 7e 7ex7f 5g 4g 4gx5g 8g 7h"));
}

TEST(MitsugumiRangeCapture, BishopGeneral) {
  // 8f then the Bishop General on 9e (not jumpable: 10d is out of reach); the own Vice General
  // on 6f is of higher rank and cannot be jumped; the Rook General on 8h is captured; two own
  // Pawns (6h, 5i) are jumped to take 4j, and 3k would be a third jump.
  Position pos = position({{"7g", "Y"}, {"8f", "p"}, {"9e", "y"}, {"10d", "p"}, {"6f", "V'"},
                           {"5e", "p"}, {"8h", "z"}, {"6h", "P"}, {"5i", "P"}, {"4j", "p"},
                           {"3k", "p"}, {"1g", "K"}, {"13g", "k"}});
  EXPECT_EQ(moves_from(pos, "7g"), expect("7g", "8f 9e 9ex8f 8h 4j"));
}

TEST(MitsugumiRangeCapture, GreatGeneral) {
  // Up: the Vice General (3) and Rook General (2) are lower than the Great General (4): jump
  // both, taking any of them, to take the Pawn on 7d. Left: another Great General, captured
  // but not jumped. Right: the King, captured but not jumped. Down: jump the own Pawn on 7h to
  // take 7i; jump 7i too to take 7k, with or without 7i; never a plain move to 7j beyond a
  // jumped piece. Diagonals: plain slides.
  Position pos = position({{"7g", "+Z"}, {"7f", "v'"}, {"7e", "z"}, {"7d", "p"}, {"8g", "+z"},
                           {"9g", "p"}, {"6g", "k"}, {"5g", "p"}, {"7h", "P"}, {"7i", "p"},
                           {"7k", "p"}, {"13i", "K"}});
  EXPECT_EQ(moves_from(pos, "7g"),
            expect("7g", "7f 7e 7ex7f 7d 7dx7f 7dx7e 7dx7fx7e 8g 6g 7i 7k 7kx7i " + kDiag));
  // The jumped pieces that are taken leave the board; the others stay.
  Position after = pos;
  play(after, "7g7dx7e");
  EXPECT_EQ(piece_on(after, "7d"), "+Z");
  EXPECT_EQ(piece_on(after, "7e"), "");
  EXPECT_EQ(piece_on(after, "7f"), "v'");
  EXPECT_EQ(piece_on(after, "7g"), "");
}

TEST(MitsugumiRangeCapture, KingIsNeverJumped) {
  // The Great General cannot jump the King on 7f; it captures it.
  Position pos = position({{"7g", "+Z"}, {"7f", "k"}, {"7e", "p"}, {"13i", "K"}});
  EXPECT_TRUE(legal(pos, "7g7f"));
  EXPECT_FALSE(legal(pos, "7g7e"));
  EXPECT_FALSE(legal(pos, "7g7ex7f"));
}

// ---------------------------------------------------------------------------------------------
// §4.5: the Heavenly Tetrarch.

TEST(MitsugumiTetrarch, SkippingSlidesAndDoubleIgui) {
  // Adjacent: own Pawn 7f, enemy Pawns 8f and 6g, enemy Gold 6h; none of them blocks, and none
  // can be a destination. Sideways: 9g is taken and 10g is then out of reach; 5g, 4g; never 3g.
  // Diagonals from the 2nd square: up to 4d (captured), 13a; only 9i before the own Pawn on 10j;
  // 5i..1m. File: 7e, 7d, 7c (captured); 7i..7m. Double igui of the three adjacent enemies.
  Position pos = position({{"7g", "+C"}, {"7f", "P"}, {"8f", "p"}, {"6g", "p"}, {"6h", "g"},
                           {"9g", "p"}, {"4d", "p"}, {"10j", "P"}, {"7c", "p"}, {"13i", "K"},
                           {"1e", "k"}});
  EXPECT_EQ(moves_from(pos, "7g"),
            expect("7g", "9g 5g 4g 9e 10d 11c 12b 13a 5e 4d 9i 5i 4j 3k 2l 1m 7e 7d 7c "
                         "7i 7j 7k 7l 7m 7g8f7g 7g6g7g 7g6h7g 7g8f7gx6g 7g8f7gx6h 7g6g7gx6h"));
}

TEST(MitsugumiTetrarch, FreezesAdjacentEnemiesButNotTetrarchs) {
  // White's Tetrarch on 7e freezes Black's Gold 7f, Fire Demon 8d and Lion 6f: no move at all,
  // not a skip, not an igui of the Tetrarch. Black's own Tetrarch on 6d is not frozen.
  Position pos = position({{"7e", "+c"}, {"7f", "G"}, {"8d", "F'"}, {"6f", "N"}, {"6d", "+C"},
                           {"5i", "P"}, {"13m", "K"}, {"1a", "k"}});
  EXPECT_EQ(moves_from(pos, "7f"), expect("7f", ""));
  EXPECT_EQ(moves_from(pos, "8d"), expect("8d", ""));
  EXPECT_EQ(moves_from(pos, "6f"), expect("6f", ""));
  EXPECT_EQ(moves_from(pos, "5i"), expect("5i", "5h"));
  EXPECT_TRUE(legal(pos, "6d7e6d"));
  EXPECT_FALSE(legal(pos, "8d7e8d"));
  for (const std::string& m : all_moves(pos)) EXPECT_NE(m, "pass");
  // White's Tetrarch is next to Black's and is not frozen either: it moves 2 sideways to 9e.
  play(pos, "5i5h");
  ASSERT_TRUE(legal(pos, "7e9e"));
  play(pos, "7e9e");
  // The Gold and the Lion are free again; the Fire Demon is still next to the Tetrarch.
  EXPECT_EQ(moves_from(pos, "7f"), expect("7f", "7e 8e 6e 8f 7g"));
  EXPECT_FALSE(moves_from(pos, "6f").empty());
  EXPECT_EQ(moves_from(pos, "8d"), expect("8d", ""));
}

TEST(MitsugumiTetrarch, FrozenKingAloneHasNoMoveAndLoses) {
  // §5.3 (stalemate loses, Kirin's reading): Black's lone King is frozen by the Tetrarch.
  Game g(position({{"7g", "K"}, {"7f", "+c"}, {"1a", "k"}}));
  EXPECT_EQ(g.outcome().result, Result::WhiteWins);
  EXPECT_EQ(g.outcome().reason, EndReason::NoLegalMoves);
}

// ---------------------------------------------------------------------------------------------
// §5.2: no two consecutive skips.

TEST(MitsugumiSkips, NoTwoSkipsInARowBySamePlayer) {
  Position pos = position({{"7g", "N"}, {"7c", "n"}, {"13m", "K"}, {"1a", "k"}});
  auto has_pass = [](const Position& p) {
    auto all = all_moves(p);
    return std::count(all.begin(), all.end(), "pass");
  };
  EXPECT_EQ(has_pass(pos), 1);
  uint64_t before = pos.hash();
  play(pos, "7g7f7g");  // Black skips
  EXPECT_TRUE(pos.skipped(kBlack));
  EXPECT_NE(pos.hash(), before ^ zobrist::side());  // the skip is part of the position
  EXPECT_EQ(has_pass(pos), 1);                       // White may skip right after Black
  play(pos, "7c7d7c");
  EXPECT_TRUE(pos.skipped(kWhite));
  EXPECT_EQ(has_pass(pos), 0);  // Black skipped last turn
  EXPECT_FALSE(legal(pos, "7g7h7g"));
  EXPECT_FALSE(legal(pos, "7g7f7g"));
  play(pos, "7g7h");
  EXPECT_FALSE(pos.skipped(kBlack));
  EXPECT_EQ(has_pass(pos), 0);  // White skipped last turn
  play(pos, "7c7b");
  EXPECT_FALSE(pos.skipped(kWhite));
  EXPECT_EQ(has_pass(pos), 1);  // Black may skip again
}

TEST(MitsugumiSkips, AreaMoveSkipCountsAsSkip) {
  Position pos = position({{"7g", "F'"}, {"13m", "K"}, {"1a", "k"}});
  ASSERT_TRUE(legal(pos, "7g6f7g"));
  play(pos, "7g6f7g");
  EXPECT_TRUE(pos.skipped(kBlack));
  play(pos, "1a2a");
  EXPECT_FALSE(legal(pos, "7g6f7g"));
  EXPECT_EQ(moves_from_to(pos, "7g", "7g"), expect("7g", ""));
}

TEST(MitsugumiSkips, PromotingOnTheSpotIsNoSkip) {
  // A Lion in the zone may promote without moving (its "skip" starts and ends in the zone),
  // even right after a skip, and that move does not count as one.
  Position pos = position({{"7b", "N"}, {"13m", "K"}, {"1a", "k"}, {"1c", "g"}});
  EXPECT_EQ(moves_from_to(pos, "7b", "7b"), expect("7b", "pass 7bpass+"));
  play(pos, "7b7c7b");
  play(pos, "1c1d");
  EXPECT_EQ(moves_from_to(pos, "7b", "7b"), expect("7b", "7bpass+"));
  MoveList list;
  generate_moves(pos, list);
  const Move* promote = nullptr;
  for (const Move& m : list)
    if (is_stay(pos, m) && m.promotes()) promote = &m;
  ASSERT_NE(promote, nullptr);
  std::string text = to_usi(pos, *promote);
  EXPECT_EQ(text.back(), '+');
  EXPECT_EQ(parse_usi(pos, text), *promote) << text;
  EXPECT_TRUE(legal(pos, "7b7a7b+"));  // through any empty neighbour
  EXPECT_FALSE(legal(pos, "7b7a7b"));
  Undo u;
  pos.do_move(*promote, u);
  EXPECT_FALSE(pos.skipped(kBlack));
  EXPECT_EQ(piece_on(pos, "7b"), "+N");
  play(pos, "1d1c");
  EXPECT_EQ(moves_from_to(pos, "7b", "7b"), expect("7b", "pass"));  // Lion Hawk: may skip
}

// ---------------------------------------------------------------------------------------------
// §5.1: promotion.

TEST(MitsugumiPromotion, StartOrEndInTheZone) {
  Position pos = position({{"10d", "G"}, {"4e", "G"}, {"7h", "G"}, {"13m", "K"}, {"1h", "k"}});
  EXPECT_EQ(moves_from(pos, "10d"),
            expect("10d", "10c 10c+ 11c 11c+ 9c 9c+ 11d 11d+ 9d 9d+ 10e 10e+"));  // starts in it
  EXPECT_EQ(moves_from(pos, "4e"), expect("4e", "4d 4d+ 5d 5d+ 3d 3d+ 5e 3e 4f"));  // ends in it
  EXPECT_EQ(moves_from(pos, "7h"), expect("7h", "7g 8g 6g 8h 6h 7i"));             // neither
}

TEST(MitsugumiPromotion, WhiteZoneIsRanksJToM) {
  Position pos = position({{"7i", "g"}, {"13m", "K"}, {"1a", "k"}}, 'w');
  EXPECT_EQ(moves_from(pos, "7i"), expect("7i", "7j 7j+ 8j 8j+ 6j 6j+ 8i 6i 7h"));
}

TEST(MitsugumiPromotion, AfterTheCapturesOfAMultiCapture) {
  // The Rook General jumps 7f and takes 7d, and only then becomes a Great General.
  Position pos = position({{"7g", "Z"}, {"7f", "p"}, {"7d", "p"}, {"13m", "K"}, {"1a", "k"}});
  EXPECT_EQ(moves_from(pos, "7g"),
            expect("7g", "7f 7d 7d+ 7dx7f 7dx7f+ 8g 9g 10g 11g 12g 13g 6g 5g 4g 3g 2g 1g " +
                             kBack));
  play(pos, "7g7dx7f+");
  EXPECT_EQ(piece_on(pos, "7d"), "+Z");
  EXPECT_EQ(piece_on(pos, "7f"), "");
  // A Lion's double capture ending in the zone, then promotion to Lion Hawk.
  Position lion = position({{"7e", "N"}, {"7d", "p"}, {"7c", "p"}, {"13m", "K"}, {"1a", "k"}});
  EXPECT_TRUE(legal(lion, "7e7d7c"));
  ASSERT_TRUE(legal(lion, "7e7d7c+"));
  play(lion, "7e7d7c+");
  EXPECT_EQ(piece_on(lion, "7c"), "+N");
  EXPECT_EQ(piece_on(lion, "7d"), "");
}

TEST(MitsugumiPromotion, NeverForKingFireDemonViceGeneral) {
  Position pos = position({{"7c", "F'"}, {"3c", "V'"}, {"10c", "K"}, {"1m", "k"}});
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list) EXPECT_FALSE(m.promotes()) << to_usi(pos, m);
}

TEST(MitsugumiPromotion, PawnMayReachTheLastRankUnpromoted) {
  // No compulsory promotion is stated (§5.1, UNCONFIRMED): Kirin lets the Pawn stay a Pawn.
  Position pos = position({{"7b", "P"}, {"13m", "K"}, {"1m", "k"}});
  EXPECT_EQ(moves_from(pos, "7b"), expect("7b", "7a 7a+"));
}

TEST(MitsugumiLion, FreeEagleJumpsAndDiagonalLionMoves) {
  // §3.2: boxed in by its own Golds, the Free Eagle still jumps to every square two steps away
  // (two diagonal steps reach the 2nd square in all 8 directions); no skip without an empty
  // diagonal neighbour.
  std::vector<Put> ps = {{"7g", "+Q"}, {"7f", "G"}, {"6f", "G"}, {"8g", "G"}, {"6g", "G"},
                         {"8h", "G"}, {"7h", "G"}, {"6h", "G"}, {"13m", "K"}, {"1a", "k"}};
  const std::string jumps = "9e 7e 5e 9g 5g 9i 7i 5i ";
  ps.push_back({"8f", "G"});
  EXPECT_EQ(moves_from(position(ps), "7g"), expect("7g", jumps));
  // An enemy on 8f: taken by a step, or by a first diagonal step followed by a second one (on
  // to 9e, sideways to 7e or 9g, or back: igui).
  ps.back() = {"8f", "p"};
  EXPECT_EQ(moves_from(position(ps), "7g"), expect("7g", jumps + "8f 8f9e 8f7e 8f9g 7g8f7g"));
}

TEST(MitsugumiLion, NoLionTradingRules) {
  // §4.1: none are mentioned. A Lion takes a protected Lion two squares away...
  Position pos = position({{"7g", "N"}, {"7e", "n"}, {"7d", "g"}, {"13m", "K"}, {"1a", "k"}});
  EXPECT_TRUE(legal(pos, "7g7e"));
  // ...and after a Gold takes a Lion, the other side's Gold may take a Lion at once.
  Position gold = position({{"7g", "G"}, {"7f", "n"}, {"7e", "N"}, {"7d", "g"}, {"13m", "K"},
                            {"1a", "k"}});
  play(gold, "7g7f");
  EXPECT_TRUE(legal(gold, "7d7e"));
  EXPECT_FALSE(mitsugumi()->rules.lion_protection);
  EXPECT_FALSE(mitsugumi()->rules.counter_strike);
}

// ---------------------------------------------------------------------------------------------
// §5.3: the end of the game.

TEST(MitsugumiGameEnd, CapturingTheKingWins) {
  // By burning: the Fire Demon moves to 6f and burns the King on 5e.
  Game g(position({{"7g", "F'"}, {"5e", "k"}, {"1a", "p"}, {"13m", "K"}}));
  ASSERT_FALSE(g.outcome().over());
  g.play(parse_usi(g.position(), "7g6fx5e"));
  EXPECT_EQ(g.outcome().result, Result::BlackWins);
  EXPECT_EQ(g.outcome().reason, EndReason::RoyalsCaptured);
  // White by a range capture landing on the King, taking the jumped Pawn too.
  Game h(position({{"7a", "z"}, {"7b", "P"}, {"7g", "K"}, {"13a", "k"}}, 'w'));
  h.play(parse_usi(h.position(), "7a7gx7b"));
  EXPECT_EQ(h.outcome().result, Result::WhiteWins);
  EXPECT_EQ(h.outcome().reason, EndReason::RoyalsCaptured);
}

TEST(MitsugumiGameEnd, KingMayMoveIntoAttack) {
  // No check rule: the King may step next to an enemy Gold.
  Position pos = position({{"7g", "K"}, {"7e", "g"}, {"1a", "k"}});
  EXPECT_EQ(moves_from(pos, "7g"), expect("7g", kKing));
}

TEST(MitsugumiGameEnd, KingAgainstKingIsADraw) {
  // Not in the rules (Kirin's decision, docs/rules/mitsugumi.md): with nothing but the two
  // Kings, neither attacked, nobody can win.
  Game g(position({{"13m", "K"}, {"1a", "k"}}));
  EXPECT_EQ(g.outcome().result, Result::Draw);
  EXPECT_EQ(g.outcome().reason, EndReason::InsufficientMaterial);
}

TEST(MitsugumiGameEnd, FourfoldRepetitionIsADraw) {
  Game g(position({{"13m", "K"}, {"13k", "G"}, {"1a", "k"}, {"1c", "g"}}));
  const std::vector<std::string> cycle = {"13m12m", "1a2a", "12m13m", "2a1a"};
  for (int ply = 0; ply < 12; ++ply) {
    ASSERT_FALSE(g.outcome().over()) << ply;
    g.play(parse_usi(g.position(), cycle[ply % 4]));
  }
  // The start position occurred for the fourth time, Black to move.
  EXPECT_EQ(g.outcome().result, Result::Draw);
  EXPECT_EQ(g.outcome().reason, EndReason::Repetition);
}

// ---------------------------------------------------------------------------------------------
// USI: Kirin's extension for further victims.

TEST(MitsugumiUsi, CanonicalSpellings) {
  Position rg = position({{"7g", "Z"}, {"7f", "p"}, {"7e", "y"}, {"13m", "K"}, {"1a", "k"}});
  Move m = parse_usi(rg, "7g7ex7f");
  EXPECT_EQ(to_usi(rg, m), "7g7ex7f");
  EXPECT_EQ(square_name(rg.variant(), m.kill[0]), "7f");
  EXPECT_EQ(m.kill[1], kNoSquare);

  // A double igui names one victim as the middle square, the other after 'x'; the canonical
  // spelling names them in board order (rank a first, then from file 13 to file 1). Either
  // order is read.
  Position fd = position({{"7g", "F'"}, {"7f", "p"}, {"6f", "f'"}, {"8h", "p"}, {"13m", "K"},
                          {"1c", "k"}});
  Move igui = parse_usi(fd, "7g7f7gx6f");
  EXPECT_EQ(to_usi(fd, igui), "7g7f7gx6f");
  EXPECT_EQ(parse_usi(fd, "7g6f7gx7f"), igui);
  EXPECT_EQ(to_usi(fd, parse_usi(fd, "7g8h7gx6f")), "7g6f7gx8h");

  // Burns: in any order.
  Position burn = position({{"7g", "F'"}, {"6d", "p"}, {"5d", "p"}, {"13m", "K"}, {"1c", "k"}});
  Move b = parse_usi(burn, "7g5ex5dx6d");
  EXPECT_EQ(b, parse_usi(burn, "7g5ex6dx5d"));
  EXPECT_EQ(to_usi(burn, b), "7g5ex6dx5d");
  // An area-move skip: out to an empty neighbour and back, through any of them.
  Move skip = parse_usi(burn, "7g8h7g");
  EXPECT_TRUE(is_stay(burn, skip));
  EXPECT_EQ(parse_usi(burn, to_usi(burn, skip)), skip);
  EXPECT_EQ(parse_usi(burn, "7g6f7g"), skip);
}

TEST(MitsugumiUsi, MalformedAndIllegalVictims) {
  Position pos = position({{"7g", "F'"}, {"6d", "p"}, {"5d", "p"}, {"4e", "p"}, {"4d", "f'"},
                           {"13m", "K"}, {"1c", "k"}});
  auto error = [&](const std::string& text) {
    try {
      parse_usi(pos, text);
    } catch (const NotationError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  auto malformed = [&](const std::string& text) {
    return error(text).rfind("malformed move '" + text + "'", 0) == 0;
  };
  auto illegal = [&](const std::string& text) {
    return error(text).rfind("illegal move '" + text + "'", 0) == 0;
  };
  EXPECT_TRUE(malformed("7g5ex")) << error("7g5ex");
  EXPECT_TRUE(malformed("7g5exq")) << error("7g5exq");
  EXPECT_TRUE(malformed("7g5ex99d")) << error("7g5ex99d");
  EXPECT_TRUE(malformed("7g5ex14d")) << error("7g5ex14d");
  EXPECT_TRUE(malformed("7g5ex6dx5dx4e")) << error("7g5ex6dx5dx4e");
  EXPECT_TRUE(malformed("7g5e+x6d")) << error("7g5e+x6d");
  EXPECT_TRUE(malformed("7g5ex6dy")) << error("7g5ex6dy");
  EXPECT_TRUE(malformed("x6d")) << error("x6d");
  EXPECT_NE(error("7g5ex99d").find("after 'x'"), std::string::npos);
  EXPECT_NE(error("7g5ex6dx5dx4e").find("at most two"), std::string::npos);
  // Well formed, but not moves of this position.
  EXPECT_TRUE(illegal("7g5ex4d")) << error("7g5ex4d");    // a Fire Demon is never burned
  EXPECT_TRUE(illegal("7g5ex7f")) << error("7g5ex7f");    // no piece on 7f
  EXPECT_TRUE(illegal("7g5ex6dx6d")) << error("7g5ex6dx6d");
  EXPECT_TRUE(illegal("7g5ex5e")) << error("7g5ex5e");
  EXPECT_TRUE(illegal("7g6ex5e")) << error("7g6ex5e");    // 5e is not next to 6e
  EXPECT_TRUE(illegal("7g5e+")) << error("7g5e+");        // a Fire Demon never promotes
  // A middle square the move does not have is not read as part of it.
  EXPECT_TRUE(illegal("7g1a5ex6d")) << error("7g1a5ex6d");
  EXPECT_TRUE(illegal("7g6f5ex6d")) << error("7g6f5ex6d");
}

// Every move of a position survives to_usi -> parse_usi unchanged.
void expect_round_trip(const Position& pos) {
  MoveList list;
  generate_moves(pos, list);
  ASSERT_FALSE(list.overflow);
  for (const Move& m : list) {
    std::string text = to_usi(pos, m);
    try {
      EXPECT_EQ(parse_usi(pos, text), m) << text << " in " << to_sfen(pos);
    } catch (const NotationError& e) {
      ADD_FAILURE() << text << " in " << to_sfen(pos) << ": " << e.what();
    }
  }
}

TEST(MitsugumiUsi, RoundTripOfEveryMoveType) {
  // Burns, double iguis, area moves and skips; range captures with 0-2 jumped victims and
  // promotions; Tetrarch slides and iguis; Lion moves; promotion on the spot.
  const std::vector<std::vector<Put>> positions = {
      {{"7g", "F'"}, {"6d", "p"}, {"5d", "p"}, {"4e", "p"}, {"4d", "f'"}, {"13m", "K"},
       {"1c", "k"}},
      {{"7g", "F'"}, {"7f", "p"}, {"6f", "f'"}, {"8h", "p"}, {"13m", "K"}, {"1c", "k"}},
      {{"13m", "V'"}, {"12m", "p"}, {"11k", "y"}, {"10j", "p"}, {"9i", "p"}, {"8h", "p"},
       {"1m", "K"}, {"1c", "k"}},
      {{"7g", "+Z"}, {"7f", "v'"}, {"7e", "z"}, {"7d", "p"}, {"8g", "+z"}, {"9g", "p"},
       {"6g", "k"}, {"5g", "p"}, {"7h", "P"}, {"7i", "p"}, {"7k", "p"}, {"13i", "K"}},
      {{"7g", "Z"}, {"7f", "p"}, {"7d", "p"}, {"13m", "K"}, {"1a", "k"}},
      {{"7g", "+C"}, {"7f", "P"}, {"8f", "p"}, {"6g", "p"}, {"6h", "g"}, {"9g", "p"},
       {"4d", "p"}, {"10j", "P"}, {"7c", "p"}, {"13i", "K"}, {"1e", "k"}},
      {{"7c", "N"}, {"7b", "p"}, {"8b", "p"}, {"6d", "A"}, {"6c", "p"}, {"4e", "E"},
       {"3d", "p"}, {"13m", "K"}, {"1a", "k"}},
  };
  for (const auto& ps : positions) {
    Position pos = position(ps);
    expect_round_trip(pos);
    if (::testing::Test::HasFailure()) return;
  }
  Position start = parse_sfen(mitsugumi(), mitsugumi()->setup);
  expect_round_trip(start);
}

// ---------------------------------------------------------------------------------------------
// Machinery: one move per distinct position, even with many standstill capturers.

// Applies each move and returns the number of moves whose resulting position (board, side to
// move, skip flags: the hash) another move already produced.
int duplicate_results(Position& pos, const MoveList& list, std::string* which = nullptr) {
  std::set<uint64_t> seen;
  int dups = 0;
  for (const Move& m : list) {
    Undo u;
    std::string text = to_usi(pos, m);
    pos.do_move(m, u);
    if (!seen.insert(pos.hash()).second) {
      ++dups;
      if (which) *which += text + " ";
    }
    pos.undo_move(m, u);
  }
  return dups;
}

TEST(MitsugumiMachinery, ThreeDoubleIguiPiecesMakeNoDuplicates) {
  // Fire Demons on 7g and 5g and a Tetrarch on 5i, every neighbour of the Fire Demons an
  // enemy: three pieces that can take the same pairs of pieces without moving.
  std::vector<Put> ps = {{"7g", "F'"}, {"5g", "F'"}, {"5i", "+C"}, {"13m", "K"}, {"1a", "k"}};
  for (const char* sq : {"8f", "7f", "6f", "8g", "6g", "8h", "7h", "6h", "5f", "4f", "4g",
                         "4h", "5h"})
    ps.push_back({sq, "p"});
  Position pos = position(ps);
  MoveList list;
  generate_moves(pos, list);
  ASSERT_FALSE(list.overflow);
  std::string which;
  EXPECT_EQ(duplicate_results(pos, list, &which), 0) << which;
}

TEST(MitsugumiMachinery, PromotingIguiIsKeptWhenAnotherPieceCanTakeTheSameVictim) {
  // The Fire Demon on 8b and the Lion on 7c (in the zone) can both take 7b without moving. The
  // plain iguis leave the same position (one move), but the Lion may also promote to a Lion
  // Hawk while doing it: a second, different result.
  Position pos = position({{"8b", "F'"}, {"7c", "N"}, {"7b", "p"}, {"13m", "K"}, {"1m", "k"}});
  EXPECT_TRUE(legal(pos, "7c7b7c+"));
  EXPECT_TRUE(legal(pos, "7c7b7c"));
  EXPECT_TRUE(legal(pos, "8b7b8b"));
  MoveList list;
  generate_moves(pos, list);
  Square victim = parse_square(pos.variant(), "7b");
  int plain = 0, promoting = 0;
  for (const Move& m : list)
    if (m.to == m.from && m.mid == victim && !m.has_kills()) ++(m.promotes() ? promoting : plain);
  EXPECT_EQ(plain, 1);
  EXPECT_EQ(promoting, 1);
  EXPECT_EQ(parse_usi(pos, "7c7b7c+").promotes(), true);
  EXPECT_EQ(parse_usi(pos, "7c7b7c").promotes(), false);
  EXPECT_EQ(duplicate_results(pos, list), 0);
}

// ---------------------------------------------------------------------------------------------
// Random play from the start position.

// At every tenth position every legal move is checked (tests/random_play.h), at the others the
// move played.
TEST(MitsugumiRandomPlay, MovesRoundTripAndUndoAndAreDistinct) {
#ifdef KIRIN_SANITIZED
  const int games = test::random_games(20);
#else
  const int games = test::random_games(100);
#endif
  const int max_plies = 200;
  std::mt19937 rng(test::random_seed(20260213u));
  const Position start = parse_sfen(mitsugumi(), mitsugumi()->setup);
  int finished = 0, longest_list = 0, kills = 0, skips = 0;
  for (int game = 0; game < games; ++game) {
    Game g(start);
    while (!g.outcome().over() && g.plies() < max_plies) {
      Position pos = g.position();
      MoveList list;
      generate_moves(pos, list);
      ASSERT_FALSE(list.overflow) << to_sfen(pos);
      ASSERT_GT(list.size, 0) << to_sfen(pos);  // else the game would be over
      longest_list = std::max(longest_list, list.size);
      const std::string sfen = to_sfen(pos);
      const uint64_t hash = pos.hash();
      const Move pick = list[int(rng() % uint32_t(list.size))];
      const std::vector<Move> checked = test::check_every_move_at(g.plies())
                                            ? std::vector<Move>(list.begin(), list.end())
                                            : std::vector<Move>{pick};
      // USI round trip (before any do/undo: undo restores the position but not the order of
      // the piece lists, which decides which piece's skip stands for all of them).
      for (const Move& m : checked) {
        std::string text = to_usi(pos, m);
        try {
          Move back = parse_usi(pos, text);
          ASSERT_EQ(back, m) << text << " in " << sfen;
        } catch (const NotationError& e) {
          FAIL() << text << " in " << sfen << ": " << e.what();
        }
      }
      // Each move played and taken back: the results are distinct positions, the incremental
      // hash is that of the position set up afresh, and undo restores board, counts, side to
      // move, skip flags and hash (the SFEN is compared once all moves are taken back).
      const std::vector<Piece> board(pos.board(), pos.board() + kArraySize);
      const int counts[2] = {pos.count(kBlack), pos.count(kWhite)};
      const bool skipped[2] = {pos.skipped(kBlack), pos.skipped(kWhite)};
      std::set<uint64_t> results;
      for (const Move& m : checked) {
        Undo u;
        pos.do_move(m, u);
        if (!results.insert(pos.hash()).second) {
          pos.undo_move(m, u);
          FAIL() << to_usi(pos, m) << " leaves the same position as another move, in " << sfen;
        }
        Position fresh(pos.variant_ptr());
        for (Color c : {kBlack, kWhite})
          for (int i = 0; i < pos.count(c); ++i) {
            Square s = pos.squares(c)[i];
            fresh.put(s, pos.at(s));
          }
        fresh.set_side_to_move(pos.side_to_move());
        fresh.set_skipped(kBlack, pos.skipped(kBlack));
        fresh.set_skipped(kWhite, pos.skipped(kWhite));
        const bool same_hash = fresh.hash() == pos.hash();
        pos.undo_move(m, u);
        ASSERT_TRUE(same_hash) << "incremental hash after " << to_usi(pos, m) << " in " << sfen;
        ASSERT_TRUE(std::equal(board.begin(), board.end(), pos.board()))
            << "undo of " << to_usi(pos, m) << " in " << sfen;
        ASSERT_EQ(pos.count(kBlack), counts[0]) << "undo of " << to_usi(pos, m);
        ASSERT_EQ(pos.count(kWhite), counts[1]) << "undo of " << to_usi(pos, m);
        ASSERT_EQ(pos.skipped(kBlack), skipped[0]) << "undo of " << to_usi(pos, m);
        ASSERT_EQ(pos.skipped(kWhite), skipped[1]) << "undo of " << to_usi(pos, m);
        ASSERT_EQ(pos.hash(), hash) << "undo of " << to_usi(pos, m) << " in " << sfen;
      }
      ASSERT_EQ(to_sfen(pos), sfen);
      kills += pick.has_kills();
      skips += is_stay(pos, pick) && !pick.promotes();
      g.play(pick);
    }
    if (g.outcome().over()) {
      ++finished;
      const EndReason why = g.outcome().reason;
      EXPECT_TRUE(why == EndReason::RoyalsCaptured || why == EndReason::NoLegalMoves ||
                  why == EndReason::Repetition || why == EndReason::InsufficientMaterial)
          << describe(g.outcome());
    }
  }
  // Random play captures a King now and then.
  EXPECT_GT(finished, 0);
  RecordProperty("finished", finished);
  RecordProperty("longest_list", longest_list);
  RecordProperty("kills", kills);
  RecordProperty("skips", skips);
}

}  // namespace
}  // namespace kirin
