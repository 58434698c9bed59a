#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/, built by `make fuzz-build` into BUILD) for SECONDS each,
# FUZZ_JOBS at a time (default: the number of cores): `make fuzz` (long runs) and
# `make fuzz-smoke` (make test's short ones).
# Usage: fuzz.sh BUILD SECONDS [TARGET...]   (TARGET: sfen, usi, ..., http; default: all)
# Each target grows its corpus in BUILD/fuzz/corpus/TARGET from the seeds in
# BUILD/fuzz/seeds/TARGET, with the dictionary BUILD/fuzz/seeds/TARGET.dict; libFuzzer runs
# every seed and corpus input first, however short SECONDS is. A crash, leak, hang (an input
# over 10 s), memory over 2 GB or broken check fails the run: the input is saved as
# BUILD/fuzz/artifacts/TARGET/crash-* (leak-*, timeout-*, oom-*), and
# `BUILD/fuzz/fuzz_TARGET FILE` repeats it. The log of each run: BUILD/fuzz/logs/TARGET.log.
set -u
build="$1"
seconds="$2"
shift 2
fuzz="$build/fuzz"
jobs_max="${FUZZ_JOBS:-$(nproc)}"
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

# One target's run; its report is printed whole when it ends, and a failure leaves
# logs/TARGET.failed.
run_target() {
  local target="$1" log="$fuzz/logs/$1.log" rc runs corpus
  rm -f "$fuzz/logs/$target.failed"
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
    touch "$fuzz/logs/$target.failed"
    printf 'fuzz %s: FAILED (exit %s); the end of %s:\n%s\n' "$target" "$rc" "$log" \
      "$(grep -v '^#[0-9]' "$log" | tail -40)"
  fi
}

mkdir -p "$fuzz/logs"
for target in "${targets[@]}"; do
  mkdir -p "$fuzz/corpus/$target" "$fuzz/artifacts/$target"
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
    wait -n
  done
  run_target "$target" &
done
wait

failed=()
for target in "${targets[@]}"; do
  [ -e "$fuzz/logs/$target.failed" ] && failed+=("$target")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failures in ${failed[*]}; inputs in $fuzz/artifacts/" >&2
  exit 1
fi
