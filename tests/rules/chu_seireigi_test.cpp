// Chu Seireigi, the three editions (docs/spec/chu_seireigi.md; Kirin's choices in
// docs/rules/chu-seireigi.md):
//   chu-seireigi       §B, the Lion Hawk edition (12x12, current rules);
//   chu-seireigi-2023  §A, the stinging-Lion edition of seed 000 (12x12, setup reconstructed);
//   chu-seireigi-10    §C, Ludii's 10x10 stinging edition.
//
// Every expected move list below was worked out by hand from the move descriptions of the rules
// file, not copied from the program's output. Squares are USI names: file 1..N counted from
// Black's right, rank a.. from the top (White's side); Black moves up, towards rank a. Black's
// promotion zone is ranks a-d on 12x12 and a-c on 10x10. Drops are written "P*5e".

#include <gtest/gtest.h>

#include "../random_play.h"
#include "test_positions.h"
#include <algorithm>
#include <array>
#include <cctype>
#include <map>
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

#if defined(__SANITIZE_ADDRESS__)
#define KIRIN_SEIREIGI_SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KIRIN_SEIREIGI_SLOW_BUILD 1
#endif
#endif
#if !defined(KIRIN_SEIREIGI_SLOW_BUILD) && !defined(NDEBUG)
#define KIRIN_SEIREIGI_SLOW_BUILD 1
#endif

namespace kirin {
namespace {

const std::string kLionHawk = "chu-seireigi";
const std::string kSting = "chu-seireigi-2023";
const std::string kTen = "chu-seireigi-10";

// ---------------------------------------------------------------------------------------------
// Helpers

using test::Put;
using test::words;
using test::sorted;
using test::legal;
using test::after;
using test::expect_moves;
using test::moves_from;
using test::piece_on;

// A shogi-style SFEN for a square board of `n` files and ranks: board, side, hands, move 1.
std::string make_sfen(int n, const std::vector<Put>& pieces, char side = 'b',
                      const std::string& hands = "-") {
  return test::board_sfen(n, pieces, side, hands);
}

std::shared_ptr<Variant> game_of(const std::string& id) { return builtin_variant(id); }
int size_of(const std::string& id) { return id == kTen ? 10 : 12; }

Position position(const std::string& id, const std::vector<Put>& pieces, char side = 'b',
                  const std::string& hands = "-") {
  return parse_sfen(game_of(id), make_sfen(size_of(id), pieces, side, hands));
}

// The corners where the kings wait: Black's at 1l (1j), White's at 12a (10a).
std::string black_corner(int n) { return "1" + std::string(1, char('a' + n - 1)); }
std::string white_corner(int n) { return std::to_string(n) + "a"; }

std::vector<Put> with_kings(const std::string& id, std::vector<Put> pieces) {
  int n = size_of(id);
  pieces.push_back({black_corner(n), "K"});
  pieces.push_back({white_corner(n), "k"});
  return pieces;
}

std::vector<std::string> usi_list(const Position& pos, const MoveList& list) {
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(to_usi(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

// The legal moves of the piece on `square` that step through `mid` (two-step moves).
std::vector<std::string> moves_through(const Position& pos, const std::string& square,
                                       const std::string& mid) {
  std::vector<std::string> out;
  for (const std::string& m : moves_from(pos, square))
    if (m.size() > square.size() + mid.size() && m.compare(square.size(), mid.size(), mid) == 0)
      out.push_back(m);
  return out;
}

std::string field(const std::string& sfen, int i) { return words(sfen).at(i); }

// The square seen from the other side: (file f, rank r) -> (N+1-f, mirrored rank).
std::string rotate_square(const std::string& sq, int n) {
  int file = std::stoi(sq);
  int row = sq.back() - 'a';
  return std::to_string(n + 1 - file) + char('a' + n - 1 - row);
}

std::string swap_case(std::string token) {
  for (char& c : token) {
    const unsigned char u = static_cast<unsigned char>(c);
    c = char(std::isupper(u) ? std::tolower(u) : std::toupper(u));
  }
  return token;
}

// ---------------------------------------------------------------------------------------------
// Every piece alone on an empty board (own King in one corner, the enemy King in the other).

struct PieceCase {
  std::string game;
  std::string piece;    // SFEN token of the Black piece
  std::string dests;    // destinations without promotion
  std::string promos;   // destinations that may be reached with promotion ('+')
  bool white = false;   // the same case turned round: the White piece, rotated
};

void PrintTo(const PieceCase& c, std::ostream* os) {
  *os << c.game << " " << (c.white ? swap_case(c.piece) : c.piece);
}

// Rays and patterns from 7g on 12x12 (Black's view): test_positions.h.
using namespace test::from_7g;

// The same from 6f on 10x10 (zone: ranks a-c).
const std::string cFwd = "6e 6d 6c 6b 6a ";
const std::string cBack = "6g 6h 6i 6j ";
const std::string cSide = "10f 9f 8f 7f 5f 4f 3f 2f 1f ";
const std::string cFwdLeft = "7e 8d 9c 10b ";
const std::string cFwdRight = "5e 4d 3c 2b 1a ";
const std::string cBackLeft = "7g 8h 9i 10j ";
const std::string cBackRight = "5g 4h 3i 2j ";
const std::string cDiag = cFwdLeft + cFwdRight + cBackLeft + cBackRight;
const std::string cRook = cFwd + cBack + cSide;
const std::string cQueen = cRook + cDiag;
const std::string cKing = "7e 6e 5e 7f 5f 7g 6g 5g ";
const std::string cGold = "7e 6e 5e 7f 5f 6g ";
const std::string cLionBox =
    "8d 7d 6d 5d 4d 8e 7e 6e 5e 4e 8f 7f 5f 4f 8g 7g 6g 5g 4g 8h 7h 6h 5h 4h ";
const std::string cFwdZone = "6c 6b 6a ";
const std::string cDiagZone = "9c 10b 3c 2b 1a ";

// §A.4, the 2023 edition: all 21 pieces and 17 promoted kinds.
std::vector<PieceCase> sting_cases() {
  const std::string g = kSting;
  return {
      {g, "K", kKing, ""},
      {g, "I", kLionBox, ""},  // every square within two; stings need a victim
      {g, "Q", kQueen, ""},
      {g, "E", kFwdLeft + kFwdRight + "8h 6h 8g 6g 7f", ""},  // does not promote
      {g, "D", kRook + "8f 6f 8h 6h", kFwdZone},
      {g, "H", kDiag + "7f 7h 8g 6g", kDiagZone},
      {g, "R", kRook, kFwdZone},
      {g, "B", kDiag, kDiagZone},
      {g, "X", "7f 7h 8g 6g 8e 6e 8i 6i 9f 5f 9h 5h", ""},  // W + all 8 knight jumps
      {g, "O", "8f 6f 8h 6h 9e 5e 9i 5i 7e 7i 9g 5g", ""},  // F + 2-square jumps
      {g, "W", kFwd + kBack + "8f 6f 8g 6g", kFwdZone},     // Running Wolf
      {g, "M", kSide + "8f 6f 7h", ""},                     // Running Leopard
      {g, "A", "8f 9e 10d 11c 12b 6f 5e 4d 3c 2b", "10d 11c 12b 4d 3c 2b 1a"},  // 1a: must
      {g, "L", "7f 7e 7d 7c 7b", "7d 7c 7b 7a"},            // 7a only promoting
      {g, "T", "8f 6f 8h 6h 8g 6g 7h 9f 5f", ""},           // Strong Bear
      {g, "Y", "7e 9e 5e", ""},                             // Flying Swallow
      {g, "N", "8e 6e", ""},
      {g, "G", kGold, ""},
      {g, "S", "8f 7f 6f 8h 6h", ""},
      {g, "C", "8f 7f 6f 7h", ""},
      {g, "P", "7f", ""},
      // Promoted: none promotes again.
      {g, "+D", kRook + kBackLeft + kBackRight + "8f 6f 9e 5e", ""},  // Soaring Eagle
      {g, "+H", kDiag + kSide + kBack + "7f 7e", ""},                 // Horned Falcon
      {g, "+R", kRook + "8f 6f 8h 6h", ""},                           // Dragon King
      {g, "+B", kDiag + "7f 7h 8g 6g", ""},                           // Dragon Horse
      {g, "+X", kQueen, ""},                                          // Queen
      {g, "+O", kLionBox, ""},                                        // Lion
      {g, "+G", kFwdLeft + kFwdRight + "8h 6h 8g 6g 7f", ""},         // Great Elephant
      {g, "+W", kSide + kFwdLeft + kFwdRight + "8h 6h 9i 5i", ""},    // Free Boar
      {g, "+S", kFwd + kBack + "8f 6f 8g 6g", ""},                    // Running Wolf
      {g, "+M", kFwd + kBack + kFwdLeft + kFwdRight + "8h 6h 9i 5i", ""},  // Flying Ox
      {g, "+C", kSide + "8f 6f 7h", ""},                              // Running Leopard
      {g, "+T", kFwd + kFwdLeft + kFwdRight + "7h 8h 6h 7i 9f 5f", ""},  // Treacherous Fox
      {g, "+Y", "7f 7h 8f 6f 9g 5g 7i 9i 5i 8e 6e 9f 5f", ""},       // Golden Bird
      {g, "+N", "8f 6f 8h 6h 7f 8i 6i 9e 5e 7e", ""},                 // Heavenly Horse
      {g, "+A", kFwd + kBack + "8g 6g 8e 6e 8i 6i", ""},              // Great Stag
      {g, "+L", kSide + "7f 7h 9f 5f 9h 5h", ""},                     // Free Tiger
      {g, "+P", kGold, ""},                                           // Tokin
  };
}

// §B.3, the Lion Hawk edition: all 20 pieces and 17 promoted kinds.
std::vector<PieceCase> lion_hawk_cases() {
  const std::string g = kLionHawk;
  return {
      {g, "K", kKing, ""},
      {g, "Q", kQueen, ""},
      // Lion Hawk: Bishop slides plus jumps to every square two away; no orthogonal step.
      {g, "I", kDiag + "8e 6e 8i 6i 9f 5f 9h 5h 7e 7i 9g 5g", ""},
      {g, "R", kRook, kFwdZone},
      {g, "B", kDiag, kDiagZone},
      {g, "X", "7f 7h 8g 6g 9e 5e 9i 5i", ""},  // WA
      {g, "O", "8f 6f 8h 6h 7e 7i 9g 5g", ""},  // FD
      {g, "E", kFwdLeft + kFwdRight + "7f 8g 6g 8h 6h", kDiagZone},  // promotes here
      {g, "W", kFwd + kBack + "8f 6f 8g 6g", kFwdZone},
      {g, "D", kSide + "8f 6f 7h", ""},          // Great Leopard
      {g, "U", "8f 6f 8h 6h 8g 6g 7f", ""},      // Strong Bear
      {g, "G", kGold, ""},
      {g, "S", "8f 7f 6f 8h 6h", ""},
      {g, "C", "8f 7f 6f 7h", ""},
      {g, "Y", "7e 9e 5e", ""},
      {g, "N", "8e 6e", ""},
      {g, "T", "7f 7e 7d 7c 7b 8f 9e 10d 11c 12b 6f 5e 4d 3c 2b",  // Running Rabbit
       "7d 7c 7b 7a 10d 11c 12b 4d 3c 2b 1a"},
      {g, "A", "8f 9e 10d 11c 12b 6f 5e 4d 3c 2b", "10d 11c 12b 4d 3c 2b 1a"},
      {g, "L", "7f 7e 7d 7c 7b", "7d 7c 7b 7a"},
      {g, "P", "7f", ""},
      // Promoted.
      {g, "+R", kRook + "8f 6f 8h 6h", ""},                            // Dragon King
      {g, "+B", kDiag + "7f 7h 8g 6g", ""},                            // Dragon Horse
      {g, "+X", kRook, ""},                                            // Rook
      {g, "+O", kDiag, ""},                                            // Bishop
      {g, "+E", kFwd + kBack + kFwdLeft + kFwdRight + "8g 6g 8h 6h", ""},  // Teaching King
      {g, "+W", kDiag + kSide, ""},                                    // Free Boar
      {g, "+D", kDiag + kFwd + kBack, ""},                             // Flying Ox
      {g, "+U", kBack + kFwdLeft + kFwdRight + "7f 8h 6h 9h 5h", ""},  // Whale
      {g, "+G", kFwdLeft + kFwdRight + "7f 8g 6g 8h 6h", ""},          // Great Elephant
      {g, "+S", kFwd + kBack + "8f 6f 8g 6g", ""},                     // Running Wolf
      {g, "+C", kSide + "8f 6f 7h", ""},                               // Great Leopard
      {g, "+Y", "7f 7h 8f 6f 9g 5g 7i 9i 5i 8e 6e 9f 5f", ""},        // Golden Bird
      {g, "+N", "8f 6f 8h 6h 7f 9e 5e 7e 8i 6i", ""},                  // Heavenly Horse
      {g, "+T", kSide + kFwdLeft + kFwdRight + "7f 7h", ""},           // Prancing Stag
      {g, "+A", kFwd + kBack + "8g 6g 8e 6e 8i 6i", ""},               // Treacherous Fox
      {g, "+L", kSide + "7f 7h 9f 5f 9h 5h", ""},                      // Free Tiger
      {g, "+P", kGold, ""},                                            // Tokin
  };
}

// §C.3, the 10x10 edition (from 6f): all 16 pieces and 12 promoted kinds.
std::vector<PieceCase> ten_cases() {
  const std::string g = kTen;
  return {
      {g, "K", cKing, ""},
      {g, "I", cLionBox, ""},  // King step, or two steps through an empty square
      {g, "Q", cQueen, ""},
      {g, "X", "6e 6g 7f 5f 8d 4d 8h 4h", ""},
      {g, "O", "7e 5e 7g 5g 6d 6h 8f 4f", ""},
      {g, "M", cSide + "6e 6g", ""},             // Side Mover
      {g, "W", cFwd + cBack + "7f 5f", cFwdZone},  // Vertical Mover
      {g, "V", "7e 5e 7g 5g 7f 5f 6e", ""},      // Vice General: does not promote
      {g, "G", cGold, ""},
      {g, "S", "7e 6e 5e 7g 5g", ""},
      {g, "C", "7e 6e 5e 6g", ""},
      {g, "E", "7e 5e 7g 5g 7f 5f 8e 4e", ""},  // Enchanted Badger
      {g, "T", cFwd + "7e 5e 7g 5g 6g", cFwdZone},  // Running Rabbit: 6a not forced
      {g, "F", "6d 8d 4d", ""},                 // Flying Cat
      {g, "A", "7e 8d 9c 10b 5e 4d 3c 2b", "9c 10b 3c 2b 1a"},
      {g, "P", "6e", ""},
      // Promoted. The Horned Falcon's two-step forward then diagonally forward (7d 5d); the
      // Soaring Eagle's two-steps turned 90 (8d 4d 6d) and 45 degrees (8e 4e 7d 5d).
      {g, "+O", cDiag + cSide + cBack + "6e 6d 7d 5d", ""},  // Horned Falcon
      {g, "+X", cRook + cBackLeft + cBackRight + "7e 5e 8d 4d 8e 4e 7d 5d", ""},
      {g, "+M", cDiag + cSide, ""},                                 // Free Boar
      {g, "+W", cDiag + cFwd + cBack, ""},                          // Flying Ox
      {g, "+G", cFwdLeft + cFwdRight + "6e 7f 5f 7g 5g", ""},       // Great Elephant
      {g, "+S", cFwd + "7e 5e 7f 5f 6g", ""},                       // Running Wolf
      {g, "+C", "7e 5e 7g 5g 6e 6d 8f 4f 8d 4d", ""},               // Great Leopard
      {g, "+E", cFwd + cFwdLeft + cFwdRight + "6g 7g 5g 8g 4g", ""},  // Dove
      {g, "+T", cFwdLeft + cFwdRight + "8h 4h 7g 5g", ""},          // Treacherous Fox
      {g, "+F", cFwd + "6h 8f 4f 6g 7f 5f", ""},                    // Free Pup
      {g, "+A", cFwd + cBack + "7f 5f 7d 5d 7h 5h", ""},            // Great Stag
      {g, "+P", cGold, ""},                                         // Tokin
  };
}

std::vector<PieceCase> rotated(std::vector<PieceCase> cases) {
  for (auto& c : cases) c.white = true;
  return cases;
}

class SeireigiPieceAlone : public ::testing::TestWithParam<PieceCase> {};

TEST_P(SeireigiPieceAlone, MovesAsTheRulesDescribe) {
  const PieceCase& c = GetParam();
  const int n = size_of(c.game);
  const std::string sq = n == 12 ? "7g" : "6f";
  std::vector<Put> pieces;
  if (c.piece == "K") {
    pieces = {{sq, "K"}, {white_corner(n), "k"}};
  } else {
    pieces = with_kings(c.game, {{sq, c.piece}});
  }
  auto turn = [&](const std::string& s) { return c.white ? rotate_square(s, n) : s; };
  if (c.white)
    for (Put& p : pieces) p = {rotate_square(p.square, n), swap_case(p.piece)};
  Position pos = position(c.game, pieces, c.white ? 'w' : 'b');
  const std::string from = turn(sq);

  std::set<std::string> want;
  for (const std::string& d : words(c.dests)) want.insert(from + turn(d));
  for (const std::string& d : words(c.promos)) want.insert(from + turn(d) + "+");
  EXPECT_EQ(moves_from(pos, from), std::vector<std::string>(want.begin(), want.end()))
      << to_sfen(pos);
}

std::string case_name(const ::testing::TestParamInfo<PieceCase>& info) {
  std::string name = info.param.white ? "White_" : "Black_";
  for (char ch : info.param.piece)
    name += ch == '+' ? std::string("Promoted") : std::string(1, char(std::toupper(ch)));
  return name;
}

INSTANTIATE_TEST_SUITE_P(Sting, SeireigiPieceAlone, ::testing::ValuesIn(sting_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(StingRotated, SeireigiPieceAlone,
                         ::testing::ValuesIn(rotated(sting_cases())), case_name);
INSTANTIATE_TEST_SUITE_P(LionHawk, SeireigiPieceAlone, ::testing::ValuesIn(lion_hawk_cases()),
                         case_name);
INSTANTIATE_TEST_SUITE_P(LionHawkRotated, SeireigiPieceAlone,
                         ::testing::ValuesIn(rotated(lion_hawk_cases())), case_name);
INSTANTIATE_TEST_SUITE_P(Ten, SeireigiPieceAlone, ::testing::ValuesIn(ten_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(TenRotated, SeireigiPieceAlone,
                         ::testing::ValuesIn(rotated(ten_cases())), case_name);

// Every piece of every edition is in the lists above, promoted kinds included.
TEST(SeireigiPieceAloneCoverage, EveryKindIsTested) {
  std::map<std::string, std::vector<PieceCase>> all = {
      {kSting, sting_cases()}, {kLionHawk, lion_hawk_cases()}, {kTen, ten_cases()}};
  for (const auto& [id, cases] : all) {
    auto v = game_of(id);
    std::set<std::string> tested;
    for (const auto& c : cases) tested.insert(swap_case(c.piece));  // lower case, as stored
    EXPECT_EQ(int(tested.size()), v->num_kinds()) << id;
    for (int k = 1; k <= v->num_kinds(); ++k)
      EXPECT_TRUE(tested.count(v->piece(Kind(k)).sfen)) << id << ": " << v->piece(Kind(k)).id;
  }
}

// ---------------------------------------------------------------------------------------------
// Setups, names, letters

TEST(SeireigiSetup, StartPositionsAndSizes) {
  struct Case {
    std::string id;
    int files, zone, per_side;
  };
  for (const Case& c :
       {Case{kLionHawk, 12, 4, 40}, Case{kSting, 12, 4, 42}, Case{kTen, 10, 3, 32}}) {
    auto v = game_of(c.id);
    EXPECT_EQ(v->files, c.files);
    EXPECT_EQ(v->ranks, c.files);
    EXPECT_EQ(v->zone, c.zone);
    Position pos = parse_sfen(v, v->setup);
    EXPECT_EQ(to_sfen(pos), v->setup);
    EXPECT_EQ(pos.count(kBlack), c.per_side) << c.id;
    EXPECT_EQ(pos.count(kWhite), c.per_side) << c.id;
    // White's army is Black's turned round.
    const int n = c.files;
    for (int file = 1; file <= n; ++file)
      for (int r = 0; r < n; ++r) {
        std::string sq = std::to_string(file) + char('a' + r);
        EXPECT_EQ(piece_on(pos, rotate_square(sq, n)), swap_case(piece_on(pos, sq)))
            << c.id << " " << sq;
      }
  }
}

TEST(SeireigiSetup, LionHawkEditionSquares) {
  // §B.2: King 7l, Great Elephant 6l, Kirin 7k, Phoenix 6k, Lion Hawk 7j, Queen 6j, Bishop 8j,
  // Rook 5j, Great Leopard 10j, Running Wolf 3j, Swallows 12j/1j, Rabbits 9k/4k,
  // Bears 8k/5k, Knights 11k/2k.
  Position pos = parse_sfen(game_of(kLionHawk), game_of(kLionHawk)->setup);
  std::map<std::string, std::string> want = {
      {"7l", "K"},  {"6l", "E"},  {"7k", "O"},  {"6k", "X"},  {"7j", "I"},  {"6j", "Q"},
      {"8j", "B"},  {"5j", "R"},  {"10j", "D"}, {"3j", "W"},  {"12j", "Y"}, {"1j", "Y"},
      {"9k", "T"},  {"4k", "T"},  {"8k", "U"},  {"5k", "U"},  {"11k", "N"}, {"2k", "N"},
      {"12l", "L"}, {"11l", "A"}, {"10l", "C"}, {"9l", "S"},  {"8l", "G"},  {"5l", "G"},
      {"6a", "k"},  {"7a", "e"},  {"6b", "o"},  {"7b", "x"},  {"6c", "i"},  {"7c", "q"}};
  for (const auto& [sq, p] : want) EXPECT_EQ(piece_on(pos, sq), p) << sq;
}

TEST(SeireigiSetup, StingEditionReconstruction) {
  // setup-findings.md §3.4, with the Dragon King on 9j (Kirin's choice) and the Dragon Horse
  // on 4j; the other reading is the start position "dragon-horse-9j".
  auto v = game_of(kSting);
  Position pos = parse_sfen(v, v->setup);
  std::map<std::string, std::string> want = {
      {"7l", "K"}, {"6l", "E"}, {"7k", "O"}, {"6k", "X"},  {"9k", "T"},  {"4k", "T"},
      {"7j", "I"}, {"6j", "Q"}, {"8j", "B"}, {"5j", "R"},  {"9j", "D"},  {"4j", "H"},
      {"10j", "W"}, {"3j", "W"}, {"11j", "M"}, {"2j", "M"}, {"12j", "Y"}, {"1j", "Y"},
      {"6a", "k"}, {"7a", "e"}, {"4c", "d"}, {"9c", "h"}};
  for (const auto& [sq, p] : want) EXPECT_EQ(piece_on(pos, sq), p) << sq;
  ASSERT_EQ(v->handicaps.size(), 1u);
  Position other = parse_sfen(v, v->handicaps[0].sfen);
  EXPECT_EQ(v->handicaps[0].name, "dragon-horse-9j");
  EXPECT_EQ(piece_on(other, "9j"), "H");
  EXPECT_EQ(piece_on(other, "4j"), "D");
  EXPECT_EQ(piece_on(other, "4c"), "h");
  EXPECT_EQ(piece_on(other, "9c"), "d");
}

TEST(SeireigiSetup, TenSquares) {
  // §C.2: King 6j, Vice General 5j, Kirin 6i, Phoenix 5i, Lion 6h, Queen 5h, Vertical Mover
  // 7h, Side Mover 4h; White King 5a, Vice General 6a.
  Position pos = parse_sfen(game_of(kTen), game_of(kTen)->setup);
  std::map<std::string, std::string> want = {
      {"6j", "K"}, {"5j", "V"}, {"6i", "O"}, {"5i", "X"}, {"6h", "I"}, {"5h", "Q"},
      {"7h", "W"}, {"4h", "M"}, {"10i", "F"}, {"8i", "E"}, {"9h", "T"}, {"2h", "T"},
      {"5a", "k"}, {"6a", "v"}, {"5b", "o"}, {"6b", "x"}, {"5c", "i"}, {"6c", "q"}};
  for (const auto& [sq, p] : want) EXPECT_EQ(piece_on(pos, sq), p) << sq;
}

TEST(SeireigiSetup, Aliases) {
  EXPECT_EQ(builtin_variant("chuseireigi")->id, kLionHawk);
  EXPECT_EQ(builtin_variant("chu-seireigi-lionhawk")->id, kLionHawk);
  EXPECT_EQ(builtin_variant("chu-seireigi-sting")->id, kSting);
  EXPECT_EQ(builtin_variant("chuseireigi2023")->id, kSting);
  EXPECT_EQ(builtin_variant("chuseireigi10")->id, kTen);
}

// ---------------------------------------------------------------------------------------------
// Stinging moves (§A.3, §C.4)

TEST(SeireigiSting, LionStingsAfterACaptureOnly) {
  // Lion on 7g, White Pawn 6f, White Gold 5e, own Pawn 7f.
  Position pos = position(kSting, with_kings(kSting, {{"7g", "I"}, {"6f", "p"}, {"5e", "g"},
                                                      {"7f", "P"}}));
  // 23 jumps (7f is taken by our own Pawn); after capturing on 6f, one more step to an empty
  // neighbour of 6f, back to 7g included; not onto the Gold on 5e (no second capture), not
  // onto our Pawn on 7f.
  EXPECT_EQ(moves_from(pos, "7g"),
            expect_moves("7g", "9e 8e 7e 6e 5e 9f 8f 6f 5f 9g 8g 6g 5g 9h 8h 7h 6h 5h 9i 8i 7i "
                               "6i 5i 7g6f7e 7g6f6e 7g6f5f 7g6f7g 7g6f6g 7g6f5g"));
  EXPECT_FALSE(legal(pos, "7g6f5e"));  // second capture
  EXPECT_FALSE(legal(pos, "7g6f7f"));
  EXPECT_FALSE(legal(pos, "7g7f6e"));  // the first step must capture an enemy
}

TEST(SeireigiSting, StepBackToTheStartIsAnIgui) {
  Position pos = position(kSting, with_kings(kSting, {{"7g", "I"}, {"6f", "p"}}));
  std::string sfen = after(pos, "7g6f7g");
  Position next = parse_sfen(game_of(kSting), sfen);
  EXPECT_EQ(piece_on(next, "7g"), "I");
  EXPECT_EQ(piece_on(next, "6f"), "");
  EXPECT_EQ(field(sfen, 2), "P");
  // A step on to another empty square: the Pawn taken, the Lion on 5e.
  sfen = after(pos, "7g6f5e");
  next = parse_sfen(game_of(kSting), sfen);
  EXPECT_EQ(piece_on(next, "5e"), "I");
  EXPECT_EQ(piece_on(next, "6f"), "");
  EXPECT_EQ(piece_on(next, "7g"), "");
  EXPECT_EQ(field(sfen, 2), "P");
}

TEST(SeireigiSting, PromotedKirinStingsLikeTheLion) {
  Position pos = position(kSting, with_kings(kSting, {{"7g", "+O"}, {"8h", "s"}}));
  EXPECT_EQ(moves_through(pos, "7g", "8h"),
            expect_moves("7g", "7g8h9g 7g8h8g 7g8h7g 7g8h9h 7g8h7h 7g8h9i 7g8h8i 7g8h7i"));
}

TEST(SeireigiSting, SoaringEagleAlongTheForwardDiagonals) {
  // Victims on 8f (forward-left) and 7f (straight ahead): only the diagonal one can be stung.
  Position pos = position(kSting, with_kings(kSting, {{"7g", "+D"}, {"8f", "p"}, {"7f", "p"}}));
  EXPECT_EQ(moves_through(pos, "7g", "8f"),
            expect_moves("7g", "7g8f9e 7g8f8e 7g8f7e 7g8f9f 7g8f9g 7g8f8g 7g8f7g"));
  EXPECT_TRUE(moves_through(pos, "7g", "7f").empty());
  EXPECT_TRUE(legal(pos, "7g9e"));  // the jump over the Pawn stays a plain jump
  EXPECT_TRUE(legal(pos, "7g7f"));  // the Rook slide captures
}

TEST(SeireigiSting, HornedFalconStraightAhead) {
  Position pos = position(kSting, with_kings(kSting, {{"7g", "+H"}, {"7f", "p"}, {"8f", "p"}}));
  EXPECT_EQ(moves_through(pos, "7g", "7f"),
            expect_moves("7g", "7g7f8e 7g7f7e 7g7f6e 7g7f6f 7g7f8g 7g7f7g 7g7f6g"));
  EXPECT_TRUE(moves_through(pos, "7g", "8f").empty());
  EXPECT_TRUE(legal(pos, "7g7e"));  // jump over the Pawn
}

TEST(SeireigiSting, TenEditionLionAndPromotedPieces) {
  // 10x10: Lion on 6f stings the Pawn on 5e; Horned Falcon on 3h stings straight ahead;
  // Soaring Eagle on 8h along a forward diagonal.
  Position pos = position(kTen, with_kings(kTen, {{"6f", "I"}, {"5e", "p"}, {"3h", "+O"},
                                                  {"3g", "p"}, {"8h", "+X"}, {"9g", "s"}}));
  EXPECT_EQ(moves_through(pos, "6f", "5e"),
            expect_moves("6f", "6f5e6d 6f5e5d 6f5e4d 6f5e6e 6f5e4e 6f5e6f 6f5e4f 6f5e5f"));
  EXPECT_EQ(moves_through(pos, "3h", "3g"),
            expect_moves("3h", "3h3g4f 3h3g3f 3h3g2f 3h3g4g 3h3g2g 3h3g4h 3h3g3h 3h3g2h"));
  EXPECT_EQ(moves_through(pos, "8h", "9g"),
            expect_moves("8h", "8h9g10f 8h9g9f 8h9g8f 8h9g10g 8h9g8g 8h9g10h 8h9g9h 8h9g8h"));
}

TEST(SeireigiTen, LionTwoStepsNeedAnEmptySquareBetween) {
  // Own Pawns on 7e, 6e and 5e: every path to rank d runs through one of them (a square two
  // away is reached through a neighbour of the Lion that also touches it), so 8d-4d are out
  // of reach; 8e and 4e are still reached through 7f and 5f, rank h through rank g.
  std::vector<Put> walled = with_kings(kTen, {{"6f", "I"}, {"7e", "P"}, {"6e", "P"}, {"5e", "P"}});
  Position pos = position(kTen, walled);
  EXPECT_EQ(moves_from(pos, "6f"),
            expect_moves("6f", "7f 5f 7g 6g 5g 8e 4e 8f 4f 8g 4g 8h 7h 6h 5h 4h"));
  // An enemy two squares away is captured through an empty square, not through a full one.
  Position cap = position(kTen, with_kings(kTen, {{"6f", "I"}, {"6d", "g"}}));
  EXPECT_TRUE(legal(cap, "6f6d"));
  EXPECT_EQ(field(after(cap, "6f6d"), 2), "G");
  walled.push_back({"6d", "g"});
  EXPECT_FALSE(legal(position(kTen, walled), "6f6d"));
}

TEST(SeireigiLionHawk, SlidesDiagonallyAndJumpsTwo) {
  // Lion Hawk on 7g; own Pawn on 8f, enemy Pawn on 6f, own Pawn on 7f.
  Position pos = position(kLionHawk, with_kings(kLionHawk, {{"7g", "I"}, {"8f", "P"},
                                                            {"6f", "p"}, {"7f", "P"}}));
  // Forward-left slide blocked at once, but 9e is a jump; forward-right captures on 6f and
  // stops, 5e is a jump; 7e jumps over our Pawn; no orthogonal step (7h, 8g, 6g).
  EXPECT_EQ(moves_from(pos, "7g"),
            expect_moves("7g", "9e 6f 5e 7e 7i 9g 5g 8e 6e 8i 6i 9f 5f 9h 5h " + kBackLeft +
                                   kBackRight));
}

// ---------------------------------------------------------------------------------------------
// The check rule, and a sting whose first step would expose the King (§A.3, §A.7).

TEST(SeireigiCheck, StingMayNotExposeTheKingOnItsFirstStep) {
  // Black King 7l, Lion 7k, White Rook 7a pins the Lion; White Pawn on 6j.
  std::vector<Put> pieces = {{"7l", "K"}, {"7k", "I"}, {"7a", "r"}, {"6j", "p"}, {"12a", "k"}};
  Position pos = position(kSting, pieces);
  // Only moves along file 7 keep the King covered. Capturing 6j and stepping back to 7k, or
  // on to 7j or 7i, ends safe, but the Lion's first step leaves the King in check.
  EXPECT_EQ(moves_from(pos, "7k"), expect_moves("7k", "7j 7i"));
  EXPECT_FALSE(legal(pos, "7k6j7k"));
  EXPECT_FALSE(legal(pos, "7k6j7j"));

  // With check_every_step off only the end of the move counts.
  auto relaxed = game_of(kSting);
  relaxed->set_option("check_every_step", "false");
  Position loose = parse_sfen(relaxed, make_sfen(12, pieces));
  EXPECT_EQ(moves_from(loose, "7k"), expect_moves("7k", "7j 7i 7k6j7k 7k6j7j 7k6j7i"));
}

TEST(SeireigiCheck, TenEditionChecksTheEndOfTheMoveOnly) {
  // Ludii tests the King after the whole move: the Lion, pinned by the White Vertical Mover
  // on 6a, may sting the Pawn on 5h and come back onto file 6.
  Position pos = position(kTen, {{"6j", "K"}, {"6i", "I"}, {"6a", "w"}, {"5h", "p"}, {"10a", "k"}});
  EXPECT_EQ(moves_from(pos, "6i"), expect_moves("6i", "6h 6g 6i5h6g 6i5h6h 6i5h6i"));
}

TEST(SeireigiCheck, NoMoveIntoCheckAndCheckMustBeAnswered) {
  // White Rook 7a gives check to the King on 7l down the open file; the Black Gold on 8k can
  // interpose on 7k or 7j, the King can step aside (not to 7k, still on the file); the Pawn
  // on 1h may not move.
  Position pos = position(kLionHawk, {{"7l", "K"}, {"8k", "G"}, {"1h", "P"}, {"7a", "r"},
                                      {"12a", "k"}});
  MoveList list;
  generate_moves(pos, list);
  EXPECT_EQ(usi_list(pos, list), sorted({"7l8l", "7l6l", "7l6k", "8k7k", "8k7j"}));
}

// ---------------------------------------------------------------------------------------------
// Drops (§A.6, §B.5, §C.5)

TEST(SeireigiDrops, CapturedPiecesGoToHandDemotedOneStep) {
  struct Case {
    std::string game, victim, hand;
  };
  // A Black Queen on 7g takes the White piece on 7e.
  const std::vector<Case> cases = {
      {kSting, "+x", "X"}, {kSting, "+o", "O"}, {kSting, "+r", "R"}, {kSting, "+b", "B"},
      {kSting, "+d", "D"}, {kSting, "+h", "H"}, {kSting, "+g", "G"}, {kSting, "+s", "S"},
      {kSting, "+c", "C"}, {kSting, "+p", "P"}, {kSting, "i", "I"},  {kSting, "e", "E"},
      {kSting, "d", "D"},  {kSting, "h", "H"},  {kSting, "+t", "T"}, {kSting, "+y", "Y"},
      {kLionHawk, "+o", "O"}, {kLionHawk, "+x", "X"}, {kLionHawk, "+b", "B"},
      {kLionHawk, "+e", "E"}, {kLionHawk, "+g", "G"}, {kLionHawk, "e", "E"},
      {kLionHawk, "i", "I"},  {kLionHawk, "+u", "U"}, {kLionHawk, "+d", "D"},
      {kTen, "+o", "O"}, {kTen, "+x", "X"}, {kTen, "+f", "F"}, {kTen, "+e", "E"},
      {kTen, "i", "I"},  {kTen, "v", "V"}};
  for (const Case& c : cases) {
    Position pos = position(c.game, with_kings(c.game, {{"7g", "Q"}, {"7e", c.victim}}));
    std::string sfen = after(pos, "7g7e");
    EXPECT_EQ(field(sfen, 2), c.hand) << c.game << " " << c.victim;
  }
}

// Drop destinations of one kind, as squares.
std::vector<std::string> drops_of(const Position& pos, const std::string& letter) {
  MoveList list;
  generate_moves(pos, list);
  std::vector<std::string> out;
  for (const Move& m : list) {
    std::string t = to_usi(pos, m);
    if (t.rfind(letter + "*", 0) == 0) out.push_back(t.substr(letter.size() + 1));
  }
  return out;
}

TEST(SeireigiDrops, NotWhereThePieceCouldNeverMove) {
  struct Case {
    std::string game, hand;
    std::string letters_one;  // not on the last rank
    std::string letters_two;  // not on the last two ranks
  };
  for (const Case& c : {Case{kSting, "PLANYGI", "P L A", "N Y"},
                        Case{kLionHawk, "PLATNYI", "P L A T", "N Y"},
                        Case{kTen, "PAFTI", "P A", "F"}}) {
    const int n = size_of(c.game);
    Position pos = position(c.game, with_kings(c.game, {}), 'b', c.hand);
    const int empty = n * n - 2;
    const int empty_last = n - 1;  // White's King stands on rank a
    for (const std::string& l : words(c.letters_one)) {
      auto d = drops_of(pos, l);
      EXPECT_EQ(int(d.size()), empty - empty_last) << c.game << " " << l;
      for (const auto& sq : d) EXPECT_NE(sq.back(), 'a') << c.game << " " << l << "*" << sq;
    }
    for (const std::string& l : words(c.letters_two)) {
      auto d = drops_of(pos, l);
      EXPECT_EQ(int(d.size()), empty - empty_last - n) << c.game << " " << l;
      for (const auto& sq : d) {
        EXPECT_NE(sq.back(), 'a') << c.game << " " << l << "*" << sq;
        EXPECT_NE(sq.back(), 'b') << c.game << " " << l << "*" << sq;
      }
    }
    // The Lion (and the Running Rabbit of 10x10, which can step back) may go anywhere empty.
    EXPECT_EQ(int(drops_of(pos, "I").size()), empty) << c.game;
    if (c.game == kTen) {
      EXPECT_EQ(int(drops_of(pos, "T").size()), empty);
    }
    EXPECT_FALSE(legal(pos, "P*5a"));
  }
  Position pos = position(kSting, with_kings(kSting, {}), 'b', "NY");
  EXPECT_FALSE(legal(pos, "N*5b"));
  EXPECT_TRUE(legal(pos, "N*5c"));
  EXPECT_FALSE(legal(pos, "Y*5b"));
}

TEST(SeireigiDrops, DroppedPiecesStartUnpromoted) {
  Position pos = position(kSting, with_kings(kSting, {}), 'b', "PS");
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list)
    if (m.is_drop()) {
      EXPECT_FALSE(m.promotes()) << to_usi(pos, m);
    }
  Position next = parse_sfen(game_of(kSting), after(pos, "S*5c"));  // inside the zone
  EXPECT_EQ(piece_on(next, "5c"), "S");
}

TEST(SeireigiDrops, OnePawnPerFile) {
  // Black Pawn on 5g, Tokin on 4g, White Pawn on 3c: no Black Pawn drop on file 5 only.
  Position pos = position(kSting, with_kings(kSting, {{"5g", "P"}, {"4g", "+P"}, {"3c", "p"}}),
                          'b', "P");
  auto d = drops_of(pos, "P");
  for (const auto& sq : d) EXPECT_NE(std::stoi(sq), 5) << sq;
  EXPECT_FALSE(legal(pos, "P*5e"));
  EXPECT_TRUE(legal(pos, "P*4e"));
  EXPECT_TRUE(legal(pos, "P*3e"));
  // 12 files x 11 ranks (not a), minus file 5, minus the occupied 4g, 3c and 1l.
  EXPECT_EQ(int(d.size()), 11 * 11 - 3);
}

// White King 1a boxed in by its own Lance 2a and Pawn 2b; Black Gold on 1c guards 1b.
std::vector<Put> box(const std::string& game) {
  const std::string king = game == kTen ? "10j" : "12l";
  const std::string blocker = game == kTen ? "w" : "l";  // a piece that cannot reach 1b
  return {{"1a", "k"}, {"2a", blocker}, {"2b", "p"}, {"1c", "G"}, {king, "K"}};
}

TEST(SeireigiDrops, NoPawnDropMate) {
  for (const std::string& g : {kSting, kLionHawk, kTen}) {
    Position pos = position(g, box(g), 'b', "GP");
    EXPECT_FALSE(legal(pos, "P*1b")) << g;  // would be mate
    EXPECT_TRUE(legal(pos, "G*1b")) << g;   // other pieces may mate by a drop
    // Unguarded, the Pawn drop is only check: legal.
    std::vector<Put> open = box(g);
    open.erase(open.begin() + 3);  // the Gold on 1c
    Position p2 = position(g, open, 'b', "P");
    EXPECT_TRUE(legal(p2, "P*1b")) << g;
  }
}

TEST(SeireigiDrops, NoPawnDropMateByAnAttackerWithoutKing) {
  // A mating problem's attacker has no King: the rule still holds (docs/RULES.md, Problems).
  for (const std::string& g : {kSting, kLionHawk, kTen}) {
    std::vector<Put> problem = box(g);
    problem.pop_back();  // Black's King
    Position pos = position(g, problem, 'b', "GP");
    EXPECT_FALSE(legal(pos, "P*1b")) << g;
    EXPECT_TRUE(legal(pos, "G*1b")) << g;
  }
}

TEST(SeireigiPromotion, ForcedWhereThePieceCouldNeverMoveAgain) {
  Position pos = position(kSting, with_kings(kSting, {{"7b", "P"}, {"5d", "N"}, {"3e", "N"},
                                                      {"9e", "L"}, {"11d", "Y"}}));
  EXPECT_EQ(moves_from(pos, "7b"), expect_moves("7b", "7a+"));
  EXPECT_EQ(moves_from(pos, "5d"), expect_moves("5d", "6b+ 4b+"));
  EXPECT_EQ(moves_from(pos, "3e"), expect_moves("3e", "4c 4c+ 2c 2c+"));
  EXPECT_EQ(moves_from(pos, "9e"), expect_moves("9e", "9d 9d+ 9c 9c+ 9b 9b+ 9a+"));
  EXPECT_EQ(moves_from(pos, "11d"), expect_moves("11d", "11b+ 9b+"));  // 13b is off the board
  Position ram = position(kSting, with_kings(kSting, {{"7d", "A"}}));
  EXPECT_EQ(moves_from(ram, "7d"),
            expect_moves("7d", "8c 8c+ 9b 9b+ 10a+ 6c 6c+ 5b 5b+ 4a+"));
  // Lion Hawk edition: the Running Rabbit too; 10x10: the Flying Cat on the last two ranks,
  // the Running Rabbit not at all.
  Position rabbit = position(kLionHawk, with_kings(kLionHawk, {{"7b", "T"}}));
  EXPECT_EQ(moves_from(rabbit, "7b"), expect_moves("7b", "7a+ 8a+ 6a+"));
  Position ten = position(kTen, with_kings(kTen, {{"6d", "F"}, {"3b", "T"}}));
  EXPECT_EQ(moves_from(ten, "6d"), expect_moves("6d", "6b+ 8b+ 4b+"));
  EXPECT_EQ(moves_from(ten, "3b"), expect_moves("3b", "3a 3a+ 4a 4a+ 2a 2a+ 4c 4c+ 2c 2c+ 3c 3c+"));
}

TEST(SeireigiPromotion, OnLeavingTheZoneToo) {
  // Shogi promotion: a move out of the zone may promote; a move outside it may not.
  Position pos =
      position(kLionHawk, with_kings(kLionHawk, {{"7c", "R"}, {"3e", "G"}, {"5g", "S"}}));
  EXPECT_TRUE(legal(pos, "7c7h+"));  // out of the zone
  EXPECT_TRUE(legal(pos, "7c7h"));
  EXPECT_TRUE(legal(pos, "3e3d+"));  // into it
  EXPECT_TRUE(legal(pos, "3e3d"));
  EXPECT_FALSE(legal(pos, "5g5f+"));  // outside it
  EXPECT_TRUE(legal(pos, "5g5f"));
}

// ---------------------------------------------------------------------------------------------
// End of the game through kirin::Game

::testing::AssertionResult ends(const Game& g, Result result, EndReason reason) {
  const Outcome& o = g.outcome();
  if (o.result == result && o.reason == reason) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "outcome is '" << describe(o) << "' after "
                                       << g.plies() << " plies";
}

TEST(SeireigiGame, CheckmateEndsTheGame) {
  for (const std::string& g : {kSting, kLionHawk, kTen}) {
    Game game(position(g, box(g), 'b', "G"));
    EXPECT_TRUE(ends(game, Result::Ongoing, EndReason::None)) << g;
    game.play(parse_usi(game.position(), "G*1b"));
    EXPECT_TRUE(ends(game, Result::BlackWins, EndReason::Checkmate)) << g;
  }
}

TEST(SeireigiGame, CheckmateByAMove) {
  // White mates by moving: Black King 1l boxed in by its own Lance 2l and Pawn 2k; the White
  // Gold steps from 1j to 1k, guarded by the White Lion on 1i (a jump two squares away).
  Game game(position(kSting, {{"1l", "K"}, {"2l", "L"}, {"2k", "P"}, {"1j", "g"}, {"1i", "i"},
                              {"12a", "k"}},
                     'w'));
  EXPECT_TRUE(ends(game, Result::Ongoing, EndReason::None));
  game.play(parse_usi(game.position(), "1j1k"));
  EXPECT_TRUE(ends(game, Result::WhiteWins, EndReason::Checkmate));
}

TEST(SeireigiGame, ImpasseAtSixtyFourPoints) {
  // Black's King steps into the zone (7e-7d); White's King already stands in its own (6i).
  // Black: Lion and Queen on the board (10), Dragon King, Dragon Horse, Rook, Bishop, Phoenix
  // and Kirin in hand (30), 24 one-point pieces in hand: 64. White: nothing but its King.
  const std::string minors64 = "2G2S2C2Y2N2A2L2T2W2M4P";
  const std::string minors63 = "2G2S2C2Y2N2A2L2T2W2M3P";
  std::vector<Put> pieces = {{"7e", "K"}, {"12l", "I"}, {"11l", "Q"}, {"6i", "k"}};
  {
    Game game(position(kSting, pieces, 'b', "DHRBXO" + minors64));
    EXPECT_TRUE(ends(game, Result::Ongoing, EndReason::None));
    game.play(parse_usi(game.position(), "7e7d"));
    EXPECT_TRUE(ends(game, Result::BlackWins, EndReason::Impasse));
  }
  {  // 63 points: both sides short, a draw.
    Game game(position(kSting, pieces, 'b', "DHRBXO" + minors63));
    game.play(parse_usi(game.position(), "7e7d"));
    EXPECT_TRUE(ends(game, Result::Draw, EndReason::Impasse));
  }
  {  // Promoted majors score 5 too: the Lion as a promoted Kirin, the Queen as a promoted
     // Phoenix.
    std::vector<Put> promoted = {{"7e", "K"}, {"12l", "+O"}, {"11l", "+X"}, {"6i", "k"}};
    Game game(position(kSting, promoted, 'b', "DHRBXO" + minors64));
    game.play(parse_usi(game.position(), "7e7d"));
    EXPECT_TRUE(ends(game, Result::BlackWins, EndReason::Impasse));
  }
}

TEST(SeireigiGame, ImpasseLionHawkEdition) {
  // Lion Hawk, promoted Phoenix (a Rook) and Dragon Horse on the board, Queen, Rook and Kirin
  // in hand: 30; 34 one-point pieces in hand: 64.
  std::vector<Put> pieces = {{"7e", "K"}, {"12l", "I"}, {"11l", "+X"}, {"10l", "+B"}, {"6i", "k"}};
  Game game(position(kLionHawk, pieces, 'b', "QRO2E2W2D2U2G2S2C2Y2N2T2A2L10P"));
  game.play(parse_usi(game.position(), "7e7d"));
  EXPECT_TRUE(ends(game, Result::BlackWins, EndReason::Impasse));
  Game short_game(position(kLionHawk, pieces, 'b', "QRO2E2W2D2U2G2S2C2Y2N2T2A2L9P"));
  short_game.play(parse_usi(short_game.position(), "7e7d"));
  EXPECT_TRUE(ends(short_game, Result::Draw, EndReason::Impasse));
}

TEST(SeireigiGame, TenEditionHasNoImpasseRuleByDefault) {
  // Black's King enters the zone (ranks a-c) while White's stands in its own (h-j).
  const std::vector<Put> pieces = {{"6d", "K"}, {"10j", "I"}, {"5h", "k"}};
  Game game(position(kTen, pieces, 'b', "QXO"));
  game.play(parse_usi(game.position(), "6d6c"));
  EXPECT_TRUE(ends(game, Result::Ongoing, EndReason::None));
  // The option is there: Lion, Queen, Phoenix, Kirin make 20 points against White's 0.
  auto v = game_of(kTen);
  v->set_option("impasse_points", "16");
  Game with_rule(parse_sfen(v, make_sfen(10, pieces, 'b', "QXO")));
  with_rule.play(parse_usi(with_rule.position(), "6d6c"));
  EXPECT_TRUE(ends(with_rule, Result::BlackWins, EndReason::Impasse));
}

TEST(SeireigiGame, FourfoldRepetitionIsADrawAndPerpetualCheckLoses) {
  // Quiet shuffling of two Golds: a draw when the start position occurs the fourth time.
  {
    Game game(position(kLionHawk, {{"7l", "K"}, {"6a", "k"}, {"1l", "G"}, {"12a", "g"}}));
    const std::vector<std::string> cycle = {"1l1k", "12a12b", "1k1l", "12b12a"};
    for (int i = 0; i < 3; ++i)
      for (const std::string& m : cycle) {
        ASSERT_TRUE(ends(game, Result::Ongoing, EndReason::None)) << m;
        game.play(parse_usi(game.position(), m));
      }
    EXPECT_TRUE(ends(game, Result::Draw, EndReason::Repetition));
  }
  // Black's Rook checks on every move (7e-6e against the King on 6a, 6e-7e against 7a): on
  // the fourth occurrence Black, the perpetual checker, loses.
  {
    Game game(position(kLionHawk, {{"7l", "K"}, {"6a", "k"}, {"7e", "R"}}));
    const std::vector<std::string> cycle = {"7e6e", "6a7a", "6e7e", "7a6a"};
    for (int i = 0; i < 3; ++i)
      for (const std::string& m : cycle) {
        ASSERT_TRUE(ends(game, Result::Ongoing, EndReason::None)) << m;
        game.play(parse_usi(game.position(), m));
      }
    EXPECT_TRUE(ends(game, Result::WhiteWins, EndReason::PerpetualAttack));
  }
}

// ---------------------------------------------------------------------------------------------
// Random play, one per edition (fixed seed): every generated move reads back from its USI,
// making and unmaking it restores SFEN and hash, every game ends with a result or at the
// test's ply limit. All legal moves are checked at every tenth position (and the first), the
// move played at every position.

#ifdef KIRIN_SEIREIGI_SLOW_BUILD
constexpr int kGames = 20;
constexpr int kMaxPlies = 100;
#else
constexpr int kGames = 100;
constexpr int kMaxPlies = 200;
#endif

// Checks one move at `pos` (SFEN `sfen`); false after a failure.
bool round_trips(const Position& pos, const std::string& sfen, const Move& m) {
  const std::string text = to_usi(pos, m);
  try {
    EXPECT_EQ(parse_usi(pos, text), m) << text << " in " << sfen;
  } catch (const NotationError& e) {
    ADD_FAILURE() << "'" << text << "' does not read back: " << e.what() << " in " << sfen;
  }
  Position work = pos;
  Undo u;
  work.do_move(m, u);
  const std::string next = to_sfen(work);
  EXPECT_EQ(parse_sfen(pos.variant_ptr(), next).hash(), work.hash())
      << "after " << text << " in " << sfen;
  work.undo_move(m, u);
  EXPECT_EQ(to_sfen(work), sfen) << "after undoing " << text;
  EXPECT_EQ(work.hash(), pos.hash()) << "after undoing " << text << " in " << sfen;
  return !::testing::Test::HasFailure();
}

class SeireigiRandomPlay : public ::testing::TestWithParam<std::string> {};

// Random games (drops, stings, promotions) whose every move reads back and is undone exactly.
// They rarely end: the rules that end a game have tests of their own above.
TEST_P(SeireigiRandomPlay, MovesRoundTripAndUndo) {
  auto v = game_of(GetParam());
  std::mt19937 rng(test::random_seed(20240611));
  int decided = 0, drops = 0, two_steps = 0, promotions = 0;
  for (int g = 0; g < test::random_games(kGames); ++g) {
    Game game(parse_sfen(v, v->setup));
    while (!game.outcome().over() && game.plies() < kMaxPlies) {
      const Position& pos = game.position();
      const std::string sfen = to_sfen(pos);
      MoveList list;
      generate_moves(pos, list);
      ASSERT_FALSE(list.overflow) << sfen;
      ASSERT_GT(list.size, 0) << "no moves but the game is not over: " << sfen;
      const Move m = list[int(rng() % unsigned(list.size))];
      if (test::check_every_move_at(game.plies())) {
        for (const Move& x : list)
          if (!round_trips(pos, sfen, x)) return;
      } else if (!round_trips(pos, sfen, m)) {
        return;
      }
      drops += m.is_drop();
      two_steps += m.is_two_step();
      promotions += m.promotes();
      game.play(m);
    }
    decided += game.outcome().over();
  }
  RecordProperty("decided", decided);
  EXPECT_GT(drops, 0);
  EXPECT_GT(promotions, 0);
  if (GetParam() != kLionHawk) {
    EXPECT_GT(two_steps, 0);  // stings
  }
}

std::string edition_name(const ::testing::TestParamInfo<std::string>& p) {
  std::string name;
  for (char c : p.param)
    if (std::isalnum(static_cast<unsigned char>(c))) name += c;
  return name;
}

INSTANTIATE_TEST_SUITE_P(Editions, SeireigiRandomPlay,
                         ::testing::Values(kLionHawk, kSting, kTen), edition_name);

// ---------------------------------------------------------------------------------------------
// Engine defects found while adding these games, now fixed; each test states what was wrong.

// position.cpp: attacked()/piece_attacks() read only leaps, capturing first legs and slides;
// a capture made by a two-step through an empty square (MoveTable::quiet_paths) is not seen.
// The 10x10 Lion captures two squares away only that way. Position: White King 6d, Black
// Lion 6f (10x10), White to move. Expected: White is in check and its King may only go to
// 7c, 6c or 5c. Was: not in check; the King may also step to 7d and 5d, both attacked.
TEST(SeireigiEngineDefects, TenLionAttacksTwoSquaresAwayThroughAnEmptySquare) {
  Position pos = position(kTen, {{"6d", "k"}, {"6f", "I"}, {"1j", "K"}}, 'w');
  EXPECT_TRUE(pos.in_check(kWhite));
  EXPECT_EQ(moves_from(pos, "6d"), expect_moves("6d", "7c 6c 5c"));
}

// movegen.cpp keeps one igui per victim (first_igui) before filter_check removes the moves
// that expose the King; with check_every_step the first piece's igui may be illegal while
// another piece's igui of the same victim is legal, and then no igui of that victim is left.
// Position (2023 edition): Black King 7l, Lion 7k pinned by the White Rook on 7a, Horned
// Falcon 6k, White Pawn 6j. Expected: 6k6j6k (the Falcon takes the Pawn and steps back; its
// first step does not expose the King) is legal. Was: rejected ("cannot move through 6j
// to 6k"), because the Lion's illegal 7k6j7k was kept in its place and then filtered out.
TEST(SeireigiEngineDefects, IguiOfAPinnedPieceDoesNotHideAnother) {
  Position pos = position(kSting, {{"7l", "K"}, {"7k", "I"}, {"6k", "+H"}, {"7a", "r"},
                                   {"6j", "p"}, {"12a", "k"}});
  EXPECT_TRUE(legal(pos, "6k6j6k"));
}

// movegen.h: kMaxMoves = 2048 is too small for 12x12 drop games. Position: the two Kings alone
// (1l, 12a), Black holds one piece of each of the 20 kinds of the 2023 edition. Expected:
// 2761 drops + 3 King moves = 2764 moves. Actual: the list overflows at 2048 (generate_moves
// sets `overflow`; `kirin moves` prints 2048 moves without a word).
TEST(SeireigiEngineDefects, AFullHandFitsTheMoveList) {
  Position pos = position(kSting, with_kings(kSting, {}), 'b', "IQDHRBXOEWMTGSCYNALP");
  MoveList list;
  generate_moves(pos, list);
  EXPECT_FALSE(list.overflow);
  EXPECT_EQ(list.size, 15 * 142 + 3 * 131 + 2 * 119 + 3);
}

}  // namespace
}  // namespace kirin
