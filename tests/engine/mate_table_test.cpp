// The mate solver's table (engine/mate_table.h): hands packed by HandCode, and the dominance
// it applies: a proof found for every hand that holds the proof's pieces, a disproof for
// every hand within the disproof's, and never the other way.
#include "engine/mate_table.h"

#include <gtest/gtest.h>

#include "notation/sfen.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

Position shogi(const std::string& sfen) { return parse_sfen(builtin_variant("shogi"), sfen); }

// A tsume board (Black attacks a King on 1a, White holds every piece not on the board or in
// Black's hand), with Black's hand `hand` and White's `theirs`.
Position with_hands(const std::string& hand, const std::string& theirs) {
  return shogi("8k/9/8G/9/9/9/9/9/9 b " + hand + theirs + " 1");
}

TEST(MateTableHands, ABoardHasOneKeyWhateverItsHands) {
  const Position root = with_hands("G", "2r2b2g4s4n4l18p");
  HandCode code;
  code.setup(root, kBlack);
  ASSERT_TRUE(code.enabled());
  const auto a = code.locate(root);
  const auto b = code.locate(with_hands("2G", "2r2bg4s4n4l18p"));
  const auto c = code.locate(shogi("7k1/9/8G/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"));
  EXPECT_EQ(a.board, b.board);
  EXPECT_NE(a.hands, b.hands);
  EXPECT_NE(a.board, c.board);
  EXPECT_EQ(a.hands, c.hands);
}

TEST(MateTableHands, NoDominanceWithoutDrops) {
  HandCode code;
  code.setup(parse_sfen(builtin_variant("chu"), std::string(
                 "11k/12/12/12/12/12/12/12/12/12/12/K11 b - 1")), kBlack);
  EXPECT_FALSE(code.enabled());
}

// A table holding one entry, a proof or a disproof of `root`, under `root`'s own hands.
struct OneEntry {
  HandCode code;
  Table table;
  HandCode::Located at;
  OneEntry(const Position& root, bool proof) {
    code.setup(root, kBlack);
    table.resize(1);
    table.set_hand_code(&code);
    at = code.locate(root);
    Entry e;
    e.key = at.board;
    e.hands = at.hands;
    e.pn = proof ? 0 : 1u << 30;
    e.dn = proof ? 1u << 30 : 0;
    table.store(e, at.hands);
  }
  const Entry* find(const Position& pos) const {
    return table.find(at.board, code.locate(pos).hands);
  }
};

TEST(MateTableHands, AProofHoldsForMoreOfTheAttackersPiecesOnly) {
  const OneEntry proved(with_hands("G", "2r2b2g4s4n4l18p"), true);
  EXPECT_NE(proved.find(with_hands("2G", "2r2bg4s4n4l18p")), nullptr);
  EXPECT_EQ(proved.find(with_hands("", "2r2b3g4s4n4l18p")), nullptr);
}

TEST(MateTableHands, ADisproofIsNeverAppliedToABiggerAttackersHand) {
  OneEntry disproved(with_hands("G", "2r2b2g4s4n4l18p"), false);
  const Position two = with_hands("2G", "2r2bg4s4n4l18p");
  EXPECT_EQ(disproved.find(two), nullptr);
  const Entry* e = disproved.find(with_hands("", "2r2b3g4s4n4l18p"));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->dn, 0u);
  // An open entry of the bigger hand is found as it is, never as the disproof.
  Entry open;
  open.key = disproved.at.board;
  open.hands = disproved.code.locate(two).hands;
  open.pn = open.dn = 3;
  disproved.table.store(open, open.hands);
  e = disproved.find(two);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->dn, 3u);
}

TEST(MateTableHands, PiecesAcrossAMove) {
  // A Gold dropped by the attacker: the proof after it needs one Gold more before it; a
  // Silver taken: one Silver less (never below none).
  const Position before = with_hands("G", "2r2b2g4s4n4l18p");
  HandCode code;
  code.setup(before, kBlack);
  const uint64_t node = code.locate(before).hands;
  const uint64_t child = code.locate(with_hands("", "2r2b2g4s4n4l18p")).hands;
  const uint64_t none = code.any(true);  // no piece needed after the drop
  const uint64_t needed = code.across(none, child, node, true);
  EXPECT_TRUE(code.proves(needed, node));
  EXPECT_FALSE(code.proves(needed, child));
  const uint64_t taken = code.locate(with_hands("GS", "2r2b2g3s4n4l18p")).hands;
  EXPECT_EQ(code.across(none, taken, node, true), none);
  // A disproof that allowed the attacker everything allows it everything before the move;
  // held to none of the kinds it lacks, it allows no Rook.
  const uint64_t all = code.any(false);
  EXPECT_TRUE(code.disproves(code.across(all, child, node, false), node));
  const uint64_t held = code.none_of_the_missing(all, node, false);
  EXPECT_TRUE(code.disproves(held, node));
  EXPECT_FALSE(code.disproves(held, code.locate(with_hands("GR", "r2b2g4s4n4l18p")).hands));
}

}  // namespace
}  // namespace kirin
