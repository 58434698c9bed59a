#!/usr/bin/env bash
# Drives the kirin binary as a user would and checks output and exit codes.
set -u
kirin="$1"
data="$2"
fails=0
passes=0
check() {  # name, expected exit code, expected text in output, command...
  local name="$1" want_rc="$2" want="$3"
  shift 3
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want_rc" ] || ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL $name: exit $rc (want $want_rc); output:"
    echo "$out" | head -20
    fails=$((fails + 1))
  else
    passes=$((passes + 1))
  fi
}
check help 0 "perft" "$kirin" --help
check variants 0 "chu" "$kirin" variants
check perft-start 0 "Nodes searched: 1296" "$kirin" perft --variant chu --depth 2
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
