#include "engine/tt.h"

#include <algorithm>

namespace kirin {

void TranspositionTable::resize(size_t mb) {
  mb = std::clamp<size_t>(mb, 1, 65536);
  size_t entries = 1;
  while (entries * 2 * sizeof(TTEntry) <= mb * 1024 * 1024) entries *= 2;  // a power of two
  table_.assign(entries, TTEntry{});
  table_.shrink_to_fit();
  mask_ = entries - 1;
  mb_ = mb;
}

void TranspositionTable::clear() { std::fill(table_.begin(), table_.end(), TTEntry{}); }

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
  size_t n = std::min<size_t>(1000, table_.size()), used = 0;
  for (size_t i = 0; i < n; ++i) used += table_[i].bound != Bound::None && table_[i].age == age_;
  return int(used * 1000 / n);
}

}  // namespace kirin
