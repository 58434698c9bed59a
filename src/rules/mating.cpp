#include "rules/mating.h"

#include <algorithm>
#include <array>
#include <vector>

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
  // The first step alone, for a Chu Lion's double move as the collections count it: not in
  // games with the check rule (classic tsume: every move gives check), not for a pass (it
  // attacks nothing), and the piece stands on `mid`, having taken what stood there.
  if (attacks || !m.is_two_step() || m.has_kills() || pos.variant().rules.check_rule)
    return attacks;
  const Piece on_mid = pos.at(m.mid);
  if (m.to == m.from && !is_piece(on_mid)) return false;
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

namespace {

// The farthest leap of any attack of the game, or -1 where the attack tables do not hold every
// capture along the eight lines and leaps (hops, burns, area moves, freezers, rays off the
// lines): then no move can be judged without playing it.
int attack_reach(const Variant& v) {
  if (v.has_hop_attacks || v.has_untabled_captures || v.has_freezers) return -1;
  const Square centre = make_square(kMaxFiles / 2, kMaxRanks / 2);
  int reach = 0;
  for (int c = 0; c < 2; ++c) {
    for (const auto& leap : v.leap_attacks[c])
      reach = std::max(reach, distance(centre, Square(centre + leap.off)));
    for (const auto& ray : v.ray_attacks[c])
      if (distance(centre, Square(centre + ray.dir)) != 1) return -1;
  }
  return reach;
}

// Would a piece `p` dropped on the empty square `to` attack `target`? By the attack tables
// (exact where attack_reach is not -1): a drop changes nothing else on the board.
bool drop_attacks(const Position& pos, Piece p, Square to, Square target) {
  const Variant& v = pos.variant();
  const Color c = color_of(p);
  for (const auto& a : v.leap_attacks[c])
    if (Square(target - a.off) == to && a.by[p]) return true;
  for (const auto& a : v.ray_attacks[c]) {
    const uint8_t range = a.range[p];
    if (!range) continue;
    Square s = target;
    for (int dist = 1; range == 255 || dist <= range; ++dist) {
      s = Square(s - a.dir);
      if (s == to) return true;
      if (pos.at(s) != kEmpty) break;
    }
  }
  return false;
}

bool aligned(Square a, Square b) {
  const int dx = col_of(a) - col_of(b), dy = row_of(a) - row_of(b);
  return dx == 0 || dy == 0 || dx == dy || dx == -dy;
}

}  // namespace

void generate_attacks(Position& pos, MoveList& out) {
  generate_moves(pos, out);
  const Color defender = ~pos.side_to_move();
  Square royals[Position::kMaxRoyals];
  const int n = pos.royals(defender, royals, Position::kMaxRoyals);
  // A move can attack a royal it did not attack before only by a leap or a ray from where it
  // lands, or by opening a ray through the square it leaves: moves that do neither are not
  // played. (Unless a royal is attacked already: then most moves leave it so.)
  const int reach = royal_under_attack(pos, defender) ? -1 : attack_reach(pos.variant());
  auto may_attack = [&](const Move& m) {
    if (reach < 0 || m.is_two_step() || m.has_kills()) return true;
    if (m.is_drop()) {
      const Piece p = make_piece(m.drop_kind, pos.side_to_move());
      for (int r = 0; r < n; ++r)
        if (drop_attacks(pos, p, m.to, royals[r])) return true;
      return false;
    }
    for (int r = 0; r < n; ++r) {
      if (distance(m.to, royals[r]) <= reach || aligned(m.to, royals[r])) return true;
      if (aligned(m.from, royals[r])) return true;
    }
    return false;
  };
  int kept = 0;
  for (int i = 0; i < out.size; ++i) {
    const Move m = out.moves[i];
    if (may_attack(m) && attacks_royal(pos, m)) out.moves[kept++] = m;
  }
  out.size = kept;
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

bool futile_convention_applies(const Variant& v) { return v.rules.drops && v.rules.check_rule; }

namespace {

// The one attacker's piece attacking the defender's single King (the defender to move), or
// kNoSquare when there is no such check: no check, several checkers, several royals.
Square single_checker(const Position& pos, Square& king) {
  const Color defender = pos.side_to_move();
  if (pos.royal_count(defender) != 1) return kNoSquare;
  pos.royals(defender, &king, 1);
  Square checkers[256];
  return pos.attackers(king, ~defender, checkers) == 1 ? checkers[0] : kNoSquare;
}

// Can a legal move of the side to move from one of `from` (n squares) end on `target`?
bool has_legal_move_to(const Position& pos, const Square* from, int n, Square target) {
  MoveList moves;
  for (int i = 0; i < n; ++i) {
    moves.size = 0;
    generate_moves_from(pos, from[i], moves);
    if (std::any_of(moves.begin(), moves.end(), [&](const Move& r) { return r.to == target; }))
      return true;
  }
  return false;
}

// is_futile_interposition with the check's squares found: `checker` attacks `king`.
bool futile_given_check(Position& pos, const Move& m, Square king, Square checker) {
  if (m.is_two_step() || m.has_kills()) return false;
  // The King's moves and captures (of the checker or another piece) are no interpositions.
  if (!m.is_drop() && (m.from == king || pos.at(m.to) != kEmpty)) return false;
  const Square block = m.to;
  const Color defender = pos.side_to_move();
  Undo u;
  pos.do_move(m, u);
  MoveList takes;
  generate_moves_from(pos, checker, takes);
  bool futile = false;
  // The checker's captures of the blocking piece, promoting or not: one that attacks the royal
  // and that no legal move of the defender takes back makes the interposition futile.
  for (const Move& take : takes) {
    if (take.to != block || !attacks_royal(pos, take)) continue;
    Undo t;
    pos.do_move(take, t);
    Square guards[256];
    const int n = pos.attackers(block, defender, guards);
    futile = !has_legal_move_to(pos, guards, n, block);
    pos.undo_move(take, t);
    if (futile) break;
  }
  pos.undo_move(m, u);
  return futile;
}

}  // namespace

bool is_futile_interposition(Position& pos, const Move& m) {
  Square king = kNoSquare;
  const Square checker = single_checker(pos, king);
  return checker != kNoSquare && futile_given_check(pos, m, king, checker);
}

void generate_counted_defences(Position& pos, MoveList& out) {
  generate_defences(pos, out);
  out.size = counted_defences_first(pos, out);
}

int counted_defences_first(Position& pos, MoveList& defences) {
  if (!futile_convention_applies(pos.variant())) return defences.size;
  Square king = kNoSquare;
  const Square checker = single_checker(pos, king);
  if (checker == kNoSquare) return defences.size;
  // A drop's answer depends on its square only: the checker takes whatever was dropped, and
  // the position after the capture differs only in the attacker's hand.
  std::array<int8_t, kArraySize> drop_futile;
  drop_futile.fill(-1);
  std::vector<Move> futile_ones;
  int kept = 0;
  for (int i = 0; i < defences.size; ++i) {
    const Move m = defences.moves[i];
    bool futile;
    if (m.is_drop()) {
      if (drop_futile[m.to] < 0) drop_futile[m.to] = futile_given_check(pos, m, king, checker);
      futile = drop_futile[m.to];
    } else {
      futile = futile_given_check(pos, m, king, checker);
    }
    if (futile)
      futile_ones.push_back(m);
    else
      defences.moves[kept++] = m;
  }
  std::copy(futile_ones.begin(), futile_ones.end(), defences.moves + kept);
  return kept;
}

bool mated_under_convention(Position& pos) {
  if (pos.royal_count(pos.side_to_move()) == 0) return true;
  MoveList counted;
  generate_counted_defences(pos, counted);
  return counted.size == 0;
}

bool cannot_keep_royal(Position& pos) {
  if (pos.royal_count(pos.side_to_move()) == 0) return true;
  MoveList list;
  generate_defences(pos, list);
  return list.size == 0;
}

std::string check_mating_line(Game game, const std::vector<Move>& line, Color attacker,
                              bool futile_convention) {
  if (line.empty()) return "the line is empty";
  for (size_t i = 0; i < line.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1);
    if (game.outcome().over())
      return where + ": the game is already over (" + describe(game.outcome()) + ")";
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
  if (futile_convention) {
    if (!mated_under_convention(end))
      return "the defender is not mated at the end of the line, futile interpositions aside";
  } else if (!cannot_keep_royal(end)) {
    return "the defender is not mated at the end of the line";
  }
  return "";
}

}  // namespace kirin
