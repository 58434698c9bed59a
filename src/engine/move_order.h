// The search's move ordering: in which order a node's moves are searched, and which are not
// generated at all before a cut-off. Kept apart from the search as Stockfish keeps its
// movepick: the search decides what it prunes and passes those decisions in as callables; this
// class owns what the order learns (the history of quiet moves that cut, two killers a ply, the
// counter-moves and the continuation history) and the per-ply lists and scores it works in.
//
// The scoring and picking run at every node: they are defined here, inline, like the templates
// that take the search's `visit` (searches one move; true on a cut-off).
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdlib>
#include <vector>

#include "engine/eval.h"
#include "engine/search.h"
#include "rules/movegen.h"

namespace kirin {

class MoveOrder {
 public:
  // Per search: the position searched (the search plays its moves on it), the evaluation whose
  // values order the captures, and whether the quiescence search finds its captures through
  // their victims (captures_follow_attacks). Sizes the counter-move and continuation tables
  // for the game (they keep what they learned while the game's size does not change).
  void start(const Position& pos, const Evaluator& eval, bool captures_by_victim) {
    pos_ = &pos;
    eval_ = &eval;
    captures_by_victim_ = captures_by_victim;
    size_for(pos.variant());
    std::fill(std::begin(played_), std::end(played_), kNoSlot);
  }
  void clear_history();
  void clear_killers();

  // The list the search fills with a node's moves at `ply` (the search and the quiescence
  // search never share a ply): a list holds thousands of moves, too big for the stack of a
  // deep search.
  MoveList& list(int ply) { return lists_[ply]; }

  // What the pieces a move takes are worth.
  int victim_value(const Move& m) const {
    int v = 0;
    if (m.to != m.from && is_piece(pos_->at(m.to)))
      v += eval_->piece_value(kind_of(pos_->at(m.to)));
    if (m.mid && is_piece(pos_->at(m.mid))) v += eval_->piece_value(kind_of(pos_->at(m.mid)));
    for (Square k : m.kill)
      if (k) v += eval_->piece_value(kind_of(pos_->at(k)));
    return v;
  }

  bool is_killer(const Move& m, int ply) const {
    return m == killers_[ply][0] || m == killers_[ply][1];
  }

  // The history's bound: a value stays within +-kHistoryMax.
  static constexpr int kHistoryMax = 1 << 14;

  // The search tells the order which move it makes at `ply` (before making it), or that it
  // passes (a null move: no counter-move, no continuation follows it).
  void note_move(const Move& m, int ply) { played_[ply + 2] = slot(m); }
  void note_null_move(int ply) { played_[ply + 2] = kNoSlot; }

  // The continuation table's entries at most: a [piece][square][piece][square] table of a
  // large game (Chu: 11,520 slots, 133M pairs) is far too big, so beyond this the previous
  // move's slots are hashed onto the rows that fit (Chu: 728 rows of 11,520 entries, 16 MB);
  // shogi's 5.9M pairs fit whole. A row stays whole: a node reads one row per move before
  // it, not an entry from anywhere in the table (hashing the pairs cost a third of Chu's
  // speed).
  static constexpr size_t kMaxContinuationEntries = size_t(1) << 23;
  size_t continuation_entries() const { return continuation_.size(); }
  bool continuation_exact() const { return continuation_exact_; }
  int slots() const { return slots_; }

  // A quiet move cut off at `depth`: it becomes the first killer, and its history grows; the
  // quiet moves searched before it at the node (`tried`, without it) failed, and theirs
  // shrinks as much: a move that keeps failing sinks in the order instead of keeping what it
  // once gained. It also becomes the counter-move to the opponent's last move, and the
  // continuation history (after the moves 1 and 2 plies before) learns as the history does.
  void quiet_cut(const Move& m, int depth, int ply, const Move* tried, int n_tried) {
    if (!(killers_[ply][0] == m)) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = m;
    if (played_[ply + 1] != kNoSlot) counters_[played_[ply + 1]] = m;
    const int bonus = std::min(32 * depth * depth, kHistoryMax / 4);
    update_history(m, bonus, ply);
    for (int i = 0; i < n_tried; ++i) update_history(tried[i], -bonus, ply);
  }

  // A quiet move's history: how often it cut lately (positive) or failed (negative).
  int history(const Move& m) const { return history_[mover(m)][m.to]; }

  // How well a quiet move did after the moves 1 (`back` = 1) or 2 plies before `ply` (0 if
  // there was none: the root's first plies, a null move).
  int continuation(const Move& m, int ply, int back) const {
    return continuation_after(played_[ply + 2 - back], slot(m));
  }

  // The quiet move that last cut after the opponent's move before `ply` (null if none).
  Move counter_move(int ply) const {
    const int prev = played_[ply + 1];
    return prev == kNoSlot ? Move{} : counters_[prev];
  }

  // What the reductions weigh: the history twice, each continuation once (as Stockfish's
  // statScore); within +-4 kHistoryMax.
  int reduction_history(const Move& m, int ply) const {
    return 2 * history(m) + continuation(m, ply, 1) + continuation(m, ply, 2);
  }

  // Is a remembered move (the hash move, a killer: from another position perhaps) legal here?
  // Asks the moves of the piece on its square only, or for a drop that drop's rules only, not
  // every move: in a drop game the best move is often a drop, and it must be tried first too.
  bool remembered_is_legal(const Move& m, int ply) {
    MoveList& own = spare_lists_[ply];
    if (m.is_drop()) {
      generate_drop(*pos_, m, own);
      return own.size == 1;
    }
    generate_moves_from(*pos_, m.from, own);
    return std::find(own.begin(), own.end(), m) != own.end();
  }

  // Visits the moves of `list` in score_moves' order until `visit` cuts.
  template <class Visit>
  void in_order(MoveList& list, const Move& tt_move, int ply, bool sort_losing, Visit&& visit) {
    int* scores = scores_[ply].data();
    score_moves(list, scores, tt_move, ply, sort_losing);
    for (int i = 0; i < list.size; ++i) {
      pick(list, scores, i);
      if (visit(list.moves[i])) return;
    }
  }

  // Visits the quiescence search's captures until `visit` cuts. `futile(gain)`: would even
  // winning `gain` outright fail the search's delta pruning? (Then those captures are not
  // generated.)
  template <class Futile, class Visit>
  void captures(int ply, Futile futile, Visit&& visit) {
    if (captures_by_victim_) return captures_by_victims(ply, futile, visit);
    MoveList& list = lists_[ply];
    generate_captures(*pos_, list);
    in_order(list, Move{}, ply, false, visit);
  }

  // The moves of a node not in check, generated in stages so that a cut-off saves the later
  // ones: captures that do not lose material, the killers, then the losing captures and the
  // quiet moves together, by score_moves' order. `done` (or a null move) was searched already.
  // Once `quiets_pruned()` holds, the search prunes the quiet moves left (it stays true for the
  // node), so they are dropped unpicked. Returns how many legal moves the position has, or 1
  // after a cut-off (the count is then not needed).
  template <class QuietsPruned, class Visit>
  int staged_moves(const Move& done, int ply, QuietsPruned quiets_pruned, Visit&& visit) {
    MoveList& list = lists_[ply];
    int* scores = scores_[ply].data();
    if (captures_by_victim_ && pos_->keeps_attack_counts())
      generate_captures_by_victims(*pos_, list);
    else
      generate_captures(*pos_, list);
    const int captures = list.size;
    score_moves(list, scores, Move{}, ply, true);
    int i = 0;
    for (; i < list.size; ++i) {
      pick(list, scores, i);
      if (scores[i] < (1 << 28)) break;  // losing captures: after the killers
      if (list.moves[i] == done) continue;
      if (visit(list.moves[i])) return 1;
    }
    // The killers, then the counter-move.
    Move killer_done[3];
    const Move remembered[3] = {killers_[ply][0], killers_[ply][1], counter_move(ply)};
    for (int k = 0; k < 3; ++k) {
      const Move& killer = remembered[k];
      if (killer.is_null() || killer == done || (k == 2 && is_killer(killer, ply))) continue;
      if (!remembered_is_legal(killer, ply) || is_capture(*pos_, killer)) continue;
      killer_done[k] = killer;
      if (visit(killer)) return 1;
    }
    // The losing captures and the quiet moves, ordered together as score_moves orders them
    // (a quiet promotion comes before a capture that loses material).
    int n = 0;
    for (; i < list.size; ++i, ++n) {
      list.moves[n] = list.moves[i];
      scores[n] = scores[i];
    }
    MoveList& quiets = spare_lists_[ply];
    generate_quiets(*pos_, quiets);
    const int legal = captures + quiets.size;
    for (const Move& m : quiets) {  // (score_moves would lift the killers, already searched)
      list.moves[n] = m;
      scores[n++] = quiet_score(m, ply);
    }
    list.size = n;
    // Searched already: the hash move, the killers, the counter-move, and a pass one of them
    // made with another piece (the list holds one pass, whichever piece makes it: same_result).
    auto searched_before = [&](const Move& m) {
      if (m == done || m == killer_done[0] || m == killer_done[1] || m == killer_done[2])
        return true;
      return m.to == m.from &&
             (same_result(*pos_, m, done) || same_result(*pos_, m, killer_done[0]) ||
              same_result(*pos_, m, killer_done[1]) || same_result(*pos_, m, killer_done[2]));
    };
    for (i = 0; i < list.size; ++i) {
      if (quiets_pruned()) {
        // Only captures and promotions are still searched: keep those, in order.
        int kept = i;
        for (int j = i; j < list.size; ++j)
          if (list.moves[j].promotes() || is_capture(*pos_, list.moves[j])) {
            list.moves[kept] = list.moves[j];
            scores[kept++] = scores[j];
          }
        list.size = kept;
        if (i == list.size) break;
      }
      pick(list, scores, i);
      const Move& m = list.moves[i];
      if (searched_before(m)) continue;
      if (visit(m)) return 1;
    }
    return legal;
  }

 private:
  // The piece that makes a move (a drop's too).
  Piece mover(const Move& m) const {
    return m.is_drop() ? make_piece(m.drop_kind, pos_->side_to_move()) : pos_->at(m.from);
  }

  // A capture's place in the order: by victims, then the cheaper attacker; a promotion adds.
  int capture_score(const Move& m, bool sort_losing) const {
    int attacker = m.is_drop() ? 0 : eval_->piece_value(kind_of(pos_->at(m.from)));
    const int victims = victim_value(m);
    int s = victims * 16 - attacker / 8;
    const bool losing = sort_losing && attacker > victims + 50 && m.to != m.from &&
                        pos_->attacked(m.to, ~pos_->side_to_move());
    return s + (losing ? (1 << 25) : (1 << 28));
  }

  // The most valuable piece a capture takes.
  int top_victim(const Move& m) const {
    int v = 0;
    auto take = [&](Square s) {
      if (s && is_piece(pos_->at(s))) v = std::max(v, eval_->piece_value(kind_of(pos_->at(s))));
    };
    if (m.to != m.from) take(m.to);
    take(m.mid);
    take(m.kill[0]);
    take(m.kill[1]);
    return v;
  }

  // What a promotion adds to a move's place in the order.
  int promotion_bonus(const Move& m) const {
    return (1 << 26) + eval_->promotion_gain(kind_of(pos_->at(m.from)));
  }

  // A quiet move's place in the order: its history and continuation history, a promotion
  // ahead.
  int quiet_score(const Move& m, int ply) const {
    const int now = slot(m);
    return history_[mover(m)][m.to] + continuation_after(played_[ply + 1], now) +
           continuation_after(played_[ply], now) + (m.promotes() ? promotion_bonus(m) : 0);
  }

  // Move ordering: hash move, captures by victim then cheap attacker, promotions, killers,
  // history.
  // `sort_losing`: captures that lose material go after the killers (the main search; the
  // quiescence search skips them instead).
  void score_moves(const MoveList& list, int* scores, const Move& tt_move, int ply,
                   bool sort_losing) const {
    for (int i = 0; i < list.size; ++i) {
      const Move& m = list.moves[i];
      int s;
      if (m == tt_move) {
        s = 1 << 30;
      } else if (is_capture(*pos_, m)) {
        s = capture_score(m, sort_losing);
      } else if (m == killers_[ply][0]) {
        s = (1 << 27) + 2;
      } else if (m == killers_[ply][1]) {
        s = (1 << 27) + 1;
      } else if (m == counter_move(ply)) {
        s = 1 << 27;
      } else {
        scores[i] = quiet_score(m, ply);
        continue;
      }
      if (m.promotes()) s += promotion_bonus(m);
      scores[i] = s;
    }
  }

  // Brings the best-scored move from i on to place i (the first of equal ones: the order is
  // part of the search's behaviour). The maximum first, then its place: the first loop
  // vectorises, which matters for lists of hundreds of quiet moves.
  static void pick(MoveList& list, int* scores, int i) {
    int top = scores[i];
    for (int j = i + 1; j < list.size; ++j) top = std::max(top, scores[j]);
    int best = i;
    while (scores[best] != top) ++best;
    if (best != i) {
      std::swap(list.moves[i], list.moves[best]);
      std::swap(scores[i], scores[best]);
    }
  }

  // The quiescence search's captures, found through their victims, the most valuable first:
  // the attackers of a victim give their captures of it (a Lion and the like: all its
  // captures, once), which are searched once no victim left is worth more than theirs. A node
  // that cuts on taking a valuable piece never generates the other pieces' moves. A piece
  // whose captures would all be futile is not generated at all. After kVictimStages victims
  // without a cut, the pieces left are generated at once (measured: 1, 2, 3, 5, 8 and 16
  // stages; docs/BENCHMARKS.md), unless the position keeps attack counts (Chu, Dai): then only
  // the attacked victims are looked up, and all of them.
  static constexpr int kVictimStages = 8;
  template <class Futile, class Visit>
  void captures_by_victims(int ply, Futile futile, Visit& visit) {
    MoveList& list = lists_[ply];
    int* scores = scores_[ply].data();
    const Color us = pos_->side_to_move();
    VictimStage& st = victim_stack_[ply];
    int* tops = top_stack_[ply].data();
    const bool counted = pos_->keeps_attack_counts();
    int left = 0;
    const Square* enemies = pos_->squares(~us);
    for (int i = 0, n = pos_->count(~us); i < n; ++i) {
      if (counted && !pos_->attacked(enemies[i], us)) continue;
      st.square[left] = enemies[i];
      st.value[left++] = eval_->piece_value(kind_of(pos_->at(enemies[i])));
    }
    list.size = 0;
    if (left == 0) return;
    st.done.reset();
    st.taken.reset();
    const auto& captures_one = pos_->variant().captures_one;
    // Would every capture by the piece on `a` of victims worth at most `top` be futile? (A
    // Lion takes up to two; a promotion adds its gain.)
    auto hopeless = [&](Square a, int top) {
      const Piece p = pos_->at(a);
      return futile((captures_one[p] ? 1 : 2) * top + eval_->promotion_gain(kind_of(p)));
    };
    int scored = 0, searched = 0;
    for (int stage = 0; left > 0; ++stage) {
      if (stage == kVictimStages && !counted) {
        // No cut among the most valuable victims: every other piece's captures at once
        // (cheaper than looking up the attackers of each victim left).
        const Square* own = pos_->squares(us);
        const int top = *std::max_element(st.value, st.value + left);
        for (int i = 0, n = pos_->count(us); i < n; ++i) {
          const Square a = own[i];
          if (st.done[a] || hopeless(a, top)) continue;
          const int first = list.size;
          append_captures_from(*pos_, a, list);
          if (!captures_one[pos_->at(a)]) continue;
          int kept = first;  // without the captures of victims already taken one by one
          for (int j = first; j < list.size; ++j)
            if (!st.taken[list.moves[j].to]) list.moves[kept++] = list.moves[j];
          list.size = kept;
        }
        for (; scored < list.size; ++scored)
          scores[scored] = capture_score(list.moves[scored], false);
        for (int i = searched; i < list.size; ++i) {
          pick(list, scores, i);
          if (visit(list.moves[i])) return;
        }
        return;
      }
      int v = 0;
      for (int j = 1; j < left; ++j)
        if (st.value[j] > st.value[v]) v = j;
      const Square victim = st.square[v];
      const int value = st.value[v];
      --left;
      st.square[v] = st.square[left];
      st.value[v] = st.value[left];
      if (futile(2 * value + eval_->max_promotion_gain())) return;
      Square attackers[256];
      const int n = pos_->attackers(victim, us, attackers);
      st.taken.set(victim);
      append_captures_of_victim(*pos_, victim, attackers, n, st.done, list,
                                [&](Square a) { return !hopeless(a, value); });
      for (; scored < list.size; ++scored) {
        scores[scored] = capture_score(list.moves[scored], false);
        tops[scored] = top_victim(list.moves[scored]);
      }
      while (true) {
        int b = -1;
        for (int j = searched; j < list.size; ++j)
          if (tops[j] >= value && (b < 0 || scores[j] > scores[b])) b = j;
        if (b < 0) break;
        std::swap(list.moves[searched], list.moves[b]);
        std::swap(scores[searched], scores[b]);
        std::swap(tops[searched], tops[b]);
        if (visit(list.moves[searched++])) return;
      }
    }
  }

  // The "gravity" update: a change shrinks as the value nears the bound it moves towards,
  // so the value stays within +-kHistoryMax and the recent results weigh most. The history
  // and the continuation entries of the move at `ply` learn the same.
  template <class Value>
  static void gravity(Value& h, int change) {
    h = Value(h + change - h * std::abs(change) / kHistoryMax);
  }
  void update_history(const Move& m, int change, int ply) {
    gravity(history_[mover(m)][m.to], change);
    const int to = slot(m);
    for (int back = 1; back <= 2; ++back)
      if (played_[ply + 2 - back] != kNoSlot)
        gravity(continuation_[continuation_index(played_[ply + 2 - back], to)], change);
  }

  // A move's slot: the piece that makes it and its destination, numbered for the game.
  static constexpr int kNoSlot = -1;
  int slot(const Move& m) const {
    return mover(m) * board_squares_ + row_of(m.to) * files_ + col_of(m.to);
  }
  // The continuation entry of a move in slot `now` after one in slot `prev`: in prev's row
  // where the table has a row for every slot, else in the row prev hashes to (Fibonacci
  // hashing).
  size_t continuation_index(int prev, int now) const {
    const size_t row =
        continuation_exact_ ? size_t(prev)
                            : size_t((uint64_t(uint32_t(prev) * 0x9E3779B1u) * rows_) >> 32);
    return row * size_t(slots_) + size_t(now);
  }
  int continuation_after(int prev, int now) const {
    return prev == kNoSlot ? 0 : continuation_[continuation_index(prev, now)];
  }
  void size_for(const Variant& v);

  const Position* pos_ = nullptr;
  const Evaluator* eval_ = nullptr;
  bool captures_by_victim_ = false;
  std::vector<std::array<int, kArraySize>> history_ = std::vector<std::array<int, kArraySize>>(256);
  Move killers_[kMaxPly + 2][2] = {};
  // The game's sizes (size_for): squares on the board, files, slots (the game's piece codes
  // times its squares).
  int board_squares_ = 0, files_ = 0, slots_ = 0;
  bool continuation_exact_ = true;
  uint64_t rows_ = 0;  // the continuation table's rows
  std::vector<int16_t> continuation_;  // by continuation_index; within +-kHistoryMax
  std::vector<Move> counters_;         // by the slot of the opponent's last move
  // The slot of the move made at each ply, 2 plies shifted (the root has none before it).
  int played_[kMaxPly + 4] = {};
  // Per ply: the node's moves, a second list (the moves of one piece, the quiet moves), and
  // the ordering scores of the first.
  std::vector<MoveList> lists_ = std::vector<MoveList>(kMaxPly + 2);
  std::vector<MoveList> spare_lists_ = std::vector<MoveList>(kMaxPly + 2);
  std::vector<std::array<int, kMaxMoves>> scores_ =
      std::vector<std::array<int, kMaxMoves>>(kMaxPly + 2);
  // The quiescence search's victims and the best victim of each capture, per ply.
  struct VictimStage {
    Square square[256];
    int value[256];
    std::bitset<kArraySize> done;   // attackers whose captures are all generated
    std::bitset<kArraySize> taken;  // victims taken one at a time (captures_one)
  };
  std::vector<VictimStage> victim_stack_ = std::vector<VictimStage>(kMaxPly + 2);
  std::vector<std::array<int, kMaxMoves>> top_stack_ =
      std::vector<std::array<int, kMaxMoves>>(kMaxPly + 2);
};

}  // namespace kirin
