// Static evaluation for any Kirin game, derived from its definition (docs/ENGINE.md):
// a piece is worth what it can reach on an empty board, a square what the piece can reach from
// it, and a royal wants company.
#pragma once

#include <algorithm>
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
  // The worth of the n-th piece of kind k in a hand (n >= 1): the first is worth most (a piece
  // to drop at all), the second and further less (kHandSteps).
  int hand_value(Kind k, int n = 1) const { return hand_value_[k][std::min(n, kHandSteps) - 1]; }
  // Is this kind a general: a short stepper that guards most of its neighbours (Gold, Silver,
  // Tokin...), what a castle around a royal is built from?
  bool is_general(Kind k) const { return general_[k]; }
  // The gain of promoting this kind (0 when it does not promote).
  int promotion_gain(Kind k) const { return promo_gain_[k]; }
  int max_promotion_gain() const { return max_promo_gain_; }  // of any kind
  // Average number of destinations on an empty board: what the values are derived from.
  double mobility(Kind k) const { return mobility_[k]; }

 private:
  static constexpr int kHandSteps = 3;  // the third piece of a kind in hand and the further ones
  int danger(const Position& pos, Color c) const;  // EvalTerms::danger, counted afresh
  // King safety, in EvalTerms::danger's units, for the lone royal of colour c on `royal`:
  // the squares of its zone (its own and its neighbours) the enemy attacks and no other piece
  // of its side defends; in drop games also the enemy's attacks on the zone, and what the
  // enemy holds in hand times the neighbours a drop could land on.
  int king_zone(const Position& pos, Color c, Square royal) const;
  // Drop games: the lone royal's castle, in centipawns: generals beside it, a piece ahead.
  int shelter(const Position& pos, Color c, Square royal) const;
  // The worth of a hand of n pieces of kind k (hand_value summed).
  int hand_worth(Kind k, int n) const;
  void settle_stale(const Position& pos, EvalTerms& t) const;

  std::array<int, kMaxKinds + 1> value_{};
  std::array<std::array<int, kHandSteps>, kMaxKinds + 1> hand_value_{};
  std::array<bool, kMaxKinds + 1> general_{};
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
  // Value plus square bonus, by piece (kind and colour) and square.
  std::vector<std::array<int16_t, kArraySize>> psq_;
  bool drops_ = false;
  std::vector<Kind> hand_kinds_;
};

// One evaluator per game definition, built on first use (the tables take a moment to build).
std::shared_ptr<const Evaluator> evaluator_for(const std::shared_ptr<const Variant>& variant);

}  // namespace kirin
