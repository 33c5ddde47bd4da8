#!/usr/bin/env python3
"""How well the search's scores predict game results, by seeds on the board.

Reads an `awale datagen` file (format in docs/datagen.md) and, for each
number of seeds on the board, fits the factor `a` for which
`sigmoid(a * score / K)` best predicts the game's result (1, 1/2 or 0 for
the side to move; least squares, Gauss-Newton on `a`). A factor above 1
means the scores there are too timid: the games are more decided than the
scores say. Only positions the endgame tables do not cover and whose
score is heuristic (not a proven result) count, as in `awale tune`.

With `--split`, it fits two factors instead, one for the captured seeds
and one for the rest of the score (the position): equal factors mean the
whole score is off by one scale, not one of its parts.

Usage: scripts/score-calibration.py FILE [--k K] [--min-positions N] [--split]
`K` defaults to 321.8, the scale of the network's fit (docs/eval.md).
Plain Python, no packages; about a minute per million positions.
"""
import argparse
import math
import signal
import struct
import sys

HEADER = 128
MAGIC = b"AWALEDG\0"
RECORD = 24
NOT_COVERED = 0xFF
PROVEN = 30000  # |score| from here on is a proven result, not a heuristic


def records(path):
    """Yields (seeds on board, score, captured difference, result) of every
    position of FILE that the tables do not cover and that has a
    heuristic score, from the side to move."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    if len(data) < HEADER or data[:8] != MAGIC:
        sys.exit(f"{path}: not an awale datagen file (no AWALEDG header)")
    size = struct.unpack_from("<I", data, 12)[0]
    if size != RECORD:
        sys.exit(f"{path}: records of {size} bytes, this script reads {RECORD}")
    off = HEADER
    while off + 16 <= len(data):
        if data[off:off + 4] != b"GAME":
            sys.exit(f"{path}: no game block at byte {off}")
        count = struct.unpack_from("<I", data, off + 8)[0]
        end = off + 16 + RECORD * count + 4
        if end > len(data):
            print(f"{path}: last game block cut short, left out", file=sys.stderr)
            return
        for i in range(count):
            r = data[off + 16 + RECORD * i: off + 16 + RECORD * (i + 1)]
            score = struct.unpack_from("<h", r, 16)[0]
            if r[22] != NOT_COVERED or abs(score) >= PROVEN:
                continue
            mine, theirs = (r[12], r[13]) if r[14] == 0 else (r[13], r[12])
            final_mine, final_theirs = r[18], r[19]
            result = 1.0 if final_mine > final_theirs else 0.5 if final_mine == final_theirs else 0.0
            yield sum(r[0:12]), score, 100 * (mine - theirs), result
        off = end


def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def fit(rows, k, parts):
    """Least-squares factors for the columns `parts(row)` (a list of
    score parts summing to the score); returns the factors and the mean
    squared error before (all factors 1) and after."""
    n = len(parts(rows[0]))
    a = [1.0] * n

    def loss(factors):
        return sum((sigmoid(sum(f * p for f, p in zip(factors, parts(r))) / k) - r[3]) ** 2
                   for r in rows) / len(rows)

    before = loss(a)
    for _ in range(20):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for r in rows:
            x = parts(r)
            y = sigmoid(sum(f * p for f, p in zip(a, x)) / k)
            slope = y * (1.0 - y) / k
            j = [slope * p for p in x]
            for u in range(n):
                grad[u] += (y - r[3]) * j[u]
                for v in range(n):
                    hess[u][v] += j[u] * j[v]
        step = solve(hess, grad)
        if step is None:
            break
        a = [f - s for f, s in zip(a, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return a, before, loss(a)


def solve(m, b):
    """Solves m x = b for one or two unknowns; None when singular."""
    if len(b) == 1:
        return [b[0] / m[0][0]] if m[0][0] else None
    det = m[0][0] * m[1][1] - m[0][1] * m[1][0]
    if abs(det) < 1e-300:
        return None
    return [(m[1][1] * b[0] - m[0][1] * b[1]) / det, (m[0][0] * b[1] - m[1][0] * b[0]) / det]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", help="an awale datagen file")
    ap.add_argument("--k", type=float, default=321.8, help="the scale K of sigmoid(score / K)")
    ap.add_argument("--min-positions", type=int, default=300,
                    help="leave out seed counts with fewer positions")
    ap.add_argument("--split", action="store_true",
                    help="fit the captured seeds and the rest of the score apart")
    args = ap.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped to `head`
    if args.k <= 0:
        sys.exit("--k must be positive")
    by_seeds = {}
    for row in records(args.file):
        by_seeds.setdefault(row[0], []).append(row)
    if args.split:
        print("seeds positions captured-factor position-factor mse-before mse-after")
        parts = lambda r: (r[2], r[1] - r[2])  # noqa: E731
    else:
        print("seeds positions factor mse-before mse-after")
        parts = lambda r: (r[1],)  # noqa: E731
    for seeds in sorted(by_seeds):
        rows = by_seeds[seeds]
        if len(rows) < args.min_positions:
            continue
        factors, before, after = fit(rows, args.k, parts)
        shown = " ".join(f"{f:.3f}" for f in factors)
        print(f"{seeds} {len(rows)} {shown} {before:.5f} {after:.5f}")


if __name__ == "__main__":
    main()
