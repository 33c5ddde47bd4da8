#!/usr/bin/env python3
"""Instructions per search node of an awale build on Oware alone.

Counts, with callgrind, the instructions an engine spends searching the
Oware positions of `bench` to a fixed node count each, in one UCI session
(one thread, the table cleared between positions, the start-up endgame
tables attached before the first search), minus those of the same session
without the searches. The search is deterministic and the count nearly
so (runs differ by a few tenths of a percent, from the other threads), so
two builds compare on a noisy machine where `bench`'s node rates do not;
unlike the whole `bench`, no other variant's nodes (dearer ones) weigh
in, which matters when a change moves nodes between variants.

Usage: scripts/oware-cost.py BINARY [BINARY ...] [--nodes N]
Needs valgrind (Debian package `valgrind`). About 3 minutes a build at the
default 100,000 nodes a position.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# The Oware positions of `awale bench` (src/bench.rs).
POSITIONS = """
4-4-4-4-4-4-4-4-4-4-4-4-0-0-S 5-5-1-6-5-5-5-4-4-4-4-0-0-0-S
6-4-4-0-1-6-0-2-7-6-6-6-0-0-S 0-0-9-8-0-6-1-8-0-0-8-6-0-2-S
0-0-0-12-1-7-2-0-0-1-12-9-0-4-N 0-2-0-2-5-9-2-0-4-4-1-12-0-7-S
10-0-0-10-7-0-0-2-2-3-9-1-2-2-S 13-3-0-0-3-2-0-8-6-0-0-4-4-5-S
2-1-12-3-0-11-0-0-1-0-1-1-9-7-S 0-0-0-6-0-11-1-0-5-8-5-1-0-11-S
0-4-3-2-2-0-0-16-0-2-2-2-6-9-S 0-3-3-6-3-4-2-0-0-5-3-4-6-9-S
1-1-2-7-0-13-0-0-0-0-1-0-13-10-S 1-4-0-0-0-14-0-0-8-1-1-0-0-19-S
1-0-4-9-2-0-0-0-1-1-0-3-17-10-N 1-1-10-9-1-5-0-1-0-0-0-1-10-9-S
0-10-2-0-3-2-0-4-0-1-3-0-2-21-S 0-13-0-2-0-1-0-0-1-3-1-2-4-21-S
1-0-2-2-2-1-1-2-2-3-3-4-4-21-N 0-0-12-10-0-0-1-1-1-0-2-0-12-9-S
0-1-0-10-0-2-1-0-0-0-0-5-19-10-S 1-1-1-0-0-4-0-0-0-4-6-0-16-15-S
0-2-2-0-0-7-0-1-0-0-0-0-18-18-S 0-0-0-3-1-0-0-0-2-2-0-2-18-20-S
0-1-1-1-0-0-2-1-0-0-2-2-18-20-N 0-0-0-0-0-2-1-0-0-0-4-1-18-22-N
""".split()


class Engine:
    """An engine under callgrind, driven through its standard streams."""

    def __init__(self, binary, out):
        self.proc = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "uci"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def line(self):
        line = self.proc.stdout.readline()
        if not line:
            sys.exit("the engine ended unexpectedly")
        return line

    def until(self, prefix):
        """Reads up to a line starting with `prefix`; returns the lines."""
        lines = []
        while True:
            lines.append(self.line())
            if lines[-1].startswith(prefix):
                return lines


def session(binary, positions, nodes):
    """Instructions and nodes of one session searching `positions`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        engine = Engine(binary, out)
        engine.send("uci")
        engine.until("uciok")
        engine.send("setoption name Threads value 1")
        # `isready` warns while the start-up tables are still being built
        # (it waits a few seconds at most): ask until it no longer does, so
        # that every search sees the same tables.
        for _ in range(100):
            engine.send("isready")
            if not any(l.startswith("info string warning") for l in engine.until("readyok")):
                break
        else:
            sys.exit("the start-up tables never became ready")
        total = 0
        for position in positions:
            engine.send("ucinewgame")
            engine.send(f"position fen {position}")
            engine.send(f"go nodes {nodes}")
            counts = [re.search(r" nodes (\d+)", l) for l in engine.until("bestmove")]
            total += max((int(c.group(1)) for c in counts if c), default=0)
        engine.send("quit")
        engine.proc.wait()
        with open(out, encoding="utf-8") as f:
            instructions = int(re.search(r"^summary: (\d+)", f.read(), re.M).group(1))
    return instructions, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+", metavar="BINARY")
    parser.add_argument("--nodes", type=int, default=100_000, help="nodes a position")
    args = parser.parse_args()
    for binary in args.binaries:
        base, _ = session(binary, [], args.nodes)
        instructions, nodes = session(binary, POSITIONS, args.nodes)
        searched = instructions - base
        print(
            f"{binary}: {searched:,} instructions for {nodes:,} nodes, "
            f"{searched / nodes:.1f} a node",
            flush=True,
        )


if __name__ == "__main__":
    main()
