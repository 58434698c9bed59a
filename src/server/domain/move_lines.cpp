#include "server/domain/move_lines.h"

#include "notation/notation_error.h"
#include "notation/usi.h"
#include "rules/movegen.h"
#include "server/domain/service_error.h"

namespace kirin::server {

Move read_checked_move(const MoveParser& parser, const Position& pos, std::string_view text) {
  std::string quoted = "move " + quoted_input(text.substr(0, 64));
  if (text.empty()) throw ServiceError(ErrorCode::Invalid, "the move is empty", "move");
  if (text.size() > 64) throw ServiceError(ErrorCode::Invalid, "the move is too long", "move");
  Move m;
  try {
    m = parser(pos, text);
  } catch (const NotationError& e) {
    throw ServiceError(ErrorCode::Invalid, quoted + ": " + e.what(), "move", e.offset());
  }
  if (!is_legal(pos, m))  // a plugged-in parser might not check
    throw ServiceError(ErrorCode::Invalid, quoted + " is not legal here", "move");
  return m;
}

ReadLine read_line(Game from, int ply, const std::vector<std::string>& moves,
                   const MoveParser& parser, const std::string& field) {
  ReadLine line{std::move(from), {}};
  for (size_t i = 0; i < moves.size(); ++i) {
    const int number = ply + int(i) + 1;
    if (line.game.outcome().over())
      throw ServiceError(ErrorCode::Invalid,
                         "move " + std::to_string(number) + " " + quoted_input(moves[i]) +
                             ": the game is over after move " + std::to_string(number - 1),
                         field);
    Move m;
    try {
      m = read_checked_move(parser, line.game.position(), moves[i]);
    } catch (const ServiceError& e) {
      throw ServiceError(ErrorCode::Invalid, "move " + std::to_string(number) + ": " + e.what(),
                         field);
    }
    line.usi.push_back(to_usi(line.game.position(), m));
    line.game.play(m);
  }
  return line;
}

}  // namespace kirin::server
