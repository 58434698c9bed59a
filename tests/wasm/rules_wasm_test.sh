#!/usr/bin/env bash
# The browser's rules module against the server (rules_wasm_test.mjs). Needs node and the
# module that `make wasm` builds into web/src/shogi/wasm (or $KIRIN_RULES_WASM): without either
# the test is skipped, or fails under KIRIN_REQUIRE_ORACLES (tests/oracle.sh).
#   rules_wasm_test.sh path/to/kirin
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/../oracle.sh"
wasm="${KIRIN_RULES_WASM:-$here/../../web/src/shogi/wasm}"
command -v node >/dev/null || oracle_missing "node is not installed (scripts/install-deps.sh)"
[ -f "$wasm/kirin-rules.wasm" ] || oracle_missing "no rules module in $wasm (make wasm builds it)"
exec node --test-reporter=spec "$here/rules_wasm_test.mjs" "$1" "$wasm"
