#!/usr/bin/env python3
"""Fairy help play against fm (issue 22): ofm-139_5 as a helpmate in exactly 5 under each
condition, yosei (one thread) and fm measured in this one run, alternating, best of
--runs. Prints both times, both solution counts (they must agree; with a shorter mate,
yosei's as "shorter+stated", whose sum is fm's count) and fm time / yosei time (the
goal: 4 or more).

fm is a peer built outside the repository (../shared/tools/fm-linux/build.sh); this script
takes its binary from FM_BIN and runs it through the workplace's fm-solve.sh (FM_TOOLS:
the folder holding fm-solve.sh and sfen2fm.py, default ../shared/tools/fm-linux). Without
FM_BIN it prints yosei's figures only. Run with nothing else busy.

    FM_BIN=/path/to/fmza [FM_TIMEOUT=3000] benches/fairy_vs_fm.py [--runs 2] [--conditions annan,circe]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = ROOT / "benches/data/helpmate/ofm-139_5.sfen"
PLIES = 5
# yosei's condition word, fm's rule words
CONDITIONS = {
    "ordinary": "ばか詰",
    "annan": "安南ばか詰",
    "anhoku": "安北ばか詰",
    "taimen": "対面ばか詰",
    "haimen": "背面ばか詰",
    "circe": "キルケばか詰",
    "anticirce": "アンチキルケばか詰",
    "pwc": "PWCばか詰",
    "madrasi": "マドラシばか詰",
    "nekosen": "ネコ鮮ばか詰",
    "andernach": "ANDERNACHばか詰",
    "isardam": "ISARDAMばか詰",
    "isardam-b": "ISARDAM（タイプＢ）ばか詰",
    "koko": "KOKOばか詰",
}
# the conditions run when none are named (the others: --conditions)
DEFAULT = ["ordinary", "annan", "taimen", "circe", "anticirce", "madrasi"]


def yosei_run(yosei, condition):
    args = [str(yosei), "solve", PROBLEM.read_text().strip(), "--stip", f"help:{PLIES}",
            "--format", "json", "--threads", "1"]
    if condition != "ordinary":
        args += ["--cond", condition]
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - start
    result = json.loads(out)
    # with a shorter mate (早詰) yosei lists those, and the lines of the stated length
    # apart; fm lists both: the count compared is their sum, shown as "shorter+stated"
    exact = result.get("exact_length_solutions")
    if exact and result.get("length") != PLIES:
        return elapsed, f"{result['solution_count']}+{exact['solution_count']}"
    return elapsed, result["solution_count"]


def fm_run(tools, rule):
    line = subprocess.run([sys.executable, str(tools / "sfen2fm.py"), str(PROBLEM), rule, str(PLIES)],
                          capture_output=True, text=True, check=True).stdout.strip()
    start = time.perf_counter()
    out = subprocess.run(["bash", str(tools / "fm-solve.sh"), line], capture_output=True, text=True).stdout
    elapsed = time.perf_counter() - start
    # a run cut off by FM_TIMEOUT (fm-solve.sh's limit, 600 s unless set) counts as a
    # lower bound: its time and its solution count are marked ">="
    timed_out = "TIMEOUT after" in out
    return elapsed, len(re.findall("まで", out)), timed_out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--conditions", default=",".join(DEFAULT),
                        help=f"comma-separated, among {', '.join(CONDITIONS)}")
    parser.add_argument("--yosei", default=str(ROOT / "target/release/yosei"))
    args = parser.parse_args()
    fm = os.environ.get("FM_BIN")
    tools = Path(os.environ.get("FM_TOOLS", ROOT.parent / "shared/tools/fm-linux"))
    if fm and not (tools / "fm-solve.sh").exists():
        sys.exit(f"FM_TOOLS: no fm-solve.sh in {tools}")
    print(f"ofm-139_5 help:{PLIES}, one thread, best of {args.runs}")
    print(f"{'condition':<10} {'yosei s':>8} {'fm s':>8} {'fm/yosei':>9}  solutions (yosei, fm)")
    for condition in args.conditions.split(","):
        if condition not in CONDITIONS:
            sys.exit(f"unknown condition {condition!r}: expected one of {', '.join(CONDITIONS)}")
        best_y, best_f, count_y, count_f, cut = float("inf"), float("inf"), None, None, False
        for _ in range(args.runs):
            t, count_y = yosei_run(args.yosei, condition)
            best_y = min(best_y, t)
            if fm:
                t, count_f, cut = fm_run(tools, CONDITIONS[condition])
                best_f = min(best_f, t)
                if cut:
                    break  # another run would be cut off too
        if fm:
            mark = ">=" if cut else ""
            print(f"{condition:<10} {best_y:8.2f} {mark + f'{best_f:.2f}':>8} {mark + f'{best_f / best_y:.2f}':>9}"
                  f"  {count_y}, {mark}{count_f}")
        else:
            print(f"{condition:<10} {best_y:8.2f} {'-':>8} {'-':>9}  {count_y}")


if __name__ == "__main__":
    main()
