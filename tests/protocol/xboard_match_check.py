#!/usr/bin/env python3
"""Checks an xboard engine-vs-engine match that Kirin played (tests/protocol/xboard_hachu_test.sh).

Reads xboard's debug file and the PGN it saved, and fails unless
  * the expected number of games finished, each with a result;
  * xboard accepted every move Kirin sent: each one was passed on to the opponent as a
    `usermove`, or ended the game by a result that is not a forfeit;
  * Kirin never answered `Illegal move` to a move xboard (which checks chu legality) passed on;
  * no game ended by an illegal move or a false claim of Kirin's.
A move Kirin sends after xboard has already sent `result` (xboard adjudicates mate, which
Kirin's Chu rules leave to the King's capture, and the two lines cross on the pipe) is
ignored by xboard ("Ignoring extra move") and is not checked. An opponent's false
    illegal-move claim against Kirin's move (HaChu refuses repetitions) is XBoard agreeing
    that Kirin's move was legal, and is allowed.
"""
import re
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: xboard_match_check.py DEBUGFILE PGNFILE GAMES")
    debug_path, pgn_path, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    lines = open(debug_path, encoding="latin-1").read().splitlines()
    errors = []

    # Which engine is Kirin: "first" or "second".
    kirin = None
    for line in lines:
        m = re.match(r"\d+ <(first|second)\s*: feature .*myname=\"Kirin", line)
        if m:
            kirin = m.group(1)
            break
    if kirin is None:
        sys.exit("FAIL: Kirin never sent its features (did it start?)")
    other = "first" if kirin == "second" else "second"
    from_kirin = re.compile(r"\d+ <" + kirin + r"\s*: (.*)$")
    to_other = re.compile(r"\d+ >" + other + r"\s*: (.*)$")
    to_kirin = re.compile(r"\d+ >" + kirin + r"\s*: (.*)$")

    # Events in order: Kirin's moves, moves passed on to the opponent, results.
    events = []
    awaiting_usermove = False
    game_over = False  # xboard has sent the result; a move still under way is ignored by it
    late_moves = 0
    for line in lines:
        m = to_kirin.match(line)
        if m:
            text = m.group(1).strip()
            if text.startswith("result "):
                game_over = True
            elif text == "new" or text.startswith("new "):
                game_over = False
            continue
        m = from_kirin.match(line)
        if m:
            text = m.group(1).strip()
            if text.startswith("move ") and game_over:
                late_moves += 1  # crossed xboard's result on the pipe ("Ignoring extra move")
            elif text.startswith("move "):
                events.append(("kirin", text[5:].strip()))
            elif text.startswith("Illegal move"):
                errors.append("Kirin rejected a move xboard passed on: " + text)
            continue
        m = to_other.match(line)
        if m:
            text = m.group(1).strip()
            # xboard writes "usermove " and the move in two pieces, each logged with a time
            # stamp: "usermove 1984 >first : g10h8", or on two lines.
            if awaiting_usermove:
                events.append(("passed", text.split()[0] if text else ""))
                awaiting_usermove = False
            elif text == "usermove":
                awaiting_usermove = True
            elif text.startswith("usermove "):
                rest = text[len("usermove "):].strip()
                piece = re.match(r"\d+ >\w+\s*: (\S+)", rest)
                events.append(("passed", piece.group(1) if piece else rest.split()[0]))
            elif text.startswith("result "):
                events.append(("result", text[7:]))
            continue

    kirin_moves = 0
    for i, (kind, text) in enumerate(events):
        if kind != "kirin":
            continue
        kirin_moves += 1
        following = next((e for e in events[i + 1:] if e[0] != "kirin"), None)
        if following is None:
            errors.append(f"Kirin's move {text} was never passed on and no result followed")
        elif following[0] == "passed" and following[1] != text:
            errors.append(f"Kirin sent {text} but xboard passed on {following[1]}")
        elif following[0] == "result" and re.search(r"illegal|invalid|forfeit|false win",
                                                   following[1], re.I) \
                and "False illegal-move claim" not in following[1]:
            errors.append(f"the game ended after Kirin's move {text}: {following[1]}")

    pgn = open(pgn_path, encoding="latin-1").read()
    results = re.findall(r'\[Result "([^"]*)"\]', pgn)
    if len(results) != games:
        errors.append(f"expected {games} games in the PGN, found {len(results)}")
    for r in results:
        if r not in ("1-0", "0-1", "1/2-1/2"):
            errors.append(f"a game did not finish: [Result \"{r}\"]")
    for comment in re.findall(r"\{([^{}]*)\}\s*(?:1-0|0-1|1/2-1/2|\*)\s*$", pgn, re.M):
        if re.search(r"Kirin", comment) and re.search(r"illegal|invalid|forfeit|false", comment, re.I):
            errors.append("a game ended against Kirin: " + comment)
    if kirin_moves == 0:
        errors.append("Kirin made no moves")

    # A result Kirin claimed by its own rules that xboard's rules dispute (e.g. lishogi's bare
    # King against xboard's): not a move problem, but worth seeing.
    for line in lines:
        m = re.match(r"GE\(\d+, (False win claim: [^,]*)", line)
        if m:
            print("note: xboard disputed a claim:", m.group(1))

    endings = re.findall(r"\{([^{}]*)\}\s*(?:1-0|0-1|1/2-1/2)\s*$", pgn, re.M)
    print(f"Kirin is the {kirin} engine; {kirin_moves} moves from Kirin, all checked "
          f"({late_moves} sent after xboard ended the game, ignored by it); "
          f"results {results}; endings {endings}")
    if errors:
        for e in errors:
            print("FAIL:", e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
