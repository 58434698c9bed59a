// Moves read from a position, one at a time or as a line, the way every door reads them: in
// the service's move notation (GameService::set_move_parser), each checked legal in the
// position the moves before it leave. Move previews and forecasts read lines; a move played
// is a line of one.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game.h"

namespace kirin::server {

// Reads a player's move in a position; throws NotationError saying what is wrong. USI
// (parse_usi) by default; other notations (pbmserv, Game Courier) plug in here.
using MoveParser = std::function<Move(const Position&, std::string_view)>;

// Reads a move and checks that it is legal; throws ServiceError invalid (field "move").
Move read_checked_move(const MoveParser& parser, const Position& pos, std::string_view text);

struct ReadLine {
  Game game;                     // after the moves
  std::vector<std::string> usi;  // the moves, canonical
};
// Plays `moves` from `from`, whose ply is `ply`. A move that does not read or is not legal,
// or a move after the game ended, throws ServiceError invalid (field `field`) naming it by
// its number in the game ("move 12 'x': ...", pbmserv's numbering: the first move is 1).
ReadLine read_line(Game from, int ply, const std::vector<std::string>& moves,
                   const MoveParser& parser, const std::string& field);

}  // namespace kirin::server
