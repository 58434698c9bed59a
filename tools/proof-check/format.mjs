// Reads a mate proof (the format `kirin mate --proof FILE` writes, README.md) and decides
// whether its rules are ones shogiops plays: only those are checked, anything else is refused.

// A malformed file (exit 2), as against a proof that is well-formed but wrong (exit 1).
export class MalformedProof extends Error {}
// Rules the checker cannot honour: refused rather than checked under other rules (exit 2).
export class RefusedRules extends Error {}

// Kirin's Chu profiles that are lishogi's rules (shogiops' chushogi) as far as a proof can
// tell: `lishogi` itself, and `jcsa`, which differs only in repetition and the ply limit. The
// others change legal moves (promotion deferral, Lion protection by recapture, the check rule).
const CHU_PROFILES = {
  lishogi: { repetition: 'lishogi', max_plies: '1000' },
  jcsa: { repetition: 'exact', max_plies: '0' },
};

// The options whose every value shogiops' moves honour in a proof: a proof has no cycle, so no
// line repeats a position (repetition, perpetual), and the ply limit is checked against the
// height (max_plies).
const FREE_OPTIONS = new Set(['repetition', 'perpetual', 'perpetual_attacker_loses', 'max_plies']);

// The options that must keep the value shogiops plays (Kirin's defaults for these games).
const FIXED_OPTIONS = {
  chu: {
    promotion: 'lishogi',
    force_last_rank_promotion: 'false',
    promotion_deferral: 'false',
    lion_protection: 'true',
    lion_protection_by_recapture: 'false',
    counter_strike: 'true',
    counter_strike_same_square: 'true',
    counter_strike_binds_lions: 'false',
    bridge_lifts_counter_strike: 'false',
    no_moves_loses: 'true',
    drops: 'false',
    check_rule: 'false',
  },
  shogi: {
    promotion: 'shogi',
    force_last_rank_promotion: 'true',
    drops: 'true',
    check_rule: 'true',
    no_moves_loses: 'true',
  },
};

// Chu's bare-king rule needs a royal on both sides (docs/RULES.md, "Problems"), so it can decide
// nothing while the attacker has none; the checker does not judge it otherwise.
const CHU_BARE_KING = 'bare_king';

const CONVENTIONS = new Set(['futile-interpositions']);

const USI = /^(?:[PLNSGBRT]\*\d\d?[a-p]|\d\d?[a-p](?:\d\d?[a-p])?\d\d?[a-p]\+?)$/;

function usiList(text, lineNo) {
  if (text === '-') return [];
  const moves = text.split(' ');
  for (const m of moves)
    if (!USI.test(m)) throw new MalformedProof(`line ${lineNo}: "${m}" is not a USI move`);
  return moves;
}

// The proof as { sfen, variant, profile, options: [[name, value]], conventions: Set,
// attacker ('sente' or 'gote' when the header names one: the side not to move in the SFEN),
// entries: [{ path: [usi], move: usi, line }] }.
export function parseProof(text) {
  const proof = { sfen: undefined, variant: undefined, profile: undefined, options: [],
    conventions: new Set(), attacker: undefined, entries: [] };
  const lines = text.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.replace(/\r$/, '');
    if (line.includes('\t')) {
      const [path, move, ...rest] = line.split('\t');
      if (rest.length) throw new MalformedProof(`line ${lineNo}: more than one TAB`);
      const [m] = usiList(move, lineNo);
      if (!m || move.includes(' ') || move === '-')
        throw new MalformedProof(`line ${lineNo}: the attacker's move must be one USI move`);
      proof.entries.push({ path: usiList(path, lineNo), move: m, line: lineNo });
      return;
    }
    if (proof.entries.length)
      throw new MalformedProof(`line ${lineNo}: a header line after the positions: "${line}"`);
    const sp = line.indexOf(' ');
    const word = sp < 0 ? line : line.slice(0, sp), rest = sp < 0 ? '' : line.slice(sp + 1);
    if (!rest) throw new MalformedProof(`line ${lineNo}: "${line}" is neither a header nor a position`);
    switch (word) {
      case 'sfen':
      case 'variant':
      case 'profile':
        if (proof[word] !== undefined) throw new MalformedProof(`line ${lineNo}: a second ${word} line`);
        proof[word] = rest;
        break;
      case 'option': {
        const eq = rest.indexOf('=');
        if (eq <= 0) throw new MalformedProof(`line ${lineNo}: option must be NAME=VALUE`);
        proof.options.push([rest.slice(0, eq), rest.slice(eq + 1)]);
        break;
      }
      case 'attacker':
        // Kirin's colour names: Black moves first (shogiops' sente).
        if (rest !== 'black' && rest !== 'white')
          throw new MalformedProof(`line ${lineNo}: attacker must be black or white, not "${rest}"`);
        if (proof.attacker !== undefined) throw new MalformedProof(`line ${lineNo}: a second attacker line`);
        proof.attacker = rest === 'black' ? 'sente' : 'gote';
        break;
      case 'convention':
        if (!CONVENTIONS.has(rest)) throw new RefusedRules(`line ${lineNo}: unknown convention "${rest}"`);
        proof.conventions.add(rest);
        break;
      default:
        throw new MalformedProof(`line ${lineNo}: unknown header "${word}"`);
    }
  });
  if (proof.sfen === undefined) throw new MalformedProof('no sfen line');
  if (proof.variant === undefined) throw new MalformedProof('no variant line');
  // With the defender to move, every defence may lose at once (nothing listed).
  if (!proof.entries.length && proof.attacker === undefined)
    throw new MalformedProof('no position: a proof lists at least the problem\'s');
  return proof;
}

// The rules the proof names, checked against what shogiops plays. Returns { rules (shogiops'
// name), maxPlies (0: none), bareKing } or throws RefusedRules naming the line it cannot honour.
export function rulesOf(proof) {
  const variant = proof.variant;
  if (variant !== 'chu' && variant !== 'shogi')
    throw new RefusedRules(`variant "${variant}": the checker knows chu and shogi only`);
  const settings = { max_plies: variant === 'chu' ? '1000' : '0', bare_king: 'true' };
  if (proof.profile !== undefined) {
    const profile = variant === 'chu' ? CHU_PROFILES[proof.profile] : undefined;
    if (!profile)
      throw new RefusedRules(`profile "${proof.profile}": not lishogi's rules for ${variant} ` +
        `(accepted: ${variant === 'chu' ? Object.keys(CHU_PROFILES).join(', ') : 'none'})`);
    Object.assign(settings, profile);
  }
  for (const [name, value] of proof.options) {
    if (FREE_OPTIONS.has(name)) {
      if (name === 'max_plies' && !/^\d+$/.test(value))
        throw new RefusedRules(`option max_plies=${value}: not a number of plies`);
      settings[name] = value;
    } else if (variant === 'chu' && name === CHU_BARE_KING) {
      if (value !== 'true' && value !== 'false')
        throw new RefusedRules(`option bare_king=${value}: not true or false`);
      settings.bare_king = value;
    } else if (name in FIXED_OPTIONS[variant]) {
      if (FIXED_OPTIONS[variant][name] !== value)
        throw new RefusedRules(`option ${name}=${value}: shogiops plays ${variant} with ` +
          `${name}=${FIXED_OPTIONS[variant][name]} only`);
    } else {
      throw new RefusedRules(`option ${name}=${value}: not an option the checker can honour for ${variant}`);
    }
  }
  if (proof.conventions.has('futile-interpositions') && variant !== 'shogi')
    throw new RefusedRules('convention futile-interpositions: shogi only');
  return {
    rules: variant === 'chu' ? 'chushogi' : 'standard',
    maxPlies: Number(settings.max_plies),
    bareKing: variant === 'chu' && settings.bare_king === 'true',
  };
}
