#!/usr/bin/env bash
# Installs the Debian packages Kirin needs to build and test. Idempotent: packages that are
# already installed are skipped, and apt is not touched at all when nothing is missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  # ccache: objects compiled once are reused by every clone (CMakeLists.txt).
  ccache
  libcli11-dev libtomlplusplus-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  # The cross-check test (tests/crosscheck/fsf_perft.py): an independent engine to compare
  # perft with. Debian installs it as /usr/games/fairy-stockfish.
  python3 fairy-stockfish
  # kirin match's end-to-end test (tests/match/hachu_match_test.sh): HaChu, an XBoard Chu
  # and Dai engine, installed as /usr/games/hachu.
  hachu
  # kirin engine's gui test (tests/protocol/xboard_hachu_test.sh): Debian's xboard plays Kirin
  # against HaChu headless; -noGUI still needs an X display, hence xvfb (xvfb-run needs xauth).
  xboard xvfb xauth
  # The game server (kirin serve): Boost.Beast for HTTP/WebSocket, SQLite through SQLiteCpp,
  # PostgreSQL through libpq (and a server for the tests), libsodium for password hashing,
  # nlohmann-json for the API, GMime for the mail gateway.
  libboost-dev libsqlitecpp-dev libsqlite3-dev libpq-dev postgresql libsodium-dev
  nlohmann-json3-dev libgmime-3.0-dev
  # The tournaments' pairings (issue 29): LEMON's weighted matching.
  liblemon-dev
  # kirin serve behind a reverse proxy (tests/server/proxy_test.py, docs/OPERATIONS.md):
  # nginx over TLS with a throwaway certificate made by openssl.
  nginx-light openssl
  # The fuzz targets (fuzz/, make fuzz): clang with its sanitizer and libFuzzer runtimes (only
  # recommended by clang, so named here).
  clang libclang-rt-dev
  # The web UI's browser test (web/tests/e2e.mjs) drives Debian's Chromium with playwright-core;
  # a Japanese font, so that screenshots of the Japanese pages show their text, and a colour
  # emoji font for the tournaments' marks (🔥, medals) in web/tests/tournaments.e2e.mjs's.
  chromium fonts-ipafont-gothic fonts-noto-color-emoji
  # The engine in the browser (src/wasm/, web/src/engine/): Emscripten compiles the rules and
  # the engine to WebAssembly, binaryen optimises it (wasm-opt).
  emscripten binaryen
)
# The web UI is built with Node.js and npm (packages from the npm registry, web/package.json).
# Vite needs Node 20.19 or later; Debian 12's nodejs is 18, so a newer Node already installed
# (as on these machines) is used, and Debian's is installed only when there is none at all.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
