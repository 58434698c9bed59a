// The checker's tests: good proofs (written with generate.mjs, read by hand) are accepted
// with their height; every kind of bad proof is refused with its reason and exit code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseSfen } from 'shogiops/sfen';
import { parseUsi } from 'shogiops/util';
import { futileInterpositions } from '../futile.mjs';
import { attacksRoyal, positionKey, takesEveryRoyal } from '../moves.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const checker = join(here, '..', 'check.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'proof-check-'));
const fixture = name => readFileSync(join(here, 'proofs', name), 'utf8');

let files = 0;
// Runs the checker on `text` (written to a file): { code, out }.
function check(text, ...args) {
  const file = join(scratch, `proof-${++files}.txt`);
  writeFileSync(file, text);
  const r = spawnSync(process.execPath, [checker, file, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout.trim() + r.stderr.trim() };
}

function accepted(text, height, positions, ...args) {
  const { code, out } = check(text, ...args);
  assert.equal(out, `ok height ${height} positions ${positions}`);
  assert.equal(code, 0);
}

function refused(text, code, pattern, ...args) {
  const r = check(text, ...args);
  assert.match(r.out, pattern);
  assert.equal(r.out.split('\n').length, 1, 'one line');
  assert.equal(r.code, code);
}

const MATE1 = fixture('shogi-mate1.txt');
const MATE3 = fixture('shogi-mate3.txt');
const LION1 = fixture('chu-lion-double.txt');
const LION2 = fixture('chu-lion-mate2.txt');
const withHeader = (proof, line) => proof.replace(/^(variant .*)$/m, `$1\n${line}`);

test('a mate in 1 in shogi, a drop', () => accepted(MATE1, 1, 1, '--length', '1'));

test('a mate in 3 in shogi: every defence listed, the longest line counted', () =>
  accepted(MATE3, 3, 4, '--length', '3'));

test("a mate in 1 in Chu by a Lion's double move (it takes a Silver on its way)", () => {
  assert.match(LION1, /\t4c3b2c$/m);
  accepted(LION1, 1, 1, '--length', '1');
});

test("a mate in 2 in Chu by a lone Lion: the King's steps into the Lion's reach need no line", () =>
  accepted(LION2, 2, 4, '--length', '2'));

test('the profiles and options that are lishogi\'s rules are accepted', () => {
  accepted(withHeader(LION2, 'profile jcsa'), 2, 4);
  accepted(withHeader(LION2, 'profile lishogi\noption max_plies=0\noption bare_king=false'), 2, 4);
  accepted(withHeader(MATE3, 'option repetition=exact'), 3, 4);
});

test('a missing defence', () =>
  refused(MATE3.replace(/^S\*2b 3a3b G\*3c 3b4a\t3c4b\n/m, ''), 1,
    /path S\*2b 3a3b G\*3c 3b4a: the defence leads to a position the proof does not list/));

test("an attacker's move that attacks no royal", () =>
  refused(MATE1.replace('\tG*5b', '\tG*5e'), 1, /path -: the attacker's move G\*5e attacks no royal/));

test("an illegal attacker's move", () =>
  refused(MATE1.replace('\tG*5b', '\tG*5a'), 1, /the attacker's move G\*5a is not legal/));

test('a Pawn drop may not mate (shogiops knows)', () =>
  refused('sfen 8k/6S2/7G1/9/9/9/9/9/9 b P 1\nvariant shogi\n-\tP*1b\n', 1,
    /the attacker's move P\*1b is not legal/));

test('an illegal path', () =>
  refused(`${MATE3}S*2b 3a5a\tG*4b\n`, 1, /path S\*2b 3a5a \(line 7\): move 2, 3a5a, is not legal/));

test('a path that ends with the defender to move', () =>
  refused(`${MATE3}S*2b\tG*4b\n`, 1, /path S\*2b \(line 7\): the defender is to move there/));

test('a position listed twice', () =>
  refused(`${MATE3}S*2b 3a4a\tG*4b\n`, 1, /path S\*2b 3a4a \(line 7\): the same position as path S\*2b 3a4a \(line 4\)/));

test('an extra position that no defence reaches', () =>
  refused(`${MATE3}G*2b 3a4a\tS*4b\n`, 1, /path G\*2b 3a4a \(line 7\): listed, but no defence of the proof reaches it/));

test('no line for the problem itself', () =>
  refused(MATE3.replace(/^-\t.*\n/m, ''), 1, /path -: the problem's position is not listed/));

test('a cycle: the King goes back and forth', () =>
  refused(fixture('bad-cycle.txt'), 1, /path 2k1k 1a2a 1k2k 2a1a: a cycle, back to path -/));

test('a wrong length', () => {
  refused(MATE3, 1, /the proof's height is 3, not the length 2 given/, '--length', '2');
  refused(MATE3, 1, /height is 3, not the length 4/, '--length', '4');
});

test("a line longer than the profile's ply limit", () =>
  refused(withHeader(LION2, 'option max_plies=2'), 1, /the longest line has 3 plies, beyond max_plies=2/));

test('refused profiles and options', () => {
  refused(withHeader(LION2, 'profile pbmserv'), 2, /refused: profile "pbmserv": not lishogi's rules for chu \(accepted: lishogi, jcsa\)/);
  refused(withHeader(LION2, 'profile hachu'), 2, /refused: profile "hachu"/);
  refused(withHeader(LION2, 'option lion_protection_by_recapture=true'), 2,
    /refused: option lion_protection_by_recapture=true: shogiops plays chu with lion_protection_by_recapture=false only/);
  refused(withHeader(LION2, 'option check_every_step=true'), 2, /refused: option check_every_step=true: not an option/);
  refused(withHeader(MATE1, 'profile lishogi'), 2, /refused: profile "lishogi": not lishogi's rules for shogi \(accepted: none\)/);
  refused(withHeader(MATE1, 'option drops=false'), 2, /refused: option drops=false/);
  refused(MATE1.replace('variant shogi', 'variant dai'), 2, /refused: variant "dai": the checker knows chu and shogi only/);
  refused(withHeader(LION2, 'convention futile-interpositions'), 2, /refused: convention futile-interpositions: shogi only/);
  refused(withHeader(MATE1, 'convention other'), 2, /refused: line 3: unknown convention "other"/);
});

test("a defence that takes the attacker's last royal refutes the proof", () =>
  refused('sfen 6r4k/12/12/8N3/12/6K5/12/12/12/12/12/12 b - 1\nvariant chu\noption bare_king=false\n-\t4d3b\n', 1,
    /path - 4d3b 6a6f: the defence takes the attacker's last royal/));

test('bare king is not judged while the attacker has a royal', () =>
  refused('sfen 11k/12/12/12/8N3/12/12/12/12/12/12/K11 b - 1\nvariant chu\n-\t4e3c\n', 2,
    /refused: bare_king with a royal on the attacker's side/));

test('malformed files and arguments', () => {
  refused(MATE1.replace(/^sfen .*\n/, ''), 2, /malformed: no sfen line/);
  refused(MATE1.replace('G*5b', 'G*5z'), 2, /malformed: line 3: "G\*5z" is not a USI move/);
  refused(MATE1.replace('sfen 4k4', 'sfen 4z4'), 2, /malformed: sfen/);
  refused(`${MATE1}sfen x\n`, 2, /malformed: line 4: a header line after the positions/);
  refused(MATE1.replace('variant shogi', 'variant shogi\nsize 9'), 2, /malformed: line 3: unknown header "size"/);
  refused(MATE1, 2, /--length needs a positive number/, '--length', 'x');
  const none = spawnSync(process.execPath, [checker], { encoding: 'utf8' });
  assert.equal(none.status, 2);
  assert.match(none.stdout, /usage: check\.mjs PROOF \[--length N\]/);
});

test("a Lion's double move attacks when its first step does (the collections' convention)", () => {
  const pos = parseSfen('chushogi', '11k/12/12/8N3/12/12/12/12/12/12/12/12 b - 1', false).unwrap();
  assert.equal(attacksRoyal(pos, parseUsi('4d3c4c')), true);  // 3c is within the Lion's reach of 1a
  assert.equal(attacksRoyal(pos, parseUsi('4d4c')), false);
  assert.equal(attacksRoyal(pos, parseUsi('4d4c4d')), false);  // a pass attacks nothing
});

test("the key keeps Chu's counter-strike square, which changes the legal moves", () => {
  const sfen = '11k/12/12/8N3/12/12/12/12/12/12/12/12 b';
  const plain = positionKey(parseSfen('chushogi', `${sfen} - 1`, false).unwrap());
  const armed = positionKey(parseSfen('chushogi', `${sfen} 4d 1`, false).unwrap());
  assert.notEqual(plain, armed);
  assert.equal(plain, positionKey(parseSfen('chushogi', `${sfen} - 57`, false).unwrap()));
});

test('a reply is lost at once only when the attacker can take every royal left with one move', () => {
  const chu = sfen => parseSfen('chushogi', `${sfen}/12/12/12/12/12/12/12/12/12 b - 1`, false).unwrap();
  assert.equal(takesEveryRoyal(chu('12/10k1/8N3')), true);  // the Lion takes the King
  assert.equal(takesEveryRoyal(chu('+e11/10k1/8N3')), false);  // the Crown Prince is left
  assert.equal(takesEveryRoyal(chu('12/9+ek1/8N3')), true);  // both, by a double capture
  assert.equal(takesEveryRoyal(chu('12/8+e1k1/8N3')), false);  // 4b and 2b: not one Lion move
});

const FUTILE = fixture('shogi-futile.txt');

test("futile interpositions: listed, proved, but their branch is not counted (shogi's convention)", () => {
  accepted(FUTILE, 1, 8, '--length', '1');
  accepted(FUTILE.replace('convention futile-interpositions\n', ''), 2, 8, '--length', '2');
  // Still proved: a futile interposition's branch must be in the proof.
  refused(FUTILE.replace(/^R\*1i P\*1e\t.*\n/m, ''), 1, /path - R\*1i P\*1e: the defence leads to a position the proof does not list/);
});

test('an interposition is futile when the checker takes it with check and cannot be taken back', () => {
  const after = sfen => parseSfen('standard', sfen, false).unwrap();
  // The Knight on 2d guards 1b: every Pawn interposed on file 1 is futile.
  assert.deepEqual([...futileInterpositions(after('8k/6G2/9/7N1/9/9/9/9/8R w p 1'))].sort(),
    ['P*1b', 'P*1c', 'P*1d', 'P*1e', 'P*1f', 'P*1g', 'P*1h']);
  // Without it the King takes back on 1b: that interposition counts.
  assert.deepEqual([...futileInterpositions(after('8k/6G2/9/9/9/9/9/9/8R w p 1'))].sort(),
    ['P*1c', 'P*1d', 'P*1e', 'P*1f', 'P*1g', 'P*1h']);
  // A Silver's move onto the Rook's line is an interposition too, futile on either square.
  assert.deepEqual([...futileInterpositions(after('8k/6G2/9/7s1/9/9/9/9/8R w - 1'))].sort(),
    ['2d1c', '2d1e']);
  // The Rook on 5a checks along rank a. A Silver of White's on 3b takes back on 4a and 2a.
  assert.deepEqual([...futileInterpositions(after('4R3k/6s2/9/9/9/9/9/9/9 w g 1'))].sort(),
    ['3b4a', 'G*3a']);
  // One on 2b takes back on 3a, unless the Bishop on 4d pins it to the King.
  assert.deepEqual([...futileInterpositions(after('4R3k/7s1/9/9/9/9/9/9/9 w g 1'))].sort(),
    ['2b3a', 'G*4a']);
  assert.deepEqual([...futileInterpositions(after('4R3k/7s1/9/5B3/9/9/9/9/9 w g 1'))].sort(),
    ['G*3a', 'G*4a']);
  // The Lance takes on 1c unpromoted (promoted, it would not check): futile; 1b is taken back.
  assert.deepEqual([...futileInterpositions(after('8k/9/9/9/8L/9/9/9/9 w g 1'))].sort(),
    ['G*1c', 'G*1d']);
  // A check from next to the King leaves no square between: nothing is futile.
  assert.equal(futileInterpositions(after('8k/6G1R/9/7N1/9/9/9/9/9 w p 1')).size, 0);
});

// MATE3 after its first move, the defender to move: every defence must lose.
const DEFENDER_ROOT = `sfen 6k2/7S1/5P1P1/9/9/9/9/9/9 w G 2
variant shogi
attacker black
3a4a\tG*4b
3a3b\tG*3c
3a3b G*3c 3b4a\t3c4b
`;

test('the defender to move at the root (attacker named): the longest defence counts', () =>
  accepted(DEFENDER_ROOT, 2, 3, '--length', '2'));

test('the defender to move at the root: a defence left out, or the attacker misnamed', () => {
  refused(DEFENDER_ROOT.replace('3a4a\tG*4b\n', ''), 1, /path -: 3a4a: the defence leads to a position the proof does not list/);
  refused(DEFENDER_ROOT.replace('attacker black', 'attacker white'), 2, /malformed: attacker: white is the side to move/);
  refused(DEFENDER_ROOT.replace('attacker black', 'attacker sente'), 2, /malformed: line 3: attacker must be black or white/);
  refused(DEFENDER_ROOT.replace('attacker black\n', ''), 1, /the defender is to move there/);
});

test('the defender to move at the root: a misnamed attacker is refused even with nothing listed', () =>
  refused('sfen 6k2/7S1/5P1P1/9/9/9/9/9/9 w G 2\nvariant shogi\nattacker white\n', 2,
    /malformed: attacker: white is the side to move/));

test('the defender to move at the root with no legal move: the game is over, nothing to prove', () =>
  refused('sfen 4k4/4G4/4P4/9/9/9/9/9/9 w - 1\nvariant shogi\nattacker black\n', 1,
    /path -: the defender has no legal move: the game is over, nothing to prove/));
