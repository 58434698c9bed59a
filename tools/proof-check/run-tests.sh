#!/usr/bin/env bash
# The proof checker's tests (node:test): its packages first (install.sh), then test/*.test.mjs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$here/install.sh"
cd "$here"
node --test test/
