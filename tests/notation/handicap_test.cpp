// Handicaps: named ones and the play-by-email server's general syntax (rules README §3).
// Expected boards worked out by hand from the start positions.
#include <gtest/gtest.h>

#include <set>

#include "notation/handicap.h"
#include "notation/sfen.h"
#include "notation/written_move.h"
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

std::string handicap_error(const char* game, const char* spec) {
  try {
    handicap_position(builtin_variant(game), spec);
  } catch (const NotationError& e) {
    return e.what();
  }
  ADD_FAILURE() << spec << " was accepted";
  return "";
}

// Chu's White ranks a-c of the start position, to write a changed one.
std::string chu_white(const char* a, const char* b, const char* c) {
  return std::string(a) + "/" + b + "/" + c +
         "/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
         "LFCSGKEGSCFL w - 1";
}
const char* kChuA = "lfcsgekgscfl";
const char* kChuB = "a1b1txot1b1a";
const char* kChuC = "mvrhdqndhrvm";

TEST(Handicap, ChuPiecesByPbmservCodes) {
  // Two-letter codes are read whole: Ph is the Phoenix (not a Pawn and a Dragon Horse).
  EXPECT_EQ(handicap("chu", "Ph"), chu_white(kChuA, "a1b1t1ot1b1a", kChuC));
  EXPECT_EQ(handicap("chu", "Ln"), chu_white(kChuA, kChuB, "mvrhdq1dhrvm"));
  EXPECT_EQ(handicap("chu", "DE"), chu_white("lfcsg1kgscfl", kChuB, kChuC));
  EXPECT_EQ(handicap("chu", "Ky"), chu_white(kChuA, "a1b1tx1t1b1a", kChuC));
  // RC is the Reverse Chariot (White's leftmost, on 1b); "R,C" a Rook and a Copper.
  EXPECT_EQ(handicap("chu", "RC"), chu_white(kChuA, "a1b1txot1b2", kChuC));
  EXPECT_EQ(handicap("chu", "R,C"), chu_white("lfcsgekgs1fl", kChuB, "mvrhdqndh1vm"));
  EXPECT_EQ(handicap("chu", "PhLn"), chu_white(kChuA, "a1b1t1ot1b1a", "mvrhdq1dhrvm"));
  // 8b=Ln: a White Lion on 8b in place of the Blind Tiger.
  EXPECT_EQ(handicap("chu", "8b=Ln"), chu_white(kChuA, "a1b1nxot1b1a", kChuC));
  EXPECT_EQ(handicap("chu", "8b=+DH"), chu_white(kChuA, "a1b1+hxot1b1a", kChuC));
}

TEST(Handicap, CodesInAnyCase) {
  for (const char* spec : {"ph", "PH", "pH"}) EXPECT_EQ(handicap("chu", spec), handicap("chu", "Ph"));
  EXPECT_EQ(handicap("chu", "ln"), handicap("chu", "Ln"));
  EXPECT_EQ(handicap("chu", "KY"), handicap("chu", "Ky"));
  EXPECT_EQ(handicap("chu", "8b=ln"), handicap("chu", "8b=Ln"));
  EXPECT_EQ(handicap("chu", "2LN"), handicap("chu", "2ln"));
  EXPECT_EQ(handicap("shogi", "rl"), handicap("shogi", "RL"));
  // Reading codes in any case is sound only while no two codes of a game differ in case alone.
  for (const char* game : {"chu", "dai", "shogi"}) {
    auto v = builtin_variant(game);
    std::set<std::string> seen;
    for (Kind k = 1; k <= v->num_kinds(); ++k) {
      std::string code = pbm_code(*v, k);
      for (char& c : code) c = char(std::tolower(static_cast<unsigned char>(c)));
      EXPECT_TRUE(seen.insert(code).second) << game << " " << code;
    }
  }
}

TEST(Handicap, DaiNamedAndCodes) {
  const char* dai_rest =
      "/a1c'1f1tet1f1c'1a/1x'1a'1w'xnow'1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4i5i4/15/15/"
      "15/4I5I4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1W'ONXW'1A'1X'1/A1C'1F1TET1F1C'1A/"
      "LN'U'I'CSGKGSCI'U'N'L w - 1";
  EXPECT_EQ(handicap("dai", "IG"), "ln'u'i'csgkgsc1u'n'l" + std::string(dai_rest));
  EXPECT_EQ(handicap("dai", "St"), "ln'u'i'csgkgsci'1n'l" + std::string(dai_rest));
  EXPECT_EQ(handicap("dai", "N"), "ln'u'i'csgkgsci'u'1l" + std::string(dai_rest));
  // In Dai LN is the Lion, not a Lance and a Knight (those are "L,N").
  EXPECT_EQ(handicap("dai", "LN"), handicap("dai", "Ln"));
  EXPECT_NE(handicap("dai", "L,N"), handicap("dai", "Ln"));
  // pbmserv's Chu handicaps mean the same in Dai: Black's Kirin on 8m starts as a Lion.
  EXPECT_EQ(handicap("dai", "2ln"),
            "ln'u'i'csgkgsci'u'n'l/a1c'1f1tet1f1c'1a/1x'1a'1w'xnow'1a'1x'1/rf'mvbhdqdhbvmf'r/"
            "ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/"
            "1X'1A'1W'+ONXW'1A'1X'1/A1C'1F1TET1F1C'1A/LN'U'I'CSGKGSCI'U'N'L w - 1");
  EXPECT_EQ(handicap("dai", "3ln"),
            "ln'u'i'csgkgsci'u'n'l/a1c'1f1tet1f1c'1a/1x'1a'1w'xnxw'1a'1x'1/rf'mvbhdqdhbvmf'r/"
            "ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/"
            "1X'1A'1W'+ON+OW'1A'1X'1/A1C'1F1TET1F1C'1A/LN'U'I'CSGKGSCI'U'N'L w - 1");
}

TEST(Handicap, CodeNotOfTheGameIsNamed) {
  // Chu has no Iron General: an error naming the code and Chu's codes, no piece removed.
  EXPECT_EQ(error_offset("chu", "PhIG"), 2);
  std::string why = handicap_error("chu", "PhIG");
  EXPECT_NE(why.find("'IG' (of 'PhIG') is neither a square nor a piece of Chu Shogi"),
            std::string::npos)
      << why;
  EXPECT_NE(why.find("its codes are K, DE, G, S, C, FL, BT, Ky, Ph"), std::string::npos) << why;
  EXPECT_NE(why.find("2-lions (2ln), 3-lions (3ln)"), std::string::npos) << why;
  EXPECT_EQ(error_offset("chu", "8b=IG"), 3);
  EXPECT_NE(handicap_error("chu", "8b=Q").find("'Q' is not a piece of Chu Shogi"),
            std::string::npos);
  EXPECT_EQ(error_offset("shogi", "Ph"), 1);  // no Phoenix in shogi, nor a Horse
  EXPECT_EQ(error_offset("dai", "Z"), 0);
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
