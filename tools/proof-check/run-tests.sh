#!/usr/bin/env bash
# The proof checker's tests (node:test): installs shogiops from the npm registry (npm ci) when
# package-lock.json changed, then runs test/*.test.mjs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
node --test test/
