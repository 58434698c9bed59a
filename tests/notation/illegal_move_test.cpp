// Why a move is refused, the same in every notation: USI, pbmserv and Game Courier all ask
// rules/illegal_move.h, which relaxes the rules in the position itself (its skips, promotion
// deferrals and counter-strike square kept) to find the rule that forbids the move.
#include <gtest/gtest.h>

#include "move_text_test_util.h"
#include "notation/gamecourier.h"
#include "notation/pbm.h"
#include "notation/usi.h"

namespace kirin {
namespace {

using test::at;
using test::is_move_error;
using test::read_error;

NotationError usi_error(const Position& pos, std::string_view text) {
  return read_error(parse_usi, pos, text);
}
NotationError pbm_error(const Position& pos, std::string_view text) {
  return read_error(parse_pbm_move, pos, text);
}
NotationError gc_error(const Position& pos, std::string_view text) {
  auto read = [](const Position& p, std::string_view t) { return parse_gamecourier_move(p, t); };
  return read_error(read, pos, text);
}

Position after(Position pos, std::initializer_list<std::string_view> moves) {
  for (std::string_view text : moves) {
    Undo u;
    pos.do_move(parse_usi(pos, text), u);
  }
  return pos;
}

TEST(IllegalMove, SecondSkipInARowInEveryNotation) {
  // Mitsugumi: Black's Lion on 7g skips (7g7f7g), White's King steps; a second skip is
  // refused by the no-consecutive-skips rule. The USI reader used to rebuild the position
  // without its skip flags to ask which rule forbids the move, found the skip legal once the
  // Lion rules were relaxed, and blamed lion_protection; pbmserv's reader kept them.
  Position pos = after(at("mitsugumi", "12k/13/13/13/13/13/6N6/13/13/13/13/13/K12 b - 1"),
                       {"7g7f7g", "1a2a"});
  ASSERT_TRUE(pos.skipped(kBlack));
  const char* why = "a player may not pass on two turns in a row";
  EXPECT_TRUE(is_move_error(usi_error(pos, "7g7f7g"), why));
  EXPECT_TRUE(is_move_error(usi_error(pos, "7g6f7g"), why));
  EXPECT_TRUE(is_move_error(pbm_error(pos, "7g-7f-7g"), why));
  EXPECT_TRUE(is_move_error(gc_error(pos, "7g-7f; 7f-7g"), why));
}

TEST(IllegalMove, CounterStrikeBindingLionsIsNamed) {
  // Chu under XBoard's rules (profile xboard): a Lion was just taken by a non-Lion (lion field
  // 3c), so even Black's Lion on 7g may not take the unprotected White Lion on 7e. Both readers
  // used to blame lion_protection whenever the mover was a Lion.
  auto v = builtin_variant("chu");
  v->apply_profile("xboard");
  Position pos = parse_sfen(v, "k11/12/12/12/5n6/12/5N6/12/12/12/12/11K b 3c 1");
  const char* why = "(counter_strike_binds_lions)";
  EXPECT_TRUE(is_move_error(usi_error(pos, "7g7e"), why));
  EXPECT_TRUE(is_move_error(pbm_error(pos, "Ln7gx7e"), why));
  // Without the Lion just taken, the capture is legal.
  Position calm = parse_sfen(v, "k11/12/12/12/5n6/12/5N6/12/12/12/12/11K b - 1");
  EXPECT_NO_THROW(parse_usi(calm, "7g7e"));
}

}  // namespace
}  // namespace kirin
