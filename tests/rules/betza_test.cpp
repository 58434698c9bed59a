// parse_betza: every atom and modifier, the lion-type multi-leg strings of Chu Shogi, and the
// character offsets of errors. Expected sets follow docs (docs/spec/README.md §1.3): vectors
// are seen from Black, dx > 0 to Black's right, dy > 0 forward.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

#include "rules/betza.h"

namespace kirin {
namespace {

constexpr uint8_t kMC = kModeMove | kModeCapture;

using LeapSet = std::set<std::tuple<int, int, int>>;              // dx, dy, mode
using SlideSet = std::set<std::tuple<int, int, int, int, bool>>;  // dx, dy, range, mode, hop
using TwoLegSet = std::set<std::tuple<int, int, int, int, int, int>>;  // v1, mode1, v2, mode2

LeapSet leaps_of(const MoveSpec& s) {
  LeapSet out;
  for (const auto& l : s.leaps) out.insert({l.v.dx, l.v.dy, l.mode});
  return out;
}
SlideSet slides_of(const MoveSpec& s) {
  SlideSet out;
  for (const auto& l : s.slides) out.insert({l.v.dx, l.v.dy, l.range, l.mode, l.hop});
  return out;
}
TwoLegSet two_legs_of(const MoveSpec& s) {
  TwoLegSet out;
  for (const auto& t : s.two_legs)
    out.insert({t.first.dx, t.first.dy, t.mode1, t.second.dx, t.second.dy, t.mode2});
  return out;
}

// Vector lists of the basic atoms.
const std::vector<std::pair<int, int>> kOrth = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
const std::vector<std::pair<int, int>> kDiag = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
const std::vector<std::pair<int, int>> kKnight = {{1, 2},  {-1, 2},  {1, -2}, {-1, -2},
                                                  {2, 1},  {2, -1},  {-2, 1}, {-2, -1}};

LeapSet leaps(const std::vector<std::pair<int, int>>& vs, int scale = 1, int mode = kMC) {
  LeapSet out;
  for (auto [x, y] : vs) out.insert({x * scale, y * scale, mode});
  return out;
}
SlideSet slides(const std::vector<std::pair<int, int>>& vs, int range = 0, int mode = kMC,
                bool hop = false) {
  SlideSet out;
  for (auto [x, y] : vs) out.insert({x, y, range, mode, hop});
  return out;
}
template <class S>
S join(S a, const S& b) {
  a.insert(b.begin(), b.end());
  return a;
}

// Leaps selected by a direction-modified single atom, ignoring mode.
std::set<std::pair<int, int>> dirs(std::string_view betza) {
  std::set<std::pair<int, int>> out;
  MoveSpec s = parse_betza(betza);
  for (const auto& l : s.leaps) {
    EXPECT_EQ(l.mode, kMC) << betza;
    out.insert({l.v.dx, l.v.dy});
  }
  for (const auto& l : s.slides) out.insert({l.v.dx, l.v.dy});
  return out;
}
using Dirs = std::set<std::pair<int, int>>;

Dirs king_dirs() {
  Dirs out(kOrth.begin(), kOrth.end());
  out.insert(kDiag.begin(), kDiag.end());
  return out;
}

// ---- Atoms --------------------------------------------------------------------------------

TEST(Betza, StepAtoms) {
  MoveSpec w = parse_betza("W");
  EXPECT_EQ(leaps_of(w), leaps(kOrth));
  EXPECT_TRUE(w.slides.empty());
  EXPECT_TRUE(w.two_legs.empty());
  EXPECT_EQ(w.max_leap, 1);

  MoveSpec f = parse_betza("F");
  EXPECT_EQ(leaps_of(f), leaps(kDiag));
  EXPECT_EQ(f.max_leap, 1);

  MoveSpec k = parse_betza("K");
  EXPECT_EQ(leaps_of(k), join(leaps(kOrth), leaps(kDiag)));
  EXPECT_EQ(k.leaps.size(), 8u);
  EXPECT_TRUE(k.slides.empty());
}

TEST(Betza, JumpAtoms) {
  MoveSpec d = parse_betza("D");
  EXPECT_EQ(leaps_of(d), leaps(kOrth, 2));
  EXPECT_EQ(d.max_leap, 2);

  MoveSpec a = parse_betza("A");
  EXPECT_EQ(leaps_of(a), leaps(kDiag, 2));
  EXPECT_EQ(a.max_leap, 2);

  MoveSpec n = parse_betza("N");
  EXPECT_EQ(leaps_of(n), leaps(kKnight));
  EXPECT_EQ(n.leaps.size(), 8u);
  EXPECT_EQ(n.max_leap, 2);
  EXPECT_TRUE(n.slides.empty());
}

TEST(Betza, SlidingAtoms) {
  MoveSpec r = parse_betza("R");
  EXPECT_TRUE(r.leaps.empty());
  EXPECT_EQ(slides_of(r), slides(kOrth));

  MoveSpec b = parse_betza("B");
  EXPECT_TRUE(b.leaps.empty());
  EXPECT_EQ(slides_of(b), slides(kDiag));

  MoveSpec q = parse_betza("Q");
  EXPECT_TRUE(q.leaps.empty());
  EXPECT_EQ(slides_of(q), join(slides(kOrth), slides(kDiag)));
  EXPECT_EQ(q.slides.size(), 8u);
}

TEST(Betza, DoubledAtomIsARider) {
  EXPECT_EQ(slides_of(parse_betza("WW")), slides(kOrth));
  EXPECT_EQ(slides_of(parse_betza("FF")), slides(kDiag));
  MoveSpec nn = parse_betza("NN");
  EXPECT_TRUE(nn.leaps.empty());
  EXPECT_EQ(slides_of(nn), slides(kKnight));
}

TEST(Betza, Combinations) {
  // Gold: W plus the two forward diagonals.
  MoveSpec gold = parse_betza("WfF");
  EXPECT_EQ(leaps_of(gold), join(leaps(kOrth), leaps({{1, 1}, {-1, 1}})));
  // Kirin FD, Phoenix WA.
  EXPECT_EQ(leaps_of(parse_betza("FD")), join(leaps(kDiag), leaps(kOrth, 2)));
  EXPECT_EQ(leaps_of(parse_betza("WA")), join(leaps(kOrth), leaps(kDiag, 2)));
  // Dragon King: rook slides plus diagonal steps.
  MoveSpec dk = parse_betza("RF");
  EXPECT_EQ(slides_of(dk), slides(kOrth));
  EXPECT_EQ(leaps_of(dk), leaps(kDiag));
  // A step along a line the piece also slides on adds nothing.
  MoveSpec wr = parse_betza("WR");
  EXPECT_TRUE(wr.leaps.empty());
  EXPECT_EQ(slides_of(wr), slides(kOrth));
  // ...but a step on a line it does not slide on stays.
  MoveSpec lance_w = parse_betza("fRW");
  EXPECT_EQ(slides_of(lance_w), slides({{0, 1}}));
  EXPECT_EQ(leaps_of(lance_w), leaps({{0, -1}, {1, 0}, {-1, 0}}));
}

// ---- Ranges --------------------------------------------------------------------------------

TEST(Betza, RangeLimitsASlide) {
  // W2: a slide of at most two steps in each orthogonal direction.
  MoveSpec w2 = parse_betza("W2");
  EXPECT_TRUE(w2.leaps.empty());
  EXPECT_EQ(slides_of(w2), slides(kOrth, 2));

  EXPECT_EQ(slides_of(parse_betza("F3")), slides(kDiag, 3));
  EXPECT_EQ(slides_of(parse_betza("R5")), slides(kOrth, 5));
  EXPECT_EQ(slides_of(parse_betza("B2")), slides(kDiag, 2));
  EXPECT_EQ(slides_of(parse_betza("Q12")), join(slides(kOrth, 12), slides(kDiag, 12)));
  EXPECT_EQ(slides_of(parse_betza("fW3")), slides({{0, 1}}, 3));
}

TEST(Betza, RangeOneIsAStep) {
  MoveSpec w1 = parse_betza("W1");
  EXPECT_TRUE(w1.slides.empty());
  EXPECT_EQ(leaps_of(w1), leaps(kOrth));
  MoveSpec r1 = parse_betza("R1");
  EXPECT_TRUE(r1.slides.empty());
  EXPECT_EQ(leaps_of(r1), leaps(kOrth));
}

TEST(Betza, LongerRangeWins) {
  // W2 and W3 on the same lines: one slide of range 3; an unlimited slide beats any range.
  EXPECT_EQ(slides_of(parse_betza("W2W3")), slides(kOrth, 3));
  EXPECT_EQ(slides_of(parse_betza("W3W2")), slides(kOrth, 3));
  EXPECT_EQ(slides_of(parse_betza("W2R")), slides(kOrth, 0));
  EXPECT_EQ(slides_of(parse_betza("RW2")), slides(kOrth, 0));
}

// ---- Modes ---------------------------------------------------------------------------------

TEST(Betza, MoveAndCaptureModes) {
  EXPECT_EQ(leaps_of(parse_betza("mW")), leaps(kOrth, 1, kModeMove));
  EXPECT_EQ(leaps_of(parse_betza("cF")), leaps(kDiag, 1, kModeCapture));
  EXPECT_EQ(leaps_of(parse_betza("mcW")), leaps(kOrth, 1, kMC));
  // Move-only and capture-only on the same vector combine.
  EXPECT_EQ(leaps_of(parse_betza("mWcW")), leaps(kOrth, 1, kMC));
  EXPECT_EQ(slides_of(parse_betza("mR")), slides(kOrth, 0, kModeMove));
  // A move-only slide does not swallow a capture-only step on the same line.
  MoveSpec s = parse_betza("mRcW");
  EXPECT_EQ(slides_of(s), slides(kOrth, 0, kModeMove));
  EXPECT_EQ(leaps_of(s), leaps(kOrth, 1, kModeCapture));
}

TEST(Betza, HopModeMakesACannon) {
  MoveSpec c = parse_betza("pR");
  EXPECT_TRUE(c.leaps.empty());
  EXPECT_EQ(slides_of(c), slides(kOrth, 0, kMC, true));
  // A cannon and a plain rook are different slides.
  MoveSpec both = parse_betza("RpR");
  EXPECT_EQ(slides_of(both), join(slides(kOrth), slides(kOrth, 0, kMC, true)));
  EXPECT_EQ(slides_of(parse_betza("mpR")), slides(kOrth, 0, kModeMove, true));
}

// ---- Directions ----------------------------------------------------------------------------

TEST(Betza, DirectionsOnOrthogonalAtoms) {
  EXPECT_EQ(dirs("fW"), (Dirs{{0, 1}}));
  EXPECT_EQ(dirs("bW"), (Dirs{{0, -1}}));
  EXPECT_EQ(dirs("lW"), (Dirs{{-1, 0}}));
  EXPECT_EQ(dirs("rW"), (Dirs{{1, 0}}));
  EXPECT_EQ(dirs("sW"), (Dirs{{1, 0}, {-1, 0}}));
  EXPECT_EQ(dirs("vW"), (Dirs{{0, 1}, {0, -1}}));
  EXPECT_EQ(dirs("fD"), (Dirs{{0, 2}}));
  EXPECT_EQ(dirs("sD"), (Dirs{{2, 0}, {-2, 0}}));
  EXPECT_EQ(dirs("fR"), (Dirs{{0, 1}}));
  EXPECT_EQ(dirs("vR"), (Dirs{{0, 1}, {0, -1}}));
  EXPECT_EQ(dirs("sR"), (Dirs{{1, 0}, {-1, 0}}));
  // Several letters: the union.
  EXPECT_EQ(dirs("sfW"), (Dirs{{1, 0}, {-1, 0}, {0, 1}}));  // Drunk Elephant's W part
  EXPECT_EQ(dirs("sbR"), (Dirs{{1, 0}, {-1, 0}, {0, -1}}));
  EXPECT_EQ(dirs("fbW"), dirs("vW"));
  EXPECT_EQ(dirs("lrW"), dirs("sW"));
}

TEST(Betza, DirectionsOnDiagonalAtoms) {
  EXPECT_EQ(dirs("fF"), (Dirs{{1, 1}, {-1, 1}}));
  EXPECT_EQ(dirs("bF"), (Dirs{{1, -1}, {-1, -1}}));
  EXPECT_EQ(dirs("lF"), (Dirs{{-1, 1}, {-1, -1}}));
  EXPECT_EQ(dirs("rF"), (Dirs{{1, 1}, {1, -1}}));
  EXPECT_EQ(dirs("flF"), (Dirs{{-1, 1}}));
  EXPECT_EQ(dirs("frF"), (Dirs{{1, 1}}));
  EXPECT_EQ(dirs("blF"), (Dirs{{-1, -1}}));
  EXPECT_EQ(dirs("brF"), (Dirs{{1, -1}}));
  EXPECT_EQ(dirs("lfF"), dirs("flF"));  // order-insensitive
  EXPECT_EQ(dirs("fA"), (Dirs{{2, 2}, {-2, 2}}));
  EXPECT_EQ(dirs("bB"), (Dirs{{1, -1}, {-1, -1}}));
  EXPECT_EQ(dirs("fB"), (Dirs{{1, 1}, {-1, 1}}));
  EXPECT_EQ(dirs("frFblF"), (Dirs{{1, 1}, {-1, -1}}));
}

TEST(Betza, DirectionsOnObliqueAtoms) {
  // One letter: the narrow pair closest to that direction.
  EXPECT_EQ(dirs("fN"), (Dirs{{1, 2}, {-1, 2}}));  // the two shogi-knight jumps
  EXPECT_EQ(dirs("ffN"), dirs("fN"));
  EXPECT_EQ(dirs("bN"), (Dirs{{1, -2}, {-1, -2}}));
  EXPECT_EQ(dirs("lN"), (Dirs{{-2, 1}, {-2, -1}}));
  EXPECT_EQ(dirs("rN"), (Dirs{{2, 1}, {2, -1}}));
  // Two letters: the wide pair.
  EXPECT_EQ(dirs("fsN"), (Dirs{{2, 1}, {-2, 1}}));
  EXPECT_EQ(dirs("bsN"), (Dirs{{2, -1}, {-2, -1}}));
  // s and v: four each.
  EXPECT_EQ(dirs("sN"), (Dirs{{2, 1}, {-2, 1}, {2, -1}, {-2, -1}}));
  EXPECT_EQ(dirs("vN"), (Dirs{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}));
  // All four forward jumps, as the spec writes them.
  EXPECT_EQ(dirs("fNfsN"), (Dirs{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}));
  EXPECT_EQ(dirs("sNvN"), dirs("N"));
}

TEST(Betza, DirectionsOnKingAndQueen) {
  EXPECT_EQ(dirs("fK"), (Dirs{{0, 1}, {1, 1}, {-1, 1}}));
  EXPECT_EQ(dirs("bK"), (Dirs{{0, -1}, {1, -1}, {-1, -1}}));
  EXPECT_EQ(dirs("fQ"), (Dirs{{0, 1}, {1, 1}, {-1, 1}}));
  // Chu pieces written with directions.
  EXPECT_EQ(dirs("FsfW"), (Dirs{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}}));
  EXPECT_EQ(dirs("FsbW"), (Dirs{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, -1}}));
  EXPECT_EQ(dirs("fFvW"), (Dirs{{1, 1}, {-1, 1}, {0, 1}, {0, -1}}));
}

// ---- Multi-leg (lion-type) moves -------------------------------------------------------------

TEST(Betza, CaptureThenStep) {
  // caK: capture on an adjacent square, then any king step (including back: igui).
  MoveSpec s = parse_betza("caK");
  EXPECT_TRUE(s.leaps.empty());
  EXPECT_TRUE(s.slides.empty());
  TwoLegSet want;
  for (auto [x1, y1] : king_dirs())
    for (auto [x2, y2] : king_dirs()) want.insert({x1, y1, kModeCapture, x2, y2, kMC});
  EXPECT_EQ(two_legs_of(s), want);
  EXPECT_EQ(s.max_leap, 2);
}

TEST(Betza, StepAndBack) {
  // mcabK: a step to an adjacent square (empty or capture) and back to the start.
  MoveSpec s = parse_betza("mcabK");
  TwoLegSet want;
  for (auto [x, y] : king_dirs()) want.insert({x, y, kMC, -x, -y, kMC});
  EXPECT_EQ(two_legs_of(s), want);
}

TEST(Betza, LionKNADcaKmcabK) {
  MoveSpec s = parse_betza("KNADcaKmcabK");
  // Jumps to every square within two: 8 + 8 + 4 + 4.
  LeapSet want_leaps = join(join(leaps(kOrth), leaps(kDiag)),
                            join(leaps(kKnight), join(leaps(kOrth, 2), leaps(kDiag, 2))));
  EXPECT_EQ(want_leaps.size(), 24u);
  EXPECT_EQ(leaps_of(s), want_leaps);
  EXPECT_TRUE(s.slides.empty());
  // 64 two-step shapes: the first step must capture, except straight back to the start where
  // it may also go to an empty square (the pass / igui).
  TwoLegSet want;
  for (auto [x1, y1] : king_dirs())
    for (auto [x2, y2] : king_dirs())
      want.insert({x1, y1, (x2 == -x1 && y2 == -y1) ? int(kMC) : int(kModeCapture), x2, y2, kMC});
  EXPECT_EQ(want.size(), 64u);
  EXPECT_EQ(two_legs_of(s), want);
  EXPECT_EQ(s.two_legs.size(), 64u);
  EXPECT_EQ(s.max_leap, 2);
}

TEST(Betza, HornedFalconBsbRfWfDfcavWfabW) {
  MoveSpec s = parse_betza("BsbRfWfDfcavWfabW");
  EXPECT_EQ(slides_of(s), join(slides(kDiag), slides({{1, 0}, {-1, 0}, {0, -1}})));
  EXPECT_EQ(leaps_of(s), leaps({{0, 1}, {0, 2}}));
  // Forward: capture and continue forward (fcavW: same line either way), capture and come
  // back (igui), or step to an empty square and come back (pass).
  TwoLegSet want = {
      {0, 1, kModeCapture, 0, 1, kMC},
      {0, 1, kMC, 0, -1, kMC},
  };
  EXPECT_EQ(two_legs_of(s), want);
  EXPECT_EQ(s.max_leap, 2);
}

TEST(Betza, SoaringEagleRbBfFfAfcavFfabF) {
  MoveSpec s = parse_betza("RbBfFfAfcavFfabF");
  EXPECT_EQ(slides_of(s), join(slides(kOrth), slides({{1, -1}, {-1, -1}})));
  EXPECT_EQ(leaps_of(s), leaps({{1, 1}, {-1, 1}, {2, 2}, {-2, 2}}));
  TwoLegSet want;
  for (int x : {1, -1}) {
    want.insert({x, 1, kModeCapture, x, 1, kMC});
    want.insert({x, 1, kMC, -x, -1, kMC});
  }
  EXPECT_EQ(two_legs_of(s), want);
}

TEST(Betza, SecondLegDirectionsAreRelative) {
  // fcafW: capture forward, then continue forward only.
  EXPECT_EQ(two_legs_of(parse_betza("fcafW")), (TwoLegSet{{0, 1, kModeCapture, 0, 1, kMC}}));
  // rcabW: capture to the right, then come back.
  EXPECT_EQ(two_legs_of(parse_betza("rcabW")), (TwoLegSet{{1, 0, kModeCapture, -1, 0, kMC}}));
  // lcasW: capture to the left, then sideways relative to that step (forward or back).
  EXPECT_EQ(two_legs_of(parse_betza("lcasW")),
            (TwoLegSet{{-1, 0, kModeCapture, 0, 1, kMC}, {-1, 0, kModeCapture, 0, -1, kMC}}));
  // A first leg without a mode must go to an empty square; a second-leg mode applies.
  EXPECT_EQ(two_legs_of(parse_betza("fafmW")), (TwoLegSet{{0, 1, kModeMove, 0, 1, kModeMove}}));
}

TEST(Betza, ContinuationLegsTurnInTheKingSystem) {
  // As in XBetza, a continuation leg's letters name King directions relative to the first leg,
  // so a one-step atom may turn by 45 degrees: afsW is the Xiangqi Horse.
  EXPECT_EQ(two_legs_of(parse_betza("mfafsmW")),
            (TwoLegSet{{0, 1, kModeMove, 1, 1, kModeMove}, {0, 1, kModeMove, -1, 1, kModeMove}}));
  // Diagonal forward-right, then 45 degrees to either side: straight right or straight ahead.
  EXPECT_EQ(two_legs_of(parse_betza("frafsF")),
            (TwoLegSet{{1, 1, kModeMove, 1, 0, kMC}, {1, 1, kModeMove, 0, 1, kMC}}));
  // Back by 135 degrees, one side only: after a step ahead, diagonally back to the left.
  EXPECT_EQ(two_legs_of(parse_betza("fablW")), (TwoLegSet{{0, 1, kModeMove, -1, -1, kMC}}));
  // Without direction letters the second leg keeps the atom's own steps.
  EXPECT_EQ(two_legs_of(parse_betza("faW")).size(), 4u);
}

// ---- Errors --------------------------------------------------------------------------------

// The offset of the BetzaError thrown for `text`, or -1 (with a test failure) if none.
long error_offset(std::string_view text) {
  try {
    parse_betza(text);
  } catch (const BetzaError& e) {
    EXPECT_NE(std::string(e.what()), "") << text;
    return long(e.offset());
  }
  ADD_FAILURE() << "no BetzaError for '" << text << "'";
  return -1;
}

std::string error_text(std::string_view text) {
  try {
    parse_betza(text);
  } catch (const BetzaError& e) {
    return e.what();
  }
  return "";
}

TEST(BetzaErrors, Empty) { EXPECT_EQ(error_offset(""), 0); }

TEST(BetzaErrors, UnknownAtom) {
  EXPECT_EQ(error_offset("X"), 0);
  EXPECT_EQ(error_offset("WX"), 1);
  EXPECT_EQ(error_offset("WfX"), 2);
  EXPECT_EQ(error_offset("KNADcaKmcabY"), 11);
  EXPECT_EQ(error_offset("W2*"), 2);
  EXPECT_NE(error_text("WX").find("'X'"), std::string::npos) << error_text("WX");
}

TEST(BetzaErrors, UnknownModifier) {
  EXPECT_EQ(error_offset("jW"), 0);
  EXPECT_EQ(error_offset("FjW"), 1);
  EXPECT_EQ(error_offset("WfzF"), 2);
  EXPECT_EQ(error_offset("KNADcaKmcnbK"), 9);
  EXPECT_NE(error_text("FjW").find("'j'"), std::string::npos) << error_text("FjW");
}

TEST(BetzaErrors, ModifiersWithoutAtom) {
  // Reported where the atom is missing: the end of the string.
  EXPECT_EQ(error_offset("f"), 1);
  EXPECT_EQ(error_offset("Wfs"), 3);
  EXPECT_EQ(error_offset("KNADca"), 6);
}

TEST(BetzaErrors, RangeZero) {
  EXPECT_EQ(error_offset("W0"), 1);
  EXPECT_EQ(error_offset("KR0"), 2);
  EXPECT_EQ(error_offset("fW00"), 2);
}

TEST(BetzaErrors, RangeTooLarge) { EXPECT_EQ(error_offset("R999"), 1); }

TEST(BetzaErrors, MoreThanTwoLegs) {
  EXPECT_EQ(error_offset("cacaK"), 4);
  EXPECT_EQ(error_offset("WmcamcabK"), 8);
}

TEST(BetzaErrors, DirectionsSelectingNothing) {
  // A second leg that is forward-and-sideways of a two-square jump: no such D vector (only
  // one-step atoms turn by 45 degrees).
  EXPECT_EQ(error_offset("cafsD"), 0);
  EXPECT_EQ(error_offset("KcafrD"), 1);
  EXPECT_NE(error_text("cafsD").find("select no move"), std::string::npos);
}

TEST(BetzaErrors, UnsupportedLegs) {
  EXPECT_EQ(error_offset("pW"), 0);    // hopping needs a slider
  EXPECT_EQ(error_offset("FcaR"), 3);  // sliding legs in a two-leg move
  EXPECT_EQ(error_offset("capK"), 2);  // hopping on a second leg
}

}  // namespace
}  // namespace kirin
