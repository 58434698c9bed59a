// Piece move diagrams as `kirin show-variant` prints them, checked against the rules files.
#include "notation/piece_diagram.h"

#include <gtest/gtest.h>

#include "rules/catalog.h"

namespace kirin {
namespace {

const PieceType& piece_named(const Variant& v, std::string_view name) {
  for (Kind k = 1; k <= v.num_kinds(); ++k)
    if (v.piece(k).name == name) return v.piece(k);
  throw std::runtime_error("no piece " + std::string(name));
}

TEST(PieceDiagram, ChuLionShowsEverySquareWithinTwoAndItsIguiAndPass) {
  auto chu = builtin_variant("chu");
  EXPECT_EQ(piece_diagram(piece_named(*chu, "Lion")),
            "    o o o o o\n"
            "    o o o o o\n"
            "    o o X o o\n"
            "    o o o o o\n"
            "    o o o o o\n"
            "    two-step: capture one step forward, right, back, left, forward-right, "
            "back-right, forward-left, back-left, then step on (capturing again or not), or back "
            "to the start (igui)\n"
            "    pass: may step to an empty neighbour and back\n");
}

TEST(PieceDiagram, LameLeapsAreStarred) {
  // 10x10 Chu Seireigi Horned Falcon: slides diagonally, sideways and back, jumps two
  // orthogonally, and steps forward to an empty square, then diagonally forward (the stars).
  auto ten = builtin_variant("chu-seireigi-10");
  EXPECT_EQ(piece_diagram(piece_named(*ten, "Horned Falcon")),
            "    \\ . . . . . /\n"
            "    . \\ * o * / .\n"
            "    . . \\ o / . .\n"
            "    - o - X - o -\n"
            "    . . / | \\ . .\n"
            "    . / . o . \\ .\n"
            "    / . . | . . \\\n"
            "    two-step: capture one step forward, then step on to an empty square (sting), or "
            "back to the start (igui)\n"
            "    two-step through an empty square (*): first step forward\n");
}

}  // namespace
}  // namespace kirin
