#include "engine/search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <thread>

#include "engine/move_order.h"
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

}  // namespace

int late_move_reduction(int depth, int searched, const ReductionContext& c) {
  int r = kReductions.r[std::min(depth, 63)][std::min(searched, 63)];
  if (c.pv_node) --r;
  if (c.killer) --r;
  // A move that cut lately is searched deeper, one that keeps failing shallower (a ply for
  // each kHistoryMax of the history twice and the continuations: MoveOrder::reduction_history).
  r -= c.history / MoveOrder::kHistoryMax;
  return std::clamp(r, 0, std::max(0, depth - 2));
}

int internal_iterative_reduction(int depth, bool has_hash_move) {
  return depth >= 4 && !has_hash_move ? 1 : 0;
}

bool hangs(const Position& pos, const Move& m) {
  const Color us = pos.side_to_move();
  if (!pos.attacked(m.to, ~us)) return false;
  if (m.is_drop()) return !pos.attacked(m.to, us);
  // A piece on the board attacks the square it moves to: it is no defender of it there.
  if (pos.keeps_attack_counts()) return pos.attack_count(m.to, us) <= 1;
  Square guards[256];
  const int n = pos.attackers(m.to, us, guards);
  return std::all_of(guards, guards + n, [&](Square s) { return s == m.from; });
}

bool hangs_in_drop_game(const Position& pos, const Move& m) {
  return pos.variant().rules.drops && pos.keeps_attack_counts() && m.to != m.from &&
         hangs(pos, m);
}

namespace {

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
  MoveOrder order;

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
  const MoveList* whole_root = nullptr;  // all of them (root_moves is fewer for MultiPV lines)
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
  int pv_len[kMaxPly + 2] = {};
  EvalTerms terms[kMaxPly + 2] = {};  // the evaluation terms of the position at each ply
  // The quiet moves searched at each ply's node so far (the first kMaxTried): they lose
  // history when a later quiet move cuts.
  static constexpr int kMaxTried = 32;
  Move quiets_tried[kMaxPly + 2][kMaxTried];
  bool check_rule = false;
  bool no_moves_loses = true;
  std::array<bool, 2> loses_without_royals{};

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

  // Could `c` lose its royals on the next move: is its royal attacked, or with several (a
  // Crown Prince beside the King), every one of them? One of two en prise is no check: the
  // side survives its loss, and treating it as one found false mates (problem B29 of
  // problems/chu-tsume-ab.tsv). By the attack tables where they see every capture; elsewhere
  // (Mitsugumi: burns, range captures, frozen attackers) exactly, at a cost measured in
  // docs/BENCHMARKS.md: a royal that stood pat under a burn was lost at the horizon.
  bool tables_exact = true;
  bool royal_attacked(Color c) const {
    const int n = pos->royal_count(c);
    if (n <= 1 || check_rule) {
      if (tables_exact) return pos->in_check(c);
      return royal_under_attack(*pos, c);
    }
    Square royals[Position::kMaxRoyals];
    if (!tables_exact) return royals_under_attack(*pos, c, royals) == n;
    pos->royals(c, royals, Position::kMaxRoyals);
    return std::all_of(royals, royals + n, [&](Square r) { return pos->attacked(r, ~c); });
  }

  // A side without royals at the start of the game (a problem's attacker) cannot lose them.
  bool royals_lost(Color c) const { return loses_without_royals[c] && pos->royal_count(c) == 0; }

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
    return royal_attacked(pos->side_to_move()) ? 300 : 20;
  }

  void make(const Move& m, Undo& u, int ply) {
    terms[ply + 1] = eval->terms_after(*pos, m, terms[ply]);
    order.note_move(m, ply);
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
  // A null move: `us`, the side to move, passes, and a counter-strike square lapses (returned,
  // for unmake_null). No line reaches a real repetition through it (cycle_attacks).
  Square make_null(Color us, int ply) {
    const Square cs = pos->counter_strike();
    pos->set_counter_strike(kNoSquare);
    pos->set_side_to_move(~us);
    hashes.push_back(pos->hash());
    attacking.push_back(0);
    line_undo[ply] = nullptr;
    order.note_null_move(ply);
    terms[ply + 1] = terms[ply];
    return cs;
  }
  void unmake_null(Color us, Square counter_strike) {
    hashes.pop_back();
    attacking.pop_back();
    pos->set_side_to_move(us);
    pos->set_counter_strike(counter_strike);
  }

  // `checks`: the first ply of the quiescence search in a game with a check rule, which
  // searches the quiet moves that give check after the captures (quiet_checks).
  int qsearch(int alpha, int beta, int ply, bool checks = false) {
    ++nodes;
    if ((nodes & 2047) == 0) check_limits();
    if (aborted) return 0;
    seldepth = std::max(seldepth, ply);
    const Color us = pos->side_to_move();
    if (royals_lost(us)) return -kMateScore + ply;
    if (ply >= kMaxPly) return eval->evaluate_with(*pos, terms[ply]);

    // A royal under attack (check, or in royal-capture games a royal en prise) may not stand
    // pat: the opponent would take it.
    const bool in_check = royal_attacked(us);
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
    MoveList& list = order.list(ply);
    if (in_check) {
      generate_moves(*pos, list);
      // The rest lose the royal next move. (With several royals each attacked, a move may save
      // one and lose another: all are searched.)
      if (!check_rule && pos->royal_count(us) == 1) keep_royal_safe(*pos, list);
      if (list.size == 0) return -kMateScore + ply;
    } else {
      alpha = std::max(alpha, stand);
      best = stand;
    }
    // Delta pruning: even winning `gain` outright would not reach alpha.
    auto futile = [&](int gain) { return best + gain + 200 <= alpha; };
    // Searches one move; true on a beta cut-off (or an abort).
    auto search_move = [&](const Move& m) {
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
    auto visit = [&](const Move& m) {
      if (!in_check) {
        const int gain = order.victim_value(m) +
                         (m.promotes() ? eval->promotion_gain(kind_of(pos->at(m.from))) : 0);
        if (futile(gain)) return false;
        // A capture that gives up more than it takes, on a defended square: skip it (the
        // large games have too many captures to look at bad ones).
        const int attacker = eval->piece_value(kind_of(pos->at(m.from)));
        if (attacker > gain + 50 && m.to != m.from && pos->attacked(m.to, ~us)) return false;
      }
      return search_move(m);
    };
    if (in_check)
      order.in_order(list, Move{}, ply, false, visit);
    else
      order.captures(ply, futile, visit);
    if (checks && !in_check && !aborted && best < beta) quiet_checks(ply, search_move);
    if (aborted) return 0;
    tt.store(key, Move{}, score_to_tt(best, ply), stand, 0,
               best >= beta ? Bound::Lower : best > old_alpha ? Bound::Exact : Bound::Upper);
    return best;
  }

  // The quiet moves that give check (drops included) and may mate, searched by `search_move`
  // (true on a cut-off) until one cuts: the first ply of the quiescence search then sees a
  // mate by a drop or a move at the horizon, which the captures alone never do. Only checks
  // that leave the King no square to step to (boxes_in) are searched: the others cost their
  // evasions and cannot mate. A check whose piece stands attacked and undefended is skipped
  // too: the King or another piece takes it.
  template <class SearchMove>
  void quiet_checks(int ply, SearchMove&& search_move) {
    MoveList& list = order.list(ply);  // free: the captures are done
    generate_quiet_check_candidates(*pos, list);
    const Color us = pos->side_to_move();
    Square king;
    if (list.size == 0 || pos->royals(~us, &king, 1) != 1) return;
    int n = 0;
    for (const Move& m : list)
      if (!hangs(*pos, m) && boxes_in(m, us, king))
        list.moves[n++] = m;
    list.size = n;
    keep_legal(*pos, list);  // the candidates left only are played to be checked
    for (const Move& m : list)
      if (search_move(m)) return;
  }
  // After the check `m` by `us`, is each square beside the enemy King (other than the
  // checker's) its own piece's, or attacked by `us` (the checker seeing through the King)?
  // An estimate from the attacks before the move (a square only the mover guarded still counts
  // as guarded): the search decides.
  bool boxes_in(const Move& m, Color us, Square king) const {
    const Piece checker =
        m.is_drop()    ? make_piece(m.drop_kind, us)
        : m.promotes() ? make_piece(variant->piece(kind_of(pos->at(m.from))).promotes_to, us)
                       : pos->at(m.from);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const Square n = Square(king + offset_of(dx, dy));
        const Piece q = pos->at(n);
        if ((!dx && !dy) || n == m.to || q == kWall || (is_piece(q) && color_of(q) != us))
          continue;
        if (pos->attacked(n, us) || pos->piece_would_attack(checker, m.to, n, m.from, king))
          continue;
        return false;
      }
    return true;
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

  // Is a quiet move of a node not in check, after `searched` moves, pruned near the leaves
  // because it hangs its piece?
  bool hanging_pruned(const Move& m, int depth, int searched, bool pv_node) const {
    return depth <= 3 && searched > 0 && !pv_node && hangs_in_drop_game(*pos, m);
  }

  int search(int alpha, int beta, int depth, int ply, bool null_ok) {
    const bool pv_node = beta - alpha > 1;
    pv_len[ply] = ply;
    const Color us = pos->side_to_move();
    if (ply > 0) {
      if (royals_lost(us)) return -kMateScore + ply;  // the last royal was taken
      if (auto score = repetition_score(ply)) return *score;
      // Mate distance pruning.
      alpha = std::max(alpha, -kMateScore + ply);
      beta = std::min(beta, kMateScore - ply - 1);
      if (alpha >= beta) return alpha;
    }
    // Check, or in royal-capture games a royal en prise: prune nothing, and under a check
    // rule extend (in royal-capture games attacks on the royal are too frequent to extend).
    const bool in_check = royal_attacked(us);
    if (in_check && check_rule) ++depth;
    if (depth <= 0) return qsearch(alpha, beta, ply, check_rule);
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
      const Square cs = make_null(us, ply);
      int score = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
      unmake_null(us, cs);
      if (aborted) return 0;
      if (score >= beta) return is_mate_score(score) ? beta : score;
    }
    depth -= internal_iterative_reduction(depth, !tt_move.is_null());

    const int old_alpha = alpha;
    int best = -kInfinity;
    Move best_move{};
    int searched = 0;
    int n_tried = 0;  // quiets_tried[ply] in use
    // quiets_pruned at this node, for visit and staged_moves. The node's constants by value:
    // staged_moves's copy then keeps them in registers.
    auto late_quiets_pruned = [&alpha, &searched, depth, static_eval, pv_node] {
      return quiets_pruned(depth, alpha, static_eval, searched, pv_node);
    };
    // Searches one move; true on a beta cut-off.
    auto visit = [&](const Move& m) {
      const bool capture = is_capture(*pos, m);
      const bool quiet = !capture && !m.promotes();
      if (quiet && !in_check &&
          (late_quiets_pruned() || hanging_pruned(m, depth, searched, pv_node)))
        return false;
      Undo u;
      make(m, u, ply);
      int score;
      if (searched == 0) {
        score = -search(-beta, -alpha, depth - 1, ply + 1, true);
      } else {
        int r = 0;
        if (depth >= 3 && quiet && !in_check && searched >= 3)
          r = late_move_reduction(
              depth, searched, {pv_node, order.is_killer(m, ply), order.reduction_history(m, ply)});
        score = -search(-alpha - 1, -alpha, depth - 1 - r, ply + 1, true);
        if (score > alpha && r > 0) score = -search(-alpha - 1, -alpha, depth - 1, ply + 1, true);
        if (score > alpha && score < beta) score = -search(-beta, -alpha, depth - 1, ply + 1, true);
      }
      unmake(m, u);
      ++searched;
      if (aborted) return true;
      if (score > best) {
        best = score;
        best_move = m;
        if (score > alpha) {
          alpha = score;
          pv[ply][ply] = m;
          for (int j = ply + 1; j < pv_len[ply + 1]; ++j) pv[ply][j] = pv[ply + 1][j];
          pv_len[ply] = std::max(ply + 1, pv_len[ply + 1]);
        }
      }
      if (score < beta) {
        if (quiet && n_tried < kMaxTried) quiets_tried[ply][n_tried++] = m;
        return false;
      }
      if (quiet) order.quiet_cut(m, depth, ply, quiets_tried[ply], n_tried);
      return true;
    };

    // The remembered move first, checked against its piece's moves only: a cut-off then
    // saves generating every move.
    bool tt_tried = false;
    if (!tt_move.is_null() && ply > 0 && order.remembered_is_legal(tt_move, ply)) {
      tt_tried = true;
      if (visit(tt_move)) {
        if (aborted) return 0;
        tt.store(key, best_move, score_to_tt(best, ply),
                 in_check ? TTEntry::kNoEval : static_eval, depth, Bound::Lower);
        return best;
      }
    }

    MoveList& list = order.list(ply);
    int legal_moves;  // how many the position has (0: mate or stalemate)
    if (ply == 0 || in_check) {  // every move at once: the root's list is given
      if (ply == 0)
        list = *root_moves;
      else
        generate_moves(*pos, list);
      legal_moves = list.size;
      order.in_order(list, tt_move, ply, true,
                     [&](const Move& m) { return !(tt_tried && m == tt_move) && visit(m); });
    } else {
      legal_moves = order.staged_moves(tt_tried ? tt_move : Move{}, ply, late_quiets_pruned, visit);
    }
    if (aborted) return 0;
    if (legal_moves == 0) return in_check || no_moves_loses ? -kMateScore + ply : 0;
    // A MultiPV line after the first searched the root without the best moves: its result is
    // not the position's, and its move must not come first in the next iteration.
    if (ply == 0 && root_moves != whole_root) return best;
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
  impl_->order.clear_history();
  impl_->order.clear_killers();
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
    // Exact, as the search's royal_attacked is (range captures, burns... included).
    bool keep = !royal_under_attack(p, us);
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
    s.order.clear_history();
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
  // The GUI's clock started before the order to move was read: time from then.
  s.start = limits.received.value_or(SteadyClock::now());
  s.limits = &limits;
  s.stop = &stop_;
  s.ponderhit = &ponderhit_;
  s.pondering = limits.ponder;
  s.game_ply = game.plies();
  s.budget = plan_time(limits, pos.side_to_move(), game.plies());
  s.check_rule = s.variant->rules.check_rule;
  s.tables_exact = tables_see_every_capture(*s.variant);
  s.no_moves_loses = s.variant->rules.no_moves_loses;
  s.loses_without_royals = {game.loses_without_royals(kBlack), game.loses_without_royals(kWhite)};
  s.order.start(pos, *s.eval, captures_follow_attacks(*s.variant));
  s.order.clear_killers();
  s.tt.new_search();

  SearchResult result;
  MoveList root;
  root_choices(game, root);
  if (root.size == 0 || game.outcome().over()) return result;
  s.root_moves = s.whole_root = &root;
  result.best = root.moves[0];
  result.has_move = true;

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  // MultiPV: line k searches the root without the first moves of lines 1..k-1 of the same
  // iteration, each with its own aspiration window; the lines are then sorted by score.
  struct Line {
    int score = 0;
    std::vector<Move> pv;
  };
  const int lines_wanted = std::clamp(limits.multipv, 1, root.size);
  std::vector<Line> lines;  // the last complete iteration's, best first
  std::unique_ptr<MoveList> others;  // the root moves left for the next line
  if (lines_wanted > 1) others = std::make_unique<MoveList>();
  int score = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    s.seldepth = 0;
    std::vector<Line> found;
    for (int k = 0; k < lines_wanted; ++k) {
      s.root_moves = &root;
      if (k > 0) {
        others->size = 0;
        for (int i = 0; i < root.size; ++i) {
          const Move& m = root.moves[i];
          if (std::none_of(found.begin(), found.end(), [&](const Line& l) { return l.pv[0] == m; }))
            others->moves[others->size++] = m;
        }
        s.root_moves = others.get();
      }
      // Aspiration window around the line's last score.
      const int guess = k == 0 ? score : k < int(lines.size()) ? lines[k].score : found.back().score;
      int delta = depth >= 4 && !is_mate_score(guess) ? 40 : kInfinity;
      int alpha = std::max(-kInfinity, guess - delta), beta = std::min(kInfinity, guess + delta);
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
      // An aborted first iteration still gives the best move it found.
      if (s.aborted && (depth > 1 || k > 0)) break;
      Line line{value, {}};
      if (s.pv_len[0] > 0)
        line.pv.assign(s.pv[0], s.pv[0] + s.pv_len[0]);
      else
        line.pv.push_back(k == 0 && !result.pv.empty() ? result.pv[0] : s.root_moves->moves[0]);
      found.push_back(std::move(line));
      if (s.aborted) break;
    }
    // An unfinished iteration counts for nothing, however many of its lines are done: the
    // answer is the last iteration reported, as with one line.
    if (found.empty() || (s.aborted && depth > 1)) break;
    std::stable_sort(found.begin(), found.end(),
                     [](const Line& a, const Line& b) { return a.score > b.score; });
    lines = std::move(found);
    score = lines[0].score;
    if (!lines[0].pv.empty() && (s.pv_len[0] > 0 || lines_wanted > 1)) {
      result.pv = lines[0].pv;
      result.best = result.pv[0];
    }
    result.score = score;
    result.depth = depth;
    result.nodes = s.nodes;
    if (on_info) {
      for (int k = 0; k < int(lines.size()); ++k) {
        SearchInfo info;
        info.depth = depth;
        info.seldepth = std::max(depth, s.seldepth);
        info.score = lines[k].score;
        info.nodes = s.nodes;
        info.time_ms = s.elapsed_ms();
        info.nps = info.time_ms > 0 ? s.nodes * 1000 / info.time_ms : 0;
        info.hashfull = s.tt.hashfull();
        info.multipv = k + 1;
        info.pv = k == 0 ? result.pv : lines[k].pv;
        on_info(info);
      }
    }
    if (s.aborted) break;
    // Mate found, or not enough time left for another iteration.
    if (is_mate_score(score) && depth >= 2 * (kMateScore - std::abs(score)) + 2 &&
        !limits.infinite && !s.pondering && lines_wanted == 1)
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
