#!/usr/bin/env python3
"""Checks yosei's direct-mate answers with cshogi's move generator, by brute force.

For each problem of an SFEN file (one per line, optionally tab-separated with more
columns) yosei solves it with every interposition counted (`--futile count`), and this
script checks with cshogi that
- the main line is legal, every attacker move checks, and it ends in mate;
- every cook line (an attacker alternative) still mates within the plies left;
- no mate is two plies shorter (for lines of at most MAX_SHORTER plies).

Brute force in Python: meant for short problems (the tanuki set's 7- and 9-ply ones
take minutes). Not part of CI; run by hand:

    python3 tests/differential/tsume_cooks.py --yosei target/release/yosei problems.sfen
"""
import argparse
import json
import subprocess
import sys

import cshogi

MAX_SHORTER = 7


def defender_mated_within(board, plies):
    moves = list(board.legal_moves)
    if not moves:
        return board.is_check()
    if plies < 2:
        return False
    for m in moves:
        board.push(m)
        ok = attacker_mates_within(board, plies - 1)
        board.pop()
        if not ok:
            return False
    return True


def attacker_mates_within(board, plies):
    if plies < 1:
        return False
    for m in board.legal_moves:
        board.push(m)
        ok = board.is_check() and defender_mated_within(board, plies - 1)
        board.pop()
        if ok:
            return True
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yosei", default="target/release/yosei")
    ap.add_argument("sfen_file")
    args = ap.parse_args()
    sfens = [l.split("\t")[0].strip() for l in open(args.sfen_file, encoding="utf-8") if l.strip() and not l.startswith("#")]
    bad = 0
    for sfen in sfens:
        out = subprocess.run(
            [args.yosei, "solve", sfen, "--futile", "count", "--format", "json"],
            capture_output=True, text=True)
        if out.returncode != 0 or not out.stdout.strip():
            print(f"{sfen}: yosei failed: {out.stderr.strip()}")
            bad += 1
            continue
        r = json.loads(out.stdout)
        if r["verdict"] != "solved":
            print(f"{sfen}: {r['verdict']}")
            continue
        length = r["length"]
        board = cshogi.Board(sfen)
        for i, usi in enumerate(r["solutions"][0]):
            m = board.move_from_usi(usi)
            if not board.is_legal(m):
                print(f"{sfen}: main line move {i + 1} {usi} is illegal")
                bad += 1
                break
            board.push(m)
            if i % 2 == 0 and not board.is_check():
                print(f"{sfen}: main line move {i + 1} {usi} does not check")
                bad += 1
        else:
            if board.legal_moves and len(list(board.legal_moves)) > 0:
                print(f"{sfen}: the main line does not end in mate")
                bad += 1
        for cook in r["cooks"]:
            b = cshogi.Board(sfen)
            for usi in cook:
                b.push(b.move_from_usi(usi))
            if not defender_mated_within(b, length - len(cook)):
                print(f"{sfen}: cook {' '.join(cook)} does not mate within {length - len(cook)}")
                bad += 1
        if length <= MAX_SHORTER and length >= 3 and attacker_mates_within(cshogi.Board(sfen), length - 2):
            print(f"{sfen}: cshogi mates in {length - 2}, yosei says {length}")
            bad += 1
        print(f"{sfen}: {length} plies, {len(r['cooks'])} cook(s): checked")
    print(f"{len(sfens)} problems, {bad} disagreements")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
