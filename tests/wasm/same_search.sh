#!/usr/bin/env bash
# The browser engine's search against the native one (same_search.mjs). The WebAssembly build is
# made by `make wasm` when Emscripten is installed (scripts/install-deps.sh installs it): without
# it the test is skipped, or fails under KIRIN_REQUIRE_ORACLES (make test).
#   tests/wasm/same_search.sh path/to/kirin path/to/wasm-dir
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/../oracle.sh"
kirin="$1" dir="$2"
for f in kirin-engine-st.js kirin-engine-st.wasm kirin-engine-mt.js kirin-engine-mt.wasm; do
  [ -f "$dir/$f" ] || oracle_missing "no $dir/$f: the WebAssembly engine is not built (make wasm)"
done
exec node "$here/same_search.mjs" "$kirin" "$dir"
