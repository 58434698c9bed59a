// Handicaps: named ones and the play-by-email server's general syntax (rules README §3).
// Expected boards worked out by hand from the start positions.
#include <gtest/gtest.h>

#include "notation/handicap.h"
#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

std::string handicap(const char* game, const char* spec) {
  return to_sfen(handicap_position(builtin_variant(game), spec));
}

long error_offset(const char* game, const char* spec) {
  try {
    handicap_position(builtin_variant(game), spec);
  } catch (const NotationError& e) {
    EXPECT_EQ(e.field(), "handicap");
    return e.offset();
  }
  ADD_FAILURE() << spec << " was accepted";
  return -2;
}

TEST(Handicap, PbmservNamesAreTheLishogiHandicaps) {
  auto chu = builtin_variant("chu");
  EXPECT_EQ(handicap("chu", "2ln"), handicap("chu", "2-lions"));
  EXPECT_EQ(handicap("chu", "3ln"), handicap("chu", "3-lions"));
  // Black's Kirin on 7k starts promoted; White moves first.
  EXPECT_EQ(handicap("chu", "2ln"),
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
            "MVRHDNQDHRVM/A1B1T+OXT1B1A/LFCSGKEGSCFL w - 1");
}

TEST(Handicap, PieceLettersRemoveWhitesLeftmostFirst) {
  // White's left is file 1: "L" takes the Lance on 1a (the classic lance handicap).
  EXPECT_EQ(handicap("shogi", "L"), "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(handicap("shogi", "RL"), "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(handicap("shogi", "LL"), "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
}

TEST(Handicap, SquaresAndPlacements) {
  // 8b holds White's Rook; both square spellings work.
  const char* no_rook = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
  EXPECT_EQ(handicap("shogi", "8b"), no_rook);
  EXPECT_EQ(handicap("shogi", "b8"), no_rook);
  // 8b=G: White's Rook replaced by a Gold (the square is in White's half).
  EXPECT_EQ(handicap("shogi", "8b=G"), "lnsgkgsnl/1g5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(handicap("shogi", "8b,1a"), "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
}

TEST(Handicap, ShogiPieceCounts) {
  EXPECT_EQ(handicap("shogi", "2p"), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(handicap("shogi", "6p"), "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(handicap("shogi", "10p"), "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
}

TEST(Handicap, Errors) {
  EXPECT_EQ(error_offset("shogi", ""), 0);
  EXPECT_EQ(error_offset("shogi", "8b,zz"), 3);     // not a square, not a piece
  EXPECT_EQ(error_offset("shogi", "R,,L"), 2);      // empty item
  EXPECT_EQ(error_offset("shogi", "RRR"), 1);       // only one Rook to remove
  EXPECT_EQ(error_offset("shogi", "3p"), 0);        // no such shogi handicap
  EXPECT_EQ(error_offset("shogi", "99999999999p"), 0);  // not an int: refused, not thrown out
  EXPECT_EQ(error_offset("shogi", "R,010p"), 2);
  EXPECT_EQ(error_offset("chu", "2p"), 0);          // Np is shogi only
  EXPECT_EQ(error_offset("shogi", "8b=Z"), 3);      // no such piece
  EXPECT_EQ(error_offset("shogi", "5a"), 0);        // removes White's King
}

}  // namespace
}  // namespace kirin
