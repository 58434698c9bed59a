#!/usr/bin/env node
// Writes the proof of the shortest mate of a small problem, by a plain depth-first search on
// shogiops: how the good proofs under test/proofs/ were made before Kirin wrote any (each was
// then read by hand). Not part of the check.
//
//   node tools/proof-check/generate.mjs VARIANT SFEN MAX_MOVES
import { parseSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';
import { attacksRoyal, legalMoves, played, positionKey, royals, takesEveryRoyal } from './moves.mjs';

const [variant, sfen, maxText] = process.argv.slice(2);
const rules = variant === 'chu' ? 'chushogi' : 'standard';
const root = parseSfen(rules, sfen, false).unwrap();
const memo = new Map();

// The defences the proof must answer after the attacker's move: [] when mated or no royal left.
function defences(after) {
  if (royals(after, after.turn).isEmpty()) return [];
  return legalMoves(after)
    .map(md => ({ md, pos: played(after, md) }))
    .filter(({ pos }) => rules !== 'chushogi' || !takesEveryRoyal(pos));
}

// An attacker's move that mates within n moves, or undefined.
function mateIn(pos, n) {
  if (n === 0) return undefined;
  const key = `${positionKey(pos)} ${n}`;
  if (memo.has(key)) return memo.get(key);
  let found;
  for (const md of legalMoves(pos)) {
    if (!attacksRoyal(pos, md)) continue;
    const replies = defences(played(pos, md));
    if (replies.every(({ pos: next }) => mateIn(next, n - 1) !== undefined)) {
      found = md;
      break;
    }
  }
  memo.set(key, found);
  return found;
}

function shortest(pos, max) {
  for (let n = 1; n <= max; n++) {
    const md = mateIn(pos, n);
    if (md) return { n, md };
  }
  return undefined;
}

const max = Number(maxText);
const first = shortest(root, max);
if (!first) {
  console.error(`no mate in ${max}`);
  process.exit(1);
}
const lines = [`sfen ${sfen}`, `variant ${variant}`];
const done = new Set();
const queue = [{ pos: root, path: [] }];
while (queue.length) {
  const { pos, path } = queue.shift();
  const key = positionKey(pos);
  if (done.has(key)) continue;
  done.add(key);
  const { md } = shortest(pos, max);
  lines.push(`${path.length ? path.join(' ') : '-'}\t${makeUsi(md)}`);
  const after = played(pos, md);
  for (const { md: reply, pos: next } of defences(after))
    queue.push({ pos: next, path: [...path, makeUsi(md), makeUsi(reply)] });
}
console.log(lines.join('\n'));
console.error(`mate in ${first.n}`);
