#include "engine/mate_table.h"

namespace kirin {

void HandCode::setup(const Position& root, Color attacker) {
  fields_.clear();
  guards_ = 0;
  attacker_ = attacker;
  const Variant& v = root.variant();
  if (!v.rules.drops || v.hand_kinds.empty()) return;
  // Every piece that could join a hand, by the kind it joins as: no count of a kind exceeds
  // these where pieces are kept (shogi's are); a position that exceeds one is kept exactly.
  std::array<int, kMaxKinds + 1> pieces{};
  for (Color c : {kBlack, kWhite}) {
    for (int i = 0; i < root.count(c); ++i) {
      const Kind k = v.pieces[kind_of(root.at(root.squares(c)[i]))].demotes_to;
      if (!v.pieces[k].royal) ++pieces[k];
    }
    for (Kind k : v.hand_kinds) pieces[k] += root.hand(c, k);
  }
  int shift = 0;
  for (Kind k : v.hand_kinds) {
    if (pieces[k] == 0) continue;  // none of the kind: a count of one is kept exactly
    const int width = std::bit_width(unsigned(pieces[k]));
    if (shift + width + 1 > 32) {  // the hands do not fit: exact keys only
      fields_.clear();
      guards_ = 0;
      return;
    }
    fields_.push_back(Field{k, shift, (1 << width) - 1});
    guards_ |= uint64_t(1) << (shift + width);
    shift += width + 1;
  }
}

void Table::resize(size_t mb) {
  size_t n = std::max<size_t>(1, mb * 1024 * 1024 / sizeof(Bucket));
  size_t pow2 = 1;
  while (pow2 * 2 <= n) pow2 *= 2;
  buckets_.assign(pow2, Bucket{});
  mask_ = pow2 - 1;
  used_ = 0;
  collections_ = 0;
}

void Table::clear() {
  std::fill(buckets_.begin(), buckets_.end(), Bucket{});
  used_ = 0;
  collections_ = 0;
}

void Table::store(const Entry& in) {
  Bucket& b = buckets_[in.key & mask_];
  Entry* victim = nullptr;
  for (Entry& e : b.e) {
    if (e.key == in.key && e.hands == in.hands) {
      victim = &e;
      break;
    }
    if (e.key == 0) {
      if (!victim || victim->key != 0) victim = &e;
      continue;
    }
    if (victim && victim->key == 0) continue;
    if (!victim || keep(e) < keep(*victim)) victim = &e;
  }
  if (victim->key == 0) ++used_;
  *victim = in;
  if (used_ * 10 >= capacity() * 9) collect();
}

// The table is nine tenths full: clears the least-worked half of its entries (unsolved ones
// first), so that the search goes on with room for new nodes, where replacing within a full
// bucket would evict what the search needs now as readily as what it needed long ago. The
// half is found by classes of work (powers of two), with no copy of the table: the class at
// the middle is cleared in table order until the table is half full.
void Table::collect() {
  std::array<size_t, 66> in_class{};
  for (const Bucket& b : buckets_)
    for (const Entry& e : b.e)
      if (e.key != 0) ++in_class[size_t(keep_class(e))];
  int middle = 0;
  for (size_t below = 0; below + in_class[size_t(middle)] < used_ / 2; ++middle)
    below += in_class[size_t(middle)];
  for (Bucket& b : buckets_)
    for (Entry& e : b.e)
      if (e.key != 0 && keep_class(e) < middle) e = Entry{}, --used_;
  for (Bucket& b : buckets_)
    for (Entry& e : b.e)
      if (used_ * 2 > capacity() && e.key != 0 && keep_class(e) == middle) e = Entry{}, --used_;
  ++collections_;
}

}  // namespace kirin
