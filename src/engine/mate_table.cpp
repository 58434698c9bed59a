#include "engine/mate_table.h"

namespace kirin {

void HandCode::setup(const Position& root, Color attacker) {
  fields_.clear();
  guards_ = maxes_ = 0;
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
      guards_ = maxes_ = 0;
      return;
    }
    fields_.push_back(Field{k, shift, (1 << width) - 1});
    guards_ |= uint64_t(1) << (shift + width);
    maxes_ |= uint64_t((1 << width) - 1) << shift;
    shift += width + 1;
  }
}

namespace {

// The count in field `f` of the half at `half` (0 or 32).
template <typename Field>
int count_in(uint64_t word, const Field& f, int half) {
  return int(word >> (f.shift + half)) & f.max;
}

}  // namespace

uint64_t HandCode::across(uint64_t pieces, uint64_t child, uint64_t node, bool proof) const {
  const int lower = proof ? 0 : 32, upper = 32 - lower;
  uint64_t out = 0;
  for (const Field& f : fields_) {
    const int lo = count_in(pieces, f, lower) + count_in(node, f, lower) -
                   count_in(child, f, lower);
    int up = count_in(pieces, f, upper);
    if (up != f.max) up += count_in(node, f, upper) - count_in(child, f, upper);
    out |= uint64_t(std::clamp(lo, 0, f.max)) << (f.shift + lower) |
           uint64_t(std::clamp(up, 0, f.max)) << (f.shift + upper);
  }
  return out;
}

uint64_t HandCode::both(uint64_t a, uint64_t b, bool proof) const {
  const int lower = proof ? 0 : 32, upper = 32 - lower;
  uint64_t out = 0;
  for (const Field& f : fields_)
    out |= uint64_t(std::max(count_in(a, f, lower), count_in(b, f, lower))) << (f.shift + lower) |
           uint64_t(std::min(count_in(a, f, upper), count_in(b, f, upper))) << (f.shift + upper);
  return out;
}

uint64_t HandCode::none_of_the_missing(uint64_t pieces, uint64_t node, bool proof) const {
  const int upper = proof ? 32 : 0;
  for (const Field& f : fields_)
    if (count_in(node, f, upper) == 0) pieces &= ~(uint64_t(f.max) << (f.shift + upper));
  return pieces;
}

uint64_t HandCode::at_least_these(uint64_t pieces, uint64_t node, bool proof) const {
  const uint64_t lower = proof ? kLow : kLow << 32;
  return (pieces & ~lower) | (node & lower);
}

void Table::resize(size_t mb) {
  size_t n = std::max<size_t>(1, mb * 1024 * 1024 / (kBucketEntries * sizeof(Entry)));
  size_t pow2 = 1;
  while (pow2 * 2 <= n) pow2 *= 2;
  entries_.assign(pow2 * kBucketEntries, Entry{});
  mask_ = pow2 - 1;
  used_ = 0;
  collections_ = 0;
}

void Table::clear() {
  std::fill(entries_.begin(), entries_.end(), Entry{});
  used_ = 0;
  collections_ = 0;
}

void Table::store(const Entry& in, uint64_t own) {
  Entry* victim = nullptr;
  Entry* first = cluster(in.key);
  for (Entry* it = first; it != first + kBucketEntries * cluster_; ++it) {
    Entry& e = *it;
    if (e.key == in.key && (e.hands == in.hands || e.hands == own)) {
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
  for (const Entry& e : entries_)
    if (e.key != 0) ++in_class[size_t(keep_class(e))];
  int middle = 0;
  for (size_t below = 0; below + in_class[size_t(middle)] < used_ / 2; ++middle)
    below += in_class[size_t(middle)];
  for (Entry& e : entries_)
    if (e.key != 0 && keep_class(e) < middle) e = Entry{}, --used_;
  for (Entry& e : entries_)
    if (used_ * 2 > capacity() && e.key != 0 && keep_class(e) == middle) e = Entry{}, --used_;
  ++collections_;
}

}  // namespace kirin
