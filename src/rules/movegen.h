// Legal move generation: one move per distinct resulting position.
#pragma once

#include <bitset>
#include <memory>

#include "rules/position.h"

namespace kirin {

constexpr int kMaxMoves = 8192;  // 12x12 and 15x15 drop games have thousands of drops

struct MoveList {
  // The storage is left uninitialised (a list lives on the stack of every perft and search
  // node; clearing 96 KiB each time would cost more than generating the moves).
  MoveList() {}
  union {
    Move moves[kMaxMoves];
  };
  int size = 0;
  bool overflow = false;  // more moves than fit: generate_moves reports it as an error

  void push(const Move& m) {
    if (size < kMaxMoves)
      std::construct_at(&moves[size++], m);
    else
      overflow = true;
  }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  const Move& operator[](int i) const { return moves[i]; }
};

// All legal moves of the side to move, under the game's rule options.
void generate_moves(const Position& pos, MoveList& out);

// The legal moves that capture something (for quiescence search): a subset of
// generate_moves, in the same order.
void generate_captures(const Position& pos, MoveList& out);

// The legal moves that capture nothing: generate_moves less generate_captures, in the same
// order (the search's last stage, after the captures).
void generate_quiets(const Position& pos, MoveList& out);

// The legal moves that capture nothing and attack the other side's royal (its only one: none
// where it has several or none), for the quiescence search of games with a check rule: drops
// on the squares from which the dropped piece attacks the royal, and board moves that attack
// it from their square or uncover an attack of another piece (a checker hopping over a piece,
// or uncovered by a piece moving along its line, may be missed; every move listed is legal).
// Only these candidates are played (by the check rule's filter), and a piece too far from the
// royal to check after one move has its moves not generated at all.
void generate_quiet_checks(const Position& pos, MoveList& out);
// The same before the check rule's filter (every move legal but for it), for a search that
// discards some first; then keep_legal.
void generate_quiet_check_candidates(const Position& pos, MoveList& out);
// Keeps the moves of `list` (legal but for the check rule) that the check rule and the
// pawn-drop-mate rule allow; nothing to do in a game without a check rule.
void keep_legal(const Position& pos, MoveList& list);

// The legal moves of the piece on `from` alone (a subset of generate_moves, except that a
// pass or igui another piece also has is not merged away): to check a remembered move.
void generate_moves_from(const Position& pos, Square from, MoveList& out);

// The drop `m` alone, if it is legal (the piece in hand, its square empty and alive, a
// one-per-file piece's file free of its kind, the check rule and the pawn-drop-mate rule), else
// nothing: to check a remembered drop without generating every drop.
void generate_drop(const Position& pos, const Move& m, MoveList& out);

// Appends the legal captures of the piece on `from` (igui of a victim another piece can also
// take in place are not merged away). Where captures_follow_attacks holds, every capture is
// made by a piece that attacks (Position::attackers) each piece it takes, so the attackers of
// the victims give every capture: what the quiescence search relies on.
void append_captures_from(const Position& pos, Square from, MoveList& out);
bool captures_follow_attacks(const Variant& v);

// Appends the capture (with and without promotion, as the rules allow) of the enemy on `victim`
// by the piece on `from`, which must attack it (Position::attackers) and take one piece per
// capture (Variant::captures_one): where captures_follow_attacks holds, these are exactly its
// captures of that piece.
void append_capture_of(const Position& pos, Square from, Square victim, MoveList& out);

// Appends the captures of the enemy on `victim` by its `n` attackers (Position::attackers):
// for a piece that takes one piece per capture, its capture of this victim; for another (a
// Lion), every capture it has, once: `listed` marks the pieces whose captures are all
// appended. `wanted(attacker)` false leaves an attacker's captures out (it is marked all the
// same).
template <class Wanted>
void append_captures_of_victim(const Position& pos, Square victim, const Square* attackers,
                               int n, std::bitset<kArraySize>& listed, MoveList& out,
                               Wanted&& wanted) {
  const auto& captures_one = pos.variant().captures_one;
  for (int i = 0; i < n; ++i) {
    const Square a = attackers[i];
    if (captures_one[pos.at(a)]) {
      if (wanted(a)) append_capture_of(pos, a, victim, out);
    } else if (!listed[a]) {
      listed.set(a);
      if (wanted(a)) append_captures_from(pos, a, out);
    }
  }
}

// The captures found through their victims, for a position that keeps attack counts
// (Position::keeps_attack_counts) in a game where captures_follow_attacks holds: the
// attackers of each attacked enemy piece give their captures. The moves of append_captures_from
// for every piece that has a capture (so generate_captures' moves, but an igui two pieces have
// is listed for each), in another order; no piece's moves are walked for nothing.
void generate_captures_by_victims(const Position& pos, MoveList& out);

// Keeps the moves after which no royal of the side to move is attacked (in games without a
// check rule, where the others are legal but lose the royal at once). Plays on `pos` the moves
// it must try, and takes them back.
void keep_royal_safe(Position& pos, MoveList& list);

// The royals of colour c that the other side could take were it its move: by any move of its
// pieces, with every power (burns, range captures, igui and double igui, area moves), but
// none of a frozen piece, and before the check rule's filter (a pinned piece still attacks).
// Writes their squares to `out` (room for Position::kMaxRoyals) and returns how many. What
// every report of check uses: the server's, the check rule, the end of the game and the
// perpetual rule. Where the attack tables hold every capture (no such power, no freezer) this
// is Position::attacked; elsewhere it generates the other side's captures, too slow for the
// search, whose Position::in_check sees the tables' attacks only.
int royals_under_attack(const Position& pos, Color c, Square* out);
bool royal_under_attack(const Position& pos, Color c);
// Do the attack tables (Position::attacked, Position::in_check) see every capture of the game
// exactly? Not where a power takes pieces they do not hold (burns, range captures, standstill
// and area moves), nor where a frozen piece attacks without moving.
bool tables_see_every_capture(const Variant& v);

// Can the side to move take every royal of the other side with one move? (True when the other
// side has none left.) Exact for every power; with one royal it is royal_under_attack. Plays
// on `pos` the moves it must try, and takes them back.
bool takes_every_royal(Position& pos);

// Does the move take at least one piece?
bool is_capture(const Position& pos, const Move& m);

// Every piece's moves, also where two pieces' moves leave the same position (an igui of the
// same victim, a pass): what the notation layer checks a spelled-out move against.
void generate_every_piece_moves(const Position& pos, MoveList& out);

// Does the move take a piece and come back to its square (an igui)?
bool is_igui(const Position& pos, const Move& m);

// Do two legal moves leave the same position? (Different pieces' iguis of one victim, passes.)
bool same_result(const Position& pos, const Move& a, const Move& b);

// Is `m` one of the legal moves, or another piece's igui of a victim whose igui the generator
// lists once (the same position: a player may name either piece)?
bool is_legal(const Position& pos, const Move& m);

// How many USI spellings lishogi accepts for this move (a jump can also be written as a
// two-step through an empty square, a pass through each empty neighbour). For perft's
// "encodings" count.
int spellings(const Position& pos, const Move& m);

}  // namespace kirin
