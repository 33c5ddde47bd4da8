#!/usr/bin/env python3
"""Makes the balanced openings file of the strength tests (issue 14).

Random lines of PLIES legal plies from the start are searched to DEPTH by
`awale analyze`; a line is kept when the score of the position it reaches
is within MAX_CP hundredths of a seed of even and that position was not
kept before. The engine supplies every rule (legal moves from `perft 1`),
so the script knows none itself. The same arguments give the same file.

    scripts/make-openings.py [--awale target/release/awale] [--count 400]
        [--plies 8] [--depth 14] [--max-cp 40] [--seed 1] > tests/data/openings-oware.txt
"""

import argparse
import json
import random
import re
import subprocess
import sys


def legal_moves(awale, moves):
    out = subprocess.run(
        [awale, "perft", "1", "--moves", " ".join(moves)],
        check=True, capture_output=True, text=True,
    ).stdout
    return [m.group(1) for m in re.finditer(r"^(\S+): \d+$", out, re.MULTILINE)]


def analyse(awale, moves, depth):
    out = subprocess.run(
        [awale, "analyze", "--depth", str(depth), "--moves", " ".join(moves), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    report = json.loads(out)
    last = report["lines"][-1]["score"]
    return report["position"], last


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--awale", default="target/release/awale")
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--max-cp", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    seen = set()
    kept = tried = 0
    print(f"# {args.count} balanced oware openings: {args.plies} random plies, "
          f"|score| <= {args.max_cp} cp at depth {args.depth} (seed {args.seed}).")
    print("# Made by scripts/make-openings.py; each line is played with both colours.")
    while kept < args.count:
        tried += 1
        moves = []
        for _ in range(args.plies):
            legal = legal_moves(args.awale, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < args.plies or not legal_moves(args.awale, moves):
            continue
        position, score = analyse(args.awale, moves, args.depth)
        if score["kind"] != "cp" or abs(score["value"]) > args.max_cp or position in seen:
            continue
        seen.add(position)
        kept += 1
        print(" ".join(moves), flush=True)
        print(f"{kept}/{tried} kept", file=sys.stderr)


if __name__ == "__main__":
    main()
