// The move targets' input: "GAME\nSFEN\nMOVE\nMOVE..." (GAME a built-in game's id; SFEN the
// position, the game's start if empty or unreadable). Each move is read in the position the
// previous ones made, until one is refused. A move read must be legal, and the notation's
// writer must write it as a text that reads back to the same move.
#pragma once

#include <algorithm>
#include <optional>

#include "fuzz/fuzz_input.h"
#include "notation/notation_error.h"
#include "notation/sfen.h"
#include "rules/movegen.h"
#include "rules/position.h"

namespace kirin::fuzz {

inline constexpr int kMaxMovesPerInput = 16;  // a bound on each input's work

template <class Read, class Write>
int fuzz_moves(const uint8_t* data, size_t size, const Read& read, const Write& write) {
  std::string_view text = as_text(data, size);
  std::shared_ptr<const Variant> game = game_named(take_line(text));
  if (!game) return -1;
  std::string_view sfen = take_line(text);
  std::optional<Position> pos;
  try {
    pos.emplace(parse_sfen(game, sfen.empty() ? std::string_view(game->setup) : sfen));
  } catch (const NotationError&) {
    pos.emplace(parse_sfen(game, game->setup));
  }
  for (int i = 0; i < kMaxMovesPerInput && !text.empty(); ++i) {
    std::string_view line = take_line(text);
    Move m;
    try {
      m = read(*pos, line);
    } catch (const NotationError&) {
      return 0;
    }
    MoveList legal;
    generate_moves(*pos, legal);
    if (std::find(legal.begin(), legal.end(), m) == legal.end())
      broken("'" + std::string(line) + "' read as a move that is not legal");
    std::string written = write(*pos, m);
    try {
      if (!(read(*pos, written) == m))
        broken("'" + written + "' (written for '" + std::string(line) + "') reads another move");
    } catch (const NotationError& e) {
      broken("'" + written + "' (written for '" + std::string(line) + "') does not read: " +
             e.what());
    }
    Undo undo;
    pos->do_move(m, undo);
  }
  return 0;
}

}  // namespace kirin::fuzz
