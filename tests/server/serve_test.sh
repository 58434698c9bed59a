#!/usr/bin/env bash
# `kirin serve` as an operator runs it, on each kind of store: a SQLite file and a PostgreSQL
# database. Two users sign up, one challenges, the other accepts, a move is played; SIGTERM
# stops the server cleanly, and started again on the same store (with tighter password
# limits, which it must apply) it still has all of it.
# Usage: serve_test.sh PATH/TO/kirin
# PostgreSQL: the cluster KIRIN_TEST_POSTGRES_URL names (`make test` starts one), else one of
# its own (scripts/pg-test-cluster.sh run); without PostgreSQL installed: tests/oracle.sh.
set -u
kirin=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../oracle.sh"
if [ -z "${KIRIN_TEST_POSTGRES_URL:-}" ]; then
  [ -z "${KIRIN_SERVE_TEST_CLUSTER:-}" ] || oracle_missing "PostgreSQL is not installed"
  KIRIN_SERVE_TEST_CLUSTER=1 exec bash "$here/../../scripts/pg-test-cluster.sh" run \
    bash "$0" "$@"
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kirin-serve-XXXXXX")
server_pid=
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
fails=0

# Starts `kirin serve` on a free port; sets server_pid and port, or returns 1.
start_server() {  # store URL, log file, more options
  "$kirin" serve --listen 127.0.0.1:0 --db "$1" --computer none --web-root "$tmp/no-web" \
    "${@:3}" >"$2" 2>&1 &
  server_pid=$!
  port=
  for _ in $(seq 1 200); do
    port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\) .*|\1|p' "$2")
    [ -n "$port" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.05
  done
  echo "FAIL: kirin serve --db $1 did not start:"
  cat "$2"
  return 1
}

# Stops the server with SIGTERM; it must exit 0 and say so.
stop_server() {  # log file
  kill -TERM "$server_pid"
  wait "$server_pid"
  local rc=$?
  server_pid=
  if [ "$rc" -ne 0 ] || ! grep -q "stopped" "$1"; then
    echo "FAIL: the server did not stop cleanly on SIGTERM (exit $rc):"
    cat "$1"
    return 1
  fi
}

# The API calls of one phase, in Python's standard library (kirin_api.py): "play" or "check".
api() {  # phase
  python3 - "$port" "$1" "$here" <<'PY'
import sys
port, phase = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
import kirin_api

def call(method, path, body=None, token=None, text=None, headers=None):
    return kirin_api.call(port, method, path, body, token, text, headers)

def expect(what, got, want):
    if got != want:
        sys.exit(f"FAIL {phase}: {what}: got {got!r}, want {want!r}")

if phase == "play":
    status, alice = call("POST", "/api/signup",
                         {"name": "alice", "email": "a@example.org", "password": "password-a"})
    expect("signup alice", status, 201)
    status, bob = call("POST", "/api/signup",
                       {"name": "bob", "email": "b@example.org", "password": "password-b"})
    expect("signup bob", status, 201)
    status, ch = call("POST", "/api/challenges", {"opponent": "bob", "game": "shogi",
                      "time_control": "3 days"}, alice["token"])
    expect("challenge", status, 201)
    status, acc = call("POST", f"/api/challenges/{ch['id']}/accept", {}, bob["token"])
    expect("accept", status, 200)
    status, mv = call("POST", f"/api/games/{acc['game']}/moves",
                      {"move": "7g7f", "expected_ply": 0}, alice["token"])
    expect("move", status, 200)
    status, mv = call("POST", f"/api/games/{acc['game']}/moves",
                      {"move": "3c3d", "expected_ply": 0}, bob["token"])
    expect("a move for a stale ply", status, 409)
else:
    status, login = call("POST", "/api/login", {"name": "bob", "password": "password-b"})
    expect("login after the restart", status, 200)
    status, games = call("GET", "/api/games?user=alice")
    expect("games list", status, 200)
    ids = [g["id"] for g in (games["games"] if isinstance(games, dict) else games)]
    expect("alice's games", len(ids), 1)
    status, game = call("GET", f"/api/games/{ids[0]}")
    expect("the game", (status, game["ply"], [m["usi"] for m in game["moves"]]),
           (200, 1, ["7g7f"]))
    # --login-free-failures 1: a second wrong password makes alice wait, even with the right.
    for guess in ("guess-1", "guess-2"):
        status, _ = call("POST", "/api/login", {"name": "alice", "password": guess})
        expect("a wrong password", status, 401)
    headers = {}
    status, slowed = call("POST", "/api/login", {"name": "alice", "password": "password-a"},
                          headers=headers)
    expect("the right password while waiting", (status, slowed["error"]["code"]),
           (429, "too_many_requests"))
    expect("Retry-After", headers.get("Retry-After"), "1")
    # --max-password-checks 1: one command with a password runs, the next is refused.
    status, reply = call("POST", "/api/command",
                         text="shogi set bob password-b\nshogi set bob password-b\n")
    expect("commands", (status, reply.count("Settings of bob"),
                        reply.count("error: only 1 command with a password")), (200, 1, 1))
PY
}

one_store() {  # name, store URL, options of the restart
  local name=$1 url=$2 log="$tmp/$1.log"
  start_server "$url" "$log" || { fails=$((fails + 1)); return; }
  if ! api play; then fails=$((fails + 1)); stop_server "$log"; return; fi
  stop_server "$log" || { fails=$((fails + 1)); return; }
  start_server "$url" "$log.2" "${@:3}" --login-free-failures 1 --max-password-checks 1 ||
    { fails=$((fails + 1)); return; }
  api check || fails=$((fails + 1))
  stop_server "$log.2" || fails=$((fails + 1))
  [ "$fails" -eq 0 ] && echo "ok kirin serve --db $name"
}

# The connection limits are options: a value out of range is refused naming the option, and
# past --connections-per-address 2 a third connection is answered 503.
limits() {
  local log="$tmp/limits.log"
  if "$kirin" serve --db "sqlite:$tmp/limits/kirin.db" --header-timeout 5 >"$log" 2>&1 ||
    ! grep -q -- "--header-timeout" "$log"; then
    echo "FAIL: --header-timeout 5 was not refused naming the option:"
    cat "$log"
    return 1
  fi
  start_server "sqlite:$tmp/limits/kirin.db" "$log" --connections-per-address 2 \
    --first-byte-timeout 5000 --header-timeout 5000 || return 1
  python3 - "$port" <<'PY' || { stop_server "$log"; return 1; }
import json, socket, sys
port = int(sys.argv[1])
held = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
for s in held:  # each answered, so both are counted before the third connects
    s.sendall(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
    s.settimeout(20)
    if not s.recv(12).startswith(b"HTTP/1.1 200"):
        sys.exit("FAIL: a connection within the limit was not served")
third = socket.create_connection(("127.0.0.1", port))
third.sendall(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
third.settimeout(20)
answer = b""
while chunk := third.recv(4096):
    answer += chunk
head, _, body = answer.partition(b"\r\n\r\n")
refused = head.startswith(b"HTTP/1.1 503")
if not refused or json.loads(body)["error"]["code"] != "too_many_connections":
    sys.exit(f"FAIL: the third connection got {answer!r}")
PY
  stop_server "$log" && echo "ok kirin serve connection limits"
}

limits || fails=$((fails + 1))
# A durability setting other than normal and full is refused, naming the option.
out=$("$kirin" serve --db "sqlite:$tmp/refused.db" --sqlite-synchronous off 2>&1)
rc=$?
if [ "$rc" -ne 2 ] || ! grep -q -- "--sqlite-synchronous: off not in {normal,full}" <<<"$out" ||
  [ -e "$tmp/refused.db" ]; then
  echo "FAIL: --sqlite-synchronous off: exit $rc, $out"
  fails=$((fails + 1))
fi

# Written with the default (normal), then served with full.
one_store sqlite "sqlite:$tmp/store/kirin.db" --sqlite-synchronous full
# A database of its own on the shared cluster: its URL is the cluster's with another name.
database="kirin_serve_$$"
psql "$KIRIN_TEST_POSTGRES_URL" -qc "CREATE DATABASE $database" >/dev/null ||
  { echo "FAIL: cannot create the database $database"; exit 1; }
one_store postgresql "${KIRIN_TEST_POSTGRES_URL/\/kirin\?//$database?}"
psql "$KIRIN_TEST_POSTGRES_URL" -qc "DROP DATABASE $database WITH (FORCE)" >/dev/null
[ "$fails" -eq 0 ]
