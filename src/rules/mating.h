// The conventions of a mating problem (tsume), as the collections use them (docs/RULES.md,
// "Problems"): the attacker moves first and every one of its moves attacks a royal of the
// defender; the defender plays any legal move and loses when it cannot keep a royal. The mate
// solver (engine/mate_search) and every check of a published or printed line use these.
#pragma once

#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/movegen.h"

namespace kirin {

// One position of a mate's proof where the attacker is to move, and the attacker's move
// there. The position is reached from the proof's position `parent` (an index into the proof;
// -1 for the problem's position) by the parent's move and then `defence` (from the problem's
// position: `defence` alone, the null move when the attacker is to move there).
struct ProofPosition {
  int parent = -1;
  Move defence;
  Move move;
};

// Does the attacker's legal move `m` (the attacker to move in `pos`) attack a royal of the
// defender? It does if it takes one, if a royal stands attacked after it, or, for a two-step
// (Lion) move, if one stands attacked after its first step, as the collections' solutions use
// it. Plays on `pos` and takes back.
bool attacks_royal(Position& pos, const Move& m);

// The attacker's moves under the conventions: the legal moves that attack a royal.
void generate_attacks(Position& pos, MoveList& out);

// The defender's moves that keep a royal: the legal moves after which the attacker cannot take
// every royal at once. Empty when the defender is mated.
void generate_defences(Position& pos, MoveList& out);

// Shogi's futile-interposition convention (無駄合, docs/RULES.md "Problems"): it applies in
// games with drops and the check rule (shogi, Chu Seireigi, Dai Seireigi).
bool futile_convention_applies(const Variant& v);

// Is the defender's legal move `m` (the defender to move in `pos`, in check) a futile
// interposition: the check is by one piece, `m` blocks it with a drop or a board move of a
// piece other than the royal that captures nothing, and the checker can take the blocking
// piece with an attacking move after which no legal move of the defender takes it back? Plays
// on `pos` and takes back.
bool is_futile_interposition(Position& pos, const Move& m);

// generate_defences less the futile interpositions, where the convention applies (else all of
// them): the defences a problem's length counts. Empty when the defender is mated, or when
// every defence left is a futile interposition (a mate under the convention).
void generate_counted_defences(Position& pos, MoveList& out);

// Reorders `defences` (all of the defender's, generate_defences) so that the counted ones come
// first, the futile interpositions after them, each part in its order; returns how many are
// counted (all of them where the convention does not apply).
int counted_defences_first(Position& pos, MoveList& defences);

// Is the defender to move mated under the conventions, futile interpositions aside: does it
// have no counted defence (generate_counted_defences)? cannot_keep_royal where the
// futile-interposition convention does not apply.
bool mated_under_convention(Position& pos);

// Is the side to move, the defender, mated: does every legal move (if it has any) let the
// attacker take its last royals at once?
bool cannot_keep_royal(Position& pos);

// Checks a mating line played from the game's position by `attacker` (the side to move, or
// the defender when the line starts with a defence): every move legal (under the game's rules,
// repetition included), every attacker's move attacking a royal, the line ending after an
// attacker's move with the defender mated. Returns "" when it holds, else what is wrong,
// naming the move ("move 7: the attacker's move attacks no royal").
// With `futile_convention` the line may end where the defender has only futile interpositions
// left (generate_counted_defences), as a problem's book line does.
std::string check_mating_line(Game game, const std::vector<Move>& line, Color attacker,
                              bool futile_convention = false);
inline std::string check_mating_line(const Game& game, const std::vector<Move>& line) {
  return check_mating_line(game, line, game.position().side_to_move());
}

}  // namespace kirin
