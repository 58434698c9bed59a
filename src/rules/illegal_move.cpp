#include "rules/illegal_move.h"

#include <algorithm>

#include "rules/movegen.h"

namespace kirin {
namespace {

std::string color_name(Color c) { return c == kBlack ? "Black" : "White"; }

const char* const kLeavesKingInCheck = "it would leave the King in check";

}  // namespace

std::optional<std::string> piece_refusal(const Position& pos, Square from) {
  const Variant& v = pos.variant();
  const Piece p = pos.at(from);
  if (!is_piece(p)) return "there is no piece on " + square_name(v, from);
  if (color_of(p) != pos.side_to_move())
    return "the " + v.piece(kind_of(p)).name + " on " + square_name(v, from) + " is " +
           color_name(color_of(p)) + "'s";
  return std::nullopt;
}

std::string promotion_refusal(const PieceType& mover, bool promote) {
  return "the " + mover.name + (promote ? " may not" : " must") + " promote on this move";
}

std::optional<std::string> forbidding_rule(const Position& pos,
                                           const std::function<bool(const Move&)>& meant) {
  const Variant& v = pos.variant();
  RuleOptions loose = v.rules;
  // The mover of the move `meant` picks, if the rules relaxed so far allow it; kEmpty if not.
  auto mover_once_legal = [&]() -> Piece {
    MoveList all;
    generate_every_piece_moves(pos.with_rules(loose), all);
    for (const Move& m : all)
      if (meant(m)) return pos.at(m.from);
    return kEmpty;
  };
  if (loose.check_rule) {
    loose.check_rule = false;
    if (mover_once_legal()) return kLeavesKingInCheck;
  }
  if (loose.lion_protection) {
    loose.lion_protection = false;
    if (mover_once_legal())
      return "a Lion may not capture a protected Lion two squares away unless its first step "
             "captured a piece other than a Pawn or Go-Between (lion_protection)";
  }
  if (loose.counter_strike) {
    loose.counter_strike = false;
    if (Piece mover = mover_once_legal()) {
      if (v.is_lion[mover])  // barred only where the rule binds Lions too
        return "a Lion was just captured by a non-Lion, so no piece, not even a Lion, may "
               "capture a Lion on this move (counter_strike_binds_lions)";
      return "a Lion was just captured by a non-Lion, so no non-Lion piece may capture a Lion "
             "on this move (counter_strike)";
    }
  }
  if (loose.no_consecutive_skips) {
    loose.no_consecutive_skips = false;
    if (mover_once_legal()) return "a player may not pass on two turns in a row";
  }
  return std::nullopt;
}

std::string drop_refusal(const Position& pos, Kind kind, Square to) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const PieceType& pt = v.piece(kind);
  if (!v.rules.drops) return "game " + v.id + " is played without drops";
  if (std::find(v.hand_kinds.begin(), v.hand_kinds.end(), kind) == v.hand_kinds.end())
    return "a " + pt.name + " is never in hand";
  if (pos.hand(us, kind) == 0) return color_name(us) + " has no " + pt.name + " in hand";
  if (pos.at(to) != kEmpty) return square_name(v, to) + " is not empty";
  if (pt.dead[us][to])
    return "a " + pt.name + " dropped on " + square_name(v, to) + " could never move";
  if (pt.one_per_file)
    for (int row = 0; row < v.ranks; ++row)
      if (pos.at(make_square(col_of(to), row)) == make_piece(kind, us))
        return "there is already an unpromoted " + pt.name + " of " + color_name(us) +
               " on that file";
  Position probe = pos;
  Undo u;
  probe.do_move(Move{kNoSquare, kNoSquare, to, Move::kDrop, kind}, u);
  if (v.rules.check_rule && royal_under_attack(probe, us)) return kLeavesKingInCheck;
  if (pt.no_drop_mate) return "a " + pt.name + " drop may not give checkmate";
  return "the " + pt.name + " cannot be dropped on " + square_name(v, to);
}

}  // namespace kirin
