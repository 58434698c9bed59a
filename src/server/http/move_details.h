// What a board needs to enter a move by clicking, beyond its USI text: for each legal move
// the squares it starts on, passes through and ends on, the pieces it captures (a Lion's
// double capture, igui, a sting, burns, range-capture jumps), whether it promotes, and the
// piece a drop puts down. The USI list alone cannot say which pieces a burning or jumping
// move removes (its further victims are Kirin's "x<square>" suffixes, and a square it
// passes through may hold a piece it leaves standing), so this asks the rules.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rules/position.h"
#include "server/domain/games.h"

namespace kirin::server::http {

// {"usi": "7g6f5e", "from": "7g", "to": "5e", "path": ["7g", "6f", "5e"], "promotion": false,
//  "drop": null, "captured": ["6f", "5e"]} for one legal move of `pos`.
nlohmann::json move_detail_json(const Position& pos, const Move& move);

// The details of the view's legal moves, in the order of view.legal_moves (empty when the game
// is not active), and the squares of the side to move's royals that stand attacked.
// `other_spellings`: other pieces' spellings of an igui or pass (notation/position_moves.h).
struct BoardHints {
  nlohmann::json legal_move_details = nlohmann::json::array();
  std::vector<std::string> check;
  std::vector<std::string> other_spellings;
};
BoardHints board_hints(const GameView& view);

}  // namespace kirin::server::http
