// The proof walk: replays every listed position from the problem's SFEN, then walks the proof
// from the problem's position, every legal defence of every attacker's move, and computes the
// height (the attacker's moves on the longest line).
import { parseSfen } from 'shogiops/sfen';
import { makeUsi, opposite } from 'shogiops/util';
import { MalformedProof, RefusedRules, rulesOf } from './format.mjs';
import { futileInterpositions } from './futile.mjs';
import { attacksRoyal, legalMove, legalMoves, played, positionKey, royals, takesEveryRoyal } from './moves.mjs';

// A proof that is well-formed but does not prove the mate (exit 1).
export class ProofFailure extends Error {}

const pathText = moves => (moves.length ? moves.join(' ') : '-');

// Every listed position, keyed, from its path: each move legal, the attacker to move at the
// end, no position listed twice.
function replayEntries(proof, root, attacker) {
  const byPrefix = new Map([['', root]]);
  const listed = new Map();
  for (const entry of proof.entries) {
    let pos = root, prefix = '';
    entry.path.forEach((usi, i) => {
      prefix += (i ? ' ' : '') + usi;
      let next = byPrefix.get(prefix);
      if (!next) {
        const md = legalMove(pos, usi);
        if (!md)
          throw new ProofFailure(`path ${pathText(entry.path)} (line ${entry.line}): move ${i + 1}, ${usi}, is not legal`);
        next = played(pos, md);
        byPrefix.set(prefix, next);
      }
      pos = next;
    });
    if (pos.turn !== attacker)
      throw new ProofFailure(`path ${pathText(entry.path)} (line ${entry.line}): the defender is to move there`);
    const key = positionKey(pos);
    const twin = listed.get(key);
    if (twin)
      throw new ProofFailure(`path ${pathText(entry.path)} (line ${entry.line}): the same position as ` +
        `path ${pathText(twin.entry.path)} (line ${twin.entry.line}), listed twice`);
    listed.set(key, { entry, pos });
  }
  return listed;
}

// The attacker's move of a listed position, checked, and the defences that the proof must
// answer (defencesOf).
function expand(node, ctx) {
  const { entry, pos } = node;
  const here = `path ${pathText(entry.path)}`;
  const md = legalMove(pos, entry.move);
  if (!md) throw new ProofFailure(`${here}: the attacker's move ${entry.move} is not legal`);
  if (!attacksRoyal(pos, md))
    throw new ProofFailure(`${here}: the attacker's move ${entry.move} attacks no royal`);
  return defencesOf(played(pos, md), `${here} ${entry.move}`, ctx);
}

// The defences of `after` (the defender to move, reached by `here`) that the proof must answer:
// [{ usi, key }], each distinct position once, with `futile` marking the interpositions whose
// branch the length does not count (shogi's convention, futile.mjs).
function defencesOf(after, here, ctx) {
  const defender = after.turn;
  if (royals(after, defender).isEmpty()) return [];  // the last royal taken
  const futile = ctx.futile ? futileInterpositions(after) : new Set();
  const children = new Map();
  for (const reply of legalMoves(after)) {
    const usi = makeUsi(reply);
    const next = played(after, reply);
    if (ctx.attackerHasRoyal && royals(next, opposite(defender)).isEmpty())
      throw new ProofFailure(`${here} ${usi}: the defence takes the attacker's last royal`);
    const key = positionKey(next);
    if (!ctx.listed.has(key)) {
      if (ctx.chu && takesEveryRoyal(next)) continue;  // lost at once: the attacker takes the rest
      throw new ProofFailure(`${here} ${usi}: the defence leads to a position the proof does not list`);
    }
    const seen = children.get(key);
    // A position reached both by a futile interposition and by another defence counts.
    if (seen) seen.futile = seen.futile && futile.has(usi);
    else children.set(key, { usi, key, futile: futile.has(usi) });
  }
  return [...children.values()];
}

// The height of the proof from each root (listed positions), by an explicit depth-first walk
// (the lines of long problems are deeper than the JavaScript stack), memoized by position key.
function walk(rootKeys, ctx) {
  const height = new Map();
  const onLine = new Set();
  const stack = [];
  const enter = key => {
    onLine.add(key);
    stack.push({ key, children: expand(ctx.listed.get(key), ctx), next: 0, height: 1 });
  };
  for (const rootKey of rootKeys) {
    if (!height.has(rootKey)) enter(rootKey);
    walkFrom(stack, height, onLine, enter, ctx);
  }
  return height;
}

function walkFrom(stack, height, onLine, enter, ctx) {
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++];
      if (onLine.has(child.key)) {
        const node = ctx.listed.get(frame.key);
        throw new ProofFailure(`path ${pathText(node.entry.path)} ${node.entry.move} ${child.usi}: ` +
          `a cycle, back to path ${pathText(ctx.listed.get(child.key).entry.path)}`);
      }
      if (!height.has(child.key)) {
        enter(child.key);
        continue;
      }
      if (!child.futile) frame.height = Math.max(frame.height, 1 + height.get(child.key));
      continue;
    }
    stack.pop();
    onLine.delete(frame.key);
    height.set(frame.key, frame.height);
    const parent = stack[stack.length - 1];
    if (parent) {
      const child = parent.children[parent.next - 1];
      if (!child.futile) parent.height = Math.max(parent.height, 1 + frame.height);
    }
  }
}

// Checks the proof (parsed by format.mjs). Returns { height, positions }; throws ProofFailure
// when it proves nothing, MalformedProof or RefusedRules when it cannot be checked.
export function checkProof(proof, { length } = {}) {
  const rules = rulesOf(proof);
  const parsed = parseSfen(rules.rules, proof.sfen, false);
  if (parsed.isErr) throw new MalformedProof(`sfen "${proof.sfen}": ${parsed.error.message}`);
  const root = parsed.value;
  // Named only when it is not the side to move: then every defence from the root must lose.
  if (proof.attacker === root.turn)
    throw new MalformedProof(`attacker: ${proof.attacker === 'sente' ? 'black' : 'white'} is the side to move ` +
      'in the SFEN (the line is only for a defender to move)');
  const attacker = proof.attacker ?? root.turn;
  const attackerHasRoyal = royals(root, attacker).nonEmpty();
  if (rules.bareKing && attackerHasRoyal)
    throw new RefusedRules('bare_king with a royal on the attacker\'s side: the checker does not judge bare kings ' +
      '(give option bare_king=false, or a problem without the attacker\'s royal)');
  const listed = replayEntries(proof, root, attacker);
  const ctx = {
    listed,
    attackerHasRoyal,
    chu: rules.rules === 'chushogi',
    futile: proof.conventions.has('futile-interpositions'),
  };
  let rootKeys, rootHeight;
  if (attacker === root.turn) {
    const rootKey = positionKey(root);
    if (!listed.has(rootKey)) throw new ProofFailure('path -: the problem\'s position is not listed');
    rootKeys = [rootKey];
    rootHeight = height => height.get(rootKey);
  } else {
    // The defender to move: the longest of its defences, each leading to a listed position.
    const defences = defencesOf(root, 'path -:', ctx);
    if (defences.length === 0 && royals(root, root.turn).nonEmpty() && legalMoves(root).length === 0)
      throw new ProofFailure('path -: the defender has no legal move: the game is over, nothing to prove');
    rootKeys = defences.map(d => d.key);
    rootHeight = height => defences.reduce((h, d) => (d.futile ? h : Math.max(h, height.get(d.key))), 0);
  }
  const height = walk(rootKeys, ctx);
  for (const [key, node] of listed)
    if (!height.has(key))
      throw new ProofFailure(`path ${pathText(node.entry.path)} (line ${node.entry.line}): ` +
        'listed, but no defence of the proof reaches it');
  const h = rootHeight(height);
  if (rules.maxPlies && 2 * h - 1 > rules.maxPlies)
    throw new ProofFailure(`path -: the longest line has ${2 * h - 1} plies, beyond max_plies=${rules.maxPlies}`);
  if (length !== undefined && h !== length)
    throw new ProofFailure(`path -: the proof's height is ${h}, not the length ${length} given`);
  return { height: h, positions: listed.size };
}
