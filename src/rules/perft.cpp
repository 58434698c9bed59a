#include "rules/perft.h"

#include <stdexcept>

#include "rules/movegen.h"

namespace kirin {

uint64_t perft(Position& pos, int depth, PerftCount count) {
  if (depth <= 0) return 1;
  MoveList list;
  generate_moves(pos, list);
  if (list.overflow) throw std::length_error("move list overflow in perft");
  if (depth == 1) {
    if (count == PerftCount::Positions) return uint64_t(list.size);
    uint64_t n = 0;
    for (const Move& m : list) n += uint64_t(spellings(pos, m));
    return n;
  }
  uint64_t nodes = 0;
  Undo u;
  for (const Move& m : list) {
    uint64_t weight = count == PerftCount::Positions ? 1 : uint64_t(spellings(pos, m));
    pos.do_move(m, u);
    nodes += weight * perft(pos, depth - 1, count);
    pos.undo_move(m, u);
  }
  return nodes;
}

}  // namespace kirin
