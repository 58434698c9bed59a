// Chu Shogi's `drops` option (pbmserv -drops, chu_shogi.md §10): off by default; on, a capture
// puts the piece in the captor's hand as its unpromoted kind and it may be dropped on any empty
// square from which it could move again. The lishogi SFEN then carries the hands as an extra
// field before the move number: "<board> <side> <lion square> <hands> <move>".
//
// Expected values are worked out by hand from the rules; squares as in chu_rules_test.cpp
// (Black's King on 1l, White's on 12a, Black moves up).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "test_positions.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

using test::make_sfen;
using test::Put;
using test::after;

std::shared_ptr<Variant> chu_drops() {
  auto v = builtin_variant("chu");
  v->set_option("drops", "true");
  return v;
}

std::vector<Put> with_kings(std::vector<Put> pieces) {
  pieces.push_back({"1l", "K"});
  pieces.push_back({"12a", "k"});
  return pieces;
}

// make_sfen's four fields with a hands field inserted before the move number.
std::string with_hands(const std::string& sfen, const std::string& hands) {
  return sfen.substr(0, sfen.rfind(' ')) + " " + hands + sfen.substr(sfen.rfind(' '));
}

std::string with_move(const std::string& sfen, int number) {
  return sfen.substr(0, sfen.rfind(' ') + 1) + std::to_string(number);
}

std::vector<std::string> fields(const std::string& sfen) {
  std::istringstream in(sfen);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

int drop_count(const Position& pos) {
  MoveList list;
  generate_moves(pos, list);
  int n = 0;
  for (const Move& m : list) n += m.is_drop();
  return n;
}

TEST(ChuDrops, OffByDefault) {
  auto v = builtin_variant("chu");
  EXPECT_EQ(v->option_value("drops"), "false");
  std::string sfen = with_hands(make_sfen(with_kings({})), "P");
  EXPECT_THROW(parse_sfen(v, sfen), NotationError);
  // A capture does not fill a hand: the SFEN keeps its four fields.
  Position pos = parse_sfen(v, make_sfen(with_kings({{"7g", "G"}, {"7f", "p"}})));
  EXPECT_EQ(fields(after(pos, "7g7f")).size(), 4u);
}

TEST(ChuDrops, CapturedPiecesGoToHandUnpromoted) {
  auto v = chu_drops();
  // A Horned Falcon (+h) goes to hand as a Dragon Horse.
  Position falcon =
      parse_sfen(v, with_hands(make_sfen(with_kings({{"7g", "G"}, {"7f", "+h"}})), "-"));
  EXPECT_EQ(after(falcon, "7g7f"),
            with_move(with_hands(make_sfen(with_kings({{"7f", "G"}}), 'w'), "H"), 2));
  // A promoted Kirin (a Lion) taken by a Rook: a Kirin in hand, and the counter-strike square
  // is still set (chu_shogi.md §6.3) in its own field.
  Position lion =
      parse_sfen(v, with_hands(make_sfen(with_kings({{"7j", "R"}, {"7c", "+o"}})), "-"));
  std::vector<std::string> f = fields(after(lion, "7j7c"));
  ASSERT_EQ(f.size(), 5u);
  EXPECT_EQ(f[2], "7c");
  EXPECT_EQ(f[3], "O");
  // White takes Black's Lion, or Black's Crown Prince: lower case, the Prince as a Drunk
  // Elephant.
  Position white = parse_sfen(
      v,
      with_hands(make_sfen(with_kings({{"7g", "N"}, {"7f", "r"}, {"3c", "+E"}, {"3b", "g"}}), 'w'),
                 "-"));
  EXPECT_EQ(fields(after(white, "7f7g"))[3], "n");
  EXPECT_EQ(fields(after(white, "3b3c"))[3], "e");
}

TEST(ChuDrops, DropsOnEveryEmptySquareWhereThePieceCanMove) {
  auto v = chu_drops();
  // 144 squares, two kings: 142 empty. A Lion is never stuck; a Pawn or Lance is on rank a
  // (11 empty squares there besides the White King's 12a).
  auto drops = [&](const std::vector<Put>& pieces, const std::string& hands) {
    return drop_count(parse_sfen(v, with_hands(make_sfen(with_kings(pieces)), hands)));
  };
  EXPECT_EQ(drops({}, "N"), 142);
  EXPECT_EQ(drops({}, "L"), 131);
  EXPECT_EQ(drops({}, "P"), 131);
  EXPECT_EQ(drops({}, "NP"), 142 + 131);
  // No two-Pawns rule in Chu: with a Black Pawn on 7g (141 empty, 11 on rank a) a Pawn may
  // still be dropped on file 7.
  EXPECT_EQ(drops({{"7g", "P"}}, "P"), 130);
  Position pos = parse_sfen(v, with_hands(make_sfen(with_kings({{"7g", "P"}})), "NP"));
  EXPECT_NO_THROW(parse_usi(pos, "P*7f"));
  EXPECT_THROW(parse_usi(pos, "P*7a"), NotationError);  // could never move
  EXPECT_THROW(parse_usi(pos, "N*7g"), NotationError);  // occupied
  EXPECT_THROW(parse_usi(pos, "G*7e"), NotationError);  // none in hand
  std::vector<std::string> f = fields(after(pos, "N*7e"));
  EXPECT_EQ(f[1], "w");
  EXPECT_EQ(f[3], "P");
  // White drops from its own hand; its Pawn is stuck on rank l instead.
  Position w = parse_sfen(v, with_hands(make_sfen(with_kings({}), 'w'), "Pp"));
  EXPECT_EQ(drop_count(w), 131);
  EXPECT_THROW(parse_usi(w, "P*7l"), NotationError);
}

TEST(ChuDrops, HandsAreWrittenInThePieceOrder) {
  auto v = chu_drops();
  // chu.toml's order: ... Lance, ..., Lion, Pawn, Go-Between; Black first.
  std::string in = with_hands(make_sfen(with_kings({})), "2PNli");
  std::string out = with_hands(make_sfen(with_kings({})), "N2Pli");
  EXPECT_EQ(to_sfen(parse_sfen(v, in)), out);
  EXPECT_EQ(to_sfen(parse_sfen(v, out)), out);
}

}  // namespace
}  // namespace kirin
