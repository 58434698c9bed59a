#!/usr/bin/env python3
"""Drives the real `kirin engine` binary through pipes, as a GUI would, over USI and XBoard.

USI: handshake, options, malformed input, searches with each kind of limit, stop, and a
short self-play game where every bestmove is fed back in `position ... moves` (an illegal
one would be answered with an error). XBoard: handshake, then two engine processes play each
other for a few moves, each move passed on as `usermove` (an illegal one would be refused).
Usage: engine_pipe_test.py <kirin binary>
"""
import queue
import subprocess
import sys
import threading
import time


class Engine:
    def __init__(self, kirin, *args):
        self.proc = subprocess.Popen([kirin, "engine", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def expect(self, predicate, timeout=20.0, what=""):
        """Lines up to and including the first one that satisfies `predicate`."""
        seen = []
        deadline = time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                raise AssertionError(f"timed out waiting for {what}; got {seen[-5:]}")
            if line is None:
                raise AssertionError(f"engine exited while waiting for {what}; got {seen[-5:]}")
            seen.append(line)
            if predicate(line):
                return seen

    def quiet(self, seconds=0.3):
        """Lines written within `seconds` (nothing is expected)."""
        out = []
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                line = self.lines.get(timeout=0.05)
            except queue.Empty:
                continue
            if line is None:
                break
            out.append(line)
        return out

    def quit(self):
        self.send("quit")
        code = self.proc.wait(timeout=10)
        assert code == 0, f"exit code {code}"


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def test_usi(kirin):
    e = Engine(kirin)  # auto: the first command decides
    e.send("usi")
    out = e.expect(lambda l: l == "usiok", what="usiok")
    check(out[0].startswith("id name Kirin"), out[0])
    check(any(l.startswith("option name UCI_Variant") for l in out), "UCI_Variant offered")
    e.send("setoption name USI_Hash value 32")
    e.send("setoption name UCI_Variant value chushogi")
    e.send("isready")
    e.expect(lambda l: l == "readyok", what="readyok")
    # Malformed input: answered, nothing crashes, the engine still works afterwards.
    for bad, reply in [("position sfen nonsense", "info string error"),
                       ("position startpos moves 7g7f", "info string error: move 1"),
                       ("wibble", "info string unknown command"),
                       ("setoption name Nope value 1", "info string error"),
                       ("go depth", "info string error")]:
        e.send(bad)
        got = e.expect(lambda l: True, what=f"a reply to {bad!r}")
        check(got[-1].startswith(reply), f"{bad!r} -> {got[-1]!r}")
    e.send("usinewgame")
    # A short self-play game: each bestmove is played into the next position.
    moves = []
    for go in ["go movetime 150", "go depth 3", "go nodes 5000",
               "go btime 3000 wtime 3000 binc 100 winc 100", "go btime 0 wtime 0 byoyomi 200",
               "go btime 2000 wtime 2000 movestogo 5"]:
        e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        e.send(go)
        out = e.expect(lambda l: l.startswith("bestmove"), what=f"bestmove after {go}")
        errors = [l for l in out if l.startswith("info string")]
        check(not errors, f"position refused: {errors}")
        check(any(l.startswith("info depth") and " pv " in l for l in out), f"info lines for {go}")
        move = out[-1].split()[1]
        check(move != "resign", "a move in an ongoing game")
        moves.append(move)
    e.send("position startpos moves " + " ".join(moves))
    e.send("isready")
    got = e.expect(lambda l: l == "readyok", what="readyok after the game")
    check(not [l for l in got if l.startswith("info string")], f"the game's moves are legal: {got}")
    # Stop during an infinite search, and isready while it runs.
    e.send("go infinite")
    time.sleep(0.3)
    e.send("isready")
    e.expect(lambda l: l == "readyok", what="readyok while searching")
    e.send("stop")
    e.expect(lambda l: l.startswith("bestmove"), what="bestmove after stop")
    # Ponder, then ponderhit.
    e.send("go ponder btime 1000 wtime 1000")
    time.sleep(0.2)
    check(not [l for l in e.quiet(0.2) if l.startswith("bestmove")], "no bestmove while pondering")
    e.send("ponderhit")
    e.expect(lambda l: l.startswith("bestmove"), what="bestmove after ponderhit")
    e.quit()
    print(f"usi: ok ({len(moves)} self-play moves: {' '.join(moves)})")


def test_xboard(kirin):
    engines = [Engine(kirin), Engine(kirin, "--protocol", "xboard")]
    for e in engines:
        e.send("xboard")
        e.send("protover 2")
        out = e.expect(lambda l: l == "feature done=1", what="feature done=1")
        check(any('variants="chu' in l for l in out), "chu among the variants")
        for cmd in ["memory 32", "new", "random", "variant chu", "level 0 0:05 0.1", "post",
                    "hard", "easy", "ping 1", "force"]:
            e.send(cmd)
        e.expect(lambda l: l == "pong 1", what="pong 1")
    # Engine 0 plays the first player, engine 1 the second; xboard's sequence.
    moves = []
    e0, e1 = engines
    e0.send("computer")
    e0.send("time 500")
    e0.send("otim 500")
    e0.send("go")
    mover, other = e0, e1
    first_reply = True
    for ply in range(12):
        out = mover.expect(lambda l: l.startswith("move ") or l.startswith("Illegal")
                           or l.startswith("Error"), what=f"move at ply {ply}")
        check(out[-1].startswith("move "), f"ply {ply}: {out[-1]}")
        move = out[-1][5:]
        moves.append(move)
        other.send("time 500")
        other.send("otim 500")
        other.send("usermove " + move)
        if first_reply:
            other.send("go")  # xboard sends go once, after the first usermove
            first_reply = False
        mover, other = other, mover
    # Make sure nobody refused a move, then ask for the highlight of a piece.
    for e in engines:
        e.send("force")
        e.send("ping 2")
        out = e.expect(lambda l: l == "pong 2", what="pong 2")
        check(not [l for l in out if l.startswith("Illegal")], f"refused: {out}")
    e0.send("lift f3")
    out = e0.expect(lambda l: l.startswith("highlight") or l.startswith("Error"), what="highlight")
    check(out[-1].startswith("highlight "), out[-1])
    e0.send("usermove z1z1")
    out = e0.expect(lambda l: l.startswith("Illegal"), what="Illegal move")
    check(out[-1].endswith(": z1z1"), out[-1])
    for e in engines:
        e.quit()
    print(f"xboard: ok ({len(moves)} moves between two engines: {' '.join(moves)})")


def main():
    kirin = sys.argv[1]
    test_usi(kirin)
    test_xboard(kirin)


if __name__ == "__main__":
    main()
