// The move order's history, counter-moves and continuation history: what they learn from
// cut-offs and failures, and how they size themselves for a game.
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
  Undo undo[4];
  Move made[4];
  ShogiOrder() { order->start(pos, *eval, false); }
  Move move(const char* usi) const { return parse_usi(pos, usi); }
  // The search's way: the order is told of the move at `ply`, then it is made.
  void play(const char* usi, int ply) {
    made[ply] = move(usi);
    order->note_move(made[ply], ply);
    pos.do_move(made[ply], undo[ply]);
  }
  void take_back(int ply) { pos.undo_move(made[ply], undo[ply]); }
  // The first quiet move staged_moves searches at `ply`.
  Move first_staged(int ply) {
    Move first;
    order->staged_moves(Move{}, ply, [] { return false; }, [&](const Move& m) {
      if (is_capture(pos, m)) return false;
      first = m;
      return true;
    });
    return first;
  }
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

TEST(MoveOrder, TheQuietMoveThatCutAfterAMoveIsTriedFirstAfterItAgain) {
  ShogiOrder o;
  o.play("7g7f", 0);
  const Move reply = o.move("8c8d");
  const Move failed = o.first_staged(1);  // the first by itself
  ASSERT_FALSE(failed == reply);
  for (int i = 0; i < 3; ++i) o.order->quiet_cut(failed, 8, 0, &reply, 1);  // its history
  o.order->quiet_cut(reply, 2, 1, nullptr, 0);
  EXPECT_TRUE(o.order->counter_move(1) == reply);
  EXPECT_LT(o.order->history(reply), o.order->history(failed));
  o.order->clear_killers();
  EXPECT_TRUE(o.first_staged(1) == reply);
}

TEST(MoveOrder, ANullMoveHasNoCounterMoveAndNoContinuation) {
  ShogiOrder o;
  o.order->note_null_move(0);
  o.pos.set_side_to_move(kWhite);
  const Move reply = o.move("8c8d");
  o.order->quiet_cut(reply, 4, 1, nullptr, 0);
  EXPECT_TRUE(o.order->counter_move(1).is_null());
  EXPECT_EQ(o.order->continuation(reply, 1, 1), 0);
}

TEST(MoveOrder, AContinuationOrdersTheMoveThatCutAfterTheSameMoveTwoPliesBefore) {
  // Black's 2g2f cuts after 7g7f 8c8d; 6g6f cuts after 5g5f 3c3d. After a third line, 7g7f
  // 9c9d (no counter-move, the history even), the continuation of 7g7f puts 2g2f first; after
  // 5g5f 9c9d, 6g6f.
  ShogiOrder o;
  o.play("5g5f", 0);
  o.play("3c3d", 1);
  const Move a = o.move("2g2f"), b = o.move("6g6f");
  o.order->quiet_cut(b, 4, 2, &a, 1);
  EXPECT_GT(o.order->continuation(b, 2, 1), 0);
  EXPECT_GT(o.order->continuation(b, 2, 2), 0);
  EXPECT_LT(o.order->continuation(a, 2, 2), 0);
  o.take_back(1);
  o.take_back(0);
  o.play("7g7f", 0);
  o.play("8c8d", 1);
  EXPECT_EQ(o.order->continuation(a, 2, 2), 0);  // another line: nothing learned yet
  o.order->quiet_cut(a, 4, 2, &b, 1);
  EXPECT_GT(o.order->continuation(a, 2, 2), 0);
  EXPECT_NEAR(o.order->history(a), o.order->history(b), 64);
  o.take_back(1);
  o.order->clear_killers();
  o.play("9c9d", 1);
  EXPECT_TRUE(o.order->counter_move(2).is_null());
  EXPECT_TRUE(o.first_staged(2) == a);
  o.take_back(1);
  o.take_back(0);
  o.play("5g5f", 0);
  o.play("9c9d", 1);
  EXPECT_TRUE(o.first_staged(2) == b);
}

TEST(MoveOrder, TheContinuationHistoryStaysWithinItsBound) {
  ShogiOrder o;
  o.play("7g7f", 0);
  const Move a = o.move("8c8d"), b = o.move("3c3d");
  for (int i = 0; i < 1000; ++i) o.order->quiet_cut(a, 30, 1, &b, 1);
  EXPECT_LE(o.order->continuation(a, 1, 1), MoveOrder::kHistoryMax);
  EXPECT_GE(o.order->continuation(b, 1, 1), -MoveOrder::kHistoryMax);
  EXPECT_GT(o.order->continuation(a, 1, 1), MoveOrder::kHistoryMax * 9 / 10);
  EXPECT_LT(o.order->continuation(b, 1, 1), -MoveOrder::kHistoryMax * 9 / 10);
  EXPECT_LE(o.order->reduction_history(a, 1), 4 * MoveOrder::kHistoryMax);
}

TEST(MoveOrder, TheContinuationTableIsSizedByTheGame) {
  // Shogi: 2 * 15 piece codes times 81 squares, every pair of slots held.
  ShogiOrder o;
  EXPECT_EQ(o.order->slots(), 2 * (o.variant->num_kinds() + 1) * 81);
  EXPECT_TRUE(o.order->continuation_exact());
  EXPECT_EQ(o.order->continuation_entries(), size_t(o.order->slots()) * o.order->slots());
  // Every game's table is bounded; the large ones hash the previous move onto the rows that
  // fit.
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    Position p = parse_sfen(v, v->setup);
    auto e = evaluator_for(v);
    auto order = std::make_unique<MoveOrder>();
    order->start(p, *e, false);
    EXPECT_LE(order->continuation_entries(), MoveOrder::kMaxContinuationEntries) << id;
    EXPECT_EQ(order->slots(), 2 * (v->num_kinds() + 1) * v->files * v->ranks) << id;
    if (id == "chu" || id == "dai") {
      EXPECT_FALSE(order->continuation_exact()) << id;
      EXPECT_GT(order->continuation_entries(), MoveOrder::kMaxContinuationEntries * 9 / 10) << id;
    }
  }
}

TEST(MoveOrder, AnotherGameResizesTheTables) {
  ShogiOrder o;
  auto chu = builtin_variant("chu");
  Position p = parse_sfen(chu, chu->setup);
  auto e = evaluator_for(chu);
  o.order->start(p, *e, false);
  EXPECT_EQ(o.order->slots(), 2 * (chu->num_kinds() + 1) * 144);
  o.order->start(o.pos, *o.eval, false);
  EXPECT_EQ(o.order->slots(), 2 * (o.variant->num_kinds() + 1) * 81);
  EXPECT_TRUE(o.order->continuation_exact());
}

}  // namespace
}  // namespace kirin
