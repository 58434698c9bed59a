#include "rules/game.h"

#include "rules/movegen.h"

namespace kirin {

std::string describe(const Outcome& o) {
  const char* who = o.result == Result::BlackWins   ? "Black wins"
                    : o.result == Result::WhiteWins ? "White wins"
                    : o.result == Result::Draw      ? "draw"
                                                    : "ongoing";
  const char* why = "";
  switch (o.reason) {
    case EndReason::None: break;
    case EndReason::RoyalsCaptured: why = "all royal pieces captured"; break;
    case EndReason::BareKing: why = "bare king"; break;
    case EndReason::Checkmate: why = "checkmate"; break;
    case EndReason::NoLegalMoves: why = "no legal moves"; break;
    case EndReason::Repetition: why = "fourfold repetition"; break;
    case EndReason::PerpetualAttack: why = "perpetual attack on fourfold repetition"; break;
    case EndReason::Impasse: why = "impasse"; break;
    case EndReason::InsufficientMaterial: why = "insufficient material"; break;
    case EndReason::PlyLimit: why = "move limit reached"; break;
  }
  return *why ? std::string(who) + ": " + why : std::string(who);
}

Game::Game(Position start) : pos_(std::move(start)) {
  royal_at_start_ = {pos_.royal_count(kBlack) > 0, pos_.royal_count(kWhite) > 0};
  since_irreversible_.push_back({pos_.hash(), false});
  outcome_ = evaluate();
}

namespace {

bool threatens_capture(const Position& p, Square s) {
  const Variant& v = p.variant();
  const Piece piece = p.at(s);
  const Color them = ~color_of(piece);
  for (int i = 0; i < p.count(them); ++i) {
    Square t = p.squares(them)[i];
    if (!p.piece_attacks(s, t)) continue;
    // A protected Lion two squares away cannot be taken by a Lion (§6.2).
    if (v.rules.lion_protection && v.is_lion[piece] && v.is_lion[p.at(t)] && distance(s, t) == 2 &&
        p.attacked(t, them, s))
      continue;
    return true;
  }
  return false;
}

}  // namespace

bool move_attacked(const Position& after, const Move& m) {
  if (royal_under_attack(after, after.side_to_move())) return true;
  return after.variant().rules.perpetual == RuleOptions::Perpetual::Attack && !m.is_drop() &&
         threatens_capture(after, m.to);
}

void Game::play(const Move& m) {
  const Variant& v = pos_.variant();
  Piece moved = m.is_drop() ? make_piece(m.drop_kind, pos_.side_to_move()) : pos_.at(m.from);
  int pieces_before = pos_.count(kBlack) + pos_.count(kWhite);
  Undo u;
  pos_.do_move(m, u);
  moves_.push_back(m);
  int pieces_after = pos_.count(kBlack) + pos_.count(kWhite);
  // lishogi: a capture, a promotion, or any Pawn/Lance move cannot be undone. (With drops a
  // captured piece can come back, so the whole history is kept.)
  bool irreversible = !v.rules.drops && (pieces_after != pieces_before || m.promotes() ||
                                         v.pieces[kind_of(moved)].forward_only);
  bool attacking = move_attacked(pos_, m);
  Color mover = ~pos_.side_to_move();
  consecutive_attacks_[mover] = attacking ? consecutive_attacks_[mover] + 1 : 0;
  if (irreversible) since_irreversible_.clear();
  since_irreversible_.push_back({pos_.hash(), attacking});
  outcome_ = evaluate();
}

// JCSA bare king, as lishogi tests it, for side c.
bool Game::bared(Color c) const {
  const Position& p = pos_;
  const Variant& v = p.variant();
  auto dead = [&](Square s) {
    Piece q = p.at(s);
    return v.pieces[kind_of(q)].last_rank_promotion && v.on_last_rank[color_of(q)][s];
  };
  int ours = 0;
  Square our_royal = kNoSquare;
  for (int i = 0; i < p.count(c); ++i) {
    Square s = p.squares(c)[i];
    if (dead(s)) continue;
    ++ours;
    if (v.is_royal[p.at(s)]) our_royal = s;
  }
  if (ours != 1 || our_royal == kNoSquare) return false;
  int theirs = 0, their_royals = 0;
  bool adjacent = false;
  Square royals[8];
  for (int i = 0; i < p.count(~c); ++i) {
    Square s = p.squares(~c)[i];
    Piece q = p.at(s);
    if (v.is_minor[q] || dead(s)) continue;
    ++theirs;
    if (distance(s, our_royal) == 1) adjacent = true;
  }
  their_royals = p.royals(~c, royals, 8);
  if (theirs <= 1 || their_royals == 0) return false;
  if (royal_under_attack(p, ~c)) return false;
  return theirs > 2 || !adjacent;
}

Outcome Game::evaluate() const {
  const Position& p = pos_;
  const RuleOptions& r = p.variant().rules;
  Color stm = p.side_to_move();
  auto win = [](Color c, EndReason why) {
    return Outcome{c == kBlack ? Result::BlackWins : Result::WhiteWins, why};
  };
  if (royal_at_start_[stm] && p.royal_count(stm) == 0) return win(~stm, EndReason::RoyalsCaptured);
  if (r.bare_king) {
    if (bared(stm)) return win(~stm, EndReason::BareKing);
    if (bared(~stm)) return win(stm, EndReason::BareKing);
  }
  if (r.no_moves_loses) {
    MoveList list;
    generate_moves(p, list);
    if (list.size == 0)
      return win(~stm, r.check_rule && royal_under_attack(p, stm) ? EndReason::Checkmate
                                                        : EndReason::NoLegalMoves);
  }

  // Fourfold repetition: positions with the same side to move are every other entry.
  const auto& h = since_irreversible_;
  int n = int(h.size());
  bool enough = r.repetition == RuleOptions::Repetition::Exact || n >= 13;
  if (enough) {
    int seen = 0, first = -1;
    for (int i = n - 1; i >= 0; i -= 2)
      if (h[i].hash == h[n - 1].hash) ++seen, first = i;
    if (seen >= 4) {
      if (r.perpetual_attacker_loses) {
        Color mover = ~stm;
        int moves_since = (n - 1 - first) / 2;  // moves each side made since the first time
        if (r.repetition == RuleOptions::Repetition::Lishogi) {
          if (consecutive_attacks_[mover] >= moves_since + 1)
            return win(stm, EndReason::PerpetualAttack);
        } else {
          // Exactly one side made only attacking moves since the first occurrence.
          bool all[2] = {true, true};
          for (int i = first + 1; i < n; ++i) {
            Color who = (n - 1 - i) % 2 == 0 ? mover : stm;
            if (!h[i].attacking) all[who] = false;
          }
          if (all[mover] != all[stm]) return win(all[mover] ? stm : mover, EndReason::PerpetualAttack);
        }
      }
      return {Result::Draw, EndReason::Repetition};
    }
  }

  // Impasse: both royals have entered the enemy camp; points decide.
  if (r.impasse_points > 0) {
    const Variant& v = p.variant();
    Square a[2], b[2];
    if (p.royals(kBlack, a, 2) == 1 && p.royals(kWhite, b, 2) == 1 && v.in_zone[kBlack][a[0]] &&
        v.in_zone[kWhite][b[0]] && !royal_under_attack(p, kBlack) &&
        !royal_under_attack(p, kWhite)) {
      int points[2] = {0, 0};
      for (int c = 0; c < 2; ++c) {
        for (int i = 0; i < p.count(Color(c)); ++i) {
          const PieceType& pt = v.pieces[kind_of(p.at(p.squares(Color(c))[i]))];
          if (!pt.royal) points[c] += pt.impasse_value;
        }
        for (Kind k : v.hand_kinds) points[c] += p.hand(Color(c), k) * v.pieces[k].impasse_value;
      }
      bool short_of[2] = {points[0] < r.impasse_points, points[1] < r.impasse_points};
      if (short_of[0] != short_of[1])
        return win(short_of[0] ? kWhite : kBlack, EndReason::Impasse);
      return {Result::Draw, EndReason::Impasse};
    }
  }

  // One royal each and nothing else that can move, neither royal attacked.
  {
    const Variant& v = p.variant();
    int pieces = 0;
    for (int c = 0; c < 2; ++c)
      for (int i = 0; i < p.count(Color(c)); ++i) {
        Square s = p.squares(Color(c))[i];
        Piece q = p.at(s);
        if (!(v.pieces[kind_of(q)].last_rank_promotion && v.on_last_rank[c][s])) ++pieces;
      }
    Square a[8], b[8];
    int na = p.royals(kBlack, a, 8), nb = p.royals(kWhite, b, 8);
    if (pieces == 2 && na == 1 && nb == 1 && p.hand_empty(kBlack) && p.hand_empty(kWhite) &&
        !royal_under_attack(p, kBlack) && !royal_under_attack(p, kWhite))
      return {Result::Draw, EndReason::InsufficientMaterial};
  }
  if (r.max_plies > 0 && plies() >= r.max_plies) return {Result::Draw, EndReason::PlyLimit};
  return {};
}

}  // namespace kirin
