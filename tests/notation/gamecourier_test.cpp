// Game Courier move notation (seeds 000 and 002, "How to Move Pieces"): labels, legs joined by
// ';', promotion as a second step, drops, both coordinate systems, the move list, round trips
// over every legal move, and the errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "notation/gamecourier.h"
#include "notation/handicap.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
constexpr int kRandomPlies = 24;  // sanitizer and debug builds are several times slower
#else
constexpr int kRandomPlies = 80;
#endif

namespace kirin {
namespace {

using Coords = GameCourierOptions::Coords;

Position at(std::string_view game, std::string_view sfen = {}) {
  std::shared_ptr<const Variant> v = builtin_variant(game);
  return parse_sfen(v, sfen.empty() ? v->setup : sfen);
}

std::string usi(const Position& pos, std::string_view gc, GameCourierOptions o = {}) {
  return to_usi(pos, parse_gamecourier_move(pos, gc, o));
}

std::string gc(const Position& pos, std::string_view usi_text, GameCourierOptions o = {}) {
  return to_gamecourier_move(pos, parse_usi(pos, usi_text), o);
}

NotationError error_of(const Position& pos, std::string_view text, GameCourierOptions o = {}) {
  try {
    Move m = parse_gamecourier_move(pos, text, o);
    ADD_FAILURE() << "'" << text << "' was accepted as " << to_usi(pos, m);
  } catch (const NotationError& e) {
    return e;
  }
  return NotationError("none", "none", -2);
}

#define EXPECT_ERROR(pos, text, part)                                             \
  do {                                                                            \
    NotationError e_ = error_of(pos, text);                                       \
    EXPECT_NE(std::string(e_.what()).find(part), std::string::npos) << e_.what(); \
    EXPECT_EQ(e_.field(), "move");                                                \
  } while (0)

const char* kLionAndPawns = "k11/12/12/12/7p4/6p5/5N6/12/12/12/12/11K b - 1";
const char* kBishopsFace = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
// Both sides have a Bishop in hand.
const char* kBishopsInHand =
    "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/7R1/LNSGKGSNL b Bb 1";

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
  NotationError wrong = error_of(lion, "x 7g-6f");
  EXPECT_NE(std::string(wrong.what())
                .find("wrong piece in 'x 7g-6f': the piece on 7g is a Lion (n), not a Phoenix (x)"),
            std::string::npos)
      << wrong.what();
  EXPECT_EQ(wrong.offset(), 0);
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

void expect_round_trips(const Position& pos, int max_moves = 1 << 30) {
  MoveList list;
  generate_moves(pos, list);
  int stride = std::max(1, list.size / max_moves);
  for (int i = 0; i < list.size; i += stride) {
    const Move& m = list[i];
    for (Coords coords : {Coords::Shogi, Coords::Chess}) {
      GameCourierOptions o{coords};
      std::string text = to_gamecourier_move(pos, m, o);
      Move back;
      try {
        back = parse_gamecourier_move(pos, text, o);
      } catch (const NotationError& e) {
        ADD_FAILURE() << to_sfen(pos) << ": " << to_usi(pos, m) << " written '" << text
                      << "': " << e.what();
        continue;
      }
      EXPECT_EQ(back, m) << to_sfen(pos) << ": " << to_usi(pos, m) << " written '" << text
                         << "' read as " << to_usi(pos, back);
    }
  }
}

TEST(GameCourierRoundTrip, EveryLegalMoveOfChosenPositions) {
  expect_round_trips(at("chu"));
  expect_round_trips(at("chu", kLionAndPawns));
  expect_round_trips(at("shogi", kBishopsFace));
  expect_round_trips(at("shogi", kBishopsInHand));
  expect_round_trips(at("dai"));
  expect_round_trips(at("mitsugumi"));
}

TEST(GameCourierRoundTrip, RandomGames) {
  std::mt19937 rng(77);
  std::vector<std::shared_ptr<const Variant>> games;
  for (const std::string& id : builtin_variant_ids()) games.push_back(builtin_variant(id));
  auto drops = builtin_variant("chu");
  drops->set_option("drops", "true");
  games.push_back(drops);
  for (const auto& v : games) {
    Position pos = parse_sfen(v, v->setup);
    for (int ply = 0; ply < kRandomPlies; ++ply) {
      MoveList list;
      generate_moves(pos, list);
      if (list.size == 0) break;
      if (ply % 4 == 3) expect_round_trips(pos, 120);
      std::vector<Move> captures;
      for (const Move& m : list)
        if (is_capture(pos, m)) captures.push_back(m);
      Move m = !captures.empty() && rng() % 2 ? captures[rng() % captures.size()]
                                              : list[int(rng() % list.size)];
      Undo u;
      pos.do_move(m, u);
    }
  }
}

}  // namespace
}  // namespace kirin
