#include "engine/search.h"

#include <algorithm>
#include <bitset>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>

#include "engine/repetition.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

using SteadyClock = std::chrono::steady_clock;

// Late-move reductions by depth and move number.
struct Reductions {
  int8_t r[64][64];
  Reductions() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        r[d][m] = int8_t(d < 1 || m < 1 ? 0 : 0.5 + std::log(d) * std::log(m) / 2.25);
  }
};
const Reductions kReductions;

// A repetition that the game's rule scores as a loss for the side that kept attacking. Not a
// mate score: the search meets repetitions two-fold and its line is only one way to reach the
// position, so a value this size steers the search away without claiming a certain result.
constexpr int kPerpetualAttackScore = 2000;

int score_to_tt(int s, int ply) {
  return s >= kMateBound ? s + ply : s <= -kMateBound ? s - ply : s;
}
int score_from_tt(int s, int ply) {
  return s >= kMateBound ? s - ply : s <= -kMateBound ? s + ply : s;
}

}  // namespace

struct Searcher::Impl {
  TranspositionTable tt{64};
  std::shared_ptr<const Variant> variant;
  std::shared_ptr<const Evaluator> eval;
  std::vector<std::array<int, kArraySize>> history = std::vector<std::array<int, kArraySize>>(256);
  Move killers[kMaxPly + 2][2] = {};

  // Per search.
  Position* pos = nullptr;
  std::vector<uint64_t> hashes;  // positions from the last irreversible move to the current node
  // For each of those: the move that led there attacked. Known for the game's positions; for
  // the line searched, worked out only when a repetition needs it (see cycle_attacks).
  std::vector<uint8_t> attacking;
  int root_entry = 0;  // the index of the root position in `hashes`
  // The line searched: the move from each ply and its undo record (null: a null move).
  Move line_move[kMaxPly + 2];
  Undo* line_undo[kMaxPly + 2] = {};
  const RuleOptions* rules = nullptr;
  const MoveList* root_moves = nullptr;  // the moves the root may play (root_choices)
  int64_t nodes = 0;
  int64_t node_limit = 0;
  int seldepth = 0;
  bool aborted = false;
  SteadyClock::time_point start;
  TimeBudget budget;
  const SearchLimits* limits = nullptr;
  const std::atomic<bool>* stop = nullptr;
  const std::atomic<bool>* ponderhit = nullptr;
  bool pondering = false;
  int game_ply = 0;
  Move pv[kMaxPly + 2][kMaxPly + 2];
  // Move lists and their ordering scores, one per ply (the search and quiescence never share a
  // ply): a list holds thousands of moves, too big for the stack of a deep search.
  std::vector<MoveList> lists = std::vector<MoveList>(kMaxPly + 2);
  std::vector<MoveList> tt_lists = std::vector<MoveList>(kMaxPly + 2);
  std::vector<std::array<int, kMaxMoves>> score_stack =
      std::vector<std::array<int, kMaxMoves>>(kMaxPly + 2);
  // The quiescence search's victims and the best victim of each capture, per ply.
  struct VictimStage {
    Square square[256];
    int value[256];
    std::bitset<kArraySize> done;   // attackers whose captures are all generated
    std::bitset<kArraySize> taken;  // victims taken one at a time (captures_one)
  };
  std::vector<VictimStage> victim_stack = std::vector<VictimStage>(kMaxPly + 2);
  std::vector<std::array<int, kMaxMoves>> top_stack =
      std::vector<std::array<int, kMaxMoves>>(kMaxPly + 2);
  bool captures_by_victim = false;  // captures_follow_attacks: see qsearch
  int pv_len[kMaxPly + 2] = {};
  EvalTerms terms[kMaxPly + 2] = {};  // the evaluation terms of the position at each ply
  bool check_rule = false;
  bool no_moves_loses = true;

  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count();
  }

  void check_limits() {
    if (stop->load(std::memory_order_relaxed)) aborted = true;
    if (pondering && ponderhit->load(std::memory_order_relaxed)) {
      // The opponent played the expected move: the clock runs from now.
      pondering = false;
      SearchLimits timed = *limits;
      timed.ponder = false;
      budget = plan_time(timed, pos->side_to_move(), game_ply);
      start = SteadyClock::now();
    }
    if (node_limit && nodes >= node_limit) aborted = true;
    if (budget.hard_ms && elapsed_ms() >= budget.hard_ms) aborted = true;
  }

  bool has_royal(Color c) const { return pos->royal_count(c) > 0; }

  // Fills `attacking` for the positions of the line searched after hashes[first], at `ply`:
  // the line is taken back move by move, each move judged in the position it led to, then
  // replayed. Rare (repetitions only), so no node pays for it. False if a null move is in the
  // way: that cycle is no real one.
  bool cycle_attacks(int first, int ply) {
    const int last = int(hashes.size()) - 1;
    int k = ply;  // the ply of the position at hashes[e]
    bool ok = true;
    for (int e = last; e > std::max(first, root_entry); --e, --k) {
      if (!line_undo[k - 1]) {
        ok = false;
        break;
      }
      const Move& m = line_move[k - 1];
      attacking[e] = move_attacked(*pos, m);
      pos->undo_move(m, *line_undo[k - 1]);
    }
    for (; k < ply; ++k) pos->do_move(line_move[k], *line_undo[k]);
    return ok;
  }

  // The score for the side to move of a position met before in the game or the line searched,
  // or std::nullopt if it was not. A repetition of a position of the game is judged by the
  // game's perpetual rule. One met twice inside the line searched is only a shuffle the search
  // happened to try, so it is scored as before, by a rough guess: a repetition costs the side
  // that brought it about a little (it prefers to play on), and more if it is checking.
  // (Judging those too cost 28% more nodes to depth 10 and lost a self-play match 8-14.)
  std::optional<int> repetition_score(int ply) {
    const int first = earlier_occurrence(hashes);
    if (first < 0) return std::nullopt;
    if (first <= root_entry && rules->perpetual_attacker_loses && cycle_attacks(first, ply)) {
      switch (judge_repetition(attacking, first, *rules)) {
        case RepetitionVerdict::SideToMoveWins: return kPerpetualAttackScore;
        case RepetitionVerdict::SideToMoveLoses: return -kPerpetualAttackScore;
        case RepetitionVerdict::Draw: return 20;
      }
    }
    return pos->in_check(pos->side_to_move()) ? 300 : 20;
  }

  int victim_value(const Move& m) const {
    int v = 0;
    if (m.to != m.from && is_piece(pos->at(m.to))) v += eval->piece_value(kind_of(pos->at(m.to)));
    if (m.mid && is_piece(pos->at(m.mid))) v += eval->piece_value(kind_of(pos->at(m.mid)));
    for (Square k : m.kill)
      if (k) v += eval->piece_value(kind_of(pos->at(k)));
    return v;
  }

  // A capture's place in the order: by victims, then the cheaper attacker; a promotion adds.
  int capture_score(const Move& m, bool sort_losing) const {
    int attacker = m.is_drop() ? 0 : eval->piece_value(kind_of(pos->at(m.from)));
    const int victims = victim_value(m);
    int s = victims * 16 - attacker / 8;
    const bool losing = sort_losing && attacker > victims + 50 && m.to != m.from &&
                        pos->attacked(m.to, ~pos->side_to_move());
    return s + (losing ? (1 << 25) : (1 << 28));
  }

  // The most valuable piece a capture takes.
  int top_victim(const Move& m) const {
    int v = 0;
    auto take = [&](Square s) {
      if (s && is_piece(pos->at(s))) v = std::max(v, eval->piece_value(kind_of(pos->at(s))));
    };
    if (m.to != m.from) take(m.to);
    take(m.mid);
    take(m.kill[0]);
    take(m.kill[1]);
    return v;
  }

  // What a promotion adds to a move's place in the order.
  int promotion_bonus(const Move& m) const {
    return (1 << 26) + eval->promotion_gain(kind_of(pos->at(m.from)));
  }

  // A quiet move's place in the order: its history, a promotion ahead.
  int quiet_score(const Move& m) const {
    const Piece p = m.is_drop() ? make_piece(m.drop_kind, pos->side_to_move()) : pos->at(m.from);
    return history[p][m.to] + (m.promotes() ? promotion_bonus(m) : 0);
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
      } else if (is_capture(*pos, m)) {
        s = capture_score(m, sort_losing);
      } else if (m == killers[ply][0]) {
        s = (1 << 27) + 2;
      } else if (m == killers[ply][1]) {
        s = (1 << 27) + 1;
      } else {
        scores[i] = quiet_score(m);
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

  void make(const Move& m, Undo& u, int ply) {
    terms[ply + 1] = eval->terms_after(*pos, m, terms[ply]);
    pos->do_move(m, u);
    eval->settle(*pos, terms[ply + 1]);
    tt.prefetch(pos->hash());  // the child probes it first thing
    hashes.push_back(pos->hash());
    attacking.push_back(0);
    line_move[ply] = m;
    line_undo[ply] = &u;
  }
  void unmake(const Move& m, const Undo& u) {
    hashes.pop_back();
    attacking.pop_back();
    pos->undo_move(m, u);
  }

  // The quiescence search's captures, found through their victims, the most valuable first:
  // the attackers of a victim give their captures of it (a Lion and the like: all its
  // captures, once), which are searched once no victim left is worth more than theirs. A node
  // that cuts on taking a valuable piece never generates the other pieces' moves. A piece
  // whose captures would all fail delta pruning is not generated at all. After
  // kVictimStages victims without a cut, the pieces left are generated at once (measured:
  // 1, 2, 3, 5, 8 and 16 stages; docs/BENCHMARKS.md), unless the position keeps attack
  // counts (Chu, Dai): then only the attacked victims are looked up, and all of them.
  static constexpr int kVictimStages = 8;
  template <class Visit>
  void captures_by_victims(MoveList& list, int* scores, int ply, const int& best,
                           const int& alpha, Visit& visit) {
    const Color us = pos->side_to_move();
    VictimStage& st = victim_stack[ply];
    int* tops = top_stack[ply].data();
    const bool counted = pos->keeps_attack_counts();
    int left = 0;
    const Square* enemies = pos->squares(~us);
    for (int i = 0, n = pos->count(~us); i < n; ++i) {
      if (counted && !pos->attacked(enemies[i], us)) continue;
      st.square[left] = enemies[i];
      st.value[left++] = eval->piece_value(kind_of(pos->at(enemies[i])));
    }
    list.size = 0;
    if (left == 0) return;
    st.done.reset();
    st.taken.reset();
    const auto& captures_one = pos->variant().captures_one;
    // Would every capture by the piece on `a` of victims worth at most `top` fail the delta
    // pruning of `visit`? (A Lion takes up to two; a promotion adds its gain.) Then its
    // captures are not even generated.
    auto hopeless = [&](Square a, int top) {
      const Piece p = pos->at(a);
      const int gain = (captures_one[p] ? 1 : 2) * top + eval->promotion_gain(kind_of(p));
      return best + gain + 200 <= alpha;
    };
    int scored = 0, searched = 0;
    for (int stage = 0; left > 0; ++stage) {
      if (stage == kVictimStages && !counted) {
        // No cut among the most valuable victims: every other piece's captures at once
        // (cheaper than looking up the attackers of each victim left).
        const Square* own = pos->squares(us);
        const int top = *std::max_element(st.value, st.value + left);
        for (int i = 0, n = pos->count(us); i < n; ++i) {
          const Square a = own[i];
          if (st.done[a] || hopeless(a, top)) continue;
          const int first = list.size;
          append_captures_from(*pos, a, list);
          if (!captures_one[pos->at(a)]) continue;
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
      if (best + 2 * value + eval->max_promotion_gain() + 200 <= alpha) return;
      Square attackers[256];
      const int n = pos->attackers(victim, us, attackers);
      st.taken.set(victim);
      append_captures_of_victim(*pos, victim, attackers, n, st.done, list,
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

  int qsearch(int alpha, int beta, int ply) {
    ++nodes;
    if ((nodes & 2047) == 0) check_limits();
    if (aborted) return 0;
    seldepth = std::max(seldepth, ply);
    const Color us = pos->side_to_move();
    if (!has_royal(us)) return -kMateScore + ply;
    if (ply >= kMaxPly) return eval->evaluate_with(*pos, terms[ply]);

    // A royal under attack (check, or in royal-capture games a royal en prise) may not stand
    // pat: the opponent would take it.
    const bool in_check = pos->in_check(us);
    // Standing pat first: its cut needs no hash-table entry, and the evaluation gives the
    // entry prefetched by make() time to arrive (measured: docs/BENCHMARKS.md).
    int stand = TTEntry::kNoEval;
    if (!in_check) {
      stand = eval->evaluate_with(*pos, terms[ply]);
      if (stand >= beta) return stand;
    }
    const uint64_t key = pos->hash();
    // Quiescence results are remembered too: exchanges transpose a lot.
    if (const TTEntry* te = tt.probe(key)) {
      int s = score_from_tt(te->score, ply);
      if (te->bound == Bound::Exact || (te->bound == Bound::Lower && s >= beta) ||
          (te->bound == Bound::Upper && s <= alpha))
        return s;
    }
    const int old_alpha = alpha;
    int best = -kInfinity;
    MoveList& list = lists[ply];
    if (in_check) {
      generate_moves(*pos, list);
      if (!check_rule) keep_royal_safe(*pos, list);  // the rest lose the royal next move
      if (list.size == 0) return -kMateScore + ply;
    } else {
      alpha = std::max(alpha, stand);
      best = stand;
    }
    // Searches one move; true on a beta cut-off (or an abort).
    auto visit = [&](const Move& m) {
      if (!in_check) {
        // Delta pruning: even winning the victims outright would not reach alpha.
        const int gain = victim_value(m) + (m.promotes() ? eval->promotion_gain(kind_of(pos->at(m.from))) : 0);
        if (best + gain + 200 <= alpha) return false;
        // A capture that gives up more than it takes, on a defended square: skip it (the
        // large games have too many captures to look at bad ones).
        const int attacker = eval->piece_value(kind_of(pos->at(m.from)));
        if (attacker > gain + 50 && m.to != m.from && pos->attacked(m.to, ~us)) return false;
      }
      Undo u;
      make(m, u, ply);
      int score = -qsearch(-beta, -alpha, ply + 1);
      unmake(m, u);
      if (aborted) return true;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (score >= beta) return true;
        }
      }
      return false;
    };
    int* scores = score_stack[ply].data();
    if (!in_check && captures_by_victim) {
      captures_by_victims(list, scores, ply, best, alpha, visit);
    } else {
      if (!in_check) generate_captures(*pos, list);
      score_moves(list, scores, Move{}, ply, false);
      for (int i = 0; i < list.size; ++i) {
        pick(list, scores, i);
        if (visit(list.moves[i])) break;
      }
    }
    if (aborted) return 0;
    tt.store(key, Move{}, score_to_tt(best, ply), stand, 0,
               best >= beta ? Bound::Lower : best > old_alpha ? Bound::Exact : Bound::Upper);
    return best;
  }

  // Is a quiet move (no capture, no promotion) of a node not in check pruned, after
  // `searched` moves? Futility: near the leaves a quiet move cannot lift a position this far
  // below alpha. Late-move pruning: the large games have a hundred moves or more, and near the
  // leaves the quiet ones ordered last almost never matter. Once true it stays true for the
  // node: alpha and the count only grow.
  static bool quiets_pruned(int depth, int alpha, int static_eval, int searched, bool pv_node) {
    if (searched == 0 || pv_node || is_mate_score(alpha)) return false;
    return (depth <= 2 && static_eval + (depth == 1 ? 150 : 350) <= alpha) ||
           (depth <= 3 && searched >= 4 + 3 * depth * depth);
  }

  // The moves of a node not in check, generated in stages so that a cut-off saves the later
  // ones: captures that do not lose material, the killers, then the losing captures and the
  // quiet moves together, by score_moves' order. `done` (or a null move) was searched already. Returns how many
  // legal moves the position has, or 1 after a cut-off (the count is then not needed).
  template <class Visit>
  int staged_moves(MoveList& list, int* scores, const Move& done, int depth, int ply,
                   const int& alpha, const int& searched, int static_eval, bool pv_node,
                   Visit& visit) {
    if (captures_by_victim && pos->keeps_attack_counts())
      generate_captures_by_victims(*pos, list);
    else
      generate_captures(*pos, list);
    const int captures = list.size;
    score_moves(list, scores, Move{}, ply, true);
    int i = 0;
    for (; i < list.size; ++i) {
      pick(list, scores, i);
      if (scores[i] < (1 << 28)) break;  // losing captures: after the killers
      if (list.moves[i] == done) continue;
      if (visit(list.moves[i])) return 1;
    }
    Move killer_done[2];
    for (int k = 0; k < 2; ++k) {
      const Move& killer = killers[ply][k];
      if (killer.is_null() || killer.is_drop() || killer == done) continue;
      MoveList& own = tt_lists[ply];
      generate_moves_from(*pos, killer.from, own);
      if (std::find(own.begin(), own.end(), killer) == own.end() || is_capture(*pos, killer))
        continue;
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
    MoveList& quiets = tt_lists[ply];
    generate_quiets(*pos, quiets);
    const int legal = captures + quiets.size;
    for (const Move& m : quiets) {  // (score_moves would lift the killers, already searched)
      list.moves[n] = m;
      scores[n++] = quiet_score(m);
    }
    list.size = n;
    // Searched already: the hash move, the killers, and a pass the hash move or a killer made
    // with another piece (the list holds one pass, whichever piece makes it: same_result).
    auto searched_before = [&](const Move& m) {
      if (m == done || m == killer_done[0] || m == killer_done[1]) return true;
      return m.to == m.from &&
             (same_result(*pos, m, done) || same_result(*pos, m, killer_done[0]) ||
              same_result(*pos, m, killer_done[1]));
    };
    for (i = 0; i < list.size; ++i) {
      if (quiets_pruned(depth, alpha, static_eval, searched, pv_node)) {
        // Only captures and promotions are still searched (visit prunes the rest): keep
        // those, in order.
        int kept = i;
        for (int j = i; j < list.size; ++j)
          if (list.moves[j].promotes() || is_capture(*pos, list.moves[j])) {
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

  int search(int alpha, int beta, int depth, int ply, bool null_ok) {
    const bool pv_node = beta - alpha > 1;
    pv_len[ply] = ply;
    const Color us = pos->side_to_move();
    if (ply > 0) {
      if (!has_royal(us)) return -kMateScore + ply;  // the last royal was taken
      if (auto score = repetition_score(ply)) return *score;
      // Mate distance pruning.
      alpha = std::max(alpha, -kMateScore + ply);
      beta = std::min(beta, kMateScore - ply - 1);
      if (alpha >= beta) return alpha;
    }
    // Check, or in royal-capture games a royal en prise: prune nothing, and under a check
    // rule extend (in royal-capture games attacks on the royal are too frequent to extend).
    const bool in_check = pos->in_check(us);
    if (in_check && check_rule) ++depth;
    if (depth <= 0) return qsearch(alpha, beta, ply);
    ++nodes;
    if ((nodes & 2047) == 0) check_limits();
    if (aborted) return 0;
    if (ply >= kMaxPly) return eval->evaluate_with(*pos, terms[ply]);

    const uint64_t key = pos->hash();
    const TTEntry* te = tt.probe(key);
    Move tt_move{};
    int static_eval;
    if (te) {
      tt_move = te->move;
      int s = score_from_tt(te->score, ply);
      if (!pv_node && te->depth >= depth &&
          (te->bound == Bound::Exact || (te->bound == Bound::Lower && s >= beta) ||
           (te->bound == Bound::Upper && s <= alpha)))
        return s;
    }
    // The static evaluation, remembered or computed (meaningless in check: nothing uses it).
    if (in_check)
      static_eval = -kInfinity;
    else if (te && te->eval != TTEntry::kNoEval)
      static_eval = te->eval;
    else
      static_eval = eval->evaluate_with(*pos, terms[ply]);

    // Reverse futility: near the leaves, a position this far above beta stays there.
    if (!pv_node && !in_check && depth <= 3 && !is_mate_score(beta) &&
        static_eval - 120 * depth >= beta)
      return static_eval;

    // Null move: give the opponent a free move; if we still stand above beta, cut.
    if (!pv_node && !in_check && null_ok && depth >= 3 && static_eval >= beta &&
        pos->count(us) > 3) {
      int r = 3 + depth / 6;
      Square cs = pos->counter_strike();
      pos->set_counter_strike(kNoSquare);
      pos->set_side_to_move(~us);
      hashes.push_back(pos->hash());
      attacking.push_back(0);
      line_undo[ply] = nullptr;
      terms[ply + 1] = terms[ply];
      int score = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
      hashes.pop_back();
      attacking.pop_back();
      pos->set_side_to_move(us);
      pos->set_counter_strike(cs);
      if (aborted) return 0;
      if (score >= beta) return is_mate_score(score) ? beta : score;
    }

    const int old_alpha = alpha;
    int best = -kInfinity;
    Move best_move{};
    int searched = 0;
    // Searches one move; true on a beta cut-off.
    auto visit = [&](const Move& m) {
      const bool capture = is_capture(*pos, m);
      const bool quiet = !capture && !m.promotes();
      if (quiet && !in_check && quiets_pruned(depth, alpha, static_eval, searched, pv_node))
        return false;
      Undo u;
      make(m, u, ply);
      int score;
      if (searched == 0) {
        score = -search(-beta, -alpha, depth - 1, ply + 1, true);
      } else {
        int r = 0;
        if (depth >= 3 && quiet && !in_check && searched >= 3) {
          r = kReductions.r[std::min(depth, 63)][std::min(searched, 63)];
          if (pv_node) r = std::max(0, r - 1);
          if (m == killers[ply][0] || m == killers[ply][1]) r = std::max(0, r - 1);
          r = std::min(r, depth - 2);
        }
        score = -search(-alpha - 1, -alpha, depth - 1 - r, ply + 1, true);
        if (score > alpha && r > 0) score = -search(-alpha - 1, -alpha, depth - 1, ply + 1, true);
        if (score > alpha && score < beta) score = -search(-beta, -alpha, depth - 1, ply + 1, true);
      }
      unmake(m, u);
      ++searched;
      if (aborted) return true;
      if (score <= best) return false;
      best = score;
      best_move = m;
      if (score <= alpha) return false;
      alpha = score;
      pv[ply][ply] = m;
      for (int j = ply + 1; j < pv_len[ply + 1]; ++j) pv[ply][j] = pv[ply + 1][j];
      pv_len[ply] = std::max(ply + 1, pv_len[ply + 1]);
      if (score < beta) return false;
      if (quiet) {
        if (!(killers[ply][0] == m)) killers[ply][1] = killers[ply][0], killers[ply][0] = m;
        Piece p = m.is_drop() ? make_piece(m.drop_kind, us) : pos->at(m.from);
        int& h = history[p][m.to];
        h += depth * depth;
        if (h > (1 << 24))
          for (auto& row : history)
            for (int& x : row) x /= 2;
      }
      return true;
    };

    // The remembered move first, checked against its piece's moves only: a cut-off then
    // saves generating every move.
    bool tt_tried = false;
    if (!tt_move.is_null() && !tt_move.is_drop() && ply > 0) {
      MoveList& own = tt_lists[ply];
      generate_moves_from(*pos, tt_move.from, own);
      for (const Move& m : own)
        if (m == tt_move) {
          tt_tried = true;
          if (visit(m)) {
            if (aborted) return 0;
            tt.store(key, best_move, score_to_tt(best, ply), in_check ? TTEntry::kNoEval : static_eval, depth,
                     Bound::Lower);
            return best;
          }
          break;
        }
    }

    MoveList& list = lists[ply];
    int* scores = score_stack[ply].data();
    int legal_moves;  // how many the position has (0: mate or stalemate)
    if (ply == 0 || in_check) {  // every move at once: the root's list is given
      if (ply == 0)
        list = *root_moves;
      else
        generate_moves(*pos, list);
      legal_moves = list.size;
      score_moves(list, scores, tt_move, ply, true);
      for (int i = 0; i < list.size; ++i) {
        pick(list, scores, i);
        const Move m = list.moves[i];
        if (tt_tried && m == tt_move) continue;
        if (visit(m)) break;
      }
    } else {
      legal_moves = staged_moves(list, scores, tt_tried ? tt_move : Move{}, depth, ply, alpha,
                                 searched, static_eval, pv_node, visit);
    }
    if (aborted) return 0;
    if (legal_moves == 0) return in_check || no_moves_loses ? -kMateScore + ply : 0;
    Bound bound = best >= beta ? Bound::Lower : best > old_alpha ? Bound::Exact : Bound::Upper;
    tt.store(key, best_move, score_to_tt(best, ply), in_check ? TTEntry::kNoEval : static_eval, depth, bound);
    return best;
  }
};

Searcher::Searcher() : impl_(std::make_unique<Impl>()) {}
Searcher::~Searcher() = default;

void Searcher::set_hash_mb(size_t mb) { impl_->tt.resize(mb); }
size_t Searcher::hash_mb() const { return impl_->tt.size_mb(); }

void Searcher::new_game() {
  impl_->tt.clear();
  for (auto& row : impl_->history) row.fill(0);
  std::memset(impl_->killers, 0, sizeof impl_->killers);
}

void Searcher::ponderhit() { ponderhit_.store(true, std::memory_order_relaxed); }

void root_choices(const Game& game, MoveList& out) {
  const Position& pos = game.position();
  generate_moves(pos, out);
  const Color us = pos.side_to_move();
  if (pos.variant().rules.check_rule || pos.royal_count(us) != 1) return;
  const Result win = us == kBlack ? Result::BlackWins : Result::WhiteWins;
  std::vector<Move> kept;
  Position p = pos;
  for (int i = 0; i < out.size; ++i) {
    const Move& m = out.moves[i];
    Undo u;
    p.do_move(m, u);
    bool keep = !p.in_check(us);
    p.undo_move(m, u);
    if (!keep) {  // unless the move ends the game first
      Game after = game;
      after.play(m);
      keep = after.outcome().result == win;
    }
    if (keep) kept.push_back(m);
  }
  if (kept.empty()) return;
  std::copy(kept.begin(), kept.end(), out.moves);
  out.size = int(kept.size());
}

SearchResult Searcher::search(const Game& game, const SearchLimits& limits,
                              const std::function<void(const SearchInfo&)>& on_info) {
  Impl& s = *impl_;
  stop_.store(false);
  ponderhit_.store(false);
  Position pos = game.position();
  if (s.variant != pos.variant_ptr()) {
    s.variant = pos.variant_ptr();
    s.eval = evaluator_for(s.variant);
    for (auto& row : s.history) row.fill(0);
  }
  s.pos = &pos;
  s.hashes = game.recent_hashes();
  s.attacking = game.recent_attacks();
  s.root_entry = int(s.hashes.size()) - 1;
  s.rules = &s.variant->rules;
  s.terms[0] = s.eval->terms(pos);
  s.nodes = 0;
  s.node_limit = limits.nodes;
  s.aborted = false;
  s.start = SteadyClock::now();
  s.limits = &limits;
  s.stop = &stop_;
  s.ponderhit = &ponderhit_;
  s.pondering = limits.ponder;
  s.game_ply = game.plies();
  s.budget = plan_time(limits, pos.side_to_move(), game.plies());
  s.check_rule = s.variant->rules.check_rule;
  s.no_moves_loses = s.variant->rules.no_moves_loses;
  s.captures_by_victim = captures_follow_attacks(*s.variant);
  std::memset(s.killers, 0, sizeof s.killers);
  s.tt.new_search();

  SearchResult result;
  MoveList root;
  root_choices(game, root);
  if (root.size == 0 || game.outcome().over()) return result;
  s.root_moves = &root;
  result.best = root.moves[0];
  result.has_move = true;

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  int score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    s.seldepth = 0;
    // Aspiration window around the last score.
    int delta = depth >= 4 && !is_mate_score(score) ? 40 : kInfinity;
    int alpha = std::max(-kInfinity, score - delta), beta = std::min(kInfinity, score + delta);
    int value;
    while (true) {
      value = s.search(alpha, beta, depth, 0, false);
      if (s.aborted) break;
      if (value <= alpha) {
        alpha = std::max(-kInfinity, value - delta);
      } else if (value >= beta) {
        beta = std::min(kInfinity, value + delta);
      } else {
        break;
      }
      delta = delta >= kInfinity / 2 ? kInfinity : delta * 2;
    }
    if (s.aborted && depth > 1) break;
    score = value;
    if (s.pv_len[0] > 0) {
      result.pv.assign(s.pv[0], s.pv[0] + s.pv_len[0]);
      result.best = result.pv[0];
    }
    result.score = score;
    result.depth = depth;
    result.nodes = s.nodes;
    if (on_info) {
      SearchInfo info;
      info.depth = depth;
      info.seldepth = std::max(depth, s.seldepth);
      info.score = score;
      info.nodes = s.nodes;
      info.time_ms = s.elapsed_ms();
      info.nps = info.time_ms > 0 ? s.nodes * 1000 / info.time_ms : 0;
      info.hashfull = s.tt.hashfull();
      info.pv = result.pv;
      on_info(info);
    }
    if (s.aborted) break;
    // Mate found, or not enough time left for another iteration.
    if (is_mate_score(score) && depth >= 2 * (kMateScore - std::abs(score)) + 2 &&
        !limits.infinite && !s.pondering)
      break;
    // The next iteration takes longer than all before it: not worth starting late.
    if (s.budget.soft_ms && s.elapsed_ms() >= s.budget.soft_ms * 6 / 10) break;
    if (root.size == 1 && s.budget.soft_ms && depth >= 4) break;  // the only move
  }
  // An infinite or pondering search waits for stop (or ponderhit, then its clock) before
  // answering, as the protocols require.
  while ((limits.infinite || s.pondering) && !stop_.load()) {
    if (s.pondering && ponderhit_.load()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  result.nodes = s.nodes;
  if (result.pv.size() >= 2) {
    result.ponder = result.pv[1];
    result.has_ponder = true;
  }
  s.pos = nullptr;
  return result;
}

std::string format_score(int score) {
  if (is_mate_score(score)) {
    const int plies = kMateScore - std::abs(score);
    return "mate " + std::string(score > 0 ? "" : "-") + std::to_string((plies + 1) / 2);
  }
  return "cp " + std::to_string(score);
}

}  // namespace kirin
