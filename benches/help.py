#!/usr/bin/env python3
"""Help-play benchmark.

Solves every problem of benches/data/helpmate (its length is the number after the last
`_` of the file name) and prints yosei's time. With FMRS_BIN=/path/to/fmrs (a binary you
built yourself from github.com/ogiekako/fmrs; never committed) it also runs
`fmrs solve standard SFEN` on each and prints the ratio fmrs/yosei (above 1: yosei is
faster). yosei runs with its default threads (the machine's hardware threads), or
YOSEI_THREADS=N. BENCH_RUNS=N runs each side N times, taking turns, and keeps each
side's best time (the machine's speed drifts). BENCH_OPEN=1 asks yosei for the
shortest solution of open length (`--stip help`, as fmrs solves) rather than the
length in the name; BENCH_HASH=MiB sets its --hash (default 20000). Run with nothing
else busy: `python3 benches/help.py [name-filter]`.
"""
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd, timeout):
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return time.perf_counter() - start, out.stdout
    except subprocess.TimeoutExpired:
        return None, ""


def main():
    name_filter = sys.argv[1] if len(sys.argv) > 1 else ""
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    yosei = os.path.join(ROOT, "target", "release", "yosei")
    fmrs = os.environ.get("FMRS_BIN")
    timeout = float(os.environ.get("BENCH_TIMEOUT", "600"))
    runs = max(1, int(os.environ.get("BENCH_RUNS", "1")))
    print(f"{'problem':<26} {'plies':>6} {'verdict':>8} {'solutions':>26} {'yosei s':>8} {'fmrs s':>8} {'ratio':>6}")
    for path in sorted(glob.glob(os.path.join(ROOT, "benches", "data", "helpmate", "*.sfen"))):
        name = os.path.basename(path)[:-5]
        if name_filter not in name:
            continue
        plies = name.rsplit("_", 1)[-1]
        stip = f"help:{plies}" if plies.isdigit() and not os.environ.get("BENCH_OPEN") else "help"
        hash_mb = os.environ.get("BENCH_HASH", "20000")
        cmd = [yosei, "solve", path, "--stip", stip, "--format", "json", "--hash", hash_mb]
        if os.environ.get("YOSEI_THREADS"):
            cmd += ["--threads", os.environ["YOSEI_THREADS"]]
        with open(path) as f:
            sfen = f.readline().strip()
        # The machine's speed drifts (other tenants): the sides take turns, and each
        # keeps its best time.
        ours = out = theirs_t = None
        fmrs_timed_out = False
        for _ in range(runs):
            t, o = timed(cmd, timeout)
            if t is None:
                break
            if ours is None or t < ours:
                ours, out = t, o
            if fmrs and not fmrs_timed_out:
                t, _ = timed([fmrs, "solve", "standard", sfen], timeout)
                fmrs_timed_out = t is None
                if t is not None and (theirs_t is None or t < theirs_t):
                    theirs_t = t
        try:
            d = json.loads(out or "")
            verdict, count = d["verdict"], str(d["solution_count"])
            if len(count) > 26:
                count = f"{count[0]}.{count[1:4]}e{len(count) - 1}"
        except ValueError:
            verdict, count = "error" if ours else "timeout", "-"
        theirs = ratio = "-"
        if fmrs:
            theirs = f"{theirs_t:.2f}" if theirs_t else "timeout"
            if theirs_t and ours:
                ratio = f"{theirs_t / ours:.2f}"
        shown = f"{ours:.2f}" if ours else "timeout"
        print(f"{name:<26} {plies:>6} {verdict:>8} {count:>26} {shown:>8} {theirs:>8} {ratio:>6}", flush=True)


if __name__ == "__main__":
    main()
