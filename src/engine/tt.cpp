#include "engine/tt.h"

#include <sys/mman.h>

#include <algorithm>
#include <memory>
#include <new>

namespace kirin {

void TranspositionTable::resize(size_t mb) {
  mb = std::clamp<size_t>(mb, 1, 65536);
  size_t entries = 1;
  while (entries * 2 * sizeof(TTEntry) <= mb * 1024 * 1024) entries *= 2;  // a power of two
  constexpr size_t kHugePage = size_t(2) << 20;
  const size_t bytes = (entries * sizeof(TTEntry) + kHugePage - 1) / kHugePage * kHugePage;
  table_.reset();  // the old table goes first: two large ones need not fit at once
  auto* mem = static_cast<TTEntry*>(std::aligned_alloc(kHugePage, bytes));
  if (!mem) throw std::bad_alloc();
  madvise(mem, bytes, MADV_HUGEPAGE);  // advice only: small pages if refused
  std::uninitialized_fill_n(mem, entries, TTEntry{});
  table_.reset(mem);
  entries_ = entries;
  mask_ = entries - 1;
  mb_ = mb;
}

void TranspositionTable::clear() { std::fill_n(table_.get(), entries_, TTEntry{}); }

void TranspositionTable::store(uint64_t key, const Move& move, int score, int eval, int depth,
                               Bound bound) {
  TTEntry& e = table_[key & mask_];
  // Keep a deeper entry of the same search for another position; always refresh our own.
  if (e.key != key && e.age == age_ && e.depth > depth + 2 && e.bound != Bound::None) return;
  if (e.key != key || !move.is_null()) e.move = move;
  e.key = key;
  e.score = int16_t(score);
  e.eval = eval == TTEntry::kNoEval ? TTEntry::kNoEval : int16_t(std::clamp(eval, -32000, 32000));
  e.depth = uint8_t(std::clamp(depth, 0, 255));
  e.bound = bound;
  e.age = age_;
}

int TranspositionTable::hashfull() const {
  size_t n = std::min<size_t>(1000, entries_), used = 0;
  for (size_t i = 0; i < n; ++i) used += table_[i].bound != Bound::None && table_[i].age == age_;
  return int(used * 1000 / n);
}

}  // namespace kirin
