// A position: the board, the side to move and the rule state that belongs to the position
// (the counter-strike square), with make/unmake and an incremental Zobrist hash.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>

#include "rules/types.h"
#include "rules/variant.h"

namespace kirin {

// What undo_move needs to restore a position exactly.
struct Undo {
  Kind hand_to = 0;   // kind added to the mover's hand by the capture on `to`, if any
  Kind hand_mid = 0;  // ...and by the capture on `mid`
  Piece moved = kEmpty;
  Piece captured_to = kEmpty;
  Piece captured_mid = kEmpty;
  Piece captured_kill[2] = {kEmpty, kEmpty};
  Kind hand_kill[2] = {0, 0};
  Square counter_strike = kNoSquare;
  uint8_t skipped = 0;
  uint8_t deferral[5] = {};  // promotion deferral (pbmserv) of from, to, mid, kill[0], kill[1]
  // Where the pieces that left the board stood in their colour's list, as above (undo_move
  // puts them back there: a move made and taken back leaves the lists, and so the order of
  // generated moves, as they were).
  uint8_t list_index[5] = {};
  uint64_t hash = 0;
  // The attack counts before the move (Position::keeps_attack_counts): restoring them is
  // cheaper than counting the move back.
  std::array<std::array<uint8_t, kArraySize>, 2> attack_count;
};

// Promotion-deferral marks of a piece (pbmserv, option promotion_deferral).
enum Deferral : uint8_t {
  kDeferNextMove = 1,    // declined on entering the zone: its next move promotes only capturing
  kDeferToLastRank = 2,  // a Pawn that declined on entering: promotes only on the last rank
};

class Position {
 public:
  explicit Position(std::shared_ptr<const Variant> variant);

  const Variant& variant() const { return *variant_; }
  const std::shared_ptr<const Variant>& variant_ptr() const { return variant_; }
  // This position, with all its state (the counter-strike square, skips, promotion deferrals),
  // under other rule options of the same game: to ask which rule forbids a move.
  Position with_rules(const RuleOptions& rules) const;

  Piece at(Square s) const { return board_[s]; }
  const Piece* board() const { return board_.data(); }
  Color side_to_move() const { return stm_; }
  // The square where, on the previous move, a Lion was taken by a non-Lion (§6.3), or none.
  Square counter_strike() const { return counter_strike_; }
  int move_number() const { return move_number_; }
  // The promotion-deferral marks of the piece on s (Deferral bits; 0 unless the game has the
  // promotion_deferral option).
  uint8_t deferral(Square s) const { return deferral_[s]; }
  // Did this colour's last move pass (skip)? For the no-two-consecutive-skips rule.
  bool skipped(Color c) const { return skipped_ >> c & 1; }
  uint64_t hash() const { return hash_; }

  // Pieces in hand (games with drops).
  int hand(Color c, Kind k) const { return hand_[c][k]; }
  bool hand_empty(Color c) const { return hand_total_[c] == 0; }
  void set_hand(Color c, Kind k, int n);

  // Pieces of one colour, in no particular order.
  int count(Color c) const { return count_[c]; }
  const Square* squares(Color c) const { return list_[c].data(); }

  // Setting up (used by the SFEN reader). The board starts empty.
  void clear();
  void put(Square s, Piece p);
  void remove(Square s);
  void set_side_to_move(Color c);
  void set_counter_strike(Square s);
  void set_move_number(int n) { move_number_ = n; }
  void set_skipped(Color c, bool on);
  void set_deferral(Square s, uint8_t bits);

  // Applies a move the generator produced; no legality check here.
  void do_move(const Move& m, Undo& u);
  void undo_move(const Move& m, const Undo& u);

  // Could a piece of colour `by` capture an enemy standing on `target`? Squares `empty1` and
  // `empty2` count as empty for lines of sight; a piece standing there still attacks.
  bool attacked(Square target, Color by, Square empty1 = kNoSquare,
                Square empty2 = kNoSquare) const {
    if (attack_map_ && empty1 == kNoSquare && empty2 == kNoSquare)
      return attack_count_[by][target] != 0;
    return attacked_by_walk(target, by, empty1, empty2);
  }
  // The squares of the pieces of colour `by` that attack `target` (as attacked() judges), each
  // once; `out` holds up to 256. The quiescence search takes the victims in value order.
  int attackers(Square target, Color by, Square* out) const;
  // Does this position keep attack counts across moves? It does where every attack of the
  // game is a leap or a ray (not Variant::has_hop_attacks); attacked() without seen-through
  // squares is then a lookup.
  bool keeps_attack_counts() const { return attack_map_; }
  // How many attacks of colour `by` reach `target` (a leap or a ray each); only where
  // keeps_attack_counts().
  int attack_count(Square target, Color by) const { return attack_count_[by][target]; }
  // Stops keeping them (for good, on this copy): moves get cheaper, attacked() walks. For a
  // search that asks about few squares per move, as the mate solver does.
  void stop_attack_counts() { attack_map_ = false; }
  // For tests: do the kept counts equal counts made afresh from the board? (True where none
  // are kept.)
  bool attack_counts_consistent() const;
  // Is the royal of colour c attacked? (Any of them, if it has several.) By the attack
  // tables: the search's fast test. Captures by powers beyond them (burns, range captures,
  // standstill and area moves) and frozen attackers: royal_under_attack (rules/movegen.h).
  bool in_check(Color c) const {
    for (int r = 0; r < royal_count_[c]; ++r)
      if (attacked(royal_[c][r], ~c)) return true;
    return false;
  }
  // Could the piece on `from` capture an enemy standing on `target`?
  bool piece_attacks(Square from, Square target, Square empty1 = kNoSquare,
                     Square empty2 = kNoSquare) const {
    return piece_would_attack(board_[from], from, target, empty1, empty2);
  }
  // Could the piece `p`, were it standing on `from`, capture an enemy standing on `target`?
  // (Whether a move or a drop would give check, before it is made.)
  bool piece_would_attack(Piece p, Square from, Square target, Square empty1 = kNoSquare,
                          Square empty2 = kNoSquare) const;

  // Squares of the given colour's royal pieces: writes up to `max` and returns how many it wrote.
  int royals(Color c, Square* out, int max) const {
    const int n = std::min<int>(royal_count_[c], max);
    for (int r = 0; r < n; ++r) out[r] = royal_[c][r];
    return n;
  }
  int royal_count(Color c) const { return royal_count_[c]; }
  static constexpr int kMaxRoyals = 8;  // per side (the SFEN reader refuses more)

 private:
  void add_to_list(Square s, Color c);
  void remove_from_list(Square s, Color c);
  void restore_to_list(Square s, Color c, int index);  // undoes remove_from_list
  void add_royal(Square s, Color c);  // if the piece on s is royal (its order is not restored)
  void add_to_hand(Color c, Kind k, int delta);
  Kind to_hand(Piece captured) const;  // the kind a captured piece joins the hand as, or 0
  void update_deferral(const Move& m, Piece mover, Undo& u);
  // do_move and the set-up change the board through set_square, which keeps the attack
  // counts; undo_move writes the board back directly and restores the counts from Undo.
  void set_square(Square s, Piece p);
  void count_attacks(Square s, Piece p, int delta);  // p's attacks, standing on s
  void count_rays_through(Square s, int delta);     // rays that pass s (+1: s was emptied)
  bool attacked_by_walk(Square target, Color by, Square empty1, Square empty2) const;

  std::shared_ptr<const Variant> variant_;
  std::array<Piece, kArraySize> board_{};
  std::array<std::array<Square, 256>, 2> list_{};
  std::array<int, 2> count_{};
  std::array<std::array<Square, kMaxRoyals>, 2> royal_{};  // royal squares, in no order
  std::array<uint8_t, 2> royal_count_{};
  std::array<uint8_t, kArraySize> index_{};
  std::array<uint8_t, kArraySize> deferral_{};
  std::array<std::array<uint8_t, kMaxKinds + 1>, 2> hand_{};
  std::array<int, 2> hand_total_{};
  Color stm_ = kBlack;
  Square counter_strike_ = kNoSquare;
  uint8_t skipped_ = 0;  // bit c: colour c's last move was a pass
  int move_number_ = 1;
  uint64_t hash_ = 0;
  // Attacks of each colour on each square: one per leap and per ray that reach it.
  std::array<std::array<uint8_t, kArraySize>, 2> attack_count_{};
  bool attack_map_ = false;
};

namespace zobrist {
uint64_t piece(Piece p, Square s);
uint64_t side();
uint64_t counter_strike(Square s);
uint64_t hand(Color c, Kind k, int count);
uint64_t skipped(uint8_t bits);
uint64_t deferral(uint8_t bits, Square s);
}  // namespace zobrist

}  // namespace kirin
