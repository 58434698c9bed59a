#!/usr/bin/env bash
# Every problem of the two built-in collections, and of the composed one for the tests
# (tests/data/chu-composed.tsv), that Kirin solves within a small budget: its
# proof (`kirin mate --proof`) checked by tools/proof-check (shogiops), with --length the N that
# Kirin printed. Problems without a mate in the budget, or whose proof Kirin could not complete
# ("proof none"), are listed as skipped, not failed.
#
#   tests/proof/check_collections.sh KIRIN [MOVETIME_MS]    (default 1000 ms a problem)
#
# Then the proofs built into Kirin (problems/proofs/), with their recorded lengths.
# Environment: KIRIN_PROOF_PROBLEMS="A1 M7 ..." checks only these problems (and no built-in proof);
# KIRIN_PROOF_HARD_LIMIT (seconds, default 60) stops a kirin mate that runs past its budget.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
kirin="$(realpath -m -- "${1:?usage: check_collections.sh KIRIN [MOVETIME_MS]}")"
movetime="${2:-1000}"
# Kirin may overrun its budget (docs/BENCHMARKS.md, issue 32): past this, a problem is stopped.
hard_limit="${KIRIN_PROOF_HARD_LIMIT:-60}"
[ -x "$kirin" ] || { echo "check_collections.sh: no kirin binary at $kirin" >&2; exit 2; }
bash "$root/tools/proof-check/install.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

checked=0 failed=0 skipped=()
check_collection() {
  local file="$1" variant="$2" name sfen solution
  while IFS=$'\t' read -r name sfen solution; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if [ -n "${KIRIN_PROOF_PROBLEMS:-}" ] && [[ " $KIRIN_PROOF_PROBLEMS " != *" $name "* ]]; then
      continue
    fi
    local proof="$work/$name.proof" out rc=0 t0 t1 t2
    t0=$(date +%s%N)
    out="$(timeout "$hard_limit" "$kirin" mate --variant "$variant" --sfen "$sfen" \
      --movetime "$movetime" --proof "$proof" 2>/dev/null)" || rc=$?
    if [ "$rc" -eq 124 ]; then
      skipped+=("$name (no answer after ${hard_limit} s: kirin went past its budget, stopped)")
      continue
    fi
    local first="${out%%$'\n'*}" written
    written="$(sed -n 's/^proof //p' <<<"$out")"
    if [ "$rc" -eq 3 ] || [ "$rc" -eq 4 ]; then
      skipped+=("$name ($first)")
      continue
    fi
    if [ "$rc" -eq 0 ] && [[ "$written" == none* ]]; then
      skipped+=("$name ($first, proof $written)")
      continue
    fi
    local n
    n="$(sed -nE 's/^mate in (at most )?([0-9]+)$/\2/p' <<<"$first")"
    if [ "$rc" -ne 0 ] || [ -z "$n" ]; then
      echo "$name: kirin mate exited $rc: $first"
      failed=$((failed + 1))
      continue
    fi
    local verdict check_rc=0
    t1=$(date +%s%N)
    verdict="$(node "$root/tools/proof-check/check.mjs" "$proof" --length "$n")" || check_rc=$?
    t2=$(date +%s%N)
    printf '%s: %s, %s (kirin %d ms, check %d ms)\n' "$name" "$first" "$verdict" \
      $(((t1 - t0) / 1000000)) $(((t2 - t1) / 1000000))
    if [ "$check_rc" -eq 0 ]; then checked=$((checked + 1)); else failed=$((failed + 1)); fi
  done <"$file"
}
# The proofs built into Kirin (problems/proofs/COLLECTION/NAME.proof), with the length
# recorded in problems/proofs/COLLECTION.tsv where it has a row, as the problems room serves them.
check_builtin_proofs() {
  local dir proof name moves length verdict
  for dir in "$root"/problems/proofs/*/; do
    [ -d "$dir" ] || continue
    for proof in "$dir"*.proof; do
      [ -f "$proof" ] || continue
      name="$(basename "$proof" .proof)"
      moves=""
      [ -f "${dir%/}.tsv" ] && moves="$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "${dir%/}.tsv")"
      length=()
      [ -n "$moves" ] && length=(--length "$moves")
      if verdict="$(node "$root/tools/proof-check/check.mjs" "$proof" "${length[@]}")"; then
        checked=$((checked + 1))
      else
        failed=$((failed + 1))
      fi
      echo "built-in $(basename "$dir")/$name: ${moves:+mate in $moves, }$verdict"
    done
  done
}
# A proof whose root has the defender to move (`--attacker`, the line `attacker COLOUR`): the
# problem after the book's first move, every defence from there proved to lose.
check_defender_root() {
  local file="$1" variant="$2" problem="$3" name sfen solution
  while IFS=$'\t' read -r name sfen solution; do
    [ "$name" = "$problem" ] || continue
    local proof="$work/$name-defender.proof" out n verdict check_rc=0
    local attacker=black
    [[ "$sfen" == *" w "* ]] && attacker=white
    out="$(timeout "$hard_limit" "$kirin" mate --variant "$variant" --sfen "$sfen" \
      --moves "${solution%% *}" --attacker "$attacker" --movetime 5000 --proof "$proof" 2>/dev/null)"
    n="$(sed -nE '1s/^mate in ([0-9]+)$/\1/p' <<<"$out")"
    if [ -z "$n" ] || ! grep -qx "attacker $attacker" "$proof"; then
      echo "$name after ${solution%% *}: expected an exact mate and a proof naming the attacker: ${out%%$'\n'*}"
      failed=$((failed + 1))
      return
    fi
    verdict="$(node "$root/tools/proof-check/check.mjs" "$proof" --length "$n")" || check_rc=$?
    echo "$name after ${solution%% *}, the defender to move: mate in $n, $verdict"
    if [ "$check_rc" -eq 0 ]; then checked=$((checked + 1)); else failed=$((failed + 1)); fi
  done <"$file"
}
if [ -z "${KIRIN_PROOF_PROBLEMS:-}" ]; then
  check_builtin_proofs
  check_defender_root "$root/problems/chu-tsume-ab.tsv" chu A22
  check_defender_root "$root/problems/chu-tsume-ab.tsv" chu A13
  check_defender_root "$root/problems/shogi-tsume-muso.tsv" shogi M77
fi
check_collection "$root/problems/chu-tsume-ab.tsv" chu
check_collection "$root/problems/shogi-tsume-muso.tsv" shogi
# The long problems composed for the tests (not built in).
check_collection "$root/tests/data/chu-composed.tsv" chu
echo "skipped (no mate, or no proof, in $movetime ms): ${#skipped[@]}"
for s in "${skipped[@]}"; do echo "  $s"; done
echo "proofs: $checked passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$checked" -gt 0 ]
