#!/usr/bin/env python3
"""What one flooding client does to everyone else (issue 28, the probe's findings 2, 3, 4, 6).

Starts nothing: point it at a running `kirin serve` on loopback. The flooder comes from
127.0.0.1, the innocent client from --innocent (127.0.0.2: the server counts it as another
address). Modes:

  workers   the flooder runs --solves mate-solve loops and --logins login loops; the innocent
            times a cheap GET, signs in and asks for a solve, and the figures are its latencies
            and statuses
  computer  --flooders users each keep --games games against the computer at --level, aborting
            each once it has answered and starting another; the innocent starts games and times
            the computer's first answer

    python3 src/bench/fair_load.py --url http://127.0.0.1:8080 --mode workers
"""
import argparse
import http.client
import json
import statistics
import threading
import time
import urllib.parse


def connect(url, source=None):
    u = urllib.parse.urlparse(url)
    return http.client.HTTPConnection(u.hostname, u.port or 80, timeout=120,
                                      source_address=(source, 0) if source else None)


def call(conn, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    r = conn.getresponse()
    data = r.read()
    try:
        return r.status, json.loads(data) if data else None
    except ValueError:
        return r.status, None


def sign_in(url, name, source=None):
    conn = connect(url, source)
    password = "fair-load-password-" + name
    call(conn, "POST", "/api/signup",
         {"name": name, "email": name + "@example.org", "password": password})
    status, body = call(conn, "POST", "/api/login", {"name": name, "password": password})
    if status != 200:
        raise SystemExit(f"signing in {name}: HTTP {status} {body}")
    return body["token"], password


def summary(label, times_ms):
    if not times_ms:
        print(f"{label}: none")
        return
    times_ms = sorted(times_ms)
    p95 = times_ms[min(len(times_ms) - 1, int(len(times_ms) * 0.95))]
    print(f"{label}: n={len(times_ms)} median={statistics.median(times_ms):.1f} ms "
          f"p95={p95:.1f} ms max={times_ms[-1]:.1f} ms")


def workers_mode(args):
    _, flooder_password = sign_in(args.url, "fairflooder")
    _, innocent_password = sign_in(args.url, "fairinnocent", args.innocent)
    conn = connect(args.url)
    _, problem = call(conn, "GET", "/api/problems/chu-tsume-ab/B45")
    long_solve = {"variant": "chu", "sfen": problem["sfen"], "movetime_ms": 10000}
    _, a22 = call(conn, "GET", "/api/problems/chu-tsume-ab/A22")
    stop = time.monotonic() + args.seconds
    statuses = {}
    lock = threading.Lock()

    def loop(kind):
        c = connect(args.url)
        while time.monotonic() < stop:
            if kind == "solve":
                status, _ = call(c, "POST", "/api/mate", long_solve)
            else:
                status, _ = call(c, "POST", "/api/login",
                                 {"name": "fairflooder", "password": flooder_password})
            with lock:
                statuses[(kind, status)] = statuses.get((kind, status), 0) + 1
            if status in (429, 503):
                time.sleep(0.01)

    threads = [threading.Thread(target=loop, args=("solve",)) for _ in range(args.solves)]
    threads += [threading.Thread(target=loop, args=("login",)) for _ in range(args.logins)]
    for t in threads:
        t.start()
    time.sleep(1)  # the flood is under way
    probe = connect(args.url, args.innocent)
    gets, logins, solves = [], [], []
    login_statuses, solve_statuses = {}, {}
    while time.monotonic() < stop - 1:
        t0 = time.monotonic()
        call(probe, "GET", args.probe)
        gets.append((time.monotonic() - t0) * 1000)
        if len(gets) % 10 == 1:
            t0 = time.monotonic()
            status, _ = call(probe, "POST", "/api/login",
                             {"name": "fairinnocent", "password": innocent_password})
            logins.append((time.monotonic() - t0) * 1000)
            login_statuses[status] = login_statuses.get(status, 0) + 1
        if len(gets) % 50 == 1:
            t0 = time.monotonic()
            status, _ = call(probe, "POST", "/api/mate",
                             {"variant": "chu", "sfen": a22["sfen"], "movetime_ms": 3000})
            solves.append((time.monotonic() - t0) * 1000)
            solve_statuses[status] = solve_statuses.get(status, 0) + 1
        time.sleep(0.02)
    for t in threads:
        t.join()
    summary(f"innocent GET {args.probe}", gets)
    summary(f"innocent login {login_statuses}", logins)
    summary(f"innocent solve {solve_statuses}", solves)
    print("flooder:", ", ".join(f"{k} {s}: {n}" for (k, s), n in sorted(statuses.items())))


def computer_mode(args):
    stop = time.monotonic() + args.seconds

    def new_game(conn, token):
        # The challenger plays White: the computer, Black, moves first.
        status, c = call(conn, "POST", "/api/challenges",
                         {"opponent": args.computer, "game": "shogi", "color": "white",
                          "level": args.level}, token)
        if status != 201 or not c.get("game"):
            return None
        return c["game"]

    def answered(conn, game, token):
        status, g = call(conn, "GET", f"/api/games/{game}", None, token)
        return status == 200 and len(g.get("moves", [])) > 0

    def flood(index):
        token, _ = sign_in(args.url, f"fairflood{index}")
        c = connect(args.url)
        games = []
        while time.monotonic() < stop:
            while len(games) < args.games:
                game = new_game(c, token)
                if game is None:
                    break
                games.append(game)
            time.sleep(0.2)
            for game in list(games):
                if answered(c, game, token):
                    call(c, "POST", f"/api/games/{game}/abort", {}, token)
                    games.remove(game)
        for game in games:
            call(c, "POST", f"/api/games/{game}/abort", {}, token)

    threads = [threading.Thread(target=flood, args=(i,)) for i in range(args.flooders)]
    for t in threads:
        t.start()
    time.sleep(2)  # the flood is under way
    token, _ = sign_in(args.url, "fairinnocent", args.innocent)
    c = connect(args.url, args.innocent)
    waits = []
    while time.monotonic() < stop:
        game = new_game(c, token)
        if game is None:
            raise SystemExit("the innocent user's challenge was refused")
        t0 = time.monotonic()
        while not answered(c, game, token) and time.monotonic() - t0 < 120:
            time.sleep(0.05)
        waits.append((time.monotonic() - t0) * 1000)
        call(c, "POST", f"/api/games/{game}/abort", {}, token)
    for t in threads:
        t.join()
    summary(f"innocent's wait for the computer ({args.flooders} users x {args.games} games, "
            f"level {args.level})", waits)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", default="http://127.0.0.1:8080")
    p.add_argument("--mode", choices=["workers", "computer"], default="workers")
    p.add_argument("--innocent", default="127.0.0.2", help="the other client's address")
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--probe", default="/api/games?status=active")
    p.add_argument("--solves", type=int, default=2, help="workers: the flooder's solve loops")
    p.add_argument("--logins", type=int, default=4, help="workers: the flooder's login loops")
    p.add_argument("--computer", default="kirin")
    p.add_argument("--flooders", type=int, default=4, help="computer: flooding users")
    p.add_argument("--games", type=int, default=3, help="computer: games each keeps going")
    p.add_argument("--level", type=int, default=8, help="computer: the flood's level")
    args = p.parse_args()
    (workers_mode if args.mode == "workers" else computer_mode)(args)


if __name__ == "__main__":
    main()
