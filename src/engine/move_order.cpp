#include "engine/move_order.h"

namespace kirin {

void MoveOrder::clear_history() {
  for (auto& row : history_) row.fill(0);
}

void MoveOrder::clear_killers() {
  for (auto& pair : killers_) pair[0] = pair[1] = Move{};
}

}  // namespace kirin
