# Sourced by the tests that check Kirin against another program (an oracle: Fairy-Stockfish,
# HaChu, xboard, PostgreSQL). Without it such a test is skipped (exit 77, which ctest reports
# as skipped), unless KIRIN_REQUIRE_ORACLES is set: `make test` installs every oracle and sets
# it, so there a missing one fails the run instead of passing it unchecked.
oracle_missing() {  # what is missing, and how to get it
  if [ -n "${KIRIN_REQUIRE_ORACLES:-}" ]; then
    echo "FAIL: $* (KIRIN_REQUIRE_ORACLES is set: this test may not be skipped)" >&2
    exit 1
  fi
  echo "skipped: $*"
  exit 77
}
