#!/usr/bin/env bash
# Kirin against HaChu in Debian's xboard, headless (-noGUI still needs an X display, so under
# xvfb-run): a 2-game Chu match at 10 s + 0.1 s. xboard checks the chu rules itself, so the
# match proves that it accepted every Kirin move; xboard_match_check.py reads its debug file.
# Usage: xboard_hachu_test.sh <kirin binary> <output dir>. Without the tools: tests/oracle.sh.
set -u
kirin=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../oracle.sh"
export PATH=$PATH:/usr/games  # Debian installs xboard and hachu there
for tool in xboard hachu xvfb-run xauth python3; do
  command -v "$tool" >/dev/null ||
    oracle_missing "$tool is not installed (scripts/install-deps.sh installs it)"
done
rm -rf "$out"
mkdir -p "$out"
# HaChu refuses moves that repeat a position unless told otherwise (docs/hachu-protocol.md);
# Kirin's rules allow them, so let HaChu accept them too. Kirin plays under xboard's own reading
# of the rules, which referees here (profile xboard, docs/RULES.md): HaChu's Lion protection
# (under lishogi's Kirin would reject some of HaChu's Lion captures), and a counter-strike rule
# that bars Lions too (else xboard would refuse some of Kirin's). -xexit: do not wait on the
# final popup.
timeout 900 xvfb-run -a xboard -variant chu -fcp hachu -firstOptions "Allow repeats=1" \
  -scp "$kirin engine --protocol xboard --profile xboard" -mg 2 -tc 0:10 -inc 0.1 -noGUI -xponder -xexit \
  -debug -nameOfDebugFile "$out/debug.txt" -sgf "$out/games.pgn" \
  -saveSettingsOnExit false -settingsFile "$out/xboardrc" >"$out/stdout.txt" 2>"$out/stderr.txt"
status=$?
grep -h "final score" "$out/stdout.txt" "$out/stderr.txt"
if [ $status -ne 0 ]; then
  echo "FAIL: xboard exited with status $status (output in $out)"
  exit 1
fi
python3 "$here/xboard_match_check.py" "$out/debug.txt" "$out/games.pgn" 2 || {
  # CI keeps only this output: show the games and what xboard and the engines said last.
  echo "--- games.pgn"
  cat "$out/games.pgn"
  echo "--- the end of xboard's debug file before the first forfeit or the end"
  end=$(grep -n -m1 "Forfeit" "$out/debug.txt" | cut -d: -f1)
  head -n "${end:-$(wc -l <"$out/debug.txt")}" "$out/debug.txt" | grep -Ev "^[0-9]+ <(first|second) *: ([0-9]+ |#)" | tail -n 60
  echo "(debug file and PGN in $out)"
  exit 1
}
