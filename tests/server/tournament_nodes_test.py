#!/usr/bin/env python3
"""Three `kirin serve` nodes on one PostgreSQL database run tournaments correctly.

An arena and a Swiss event are created on node 1 and joined through nodes 2 and 3; whichever
node leads pairs them, exactly once: no player is ever in two games at once, and every Swiss
round is paired once (each player in one game or the bye, no rematch). A watcher on every node
hears each pairing (`tournament:ID`). Then the leading node is killed (SIGKILL) in the middle
of the Swiss event: another node takes the lead, the round's results are counted and the next
round is paired, once, as before.

Usage: tournament_nodes_test.py PATH/TO/kirin
PostgreSQL: as nodes_test.py (KIRIN_TEST_POSTGRES_URL, else a cluster of its own); skipped
(exit 77) without PostgreSQL, failed under KIRIN_REQUIRE_ORACLES.
"""

import os
import re
import subprocess
import sys
import time
import urllib.request

from kirin_api import Failure, WebSocket
from nodes_test import Node, expect, on_postgres

PLAYERS = ["ann", "ben", "cat", "dan", "eve", "fay"]
WAIT = 20.0  # seconds for the director's work to show (it ticks every second)


def wait_for(what, check, timeout=WAIT):
    """Polls check() until it returns something true: that; a Failure after `timeout`."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(0.2)
    raise Failure(f"{what}: not within {timeout:.0f} s (last: {last!r})")


def leader(nodes):
    """The index of the node whose /metrics says it leads, or None."""
    for i, node in enumerate(nodes):
        if node.process.poll() is not None:
            continue
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{node.port}/metrics",
                                        timeout=10) as r:
                text = r.read().decode()
        except OSError:
            continue
        if re.search(r"^kirin_leader 1$", text, re.M):
            return i
    return None


def alive(nodes):
    return [n for n in nodes if n.process.poll() is None]


def page(node, tid):
    status, body = node.call("GET", f"/api/tournaments/{tid}")
    expect(f"GET tournament {tid}", status, 200)
    return body


def check_no_player_twice(what, pairings, entries_of_game=None):
    """No entry is in two games being played at once."""
    busy = {}
    for p in pairings:
        if p["result"] != "ongoing" or p["game"] is None:
            continue
        for side in ("black", "white"):
            entry = p[side]
            if entry in busy:
                raise Failure(f"{what}: entry {entry} plays games {busy[entry]} and {p['game']} "
                              f"at once")
            busy[entry] = p["game"]


def check_round(what, pairings, rnd, entries, met):
    """Round `rnd` pairs every entry once (a game or the bye), and nobody meets again."""
    games = [p for p in pairings if p["round"] == rnd]
    seen = []
    for p in games:
        seen.append(p["black"])
        if p["white"] is not None:
            seen.append(p["white"])
            pair = frozenset((p["black"], p["white"]))
            if pair in met:
                raise Failure(f"{what}: round {rnd} pairs {sorted(pair)} again")
            met.add(pair)
    expect(f"{what}: the entries of round {rnd}", sorted(seen), sorted(entries))
    return games


def resign_all(nodes, tokens, names, games):
    """The White player of every game resigns it, each through another node."""
    for k, p in enumerate(games):
        if p["white"] is None:
            continue
        node = alive(nodes)[k % len(alive(nodes))]
        status, game = node.call("GET", f"/api/games/{p['game']}")
        expect("GET game", status, 200)
        white = game["white"]["name"]
        status, body = node.call("POST", f"/api/games/{p['game']}/resign", {}, tokens[white])
        expect(f"{white} resigns game {p['game']}", (status, body.get("error")), (200, None))


def run(kirin, store_url, tmp):
    # Seven players sign up from one address.
    nodes = [Node(kirin, store_url, os.path.join(tmp, f"node{i + 1}.log"),
                  os.path.join(tmp, "no-web"), ("--signups-per-address-per-hour", "0"))
             for i in range(3)]
    watchers = []
    try:
        deadline = time.monotonic() + 60
        for node in nodes:
            node.wait_listening(deadline)
        first = nodes[0]
        tokens = {}
        for i, name in enumerate(["boss"] + PLAYERS):
            status, body = nodes[i % 3].call("POST", "/api/signup", {
                "name": name, "email": f"{name}@example.org", "password": f"password-{name}"})
            expect(f"signup {name}", status, 201)
            tokens[name] = body["token"]
        subprocess.run([kirin, "admin", "role", "boss", "moderator", "--db", store_url],
                       check=True, capture_output=True)

        # Both events are created on node 1 and joined through nodes 2 and 3.
        status, swiss = first.call("POST", "/api/tournaments", {
            "kind": "swiss", "game": "shogi", "time_control": "3 days", "rounds": 3,
            "name": "Nodes Swiss"}, tokens["boss"])
        expect("create the Swiss event", (status, swiss.get("error")), (201, None))
        status, arena = first.call("POST", "/api/tournaments", {
            "kind": "arena", "game": "shogi", "time_control": "300+5", "minutes": 30,
            "name": "Nodes arena"}, tokens["boss"])
        expect("create the arena", (status, arena.get("error")), (201, None))
        for tid in (swiss["id"], arena["id"]):
            for i, name in enumerate(PLAYERS):
                status, body = nodes[1 + i % 2].call("POST", f"/api/tournaments/{tid}/join",
                                                     {}, tokens[name])
                expect(f"{name} joins {tid}", (status, body.get("error")), (200, None))

        for i, node in enumerate(nodes):
            ws = WebSocket(node.port)
            watchers.append(ws)
            ws.send({"op": "subscribe", "topic": f"tournament:{swiss['id']}", "id": i})
            expect(f"subscribed on node {i + 1}", ws.receive(time.monotonic() + 10),
                   {"type": "subscribed", "topic": f"tournament:{swiss['id']}", "id": i})

        # The arena: three games at once, nobody in two.
        status, body = nodes[2].call("POST", f"/api/tournaments/{arena['id']}/start", {},
                                     tokens["boss"])
        expect("start the arena", (status, body.get("error")), (200, None))
        arena_page = wait_for("the arena's first pairing", lambda: (
            lambda p: p if len([x for x in p["pairings"] if x["result"] == "ongoing"]) == 3
            else None)(page(nodes[1], arena["id"])))
        check_no_player_twice("the arena", arena_page["pairings"])
        # Its games are played out (resigned): the players are paired again as they come back,
        # never with the one they just played (so the last two may wait), never in two games.
        resign_all(nodes, tokens, PLAYERS, [p for p in arena_page["pairings"]
                                            if p["result"] == "ongoing"])
        first_games = {p["game"] for p in arena_page["pairings"]}
        second = wait_for("the arena's pairing again", lambda: (
            lambda p: p if len([x for x in p["pairings"] if x["result"] == "ongoing"
                                and x["game"] not in first_games]) >= 2
            else None)(page(nodes[2], arena["id"])))
        check_no_player_twice("the arena again", second["pairings"])
        status, body = nodes[1].call("GET", f"/api/tournaments/{arena['id']}/games?limit=200")
        playing = {}
        for g in body["games"]:
            if g["status"] != "active":
                continue
            for side in ("black", "white"):
                name = g[side]["name"]
                if name in playing:
                    raise Failure(f"{name} plays arena games {playing[name]} and {g['id']}")
                playing[name] = g["id"]

        status, body = first.call("POST", f"/api/tournaments/{arena['id']}/cancel", {},
                                  tokens["boss"])
        expect("cancel the arena", (status, body.get("error")), (200, None))

        # The Swiss event: round 1 paired once, each player once.
        status, body = nodes[1].call("POST", f"/api/tournaments/{swiss['id']}/start", {},
                                     tokens["boss"])
        expect("start the Swiss event", (status, body.get("error")), (200, None))
        entries = [s["entry"] for s in page(first, swiss["id"])["standings"]]
        expect("Swiss entries", len(entries), len(PLAYERS))
        met = set()
        p1 = wait_for("round 1", lambda: (
            lambda p: p if len([x for x in p["pairings"] if x["round"] == 1]) == 3 else None)(
                page(nodes[2], swiss["id"])))
        round1 = check_round("the Swiss event", p1["pairings"], 1, entries, met)
        # Every node's watcher heard of it, whichever node made the change (another node's
        # write is told by the last word it wrote: "paired", or "round" written with it).
        for i, ws in enumerate(watchers):
            while True:
                m = ws.receive(time.monotonic() + WAIT)
                if m.get("type") == "event" and m["event"].get("what") in ("paired", "round"):
                    break
            expect(f"node {i + 1}'s watcher", m["event"]["tournament"], swiss["id"])

        # The leader dies mid-event; another takes over and pairs round 2, once.
        lead = wait_for("a leader", lambda: (lambda i: None if i is None else (i,))(
            leader(nodes)))[0]
        nodes[lead].process.kill()
        nodes[lead].process.wait()
        resign_all(nodes, tokens, PLAYERS, round1)
        survivors = alive(nodes)
        wait_for("a new leader", lambda: leader(nodes) is not None, timeout=30)
        p2 = wait_for("round 2 after the leader died", lambda: (
            lambda p: p if len([x for x in p["pairings"] if x["round"] == 2]) == 3 else None)(
                page(survivors[0], swiss["id"])), timeout=40)
        time.sleep(3)  # a second pairing of the round, were there one, would show by now
        p2 = page(survivors[-1], swiss["id"])
        check_round("the Swiss event after the leader died", p2["pairings"], 2, entries, met)
        expect("round", p2["round"], 2)
        scores = sorted(s["score"] for s in p2["standings"])
        expect("the scores after round 1", scores, [0, 0, 0, 1, 1, 1])
        print(f"ok 3 nodes: an arena and a Swiss event paired once each; node {lead + 1} "
              f"(the leader) killed, round 2 paired once by another")
    finally:
        for ws in watchers:
            ws.close()
        errors = []
        for node in nodes:
            if node.process.poll() is not None and node.process.returncode == -9:
                node.log.close()
                continue
            try:
                node.stop()
            except Failure as e:
                errors.append(str(e))
        if errors:
            raise Failure("\n".join(errors))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: tournament_nodes_test.py PATH/TO/kirin")
    kirin = os.path.abspath(sys.argv[1])
    return on_postgres(__file__, kirin, "tnodes", lambda url, tmp: run(kirin, url, tmp))


if __name__ == "__main__":
    sys.exit(main())
