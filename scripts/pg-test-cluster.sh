#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, reachable only through a Unix socket in its
# own directory (no TCP port, so clusters of parallel test runs never collide).
#
#   pg-test-cluster.sh start DIR [PID]  initdb into DIR/data (DIR must be new or empty), start
#                                       the server, create the database kirin and print its URL:
#                                       postgresql:///kirin?host=DIR&port=5432&user=postgres
#                                       With PID, a watchdog stops and deletes the cluster once
#                                       that process is gone, even if it crashed.
#   pg-test-cluster.sh stop DIR         stop the server and delete DIR (nothing if DIR is gone)
#   pg-test-cluster.sh restart DIR [immediate|fast]
#                                       stop the server (immediate: as if it crashed) and start
#                                       it again on the same data
#   pg-test-cluster.sh url DIR          print the URL again
#   pg-test-cluster.sh run COMMAND...   run COMMAND with KIRIN_TEST_POSTGRES_URL set to a
#                                       cluster started for it in a new directory under /tmp,
#                                       then stop the cluster; exit with COMMAND's status.
#                                       Without PostgreSQL installed COMMAND runs without it
#                                       (its PostgreSQL tests skip), unless
#                                       KIRIN_REQUIRE_ORACLES is set. For `make test`: one
#                                       cluster for every test process of a ctest run.
#
# The server binaries are looked for in $KIRIN_PG_BIN, on PATH, then in the usual places
# (/usr/lib/postgresql/*/bin, /usr/pgsql-*/bin, /usr/local/pgsql/bin); exit status 77 if they
# are not installed (tests skip then). initdb refuses to run as root, so as root the cluster
# belongs to the `postgres` user (DIR is chowned to it; its parent must be reachable by it,
# as /tmp is). The server runs with fsync=off: fast, and still durable across kill -9 of the
# server (only an operating system crash would lose commits), which is all tests need.
set -euo pipefail

readonly port=5432
readonly marker=.kirin-pg-test-cluster

die() {
  echo "pg-test-cluster: $*" >&2
  exit 1
}

cmd=${1:-}

if [[ $cmd == run ]]; then
  shift
  [[ $# -gt 0 ]] || die "usage: $0 run COMMAND [ARG...]"
  dir=$(mktemp -d /tmp/kirin-pg-XXXXXX)
  rc=0
  url=$(bash "$0" start "$dir" $$) || rc=$?
  if ((rc == 77)); then
    rmdir -- "$dir" 2>/dev/null || true
    [[ -z ${KIRIN_REQUIRE_ORACLES:-} ]] || die "PostgreSQL is not installed (KIRIN_REQUIRE_ORACLES)"
    echo "pg-test-cluster: PostgreSQL is not installed: its tests will skip" >&2
    exec "$@"
  fi
  ((rc == 0)) || { rm -rf -- "$dir"; die "could not start a cluster for: $*"; }
  trap 'bash "$0" stop "$dir" || true' EXIT
  KIRIN_TEST_POSTGRES_URL=$url "$@" || rc=$?
  exit "$rc"
fi

find_bin() {
  local d
  if [[ -n ${KIRIN_PG_BIN:-} ]]; then
    echo "$KIRIN_PG_BIN"
    return
  fi
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return
  fi
  for d in $(ls -d /usr/lib/postgresql/*/bin /usr/pgsql-*/bin 2>/dev/null | sort -V -r) \
    /usr/local/pgsql/bin; do
    if [[ -x $d/initdb && -x $d/pg_ctl && -x $d/postgres ]]; then
      echo "$d"
      return
    fi
  done
}

bin=$(find_bin)
if [[ -z $bin || ! -x $bin/initdb || ! -x $bin/pg_ctl || ! -x $bin/postgres ]]; then
  echo "pg-test-cluster: the PostgreSQL server (initdb, pg_ctl, postgres) is not installed;" \
    "install it (Debian: apt-get install postgresql) or set KIRIN_PG_BIN" >&2
  exit 77
fi

# Runs a command as the cluster's owner: ourselves, or `postgres` when we are root.
owner=
if [[ $(id -u) -eq 0 ]]; then
  owner=postgres
  id -u "$owner" >/dev/null 2>&1 ||
    die "running as root, but there is no '$owner' user to own the cluster (initdb refuses root)"
fi
as_owner() {
  if [[ -n $owner ]]; then
    if command -v runuser >/dev/null; then
      runuser -u "$owner" -- "$@"
    else
      su -s /bin/sh "$owner" -c '"$0" "$@"' -- "$@"
    fi
  else
    "$@"
  fi
}

url_of() { echo "postgresql:///kirin?host=$1&port=$port&user=postgres"; }

start_server() {
  as_owner "$bin/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 start >/dev/null ||
    { tail -n 20 "$1/server.log" >&2 || true; die "the server in $1 did not start"; }
}

stop_server() {  # fast, else immediate, else kill
  local dir=$1 mode=${2:-fast} pid
  [[ -f $dir/data/postmaster.pid ]] || return 0
  as_owner "$bin/pg_ctl" -D "$dir/data" -m "$mode" -w -t 30 stop >/dev/null 2>&1 && return 0
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 10 stop >/dev/null 2>&1 && return 0
  pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null || true)
  if [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
    kill -9 "$pid" 2>/dev/null || true
    sleep 0.5
  fi
}

dir=${2:-}
[[ -n $cmd && -n $dir ]] ||
  die "usage: $0 start DIR [PID] | stop DIR | restart DIR [immediate|fast] | url DIR |" \
    "run COMMAND..."
dir=$(realpath -m -- "$dir")
[[ $dir =~ ^/[A-Za-z0-9/._-]+$ ]] ||
  die "'$dir': use a directory path of letters, digits and / . _ - only (it goes into the URL)"
# The socket DIR/.s.PGSQL.5432 must fit in sun_path (108 bytes).
((${#dir} <= 90)) || die "'$dir' is too long for a Unix socket path: use a shorter one"

case $cmd in
  start)
    if [[ -e $dir ]]; then
      [[ -d $dir && -z $(ls -A -- "$dir") ]] || die "$dir exists and is not an empty directory"
    fi
    mkdir -p -- "$dir"
    touch -- "$dir/$marker"
    chmod 700 -- "$dir"
    [[ -z $owner ]] || chown -R "$owner:" -- "$dir"
    as_owner test -w "$dir" ||
      die "$dir is not writable by the '$owner' user (is its parent directory private?)"
    if ! as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C -N \
      >"$dir/initdb.log" 2>&1; then
      cat "$dir/initdb.log" >&2
      rm -rf -- "$dir"
      die "initdb failed"
    fi
    cat >>"$dir/data/postgresql.conf" <<EOF
# pg-test-cluster.sh
listen_addresses = ''
unix_socket_directories = '$dir'
port = $port
fsync = off
full_page_writes = off
max_connections = 200
shared_buffers = 32MB
log_min_messages = warning
EOF
    start_server "$dir"
    if ! "$bin/psql" -X -q -h "$dir" -p "$port" -U postgres -d postgres \
      -c "CREATE DATABASE kirin" >/dev/null 2>"$dir/createdb.log"; then
      cat "$dir/createdb.log" >&2
      stop_server "$dir"
      rm -rf -- "$dir"
      die "could not create the database kirin"
    fi
    if [[ -n ${3:-} ]]; then
      # The watchdog: in a session of its own, so that killing the test's process group does
      # not kill it too; detached from every output a test runner may be waiting on.
      setsid bash "$0" watch "$dir" "$3" </dev/null >/dev/null 2>&1 &
    fi
    url_of "$dir"
    ;;
  stop)
    [[ -e $dir ]] || exit 0
    [[ -f $dir/$marker ]] || die "$dir is not a cluster this script made: not deleting it"
    stop_server "$dir"
    rm -rf -- "$dir"
    ;;
  restart)
    [[ -f $dir/$marker ]] || die "$dir is not a cluster this script made"
    stop_server "$dir" "${3:-fast}"
    start_server "$dir"
    ;;
  url)
    [[ -f $dir/$marker ]] || die "$dir is not a cluster this script made"
    url_of "$dir"
    ;;
  watch)  # internal: stop the cluster once process $3 is gone
    pid=${3:-}
    [[ $pid =~ ^[0-9]+$ ]] || die "watch: no process id"
    # kill -0 fails for another user's process too (EPERM): then /proc tells.
    while [[ -d $dir ]] && { kill -0 "$pid" 2>/dev/null || [[ -d /proc/$pid ]]; }; do sleep 1; done
    if [[ -f $dir/$marker ]]; then
      stop_server "$dir"
      rm -rf -- "$dir"
    fi
    ;;
  *)
    die "unknown command '$cmd'"
    ;;
esac
