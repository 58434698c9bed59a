// USI moves as lishogi writes them (docs/spec/README.md §2.2): every accepted spelling is
// read to the one canonical move, to_usi writes the canonical spelling, and bad input is
// reported with an offset (malformed) or a reason (illegal).
#include <gtest/gtest.h>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

std::shared_ptr<const Variant> chu() {
  static const std::shared_ptr<const Variant> v = builtin_variant("chu");
  return v;
}

Position at(std::string_view sfen, std::shared_ptr<const Variant> v = chu()) {
  return parse_sfen(std::move(v), sfen);
}

// Square from a USI name on the Chu board, independent of parse_square.
Square sq(std::string_view name) {
  int file = 0;
  size_t i = 0;
  while (std::isdigit(static_cast<unsigned char>(name[i]))) file = file * 10 + (name[i++] - '0');
  return make_square(12 - file, name[i] - 'a');
}

Move mv(std::string_view from, std::string_view to, bool promote = false) {
  return Move{sq(from), kNoSquare, sq(to), uint8_t(promote ? Move::kPromote : 0), 0};
}
Move mv3(std::string_view from, std::string_view mid, std::string_view to) {
  return Move{sq(from), sq(mid), sq(to), 0, 0};
}

std::string name(Square s) { return square_name(*chu(), s); }

NotationError error_of(const Position& pos, std::string_view text) {
  try {
    Move m = parse_usi(pos, text);
    ADD_FAILURE() << "'" << text << "' was accepted as " << to_usi(pos, m);
  } catch (const NotationError& e) {
    return e;
  }
  return NotationError("none", "none", -2);
}

#define EXPECT_MALFORMED(pos, text, want_offset)                              \
  do {                                                                        \
    NotationError e_ = error_of(pos, text);                                   \
    EXPECT_EQ(e_.offset(), long(want_offset)) << (text) << "\n" << e_.what(); \
    EXPECT_EQ(e_.field(), "move") << (text);                                  \
    EXPECT_NE(std::string(e_.what()).find("malformed"), std::string::npos)    \
        << (text) << "\n" << e_.what();                                       \
  } while (0)

#define EXPECT_ILLEGAL(pos, text, reason)                                                \
  do {                                                                                   \
    NotationError e_ = error_of(pos, text);                                              \
    EXPECT_NE(std::string(e_.what()).find("illegal"), std::string::npos) << e_.what();   \
    EXPECT_NE(std::string(e_.what()).find(reason), std::string::npos) << e_.what();      \
  } while (0)

// A lone Black Lion on 7g (the lishogi test position with 91 spellings).
const char* kLoneLion = "kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1";
// The Lion on 7g with White Pawns on 6f and 5e.
const char* kLionAndPawns = "k11/12/12/12/7p4/6p5/5N6/12/12/12/12/11K b - 1";

// ---- Plain moves ------------------------------------------------------------------------------

TEST(Usi, PlainMoves) {
  Position pos = at(chu()->setup);
  EXPECT_EQ(parse_usi(pos, "9h9g"), mv("9h", "9g"));
  EXPECT_EQ(parse_usi(pos, "7j7h"), mv("7j", "7h"));  // the Lion jumps over its Pawn
  EXPECT_EQ(parse_usi(pos, "1i1h"), mv("1i", "1h"));
  EXPECT_EQ(to_usi(pos, mv("9h", "9g")), "9h9g");
}

TEST(Usi, SquareNames) {
  EXPECT_EQ(parse_square(*chu(), "7g"), sq("7g"));
  EXPECT_EQ(parse_square(*chu(), "12a"), make_square(0, 0));
  EXPECT_EQ(parse_square(*chu(), "1l"), make_square(11, 11));
  EXPECT_EQ(parse_square(*chu(), "10c"), make_square(2, 2));
  EXPECT_EQ(parse_square(*chu(), "13a"), kNoSquare);
  EXPECT_EQ(parse_square(*chu(), "0a"), kNoSquare);
  EXPECT_EQ(parse_square(*chu(), "1m"), kNoSquare);
  EXPECT_EQ(parse_square(*chu(), "7"), kNoSquare);
  EXPECT_EQ(parse_square(*chu(), "7g "), kNoSquare);
  EXPECT_EQ(parse_square(*chu(), ""), kNoSquare);
  for (int row = 0; row < 12; ++row)
    for (int col = 0; col < 12; ++col) {
      Square s = make_square(col, row);
      EXPECT_EQ(parse_square(*chu(), name(s)), s) << name(s);
    }
  EXPECT_EQ(name(make_square(0, 11)), "12l");
  EXPECT_EQ(name(make_square(11, 0)), "1a");
}

TEST(Usi, TwoDigitFiles) {
  Position pos = at("k11/12/12/12/12/12/2P9/12/12/12/12/11K b - 1");  // Pawn on 10g
  Move m = parse_usi(pos, "10g10f");
  EXPECT_EQ(m, mv("10g", "10f"));
  EXPECT_EQ(to_usi(pos, m), "10g10f");
  Position king = at("K11/12/12/12/12/12/12/12/12/12/12/11k w - 1");
  EXPECT_EQ(parse_usi(king, "1l2k"), mv("1l", "2k"));
  EXPECT_EQ(to_usi(at("K11/12/12/12/12/12/12/12/12/12/12/11k b - 1"), mv("12a", "11b")),
            "12a11b");
}

// ---- Promotion suffixes -------------------------------------------------------------------------

TEST(Usi, PromotionSuffixes) {
  // Pawn on 6e (one step from the zone) and on 10g (far from it).
  Position pos = at("k11/12/12/12/6P5/12/2P9/12/12/12/12/11K b - 1");
  EXPECT_EQ(parse_usi(pos, "6e6d+"), mv("6e", "6d", true));
  EXPECT_EQ(parse_usi(pos, "6e6d"), mv("6e", "6d"));
  // '=' and '?' are accepted and mean no promotion.
  EXPECT_EQ(parse_usi(pos, "6e6d="), mv("6e", "6d"));
  EXPECT_EQ(parse_usi(pos, "6e6d?"), mv("6e", "6d"));
  EXPECT_EQ(parse_usi(pos, "10g10f="), mv("10g", "10f"));
  EXPECT_EQ(parse_usi(pos, "10g10f?"), mv("10g", "10f"));
  EXPECT_EQ(to_usi(pos, mv("6e", "6d", true)), "6e6d+");
  EXPECT_EQ(to_usi(pos, mv("6e", "6d")), "6e6d");
  EXPECT_ILLEGAL(pos, "10g10f+", "may not promote");
  EXPECT_ILLEGAL(pos, "12a12b", "is White's");
}

TEST(Usi, MustPromote) {
  auto v = builtin_variant("chu");
  v->set_option("force_last_rank_promotion", "true");
  Position pos = at("k11/6P5/12/12/12/12/12/12/12/12/12/11K b - 1", v);
  EXPECT_EQ(parse_usi(pos, "6b6a+"), mv("6b", "6a", true));
  EXPECT_ILLEGAL(pos, "6b6a", "must promote");
  EXPECT_ILLEGAL(pos, "6b6a=", "must promote");
  // Under the default rules the Pawn may stay unpromoted.
  EXPECT_EQ(parse_usi(at("k11/6P5/12/12/12/12/12/12/12/12/12/11K b - 1"), "6b6a"), mv("6b", "6a"));
}

// ---- Lion spellings ---------------------------------------------------------------------------

TEST(Usi, TwoStepThroughEmptySquareIsTheJump) {
  Position pos = at(kLoneLion);
  const Square from = sq("7g");
  int spellings_checked = 0;
  for (int dr = -2; dr <= 2; ++dr)
    for (int dc = -2; dc <= 2; ++dc) {
      if (!dr && !dc) continue;
      Square to = make_square(col_of(from) + dc, row_of(from) + dr);
      Move direct = parse_usi(pos, name(from) + name(to));
      EXPECT_EQ(direct, (Move{from, kNoSquare, to, 0, 0})) << name(to);
      // Every empty square next to both is a valid middle square.
      for (int mr = -1; mr <= 1; ++mr)
        for (int mc = -1; mc <= 1; ++mc) {
          if (!mr && !mc) continue;
          Square mid = make_square(col_of(from) + mc, row_of(from) + mr);
          if (mid == to || distance(mid, to) != 1) continue;
          std::string text = name(from) + name(mid) + name(to);
          EXPECT_EQ(parse_usi(pos, text), direct) << text;
          ++spellings_checked;
        }
    }
  // 64 two-step shapes less the 8 that come back to 7g: 56 spellings of 24 destinations.
  EXPECT_EQ(spellings_checked, 56);
  EXPECT_EQ(parse_usi(pos, "7g6f5e"), mv("7g", "5e"));
  EXPECT_EQ(parse_usi(pos, "7g7f6f"), mv("7g", "6f"));
}

TEST(Usi, EveryPassPathIsThePass) {
  Position pos = at(kLoneLion);
  MoveList list;
  generate_moves(pos, list);
  std::vector<Move> passes;
  for (const Move& m : list)
    if (m.is_two_step() && m.to == m.from) passes.push_back(m);
  ASSERT_EQ(passes.size(), 1u);
  const Move pass = passes[0];
  EXPECT_EQ(pass.from, sq("7g"));
  EXPECT_EQ(distance(pass.mid, pass.from), 1);
  EXPECT_EQ(pos.at(pass.mid), kEmpty);
  for (const char* mid : {"8f", "7f", "6f", "8g", "6g", "8h", "7h", "6h"}) {
    std::string text = std::string("7g") + mid + "7g";
    EXPECT_EQ(parse_usi(pos, text), pass) << text;
  }
  EXPECT_EQ(parse_usi(pos, to_usi(pos, pass)), pass);
  EXPECT_TRUE(is_legal(pos, pass));
}

TEST(Usi, PassOfASecondLionIsThePass) {
  // Two Black Lions (7g and 7k): the position after a pass is the same whichever passes.
  Position pos = at("k11/12/12/12/12/12/5N6/12/12/12/5N6/11K b - 1");
  MoveList list;
  generate_moves(pos, list);
  int passes = 0;
  Move pass;
  for (const Move& m : list)
    if (m.is_two_step() && m.to == m.from) ++passes, pass = m;
  ASSERT_EQ(passes, 1);
  for (const char* text : {"7g7f7g", "7g6h7g", "7k7j7k", "7k6l7k", "7k8k7k"})
    EXPECT_EQ(parse_usi(pos, text), pass) << text;
}

TEST(Usi, IguiAndDoubleCaptures) {
  Position pos = at(kLionAndPawns);
  EXPECT_EQ(parse_usi(pos, "7g6f7g"), mv3("7g", "6f", "7g"));  // igui
  EXPECT_EQ(parse_usi(pos, "7g6f"), mv("7g", "6f"));           // plain capture
  EXPECT_EQ(parse_usi(pos, "7g6f5e"), mv3("7g", "6f", "5e"));  // both Pawns
  EXPECT_EQ(parse_usi(pos, "7g5e"), mv("7g", "5e"));           // jump capture
  EXPECT_EQ(parse_usi(pos, "7g6f6e"), mv3("7g", "6f", "6e"));  // capture, then on
  EXPECT_EQ(parse_usi(pos, "7g6f7f"), mv3("7g", "6f", "7f"));
  // Through an empty square it is the jump, capture or not.
  EXPECT_EQ(parse_usi(pos, "7g7f6e"), mv("7g", "6e"));
  EXPECT_EQ(parse_usi(pos, "7g6g6f"), mv("7g", "6f"));
  EXPECT_EQ(parse_usi(pos, "7g7f6f"), mv("7g", "6f"));
  // The pass is still there.
  EXPECT_EQ(parse_usi(pos, "7g7h7g"), parse_usi(pos, "7g8g7g"));
  // Canonical spellings.
  EXPECT_EQ(to_usi(pos, mv3("7g", "6f", "7g")), "7g6f7g");
  EXPECT_EQ(to_usi(pos, mv3("7g", "6f", "5e")), "7g6f5e");
  EXPECT_EQ(to_usi(pos, parse_usi(pos, "7g7f6e")), "7g6e");
  EXPECT_EQ(to_usi(pos, parse_usi(pos, "7g6g6f")), "7g6f");
  // Each is one distinct legal move.
  for (const char* text : {"7g6f7g", "7g6f", "7g6f5e", "7g5e", "7g6f6e"})
    EXPECT_TRUE(is_legal(pos, parse_usi(pos, text))) << text;
}

TEST(Usi, HornedFalconSpellings) {
  // Horned Falcon on 7g: lion power straight forward only.
  Position pos = at("k11/12/12/12/12/12/5+H6/12/12/12/12/11K b - 1");
  EXPECT_EQ(parse_usi(pos, "7g7f7e"), mv("7g", "7e"));
  EXPECT_EQ(parse_usi(pos, "7g7e"), mv("7g", "7e"));
  Move pass = parse_usi(pos, "7g7f7g");
  EXPECT_TRUE(pass.is_two_step());
  EXPECT_EQ(pass.from, sq("7g"));
  EXPECT_EQ(pass.to, sq("7g"));
  EXPECT_ILLEGAL(pos, "7g6f7g", "cannot step through 6f");
  EXPECT_ILLEGAL(pos, "7g7h7g", "cannot step through 7h");
  EXPECT_ILLEGAL(pos, "7g6f5e", "cannot step through 6f");
}

TEST(Usi, SoaringEagleSpellings) {
  // Soaring Eagle on 7g with a White Pawn on 6f: lion power on the forward diagonals.
  Position pos = at("k11/12/12/12/12/6p5/5+D6/12/12/12/12/11K b - 1");
  EXPECT_EQ(parse_usi(pos, "7g6f7g"), mv3("7g", "6f", "7g"));
  EXPECT_EQ(parse_usi(pos, "7g6f5e"), mv3("7g", "6f", "5e"));
  EXPECT_EQ(parse_usi(pos, "7g8f9e"), mv("7g", "9e"));
  EXPECT_ILLEGAL(pos, "7g7f7e", "cannot step through 7f");
}

// ---- Malformed text ---------------------------------------------------------------------------

TEST(UsiErrors, Malformed) {
  Position pos = at(kLoneLion);
  EXPECT_MALFORMED(pos, "", 0);
  EXPECT_MALFORMED(pos, "7g", 2);
  EXPECT_MALFORMED(pos, "7g7", 2);
  EXPECT_MALFORMED(pos, "x7g7f", 0);
  EXPECT_MALFORMED(pos, "7G7f", 0);
  EXPECT_MALFORMED(pos, "Z*7e", 0);   // no such piece
  EXPECT_MALFORMED(pos, "*7e", 0);    // no piece letter
  EXPECT_MALFORMED(pos, "P*7x", 2);   // no such square
  EXPECT_ILLEGAL(pos, "P*7e", "played without drops");  // well-formed, but Chu has no drops
  EXPECT_MALFORMED(pos, "7g-7f", 2);
  EXPECT_MALFORMED(pos, "7g7f7e7d", 6);
  EXPECT_MALFORMED(pos, "7g7f+x", 5);
  EXPECT_MALFORMED(pos, "7g7f++", 5);
  EXPECT_MALFORMED(pos, "7g7f ", 4);
  EXPECT_MALFORMED(pos, " 7g7f", 0);
  EXPECT_MALFORMED(pos, "7g7f#", 4);
  EXPECT_MALFORMED(pos, "123a7f", 0);
}

TEST(UsiErrors, SquaresOffTheBoard) {
  Position pos = at(kLoneLion);
  EXPECT_MALFORMED(pos, "13a12a", 0);
  EXPECT_MALFORMED(pos, "7m7l", 0);
  EXPECT_MALFORMED(pos, "7g7m", 2);
  EXPECT_MALFORMED(pos, "7g0f", 2);
  EXPECT_MALFORMED(pos, "7g7f13f", 4);
  EXPECT_MALFORMED(pos, "7g7z", 2);
  EXPECT_MALFORMED(pos, "99a9b", 0);
  NotationError e = error_of(pos, "7g7m");
  EXPECT_NE(std::string(e.what()).find("'7m'"), std::string::npos) << e.what();
}

// ---- Illegal moves, with the reason ---------------------------------------------------------------

TEST(UsiErrors, NoPiece) {
  Position pos = at(kLoneLion);
  EXPECT_ILLEGAL(pos, "8g8f", "no piece on 8g");
  EXPECT_ILLEGAL(pos, "8g8f8e", "no piece on 8g");
}

TEST(UsiErrors, OpponentsPiece) {
  Position pos = at(kLoneLion);
  EXPECT_ILLEGAL(pos, "12a12b", "is White's");
  EXPECT_ILLEGAL(pos, "11a11b", "is White's");
  Position start = at(chu()->setup);
  EXPECT_ILLEGAL(start, "9e9f", "is White's");
  EXPECT_ILLEGAL(start, "6c6d6e", "is White's");
}

TEST(UsiErrors, CannotReach) {
  Position pos = at(kLoneLion);
  EXPECT_ILLEGAL(pos, "7g7c", "cannot move");
  EXPECT_ILLEGAL(pos, "1l1j", "cannot move");
  EXPECT_ILLEGAL(pos, "7g7g", "own square");
  EXPECT_ILLEGAL(pos, "7g6f4d", "cannot step through 6f");  // second step too long
  Position start = at(chu()->setup);
  EXPECT_ILLEGAL(start, "9h9f", "cannot move");
  EXPECT_ILLEGAL(start, "7j7i7h", "cannot move through 7i");  // not through its own Pawn
  EXPECT_ILLEGAL(start, "7l7k", "cannot move");               // own piece there
  EXPECT_ILLEGAL(start, "7j7i", "cannot move");
  Position pawns = at(kLionAndPawns);
  EXPECT_ILLEGAL(pawns, "7g6f6f", "cannot step through 6f");
}

TEST(UsiErrors, MayNotPromote) {
  Position pos = at(kLoneLion);
  EXPECT_ILLEGAL(pos, "7g7f+", "may not promote");          // a Lion never promotes
  EXPECT_ILLEGAL(pos, "7g7f7e+", "cannot promote");         // nor does a two-step
  Position pawns = at(kLionAndPawns);
  EXPECT_ILLEGAL(pawns, "7g6f5e+", "may not promote");
  Position start = at(chu()->setup);
  EXPECT_ILLEGAL(start, "9h9g+", "may not promote");
}

TEST(UsiErrors, LionProtection) {
  // Black Lion 7g, White Lion 7e protected by the White Pawn on 7d.
  Position pos = at("k11/12/12/5p6/5n6/12/5N6/12/12/12/12/11K b - 1");
  EXPECT_ILLEGAL(pos, "7g7e", "lion_protection");
  EXPECT_ILLEGAL(pos, "7g7f7e", "lion_protection");
  EXPECT_ILLEGAL(pos, "7g6f7e", "lion_protection");
  // Unprotected, the capture is legal.
  Position bare = at("k11/12/12/12/5n6/12/5N6/12/12/12/12/11K b - 1");
  EXPECT_EQ(parse_usi(bare, "7g7e"), mv("7g", "7e"));
  // With a non-Pawn captured on the way (a bridge), it is legal again.
  Position bridge = at("k11/12/12/5p6/5n6/5g6/5N6/12/12/12/12/11K b - 1");
  EXPECT_EQ(parse_usi(bridge, "7g7f7e"), mv3("7g", "7f", "7e"));
  EXPECT_ILLEGAL(bridge, "7g7e", "lion_protection");
  // A Pawn as the bridge does not count.
  Position pawn_bridge = at("k11/12/12/5p6/5n6/5p6/5N6/12/12/12/12/11K b - 1");
  EXPECT_ILLEGAL(pawn_bridge, "7g7f7e", "lion_protection");
}

TEST(UsiErrors, CounterStrike) {
  // A Black Rook on 7k may take the White Lion on 7e, except right after a Lion was taken by
  // a non-Lion elsewhere (lion field 3c).
  const std::string board = "k11/12/12/12/5n6/12/12/12/12/12/5R6/11K";
  EXPECT_EQ(parse_usi(at(board + " b - 1"), "7k7e"), mv("7k", "7e"));
  EXPECT_ILLEGAL(at(board + " b 3c 1"), "7k7e", "counter_strike");
  // ...unless the Lion stands on that very square (lishogi).
  EXPECT_EQ(parse_usi(at(board + " b 7e 1"), "7k7e"), mv("7k", "7e"));
  // Other moves are not affected.
  EXPECT_EQ(parse_usi(at(board + " b 3c 1"), "7k7f"), mv("7k", "7f"));
}

TEST(UsiErrors, IllegalMessagesHaveNoOffset) {
  Position pos = at(kLoneLion);
  NotationError e = error_of(pos, "8g8f");
  EXPECT_EQ(e.offset(), -1);
  EXPECT_EQ(e.field(), "move");
  EXPECT_NE(std::string(e.what()).find("'8g8f'"), std::string::npos) << e.what();
}

// ---- Canonical output ----------------------------------------------------------------------------

TEST(Usi, CanonicalOutputOfEveryMove) {
  for (const char* sfen : {kLoneLion, kLionAndPawns}) {
    Position pos = at(sfen);
    MoveList list;
    generate_moves(pos, list);
    for (const Move& m : list) {
      std::string text = to_usi(pos, m);
      EXPECT_EQ(parse_usi(pos, text), m) << text;
      // Squares, then an optional '+'.
      std::string expect = name(m.from) + (m.is_two_step() ? name(m.mid) : "") + name(m.to) +
                           (m.promotes() ? "+" : "");
      EXPECT_EQ(text, expect);
    }
  }
}

}  // namespace
}  // namespace kirin
