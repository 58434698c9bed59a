#!/usr/bin/env python3
"""Latency of unrelated requests while a server is flooded with logins.

Starts nothing: point it at a running `kirin serve`. It signs up one user (or reuses it), then
for --seconds runs --flood clients posting /api/login as fast as they are answered, while one
probe client sends GET --probe requests one after another and times them. Modes: `wrong`
(guesses at many names, as an attacker does from one address), `right` (the right password
for one name, as a storm of real logins, or guesses from many addresses, would cost).

    python3 src/bench/login_flood.py --url http://127.0.0.1:8080 --mode wrong
"""
import argparse
import http.client
import json
import random
import statistics
import threading
import time
import urllib.parse


def connect(url):
    u = urllib.parse.urlparse(url)
    return http.client.HTTPConnection(u.hostname, u.port or 80, timeout=60)


def post(conn, path, body):
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    r = conn.getresponse()
    r.read()
    return r.status


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", default="http://127.0.0.1:8080")
    p.add_argument("--mode", choices=["none", "wrong", "right"], default="wrong")
    p.add_argument("--flood", type=int, default=16, help="flooding clients")
    p.add_argument("--seconds", type=float, default=10)
    p.add_argument("--probe", default="/api/games?status=active")
    args = p.parse_args()

    name, password = "floodvictim", "flood-victim-password"
    conn = connect(args.url)
    status = post(conn, "/api/signup",
                  {"name": name, "email": "victim@example.org", "password": password})
    if status not in (201, 409):
        raise SystemExit(f"signing up: HTTP {status}")

    stop = time.monotonic() + args.seconds
    counts, lock = {}, threading.Lock()

    def flood(k):
        c = connect(args.url)
        i = 0
        while time.monotonic() < stop:
            i += 1
            if args.mode == "right":
                body = {"name": name, "password": password}
            else:
                body = {"name": f"guess{k}x{i}", "password": f"guess-{random.random()}"}
            try:
                s = post(c, "/api/login", body)
            except (OSError, http.client.HTTPException):
                c = connect(args.url)
                s = "error"
            with lock:
                counts[s] = counts.get(s, 0) + 1

    threads = [threading.Thread(target=flood, args=(k,))
               for k in range(args.flood if args.mode != "none" else 0)]
    for t in threads:
        t.start()
    probe, times = connect(args.url), []
    time.sleep(0.5)  # let the flood fill the server first
    while time.monotonic() < stop:
        t0 = time.monotonic()
        probe.request("GET", args.probe)
        probe.getresponse().read()
        times.append((time.monotonic() - t0) * 1000)
    for t in threads:
        t.join()

    times.sort()
    q = lambda f: times[min(len(times) - 1, int(f * len(times)))]
    flood_total = sum(counts.values())
    print(f"mode {args.mode}: {flood_total} logins in {args.seconds:g} s "
          f"({flood_total / args.seconds:.0f}/s) by status {dict(sorted(counts.items(), key=str))}")
    print(f"probe {args.probe}: {len(times)} requests, median {statistics.median(times):.1f} ms, "
          f"p90 {q(0.9):.1f} ms, p99 {q(0.99):.1f} ms, max {times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
