// A game in progress: the position plus the history that the end-of-game rules need
// (repetition, perpetual attack, ply limit), and the result once it is decided.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "rules/position.h"

namespace kirin {

enum class Result { Ongoing, BlackWins, WhiteWins, Draw };

enum class EndReason {
  None,
  RoyalsCaptured,        // the side to move had royals and has none left
  BareKing,              // a lone royal against more (JCSA)
  Checkmate,             // the side to move is in check and cannot move (check rule)
  NoLegalMoves,          // the side to move cannot move
  Repetition,            // fourfold repetition: draw
  PerpetualAttack,       // fourfold repetition by a side that only attacked: that side loses
  Impasse,               // both royals entered: decided by points
  InsufficientMaterial,  // one royal each and nothing else
  PlyLimit,              // max_plies reached
};

struct Outcome {
  Result result = Result::Ongoing;
  EndReason reason = EndReason::None;
  bool over() const { return result != Result::Ongoing; }
};

std::string describe(const Outcome& o);  // "Black wins: bare king", "ongoing"

// Did move `m`, which led to `after`, attack in the sense of the game's perpetual rule? It
// attacks a royal (check), or under lishogi's perpetual-attack rule the piece it moved could
// capture something from where it stands (a Lion two squares from a protected Lion cannot,
// §6.2).
bool move_attacked(const Position& after, const Move& m);

class Game {
 public:
  explicit Game(Position start);

  const Position& position() const { return pos_; }
  const Outcome& outcome() const { return outcome_; }
  int plies() const { return int(moves_.size()); }
  const std::vector<Move>& moves() const { return moves_; }
  // Can colour c lose by losing its royals? Only a side that had one at the start: in a
  // mating problem the attacker has none and plays on without (docs/RULES.md, "Problems").
  bool loses_without_royals(Color c) const { return royal_at_start_[c]; }
  // Hashes of the positions since the last irreversible move, oldest first, the current one
  // last: what a search needs to see repetitions.
  std::vector<uint64_t> recent_hashes() const {
    std::vector<uint64_t> out;
    out.reserve(since_irreversible_.size());
    for (const Entry& e : since_irreversible_) out.push_back(e.hash);
    return out;
  }

  // For each of those positions: did the move that led there attack (the perpetual-attack
  // rule's sense, see move_attacked)? 1 if it did.
  std::vector<uint8_t> recent_attacks() const {
    std::vector<uint8_t> out;
    out.reserve(since_irreversible_.size());
    for (const Entry& e : since_irreversible_) out.push_back(e.attacking);
    return out;
  }

  // Plays a legal move (the caller checks legality) and decides whether the game has ended.
  void play(const Move& m);

 private:
  struct Entry {
    uint64_t hash;
    bool attacking;  // the move that led here attacked (lishogi's "isAttacking")
  };
  Outcome evaluate() const;
  bool bared(Color c) const;

  Position pos_;
  std::array<bool, 2> royal_at_start_{};
  std::vector<Move> moves_;
  std::vector<Entry> since_irreversible_;  // positions since the last irreversible move
  int consecutive_attacks_[2] = {0, 0};
  Outcome outcome_;
};

}  // namespace kirin
