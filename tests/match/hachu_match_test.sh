#!/usr/bin/env bash
# kirin match end to end: HaChu against HaChu in Chu (2 fast games), and Kirin's own engine
# against HaChu. Without Debian's hachu: tests/oracle.sh.
# Usage: hachu_match_test.sh KIRIN [OUTPUT_DIR]: the games and logs stay in OUTPUT_DIR (made
# afresh; default a new temporary directory), so that a failing run can be read afterwards.
set -u
kirin="$1"
hachu=/usr/games/hachu
. "$(dirname "$0")/../oracle.sh"
[ -x "$hachu" ] || oracle_missing "hachu is not installed (scripts/install-deps.sh installs it)"
if [ -n "${2:-}" ]; then
  out=$2
  rm -rf "$out" && mkdir -p "$out"
else
  out=$(mktemp -d)
fi
fails=0

run() {  # name, kirin match arguments...
  local name="$1"
  shift
  local log="$out/$name.out"
  if ! "$kirin" match "$@" --out "$out/$name" >"$log" 2>&1; then
    echo "FAIL $name: exit code"; cat "$log"; fails=$((fails + 1)); return
  fi
  local games
  games=$(grep -c '^game [0-9]*/2: ' "$log")
  if [ "$games" -ne 2 ] || ! grep -q '^Score of .*: +[0-9]* -[0-9]* =[0-9]* ' "$log" ||
    ! grep -q '^Elo difference: ' "$log"; then
    echo "FAIL $name: output"; cat "$log"; fails=$((fails + 1)); return
  fi
  # No game may end in a protocol failure between two working engines.
  if grep -E '^game .*(crashed|illegal move|could not start|rejected|claimed)' "$log"; then
    echo "FAIL $name: a game ended by an engine failure"; cat "$log"; fails=$((fails + 1))
  fi
  for f in game-001.txt game-001.kif game-002.txt game-002.kif; do
    [ -s "$out/$name/$f" ] || { echo "FAIL $name: no $f"; fails=$((fails + 1)); }
  done
  grep -q '^手合割：中将棋$' "$out/$name/game-001.kif" || { echo "FAIL $name: KIF header"; fails=$((fails + 1)); }
  cat "$log"
}

# Profile hachu is HaChu's own reading of the rules (docs/RULES.md): under lishogi's, HaChu now
# and then plays a Lion capture that the JCSA protection rule forbids.
run hachu-hachu --variant chu --profile hachu --engine1 "$hachu" --engine2 "$hachu" \
  --games 2 --tc 2+0.05
run kirin-hachu --variant chu --profile hachu --engine1 "$kirin engine" \
  --engine-option1 Profile=hachu --engine2 "$hachu" --protocol2 xboard \
  --engine-option2 "Allow repeats=1" --games 2 --tc 2+0.05
# kirin bench search --against: both engines' nodes/s on each bench position.
if bench=$("$kirin" bench search --movetime 500 --against "$hachu" 2>&1) &&
  [ "$(grep -cE '^(start|middle-[1-6]|total) .*\| +([0-9]+ +)?[0-9]+ +[0-9]+ +[0-9.]+$' <<<"$bench")" -eq 8 ]; then
  echo "$bench"
else
  echo "FAIL bench search --against: output"; echo "$bench"; fails=$((fails + 1))
fi
[ "$fails" -eq 0 ] && echo "match tests passed" && exit 0
echo "$fails failures; the games and logs are in $out"
exit 1
