#!/usr/bin/env python3
"""Cross-checks Kirin's move generator against Fairy-Stockfish (an independent engine).

Plays random games of shogi (with drops) from the start position with a fixed seed, steering
them towards captures, drops, promotions and checks, and at a few hundred of the positions
compares `kirin perft` with Fairy-Stockfish's `go perft` in USI mode (depth 2, depth 3 where the
tree is small enough). It also checks that both programs write the same SFEN for the position
reached by the game's moves. Sho Shogi positions are compared at depth 3 when the installed
Fairy-Stockfish knows the variant `shoshogi` (Debian's 11.1 does not).

On a mismatch it prints the SFEN, both counts and the path down to the first position whose
move lists differ, with the moves only one program generates.

Exit codes: 0 all agree, 1 a mismatch, 2 a usage or tool error, 77 Fairy-Stockfish is missing
(ctest reports the test as skipped; with KIRIN_REQUIRE_ORACLES set, as `make test` sets it, 1).
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
SHOGI_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
DIVIDE_LINE = re.compile(r"^(\S+): (\d+)$")


class ToolError(Exception):
    pass


class Kirin:
    """The kirin binary, one process per question; the game built in or from a file."""

    def __init__(self, path, variant, variant_file=None):
        self.path = path
        self.variant = variant
        self.game_args = ["--variant-file", variant_file] if variant_file else ["--variant", variant]

    def run(self, *args):
        cmd = [self.path, *args[:1], *self.game_args, *args[1:]]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise ToolError(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.strip()}")
        return proc.stdout

    def moves(self, sfen):
        return self.run("moves", "--sfen", sfen).split()

    def play(self, sfen, move):
        out = self.run("play-moves", "--sfen", sfen, move)
        fields = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
        return fields["sfen"], fields["state"]

    def divide(self, sfen, depth, path=()):
        args = ["perft", "--sfen", sfen, "--depth", str(depth), "--divide"]
        if path:
            args += ["--moves", *path]
        return parse_divide(self.run(*args).splitlines())


class FairyStockfish:
    """One Fairy-Stockfish process in USI mode."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.send("usi")
        lines = self.read_until(lambda line: line == "usiok")
        self.name = next((line[8:] for line in lines if line.startswith("id name ")), "?")
        combo = next((line for line in lines if "name UCI_Variant " in line), "")
        self.variants = set(re.findall(r" var (\S+)", combo))

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise ToolError("Fairy-Stockfish exited unexpectedly; last output: " +
                                " | ".join(lines[-5:]))
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until(lambda line: line == "readyok")

    def set_variant(self, variant):
        self.send(f"setoption name UCI_Variant value {variant}")
        self.sync()

    def divide(self, position, depth):
        self.send(position)
        self.send(f"go perft {depth}")
        return parse_divide(self.read_until(lambda line: line.startswith("Nodes searched")))

    def describe(self, position):
        """(SFEN, in check?) of a position, from the `d` command."""
        self.send(position)
        self.send("d")
        lines = self.sync()
        sfen = next((line[6:] for line in lines if line.startswith("Sfen: ")), None)
        checkers = next((line[9:] for line in lines if line.startswith("Checkers:")), "")
        return sfen, bool(checkers.strip())

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def parse_divide(lines):
    counts, total = {}, None
    for line in lines:
        m = DIVIDE_LINE.match(line.strip())
        if m:
            counts[m.group(1)] = int(m.group(2))
        elif line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
    if total is None:
        raise ToolError("no 'Nodes searched' line in: " + " | ".join(lines[-5:]))
    return total, counts


def find_fsf(explicit):
    for candidate in ([explicit] if explicit else []) + [shutil.which("fairy-stockfish"),
                                                          "/usr/games/fairy-stockfish"]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def board_cells(sfen):
    """Square name -> piece token ('' if empty), for a 9x9 SFEN board."""
    cells = {}
    for row, rank in enumerate(sfen.split()[0].split("/")):
        col, i = 0, 0
        while i < len(rank):
            ch = rank[i]
            if ch.isdigit():
                j = i
                while j < len(rank) and rank[j].isdigit():
                    j += 1
                for _ in range(int(rank[i:j])):
                    cells[f"{9 - col}{chr(ord('a') + row)}"] = ""
                    col += 1
                i = j
                continue
            token = ch
            if ch == "+":
                token, i = rank[i:i + 2], i + 1
            cells[f"{9 - col}{chr(ord('a') + row)}"] = token
            col += 1
            i += 1
    return cells


def destination(move):
    return move.split("*")[1] if "*" in move else move[2:4]


class Checker:
    """Perft of positions in both programs; counts the comparisons and the failures."""

    def __init__(self, kirin, fsf):
        self.kirin, self.fsf = kirin, fsf
        self.failures = 0
        self.compared = 0
        self.nodes = 0

    def fail(self, message):
        self.failures += 1
        print(message)

    def compare(self, sfen, history, depth, use_sfen=True):
        """Perft of one position in both programs (Fairy-Stockfish given the SFEN, or the moves
        from the start); on a mismatch, follows the first differing move down to the position
        whose move lists differ. Returns Kirin's count."""
        position = (f"position sfen {sfen}" if use_sfen
                    else "position startpos moves " + " ".join(history))
        k_total, k_div = self.kirin.divide(sfen, depth)
        f_total, f_div = self.fsf.divide(position, depth)
        self.compared += 1
        self.nodes += k_total
        if k_total == f_total and k_div == f_div:
            return k_total
        self.fail(f"MISMATCH {self.kirin.variant} depth {depth}: {sfen}\n"
                  f"  kirin {k_total}, fairy-stockfish {f_total}")
        path = []
        while True:
            only_k = sorted(set(k_div) - set(f_div))
            only_f = sorted(set(f_div) - set(k_div))
            if only_k or only_f:
                where = f"after {' '.join(path)}" if path else "at the root"
                print(f"  {where}: moves only kirin generates: {only_k or 'none'}; "
                      f"only fairy-stockfish: {only_f or 'none'}")
            differing = [m for m in sorted(k_div) if m in f_div and k_div[m] != f_div[m]]
            if not differing or depth == 1:
                break
            move = differing[0]
            path.append(move)
            depth -= 1
            print(f"  {' '.join(path)}: kirin {k_div[move]}, fairy-stockfish {f_div[move]}")
            _, k_div = self.kirin.divide(sfen, depth, path)
            _, f_div = self.fsf.divide(position + (" moves " if use_sfen else " ") +
                                       " ".join(path), depth)
        return k_total


def choose(rng, moves, sfen, gives_check, stats):
    """A random move, steered towards promotions, captures, drops and checks."""
    cells = board_cells(sfen)
    promotions = [m for m in moves if m.endswith("+")]
    captures = [m for m in moves if "*" not in m and cells.get(destination(m))]
    drops = [m for m in moves if "*" in m]
    r = rng.random()
    if r < 0.2 and promotions:
        return rng.choice(promotions)
    if r < 0.45 and captures:
        return rng.choice(captures)
    if r < 0.6 and drops:
        return rng.choice(drops)
    if r < 0.8:
        for m in rng.sample(moves, min(len(moves), 16)):
            if gives_check(m):
                stats["checking moves played"] += 1
                return m
    return rng.choice(moves)


def random_positions(kirin, fsf, start, rng, games, max_plies, sample_rate, stats,
                     use_sfen=True):
    """Yields (sfen, moves from the start) of sampled positions of random games. Fairy-Stockfish
    tells which moves give check, given the position by SFEN or by the moves from the start."""
    for _ in range(games):
        sfen, history = start, []
        for ply in range(max_plies):
            moves = kirin.moves(sfen)
            if not moves:
                stats["games ended without a legal move"] += 1
                break
            if ply >= 2 and rng.random() < sample_rate:
                yield sfen, list(history)
            position = (f"position sfen {sfen} moves" if use_sfen
                        else "position startpos moves " + " ".join(history))
            move = choose(rng, moves, sfen, lambda m: fsf.describe(f"{position} {m}")[1], stats)
            sfen, state = kirin.play(sfen, move)
            history.append(move)
            if state != "ongoing":
                stats["games ended: " + state] += 1
                break


class Stats(dict):
    def __missing__(self, key):
        return 0


def same_sfen(a, b):
    """Equal SFENs, the pieces in hand compared as a multiset: USI's order (R B G S N L P,
    Black first) is what Kirin writes; Fairy-Stockfish 11.1 writes its own order."""
    def hands(field):
        counts, n = {}, ""
        for ch in field if field != "-" else "":
            if ch.isdigit():
                n += ch
            else:
                counts[ch] = counts.get(ch, 0) + int(n or 1)
                n = ""
        return counts
    fa, fb = a.split(), b.split()
    return (len(fa) == len(fb) == 4 and fa[:2] == fb[:2] and fa[3] == fb[3]
            and hands(fa[2]) == hands(fb[2]))


def check_drop_mate_rule(checker, rules_kirin, sfen, stats):
    """Kirin's legal moves against Fairy-Stockfish's at the root. A Pawn drop that gives
    checkmate is illegal in shogi; Fairy-Stockfish 11.1 generates it anyway (newer versions
    do not), so such a drop may be the one difference, and it must really be mate."""
    fsf = checker.fsf
    kirin_moves = set(rules_kirin.moves(sfen))
    _, f_div = fsf.divide(f"position sfen {sfen}", 1)
    for move in sorted(kirin_moves - set(f_div)):
        checker.fail(f"MISMATCH shogi: kirin's move {move} is not legal for fairy-stockfish "
                     f"in {sfen}")
    for move in sorted(set(f_div) - kirin_moves):
        after = f"position sfen {sfen} moves {move}"
        mate = move.startswith("P*") and fsf.describe(after)[1] and fsf.divide(after, 1)[0] == 0
        if mate:
            stats["pawn drops that would mate"] += 1
        else:
            checker.fail(f"MISMATCH shogi: fairy-stockfish's move {move} is missing in kirin "
                         f"in {sfen}")


def check_shogi(checker, rules_kirin, rng, args):
    """Random shogi positions: SFEN after the game's moves, the drop-mate rule at the root,
    perft at depth 2 and (small trees) 3. `checker.kirin` may be the game without the drop-mate
    rule, to match Fairy-Stockfish 11.1's counts; `rules_kirin` is the real game."""
    fsf = checker.fsf
    stats = Stats()
    fixed = [
        # Pawn drop mate is illegal (P*1b: the King on 1a cannot take the Gold-protected Pawn
        # and 2a/2b are covered by the Lance).
        "8k/9/8G/9/9/9/9/9/K6L1 b P 1",
        # ...also when the only piece that could take the Pawn is pinned (Gold 4b by Bishop 2d).
        "4k4/2S2gS2/4G4/7B1/9/9/9/9/4K4 b P 1",
        # Forced promotion on the last ranks, drops of Lance/Knight/Pawn, both sides' hands.
        "4k4/P8/1N7/9/9/9/7n1/8p/4K4 b LNPlnp 1",
    ]
    for sfen in fixed:
        check_drop_mate_rule(checker, rules_kirin, sfen, stats)
        checker.compare(sfen, None, 2)
        checker.compare(sfen, None, 3)
    for sfen, history in random_positions(rules_kirin, fsf, SHOGI_START, rng, args.games,
                                          args.max_plies, args.sample_rate, stats):
        fsf_sfen, in_check = fsf.describe("position startpos moves " + " ".join(history))
        if not same_sfen(fsf_sfen, sfen):
            checker.fail(f"SFEN MISMATCH after {' '.join(history)}:\n  kirin           {sfen}\n"
                         f"  fairy-stockfish {fsf_sfen}")
        stats["positions"] += 1
        stats["in check"] += in_check
        stats["with pieces in hand"] += sfen.split()[2] != "-"
        stats["with promoted pieces"] += "+" in sfen.split()[0]
        check_drop_mate_rule(checker, rules_kirin, sfen, stats)
        nodes = checker.compare(sfen, history, 2)
        if nodes <= args.depth3_limit and rng.random() < args.depth3_rate:
            checker.compare(sfen, history, 3)
            stats["compared at depth 3"] += 1
    print(f"shogi: {stats['positions']} random positions (+{len(fixed)} fixed) compared; "
          + ", ".join(f"{k} {v}" for k, v in sorted(stats.items()) if k != "positions"))
    # The fixed seed makes the games the same on every run; these floors make sure that they
    # still reach what the check is for.
    floors = {"positions": 200, "in check": 15, "with pieces in hand": 100,
              "with promoted pieces": 40, "compared at depth 3": 30}
    for key, floor in floors.items():
        if stats[key] < floor:
            checker.fail(f"COVERAGE: {stats[key]} positions {key}, want at least {floor}")


def check_sho(checker, rng, args):
    stats = Stats()
    start = checker.kirin.run("show-variant").split("setup: ", 1)[1].splitlines()[0]
    for sfen, history in random_positions(checker.kirin, checker.fsf, start, rng,
                                          args.sho_games, args.max_plies, args.sho_sample_rate,
                                          stats, use_sfen=False):
        # Through the moves from the start: Kirin's SFEN letters need not be Fairy-Stockfish's.
        checker.compare(sfen, history, 3, use_sfen=False)
        stats["positions"] += 1
    print(f"sho: {stats['positions']} random positions compared at depth 3")


def shogi_without_drop_mate_rule(tmpdir):
    """variants/shogi.toml with the Pawn's drop-mate rule off, as a --variant-file."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "variants",
                          "shogi.toml")
    with open(source, encoding="utf-8") as f:
        text = f.read()
    if "no_drop_mate = true" not in text:
        raise ToolError(f"{source}: no 'no_drop_mate = true' to switch off")
    path = os.path.join(tmpdir, "shogi-drop-mates-allowed.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace("no_drop_mate = true", "no_drop_mate = false"))
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kirin", required=True, help="path of the kirin binary")
    parser.add_argument("--fsf", help="path of fairy-stockfish (default: PATH, /usr/games)")
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--sample-rate", type=float, default=0.22)
    parser.add_argument("--depth3-rate", type=float, default=0.2)
    parser.add_argument("--depth3-limit", type=int, default=20000,
                        help="only positions with at most this many depth-2 nodes go to depth 3")
    parser.add_argument("--sho-games", type=int, default=4)
    parser.add_argument("--sho-sample-rate", type=float, default=0.1)
    args = parser.parse_args()

    fsf_path = find_fsf(args.fsf)
    if not fsf_path:
        missing = "fairy-stockfish not found (scripts/install-deps.sh installs it)"
        if os.environ.get("KIRIN_REQUIRE_ORACLES"):  # as tests/oracle.sh
            print(f"FAIL: {missing} (KIRIN_REQUIRE_ORACLES is set: this test may not be skipped)")
            return 1
        print(f"SKIP: {missing}")
        return SKIP
    fsf = FairyStockfish(fsf_path)
    print(f"{fsf.name} ({fsf_path}); seed {args.seed}")
    try:
        with tempfile.TemporaryDirectory() as tmpdir:
            rng = random.Random(args.seed)
            fsf.set_variant("shogi")
            rules_kirin = Kirin(args.kirin, "shogi")
            # Does this Fairy-Stockfish generate Pawn drops that mate? (1 move more if so.)
            probe = "8k/9/8G/9/9/9/9/9/K6L1 b P 1"
            fsf_drop_mates = (fsf.divide(f"position sfen {probe}", 1)[0] !=
                              rules_kirin.divide(probe, 1)[0])
            kirin = rules_kirin
            if fsf_drop_mates:
                print("this Fairy-Stockfish generates Pawn drops that give mate (illegal in "
                      "shogi): perft is compared with Kirin's shogi without that rule, and the "
                      "rule itself move by move at the root")
                kirin = Kirin(args.kirin, "shogi", shogi_without_drop_mate_rule(tmpdir))
            checker = Checker(kirin, fsf)
            check_shogi(checker, rules_kirin, rng, args)
            failures, compared, nodes = checker.failures, checker.compared, checker.nodes
            if "shoshogi" in fsf.variants:
                fsf.set_variant("shoshogi")
                sho = Checker(Kirin(args.kirin, "sho"), fsf)
                check_sho(sho, rng, args)
                failures += sho.failures
                compared += sho.compared
                nodes += sho.nodes
            else:
                print("sho: not compared: this Fairy-Stockfish has no variant shoshogi")
    except ToolError as e:
        print(f"ERROR: {e}")
        return 2
    finally:
        fsf.close()
    print(f"{compared} perft comparisons, {nodes} nodes; {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
