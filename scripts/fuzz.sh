#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/, built by `make fuzz-build` into BUILD) for SECONDS each, one
# after the other: `make fuzz` (long runs) and `make fuzz-smoke` (make test's short ones).
# Usage: fuzz.sh BUILD SECONDS [TARGET...]   (TARGET: sfen, usi, ..., http; default: all)
# Each target grows its corpus in BUILD/fuzz/corpus/TARGET from the seeds in
# BUILD/fuzz/seeds/TARGET, with the dictionary BUILD/fuzz/seeds/TARGET.dict. A crash, leak,
# hang (an input over 10 s), memory over 2 GB or broken check fails the run: the input is
# saved as BUILD/fuzz/artifacts/TARGET/crash-* (leak-*, timeout-*, oom-*), and
# `BUILD/fuzz/fuzz_TARGET FILE` repeats it. The log of each run: BUILD/fuzz/logs/TARGET.log.
set -u
build="$1"
seconds="$2"
shift 2
fuzz="$build/fuzz"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for binary in "$fuzz"/fuzz_*; do
    [ -x "$binary" ] && targets+=("${binary##*/fuzz_}")
  done
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "fuzz: no targets in $fuzz (make fuzz-build)" >&2
  exit 1
fi

failed=()
for target in "${targets[@]}"; do
  mkdir -p "$fuzz/corpus/$target" "$fuzz/artifacts/$target" "$fuzz/logs"
  log="$fuzz/logs/$target.log"
  # -max_len: the largest input the server takes in one piece is an HTTP body (64 KiB, too
  # slow to fuzz at that size); 16 KiB covers a WebSocket message and the game definitions.
  "$fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=16384 -dict="$fuzz/seeds/$target.dict" -print_final_stats=1 \
    -artifact_prefix="$fuzz/artifacts/$target/" \
    "$fuzz/corpus/$target" "$fuzz/seeds/$target" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  corpus=$(ls "$fuzz/corpus/$target" | wc -l)
  if [ "$rc" -eq 0 ]; then
    echo "fuzz $target: ${seconds} s, ${runs:-?} inputs, corpus $corpus, no failure"
  else
    echo "fuzz $target: FAILED (exit $rc); the end of $log:"
    grep -v '^#[0-9]' "$log" | tail -40
    failed+=("$target")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failures in ${failed[*]}; inputs in $fuzz/artifacts/" >&2
  exit 1
fi
