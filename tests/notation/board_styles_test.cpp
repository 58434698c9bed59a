// pbmserv's three board styles (seed 003: standard "|\ N/|/+P\|", alternate "| wN |+bP |",
// small "|wN bG bP+|"), flipped or not, with hands and the side to move; wider cells for the
// two-letter codes of Chu and Dai.
#include "notation/board_styles.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

Position at(std::string_view game, std::string_view sfen = {}) {
  std::shared_ptr<const Variant> v = builtin_variant(game);
  return parse_sfen(v, sfen.empty() ? v->setup : sfen);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A White Knight, a Black Gold and a Black Tokin side by side on rank e: the seed's samples.
const char* kSample = "4k4/9/9/9/3nG+P3/9/9/9/4K4 b Pr 1";

TEST(BoardStyle, Names) {
  EXPECT_EQ(parse_board_style("standard"), BoardStyle::Standard);
  EXPECT_EQ(parse_board_style("alternate"), BoardStyle::Alternate);
  EXPECT_EQ(parse_board_style("small"), BoardStyle::Small);
  EXPECT_EQ(parse_board_style("large"), std::nullopt);
  EXPECT_STREQ(board_style_name(BoardStyle::Alternate), "alternate");
}

TEST(BoardStyle, SeedSamples) {
  Position pos = at("shogi", kSample);
  EXPECT_TRUE(contains(board_text_pbm(pos, BoardStyle::Standard, false), "|\\ N/|/ G\\|/+P\\|"));
  EXPECT_TRUE(contains(board_text_pbm(pos, BoardStyle::Alternate, false), "| wN | bG |+bP |"));
  EXPECT_TRUE(contains(board_text_pbm(pos, BoardStyle::Small, false), "wN bG bP+"));
}

TEST(BoardStyle, StandardShogi) {
  EXPECT_EQ(board_text_pbm(at("shogi", kSample), BoardStyle::Standard, false),
            "White in hand: R\n"
            "   9    8    7    6    5    4    3    2    1\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |    |\\ K/|    |    |    |    | a\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |    |    |    |    |    |    | b\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |    |    |    |    |    |    | c\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |    |    |    |    |    |    | d\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |\\ N/|/ G\\|/+P\\|    |    |    | e\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |    |    |    |    |    |    | f\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |    |    |    |    |    |    | g\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |    |    |    |    |    |    | h\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "|    |    |    |    |/ K\\|    |    |    |    | i\n"
            "+----+----+----+----+----+----+----+----+----+\n"
            "   9    8    7    6    5    4    3    2    1\n"
            "Black in hand: P\n"
            "Black to move\n");
}

TEST(BoardStyle, SmallShogiFlipped) {
  EXPECT_EQ(board_text_pbm(at("shogi", kSample), BoardStyle::Small, true),
            "Black in hand: P\n"
            "  1  2  3  4  5  6  7  8  9\n"
            "+---------------------------+\n"
            "| .  .  .  . bK  .  .  .  . | i\n"
            "| .  .  .  .  .  .  .  .  . | h\n"
            "| .  .  .  .  .  .  .  .  . | g\n"
            "| .  .  .  .  .  .  .  .  . | f\n"
            "| .  .  . bP+bG wN  .  .  . | e\n"
            "| .  .  .  .  .  .  .  .  . | d\n"
            "| .  .  .  .  .  .  .  .  . | c\n"
            "| .  .  .  .  .  .  .  .  . | b\n"
            "| .  .  .  . wK  .  .  .  . | a\n"
            "+---------------------------+\n"
            "  1  2  3  4  5  6  7  8  9\n"
            "White in hand: R\n"
            "Black to move\n");
}

TEST(BoardStyle, FlippedStandardPointsTheViewersPiecesUp) {
  // White at the bottom: White's pieces point up, Black's down; file 1 on the left.
  std::string text = board_text_pbm(at("shogi", kSample), BoardStyle::Standard, true);
  std::vector<std::string> l = lines(text);
  EXPECT_EQ(l[0], "Black in hand: P");
  EXPECT_EQ(l[1], "   1    2    3    4    5    6    7    8    9");
  EXPECT_EQ(l[3], "|    |    |    |    |\\ K/|    |    |    |    | i");
  EXPECT_EQ(l[11], "|    |    |    |\\+P/|\\ G/|/ N\\|    |    |    | e");
  EXPECT_EQ(l[19], "|    |    |    |    |/ K\\|    |    |    |    | a");
  EXPECT_EQ(l[22], "White in hand: R");

  std::string alternate = board_text_pbm(at("shogi", kSample), BoardStyle::Alternate, true);
  EXPECT_EQ(lines(alternate)[11], "|    |    |    |+bP | bG | wN |    |    |    | e");
}

TEST(BoardStyle, ChuCellsFitTwoLetterCodes) {
  // White to move; Black's Drunk Elephant on 6l and Dragon Horse on 2l promoted.
  Position pos = at("chu",
                    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
                    "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGK+EGSC+H+P w - 1");
  std::vector<std::string> standard = lines(board_text_pbm(pos, BoardStyle::Standard, false));
  EXPECT_EQ(standard[0], "   12    11    10    9     8     7     6     5     4     3     2     1");
  EXPECT_EQ(standard[1],
            "+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+-----+");
  EXPECT_EQ(standard[6],
            "|\\ SM/|\\ VM/|\\ R /|\\ DH/|\\ DK/|\\ FK/"
            "|\\ Ln/|\\ DK/|\\ DH/|\\ R /|\\ VM/|\\ SM/| c");
  EXPECT_EQ(standard[22],
            "|/ RC\\|     |/ B \\|     |/ BT\\|/ Ky\\|"
            "/ Ph\\|/ BT\\|     |/ B \\|     |/ RC\\| k");
  EXPECT_EQ(standard[24],
            "|/ L \\|/ FL\\|/ C \\|/ S \\|/ G \\|/ K \\|"
            "/+DE\\|/ G \\|/ S \\|/ C \\|/+DH\\|/+P \\| l");
  EXPECT_EQ(standard.back(), "White to move");  // no drops: no hands

  std::vector<std::string> alternate = lines(board_text_pbm(pos, BoardStyle::Alternate, false));
  EXPECT_EQ(alternate[24],
            "| bL  | bFL | bC  | bS  | bG  | bK  |+bDE | bG  | bS  | bC  |+bDH |+bP  | l");
  std::vector<std::string> small = lines(board_text_pbm(pos, BoardStyle::Small, false));
  EXPECT_EQ(small[0], "  12  11  10  9   8   7   6   5   4   3   2   1");
  EXPECT_EQ(small[13], "|bL  bFL bC  bS  bG  bK  bDE+bG  bS  bC  bDH+bP+ | l");
}

TEST(BoardStyle, DaiIsFifteenWideAndFitsAMail) {
  // 15 files of ruled cells would be 93 columns: the rules between the columns are left out.
  std::vector<std::string> l = lines(board_text_pbm(at("dai"), BoardStyle::Standard, false));
  EXPECT_EQ(l[0].substr(0, 9), "   15   1");
  EXPECT_EQ(l[1], "+" + std::string(75, '-') + "+");
  EXPECT_EQ(l[2],
            "|\\ L /\\ N /\\ St/\\ IG/\\ C /\\ S /\\ G /\\ K /"
            "\\ G /\\ S /\\ C /\\ IG/\\ St/\\ N /\\ L /| a");
  EXPECT_EQ(l.size(), 2u + 15u * 2u + 1u + 1u);
  for (BoardStyle style : {BoardStyle::Standard, BoardStyle::Alternate, BoardStyle::Small})
    for (bool flip : {false, true})
      for (const std::string& line : lines(board_text_pbm(at("dai"), style, flip)))
        EXPECT_LE(line.size(), kMailColumns) << board_style_name(style) << "\n" << line;
  std::vector<std::string> alternate =
      lines(board_text_pbm(at("dai"), BoardStyle::Alternate, false));
  EXPECT_EQ(alternate[2].substr(0, 21), "| wL   wN   wSt  wIG ");
}

TEST(BoardStyle, EveryGameFitsAMail) {
  for (const std::string& id : builtin_variant_ids())
    for (BoardStyle style : {BoardStyle::Standard, BoardStyle::Alternate, BoardStyle::Small})
      for (const std::string& line : lines(board_text_pbm(at(id), style, false)))
        EXPECT_LE(line.size(), kMailColumns)
            << id << " " << board_style_name(style) << "\n" << line;
}

TEST(BoardStyle, ChuWithDropsShowsHands) {
  auto v = builtin_variant("chu");
  v->set_option("drops", "true");
  Position pos = parse_sfen(v, "k11/12/12/12/12/12/12/12/12/12/12/11K b - 2GPln 1");
  std::vector<std::string> l = lines(board_text_pbm(pos, BoardStyle::Small, false));
  EXPECT_EQ(l.front(), "White in hand: L Ln");
  EXPECT_EQ(l[l.size() - 2], "Black in hand: Gx2 P");
  EXPECT_EQ(l.back(), "Black to move");
  // An empty hand is '-'.
  std::string setup = board_text_pbm(parse_sfen(v, v->setup), BoardStyle::Standard, false);
  EXPECT_EQ(lines(setup).front(), "White in hand: -");
}

}  // namespace
}  // namespace kirin
