// The move order's history: what it learns from cut-offs and failures.
#include <gtest/gtest.h>

#include "engine/move_order.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

struct ShogiOrder {
  std::shared_ptr<const Variant> variant = builtin_variant("shogi");
  Position pos = parse_sfen(variant, variant->setup);
  std::shared_ptr<const Evaluator> eval = evaluator_for(variant);
  std::unique_ptr<MoveOrder> order = std::make_unique<MoveOrder>();
  ShogiOrder() { order->start(pos, *eval, false); }
  Move move(const char* usi) const { return parse_usi(pos, usi); }
};

TEST(MoveOrder, AQuietMoveSearchedBeforeTheCutLosesWhatTheCutGains) {
  ShogiOrder o;
  const Move cut = o.move("2g2f"), failed = o.move("7g7f");
  o.order->quiet_cut(cut, 4, 0, &failed, 1);
  EXPECT_GT(o.order->history(cut), 0);
  EXPECT_EQ(o.order->history(failed), -o.order->history(cut));
  EXPECT_TRUE(o.order->is_killer(cut, 0));
  EXPECT_FALSE(o.order->is_killer(failed, 0));
}

TEST(MoveOrder, AMoveThatCutsThenFailsSinksBelowOneThatNeverFailed) {
  ShogiOrder o;
  const Move a = o.move("2g2f"), b = o.move("7g7f"), none = o.move("3g3f");
  o.order->quiet_cut(a, 6, 0, nullptr, 0);
  o.order->quiet_cut(b, 3, 0, nullptr, 0);
  EXPECT_GT(o.order->history(a), o.order->history(b));
  // `a` fails twice before `b` cuts: now `b` comes first.
  o.order->quiet_cut(b, 6, 1, &a, 1);
  o.order->quiet_cut(b, 6, 2, &a, 1);
  EXPECT_GT(o.order->history(b), o.order->history(a));
  EXPECT_LT(o.order->history(a), o.order->history(none));
}

TEST(MoveOrder, HistoryStaysWithinItsBound) {
  ShogiOrder o;
  const Move a = o.move("2g2f"), b = o.move("7g7f");
  for (int i = 0; i < 1000; ++i) o.order->quiet_cut(a, 30, 0, &b, 1);
  EXPECT_LE(o.order->history(a), MoveOrder::kHistoryMax);
  EXPECT_GE(o.order->history(b), -MoveOrder::kHistoryMax);
  EXPECT_GT(o.order->history(a), MoveOrder::kHistoryMax * 9 / 10);
  EXPECT_LT(o.order->history(b), -MoveOrder::kHistoryMax * 9 / 10);
}

}  // namespace
}  // namespace kirin
