// Dai Shogi rules of docs/spec/dai_shogi.md: the setup, the eight Dai-only pieces and their
// promotion to Gold, the Chu pieces unchanged, the `lion_rules` macro and the `drops` option.
//
// Every expected move list was worked out by hand from the rules text, not copied from the
// program's output. Squares are USI names on the 15x15 board: file 1..15 counted from Black's
// right, rank a..o from the top; Black moves up, towards rank a. Black's zone is ranks a-e,
// White's ranks k-o. SFEN letters: docs/rules/dai.md (a Dai piece is its HaChu letter primed).
#include <gtest/gtest.h>

#include "test_positions.h"
#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "rules/position.h"

namespace kirin {
namespace {

constexpr int kSize = 15;

std::shared_ptr<Variant> dai() { return builtin_variant("dai"); }

std::shared_ptr<Variant> dai_with(const std::string& option, const std::string& value) {
  auto v = dai();
  v->set_option(option, value);
  return v;
}

using test::Put;
using test::words;
using test::sorted;
using test::legal;
using test::after;
using test::all_moves;
using test::expect_moves;
using test::moves_from;

// A shogi-style SFEN of a 15x15 board: board, side, hands, move 1.
std::string dai_sfen(const std::vector<Put>& pieces, char side = 'b',
                     const std::string& hands = "-") {
  return test::board_sfen(kSize, pieces, side, hands);
}

// The two kings in opposite corners (Black 1o, White 15a).
std::vector<Put> with_kings(std::vector<Put> pieces) {
  pieces.push_back({"1o", "K"});
  pieces.push_back({"15a", "k"});
  return pieces;
}

Position position(const std::string& sfen, std::shared_ptr<Variant> v = dai()) {
  return parse_sfen(std::move(v), sfen);
}

// ---------------------------------------------------------------------------------------------
// §1-§2: board, zone, setup

TEST(DaiSetup, BoardZoneAndOptions) {
  auto v = dai();
  EXPECT_EQ(v->files, 15);
  EXPECT_EQ(v->ranks, 15);
  EXPECT_EQ(v->zone, 5);
  EXPECT_EQ(v->sfen_style, Variant::SfenStyle::Shogi);
  // §4: Chu promotion rule; §5: no Lion-trading rules; §6: royal capture, bare king; no drops.
  EXPECT_EQ(v->option_value("promotion"), "lishogi");
  EXPECT_EQ(v->option_value("lion_protection"), "false");
  EXPECT_EQ(v->option_value("counter_strike"), "false");
  EXPECT_EQ(v->option_value("counter_strike_same_square"), "false");
  EXPECT_EQ(v->option_value("lion_rules"), "false");
  EXPECT_EQ(v->option_value("check_rule"), "false");
  EXPECT_EQ(v->option_value("bare_king"), "true");
  EXPECT_EQ(v->option_value("drops"), "false");
  EXPECT_EQ(v->option_value("perpetual"), "attack");
  EXPECT_EQ(v->option_value("perpetual_attacker_loses"), "true");
}

// The §2 table, square by square, for Black; White is its 180° rotation.
TEST(DaiSetup, MatchesTheSetupTable) {
  auto v = dai();
  Position pos = position(v->setup, v);
  // Black's ranks from file 15 to file 1; '.' empty.
  const std::map<char, std::vector<std::string>> black = {
      {'o', {"L", "N'", "U'", "I'", "C", "S", "G", "K", "G", "S", "C", "I'", "U'", "N'", "L"}},
      {'n', {"A", ".", "C'", ".", "F", ".", "T", "E", "T", ".", "F", ".", "C'", ".", "A"}},
      {'m', {".", "X'", ".", "A'", ".", "W'", "O", "N", "X", "W'", ".", "A'", ".", "X'", "."}},
      {'l', {"R", "F'", "M", "V", "B", "H", "D", "Q", "D", "H", "B", "V", "M", "F'", "R"}},
      {'k', std::vector<std::string>(15, "P")},
      {'j', {".", ".", ".", ".", "I", ".", ".", ".", ".", ".", "I", ".", ".", ".", "."}},
  };
  auto token_at = [&](int file, char rank) {
    Piece p = pos.at(parse_square(*v, std::to_string(file) + rank));
    if (!is_piece(p)) return std::string(".");
    std::string t = v->piece(kind_of(p)).sfen;
    char& letter = t[t[0] == '+' ? 1 : 0];
    if (color_of(p) == kBlack) letter = char(std::toupper(static_cast<unsigned char>(letter)));
    return t;
  };
  for (const auto& [rank, row] : black)
    for (int i = 0; i < 15; ++i) {
      int file = 15 - i;
      EXPECT_EQ(token_at(file, rank), row[i]) << file << rank;
      // Rotation: (file f, rank r) -> (16 - f, 'o' - (r - 'a')), lower case.
      std::string white = row[i];
      white[0] = char(std::tolower(static_cast<unsigned char>(white[0])));
      EXPECT_EQ(token_at(16 - file, char('o' - (rank - 'a'))), white) << file << rank;
    }
  EXPECT_EQ(pos.count(kBlack), 65);
  EXPECT_EQ(pos.count(kWhite), 65);
  // The squares §2 names: White King 8a, Drunk Elephant 8b, Lion 8c, Kirin 7c, Phoenix 9c,
  // Queen 8d, Go-Betweens 5f and 11f.
  EXPECT_EQ(token_at(8, 'a'), "k");
  EXPECT_EQ(token_at(8, 'b'), "e");
  EXPECT_EQ(token_at(8, 'c'), "n");
  EXPECT_EQ(token_at(7, 'c'), "o");
  EXPECT_EQ(token_at(9, 'c'), "x");
  EXPECT_EQ(token_at(8, 'd'), "q");
  EXPECT_EQ(token_at(5, 'f'), "i");
  EXPECT_EQ(token_at(11, 'f'), "i");
}

TEST(DaiSetup, IsHaChusBoardInKirinsLetters) {
  // dai_shogi.md §2 quotes HaChu's board; HaChu writes Lion "l!", Go-Between "p'", and the Dai
  // pieces a' c' f' x' (primed) and i n u w (plain). Kirin keeps the Chu letters (Lion n,
  // Go-Between i) and primes the HaChu letter of every Dai piece (docs/rules/dai.md).
  const std::string hachu =
      "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/"
      "4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/"
      "A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL";
  std::string kirin;
  for (size_t i = 0; i < hachu.size(); ++i) {
    char c = hachu[i];
    char lower = char(std::tolower(static_cast<unsigned char>(c)));
    char next = i + 1 < hachu.size() ? hachu[i + 1] : ' ';
    auto same_case = [&](char to) {
      return std::isupper(static_cast<unsigned char>(c))
                 ? char(std::toupper(static_cast<unsigned char>(to)))
                 : to;
    };
    if (lower == 'l' && next == '!') {  // Lion
      kirin += same_case('n');
      ++i;
    } else if (lower == 'p' && next == '\'') {  // Go-Between
      kirin += same_case('i');
      ++i;
    } else if (next != '\'' && (lower == 'i' || lower == 'n' || lower == 'u' || lower == 'w')) {
      kirin += c;  // Iron General, Knight, Stone General, Evil Wolf: primed in Kirin
      kirin += '\'';
    } else {
      kirin += c;
    }
  }
  EXPECT_EQ(kirin + " b - 1", dai()->setup);
}

TEST(DaiSetup, SfenRoundTrip) {
  auto v = dai();
  EXPECT_EQ(to_sfen(position(v->setup, v)), v->setup);
  std::string sfen = dai_sfen(with_kings({{"8h", "+N'"}, {"3c", "u'"}, {"12l", "+c'"}}), 'w');
  EXPECT_EQ(to_sfen(position(sfen)), sfen);
}

TEST(DaiSetup, ChuPiecesExactlyAsInChu) {
  // §3: every Chu piece moves and promotes exactly as in Chu Shogi.
  auto chu = builtin_variant("chu");
  auto v = dai();
  for (int k = 1; k <= chu->num_kinds(); ++k) {
    const PieceType& c = chu->piece(Kind(k));
    auto kind = v->kind_by_id(c.id);
    ASSERT_TRUE(kind) << c.id;
    const PieceType& d = v->piece(*kind);
    EXPECT_EQ(d.name, c.name) << c.id;
    EXPECT_EQ(d.sfen, c.sfen) << c.id;
    EXPECT_EQ(d.betza, c.betza) << c.id;
    EXPECT_EQ(d.royal, c.royal) << c.id;
    EXPECT_EQ(d.lion, c.lion) << c.id;
    EXPECT_EQ(d.minor, c.minor) << c.id;
    EXPECT_EQ(d.last_rank_promotion, c.last_rank_promotion) << c.id;
    EXPECT_EQ(d.promotes_to ? v->piece(d.promotes_to).id : "",
              c.promotes_to ? chu->piece(c.promotes_to).id : "")
        << c.id;
  }
  // 39 Chu kinds + 8 Dai pieces + their 8 promoted Golds.
  EXPECT_EQ(v->num_kinds(), 39 + 8 + 8);
}

TEST(DaiSetup, StartPositionHas71Moves) {
  // Counted by hand from the §2 table: 13 Pawns, 2 Go-Betweens, rank l 14, rank m 18, rank n 6,
  // rank o 18. HaChu agrees (tests/data/perft-other.tsv).
  auto v = dai();
  EXPECT_EQ(all_moves(position(v->setup, v)).size(), 71u);
}

// ---------------------------------------------------------------------------------------------
// §3: each Dai piece alone on the empty board (the kings in the corners), and its Gold.

struct DaiPieceCase {
  std::string piece;   // SFEN token; its case gives the side
  std::string square;  // where it stands
  std::string dests;   // destinations of the plain moves
  std::string promos;  // destinations that may also be reached with promotion
};

void PrintTo(const DaiPieceCase& c, std::ostream* os) { *os << c.piece << " on " << c.square; }

const std::string kGold8h = "9g 8g 7g 9h 7h 8i";  // WfF from 8h
const std::string kGold8f = "9e 8e 7e 9f 7f 8g";  // WfF from 8f

std::vector<DaiPieceCase> black_cases() {
  return {
      // In the middle (8h): no move reaches the zone.
      {"A'", "8h", "8g 8i 9h 7h", ""},                // Angry Boar W
      {"C'", "8h", "9g 7g 9i 7i", ""},                // Cat Sword F
      {"W'", "8h", "8g 9g 7g 9h 7h", ""},             // Evil Wolf fFfWsW
      {"F'", "8h", "9g 10f 7g 6f 9i 10j 7i 6j", ""},  // Flying Dragon F2
      {"X'", "8h", "8g 8f 8i 8j 9h 10h 7h 6h", ""},   // Violent Ox W2
      {"I'", "8h", "9g 8g 7g", ""},                   // Iron General fFfW
      {"U'", "8h", "9g 7g", ""},                      // Stone General fF
      {"N'", "8h", "9f 7f", ""},                      // Knight fN
      // On 8f, just outside the zone: a move onto rank e or beyond enters it (§4).
      {"A'", "8f", "8e 8g 9f 7f", "8e"},
      {"C'", "8f", "9e 7e 9g 7g", "9e 7e"},
      {"W'", "8f", "8e 9e 7e 9f 7f", "8e 9e 7e"},
      {"F'", "8f", "9e 10d 7e 6d 9g 10h 7g 6h", "9e 10d 7e 6d"},
      {"X'", "8f", "8e 8d 8g 8h 9f 10f 7f 6f", "8e 8d"},
      {"I'", "8f", "9e 8e 7e", "9e 8e 7e"},
      {"U'", "8f", "9e 7e", "9e 7e"},
      {"N'", "8f", "9d 7d", "9d 7d"},
      // Promoted: each a Gold (WfF) that promotes no further, also when entering the zone.
      {"+A'", "8h", kGold8h, ""},
      {"+C'", "8h", kGold8h, ""},
      {"+W'", "8h", kGold8h, ""},
      {"+F'", "8h", kGold8h, ""},
      {"+X'", "8h", kGold8h, ""},
      {"+I'", "8h", kGold8h, ""},
      {"+U'", "8h", kGold8h, ""},
      {"+N'", "8h", kGold8h, ""},
      {"+A'", "8f", kGold8f, ""},
      {"+C'", "8f", kGold8f, ""},
      {"+W'", "8f", kGold8f, ""},
      {"+F'", "8f", kGold8f, ""},
      {"+X'", "8f", kGold8f, ""},
      {"+I'", "8f", kGold8f, ""},
      {"+U'", "8f", kGold8f, ""},
      {"+N'", "8f", kGold8f, ""},
  };
}

// White = Black rotated by 180°: file f -> 16-f, rank r -> 'o'-(r-'a').
std::string rotate_square(const std::string& s) {
  return std::to_string(16 - std::stoi(s)) + char('o' - (s.back() - 'a'));
}

std::string rotate_list(const std::string& list) {
  std::string out;
  for (const std::string& w : words(list)) out += rotate_square(w) + " ";
  return out;
}

std::vector<DaiPieceCase> white_cases() {
  std::vector<DaiPieceCase> out;
  for (const DaiPieceCase& c : black_cases()) {
    std::string token = c.piece;
    for (char& ch : token) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    out.push_back({token, rotate_square(c.square), rotate_list(c.dests), rotate_list(c.promos)});
  }
  return out;
}

char side_of(const std::string& token) {
  char letter = token[token[0] == '+' ? 1 : 0];
  return std::islower(static_cast<unsigned char>(letter)) ? 'w' : 'b';
}

class DaiPieceAlone : public ::testing::TestWithParam<DaiPieceCase> {};

TEST_P(DaiPieceAlone, ExactDestinations) {
  const DaiPieceCase& c = GetParam();
  Position pos = position(dai_sfen(with_kings({{c.square, c.piece}}), side_of(c.piece)));
  std::string want = c.dests;
  for (const std::string& d : words(c.promos)) want += " " + d + "+";
  EXPECT_EQ(moves_from(pos, c.square), expect_moves(c.square, want));
}

std::string case_name(const ::testing::TestParamInfo<DaiPieceCase>& info) {
  std::string name = side_of(info.param.piece) == 'b' ? "Black_" : "White_";
  for (char ch : info.param.piece) {
    if (ch == '+')
      name += "Promoted";
    else if (ch != '\'')
      name += char(std::toupper(static_cast<unsigned char>(ch)));
  }
  return name + "_" + info.param.square;
}

INSTANTIATE_TEST_SUITE_P(Black, DaiPieceAlone, ::testing::ValuesIn(black_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(White, DaiPieceAlone, ::testing::ValuesIn(white_cases()), case_name);

TEST(DaiPieces, NamesAndPromotions) {
  auto v = dai();
  const std::map<std::string, std::string> names = {
      {"a'", "Angry Boar"},    {"c'", "Cat Sword"},  {"w'", "Evil Wolf"},
      {"f'", "Flying Dragon"}, {"x'", "Violent Ox"}, {"i'", "Iron General"},
      {"u'", "Stone General"}, {"n'", "Knight"}};
  for (const auto& [token, name] : names) {
    auto k = v->kind_by_sfen(token);
    ASSERT_TRUE(k) << token;
    EXPECT_EQ(v->piece(*k).name, name);
    ASSERT_TRUE(v->piece(*k).promotes_to) << token;
    const PieceType& gold = v->piece(v->piece(*k).promotes_to);
    EXPECT_EQ(gold.sfen, "+" + token);
    EXPECT_EQ(gold.betza, "WfF");  // all promote to Gold
    EXPECT_FALSE(gold.promotes_to);
  }
}

TEST(DaiPieces, FlyingDragonIsBlockedOnTheFirstSquare) {
  // F2 does not jump: an own piece on 9g hides 10f; an enemy on 7g is taken and hides 6f;
  // past the empty 9i the enemy on 10j is taken; past the empty 7i the own piece on 6j is not.
  Position pos = position(
      dai_sfen(with_kings({{"8h", "F'"}, {"9g", "P"}, {"7g", "p"}, {"10j", "p"}, {"6j", "G"}})));
  EXPECT_EQ(moves_from(pos, "8h"), expect_moves("8h", "7g 9i 10j 7i"));
}

TEST(DaiPieces, ViolentOxIsBlockedOnTheFirstSquare) {
  // W2: the own piece on 8g blocks forward; the enemy on 9h is taken and hides 10h; the enemy
  // on 6h is taken past the empty 7h; the own piece on 8j leaves 8i.
  Position pos = position(
      dai_sfen(with_kings({{"8h", "X'"}, {"8g", "G"}, {"9h", "p"}, {"6h", "p"}, {"8j", "G"}})));
  EXPECT_EQ(moves_from(pos, "8h"), expect_moves("8h", "9h 7h 6h 8i"));
}

TEST(DaiPieces, KnightJumps) {
  Position pos = position(dai_sfen(
      with_kings({{"8h", "N'"}, {"9g", "p"}, {"8g", "P"}, {"7g", "p"}, {"8f", "P"}, {"7f", "p"}})));
  EXPECT_EQ(moves_from(pos, "8h"), expect_moves("8h", "9f 7f"));
}

TEST(DaiPromotion, ChuRuleWithTheFiveRankZone) {
  // §4 (chu_shogi.md §5.1): a quiet move within or out of the zone may not promote; a capture
  // with start or end in it may.
  EXPECT_EQ(moves_from(position(dai_sfen(with_kings({{"8d", "A'"}}))), "8d"),
            expect_moves("8d", "8c 8e 9d 7d"));
  EXPECT_EQ(moves_from(position(dai_sfen(with_kings({{"8e", "C'"}, {"9f", "p"}}))), "8e"),
            expect_moves("8e", "9d 7d 9f 9f+ 7f"));
  EXPECT_EQ(moves_from(position(dai_sfen(with_kings({{"8d", "X'"}, {"8c", "p"}}))), "8d"),
            expect_moves("8d", "8c 8c+ 8e 8f 9d 10d 7d 6d"));
  // A Knight that declined in the zone may walk onto a dead square: only Pawn and Lance get
  // the last-rank chance (dai_shogi.md §4, as in Chu).
  EXPECT_EQ(moves_from(position(dai_sfen(with_kings({{"8c", "N'"}}))), "8c"),
            expect_moves("8c", "9a 7a"));
  EXPECT_TRUE(moves_from(position(dai_sfen(with_kings({{"8b", "N'"}}))), "8b").empty());
  EXPECT_EQ(moves_from(position(dai_sfen(with_kings({{"8b", "P"}}))), "8b"),
            expect_moves("8b", "8a 8a+"));
  // White's zone is ranks k-o.
  EXPECT_EQ(moves_from(position(dai_sfen(with_kings({{"8j", "n'"}}), 'w')), "8j"),
            expect_moves("8j", "9l 9l+ 7l 7l+"));
}

// ---------------------------------------------------------------------------------------------
// §5: the lion_rules macro switches the Chu Lion-trading rules on.

TEST(DaiLionRules, MacroSetsTheThreeChuOptions) {
  auto v = dai();
  v->set_option("lion_rules", "true");
  EXPECT_EQ(v->option_value("lion_protection"), "true");
  EXPECT_EQ(v->option_value("counter_strike"), "true");
  EXPECT_EQ(v->option_value("counter_strike_same_square"), "true");
  EXPECT_EQ(v->option_value("bridge_lifts_counter_strike"), "false");  // untouched, as in Chu
  EXPECT_EQ(v->option_value("lion_rules"), "true");
  // Its value is read back from the options: one changed by hand makes it "custom".
  v->set_option("counter_strike", "false");
  EXPECT_EQ(v->option_value("lion_rules"), "custom");
  v->set_option("lion_rules", "off");  // any boolean spelling
  EXPECT_EQ(v->option_value("lion_protection"), "false");
  EXPECT_EQ(v->option_value("counter_strike"), "false");
  EXPECT_EQ(v->option_value("counter_strike_same_square"), "false");
  EXPECT_EQ(v->option_value("lion_rules"), "false");
  EXPECT_THROW(v->set_option("lion_rules", "maybe"), VariantError);
  // Listed with the options, with its description and what it sets.
  auto info = std::find_if(v->option_infos.begin(), v->option_infos.end(),
                           [](const OptionInfo& o) { return o.name == "lion_rules"; });
  ASSERT_NE(info, v->option_infos.end());
  EXPECT_EQ(info->type, "bool");
  EXPECT_EQ(info->default_value, "false");
  EXPECT_NE(info->description.find("pbmserv -lion"), std::string::npos);
  EXPECT_NE(info->description.find("lion_protection=true"), std::string::npos);
}

TEST(DaiLionRules, ProtectedLionTwoAway) {
  // White Lion 8f protected by the White Pawn on 8e (it steps down onto 8f); Black Lion 8h.
  std::string sfen = dai_sfen(with_kings({{"8h", "N"}, {"8f", "n"}, {"8e", "p"}}));
  EXPECT_TRUE(legal(position(sfen), "8h8f"));                                   // no rule
  EXPECT_FALSE(legal(position(sfen, dai_with("lion_rules", "true")), "8h8f"));  // §6.2
  // Unprotected: capturable with the rules too; adjacent: always.
  std::string bare = dai_sfen(with_kings({{"8h", "N"}, {"8f", "n"}}));
  EXPECT_TRUE(legal(position(bare, dai_with("lion_rules", "true")), "8h8f"));
  std::string adjacent = dai_sfen(with_kings({{"8h", "N"}, {"8g", "n"}, {"8f", "p"}}));
  EXPECT_TRUE(legal(position(adjacent, dai_with("lion_rules", "true")), "8h8g"));
}

TEST(DaiLionRules, CounterStrike) {
  // Black's Gold takes White's Lion on 4g; White's Rook on 8a then may not take Black's Lion
  // on 8l with the rule (§6.3), and may without it.
  std::string sfen = dai_sfen(with_kings({{"4h", "G"}, {"4g", "n"}, {"8l", "N"}, {"8a", "r"}}));
  EXPECT_TRUE(legal(position(after(position(sfen), "4h4g")), "8a8l"));
  Position armed = position(sfen, dai_with("lion_rules", "true"));
  Move take = parse_usi(armed, "4h4g");
  Undo u;
  armed.do_move(take, u);
  EXPECT_NE(armed.counter_strike(), kNoSquare);
  EXPECT_FALSE(legal(armed, "8a8l"));
  EXPECT_TRUE(legal(armed, "8a8k"));  // other moves of the Rook stay legal
}

TEST(DaiLionRules, SfenCarriesTheCounterStrikeSquare) {
  // With the rule, the shogi-style SFEN has a fourth field before the move number: '-' or the
  // square of the Lion taken by a non-Lion (docs/rules/dai.md).
  auto v = dai_with("lion_rules", "true");
  std::string sfen = dai_sfen(with_kings({{"4h", "G"}, {"4g", "n"}, {"8l", "N"}, {"8a", "r"}}));
  Position start = position(sfen, v);
  EXPECT_EQ(words(to_sfen(start)).size(), 5u);
  EXPECT_EQ(words(to_sfen(start)).at(3), "-");
  std::string armed = after(start, "4h4g");
  EXPECT_EQ(words(armed).at(3), "4g");
  Position read = position(armed, dai_with("lion_rules", "true"));
  EXPECT_EQ(to_sfen(read), armed);
  EXPECT_FALSE(legal(read, "8a8l"));  // the restriction came through the SFEN
  // The four-field form still reads (no square), and a bad square is named.
  EXPECT_EQ(position(sfen, v).counter_strike(), kNoSquare);
  try {
    position(words(armed).at(0) + " w - 16a 2", v);
    FAIL() << "accepted a square off the board";
  } catch (const NotationError& e) {
    EXPECT_NE(std::string(e.what()).find("lion square"), std::string::npos) << e.what();
  }
  // Without the rule there is no such field.
  EXPECT_THROW(position(words(armed).at(0) + " w - 4g 2"), NotationError);
}

TEST(DaiLionRules, MacroAlsoDefersPromotionAsPbmservDoes) {
  // pbmserv's -lion also brings Chu's promotion deferral (docs/rules/dai.md). Dai promotes by
  // Chu's rule, under which a quiet move inside the zone cannot promote anyway; what the
  // deferral adds is that a Pawn which declined on entering may not promote by a capture.
  auto v = dai_with("lion_rules", "true");
  EXPECT_EQ(v->option_value("promotion_deferral"), "true");
  Position pos = position(dai_sfen(with_kings({{"8f", "P"}})), v);
  EXPECT_EQ(words(after(pos, "8f8e")).at(0), words(dai_sfen(with_kings({{"8e", "P~="}}))).at(0));
  Position pawn = position(dai_sfen(with_kings({{"8e", "P~"}, {"8d", "p"}})), v);
  EXPECT_TRUE(legal(pawn, "8e8d"));
  EXPECT_FALSE(legal(pawn, "8e8d+"));
  Position chu_rule = position(dai_sfen(with_kings({{"8e", "P"}, {"8d", "p"}})));
  EXPECT_TRUE(legal(chu_rule, "8e8d+"));
}

// ---------------------------------------------------------------------------------------------
// §1: drops (pbmserv -drops)

TEST(DaiDrops, CapturedPiecesGoToHandDemoted) {
  auto v = dai_with("drops", "true");
  // Black's Gold takes a promoted Flying Dragon (+f'): Black gets a Flying Dragon in hand.
  Position pos = position(dai_sfen(with_kings({{"8h", "G"}, {"8g", "+f'"}})), v);
  EXPECT_EQ(words(after(pos, "8h8g")).at(2), "F'");
  // White's Pawn takes a promoted Knight (+N'): White gets a Knight, in lower case.
  Position w = position(dai_sfen(with_kings({{"8h", "+N'"}, {"8g", "p"}}), 'w'), v);
  EXPECT_EQ(words(after(w, "8g8h")).at(2), "n'");
  // Several kinds, in the game's piece order (Chu pieces first, then the Dai ones).
  Position hands = position(dai_sfen(with_kings({}), 'b', "2PN'I'c'"), v);
  EXPECT_EQ(words(to_sfen(hands)).at(2), "2PI'N'c'");
}

TEST(DaiDrops, DropsAreLegalWhereThePieceCanMoveAgain) {
  auto v = dai_with("drops", "true");
  // 225 squares, two kings: 223 empty. Dead squares: rank a for Stone and Iron General and
  // Pawn (14 empty there), ranks a-b for the Knight (29 empty); none for the rest.
  auto drops = [&](const std::string& token) {
    Position pos = position(dai_sfen(with_kings({}), 'b', token), v);
    int n = 0;
    for (const std::string& m : all_moves(pos)) n += m.find('*') != std::string::npos;
    return n;
  };
  EXPECT_EQ(drops("F'"), 223);
  EXPECT_EQ(drops("X'"), 223);
  EXPECT_EQ(drops("W'"), 223);
  EXPECT_EQ(drops("A'"), 223);
  EXPECT_EQ(drops("C'"), 223);
  EXPECT_EQ(drops("U'"), 209);
  EXPECT_EQ(drops("I'"), 209);
  EXPECT_EQ(drops("P"), 209);
  EXPECT_EQ(drops("N'"), 194);
  Position pos = position(dai_sfen(with_kings({}), 'b', "N'"), v);
  EXPECT_TRUE(legal(pos, "N'*8c"));
  EXPECT_FALSE(legal(pos, "N'*8b"));
  EXPECT_FALSE(legal(pos, "N'*15a"));  // occupied
  // The Knight leaves the hand: White to move, no hands, move 2.
  std::string then = dai_sfen(with_kings({{"8c", "N'"}}), 'w');
  EXPECT_EQ(after(pos, "N'*8c"), then.substr(0, then.size() - 1) + "2");
}

TEST(DaiDrops, NoHandsWithoutTheOption) {
  EXPECT_THROW(position(dai_sfen(with_kings({}), 'b', "N'")), NotationError);
}

// ---------------------------------------------------------------------------------------------
// The macro format itself (docs/VARIANTS.md), on a small game.

const char* kMacroGame = R"(
[game]
id = "macro-test"
name = "Macro test"
files = 3
ranks = 3
zone = 1
setup = "k2/3/2K b - 1"
[options]
lion_protection = false
counter_strike = true
promotion = "lishogi"
[macros.style]
description = "a choice"
strict = { lion_protection = true, counter_strike = true, promotion = "shogi" }
loose = { lion_protection = false, counter_strike = false }
[profiles.p]
style = "strict"
counter_strike = false
[[piece]]
id = "king"
name = "King"
abbrev = "K"
sfen = "k"
betza = "K"
royal = true
)";

std::string replace(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(OptionMacros, ChoiceValuesProfilesAndErrors) {
  auto v = load_variant_toml(kMacroGame, "macro.toml");
  EXPECT_EQ(v->option_value("style"), "custom");  // the defaults match neither value
  v->set_option("style", "strict");
  EXPECT_EQ(v->option_value("promotion"), "shogi");
  EXPECT_EQ(v->option_value("style"), "strict");
  v->set_option("style", "loose");
  EXPECT_EQ(v->option_value("promotion"), "shogi");  // not in "loose": unchanged
  EXPECT_EQ(v->option_value("style"), "loose");
  EXPECT_THROW(v->set_option("style", "true"), VariantError);
  auto info = std::find_if(v->option_infos.begin(), v->option_infos.end(),
                           [](const OptionInfo& o) { return o.name == "style"; });
  ASSERT_NE(info, v->option_infos.end());
  EXPECT_EQ(info->type, "choice");
  EXPECT_EQ(info->choices, (std::vector<std::string>{"loose", "strict"}));
  // A profile applies its macros first, then its options: counter_strike=false wins.
  v->apply_profile("p");
  EXPECT_EQ(v->option_value("lion_protection"), "true");
  EXPECT_EQ(v->option_value("counter_strike"), "false");
  EXPECT_EQ(v->option_value("promotion"), "shogi");

  auto fails = [](const std::string& text, const std::string& needle) {
    try {
      load_variant_toml(text, "macro.toml");
      ADD_FAILURE() << "loaded; expected an error with '" << needle << "'";
    } catch (const VariantError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  // A setting must name one of the game's declared options, with a valid value.
  fails(replace(kMacroGame, "counter_strike = false }", "drops = false }"), "drops");
  fails(replace(kMacroGame, "promotion = \"shogi\" }", "promotion = \"chess\" }"), "chess");
  // A macro may not take an option's name, and its values are tables.
  fails(replace(kMacroGame, "[macros.style]", "[macros.counter_strike]"), "counter_strike");
  fails(replace(kMacroGame, "loose = { lion_protection = false, counter_strike = false }",
                "loose = 3"),
        "loose");
}

}  // namespace
}  // namespace kirin
