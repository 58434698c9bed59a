#include "notation/position_moves.h"

#include <memory>
#include <set>

#include "notation/notation_error.h"
#include "notation/usi.h"

namespace kirin {

void play_usi_moves(Game& game, const std::vector<std::string>& moves,
                    const std::function<void(const Game&)>& after_each) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string field = "moves[" + std::to_string(i) + "]";
    if (game.outcome().over())
      throw NotationError(field + " " + quoted_input(moves[i]) + ": the game is already over (" +
                              describe(game.outcome()) + ")",
                          field);
    try {
      game.play(parse_usi(game.position(), moves[i]));
    } catch (const NotationError& e) {
      throw NotationError(field + ": " + e.what(), field, e.offset());
    }
    if (after_each) after_each(game);
  }
}

std::vector<std::string> royals_in_check(const Position& pos) {
  std::vector<std::string> out;
  Square attacked[Position::kMaxRoyals];
  const int n = royals_under_attack(pos, pos.side_to_move(), attacked);
  for (int i = 0; i < n; ++i) out.push_back(square_name(pos.variant(), attacked[i]));
  return out;
}

std::vector<std::string> spellings_beyond(const Position& pos,
                                          const std::vector<std::string>& listed,
                                          MoveList& scratch) {
  const std::set<std::string> known(listed.begin(), listed.end());
  std::vector<std::string> out;
  generate_every_piece_moves(pos, scratch);
  for (const Move& m : scratch) {
    std::string usi = to_usi(pos, m);
    if (!known.contains(usi)) out.push_back(std::move(usi));
  }
  return out;
}

PositionMoves position_moves(const Game& game) {
  PositionMoves out;
  const Position& pos = game.position();
  out.check = royals_in_check(pos);
  if (game.outcome().over()) return out;
  auto list = std::make_unique<MoveList>();  // large: not on the stack
  generate_moves(pos, *list);
  for (const Move& m : *list) out.legal_moves.push_back(to_usi(pos, m));
  out.other_spellings = spellings_beyond(pos, out.legal_moves, *list);
  return out;
}

}  // namespace kirin
