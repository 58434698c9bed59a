// What the checker asks of shogiops, lishogi's own rules: every legal move of a position,
// whether a move attacks a royal (the problems' convention), and a key per position.
import { ROLES } from 'shogiops/constants';
import { makeHandsSfen } from 'shogiops/sfen';
import { opposite, parseUsi } from 'shogiops/util';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';
import { attacks } from 'shogiops/attacks';
import { secondLionStepDests } from 'shogiops/variant/chushogi';

// The pieces whose moves may have two steps in Chu (USI from-mid-to): Lion, Horned Falcon,
// Soaring Eagle.
const TWO_STEP_ROLES = new Set(['lion', 'lionpromoted', 'falcon', 'eagle']);

// The royals of `color`: shogiops' kingsOf (King, and in Chu the Crown Prince too).
export function royals(pos, color) {
  return pos.kingsOf(color);
}

// A position's identity for the proof: board (the squares of each colour and of each kind of
// piece), side to move, hands (shogi) and, in Chu, the square where a Lion was just taken by a
// non-Lion (the counter-strike rule), which changes the legal moves. The move number is not
// part of it.
export function positionKey(pos) {
  let key = `${pos.turn} ${pos.board.color('sente').dRows.join(',')}`;
  for (const role of ROLES) {
    const squares = pos.board.role(role);
    if (squares.nonEmpty()) key += ` ${role} ${squares.dRows.join(',')}`;
  }
  if (pos.rules === 'chushogi') return `${key} ${pos.lastLionCapture ?? '-'}`;
  return `${key} ${makeHandsSfen(pos.rules, pos.hands)}`;
}

// Every legal move of the side to move, as shogiops generates them: each destination of each
// piece (with and without promotion where both are allowed), the second steps of Chu's
// two-step pieces, and the drops.
export function legalMoves(pos) {
  const out = [];
  const ctx = pos.ctx();
  const canPromote = pieceCanPromote(pos.rules), mustPromote = pieceForcePromote(pos.rules);
  for (const from of pos.board.color(pos.turn)) {
    const piece = pos.board.get(from);
    const dests = pos.moveDests(from, ctx);
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) out.push({ from, to, promotion: true });
      if (!mustPromote(piece, to)) out.push({ from, to, promotion: false });
    }
    if (pos.rules === 'chushogi' && TWO_STEP_ROLES.has(piece.role)) {
      for (const midStep of dests)
        for (const to of secondLionStepDests(pos, from, midStep)) {
          const md = { from, midStep, to, promotion: false };
          if (pos.isLegal(md, ctx)) out.push(md);
        }
    }
  }
  for (const [role, count] of pos.hands[pos.turn]) {
    if (count <= 0) continue;
    for (const to of pos.dropDests({ color: pos.turn, role }, ctx)) out.push({ role, to });
  }
  return out;
}

// The move `usi` if it is legal in `pos`, else undefined. shogiops' isLegal checks a
// promotion on a one-step move only: a two-step move never promotes.
export function legalMove(pos, usi) {
  const md = parseUsi(usi);
  if (!md || (md.midStep !== undefined && md.promotion)) return undefined;
  return pos.isLegal(md) ? md : undefined;
}

export function played(pos, md) {
  const next = pos.clone();
  next.play(md);
  return next;
}

function royalAttacked(pos, color) {
  for (const sq of royals(pos, color))
    if (pos.squareAttackers(sq, opposite(color), pos.board.occupied).nonEmpty()) return true;
  return false;
}

// Does the attacker's move attack a royal of the defender (docs/RULES.md, "Problems")? It takes
// one, or a royal stands attacked after it, or, for a two-step move of Chu that is not a pass,
// one stands attacked after its first step alone.
export function attacksRoyal(pos, md) {
  const defender = opposite(pos.turn);
  const before = royals(pos, defender).size();
  if (before === 0) return false;
  const hits = p => royals(p, defender).size() < before || royalAttacked(p, defender);
  if (hits(played(pos, md))) return true;
  if (md.midStep === undefined) return false;
  if (md.to === md.from && !pos.board.get(md.midStep)) return false;  // a pass
  return hits(played(pos, { from: md.from, to: md.midStep, promotion: false }));
}

// Can the side to move take every royal of the other side with one move? (A defender's reply
// that allows it is lost at once and need not be in the proof.) Only a piece that attacks a
// royal can take one; a move takes pieces on its destination and its middle step only.
export function takesEveryRoyal(pos) {
  const target = royals(pos, opposite(pos.turn));
  const n = target.size();
  if (n === 0) return true;
  const ctx = pos.ctx();
  for (const from of pos.board.color(pos.turn)) {
    if (!attacks(pos.board.get(from), from, pos.board.occupied).intersects(target)) continue;
    const dests = pos.moveDests(from, ctx);
    if (n === 1 && dests.intersects(target)) return true;
    if (pos.rules !== 'chushogi' || !TWO_STEP_ROLES.has(pos.board.get(from).role)) continue;
    for (const midStep of dests) {
      const taken = target.has(midStep) ? 1 : 0;
      if (taken + 1 < n) continue;
      for (const to of secondLionStepDests(pos, from, midStep))
        if (to !== midStep && taken + (target.has(to) ? 1 : 0) === n &&
            pos.isLegal({ from, midStep, to, promotion: false }, ctx))
          return true;
    }
  }
  return false;
}
