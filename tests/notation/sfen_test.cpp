// SFEN in lishogi's Chu Shogi layout (docs/spec/README.md §2.1) and in the standard shogi
// layout of a custom game: reading, writing, and the field and offset of every error.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

const std::string kStart =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
    "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
const std::string kStartBoard =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
    "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL";

std::shared_ptr<const Variant> chu() {
  static const std::shared_ptr<const Variant> v = builtin_variant("chu");
  return v;
}

// Square from a USI name on the Chu board, e.g. "7g".
Square sq(std::string_view name) {
  int file = 0;
  size_t i = 0;
  while (std::isdigit(static_cast<unsigned char>(name[i]))) file = file * 10 + (name[i++] - '0');
  return make_square(12 - file, name[i] - 'a');
}

// "id" of the piece on s, with its colour: "B:king", "W:lion"; "" if empty.
std::string piece_at(const Position& pos, Square s) {
  Piece p = pos.at(s);
  if (!is_piece(p)) return "";
  return std::string(color_of(p) == kBlack ? "B:" : "W:") + pos.variant().piece(kind_of(p)).id;
}

int pieces(const Position& pos) { return pos.count(kBlack) + pos.count(kWhite); }

// Parses `sfen` expecting a NotationError; returns it (or a blank one after a failure).
NotationError error_of(std::string_view sfen, std::shared_ptr<const Variant> v = chu(),
                       Position (*parse)(std::shared_ptr<const Variant>,
                                         std::string_view) = parse_sfen) {
  try {
    parse(v, sfen);
  } catch (const NotationError& e) {
    return e;
  }
  ADD_FAILURE() << "no NotationError for '" << sfen << "'";
  return NotationError("none", "none", -2);
}

#define EXPECT_SFEN_ERROR(sfen, want_field, want_offset)                          \
  do {                                                                            \
    NotationError e_ = error_of(sfen);                                            \
    EXPECT_EQ(e_.field(), want_field) << (sfen) << "\n" << e_.what();             \
    EXPECT_EQ(e_.offset(), long(want_offset)) << (sfen) << "\n" << e_.what();     \
  } while (0)

// ---- The start position and the handicaps -----------------------------------------------------

TEST(Sfen, ChuStartPosition) {
  ASSERT_EQ(chu()->setup, kStart);
  Position pos = parse_sfen(chu(), kStart);
  EXPECT_EQ(pos.side_to_move(), kBlack);
  EXPECT_EQ(pos.counter_strike(), kNoSquare);
  EXPECT_EQ(pos.move_number(), 1);
  EXPECT_EQ(pos.count(kBlack), 46);
  EXPECT_EQ(pos.count(kWhite), 46);
  // Rank a is White's back rank, written from file 12 to file 1.
  EXPECT_EQ(piece_at(pos, sq("12a")), "W:lance");
  EXPECT_EQ(piece_at(pos, sq("7a")), "W:drunk-elephant");
  EXPECT_EQ(piece_at(pos, sq("6a")), "W:king");
  EXPECT_EQ(piece_at(pos, sq("1a")), "W:lance");
  EXPECT_EQ(piece_at(pos, sq("6c")), "W:lion");
  EXPECT_EQ(piece_at(pos, sq("7c")), "W:queen");
  EXPECT_EQ(piece_at(pos, sq("9e")), "W:go-between");
  EXPECT_EQ(piece_at(pos, sq("4e")), "W:go-between");
  EXPECT_EQ(piece_at(pos, sq("9h")), "B:go-between");
  EXPECT_EQ(piece_at(pos, sq("4h")), "B:go-between");
  EXPECT_EQ(piece_at(pos, sq("7j")), "B:lion");
  EXPECT_EQ(piece_at(pos, sq("6j")), "B:queen");
  EXPECT_EQ(piece_at(pos, sq("7k")), "B:kirin");
  EXPECT_EQ(piece_at(pos, sq("6k")), "B:phoenix");
  EXPECT_EQ(piece_at(pos, sq("7l")), "B:king");
  EXPECT_EQ(piece_at(pos, sq("6l")), "B:drunk-elephant");
  EXPECT_EQ(piece_at(pos, sq("11k")), "");
  EXPECT_EQ(piece_at(pos, sq("5f")), "");
  EXPECT_EQ(to_sfen(pos), kStart);
}

TEST(Sfen, StartIsPointSymmetric) {
  Position pos = parse_sfen(chu(), kStart);
  for (int row = 0; row < 12; ++row)
    for (int col = 0; col < 12; ++col) {
      Piece a = pos.at(make_square(col, row)), b = pos.at(make_square(11 - col, 11 - row));
      ASSERT_EQ(is_piece(a), is_piece(b));
      if (!is_piece(a)) continue;
      EXPECT_EQ(kind_of(a), kind_of(b));
      EXPECT_NE(color_of(a), color_of(b));
    }
}

TEST(Sfen, Handicaps) {
  const auto& hs = chu()->handicaps;
  ASSERT_EQ(hs.size(), 3u);
  for (const auto& h : hs) {
    Position pos = parse_sfen(chu(), h.sfen);
    EXPECT_EQ(to_sfen(pos), h.sfen) << h.name;
    EXPECT_EQ(pos.side_to_move(), kWhite) << h.name;  // lishogi handicaps: gote moves first
    EXPECT_EQ(pos.count(kBlack), 46) << h.name;
    EXPECT_EQ(pos.count(kWhite), 46) << h.name;
  }
  Position two_lions = parse_sfen(chu(), hs[0].sfen);
  EXPECT_EQ(hs[0].name, "2-lions");
  EXPECT_EQ(piece_at(two_lions, sq("7k")), "B:promoted-kirin");
  EXPECT_TRUE(chu()->is_lion[two_lions.at(sq("7k"))]);
  EXPECT_EQ(piece_at(two_lions, sq("7b")), "W:phoenix");
  EXPECT_EQ(piece_at(two_lions, sq("6b")), "W:kirin");

  Position three_lions = parse_sfen(chu(), hs[1].sfen);
  EXPECT_EQ(hs[1].name, "3-lions");
  EXPECT_EQ(piece_at(three_lions, sq("7b")), "W:phoenix");
  EXPECT_EQ(piece_at(three_lions, sq("6b")), "W:phoenix");
  EXPECT_EQ(piece_at(three_lions, sq("7k")), "B:promoted-kirin");
  EXPECT_EQ(piece_at(three_lions, sq("6k")), "B:promoted-kirin");

  Position two_kings = parse_sfen(chu(), hs[2].sfen);
  EXPECT_EQ(hs[2].name, "2-kings");
  EXPECT_EQ(piece_at(two_kings, sq("6l")), "B:crown-prince");
  EXPECT_TRUE(chu()->is_royal[two_kings.at(sq("6l"))]);
  EXPECT_EQ(piece_at(two_kings, sq("7l")), "B:king");
}

// ---- Board field ------------------------------------------------------------------------------

TEST(Sfen, MultiDigitEmptyRuns) {
  const std::string s = "kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1";
  Position pos = parse_sfen(chu(), s);
  EXPECT_EQ(pieces(pos), 4);
  EXPECT_EQ(piece_at(pos, sq("12a")), "W:king");
  EXPECT_EQ(piece_at(pos, sq("11a")), "W:gold");
  EXPECT_EQ(piece_at(pos, sq("7g")), "B:lion");
  EXPECT_EQ(piece_at(pos, sq("1l")), "B:king");
  EXPECT_EQ(to_sfen(pos), s);

  // 10, 11 and 12 in several places, and runs split oddly on input are joined on output.
  Position p2 = parse_sfen(chu(), "10kK/1k10/11g/12/12/12/12/12/12/12/12/k11 w - 7");
  EXPECT_EQ(piece_at(p2, sq("2a")), "W:king");
  EXPECT_EQ(piece_at(p2, sq("1a")), "B:king");
  EXPECT_EQ(piece_at(p2, sq("11b")), "W:king");
  EXPECT_EQ(piece_at(p2, sq("1c")), "W:gold");
  EXPECT_EQ(piece_at(p2, sq("12l")), "W:king");
  EXPECT_EQ(to_sfen(p2), "10kK/1k10/11g/12/12/12/12/12/12/12/12/k11 w - 7");

  // Leading zeros are part of the run.
  EXPECT_EQ(to_sfen(parse_sfen(chu(), "k011/12/12/12/12/12/12/12/12/12/12/11K b - 1")),
            "k11/12/12/12/12/12/12/12/12/12/12/11K b - 1");
}

TEST(Sfen, PromotedPieces) {
  // Every '+letter' of the table in §2.1, Black on rank k and White on rank b.
  const std::vector<std::pair<char, std::string>> table = {
      {'e', "crown-prince"},     {'g', "promoted-gold"},     {'s', "promoted-silver"},
      {'c', "promoted-copper"},  {'f', "promoted-leopard"},  {'l', "white-horse"},
      {'a', "whale"},            {'t', "flying-stag"},       {'o', "promoted-kirin"},
      {'x', "promoted-phoenix"}, {'m', "free-boar"},         {'v', "flying-ox"},
      {'b', "promoted-bishop"},  {'r', "promoted-rook"},     {'h', "horned-falcon"},
      {'d', "soaring-eagle"},    {'p', "tokin"},             {'i', "promoted-go-between"},
  };
  for (const auto& [letter, id] : table) {
    std::string up(1, char(std::toupper(letter)));
    std::string s = "k11/5+" + std::string(1, letter) + "6/12/12/12/12/12/12/12/12/5+" + up +
                    "6/11K b - 1";
    Position pos = parse_sfen(chu(), s);
    EXPECT_EQ(piece_at(pos, sq("7b")), "W:" + id) << s;
    EXPECT_EQ(piece_at(pos, sq("7k")), "B:" + id) << s;
    EXPECT_EQ(to_sfen(pos), s);
    // The promoted piece is distinct from the piece of the same moves.
    Kind k = kind_of(pos.at(sq("7k")));
    EXPECT_NE(chu()->piece(k).promoted_from, 0) << id;
    EXPECT_EQ(chu()->piece(k).promotes_to, 0) << id;
  }
  // A full rank of promoted pieces.
  const std::string full =
      "+E+G+S+C+F+L+A+T+O+X+M+V/+b+r+h+d+p+i6/12/12/12/12/12/12/12/12/12/k10K b - 1";
  EXPECT_EQ(to_sfen(parse_sfen(chu(), full)), full);
}

TEST(Sfen, EveryPlainLetter) {
  const std::string letters = "kegscftlaoxmvbrhdqnpi";
  for (char c : letters) {
    std::string s = "k11/12/12/12/12/" + std::string(1, c) + "11/12/12/12/12/12/" +
                    std::string(1, char(std::toupper(c))) + "10K b - 1";
    Position pos = parse_sfen(chu(), s);
    EXPECT_EQ(to_sfen(pos), s);
    EXPECT_EQ(chu()->piece(kind_of(pos.at(sq("12f")))).sfen, std::string(1, c));
  }
}

// ---- Other fields -----------------------------------------------------------------------------

TEST(Sfen, LionField) {
  Position none = parse_sfen(chu(), kStartBoard + " b - 1");
  EXPECT_EQ(none.counter_strike(), kNoSquare);
  Position at7g = parse_sfen(chu(), kStartBoard + " b 7g 1");
  EXPECT_EQ(at7g.counter_strike(), sq("7g"));
  EXPECT_EQ(to_sfen(at7g), kStartBoard + " b 7g 1");
  EXPECT_NE(at7g.hash(), none.hash());
  Position corner = parse_sfen(chu(), kStartBoard + " w 12a 5");
  EXPECT_EQ(corner.counter_strike(), sq("12a"));
  EXPECT_EQ(to_sfen(corner), kStartBoard + " w 12a 5");
  Position other = parse_sfen(chu(), kStartBoard + " b 1l 1");
  EXPECT_EQ(other.counter_strike(), sq("1l"));
  EXPECT_EQ(to_sfen(other), kStartBoard + " b 1l 1");
}

TEST(Sfen, SideAndMoveNumber) {
  Position w = parse_sfen(chu(), kStartBoard + " w - 42");
  EXPECT_EQ(w.side_to_move(), kWhite);
  EXPECT_EQ(w.move_number(), 42);
  EXPECT_EQ(to_sfen(w), kStartBoard + " w - 42");
  EXPECT_NE(w.hash(), parse_sfen(chu(), kStart).hash());
  EXPECT_EQ(parse_sfen(chu(), kStartBoard + " b - 9999").move_number(), 9999);
  // Clamped to 1..9999 on output.
  EXPECT_EQ(to_sfen(parse_sfen(chu(), kStartBoard + " b - 12000")), kStartBoard + " b - 9999");
}

TEST(Sfen, UnderscoreSeparator) {
  Position a = parse_sfen(chu(), kStartBoard + "_b_-_1");
  EXPECT_EQ(to_sfen(a), kStart);
  Position b = parse_sfen(chu(), kStartBoard + "_w_7g_3");
  EXPECT_EQ(to_sfen(b), kStartBoard + " w 7g 3");
  Position mixed = parse_sfen(chu(), kStartBoard + " w_- 3");
  EXPECT_EQ(to_sfen(mixed), kStartBoard + " w - 3");
  EXPECT_EQ(a.hash(), parse_sfen(chu(), kStart).hash());
}

TEST(Sfen, MissingTrailingFieldsDefault) {
  Position board_only = parse_sfen(chu(), kStartBoard);
  EXPECT_EQ(to_sfen(board_only), kStart);
  EXPECT_EQ(board_only.hash(), parse_sfen(chu(), kStart).hash());
  Position side = parse_sfen(chu(), kStartBoard + " w");
  EXPECT_EQ(to_sfen(side), kStartBoard + " w - 1");
  Position lion = parse_sfen(chu(), kStartBoard + " w 5e");
  EXPECT_EQ(to_sfen(lion), kStartBoard + " w 5e 1");
  // Trailing blanks are not fields.
  EXPECT_EQ(to_sfen(parse_sfen(chu(), kStart + "  ")), kStart);
}

// ---- Errors: field and offset -----------------------------------------------------------------

TEST(SfenErrors, Empty) {
  EXPECT_SFEN_ERROR("", "board", 0);
  EXPECT_SFEN_ERROR("   ", "board", 0);
}

TEST(SfenErrors, UnknownPieceLetter) {
  // 'z' is the 12th square of rank a.
  EXPECT_SFEN_ERROR("lfcsgekgscfz/" + kStart.substr(13), "board", 11);
  // 'y' on rank c (which starts at offset 26).
  std::string s = kStart;
  ASSERT_EQ(s.substr(26, 12), "mvrhdqndhrvm");
  s[31] = 'y';
  EXPECT_SFEN_ERROR(s, "board", 31);
  // No promoted King, Queen or Lion; the error points at the '+'.
  EXPECT_SFEN_ERROR("+k11/12/12/12/12/12/12/12/12/12/12/11K b - 1", "board", 0);
  const std::string q = "k11/12/12/12/12/5+Q6/12/12/12/12/12/11K b - 1";
  EXPECT_SFEN_ERROR(q, "board", q.find('+'));
  const std::string n = "k11/12/12/12/12/5+n6/12/12/12/12/12/11K b - 1";
  EXPECT_SFEN_ERROR(n, "board", n.find('+'));
  NotationError e = error_of("lfcsgekgscfz/" + kStart.substr(13));
  EXPECT_NE(std::string(e.what()).find("'z'"), std::string::npos) << e.what();
}

TEST(SfenErrors, UnexpectedCharacter) {
  EXPECT_SFEN_ERROR("k11/12/12/1*10/12/12/12/12/12/12/12/11K b - 1", "board", 11);
  EXPECT_SFEN_ERROR("k11/12/-12/12/12/12/12/12/12/12/12/11K b - 1", "board", 7);
}

TEST(SfenErrors, RankTooLong) {
  // A thirteenth piece on rank a.
  EXPECT_SFEN_ERROR("lfcsgekgscflp/" + kStart.substr(13), "board", 12);
  // A piece after a full run, and a run after a piece that overflows the rank.
  const std::string a = "k11/12/12/12/12/12/12/12/12/12/12/12K b - 1";
  EXPECT_SFEN_ERROR(a, "board", a.find('K'));
  const std::string b = "k11/12/12/12/12/11p1/12/12/12/12/12/11K b - 1";
  EXPECT_SFEN_ERROR(b, "board", b.find("p1/") + 1);
  // A run longer than the board: pointed at where the run starts.
  EXPECT_SFEN_ERROR("k11/13/12/12/12/12/12/12/12/12/12/11K b - 1", "board", 4);
  EXPECT_SFEN_ERROR("k12/12/12/12/12/12/12/12/12/12/12/11K b - 1", "board", 1);
  // Runs past what an int holds (found by fuzz/sfen.cpp): 2^32 + 12 must not wrap to a
  // full rank, nor a long run overflow.
  EXPECT_SFEN_ERROR("k11/4294967308/12/12/12/12/12/12/12/12/12/11K b - 1", "board", 4);
  EXPECT_SFEN_ERROR("k11/" + std::string(40, '7') + "/12/12/12/12/12/12/12/12/12/11K b - 1",
                    "board", 4);
  // A run of zero.
  EXPECT_SFEN_ERROR("0k11/12/12/12/12/12/12/12/12/12/12/11K b - 1", "board", 0);
}

TEST(SfenErrors, RankTooShort) {
  // Rank a with 11 squares: reported at the '/' that ends it.
  EXPECT_SFEN_ERROR("lfcsgekgscf/" + kStart.substr(13), "board", 11);
  const std::string g = "k11/12/12/12/12/12/5N5/12/12/12/12/11K b - 1";
  EXPECT_SFEN_ERROR(g, "board", g.find("5N5/") + 3);
  // The last rank short: reported at the end of the board field.
  const std::string board = "k11/12/12/12/12/12/12/12/12/12/12/10K";
  EXPECT_SFEN_ERROR(board + " b - 1", "board", board.size());
}

TEST(SfenErrors, TooManyOrTooFewRanks) {
  // Thirteen ranks: the twelfth '/' is the problem.
  EXPECT_SFEN_ERROR(kStartBoard + "/12 b - 1", "board", kStartBoard.size());
  // Eleven ranks: the board ends too early.
  const std::string eleven = "k11/12/12/12/12/12/12/12/12/12/11K";
  EXPECT_SFEN_ERROR(eleven + " b - 1", "board", eleven.size());
  EXPECT_SFEN_ERROR("k11", "board", 3);
  // An empty rank between two slashes is a rank of no squares.
  EXPECT_SFEN_ERROR("k11//12/12/12/12/12/12/12/12/12/11K b - 1", "board", 4);
}

TEST(SfenErrors, PlusWithoutLetter) {
  const std::string a = "k11/12/12/12/12/5+6/12/12/12/12/12/11K b - 1";
  EXPECT_SFEN_ERROR(a, "board", a.find('+'));
  EXPECT_SFEN_ERROR("k10+/12/12/12/12/12/12/12/12/12/12/11K b - 1", "board", 3);
  const std::string c = "k11/12/12/12/12/12/12/12/12/12/12/11+";
  EXPECT_SFEN_ERROR(c, "board", c.size() - 1);
  const std::string d = "k11/12/12/12/12/5++P5/12/12/12/12/12/11K b - 1";
  EXPECT_SFEN_ERROR(d, "board", d.find('+'));
}

TEST(SfenErrors, BadSide) {
  const size_t side = kStartBoard.size() + 1;
  EXPECT_SFEN_ERROR(kStartBoard + " x - 1", "side", side);
  EXPECT_SFEN_ERROR(kStartBoard + " B - 1", "side", side);
  EXPECT_SFEN_ERROR(kStartBoard + " bw - 1", "side", side);
  EXPECT_SFEN_ERROR(kStartBoard + "   black - 1", "side", side + 2);
}

TEST(SfenErrors, BadLionSquare) {
  const size_t field = kStartBoard.size() + 3;
  for (const char* bad : {"13a", "0a", "7m", "g7", "7", "7gg", "x", "--", "7G", "100a", "+"})
    EXPECT_SFEN_ERROR(kStartBoard + " b " + bad + " 1", "lion square", field);
  EXPECT_SFEN_ERROR(kStartBoard + "_w_7z", "lion square", field);
}

TEST(SfenErrors, BadMoveNumber) {
  const size_t field = kStartBoard.size() + 5;
  for (const char* bad : {"0", "-1", "x", "1x", "1.5", "00", "99999999999"})
    EXPECT_SFEN_ERROR(kStartBoard + " b - " + bad, "move number", field);
}

TEST(SfenErrors, ExtraField) {
  EXPECT_SFEN_ERROR(kStart + " extra", "end", kStart.size() + 1);
  EXPECT_SFEN_ERROR(kStart + "_1", "end", kStart.size() + 1);
}

TEST(SfenErrors, MessageNamesFieldAndOffset) {
  NotationError e = error_of(kStartBoard + " x - 1");
  std::string what = e.what();
  EXPECT_NE(what.find("side"), std::string::npos) << what;
  EXPECT_NE(what.find(std::to_string(kStartBoard.size() + 1)), std::string::npos) << what;
}

// ---- The standard shogi layout of a custom game (pieces in hand) ------------------------------

std::shared_ptr<const Variant> mini() {
  static const std::shared_ptr<const Variant> v = [] {
    std::string path = std::string(KIRIN_TEST_DATA) + "/variants/mini.toml";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return std::shared_ptr<const Variant>(load_variant_toml(text.str(), path));
  }();
  return v;
}

TEST(SfenShogiStyle, MiniGame) {
  ASSERT_EQ(mini()->sfen_style, Variant::SfenStyle::Shogi);
  ASSERT_EQ(mini()->files, 5);
  Position pos = parse_sfen(mini(), mini()->setup);
  // The game has the counter-strike rule: its square (or '-') follows the hands field.
  EXPECT_EQ(to_sfen(pos), "gkn2/5/5/5/2NKG b - - 1");
  EXPECT_EQ(pos.count(kBlack), 3);
  EXPECT_EQ(pos.count(kWhite), 3);
  EXPECT_EQ(to_sfen(parse_sfen(mini(), "2k2/5/5/5/2K2 w - 3")), "2k2/5/5/5/2K2 w - - 3");
  EXPECT_EQ(to_sfen(parse_sfen(mini(), "2k2/5/5/5/2K2")), "2k2/5/5/5/2K2 b - - 1");
  EXPECT_EQ(to_sfen(parse_sfen(mini(), "2k2/5/5/5/2K2 w - 3c 3")), "2k2/5/5/5/2K2 w - 3c 3");
  EXPECT_EQ(error_of("2k2/5/5/5/2K2 w - 6c 3", mini()).field(), "lion square");
  // Without the rule (profile relaxed) there is no such field.
  auto relaxed = std::make_shared<Variant>(*mini());
  relaxed->apply_profile("relaxed");
  EXPECT_EQ(to_sfen(parse_sfen(relaxed, "2k2/5/5/5/2K2 w - 3")), "2k2/5/5/5/2K2 w - 3");

  auto err = [](std::string_view s) { return error_of(s, mini()); };
  EXPECT_EQ(err("2k2/5/5/5/2K2 b P 1").field(), "hands");
  EXPECT_EQ(err("2k2/5/5/5/2K2 b P 1").offset(), 16);
  EXPECT_EQ(err("2k2/5/5/5/2K2 b 3c 1").field(), "hands");
  EXPECT_EQ(err("2k2/5/5/5/2K3 b - 1").field(), "board");
  EXPECT_EQ(err("2k2/5/5/5/2K3 b - 1").offset(), 12);
  EXPECT_EQ(err("2k2/5/5/5/5/2K2 b - 1").offset(), 11);  // six ranks: the fifth '/' 
  EXPECT_EQ(err("2q2/5/5/5/2K2 b - 1").offset(), 1);    // a Chu letter, not in this game
  EXPECT_EQ(err("2q2/5/5/5/2K2 b - 1").field(), "board");
}

TEST(Sfen, AtMostEightRoyalsASide) {
  // The position keeps royal squares in a small table; more royals than it holds are refused.
  auto shogi = builtin_variant("shogi");
  EXPECT_NO_THROW(parse_sfen(shogi, "KKKKKKKK1/9/9/9/9/9/9/9/4k4 b - 1"));
  NotationError e = error_of("KKKKKKKKK/9/9/9/9/9/9/9/4k4 b - 1", shogi);
  EXPECT_EQ(e.field(), "board");
  EXPECT_EQ(e.offset(), 8);
  EXPECT_NE(std::string(e.what()).find("royal"), std::string::npos) << e.what();
}

// ---- Counts that do not fit: summed wide, checked against what the game has ----------------

TEST(SfenErrors, HandCountsAddUpWithoutWrapping) {
  // Every piece in hand once stood on the board: a kind's count in both hands is at most the
  // board's squares (81 in shogi; how many the game has, parse_start_sfen checks).
  auto shogi = builtin_variant("shogi");
  const std::string board = "4k4/9/9/9/9/9/9/9/4K4 b ";
  const Kind pawn = *shogi->kind_by_sfen("p");
  EXPECT_EQ(parse_sfen(shogi, board + "18P 1").hand(kBlack, pawn), 18);
  EXPECT_EQ(parse_sfen(shogi, board + "40P41p 1").hand(kWhite, pawn), 41);
  // 200 + 56 is 256: a byte read it as an empty hand, 200 + 200 as 144.
  for (const char* hands : {"200P56P", "200P200P"}) {
    NotationError e = error_of(board + hands + " 1", shogi);
    EXPECT_EQ(e.field(), "hands") << hands;
    EXPECT_EQ(e.offset(), long(board.size())) << hands << ": " << e.what();
  }
  NotationError e = error_of(board + "41P41p 1", shogi);  // both hands together: 82
  EXPECT_EQ(e.offset(), long(board.size() + 3));
  EXPECT_NE(std::string(e.what()).find(
                "the hands hold 82 Pawns, more than the 81 squares of game shogi's board"),
            std::string::npos)
      << e.what();
  e = error_of(board + "99999999999999999999999P 1", shogi);
  EXPECT_EQ(e.field(), "hands");
  EXPECT_NE(std::string(e.what()).find("too many"), std::string::npos) << e.what();
}

TEST(SfenErrors, HandLimitInALishogiLayout) {
  auto drops = std::make_shared<Variant>(*chu());
  drops->set_option("drops", "true");
  const std::string board = "6k5/12/12/12/12/12/12/12/12/12/12/6K5 b - ";
  EXPECT_EQ(parse_sfen(drops, board + "Oo 1").hand(kWhite, *drops->kind_by_sfen("o")), 1);
  EXPECT_EQ(error_of(board + "144Oo 1", drops).field(), "hands");
  EXPECT_EQ(error_of(board + "144Oo 1", drops).offset(), long(board.size() + 4));
}

TEST(SfenErrors, LongEmptyRunDoesNotWrap) {
  // A run of digits too long for an int once wrapped into a small count.
  EXPECT_SFEN_ERROR("12/" + std::string(30, '9') + "/12 b - 1", "board", 3);
  EXPECT_SFEN_ERROR("4294967308" + kStartBoard.substr(12) + " b - 1", "board", 0);
}

// ---- Start positions a user sets up: impossible ones refused -----------------------------------

NotationError start_error_of(std::string_view sfen, std::shared_ptr<const Variant> v) {
  return error_of(sfen, std::move(v), parse_start_sfen);
}

// parse_start_sfen refuses `sfen` at this field and offset, saying `says` among its reasons.
void expect_start_error(std::string_view sfen, std::shared_ptr<const Variant> v,
                        const std::string& field, long offset, const std::string& says) {
  NotationError e = start_error_of(sfen, std::move(v));
  EXPECT_EQ(e.field(), field) << sfen;
  EXPECT_EQ(e.offset(), offset) << sfen << ": " << e.what();
  EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
}

TEST(StartSfen, PossiblePositionsLoad) {
  auto shogi = builtin_variant("shogi");
  EXPECT_NO_THROW(parse_start_sfen(shogi, shogi->setup));
  // No attacking King (a problem position), fewer pieces (a handicap), pieces in hand.
  EXPECT_NO_THROW(parse_start_sfen(shogi, "4k4/9/9/9/9/9/9/9/9 b RB2G 1"));
  EXPECT_NO_THROW(parse_start_sfen(shogi, "+P3k4/9/9/9/9/9/4P4/4+P4/4K4 b - 1"));
  for (const Handicap& h : chu()->handicaps) EXPECT_NO_THROW(parse_start_sfen(chu(), h.sfen));
  // Chu never forces a promotion: an unpromoted Pawn on the last rank is a Chu position.
  EXPECT_NO_THROW(parse_start_sfen(chu(), "6k4P/12/12/12/12/12/12/12/12/12/12/6K5 b - 1"));
  // The browser test's set-up Mitsugumi positions (web/tests/e2e.mjs).
  auto mitsugumi = builtin_variant("mitsugumi");
  EXPECT_NO_THROW(
      parse_start_sfen(mitsugumi, "6k6/13/13/13/13/5pp6/6F'6/13/13/13/13/13/6K6 b - 1"));
  EXPECT_NO_THROW(parse_start_sfen(mitsugumi, "6k6/13/13/6p6/13/6p6/6Z6/13/13/13/13/13/6K6 b - 1"));
}

TEST(StartSfen, PieceThatCouldNeverMove) {
  auto shogi = builtin_variant("shogi");
  expect_start_error("P3k4/9/9/9/9/9/9/9/4K4 b - 1", shogi, "board", 0,
                     "a Black Pawn on 9a could never move again: game shogi makes it promote "
                     "there");
  expect_start_error("4k4/9/9/9/9/9/9/1n7/4K4 b - 1", shogi, "board", 17,
                     "a White Knight on 8h could never move again");
  // Chu under pbmserv's rules forces the promotion.
  auto pbm = std::make_shared<Variant>(*chu());
  pbm->apply_profile("pbmserv");
  EXPECT_EQ(start_error_of("6k4P/12/12/12/12/12/12/12/12/12/12/6K5 b - 1", pbm).offset(), 3);
}

TEST(StartSfen, TwoUnpromotedPawnsOnAFile) {
  auto shogi = builtin_variant("shogi");
  expect_start_error("4k4/9/4P4/9/9/9/4P4/9/4K4 b - 1", shogi, "board", 7,
                     "2 unpromoted Pawns of Black on file 5 (5c, 5g): game shogi allows one");
  // A Tokin and a Pawn, or Pawns of both sides, share a file.
  EXPECT_NO_THROW(parse_start_sfen(shogi, "4k4/9/4+P4/9/4p4/9/4P4/9/4K4 b - 1"));
  // Without drops, the rule is not one: Sho Shogi has no nifu.
  EXPECT_NO_THROW(parse_start_sfen(builtin_variant("sho"), "4k4/9/4P4/9/9/9/4P4/9/4K4 b - 1"));
}

TEST(StartSfen, MorePiecesThanTheGameHas) {
  auto shogi = builtin_variant("shogi");
  expect_start_error("4k4/9/9/9/9/9/9/1R2+R4/4K4 b R 1", shogi, "board", 17,
                     "3 Rooks, promoted ones included (8h, 5h, 1 in Black's hand): game shogi "
                     "has 2");
  // Only in hand: the hands field is named, at the kind's last entry.
  expect_start_error("4k4/9/9/9/9/9/9/9/4K4 b 3G2g 1", shogi, "hands", 26,
                     "5 Gold Generals, promoted ones included (3 in Black's hand, 2 in White's "
                     "hand): game shogi has 4");
  expect_start_error("4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", shogi, "hands", 27, "19 Pawns");
  // Every problem is listed; the first one's square is the offset.
  expect_start_error("KP2k4/9/9/9/9/9/9/9/4K4 b - 1", shogi, "board", 1,
                     "a Black Pawn on 8a could never move again: game shogi makes it promote "
                     "there; 3 Kings, promoted ones included (9a, 5a, 5i): game shogi has 2");
}

}  // namespace
}  // namespace kirin
