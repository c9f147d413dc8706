#!/usr/bin/env python3
"""Write a book of balanced openings for `quartet match -openings FILE`.

usage: tools/balanced-openings.py [--plies K] [--ms MS] [--low L] [--high H]
           [--seed S] [--count N] [--tries T] [--quartet PATH] GAME [opt=value ...]

Draws openings of K random legal moves, continued to the end of a turn
(as `-random-plies K` does), and
keeps those where the side to move, searched by `quartet gtp` at its
defaults for MS milliseconds (quartet-analyze), wins between L and H of
its playouts, until N are kept (exit status 1 when T openings, by
default 20 N, were drawn without keeping N; an opening drawn before, or
one that ends the game, is drawn again but counts).  Between two strong players most random
openings decide the game for one colour whoever plays it, so a match of
random openings shows little of their difference; a book of openings the
search rates even shows more.  One opening a line, its moves separated
by spaces, after a comment line with its rate.  Progress goes to stderr.
"""
import argparse
import random
import re
import subprocess
import sys
import time

INFO = re.compile(r"info move (\S+) visits (\d+) winrate ([0-9.]+)")


class Gtp:
    def __init__(self, cmd):
        try:
            self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True, bufsize=1)
        except OSError as e:
            sys.exit(f"balanced-openings: cannot run {cmd[0]}: {e.strerror}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def answer(self):
        """The lines of one answer: any analysis lines, then the status line
        and its text, up to the blank line that ends it."""
        lines, status = [], False
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("balanced-openings: the engine exited")
            line = line.rstrip("\n")
            if line == "" and status:
                return lines
            status = status or line.startswith(("=", "?"))
            lines.append(line)

    def ask(self, line):
        self.send(line)
        lines = self.answer()
        status = next(l for l in lines if l.startswith(("=", "?")))
        if status.startswith("?"):
            sys.exit(f"balanced-openings: '{line}' refused: {status[1:].strip()}")
        return status[1:].strip(), lines

    def close(self):
        self.send("quit")
        self.p.wait()


def win_rate(gtp, ms):
    """The side to move's win rate on its most visited move after ms of analysis."""
    gtp.send("quartet-analyze 50")
    time.sleep(ms / 1000.0)
    gtp.send("# interrupt")
    lines = gtp.answer()
    best = None
    for line in lines:
        found = INFO.findall(line)
        if found:
            best = max(found, key=lambda f: int(f[1]))
    return float(best[2]) if best else None


def random_opening(gtp, rnd, plies):
    """plies random legal moves from the start, then more while the last
    mover is still to move (the rest of its turn); fewer if the game ends."""
    gtp.ask("clear_board")
    moves, last = [], None
    while True:
        colour, _ = gtp.ask("quartet-to_move")
        if len(moves) >= plies and colour != last:
            return moves
        legal, _ = gtp.ask("all_legal_moves")
        if not legal:
            return moves
        move = rnd.choice(legal.split())
        gtp.ask(f"play {colour} {move}")
        moves.append(move)
        last = colour


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--ms", type=int, default=500)
    ap.add_argument("--low", type=float, default=0.4)
    ap.add_argument("--high", type=float, default=0.6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--tries", type=int, default=0)
    ap.add_argument("--quartet", default="bin/quartet")
    ap.add_argument("game", nargs="+")
    a = ap.parse_args()
    tries = a.tries or 20 * a.count
    if not (0 < a.plies <= 100 and 0 < a.count <= 100000 and 0 < a.ms <= 600000
            and 0 <= a.low <= a.high <= 1 and 0 < tries):
        ap.error("need 0 < plies <= 100, 0 < count <= 100000, 0 < ms <= 600000, "
                 "0 <= low <= high <= 1, tries > 0")
    rnd = random.Random(a.seed)
    gtp = Gtp([a.quartet, "gtp"] + a.game)
    seen, kept, tried = set(), 0, 0
    print(f"# {' '.join(a.game)}: {a.plies} random plies, side to move's win rate in "
          f"[{a.low}, {a.high}] after {a.ms} ms (tools/balanced-openings.py --seed {a.seed})")
    while kept < a.count and tried < tries:
        moves = random_opening(gtp, rnd, a.plies)
        result, _ = gtp.ask("quartet-result")
        key = " ".join(moves)
        tried += 1
        if len(moves) < a.plies or key in seen or result != "none":
            continue
        seen.add(key)
        rate = win_rate(gtp, a.ms)
        if rate is not None and a.low <= rate <= a.high:
            kept += 1
            print(f"# {rate:.3f}\n{key}", flush=True)
        print(f"tried {tried} ({key}: {rate}), kept {kept}", file=sys.stderr)
    gtp.close()
    if kept < a.count:
        sys.exit(f"balanced-openings: kept {kept} of {a.count} openings in {tried} tries")


if __name__ == "__main__":
    main()
