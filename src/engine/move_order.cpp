#include "engine/move_order.h"

namespace kirin {

void MoveOrder::clear_history() {
  for (auto& row : history_) row.fill(0);
  std::fill(continuation_.begin(), continuation_.end(), int16_t(0));
  std::fill(counters_.begin(), counters_.end(), Move{});
}

void MoveOrder::clear_killers() {
  for (auto& pair : killers_) pair[0] = pair[1] = Move{};
}

void MoveOrder::size_for(const Variant& v) {
  const int squares = v.files * v.ranks;
  const int slots = 2 * (v.num_kinds() + 1) * squares;  // piece codes 0..2 * num_kinds + 1
  if (slots == slots_ && squares == board_squares_ && v.files == files_) return;
  board_squares_ = squares;
  files_ = v.files;
  slots_ = slots;
  continuation_exact_ = uint64_t(slots) * uint64_t(slots) <= kMaxContinuationEntries;
  rows_ = continuation_exact_ ? uint64_t(slots) : kMaxContinuationEntries / uint64_t(slots);
  continuation_.assign(size_t(rows_ * uint64_t(slots)), 0);
  counters_.assign(size_t(slots), Move{});
}

}  // namespace kirin
