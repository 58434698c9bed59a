// The transposition table: one entry per bucket, replaced by depth and age.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "rules/types.h"

namespace kirin {

enum class Bound : uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
  uint64_t key = 0;
  Move move{};
  int16_t score = 0;
  int16_t eval = kNoEval;  // static evaluation of the position, if known
  static constexpr int16_t kNoEval = INT16_MIN;
  uint8_t depth = 0;
  Bound bound = Bound::None;
  uint8_t age = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t mb = 64) { resize(mb); }

  void resize(size_t mb);
  size_t size_mb() const { return mb_; }
  void clear();
  void new_search() { ++age_; }

  // The entry for `key`, or nullptr.
  const TTEntry* probe(uint64_t key) const {
    const TTEntry& e = table_[key & mask_];
    return e.key == key && e.bound != Bound::None ? &e : nullptr;
  }
  void store(uint64_t key, const Move& move, int score, int eval, int depth, Bound bound);
  void prefetch(uint64_t key) const { __builtin_prefetch(&table_[key & mask_]); }
  int hashfull() const;  // per mille of the first thousand entries used in this search

 private:
  struct Free {
    void operator()(TTEntry* p) const { std::free(p); }
  };
  // On huge pages where the system allows: a probe is a random access, and with small pages
  // nearly every one also missed the TLB (measured: docs/BENCHMARKS.md).
  std::unique_ptr<TTEntry[], Free> table_;
  size_t entries_ = 0;
  uint64_t mask_ = 0;
  size_t mb_ = 0;
  uint8_t age_ = 0;
};

}  // namespace kirin
