#!/usr/bin/env python3
"""Mate-in-N benchmark (逃げ将棋, seed 004).

Solves every 7-ply problem of the tanuki-tsume set (tests/data/tanuki_all.tsv; the
problems whose board is not valid are left out, as the tests leave them out) as
`yosei solve SFEN --stip mate:7 --format json --threads 1`: the whole solution tree,
every line counted (the cook check). Each problem runs in a process of its own and is
timed from outside (start-up and output included: an upper bound) and by yosei itself
(`elapsed_ms`). Prints per-length figures: count, median and maximum of both times,
the number of sound problems (one line) and the slowest problems.

Goal (issue 19): median under 10 ms, maximum under 100 ms.
`python3 benches/mate_in.py [PLIES...]` (default 7); BENCH_RUNS=N keeps each problem's
best of N runs.
"""
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def problems(plies):
    with open(os.path.join(ROOT, "tests", "data", "tanuki_all.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if int(cols[1]) == plies:
                yield cols[3], cols[0]


def solve(yosei, sfen, plies):
    """(wall seconds, report) of one run, or None when yosei refuses the position."""
    cmd = [yosei, "solve", sfen, "--stip", f"mate:{plies}", "--format", "json", "--threads", "1"]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if out.returncode == 1:
        return None
    return wall, json.loads(out.stdout.splitlines()[-1])


def main():
    lengths = [int(a) for a in sys.argv[1:]] or [7]
    runs = max(1, int(os.environ.get("BENCH_RUNS", "1")))
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "yosei-cli"], cwd=ROOT, check=True)
    yosei = os.path.join(ROOT, "target", "release", "yosei")
    for plies in lengths:
        rows = []
        skipped = 0
        for name, sfen in problems(plies):
            best = None
            for _ in range(runs):
                result = solve(yosei, sfen, plies)
                if result is None:
                    break
                if best is None or result[0] < best[0]:
                    best = result
            if best is None:
                skipped += 1
                continue
            wall, report = best
            rows.append((wall * 1000, report["elapsed_ms"], report["nodes"], report["verdict"],
                         int(report["solution_count"]), name))
        if not rows:
            print(f"mate:{plies}: no problems")
            continue
        walls = [r[0] for r in rows]
        inner = [r[1] for r in rows]
        unsolved = [r[5] for r in rows if r[3] != "solved"]
        sound = sum(1 for r in rows if r[4] == 1)
        print(f"mate:{plies}: {len(rows)} problems ({skipped} invalid boards left out), "
              f"{sound} with one line, {len(unsolved)} not solved {unsolved[:5]}")
        print(f"  per process (wall, start-up included): median {statistics.median(walls):.1f} ms, "
              f"max {max(walls):.1f} ms")
        print(f"  yosei's elapsed_ms:                    median {statistics.median(inner):.0f} ms, "
              f"max {max(inner)} ms, total {sum(inner)} ms")
        print("  slowest:", ", ".join(f"{r[5]} {r[0]:.1f} ms ({r[2]} nodes, {r[4]} lines)"
                                     for r in sorted(rows, reverse=True)[:3]))
        goal = statistics.median(walls) < 10 and max(walls) < 100
        print(f"  goal (median < 10 ms, max < 100 ms per process): {'met' if goal else 'NOT met'}")


if __name__ == "__main__":
    main()
