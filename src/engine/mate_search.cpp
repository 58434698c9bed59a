// Depth-first proof-number search (Nagai 2002) for mating problems, with:
// - thresholds widened by 1+epsilon (Pawlewicz and Lew 2007) against thrashing between siblings;
// - weak proof and disproof numbers (Ueda, Hashimoto, Hashimoto and Iida 2008) at the nodes
//   that would sum their children's;
// - cycles: a return to a position on the current path (or in the game's history) disproves that
//   branch for the attacker, since a mate through a cycle has a shorter one without it;
// - the graph-history interaction (Kishimoto and Mueller 2004): a disproof that rests on such a
//   repetition holds for its path only, so it is stored under a key of that path, found again
//   when df-pn re-enters the same path and never from another;
// - hand dominance (engine/mate_table.h) in games with drops: each proof stored with its proof
//   pieces, the fewest the attacker needs (Seo's), each disproof with its disproof pieces, and
//   found for every hand of the same board that they bound; a disproof that rests on a
//   repetition stays under its whole position's key on its path;
// - solution extraction: the attacker's quickest proved move, the defender's longest defence
//   by the proved lengths, every subtree re-proved when the table lost it;
// - a second pass that looks for a shorter attack with depth-limited searches, each depth's
//   entries apart in the table (its depth is in their key).
#include "engine/mate_search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>
#include <unordered_map>

#include <unistd.h>

#include "engine/mate_table.h"
#include "rules/mating.h"

namespace kirin {

const char* to_string(MateStatus s) {
  switch (s) {
    case MateStatus::Mate: return "mate";
    case MateStatus::NoMate: return "no mate";
    case MateStatus::Unknown: return "unknown";
  }
  return "unknown";
}

const char* to_string(MateStop s) {
  switch (s) {
    case MateStop::None: return "none";
    case MateStop::Movetime: return "time budget";
    case MateStop::Nodes: return "node budget";
    case MateStop::Stopped: return "stopped";
    case MateStop::DepthLimit: return "depth limit";
    case MateStop::Unchecked: return "line not completed";
  }
  return "none";
}

const char* mate_length_word(bool exact, bool bounded) {
  return exact ? "exact" : bounded ? "at_most" : "unbounded";
}

int MateResult::mate_moves() const {
  return status == MateStatus::Mate ? (int(line.size()) + 1) / 2 : 0;
}

namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kInf = 1u << 30;
// Plies from the root: deeper branches count as unsolved. A solve starts at the first limit
// (deep enough for every collection problem, shallow enough that a hopeless wandering line is
// cut early) and doubles it, up to the last, whenever the root was disproved only through a
// cut. The last is what the stack holds (about 200 bytes a ply) on a thread of 2 MiB.
constexpr int kFirstDepthLimit = 600;
constexpr int kMaxPlies = 6400;

uint32_t add(uint32_t a, uint32_t b) {
  if (a >= kInf || b >= kInf) return kInf;
  return std::min<uint32_t>(a + b, kInf - 1);
}

// A threshold for the most promising child: a little above its best sibling's number.
uint32_t widened(uint32_t second) {
  if (second >= kInf - 1) return kInf - 1;
  return std::min<uint64_t>(kInf - 1, uint64_t(second) + second / 4 + 1);
}

struct Child {
  Move move;
  uint64_t hash;
  HandCode::Located at;  // its board and hands, the table's key
  uint64_t pieces = 0;   // decided: its proof or disproof pieces (HandCode)
  uint32_t pn = 1, dn = 1;
  uint16_t len = 0;
  bool repetition = false;  // disproved by a repetition on this path
  // A futile interposition (the convention): it must lose too, but its length does not count,
  // and its branch is searched without a depth limit, once the counted defences are proved.
  bool futile = false;
};

struct NodeValue {
  uint32_t pn, dn;
  uint16_t len;
  bool repetition;
  uint64_t pieces = 0;  // decided: its proof or disproof pieces (HandCode)
};
constexpr NodeValue kProved{0, kInf, 0, false};
constexpr NodeValue kDisproved{kInf, 0, 0, false};

}  // namespace

struct MateSolver::Impl {
  Table table;
  HandCode hands;  // the packing of the solve's game's hands (none without drops)
  size_t mb = 64;

  // One solve's state.
  Position* pos = nullptr;
  Color attacker = kBlack;
  bool attacker_can_lose = false;
  int max_plies = 0;      // depth limit in plies from the root (0: none)
  bool futile = false;    // the futile-interposition convention (MateLimits)
  int64_t nodes = 0;
  int64_t node_limit = 0;
  Clock::time_point start, deadline, next_report;
  bool has_deadline = false;
  bool aborted = false;
  MateStop why = MateStop::None;  // why it aborted
  bool depth_cut = false;
  int depth_limit = kFirstDepthLimit;
  const std::atomic<bool>* stop = nullptr;
  const std::function<void(const MateProgress&)>* progress = nullptr;
  uint32_t root_pn = 1, root_dn = 1;
  std::optional<Move> root_refutation;  // set when a defender-to-move root is disproved
  std::unordered_map<uint64_t, int> on_path;  // positions on the path, the game's included
  // A key of the path from the root to each ply: a disproof that rests on a repetition is
  // stored under its node's key mixed with this, so that it is found again on the same path
  // (df-pn enters the same nodes many times) and never on another.
  std::vector<uint64_t> path_key = std::vector<uint64_t>(kMaxPlies + 2);
  // A move list and an undo record per ply (they are large: kept off the stack, which holds
  // a frame of mid() a ply).
  std::vector<std::unique_ptr<MoveList>> lists;
  std::vector<std::unique_ptr<Undo>> undo_stack;

  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  }

  void abort_for(MateStop reason) {
    if (!aborted) why = reason;
    aborted = true;
  }

  void check_limits() {
    if (stop->load(std::memory_order_relaxed)) abort_for(MateStop::Stopped);
    if (node_limit && nodes >= node_limit) abort_for(MateStop::Nodes);
    const auto now = Clock::now();
    if (has_deadline && now >= deadline) abort_for(MateStop::Movetime);
    if (*progress && now >= next_report) {
      next_report = now + std::chrono::seconds(1);
      (*progress)(MateProgress{nodes, elapsed_ms(), table.hashfull(), table.collections(),
                               root_pn, root_dn});
    }
  }

  MoveList& list_at(int ply) {
    while (int(lists.size()) <= ply) lists.push_back(std::make_unique<MoveList>());
    return *lists[ply];
  }
  Undo& undo_at(int ply) {
    while (int(undo_stack.size()) <= ply) undo_stack.push_back(std::make_unique<Undo>());
    return *undo_stack[ply];
  }

  uint64_t salted(uint64_t hash, int ply, bool limited = true) const {
    // In a depth-limited pass a result holds for the depth left only; it holds in every such
    // pass (the passes of one solve share their results), never in an unlimited one.
    const bool limit = limited && max_plies;
    const uint64_t depth_left = limit ? uint64_t(max_plies - ply) : 0;
    // Results under the futile-interposition convention are not results without it.
    const uint64_t salt =
        (limit ? 0x5851F42D4C957F2Dull : 0) ^ (futile ? 0xD6E8FEB86659FD93ull : 0);
    const uint64_t k = hash ^ salt ^ (depth_left * 0x9E3779B97F4A7C15ull);
    return k ? k : 1;
  }
  // A position's key in the table: its board's, salted, and its hands (HandCode).
  struct Key {
    uint64_t key, hands;
  };
  Key key_of(const HandCode::Located& at, int ply, bool limited = true) const {
    return {salted(at.board, ply, limited), at.hands};
  }
  Key key_here(int ply) const { return key_of(hands.locate(*pos), ply); }
  const Entry* find(const Key& k) const { return table.find(k.key, k.hands); }

  bool or_node() const { return pos->side_to_move() == attacker; }

  // The children of the node, or a value when the node is decided without them.
  std::optional<NodeValue> expand(int ply, std::vector<Child>& children) {
    const Color defender = ~attacker;
    MoveList& list = list_at(ply);
    if (or_node()) {
      if (pos->royal_count(defender) == 0) return with_pieces(kProved, false, false);
      if (attacker_can_lose && pos->royal_count(attacker) == 0)
        return with_pieces(kDisproved, false, false);
      if (max_plies && ply >= max_plies) return with_pieces(kDisproved, false, false);
      generate_attacks(*pos, list);
      // No attack: a piece of a kind the attacker lacks might give one; the defender's hand
      // is kept as it is (whether a drop mates, the Pawn's rule, may depend on it).
      if (list.size == 0) return with_pieces(kDisproved, true, true);
      add_children(list, children, ply);
      order_attacks(children);
      return std::nullopt;
    }
    // The defender may win first, by taking the attacker's last royals.
    if (attacker_can_lose && takes_every_royal(*pos)) return with_pieces(kDisproved, false, false);
    generate_defences(*pos, list);
    // Mated: a piece of a kind the defender lacks might give it a defence (an interposition).
    if (list.size == 0)
      return with_pieces(kProved, hands.enabled() && drop_may_block(), false);
    const int counted = futile ? counted_defences_first(*pos, list) : list.size;
    // Out of plies with a counted defence left: it may be a drop.
    if (max_plies && ply >= max_plies && counted > 0) return with_pieces(kDisproved, false, true);
    add_children(list, children, ply);
    for (int i = counted; i < int(children.size()); ++i) children[i].futile = true;
    return std::nullopt;
  }

  // A node decided without its children, with its pieces (HandCode): held to none of the
  // kinds the side bounded from above lacks (`missing`), to the node's own counts from below
  // (`these`); else whatever the hands (kProved and kDisproved as they are).
  NodeValue with_pieces(NodeValue v, bool missing, bool these) const {
    if (!hands.enabled()) return v;
    const bool proof = v.pn == 0;
    const uint64_t node = hands.locate(*pos).hands;
    v.pieces = node == HandCode::kExact ? node : hands.any(proof);
    if (node == HandCode::kExact) return v;
    if (missing) v.pieces = hands.none_of_the_missing(v.pieces, node, proof);
    if (these) v.pieces = hands.at_least_these(v.pieces, node, proof);
    return v;
  }

  // Could a drop by the defender (to move) answer the check, had it the piece? Not where its
  // one royal is attacked from beside it only: no square between to drop on. (Elsewhere, and
  // where the attack tables do not see every capture, it may.)
  bool drop_may_block() const {
    const Color defender = ~attacker;
    const Variant& v = pos->variant();
    if (v.has_hop_attacks || v.has_untabled_captures || pos->royal_count(defender) != 1)
      return true;
    Square king;
    pos->royals(defender, &king, 1);
    Square checkers[256];
    const int n = pos->attackers(king, attacker, checkers);
    if (n == 0) return true;
    for (int i = 0; i < n; ++i)
      if (distance(checkers[i], king) > 1) return true;
    return false;
  }

  // The pieces of a node decided by its children (`node`: its hands): an OR node's proof
  // from its quickest proved move, an AND node's disproof from its first refutation that
  // rests on no repetition; an AND node's proof and an OR node's disproof from every move,
  // held to none of the kinds the side that would gain a drop lacks. The node's own hands
  // where a child's are not packed.
  uint64_t pieces_of(const NodeValue& v, bool is_or, const std::vector<Child>& children,
                     uint64_t node) const {
    if (node == HandCode::kExact) return node;
    const bool proof = v.pn == 0;
    auto packed = [](const Child& c) {
      return c.pieces != HandCode::kExact && c.at.hands != HandCode::kExact;
    };
    if (proof == is_or) {
      const Child* by = nullptr;
      for (const Child& c : children) {
        if (proof ? c.pn != 0 || c.futile : c.dn != 0 || c.repetition) continue;
        if (!by || (proof && c.len < by->len)) by = &c;
      }
      if (!by || !packed(*by)) return node;
      return hands.across(by->pieces, by->at.hands, node, proof);
    }
    uint64_t p = hands.any(proof);
    for (const Child& c : children) {
      if (!packed(c)) return node;
      p = hands.both(p, hands.across(c.pieces, c.at.hands, node, proof), proof);
    }
    return proof && !drop_may_block() ? p : hands.none_of_the_missing(p, node, proof);
  }

  // The moves as children, each with the hash of the position it leads to.
  void add_children(const MoveList& list, std::vector<Child>& children, int ply) {
    children.reserve(size_t(list.size));
    Undo& u = undo_at(ply);
    for (const Move& m : list) {
      pos->do_move(m, u);
      children.push_back(Child{m, pos->hash(), hands.locate(*pos)});
      pos->undo_move(m, u);
    }
  }

  // Among attacks of equal proof numbers df-pn tries the first: captures first, then the moves
  // that end nearest a defending royal (fewer nodes on most of the collection, measured).
  void order_attacks(std::vector<Child>& children) const {
    Square royals[Position::kMaxRoyals];
    const int n = pos->royals(~attacker, royals, Position::kMaxRoyals);
    auto rank = [&](const Child& c) {
      int near = 99;
      for (int r = 0; r < n; ++r) near = std::min(near, distance(c.move.to, royals[r]));
      const bool takes = !c.move.is_drop() && is_capture(*pos, c.move);
      return (takes ? 0 : 100) + near;
    };
    std::stable_sort(children.begin(), children.end(),
                     [&](const Child& a, const Child& b) { return rank(a) < rank(b); });
  }

  static uint64_t mix(uint64_t a, uint64_t b) {
    uint64_t z = a * 0x9E3779B97F4A7C15ull ^ b;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Where a node's repetition-bound disproof is kept: its key on this path only.
  static uint64_t on_this_path(uint64_t key, uint64_t path) { return mix(key, path) | 1; }

  void read_child(Child& c, int ply) {
    if (on_path.count(c.hash)) {
      c.pn = kInf, c.dn = 0, c.repetition = true;
      return;
    }
    if (const Entry* e = find(key_of(c.at, ply + 1, !c.futile))) {
      c.pn = e->pn, c.dn = e->dn, c.len = e->len, c.pieces = e->hands;
      return;
    }
    const uint64_t path = mix(path_key[ply], c.hash);
    if (const Entry* e =
            table.find(on_this_path(salted(c.hash, ply + 1, !c.futile), path), HandCode::kExact)) {
      c.pn = e->pn, c.dn = e->dn, c.repetition = true;
    }
  }

  // The value of the node on `pos`, under `key`; a disproof that rests on a repetition
  // under its whole position's key on this path (never found by dominance).
  NodeValue store(const Key& key, const NodeValue& v, int64_t work, int ply = -1) {
    Entry e;
    e.key = key.key;
    // A proof or a disproof under its pieces: it holds for every hand they bound.
    const bool general = hands.enabled() && (v.pn == 0 || (v.dn == 0 && !v.repetition));
    e.hands = general ? v.pieces : key.hands;
    if (v.repetition && v.dn == 0 && ply >= 0) {
      e.key = on_this_path(salted(pos->hash(), ply), path_key[ply]);
      e.hands = HandCode::kExact;
    }
    e.pn = v.pn;
    e.dn = v.dn;
    e.len = v.len;
    e.work = uint32_t(std::min<int64_t>(work, UINT32_MAX));
    table.store(e, key.hands);
    return v;
  }

  // The multiple-iterative-deepening step of df-pn: searches below the node on `pos` until its
  // proof number reaches thpn or its disproof number thdn.
  NodeValue mid(uint32_t thpn, uint32_t thdn, int ply) {
    ++nodes;
    if ((nodes & 255) == 0) check_limits();
    const int64_t nodes_before = nodes;
    const Key key = key_here(ply);
    if (ply >= depth_limit) {  // unsolved here: not stored, and the root grows the limit
      depth_cut = true;
      return NodeValue{kInf, 0, 0, true};
    }
    std::vector<Child> children;
    if (auto decided = expand(ply, children)) return store(key, *decided, 1);
    const bool is_or = or_node();
    for (Child& c : children) read_child(c, ply);

    NodeValue v{};
    while (true) {
      // The node's numbers from its children's: weak proof numbers (Ueda et al. 2008), the
      // largest plus one for each other open child, where a sum would count the shared
      // descendants of a graph many times over and run into the cap on long mates.
      uint32_t best_value = kInf + 1, second_value = kInf + 1;
      int best = -1;
      if (is_or) {
        v.pn = kInf, v.dn = 0;
        uint32_t most = 0, open = 0;
        for (int i = 0; i < int(children.size()); ++i) {
          const Child& c = children[i];
          v.pn = std::min(v.pn, c.pn);
          v.dn = add(v.dn, c.dn);
          if (c.dn != 0) most = std::max(most, c.dn), ++open;
          if (c.pn < best_value) second_value = best_value, best_value = c.pn, best = i;
          else if (c.pn < second_value) second_value = c.pn;
        }
        if (v.dn != 0 && v.dn < kInf) v.dn = add(most, open - 1);
      } else {
        // The futile interpositions wait until every counted defence is proved (delayed
        // expansion, as in KomoringHeights): most are taken at once, and only then proved.
        bool delay = false;
        for (const Child& c : children) delay |= !c.futile && c.pn != 0;
        v.pn = 0, v.dn = kInf;
        uint32_t most = 0, open = 0;
        for (int i = 0; i < int(children.size()); ++i) {
          const Child& c = children[i];
          if (delay && c.futile) continue;
          v.pn = add(v.pn, c.pn);
          v.dn = std::min(v.dn, c.dn);
          // The futile ones are proved one after another, most of them at once: each does
          // not make the node look harder, or the search would leave it for other attacks.
          if (c.pn != 0) most = std::max(most, c.pn), open += !c.futile;
          if (c.dn < best_value) second_value = best_value, best_value = c.dn, best = i;
          else if (c.dn < second_value) second_value = c.dn;
        }
        if (v.pn != 0 && v.pn < kInf) v.pn = add(most, open > 0 ? open - 1 : 0);
      }
      if (ply == 0) root_pn = v.pn, root_dn = v.dn;
      if (v.pn == 0 || v.dn == 0 || v.pn >= thpn || v.dn >= thdn || aborted) break;
      Child& c = children[best];
      uint32_t child_thpn, child_thdn;
      second_value = std::min(second_value, kInf);
      // Each threshold lets the child do some work: equal numbers near the cap would otherwise
      // give it none, and the loop would stall.
      if (is_or) {
        child_thpn = std::max(std::min(thpn, widened(second_value)), c.pn + 1);
        child_thdn = thdn >= kInf ? kInf : std::min<uint64_t>(kInf, uint64_t(thdn) - v.dn + c.dn);
      } else {
        child_thdn = std::max(std::min(thdn, widened(second_value)), c.dn + 1);
        child_thpn = thpn >= kInf ? kInf : std::min<uint64_t>(kInf, uint64_t(thpn) - v.pn + c.pn);
      }
      Undo& u = undo_at(ply);
      pos->do_move(c.move, u);
      ++on_path[c.hash];
      path_key[ply + 1] = mix(path_key[ply], c.hash);
      const int limit = max_plies;
      if (c.futile) max_plies = 0;  // its length does not count
      const NodeValue r = mid(child_thpn, child_thdn, ply + 1);
      max_plies = limit;
      if (--on_path[c.hash] == 0) on_path.erase(c.hash);
      pos->undo_move(c.move, u);
      c.pn = r.pn, c.dn = r.dn, c.len = r.len, c.repetition = r.repetition, c.pieces = r.pieces;
    }

    // The refuting defence of a defender-to-move root, whatever table entry holds it.
    if (ply == 0 && !is_or && v.dn == 0)
      for (const Child& c : children)
        if (c.dn == 0) {
          root_refutation = c.move;
          break;
        }

    // Lengths and the repetition mark of a decided node.
    v.len = 0;
    v.repetition = false;
    if (v.pn == 0) {
      uint16_t len = is_or ? UINT16_MAX : 0;
      bool counted = is_or;  // a defender left only futile interpositions is mated
      for (const Child& c : children)
        if (c.pn == 0 && !c.futile) {
          len = is_or ? std::min(len, c.len) : std::max(len, c.len);
          counted = true;
        }
      v.len = counted ? uint16_t(std::min<int>(len + 1, UINT16_MAX - 1)) : 0;
    } else if (v.dn == 0) {
      if (is_or) {
        for (const Child& c : children) v.repetition |= c.repetition;
      } else {
        v.repetition = true;  // unless one refutation needs no repetition
        for (const Child& c : children)
          if (c.dn == 0 && !c.repetition) v.repetition = false;
      }
    }
    if (hands.enabled() && (v.pn == 0 || (v.dn == 0 && !v.repetition)))
      v.pieces = pieces_of(v, is_or, children, key.hands);
    return store(key, v, nodes - nodes_before + 1, ply);
  }

  // Solves the position on `pos`: true when proved, false when disproved or aborted. A node
  // disproved only through the depth limit is searched again with the limit doubled (its
  // proofs and its disproofs that rest on no cut kept), until the last limit.
  NodeValue run(int ply) {
    ++on_path[pos->hash()];
    NodeValue v{};
    while (true) {
      depth_cut = false;
      v = mid(kInf, kInf, ply);
      while (!aborted && v.pn != 0 && v.dn != 0) v = mid(kInf, kInf, ply);
      if (v.dn != 0 || !depth_cut || aborted) break;
      if (depth_limit >= kMaxPlies) {
        abort_for(MateStop::DepthLimit);
        break;
      }
      grow_depth_limit(ply);
    }
    if (--on_path[pos->hash()] == 0) on_path.erase(pos->hash());
    return v;
  }

  // Doubles the depth limit, and gives the path from `ply` on new keys, so that a disproof
  // resting on a cut at the old limit is never found again.
  void grow_depth_limit(int ply) {
    depth_limit = std::min(kMaxPlies, 2 * depth_limit);
    path_key[ply] = mix(path_key[ply], uint64_t(depth_limit));
  }

  // The proved length of the child position, re-proving it if the table lost it; -1 if it
  // could not be proved (aborted, or proved only through this path's history).
  int proved_len(int ply) {
    if (const Entry* e = find(key_here(ply)); e && e->pn == 0) return e->len;
    if (aborted) return -1;
    const NodeValue v = run(ply);
    return v.pn == 0 ? v.len : -1;
  }

  // Whether the attacker has no mate from the position on `pos` (at `ply`) within `plies`
  // plies: true only when that was proved (not when the budget ran out).
  bool no_mate_within(int ply, int plies) {
    if (plies <= 0) return true;  // the defender has just moved: nothing mates in no move
    const int saved = max_plies;
    max_plies = ply + plies;
    depth_cut = false;
    const NodeValue v = run(ply);
    max_plies = saved;
    return !aborted && v.dn == 0 && !depth_cut;
  }

  // At a defender's node of a depth-limited proof, on the line of a mate proved the shortest:
  // the defence (an index into `children`) after which the mate takes every ply the limit
  // leaves, proved by the absence of a mate two plies shorter; the longest by the table's
  // lengths is tried first, then the others in order. -1 if the budget ran out first.
  int longest_defence(const std::vector<Child>& children, int ply) {
    std::vector<int> order;
    std::vector<int> lens(children.size(), -1);
    for (int i = 0; i < int(children.size()); ++i) {
      if (children[i].futile) continue;  // not counted: never the longest
      order.push_back(i);
      if (const Entry* e = find(key_of(children[i].at, ply + 1)); e && e->pn == 0)
        lens[i] = e->len;
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return lens[a] > lens[b]; });
    const int plies_after = max_plies - (ply + 1);  // what the limit leaves the attacker
    for (int i : order) {
      Undo u;
      pos->do_move(children[i].move, u);
      path_key[ply + 1] = mix(path_key[ply], children[i].hash);
      const bool longest = no_mate_within(ply + 1, plies_after - 2);
      pos->undo_move(children[i].move, u);
      if (aborted) return -1;
      if (longest) return i;
    }
    return -1;
  }

  // The line of a proved root: the attacker's quickest move by the proved lengths, the
  // defender's longest defence. With `longest`, in a depth-limited pass whose length was
  // proved the shortest, each defence is the longest for certain: the one after which no
  // mate two plies shorter exists. Empty if the line could not be completed.
  std::vector<Move> extract(int ply, bool longest = false) {
    std::vector<Move> line;
    std::vector<Undo> undos;
    std::vector<uint64_t> seen;
    bool ok = true;
    while (ok) {
      seen.push_back(pos->hash());
      ++on_path[pos->hash()];
      std::vector<Child> children;
      const auto decided = expand(ply, children);
      if (decided) {
        ok = decided->pn == 0;
        break;
      }
      const bool is_or = or_node();
      // Only futile interpositions left: mated under the convention (they were proved).
      if (!is_or && children.front().futile) break;
      int best = -1, best_len = is_or ? INT32_MAX : -1;
      for (int i = 0; i < int(children.size()) && ok; ++i) {
        Child& c = children[i];
        if (c.futile) continue;  // not on the line: its length does not count
        // The attacker never needs to repeat a position; a defence may (its proof came by
        // another path, and holds from the second time as from the first).
        if (is_or && on_path.count(c.hash)) continue;
        Undo u;
        pos->do_move(c.move, u);
        path_key[ply + 1] = mix(path_key[ply], c.hash);
        int len;
        if (is_or) {
          const Entry* e = find(key_of(c.at, ply + 1));
          len = e && e->pn == 0 ? e->len : -1;
        } else {
          len = proved_len(ply + 1);
          if (len < 0) ok = false;
        }
        pos->undo_move(c.move, u);
        if (len >= 0 && (is_or ? len < best_len : len > best_len)) best = i, best_len = len;
      }
      if (ok && longest && !is_or) {
        if (const int verified = longest_defence(children, ply); verified >= 0) best = verified;
      }
      if (ok && best < 0 && is_or) {
        // The table lost the proof of every move: prove them again, the first that holds.
        for (int i = 0; i < int(children.size()) && best < 0 && !aborted; ++i) {
          if (on_path.count(children[i].hash)) continue;
          Undo u;
          pos->do_move(children[i].move, u);
          path_key[ply + 1] = mix(path_key[ply], children[i].hash);
          if (proved_len(ply + 1) >= 0) best = i;
          pos->undo_move(children[i].move, u);
        }
      }
      if (!ok || best < 0 || line.size() > size_t(kMaxPlies)) {
        ok = false;
        break;
      }
      line.push_back(children[best].move);
      undos.emplace_back();
      pos->do_move(line.back(), undos.back());
      path_key[ply + 1] = mix(path_key[ply], children[best].hash);
      ++ply;
    }
    for (int i = int(line.size()) - 1; i >= 0; --i) pos->undo_move(line[i], undos[i]);
    for (uint64_t h : seen)
      if (--on_path[h] == 0) on_path.erase(h);
    if (!ok) line.clear();
    return line;
  }

  // The proof of a depth-limited mate, as a graph of attacker-to-move positions: for each, the
  // attacker's move and the proof's height from it (in the attacker's moves). A position met
  // again with fewer plies left than its height gets a quicker move (proved within what is
  // left), so heights fall strictly along every move of the final graph: it has no cycle.
  // Under the futile-interposition convention a futile interposition's branch is proved
  // without a depth limit, as the search proved it; its length does not count.
  struct ProofNode {
    Move move;
    int height = 0;
  };
  std::unordered_map<uint64_t, ProofNode> proof_nodes[2];  // without, with the convention

  // Builds the proof below the attacker-to-move position on `pos` at `ply`, with `plies` left
  // (kAnyPlies: searched without a depth limit); its height, or -1 when a subtree could not be
  // proved again (stopped).
  static constexpr int kAnyPlies = INT32_MAX / 2;
  int build_proof(int ply, int plies) {
    const uint64_t hash = pos->hash();
    auto& nodes_here = proof_nodes[futile];
    if (auto it = nodes_here.find(hash); it != nodes_here.end() && 2 * it->second.height - 1 <= plies)
      return it->second.height;
    if (ply + 2 > depth_limit) return -1;
    const int saved = max_plies;
    max_plies = plies >= kAnyPlies / 2 ? 0 : ply + plies;
    std::vector<Child> children;
    std::optional<Move> chosen;
    if (!expand(ply, children)) {
      // The quickest move proved within the plies left, proving them again if the table lost
      // them (in the search's order: the answer does not depend on the table's state).
      for (int pass = 0; pass < 2 && !chosen; ++pass) {
        int best_len = INT32_MAX;
        for (const Child& c : children) {
          if (on_path.count(c.hash)) continue;  // the game's history
          const Entry* e = find(key_of(c.at, ply + 1));
          if (!e || e->pn != 0) {
            if (pass == 0 || aborted) continue;
            Undo u;
            pos->do_move(c.move, u);
            path_key[ply + 1] = mix(path_key[ply], c.hash);
            const int len = proved_len(ply + 1);
            pos->undo_move(c.move, u);
            if (len >= 0) chosen = c.move;
            if (chosen) break;
            continue;
          }
          if (e->len < best_len) best_len = e->len, chosen = c.move;
        }
      }
    }
    max_plies = saved;
    if (!chosen) return -1;

    // The positions on the way here are not a repetition to the searches below: a proof
    // found through one of them is a quicker one there (the heights keep the graph acyclic),
    // where counting them would disprove what the table proved by another way.
    Undo u;
    pos->do_move(*chosen, u);
    // A futile interposition's branch is proved without a depth limit (its length does not
    // count) and under the convention again, the futile interpositions further on in their
    // turn, as the search proved it (counting them all there is a search that long problems
    // do not finish).
    const int height = height_over_defences(ply + 1, [&](const Move&, bool counted) {
      return build_proof(ply + 2, counted ? plies - 2 : kAnyPlies);
    });
    pos->undo_move(*chosen, u);
    if (height < 0) return -1;
    auto [it, added] = nodes_here.try_emplace(hash, ProofNode{*chosen, height});
    if (!added && it->second.height > height) it->second = ProofNode{*chosen, height};
    return it->second.height;
  }

  // The defences of the position on `pos` (the attacker has just moved), each played and
  // visited (visit(defence, counted) gives its height from there, -1 to fail), and the height
  // over them: 1 + the largest of the counted ones (a futile interposition does not count
  // under the convention), 1 if none counts; -1 if a visit failed.
  template <typename Visit>
  int height_over_defences(int list_ply, Visit&& visit) {
    MoveList& list = list_at(list_ply);
    generate_defences(*pos, list);
    const std::vector<Move> defences(list.begin(), list.end());
    int height = 1;
    for (const Move& d : defences) {
      const bool counted = !futile || !is_futile_interposition(*pos, d);
      Undo u;
      pos->do_move(d, u);
      const int h = visit(d, counted);
      pos->undo_move(d, u);
      if (h < 0) return -1;
      if (counted) height = std::max(height, h + 1);
    }
    return height;
  }

  // The proof as built, from the position on `pos`, appended to `out` in depth-first order,
  // each position once (the first graph that has it gives its move: either is a whole proof);
  // its height by the convention's count, or -1 if a position is missing or met again on its
  // own line. `listed` maps a position to its index, `heights` an index to its height (-1
  // while it is on the line being listed).
  int list_proof(int parent, const Move& defence, std::vector<ProofPosition>& out,
                 std::unordered_map<uint64_t, int>& listed, std::vector<int>& heights) {
    const uint64_t hash = pos->hash();
    if (auto it = listed.find(hash); it != listed.end()) return heights[it->second];
    const ProofNode* node = nullptr;
    for (const bool graph : {futile, !futile})
      if (auto it = proof_nodes[graph].find(hash); !node && it != proof_nodes[graph].end())
        node = &it->second;
    if (!node) return -1;
    const Move move = node->move;
    const int index = int(out.size());
    listed[hash] = index;
    out.push_back(ProofPosition{parent, defence, move});
    heights.push_back(-1);
    Undo u;
    pos->do_move(move, u);
    const int height = height_over_defences(0, [&](const Move& d, bool) {
      return list_proof(index, d, out, listed, heights);
    });
    pos->undo_move(move, u);
    heights[index] = height;
    return height;
  }
};

MateSolver::MateSolver(size_t hash_mb) : impl_(std::make_unique<Impl>()) { set_hash_mb(hash_mb); }
MateSolver::~MateSolver() = default;

void MateSolver::set_hash_mb(size_t mb) {
  impl_->mb = std::max<size_t>(1, mb);
  impl_->table.resize(impl_->mb);
}

size_t MateSolver::hash_mb() const { return impl_->mb; }

size_t MateSolver::max_hash_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 1024;  // unknown: a modest table
  return std::max<size_t>(1, size_t(pages) / 1024 * size_t(page) / 1024 * 3 / 4);
}

MateResult MateSolver::solve(const Game& game, const MateLimits& limits,
                             std::optional<Color> attacker,
                             const std::function<void(const MateProgress&)>& progress) {
  Impl& s = *impl_;
  stop_.store(false);
  MateResult result;
  Position pos = game.position();
  // The solver asks about one or two squares a move: walking to them is cheaper than keeping
  // every square's attack count through each move (3x fewer nodes a second, measured).
  pos.stop_attack_counts();
  s.pos = &pos;
  s.attacker = attacker.value_or(pos.side_to_move());
  s.attacker_can_lose = game.loses_without_royals(s.attacker);
  s.futile = limits.futile_interpositions && futile_convention_applies(pos.variant());
  result.futile_convention = s.futile;
  s.nodes = 0;
  s.node_limit = limits.nodes;
  s.start = Clock::now();
  s.next_report = s.start + std::chrono::seconds(1);
  s.has_deadline = limits.movetime_ms > 0;
  s.deadline = s.start + std::chrono::milliseconds(limits.movetime_ms);
  s.aborted = false;
  s.depth_cut = false;
  s.stop = &stop_;
  s.progress = &progress;
  s.root_pn = s.root_dn = 1;
  s.root_refutation.reset();
  s.on_path.clear();
  s.why = MateStop::None;
  s.path_key[0] = 1;
  s.depth_limit = limits.first_depth_limit > 0 ? std::min(limits.first_depth_limit, kMaxPlies)
                                               : kFirstDepthLimit;
  s.table.clear();
  s.hands = HandCode{};
  if (limits.hand_dominance) s.hands.setup(pos, s.attacker);
  s.table.set_hand_code(&s.hands);
  const bool root_or = pos.side_to_move() == s.attacker;
  auto plies_for = [&](int moves) { return root_or ? 2 * moves - 1 : 2 * moves; };
  s.max_plies = limits.max_moves > 0 ? plies_for(limits.max_moves) : 0;
  auto finish = [&](MateStatus status) {
    result.status = status;
    result.nodes = s.nodes;
    result.time_ms = s.elapsed_ms();
    result.hashfull = s.table.hashfull();
    result.collections = s.table.collections();
    if (status == MateStatus::Unknown)
      result.stop = s.aborted ? s.why : MateStop::Unchecked;
    return result;
  };
  if (game.outcome().over()) return finish(MateStatus::NoMate);
  if (!root_or && cannot_keep_royal(pos)) return finish(MateStatus::Mate);  // a mate in 0

  // The game's earlier positions count as the path: returning to one is a repetition.
  const std::vector<uint64_t> history = game.recent_hashes();
  for (size_t i = 0; i + 1 < history.size(); ++i) ++s.on_path[history[i]];

  NodeValue v = s.run(0);
  // Only futile interpositions left at a defender-to-move root, each proved to lose: a mate
  // in 0 under the convention.
  if (!root_or && v.pn == 0 && s.futile && mated_under_convention(pos))
    return finish(MateStatus::Mate);
  if (s.aborted && v.pn != 0) return finish(MateStatus::Unknown);
  if (v.dn == 0) {
    if (s.depth_cut) return finish(MateStatus::Unknown);
    if (!root_or && s.root_refutation) result.line = {*s.root_refutation};
    return finish(MateStatus::NoMate);
  }

  // Every line given out is replayed under the game's rules and the problem's conventions.
  auto checked = [&](const std::vector<Move>& l) {
    return !l.empty() && check_mating_line(game, l, s.attacker, s.futile).empty();
  };
  std::vector<Move> line = s.extract(0);
  if (!checked(line)) return finish(MateStatus::Unknown);
  result.proved_ms = s.elapsed_ms();

  // The second pass: the shortest mate. Each step searches to one attacker's move less than
  // the line found, until a search proves that none exists (the length is then exact) or the
  // budget runs out (the mate is "in at most" the line's length). Nothing here depends on
  // the clock but stopping, so that a solve within its budget repeats exactly.
  const auto moves_of = [](const std::vector<Move>& l) { return (int(l.size()) + 1) / 2; };
  int line_plies = s.max_plies;  // the pass whose table proves `line` (0: unlimited)
  // An unlimited search's line bounds nothing (a defence it did not take may last longer),
  // nor does a line shorter than the limit of the search that proved it (a length in the
  // table is that of the proof found when it was stored; a subtree proved again later may
  // take longer, so the line's defences need not be the longest): the next step then
  // searches to the line's own length, and if that finds no mate, upwards from there to the
  // limit that proved one: the first limit that proves a mate is its exact length.
  result.bounded = line_plies != 0 && line_plies == plies_for(moves_of(line));
  int proved_within = line_plies ? limits.max_moves : 0;  // the least limit proved (0: none)
  int no_mate_in = 0;  // the longest limit disproved
  int exact_moves = 0;
  if (limits.shorten) {
    while (true) {
      const bool was_bounded = result.bounded;
      int moves = moves_of(line) - (was_bounded ? 1 : 0);
      if (moves < 1) {  // no mate in 0: the defender to move at the root could keep a royal
        result.exact = true;
        break;
      }
      moves = std::max(moves, no_mate_in + 1);
      s.max_plies = plies_for(moves);
      s.depth_cut = false;
      const NodeValue w = s.run(0);
      if (s.aborted) break;
      if (w.dn == 0) {
        // No mate in `moves`: the length is exact, or (no bound yet) longer than the line.
        result.exact = result.bounded && !s.depth_cut;
        if (result.exact || s.depth_cut || proved_within <= moves) break;
        no_mate_in = moves;  // a mate is proved within `proved_within`: search upwards
        if (no_mate_in + 1 == proved_within) {
          result.exact = true, exact_moves = proved_within;
          break;
        }
        continue;
      }
      proved_within = moves;
      result.bounded = moves == moves_of(line);  // a mate in at most `moves` is proved
      std::vector<Move> shorter = s.extract(0);
      if (shorter.size() > line.size() && moves <= moves_of(line)) break;
      if (!checked(shorter)) break;
      const bool shortened = shorter.size() < line.size() || !was_bounded;
      line = std::move(shorter);
      line_plies = s.max_plies;
      result.bounded = moves == moves_of(line);
      if (no_mate_in + 1 == moves) {  // proved within `moves`, disproved within one less
        result.exact = true, exact_moves = moves;
        break;
      }
      if (!shortened) break;
    }
    s.aborted = false;
    // The line again, each defence proved the longest.
    if (result.exact) {
      const int n = exact_moves ? exact_moves : moves_of(line);
      s.max_plies = plies_for(n);
      std::vector<Move> longest = s.extract(0, true);
      if (moves_of(longest) == n && checked(longest)) {
        line = std::move(longest);
        line_plies = s.max_plies;
        result.bounded = true;
      } else if (moves_of(line) != n) {  // no line of the exact length: neither is claimed
        result.exact = result.bounded = false;
      }
      s.aborted = false;
    }
  }

  // The proof: from the depth-limited table of the line's length, proved again where the
  // table lost it; a futile interposition's branch from the unlimited results. It gets as much
  // budget again as the solve had.
  if (limits.proof) {
    s.max_plies = line_plies ? line_plies : plies_for(moves_of(line));
    s.aborted = false;
    s.node_limit = limits.nodes ? s.nodes + limits.nodes : 0;
    s.has_deadline = limits.movetime_ms > 0;
    s.deadline = Clock::now() + std::chrono::milliseconds(limits.movetime_ms);
    for (auto& graph : s.proof_nodes) graph.clear();
    std::unordered_map<uint64_t, int> listed;
    std::vector<int> heights;
    int height = -1;
    if (root_or) {
      if (s.build_proof(0, s.max_plies) > 0)
        height = s.list_proof(-1, Move{}, result.proof, listed, heights);
    } else {
      MoveList& list = s.list_at(0);
      generate_defences(pos, list);
      const std::vector<Move> defences(list.begin(), list.end());
      height = 0;
      const bool convention = s.futile;
      for (const Move& d : defences) {
        const bool counted = !convention || !is_futile_interposition(pos, d);
        Undo u;
        pos.do_move(d, u);
        int h = s.build_proof(1, counted ? s.max_plies - 1 : Impl::kAnyPlies);
        if (h > 0) h = s.list_proof(-1, d, result.proof, listed, heights);
        pos.undo_move(d, u);
        if (h <= 0) {
          height = -1;
          break;
        }
        if (counted) height = std::max(height, h);
      }
    }
    for (auto& graph : s.proof_nodes) graph.clear();
    if (height != moves_of(line) || s.aborted) result.proof.clear();
    if (!result.proof.empty()) result.bounded = true;  // a proof of that length is a bound
  }
  s.max_plies = limits.max_moves > 0 ? plies_for(limits.max_moves) : 0;

  result.line = std::move(line);
  return finish(MateStatus::Mate);
}

}  // namespace kirin
