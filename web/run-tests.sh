#!/usr/bin/env bash
# The web UI's tests: installs the packages if needed, type-checks and builds (web/dist), runs
# the unit tests (vitest) and the end-to-end tests (Chromium against a real `kirin serve`: the
# pages, the tournaments', tests/tournaments.e2e.mjs, the game page's, tests/gamepage.e2e.mjs,
# the other pages' issue-30 details, tests/pages.e2e.mjs, the default rule profile's,
# tests/profiles.e2e.mjs, a game's computer analysis, tests/review.e2e.mjs, the rules in the
# page's, tests/rules.e2e.mjs, and the engine in the browser's, tests/engine.e2e.mjs).
#
#   web/run-tests.sh [path/to/kirin]     (default: build/kirin of this source tree)
#
# Environment: CHROMIUM (default /usr/bin/chromium), KIRIN_E2E_SHOTS (screenshots, default
# web/test-results/), E2E_ALLOW_NO_ANALYSIS=1 (skip, rather than fail, when the server cannot analyse),
# SKIP_E2E=1 (unit tests only).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Absolute before the cd below, so that a path relative to the caller's directory works.
kirin="$(realpath -m -- "${1:-$here/../build/kirin}")"
cd "$here"

step() { printf '\n== %s\n' "$*"; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci"
  npm ci --no-audit --no-fund
fi

step "type-check and build (web/dist)"
npm run --silent build

step "unit tests"
npx vitest run

if [ "${SKIP_E2E:-}" = 1 ]; then
  step "end-to-end test skipped (SKIP_E2E=1)"
  exit 0
fi
if [ ! -x "$kirin" ]; then
  echo "run-tests.sh: no kirin binary at $kirin (build it, or pass its path)" >&2
  exit 2
fi
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "run-tests.sh: no Chromium at ${CHROMIUM:-/usr/bin/chromium} (apt-get install -y chromium)" >&2
  exit 2
fi
step "end-to-end test against $kirin"
node tests/e2e.mjs "$kirin"
step "tournaments end-to-end test against $kirin"
node tests/tournaments.e2e.mjs "$kirin"
step "game page end-to-end test against $kirin"
node tests/gamepage.e2e.mjs "$kirin"
step "pages end-to-end test against $kirin"
node tests/pages.e2e.mjs "$kirin"
step "default rule profile end-to-end test against $kirin"
node tests/profiles.e2e.mjs "$kirin"
step "computer analysis end-to-end test against $kirin"
node tests/review.e2e.mjs "$kirin"
# The tests of the WebAssembly modules (make wasm): skipped without them, unless the run may
# skip nothing (KIRIN_REQUIRE_ORACLES, make test).
wasm_e2e() {  # what, the module's file in web/dist/assets, the test
  if ls dist/assets/$2 >/dev/null 2>&1; then
    step "$1 end-to-end test against $kirin"
    node "$3" "$kirin"
  elif [ -n "${KIRIN_REQUIRE_ORACLES:-}" ]; then
    echo "run-tests.sh: web/dist has no $2 (make wasm): $3 cannot run" >&2
    exit 1
  else
    step "$1 end-to-end test skipped: no $2 in web/dist (make wasm)"
  fi
}
wasm_e2e "rules in the page" 'kirin-rules-*.wasm' tests/rules.e2e.mjs
wasm_e2e "browser engine" 'kirin-engine-st-*.wasm' tests/engine.e2e.mjs
