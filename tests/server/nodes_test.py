#!/usr/bin/env python3
"""Three `kirin serve` nodes started at the same moment on one store hear each other.

For a new PostgreSQL database, then a new SQLite file: three nodes start together (each with
the computer opponent, so that all three create the schema and the computer's account at
once), and all three must come up. Two users sign up on node 1 and start a game there; a
WebSocket client on every node watches the game while moves are played on node 1, then one on
node 2 and one on node 3: every watcher must see every move, in order. SIGTERM then stops each
node cleanly.

Usage: nodes_test.py PATH/TO/kirin
PostgreSQL: the cluster KIRIN_TEST_POSTGRES_URL names (`make test` starts one), else one of its
own (scripts/pg-test-cluster.sh run). Without PostgreSQL installed the test skips (exit 77),
or fails under KIRIN_REQUIRE_ORACLES (tests/oracle.sh).
"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import kirin_api
from kirin_api import Failure, WebSocket

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
CLUSTER_SCRIPT = os.path.join(HERE, "..", "..", "scripts", "pg-test-cluster.sh")
NODES = 3
# Moves of a shogi game and the node that plays each (0 is node 1).
MOVES = [("7g7f", 0), ("3c3d", 0), ("2g2f", 0), ("8c8d", 0), ("2f2e", 1), ("8d8e", 2)]
EVENT_TIMEOUT = 10.0  # seconds a watcher may wait for a move made on another node


class Node:
    """One `kirin serve` process."""

    def __init__(self, kirin, store_url, log_path, web_root, options=()):
        self.log_path = log_path
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            [kirin, "serve", "--listen", "127.0.0.1:0", "--db", store_url, "--web-root",
             web_root, "--analysis-threads", "0", "--computer-movetime", "50", *options],
            stdout=self.log, stderr=subprocess.STDOUT)
        self.port = None

    def log_text(self):
        with open(self.log_path) as f:
            return f.read()

    def wait_listening(self, deadline):
        while time.monotonic() < deadline:
            m = re.search(r"listening on http://127\.0\.0\.1:(\d+) ", self.log_text())
            if m:
                self.port = int(m.group(1))
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise Failure(f"a node did not start (exit {self.process.poll()}):\n{self.log_text()}")

    def call(self, method, path, body=None, token=None):
        return kirin_api.call(self.port, method, path, body, token)

    def stop(self):
        """SIGTERM; the node must exit 0 and say it stopped."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            rc = self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            rc = self.process.wait()
        self.log.close()
        if rc != 0 or "stopped" not in self.log_text():
            raise Failure(f"a node did not stop cleanly (exit {rc}):\n{self.log_text()}")


def expect(what, got, want):
    if got != want:
        raise Failure(f"{what}: got {got!r}, want {want!r}")


def play_and_watch(nodes):
    """Signs up, starts a game on node 1, plays MOVES, checks every node's watcher."""
    first = nodes[0]
    tokens = {}
    for name in ("alice", "bob"):
        status, body = first.call("POST", "/api/signup", {
            "name": name, "email": f"{name}@example.org", "password": f"password-{name}"})
        expect(f"signup {name}", status, 201)
        tokens[name] = body["token"]
    status, challenge = first.call("POST", "/api/challenges", {
        "opponent": "bob", "game": "shogi", "time_control": "3 days", "color": "black"},
        tokens["alice"])
    expect("challenge", status, 201)
    status, accepted = first.call("POST", f"/api/challenges/{challenge['id']}/accept", {},
                                  tokens["bob"])
    expect("accept", status, 200)
    game = accepted["game"]

    watchers = []
    try:
        for i, node in enumerate(nodes):
            ws = WebSocket(node.port)
            watchers.append(ws)
            ws.send({"op": "subscribe", "topic": f"game:{game}", "id": i})
            expect(f"subscribed on node {i + 1}", ws.receive(time.monotonic() + 10),
                   {"type": "subscribed", "topic": f"game:{game}", "id": i})
        slowest = 0.0
        for ply, (usi, by) in enumerate(MOVES):
            player = "alice" if ply % 2 == 0 else "bob"
            sent = time.monotonic()
            status, body = nodes[by].call("POST", f"/api/games/{game}/moves",
                                          {"move": usi, "expected_ply": ply}, tokens[player])
            expect(f"move {usi} on node {by + 1}", (status, body.get("error")), (200, None))
            for i, ws in enumerate(watchers):
                while True:
                    m = ws.receive(time.monotonic() + EVENT_TIMEOUT)
                    if m.get("type") == "event" and m["event"]["kind"] == "move":
                        break
                expect(f"the move node {i + 1} saw after {usi} was played on node {by + 1}",
                       (m["event"]["ply"], m["event"]["text"]), (ply + 1, usi))
                slowest = max(slowest, time.monotonic() - sent)
        return slowest
    finally:
        for ws in watchers:
            ws.close()


def three_nodes(kirin, name, store_url, tmp):
    nodes = [Node(kirin, store_url, os.path.join(tmp, f"{name}-node{i + 1}.log"),
                  os.path.join(tmp, "no-web")) for i in range(NODES)]
    stop_errors = []
    try:
        deadline = time.monotonic() + 60
        for node in nodes:
            node.wait_listening(deadline)
        slowest = play_and_watch(nodes)
    finally:  # every node stops, whatever failed; the first failure is the one reported
        for node in nodes:
            try:
                node.stop()
            except Failure as e:
                stop_errors.append(str(e))
    if stop_errors:
        raise Failure("\n".join(stop_errors))
    print(f"ok {NODES} nodes started at once on {name}; every node saw each of the "
          f"{len(MOVES)} moves (the slowest {slowest * 1000:.0f} ms after its request)")


def with_database(url, database):
    return url.replace("/kirin?", f"/{database}?", 1)


def on_postgres(script, kirin, name, run):
    """Runs run(database_url, tmp) on a new database of the test cluster (`make test`'s, else
    one of the script's own: it runs itself again under scripts/pg-test-cluster.sh) and a
    temporary directory, dropped after: the script's exit code (77: skipped)."""
    cluster = os.environ.get("KIRIN_TEST_POSTGRES_URL")
    if not cluster:
        if os.environ.get("KIRIN_NODES_TEST_CLUSTER"):
            if os.environ.get("KIRIN_REQUIRE_ORACLES"):
                sys.exit("FAIL: PostgreSQL is not installed "
                         "(KIRIN_REQUIRE_ORACLES is set: this test may not be skipped)")
            print("skipped: PostgreSQL is not installed")
            sys.exit(SKIP)
        os.environ["KIRIN_NODES_TEST_CLUSTER"] = "1"
        sys.exit(subprocess.call(["bash", CLUSTER_SCRIPT, "run", sys.executable,
                                  os.path.abspath(script), kirin]))

    database = f"kirin_{name}_{os.getpid()}"
    subprocess.run(["psql", cluster, "-qc", f"CREATE DATABASE {database}"], check=True)
    try:
        with tempfile.TemporaryDirectory(prefix=f"kirin-{name}-") as tmp:
            run(with_database(cluster, database), tmp)
    except Failure as e:
        print(f"FAIL: {e}")
        return 1
    finally:
        subprocess.run(["psql", cluster, "-qc", f"DROP DATABASE {database} WITH (FORCE)"])
    return 0


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: nodes_test.py PATH/TO/kirin")
    kirin = os.path.abspath(sys.argv[1])

    def run(database_url, tmp):
        three_nodes(kirin, "postgresql", database_url, tmp)
        three_nodes(kirin, "sqlite", "sqlite:" + os.path.join(tmp, "kirin.db"), tmp)
    return on_postgres(__file__, kirin, "nodes", run)


if __name__ == "__main__":
    sys.exit(main())
