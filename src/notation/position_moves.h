// What may follow a position of any game that no stored game holds (the analysis board, a
// premove, the browser's rules module): the moves played from a start in USI, then the legal
// moves in canonical USI, the other pieces' spellings of them, and the royals in check. The
// server's POST /api/positions and the WebAssembly rules (src/wasm/rules_main.cpp) both answer
// from here, so a browser and the server agree move for move.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/movegen.h"

namespace kirin {

// The moves a request for a position may replay (from the start or a later SFEN): a long game's
// are some hundreds; more is a request to refuse, not to work through.
inline constexpr std::size_t kMaxReplayedMoves = 3000;

// Plays `moves` (USI, any accepted spelling) on `game`. Throws NotationError with field
// "moves[i]" (and the character offset) at the first that is not legal there or comes after
// the game is over; the moves before it stay played. `after_each`, if given, sees the game
// after each move.
void play_usi_moves(Game& game, const std::vector<std::string>& moves,
                    const std::function<void(const Game&)>& after_each = {});

// `other_spellings`: an igui or pass that another piece can make as well leaves the same
// position, so the legal moves list it once, for the first such piece; these are the other
// pieces' USI spellings of it, which a board offers too and the server accepts.
struct PositionMoves {
  std::vector<std::string> legal_moves, other_spellings, check;
};
// The legal moves (none once the game is over), other spellings, and the royals in check.
PositionMoves position_moves(const Game& game);

// The squares of the side to move's royals that the opponent could take by any of its moves.
std::vector<std::string> royals_in_check(const Position& pos);

// Every piece's spelling of a move that `listed` does not name (another piece's igui or pass).
// `scratch` is overwritten.
std::vector<std::string> spellings_beyond(const Position& pos,
                                          const std::vector<std::string>& listed,
                                          MoveList& scratch);

}  // namespace kirin
