#!/usr/bin/env node
// Checks a mate proof written by `kirin mate --proof FILE` with shogiops, lishogi's own rules,
// sharing no code with Kirin (tools/proof-check/README.md).
//
//   node tools/proof-check/check.mjs PROOF [--length N]
//
// Prints "ok height H positions P" and exits 0; or one line naming the path and the failure and
// exits 1; exits 2 when the file is malformed or names rules the checker cannot honour.
import { readFileSync } from 'node:fs';
import { MalformedProof, RefusedRules, parseProof } from './format.mjs';
import { ProofFailure, checkProof } from './walk.mjs';

const USAGE = 'usage: check.mjs PROOF [--length N]';

function main(args) {
  let file, length;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--length') {
      const n = args[++i];
      if (!/^[1-9]\d*$/.test(n ?? '')) return fail(2, `--length needs a positive number. ${USAGE}`);
      length = Number(n);
    } else if (args[i].startsWith('-') || file !== undefined) {
      return fail(2, `unexpected argument "${args[i]}". ${USAGE}`);
    } else file = args[i];
  }
  if (file === undefined) return fail(2, USAGE);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return fail(2, `${file}: ${e.message}`);
  }
  try {
    const { height, positions } = checkProof(parseProof(text), { length });
    console.log(`ok height ${height} positions ${positions}`);
    return 0;
  } catch (e) {
    if (e instanceof ProofFailure) return fail(1, `${file}: ${e.message}`);
    if (e instanceof MalformedProof) return fail(2, `${file}: malformed: ${e.message}`);
    if (e instanceof RefusedRules) return fail(2, `${file}: refused: ${e.message}`);
    throw e;
  }
}

function fail(code, message) {
  console.log(`fail: ${message}`);
  return code;
}

process.exitCode = main(process.argv.slice(2));
