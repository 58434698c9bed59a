#include "rules/mating.h"

namespace kirin {

bool attacks_royal(Position& pos, const Move& m) {
  const Color defender = ~pos.side_to_move();
  const int royals_before = pos.royal_count(defender);
  if (royals_before == 0) return false;
  Undo u;
  pos.do_move(m, u);
  const bool attacks =
      pos.royal_count(defender) < royals_before || royal_under_attack(pos, defender);
  pos.undo_move(m, u);
  if (attacks || !m.is_two_step() || m.has_kills()) return attacks;
  // The first step alone: the piece stands on `mid`, having taken what stood there.
  const Piece on_mid = pos.at(m.mid);
  if (is_piece(on_mid) && color_of(on_mid) == pos.side_to_move()) return false;
  Move first{};
  first.from = m.from;
  first.to = m.mid;
  pos.do_move(first, u);
  const bool first_attacks =
      pos.royal_count(defender) < royals_before || royal_under_attack(pos, defender);
  pos.undo_move(first, u);
  return first_attacks;
}

void generate_attacks(Position& pos, MoveList& out) {
  MoveList all;
  generate_moves(pos, all);
  out.size = 0;
  for (const Move& m : all)
    if (attacks_royal(pos, m)) out.push(m);
}

void generate_defences(Position& pos, MoveList& out) {
  generate_moves(pos, out);
  const Variant& v = pos.variant();
  if (pos.royal_count(pos.side_to_move()) == 1) {
    // The check rule has already kept the safe moves. Else the fast filter, where the attack
    // tables see every capture (no burn, range or area capture, no freezer).
    if (v.rules.check_rule) return;
    if (!v.has_untabled_captures && !v.has_freezers) {
      keep_royal_safe(pos, out);
      return;
    }
  }
  int kept = 0;
  for (int i = 0; i < out.size; ++i) {
    const Move m = out.moves[i];
    Undo u;
    pos.do_move(m, u);
    const bool keeps = !takes_every_royal(pos);
    pos.undo_move(m, u);
    if (keeps) out.moves[kept++] = m;
  }
  out.size = kept;
}

bool cannot_keep_royal(Position& pos) {
  if (pos.royal_count(pos.side_to_move()) == 0) return true;
  MoveList list;
  generate_defences(pos, list);
  return list.size == 0;
}

std::string check_mating_line(Game game, const std::vector<Move>& line, Color attacker) {
  if (line.empty()) return "the line is empty";
  for (size_t i = 0; i < line.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1);
    if (game.outcome().over()) return where + ": the game is already over (" + describe(game.outcome()) + ")";
    Position pos = game.position();
    const Move& m = line[i];
    if (!is_legal(pos, m)) return where + ": not a legal move";
    if (pos.side_to_move() == attacker && !attacks_royal(pos, m))
      return where + ": the attacker's move attacks no royal";
    game.play(m);
  }
  if (game.position().side_to_move() == attacker) return "the line ends with the defender's move";
  if (game.outcome().over()) {
    const bool defender_lost = game.outcome().result ==
                               (attacker == kBlack ? Result::BlackWins : Result::WhiteWins);
    return defender_lost ? "" : "the line ends the game otherwise: " + describe(game.outcome());
  }
  Position end = game.position();
  if (!cannot_keep_royal(end)) return "the defender is not mated at the end of the line";
  return "";
}

}  // namespace kirin
