#!/usr/bin/env python3
"""Direct-mate (詰将棋) benchmark.

Solves a fixed set with yosei on one thread: from tests/data/tanuki_all.tsv, for each
length (1 to 11 plies), BENCH_TANUKI problems (default 20) spread evenly over that
length's rows, solved with every interposition counted (`--futile count`, the set's
convention); then the long problems below (yosei's default `--futile skip`). With
SHTSUME_BIN=/path/to/shtsume and/or KH_BIN=/path/to/KomoringHeights (binaries you build
yourself; never committed) the same problems go to them in the same run, and each row
shows the ratio yosei/peer (below 1: yosei is faster).

How each is timed (wall clock):
- yosei: `yosei solve SFEN --threads 1 --format json`, one process per problem;
- shtsume: `$SHTSUME_BIN -i SECONDS SFEN`, one process per problem (single-threaded);
  it clears its whole table at start (about 0.3 s for its default 256 MiB), so the
  tanuki problems give it `-m 16`, and the long ones its default;
- KomoringHeights: a USI engine, started once per problem with `Threads 1` and
  `USI_Hash`, timed from `go mate` to its `checkmate` answer (its start and table
  allocation not counted; it has no one-shot command line).
So on the tanuki rows, most of the peers' and yosei's time is process start-up; the
long rows are the search.

yosei certifies its line (every other check and defence asked, within a node budget:
docs/rules/direct-mate.md); the peers print a line without that. BENCH_CERTIFY=0 runs
yosei with `--certify-nodes 0`, the time to its line alone, the like-for-like figure.
BENCH_LONG_TSUME=1 adds the 15 problems of benches/data/tsume/long_tsume.tsv (3 to 1,525
plies; shtsume needs from seconds to hours for them: give BENCH_TIMEOUT and a filter). yosei and KomoringHeights get BENCH_HASH MiB (default 1024)
for the long problems and 32 for the tanuki ones (yosei touches only what it uses).

BENCH_RUNS=N (default 3) runs every solver N times on each problem, taking turns, and
keeps each one's best (the machine's speed drifts); BENCH_TIMEOUT=S (default 600) per
run. The lengths column says what each solver found (for a tanuki row, how many found
the stated length). Run with nothing else busy: `python3 benches/tsume.py [filter]`
(the filter keeps rows whose name contains it).
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Long problems (public domain: 伊藤看寿, 将棋図巧, 1755). Boards from shtsume's
# docs/sample.sh (第5番, 第99番) and /work/shared/data/long-tsume (寿); lengths as
# shtsume and KomoringHeights solve them here.
LONG = [
    ("図巧5番", "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1", 21),
    (
        "図巧99番 煙詰",
        "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1",
        117,
    ),
    (
        "図巧100番 寿",
        "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1",
        611,
    ),
]


def long_tsume():
    """(name, sfen, plies) of benches/data/tsume/long_tsume.tsv."""
    rows = []
    with open(os.path.join(ROOT, "benches", "data", "tsume", "long_tsume.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, sfen, plies = line.rstrip("\n").split("\t")[:3]
            rows.append((name, sfen, int(plies)))
    return rows


def has_two_pawns(sfen):
    """Whether a side has two unpromoted pawns on one file (二歩: 174 rows of the set,
    which yosei refuses as invalid positions)."""
    files = set()
    for rank in sfen.split()[0].split("/"):
        file, promoted = 9, False
        for c in rank:
            if c.isdigit():
                file -= int(c)
            elif c == "+":
                promoted = True
            else:
                if c in "Pp" and not promoted:
                    if (c, file) in files:
                        return True
                    files.add((c, file))
                file, promoted = file - 1, False
    return False


def tanuki_sets(per_length):
    """(name, [(sfen, plies)]) for each length of the tanuki set (valid positions)."""
    by_length = {}
    with open(os.path.join(ROOT, "tests", "data", "tanuki_all.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            sfen, plies = line.split("\t")[:2]
            if has_two_pawns(sfen):
                continue
            by_length.setdefault(int(plies), []).append((sfen, int(plies)))
    sets = []
    for plies, rows in sorted(by_length.items()):
        n = min(per_length, len(rows))
        sets.append((f"tanuki {plies}", [rows[i * len(rows) // n] for i in range(n)]))
    return sets


def timed(cmd, timeout):
    """(seconds, stdout) of a process run to its end, or (None, "") past the timeout."""
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, ""
    return time.perf_counter() - start, out.stdout


def yosei_solve(yosei, sfen, hash_mb, futile, certify, timeout):
    """(seconds, plies or None)."""
    cmd = [yosei, "solve", sfen, "--threads", "1", "--format", "json", "--hash", str(hash_mb), "--futile", futile]
    if not certify:
        cmd += ["--certify-nodes", "0"]
    t, out = timed(cmd, timeout)
    if t is None:
        return None, None
    try:
        return t, json.loads(out.splitlines()[0]).get("length")
    except (ValueError, IndexError):
        return t, None


def shtsume_solve(shtsume, sfen, memory_mb, timeout):
    """(seconds, plies or None): shtsume prints `まで N手詰め` when it finds a mate."""
    cmd = [shtsume, "-i", str(int(timeout))] + (["-m", str(memory_mb)] if memory_mb else []) + [sfen]
    t, out = timed(cmd, timeout + 10)
    if t is None:
        return None, None
    for line in out.splitlines():
        if line.startswith("まで") and "手詰め" in line:
            return t, int(line[2:].split("手")[0])
    return t, None


def kh_solve(kh, sfen, hash_mb, timeout):
    """(seconds from `go mate` to `checkmate`, plies or None)."""
    engine = subprocess.Popen(
        [kh],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=os.path.dirname(os.path.abspath(kh)),
    )
    # (a thread reads the engine's lines, so that a wait for one can time out)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(l) for l in engine.stdout], daemon=True).start()

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(prefix, deadline):
        while True:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:
                return None
            if line.startswith(prefix):
                return line.split()

    try:
        send("usi")
        send(f"setoption name USI_Hash value {hash_mb}")
        send("setoption name Threads value 1")
        send("isready")
        if until("readyok", time.perf_counter() + 60) is None:
            return None, None
        send(f"position sfen {sfen}")
        start = time.perf_counter()
        send(f"go mate {int(timeout * 1000)}")
        answer = until("checkmate", start + timeout + 10)
        t = time.perf_counter() - start
        if answer is None:
            return None, None
        moves = answer[1:]
        return t, (len(moves) if moves and moves[0] not in ("nomate", "timeout", "notimplemented") else None)
    finally:
        try:
            send("quit")
            engine.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            engine.kill()


def padded(text, width):
    """`text` left-aligned in `width` terminal columns (kanji take two)."""
    columns = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - columns)


def shown(seconds):
    if seconds is None:
        return "timeout"
    return f"{seconds:.3f}" if seconds < 10 else f"{seconds:.1f}"


def main():
    name_filter = sys.argv[1] if len(sys.argv) > 1 else ""
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "yosei-cli"], cwd=ROOT, check=True)
    yosei = os.path.join(ROOT, "target", "release", "yosei")
    shtsume = os.environ.get("SHTSUME_BIN")
    kh = os.environ.get("KH_BIN")
    runs = max(1, int(os.environ.get("BENCH_RUNS", "3")))
    timeout = float(os.environ.get("BENCH_TIMEOUT", "600"))
    long_hash = int(os.environ.get("BENCH_HASH", "1024"))
    per_length = int(os.environ.get("BENCH_TANUKI", "20"))
    certify = os.environ.get("BENCH_CERTIFY", "1") != "0"

    # (row name, problems [(sfen, stated plies)], yosei's --futile, hash MiB, shtsume -m)
    rows = [(name, problems, "count", 32, 16) for name, problems in tanuki_sets(per_length)]
    long = LONG + (long_tsume() if os.environ.get("BENCH_LONG_TSUME") == "1" else [])
    rows += [(name, [(sfen, plies)], "skip", long_hash, None) for name, sfen, plies in long]

    solvers = [("yosei", lambda sfen, row: yosei_solve(yosei, sfen, row[3], row[2], certify, timeout))]
    if shtsume:
        solvers.append(("shtsume", lambda sfen, row: shtsume_solve(shtsume, sfen, row[4], timeout)))
    if kh:
        solvers.append(("KH", lambda sfen, row: kh_solve(kh, sfen, row[3], timeout)))

    print(f"one thread; best of {runs}; times in seconds, summed over a row's problems; ratio = yosei/peer")
    print("yosei: " + ("the certified line" if certify else "the line alone (--certify-nodes 0)"))
    header = f"{'problems':<16} {'n':>3} {'plies':>5} {'yosei':>8}"
    for name, _ in solvers[1:]:
        header += f" {name:>8} {'ratio':>6}"
    print(header + "   lengths (" + "/".join(name for name, _ in solvers) + ")")
    for row in rows:
        name, problems = row[0], row[1]
        if name_filter not in name:
            continue
        totals = {s: 0.0 for s, _ in solvers}
        lengths = {s: [] for s, _ in solvers}
        for sfen, _ in problems:
            best = {s: None for s, _ in solvers}
            for _ in range(runs):
                for s, solve in solvers:
                    if best[s] == "timeout":
                        continue
                    t, plies = solve(sfen, row)
                    if t is None:
                        best[s] = "timeout"
                        continue
                    if best[s] is None or t < best[s][0]:
                        best[s] = (t, plies)
            for s, _ in solvers:
                if best[s] == "timeout":
                    totals[s] = None
                    lengths[s].append(None)
                else:
                    if totals[s] is not None:
                        totals[s] += best[s][0]
                    lengths[s].append(best[s][1])
        stated = [plies for _, plies in problems]
        line = f"{padded(name, 16)} {len(problems):>3} {stated[0]:>5} {shown(totals['yosei']):>8}"
        for s, _ in solvers[1:]:
            ratio = "-"
            if totals["yosei"] is not None and totals[s]:
                ratio = f"{totals['yosei'] / totals[s]:.2f}"
            line += f" {shown(totals[s]):>8} {ratio:>6}"
        if len(problems) == 1:
            found = "/".join("-" if lengths[s][0] is None else str(lengths[s][0]) for s, _ in solvers)
        else:
            found = "/".join(f"{sum(a == b for a, b in zip(lengths[s], stated))}" for s, _ in solvers)
            found += f" of {len(problems)} as stated"
        print(f"{line}   {found}", flush=True)


if __name__ == "__main__":
    main()
