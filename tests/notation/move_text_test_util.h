// Test helpers shared by the tests of the notations that write a move with piece names and
// squares (pbm_test.cpp, gamecourier_test.cpp): positions of the built-in games, the positions
// both tests use, the error a notation's reader reports, and round trips over the legal moves
// of chosen positions and of random games.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "../random_play.h"
#include "notation/notation_error.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin::test {

#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
inline constexpr int kRandomPlies = 24;  // sanitizer and debug builds are several times slower
#else
inline constexpr int kRandomPlies = 80;
#endif

// A built-in game at its setup, or at `sfen`.
inline Position at(std::string_view game, std::string_view sfen = {}) {
  std::shared_ptr<const Variant> v = builtin_variant(game);
  return parse_sfen(v, sfen.empty() ? v->setup : sfen);
}

// Chu: Black Lion on 7g, White Pawns on 6f and 5e.
inline constexpr const char* kLionAndPawns = "k11/12/12/12/7p4/6p5/5N6/12/12/12/12/11K b - 1";
// Shogi after 1. P7g-7f P3c-3d: the Bishops face each other.
inline constexpr const char* kBishopsFace =
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
// Shogi: both sides have a Bishop in hand.
inline constexpr const char* kBishopsInHand =
    "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/7R1/LNSGKGSNL b Bb 1";

// The error `read(pos, text)` throws; a test failure if it reads a move instead (and then an
// error that no check expects).
template <class Read>
NotationError read_error(const Read& read, const Position& pos, std::string_view text) {
  try {
    Move m = read(pos, text);
    ADD_FAILURE() << "'" << text << "' was accepted as " << to_usi(pos, m);
  } catch (const NotationError& e) {
    return e;
  }
  return NotationError("none", "none", -2);
}

// Success if `e` is a move's error (field "move") whose message contains `part`.
inline testing::AssertionResult is_move_error(const NotationError& e, std::string_view part) {
  if (std::string_view(e.what()).find(part) == std::string_view::npos)
    return testing::AssertionFailure() << "'" << part << "' is not in: " << e.what();
  if (e.field() != "move")
    return testing::AssertionFailure() << "field '" << e.field() << "', not 'move': " << e.what();
  return testing::AssertionSuccess();
}

// Calls `visit` with every legal move of `pos`, or with an even sample of a list longer than
// `max_moves`.
template <class Visit>
void for_each_legal_move(const Position& pos, int max_moves, const Visit& visit) {
  MoveList list;
  generate_moves(pos, list);
  int stride = std::max(1, list.size / max_moves);
  for (int i = 0; i < list.size; i += stride) visit(list[i]);
}

// `text`, which a notation wrote for the legal move `m`, reads back as `m`.
template <class Read>
void expect_reads_back(const Position& pos, const Move& m, const std::string& text,
                       const Read& read) {
  Move back;
  try {
    back = read(pos, text);
  } catch (const NotationError& e) {
    ADD_FAILURE() << to_sfen(pos) << ": " << to_usi(pos, m) << " written '" << text
                  << "': " << e.what();
    return;
  }
  EXPECT_EQ(back, m) << to_sfen(pos) << ": " << to_usi(pos, m) << " written '" << text
                     << "' read as " << to_usi(pos, back);
}

// The positions whose every legal move both notations' round trips cover: the setups of Chu,
// Dai and Mitsugumi, the Lion among Pawns, and the shogi Bishops facing and in hand.
inline std::vector<Position> round_trip_positions() {
  return {
      at("chu"), at("chu", kLionAndPawns), at("shogi", kBishopsFace), at("shogi", kBishopsInHand),
      at("dai"), at("mitsugumi")};
}

// A random game of kRandomPlies moves (or until no move is left) in every built-in game and in
// Chu with drops, the moves drawn with `seed`, captures preferred so that pieces reach hands
// and Lions meet. Every fourth position (from the fourth) is passed to `visit`. The seed may be
// varied by `make test-long` (tests/random_play.h).
template <class Visit>
void play_random_games(std::uint32_t seed, const Visit& visit) {
  std::mt19937 rng(random_seed(seed));
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
      if (ply % 4 == 3) visit(pos);
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

}  // namespace kirin::test

// The reader refuses `text` in `pos` with a move's error whose message contains `part` (and,
// for EXPECT_ERROR_AT, at character `want_offset` of the text). The reader is the test file's
// `NotationError error_of(const Position&, std::string_view)`, which calls test::read_error
// with the notation's parse function.
#define EXPECT_ERROR(pos, text, part) \
  EXPECT_TRUE(kirin::test::is_move_error(error_of(pos, text), part))

#define EXPECT_ERROR_AT(pos, text, part, want_offset)  \
  do {                                                 \
    NotationError e_ = error_of(pos, text);            \
    EXPECT_TRUE(kirin::test::is_move_error(e_, part)); \
    EXPECT_EQ(e_.offset(), want_offset) << e_.what();  \
  } while (0)
