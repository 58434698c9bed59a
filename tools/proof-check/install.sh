#!/usr/bin/env bash
# Installs the checker's packages (shogiops) from the npm registry with `npm ci`, when
# package-lock.json is newer than the installed tree (as web/ is installed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
