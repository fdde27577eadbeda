#!/usr/bin/env python3
"""Perft: yosei against cshogi on the same positions, in one run.

cshogi has no perft of its own; its fastest form from Python generates the legal
move list (in C++) at every node and counts the list's length at the last level —
the same "moves materialised" perft that `yosei perft` does. Each side is timed
several times and the fastest run is kept. Prints a ratio per row and overall.
"""
import argparse
import subprocess
import sys
import time

import cshogi

ROWS = [
    ("startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5, 19861490),
    ("matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 3, 4809015),
    ("maxmoves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3, 53393368),
]


def cshogi_perft(board, depth):
    moves = list(board.legal_moves)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += cshogi_perft(board, depth - 1)
        board.pop()
    return total


def best_of(repeat, fn):
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def yosei_perft(binary, sfen, depth):
    out = subprocess.run([binary, "perft", sfen, str(depth)], check=True, capture_output=True, text=True)
    return int(out.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yosei", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'position':<10} {'depth':>5} {'nodes':>10} {'cshogi s':>9} {'yosei s':>9} {'ratio':>7}")
    total_c = total_y = 0.0
    ok = True
    for name, sfen, depth, expected in ROWS:
        board = cshogi.Board(sfen)
        tc, nc = best_of(args.repeat, lambda: cshogi_perft(board, depth))
        ty, ny = best_of(args.repeat, lambda: yosei_perft(args.yosei, sfen, depth))
        ok &= nc == ny == expected
        total_c += tc
        total_y += ty
        flag = "" if nc == ny == expected else f"  COUNT MISMATCH cshogi={nc} yosei={ny}"
        print(f"{name:<10} {depth:>5} {ny:>10} {tc:>9.3f} {ty:>9.3f} {tc / ty:>6.1f}x{flag}")
    print(f"overall: yosei is {total_c / total_y:.1f}x as fast as cshogi "
          f"(time incl. yosei process start-up)")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
