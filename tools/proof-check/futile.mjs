// Shogi's futile-interposition convention (無駄合), as docs/RULES.md ("Problems", "Futile
// interpositions") defines it in words, written again from those words on shogiops: which
// defences of a position in check are futile interpositions, whose branch a mate's length does
// not count (a proof still answers them).
import { between } from 'shogiops/attacks';
import { makeUsi } from 'shogiops/util';
import { attacksRoyal, legalMoves, played, royals } from './moves.mjs';

// The USI of every futile interposition among the defences of `pos` (the defender to move, in
// check): with exactly one piece checking the King, a drop or a move of a piece other than the
// King onto a square S strictly between them, after which the checker has a legal move to S,
// promoting or not, that attacks the King and after which no legal move of the defender ends
// on S (the interposed piece is taken for nothing).
export function futileInterpositions(pos) {
  const futile = new Set();
  const kings = royals(pos, pos.turn);
  if (kings.size() !== 1) return futile;
  const king = kings.first();
  const checkers = pos.ctx().checkers;
  if (checkers.size() !== 1) return futile;
  const checker = checkers.first();
  const line = between(checker, king);
  if (line.isEmpty()) return futile;
  for (const md of legalMoves(pos)) {
    if (!line.has(md.to) || md.from === king) continue;
    const blocked = played(pos, md);
    const takes = [true, false]
      .map(promotion => ({ from: checker, to: md.to, promotion }))
      .filter(take => blocked.isLegal(take) && attacksRoyal(blocked, take));
    const unanswered = take => {
      const taken = played(blocked, take);
      return !legalMoves(taken).some(reply => reply.to === md.to);
    };
    if (takes.some(unanswered)) futile.add(makeUsi(md));
  }
  return futile;
}
