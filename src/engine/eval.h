// Static evaluation for any Kirin game, derived from its definition (docs/ENGINE.md):
// a piece is worth what it can reach on an empty board, a square what the piece can reach from
// it, and a royal wants company.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "rules/position.h"

namespace kirin {

// The parts of the evaluation the search keeps up to date move by move, cheaper than counting
// them afresh at every node.
struct EvalTerms {
  int material = 0;  // values and square bonuses, Black's minus White's, hands included
  // For a side with a single royal: how closely the enemy pieces press it (the sum, over
  // enemy pieces within three squares, of their threat times their nearness); 0 otherwise.
  int danger[2] = {0, 0};
  uint8_t stale = 0;  // bit c: danger[c] must be counted afresh (its royal moved or changed)
};

class Evaluator {
 public:
  explicit Evaluator(const Variant& variant);

  // Score from the side to move's point of view, in centipawns (a Pawn of Chu is about 100).
  int evaluate(const Position& pos) const { return evaluate_with(pos, terms(pos)); }

  // The search keeps EvalTerms up to date move by move: terms() of a position, counted
  // afresh; terms_after() a move, worked out before the move is played, then settle() once it
  // is played (it counts afresh what the move left stale); and evaluate() given the terms.
  EvalTerms terms(const Position& pos) const;
  EvalTerms terms_after(const Position& pos, const Move& m, const EvalTerms& before) const;
  void settle(const Position& pos, EvalTerms& t) const {
    if (t.stale) settle_stale(pos, t);
  }
  int evaluate_with(const Position& pos, const EvalTerms& t) const;

  // The material part alone: of a position, and the change a move makes to it (before the
  // move is played).
  int material(const Position& pos) const;
  int material_delta(const Position& pos, const Move& m) const;

  int piece_value(Kind k) const { return value_[k]; }
  int hand_value(Kind k) const { return hand_value_[k]; }
  // The gain of promoting this kind (0 when it does not promote).
  int promotion_gain(Kind k) const { return promo_gain_[k]; }
  int max_promotion_gain() const { return max_promo_gain_; }  // of any kind
  // Average number of destinations on an empty board: what the values are derived from.
  double mobility(Kind k) const { return mobility_[k]; }

 private:
  int danger(const Position& pos, Color c) const;  // EvalTerms::danger, counted afresh
  // King safety: how many of the squares of a lone royal (its own and its neighbours) the
  // enemy attacks and no other piece of its side defends.
  int zone_attacks(const Position& pos, Color c, Square royal) const;
  void settle_stale(const Position& pos, EvalTerms& t) const;
  // Drop games: how the enemy's pieces in hand press the lone royal of colour c on `royal`,
  // in EvalTerms::danger's units (0 with an empty enemy hand).
  int hand_pressure(const Position& pos, Color c, Square royal) const;

  std::array<int, kMaxKinds + 1> value_{};
  std::array<int, kMaxKinds + 1> hand_value_{};
  std::array<int, kMaxKinds + 1> promo_gain_{};
  int max_promo_gain_ = 0;
  std::array<double, kMaxKinds + 1> mobility_{};
  std::array<bool, kMaxKinds + 1> royal_{};
  std::array<Kind, kMaxKinds + 1> to_hand_{};
  std::array<Kind, kMaxKinds + 1> promotes_to_{};  // the kind a captured piece joins the hand as
  std::array<int, kMaxKinds + 1> threat_{};  // how much this kind near an enemy royal menaces it
  // Bit i: a royal piece (by Piece code) attacks its neighbour kNeighbours[i] (eval.cpp), so
  // that its own attack is not taken for a defender of that square.
  std::array<uint8_t, 256> royal_guards_{};
  bool zone_attacks_ = false;  // the game keeps attack counts and has no drops
  // Value plus square bonus, by piece (kind and colour) and square.
  std::vector<std::array<int16_t, kArraySize>> psq_;
  bool drops_ = false;
  std::vector<Kind> hand_kinds_;
};

// One evaluator per game definition, built on first use (the tables take a moment to build).
std::shared_ptr<const Evaluator> evaluator_for(const std::shared_ptr<const Variant>& variant);

}  // namespace kirin
