#!/usr/bin/env bash
# `kirin bench server` as a smoke test: a short run against a server in the same process (on a
# temporary SQLite store) must accept moves and exit 0.
# Usage: bench_server_test.sh PATH/TO/kirin
set -u
kirin="$1"
out=$("$kirin" bench server --games 4 --seconds 2 2>&1)
rc=$?
accepted=$(awk '$1 == "accepted" && $2 == "moves" && NF == 3 { print $3 }' <<<"$out")
if [ "$rc" -ne 0 ] || [ -z "$accepted" ] || [ "$accepted" -le 0 ]; then
  echo "FAIL bench server: exit $rc, accepted moves '${accepted}'; output:"
  echo "$out" | tail -40
  exit 1
fi
echo "ok bench server: $accepted moves accepted"
