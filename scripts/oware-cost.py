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

Usage: scripts/oware-cost.py BINARY [BINARY ...] [--nodes N] [--keep DIR]
Needs valgrind (Debian package `valgrind`). About 3 minutes a build at the
default 100,000 nodes a position. `--keep DIR` keeps each build's callgrind
file of the session with the searches (DIR/<binary name>.callgrind) for
`callgrind_annotate`; with a build that has line tables
(`CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release
--target-dir OTHER`), `callgrind_annotate --auto=yes FILE` gives the cost
of each source line. The file includes the start-up tables' build.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

def bench_positions():
    """The Oware positions of `awale bench`, read from src/bench.rs."""
    path = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "src", "bench.rs")
    with open(path, encoding="utf-8") as f:
        positions = re.findall(r'\("oware", "([^"]+)"\)', f.read())
    if not positions:
        sys.exit(f"no Oware position found in {path}")
    return positions


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


def session(binary, positions, nodes, keep=None):
    """Instructions and nodes of one session searching `positions`; the
    callgrind file is copied to `keep` when given."""
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
        if keep:
            shutil.copyfile(out, keep)
    return instructions, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+", metavar="BINARY")
    parser.add_argument("--nodes", type=int, default=100_000, help="nodes a position")
    parser.add_argument("--keep", metavar="DIR", help="keep the callgrind files in DIR")
    args = parser.parse_args()
    positions = bench_positions()
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    for binary in args.binaries:
        keep = None
        if args.keep:
            keep = os.path.join(args.keep, os.path.basename(binary) + ".callgrind")
        base, _ = session(binary, [], args.nodes)
        instructions, nodes = session(binary, positions, args.nodes, keep)
        searched = instructions - base
        print(
            f"{binary}: {searched:,} instructions for {nodes:,} nodes, "
            f"{searched / nodes:.1f} a node",
            flush=True,
        )


if __name__ == "__main__":
    main()
