// The mate solver's transposition table (engine/mate_search), with hand dominance (df-pn+,
// Nagai 2002; Kawano 1996) for games with drops: a position is keyed by its board (its hash
// without the hands) and the hands it holds, packed; every entry of a board lives in the one
// bucket of its board, so that a lookup sees the board's other hands. A proof of the board
// with an attacker's hand that the current one contains (and a defender's hand that contains
// the current one) proves it too: whatever mated there mates here, the extra pieces unused,
// and the defender has no defence it did not have there. A disproof holds the other way.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace kirin {

// Both hands of a position packed into one word: the attacker's counts in the low half, the
// defender's in the high half, a field per kind wide enough for every piece of that kind the
// problem holds, over a guard bit (the subset test below borrows from it).
class HandCode {
 public:
  // Hands that could not be packed (a count beyond its field), or were not asked for: such an
  // entry is found by its exact key only.
  static constexpr uint64_t kExact = ~uint64_t(0);

  // The fields for the game of `root` (the problem's position), where the game has drops and
  // the fields fit; else none, and every position's key is its whole hash (hands 0).
  void setup(const Position& root, Color attacker);
  bool enabled() const { return !fields_.empty(); }

  struct Located {
    uint64_t board;  // the hash less the hands' part (the whole hash when not enabled)
    uint64_t hands;  // packed, or kExact (then `board` is the whole hash)
  };
  Located locate(const Position& pos) const {
    if (fields_.empty()) return {pos.hash(), 0};
    uint64_t board = pos.hash(), hands = 0;
    for (const Field& f : fields_) {
      const int a = pos.hand(attacker_, f.kind), d = pos.hand(~attacker_, f.kind);
      if (a > f.max || d > f.max) return {pos.hash(), kExact};
      board ^= zobrist::hand(attacker_, f.kind, a) ^ zobrist::hand(~attacker_, f.kind, d);
      hands |= uint64_t(a) << f.shift | uint64_t(d) << (f.shift + 32);
    }
    return {board, hands};
  }

  // Does a proof with `proved` hands prove the position with `hands`: the attacker holds all
  // it held, the defender no more? (Both packed; neither kExact.)
  bool proves(uint64_t proved, uint64_t hands) const {
    return covers(hands & kLow, proved & kLow) && covers(proved >> 32, hands >> 32);
  }
  // Does a disproof with `disproved` hands disprove the position with `hands`?
  bool disproves(uint64_t disproved, uint64_t hands) const { return proves(hands, disproved); }

  // Proof pieces and disproof pieces (Seo 1999; Nagai 2002), packed as hands: what a proof
  // needs, the fewest pieces of the attacker's and the most of the defender's (a field at its
  // largest holds any count), and what a disproof allows, the most of the attacker's and the
  // fewest of the defender's. A `proof`'s lower bounds are the attacker's half, a disproof's
  // the defender's; the other half bounds from above.
  //
  // What decides a node whatever the hands (a King taken, the depth limit).
  uint64_t any(bool proof) const { return proof ? maxes_ << 32 : maxes_; }
  // A child's pieces as the node's, across the move between them (`child` and `node` are
  // their hands): a drop by the attacker needs one more of the kind, a capture one less.
  uint64_t across(uint64_t pieces, uint64_t child, uint64_t node, bool proof) const;
  // Both bounds of two children's at once: the larger lower bound, the smaller upper one.
  uint64_t both(uint64_t a, uint64_t b, bool proof) const;
  // The upper bound held to none of each kind the node's hands (`node`) lack: one such piece
  // more would give the side a drop it did not have (a defence against the proof, an attack
  // against the disproof).
  uint64_t none_of_the_missing(uint64_t pieces, uint64_t node, bool proof) const;
  // The lower bound held to the node's own counts (`node`).
  uint64_t at_least_these(uint64_t pieces, uint64_t node, bool proof) const;

 private:
  static constexpr uint64_t kLow = 0xFFFFFFFFull;
  // Is every field of `small` at most the same field of `big`? Each field of big with its
  // guard bit set, less small's: the guard survives only where big's count is not smaller.
  bool covers(uint64_t big, uint64_t small) const {
    return (((big | guards_) - small) & guards_) == guards_;
  }

  struct Field {
    Kind kind;
    int shift;  // of the count, in each half
    int max;    // the largest count it holds
  };
  std::vector<Field> fields_;
  uint64_t guards_ = 0;  // the guard bit above each field, in the low half
  uint64_t maxes_ = 0;   // each field at its largest, in the low half
  Color attacker_ = kBlack;
};

struct Entry {
  uint64_t key = 0;    // the board's key (HandCode::Located::board, salted), or a path's
  uint64_t hands = 0;  // HandCode's packing, or kExact
  uint32_t pn = 1, dn = 1;
  uint32_t work = 0;  // nodes spent below it: what replacement keeps
  uint16_t len = 0;   // proved: plies to mate along the proof found
};

// A bucket: the entries a key's low bits pick.
constexpr size_t kBucketEntries = 4;

class Table {
 public:
  void resize(size_t mb);
  void clear();
  // With a HandCode enabled, lookups apply dominance (else they match exact keys only), and
  // a board's entries take two buckets: a board met with many hands (a King chased round
  // and round, pieces changing hands) would evict its own entries from one.
  void set_hand_code(const HandCode* code) {
    code_ = code && code->enabled() ? code : nullptr;
    cluster_ = code_ && buckets() > 1 ? 2 : 1;
  }

  // The entry of the position with this key and these hands, or else one that decides it by
  // dominance (a proof of the fewest plies first), or null.
  const Entry* find(uint64_t key, uint64_t hands) const {
    if (key == 0) return nullptr;
    const Entry* exact = nullptr;
    const Entry* decides = nullptr;
    const Entry* first = cluster(key);
    for (const Entry* it = first; it != first + kBucketEntries * cluster_; ++it) {
      const Entry& e = *it;
      if (e.key != key) continue;
      if (e.hands == hands) {
        if (e.pn == 0 || e.dn == 0) return &e;
        exact = &e;
      } else if (code_ && hands != HandCode::kExact && e.hands != HandCode::kExact) {
        if (e.pn == 0 && code_->proves(e.hands, hands)) {
          if (!decides || decides->pn != 0 || e.len < decides->len) decides = &e;
        } else if (e.dn == 0 && !decides && code_->disproves(e.hands, hands)) {
          decides = &e;
        }
      }
    }
    return decides ? decides : exact;
  }
  // Stores `in`, in place of the entry of the same key with its hands or with `own` (the
  // position's own hands, which an open entry has and a proof or disproof generalizes).
  void store(const Entry& in, uint64_t own);
  int hashfull() const { return int(std::min<size_t>(1000, used_ * 1000 / capacity())); }
  size_t buckets() const { return entries_.size() / kBucketEntries; }
  int64_t collections() const { return collections_; }

 private:
  size_t capacity() const { return entries_.size(); }
  // The first of the entries a key may take (kBucketEntries * cluster_ of them, in a row).
  const Entry* cluster(uint64_t key) const {
    return &entries_[(key & mask_ & ~size_t(cluster_ - 1)) * kBucketEntries];
  }
  Entry* cluster(uint64_t key) {
    return &entries_[(key & mask_ & ~size_t(cluster_ - 1)) * kBucketEntries];
  }
  // What a full bucket keeps: solved entries, then those that cost most.
  static uint64_t keep(const Entry& x) { return uint64_t(x.pn == 0 || x.dn == 0) << 32 | x.work; }
  // The same order by powers of two: unsolved entries' classes first.
  static int keep_class(const Entry& x) {
    return (x.pn == 0 || x.dn == 0) * 33 + std::bit_width(x.work);
  }
  void collect();

  std::vector<Entry> entries_;
  size_t mask_ = 0;
  size_t used_ = 0;
  int64_t collections_ = 0;
  const HandCode* code_ = nullptr;
  int cluster_ = 1;  // buckets a key may take
};

}  // namespace kirin
