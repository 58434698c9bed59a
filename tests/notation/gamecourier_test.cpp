// Game Courier move notation (seeds 000 and 002, "How to Move Pieces"): labels, legs joined by
// ';', promotion as a second step, drops, both coordinate systems, the move list, round trips
// over every legal move, and the errors.
#include <gtest/gtest.h>

#include "move_text_test_util.h"
#include "notation/gamecourier.h"
#include "notation/handicap.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

using test::at;
using test::kBishopsFace;
using test::kLionAndPawns;
using Coords = GameCourierOptions::Coords;

std::string usi(const Position& pos, std::string_view gc, GameCourierOptions o = {}) {
  return to_usi(pos, parse_gamecourier_move(pos, gc, o));
}

std::string gc(const Position& pos, std::string_view usi_text, GameCourierOptions o = {}) {
  return to_gamecourier_move(pos, parse_usi(pos, usi_text), o);
}

NotationError error_of(const Position& pos, std::string_view text) {
  auto read = [](const Position& p, std::string_view t) { return parse_gamecourier_move(p, t); };
  return test::read_error(read, pos, text);
}

TEST(GameCourier, Labels) {
  auto chu = builtin_variant("chu");
  EXPECT_EQ(gamecourier_label(*chu, *chu->kind_by_id("lion"), kBlack), "n");
  EXPECT_EQ(gamecourier_label(*chu, *chu->kind_by_id("lion"), kWhite), "N");
  EXPECT_EQ(gamecourier_label(*chu, *chu->kind_by_id("promoted-kirin"), kWhite), "+O");
  auto dai = builtin_variant("dai");
  EXPECT_EQ(gamecourier_label(*dai, *dai->kind_by_id("angry-boar"), kBlack), "a'");
  EXPECT_EQ(gamecourier_label(*dai, *dai->kind_by_id("angry-boar"), kWhite), "A'");
  // The Chu Seireigi preset's labels (chu_seireigi.md §B.2): Lion Hawk I, Strong Bear U.
  auto cs = builtin_variant("chu-seireigi");
  EXPECT_EQ(gamecourier_label(*cs, *cs->kind_by_id("lion-hawk"), kWhite), "I");
  EXPECT_EQ(gamecourier_label(*cs, *cs->kind_by_id("strong-bear"), kWhite), "U");
}

TEST(GameCourier, Squares) {
  auto chu = builtin_variant("chu");
  Square s = parse_square(*chu, "7g");
  EXPECT_EQ(gamecourier_square(*chu, s), "7g");
  EXPECT_EQ(gamecourier_square(*chu, s, {Coords::Chess}), "f6");
  EXPECT_EQ(gamecourier_square(*chu, parse_square(*chu, "12l"), {Coords::Chess}), "a1");
  EXPECT_EQ(gamecourier_square(*chu, parse_square(*chu, "1a"), {Coords::Chess}), "l12");
}

TEST(GameCourier, Write) {
  Position chu = at("chu");
  EXPECT_EQ(gc(chu, "12i12h"), "p 12i-12h");
  EXPECT_EQ(gc(chu, "7j6h"), "n 7j-6h");
  EXPECT_EQ(gc(chu, "7j6h", {Coords::Chess}), "n f3-g5");

  Position lion = at("chu", kLionAndPawns);
  EXPECT_EQ(gc(lion, "7g6f5e"), "n 7g-6f; n 6f-5e");
  EXPECT_EQ(gc(lion, "7g6f7g"), "n 7g-6f; n 6f-7g");
  EXPECT_EQ(gc(lion, "7g7f7g"), "n 7g-7f; n 7f-7g");
  EXPECT_EQ(gc(lion, "7g7e"), "n 7g-7e");

  Position bishops = at("shogi", kBishopsFace);
  EXPECT_EQ(gc(bishops, "8h2b+"), "b 8h-2b; +b-2b");
  EXPECT_EQ(gc(bishops, "8h2b"), "b 8h-2b");
  EXPECT_EQ(gc(bishops, "8h2b+", {Coords::Chess}), "b b2-h8; +b-h8");

  Position white = at("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
  EXPECT_EQ(gc(white, "3c3d"), "P 3c-3d");
  Position hand = at("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1");
  EXPECT_EQ(gc(hand, "P*5e"), "p*5e");

  Position mitsugumi = at("mitsugumi");
  EXPECT_EQ(gc(mitsugumi, "7k7cx7d+"), "z 7k-7c; @-7d; +z-7c");
}

TEST(GameCourier, Read) {
  Position lion = at("chu", kLionAndPawns);
  EXPECT_EQ(usi(lion, "n 7g-6f; n 6f-5e"), "7g6f5e");
  EXPECT_EQ(usi(lion, "N 7g-6f;6f-5e"), "7g6f5e");  // either case; label once
  EXPECT_EQ(usi(lion, "7g-6f; 6f-7g"), "7g6f7g");   // igui, no label
  EXPECT_EQ(usi(lion, "n 7g-7f; n 7f-7g"), "7g7f7g");  // pass
  EXPECT_EQ(usi(lion, " n 7g-6f ; n 6f-6e "), "7g6f6e");
  EXPECT_EQ(usi(lion, "n f6-g7; n g7-h8", {Coords::Chess}), "7g6f5e");

  Position bishops = at("shogi", kBishopsFace);
  EXPECT_EQ(usi(bishops, "b 8h-2b"), "8h2b");  // no promotion step: no promotion
  EXPECT_EQ(usi(bishops, "b 8h-2b; +b-2b"), "8h2b+");
  EXPECT_EQ(usi(bishops, "b 8h-2b+"), "8h2b+");
  EXPECT_EQ(usi(bishops, "b 8h-2b="), "8h2b");
  EXPECT_EQ(usi(bishops, "8h-2b"), "8h2b");
  Position last = at("shogi", "4k4/7P1/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_EQ(usi(last, "p 2b-2a"), "2b2a+");  // forced

  Position hand = at("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1");
  EXPECT_EQ(usi(hand, "p*5e"), "P*5e");
  EXPECT_EQ(usi(hand, "P*5e"), "P*5e");
  EXPECT_EQ(usi(hand, "p-5e"), "P*5e");
  EXPECT_EQ(usi(hand, "p*e5", {Coords::Chess}), "P*5e");

  Position dai = at("dai");
  EXPECT_EQ(usi(dai, "a' 12m-11m"), "12m11m");
  EXPECT_EQ(usi(dai, "n' 14o-13m"), "14o13m");

  Position mitsugumi = at("mitsugumi");
  EXPECT_EQ(usi(mitsugumi, "z 7k-7c; @-7d; +z-7c"), "7k7cx7d+");
  EXPECT_EQ(usi(mitsugumi, "z 7k-7c; +z-7c; 7d-"), "7k7cx7d+");
}

TEST(GameCourier, Errors) {
  Position lion = at("chu", kLionAndPawns);
  EXPECT_ERROR(lion, "z 7g-6f", "unknown piece 'z'");
  EXPECT_ERROR_AT(lion, "x 7g-6f",
                  "wrong piece in 'x 7g-6f': the piece on 7g is a Lion (n), not a Phoenix (x)", 0);
  EXPECT_ERROR(lion, "n 7g-6f; n 5f-5e", "the second leg must start where the first ended, on 6f");
  EXPECT_ERROR(lion, "n 7g-6f; p 6f-5e", "the two legs name different pieces");
  EXPECT_ERROR(lion, "n 7g-6f; n 6f-5e; n 5e-4e", "at most two legs");
  EXPECT_ERROR(lion, "n 7g-13a", "'13a' is not a square of the 12x12 board");
  EXPECT_ERROR(lion, "n 7g-5d", "no legal move 'n 7g-5d': the Lion on 7g cannot go to 5d");
  EXPECT_ERROR(lion, "n 7g-6f; +n-6f", "unknown piece '+n'");
  EXPECT_ERROR(lion, "p*5e", "game chu is played without drops");
  EXPECT_ERROR(lion, "n 7g", "expected a move such as \"p 7g-7f\"");
  EXPECT_ERROR(lion, "", "empty move");

  Position bishops = at("shogi", kBishopsFace);
  EXPECT_ERROR(bishops, "b 8h-2b; +r-2b", "'+r' is not what the Bishop promotes to ('+b')");
  EXPECT_ERROR(bishops, "b 8h-2b; +b-3c", "the promoted piece goes where the move ended, 2b");
  EXPECT_ERROR(bishops, "p 7f-7e; +p-7e", "the Pawn may not promote on this move");
}

TEST(GameCourier, Log) {
  Position start = at("shogi");
  std::vector<Move> moves;
  Position pos = start;
  for (const char* m : {"7g7f", "3c3d", "8h2b+", "3a2b"}) {
    moves.push_back(parse_usi(pos, m));
    Undo u;
    pos.do_move(moves.back(), u);
  }
  EXPECT_EQ(gamecourier_log(start, moves),
            "1. p 7g-7f\n"
            "1... P 3c-3d\n"
            "2. b 8h-2b; +b-2b\n"
            "2... S 3a-2b\n");

  // A handicap game: White moves first.
  Position handicap = handicap_position(builtin_variant("chu"), "2ln");
  std::vector<Move> first = {parse_usi(handicap, "6d6e")};
  EXPECT_EQ(gamecourier_log(handicap, first), "1... P 6d-6e\n");
}

TEST(GameCourier, ReadLog) {
  Position start = at("shogi");
  const std::vector<Move> moves = read_gamecourier_log(
      start, "1. p 7g-7f\n1... P 3c-3d\n\n2. b 8h-2b; +b-2b 2... S 3a-2b\n");
  EXPECT_EQ(to_usi_line(start, moves), "7g7f 3c3d 8h2b+ 3a2b");
  EXPECT_EQ(read_gamecourier_log(start, "p 7g-7f\nP 3c-3d\n").size(), 2u);
  EXPECT_TRUE(read_gamecourier_log(start, "").empty());
  try {
    read_gamecourier_log(start, "1. p 7g-7f\n1... P 3c-3d\n2. p 7f-7d\n");
    ADD_FAILURE() << "an illegal third move was read";
  } catch (const NotationError& e) {
    EXPECT_EQ(e.field(), "move 3");
    EXPECT_NE(std::string(e.what()).find("move 3 'p 7f-7d' (line 3)"), std::string::npos)
        << e.what();
  }
}

TEST(GameCourierRoundTrip, LogsOfRandomGames) {
  for (const std::string& id : builtin_variant_ids()) {
    const Position start = at(id);
    std::vector<Move> moves;
    Position pos = start;
    std::mt19937 rng(test::random_seed(5));  // tests/random_play.h
    for (int ply = 0; ply < test::kRandomPlies; ++ply) {
      MoveList list;
      generate_moves(pos, list);
      if (list.size == 0) break;
      moves.push_back(list[int(rng() % list.size)]);
      Undo u;
      pos.do_move(moves.back(), u);
    }
    EXPECT_EQ(read_gamecourier_log(start, gamecourier_log(start, moves)), moves) << id;
  }
}

void expect_round_trips(const Position& pos, int max_moves = 1 << 30) {
  test::for_each_legal_move(pos, max_moves, [&](const Move& m) {
    for (Coords coords : {Coords::Shogi, Coords::Chess}) {
      GameCourierOptions o{coords};
      auto read = [&](const Position& p, std::string_view t) {
        return parse_gamecourier_move(p, t, o);
      };
      test::expect_reads_back(pos, m, to_gamecourier_move(pos, m, o), read);
    }
  });
}

TEST(GameCourierRoundTrip, EveryLegalMoveOfChosenPositions) {
  for (const Position& pos : test::round_trip_positions()) expect_round_trips(pos);
}

TEST(GameCourierRoundTrip, RandomGames) {
  test::play_random_games(77, [](const Position& pos) { expect_round_trips(pos, 120); });
}

}  // namespace
}  // namespace kirin
