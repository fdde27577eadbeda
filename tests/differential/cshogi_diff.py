#!/usr/bin/env python3
"""Differential test: yosei's legal moves against cshogi (and python-shogi).

Plays random games from the start position, from the floodgate sample and from
tsume start positions (tests/data), biased towards checks, drops and captures so
that pins, evasions, pieces in hand and drop-pawn-mate situations come up often.
Every distinct position reached is sent to `yosei moves`; its legal move set must
equal cshogi's exactly (and python-shogi's on a subset). Exits 1 on any mismatch.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

import cshogi
import shogi

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data")


def read_sfens(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("\t")[0].strip()
            if not line or line.startswith("#"):
                continue
            if len(line.split()) == 3:  # fmrs files omit the move number
                line += " 1"
            out.append(line)
    return out


def key(sfen):
    return " ".join(sfen.split()[:3])


def pawn_drop_mate_excluded(board, usi_moves):
    """A pawn drop in front of the enemy king that is missing from the legal moves for
    no reason but 打ち歩詰め (pawn in hand, square empty, no pawn on the file, not in
    check, not the last rank)."""
    color = board.turn
    if board.pieces_in_hand[color][cshogi.HPAWN] == 0 or board.is_check():
        return False
    ksq = board.king_square(1 - color)
    if ksq is None or ksq > 80:
        return False
    file, rank = divmod(ksq, 9)
    front = rank + 1 if color == cshogi.BLACK else rank - 1
    if not 0 <= front <= 8:
        return False
    if board.piece(file * 9 + front) != cshogi.NONE:
        return False
    own_pawn = cshogi.BPAWN if color == cshogi.BLACK else cshogi.WPAWN
    if any(board.piece(file * 9 + r) == own_pawn for r in range(9)):
        return False
    return f"P*{file + 1}{chr(ord('a') + front)}" not in usi_moves


def choose(board, moves, rng):
    """Prefer checks and drops and captures some of the time, else uniform."""
    r = rng.random()
    if r < 0.35:
        checks = [m for m in moves if board.gives_check(m)] if hasattr(board, "gives_check") else []
        if not checks:
            checks = []
            for m in moves:
                board.push(m)
                if board.is_check():
                    checks.append(m)
                board.pop()
        if checks:
            return rng.choice(checks)
    if r < 0.55:
        drops = [m for m in moves if cshogi.move_is_drop(m)]
        if drops:
            return rng.choice(drops)
    if r < 0.75:
        caps = [m for m in moves if cshogi.move_cap(m)]
        if caps:
            return rng.choice(caps)
    return rng.choice(moves)


def collect(roots, target, rng, max_plies):
    seen = {}
    stats = {"check": 0, "pawn_drop_mate": 0, "hand": 0, "mate": 0}
    board = cshogi.Board()
    while len(seen) < target:
        board.set_sfen(rng.choice(roots))
        for _ in range(rng.randint(1, max_plies)):
            sfen = board.sfen()
            k = key(sfen)
            moves = list(board.legal_moves)
            if k not in seen:
                usi_moves = sorted(cshogi.move_to_usi(m) for m in moves)
                seen[k] = (sfen, usi_moves)
                stats["check"] += board.is_check()
                stats["pawn_drop_mate"] += pawn_drop_mate_excluded(board, usi_moves)
                stats["hand"] += any(any(h) for h in board.pieces_in_hand)
                stats["mate"] += board.is_check() and not moves
                if len(seen) >= target:
                    break
            if not moves:
                break
            board.push(choose(board, moves, rng))
    return list(seen.values()), stats


NEAR_KING_PIECES = ["G", "S", "N", "L", "R", "B", "+R", "+B", "+P", "P"]


def random_near_mate(rng):
    """A random legal position with Black to move, a pawn in Black's hand and the
    square in front of White's king empty: the pawn drop there checks, and is mate
    (so illegal) often enough to exercise the drop-pawn-mate rule."""
    while True:
        grid = [[None] * 9 for _ in range(9)]  # grid[rank][file-1]
        kf, kr = rng.randint(0, 8), rng.choice([0, 0, 1, 1, 2, 3, 4])
        grid[kr][kf] = "k"
        for _ in range(rng.randint(3, 8)):
            f = min(8, max(0, kf + rng.randint(-2, 2)))
            r = min(8, max(0, kr + rng.randint(-1, 3)))
            if grid[r][f] is None and (f, r) != (kf, kr + 1):
                piece = rng.choice(NEAR_KING_PIECES)
                grid[r][f] = piece if rng.random() < 0.75 else piece.lower()
        rows = []
        for r in range(9):
            row, empty = "", 0
            for f in range(8, -1, -1):
                p = grid[r][f]
                if p is None:
                    empty += 1
                else:
                    row += (str(empty) if empty else "") + p
                    empty = 0
            rows.append(row + (str(empty) if empty else ""))
        hand = "P" + rng.choice(["", "G", "S", "N", "L", "2P"]) + rng.choice(["", "p", "g", "s"])
        sfen = "/".join(rows) + " b " + hand + " 1"
        board = cshogi.Board()
        try:
            board.set_sfen(sfen)
        except Exception:
            continue
        if not board.is_ok() or invalid_for_yosei(grid) or too_many_pieces(grid, hand):
            continue
        # White must not stand in check with Black to move: ask with White to move
        # (cshogi's push_pass does not recompute checkers).
        as_white = cshogi.Board(sfen.replace(" b ", " w "))
        if not as_white.is_check():
            return board.sfen()


def invalid_for_yosei(grid):
    """Two pawns or a dead piece: positions neither side may reach."""
    for color_pawn, last in (("P", 0), ("p", 8)):
        for f in range(9):
            if sum(grid[r][f] == color_pawn for r in range(9)) > 1:
                return True
        if any(grid[last][f] in (color_pawn, color_pawn.replace("p", "l").replace("P", "L")) for f in range(9)):
            return True
    for r in (0, 1):
        if any(grid[r][f] == "N" for f in range(9)):
            return True
    for r in (7, 8):
        if any(grid[r][f] == "n" for f in range(9)):
            return True
    return False


STANDARD_SET = {"P": 18, "L": 4, "N": 4, "S": 4, "G": 4, "B": 2, "R": 2}


def too_many_pieces(grid, hand):
    counts = {}
    for row in grid:
        for p in row:
            if p and p.upper() != "K":
                base = p[-1].upper()
                counts[base] = counts.get(base, 0) + 1
    i = 0
    while i < len(hand):
        n = 1
        if hand[i].isdigit():
            n, i = int(hand[i]), i + 1
        counts[hand[i].upper()] = counts.get(hand[i].upper(), 0) + n
        i += 1
    return any(n > STANDARD_SET[k] for k, n in counts.items())


def collect_near_mates(target, rng):
    out, excluded = {}, 0
    while len(out) < target:
        sfen = random_near_mate(rng)
        board = cshogi.Board(sfen)
        usi_moves = sorted(cshogi.move_to_usi(m) for m in board.legal_moves)
        if key(sfen) not in out:
            out[key(sfen)] = (sfen, usi_moves)
            excluded += pawn_drop_mate_excluded(board, usi_moves)
    return list(out.values()), excluded


def python_shogi_moves(sfen):
    board = shogi.Board(sfen)
    return sorted(m.usi() for m in board.legal_moves)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yosei", required=True, help="path of the yosei binary")
    ap.add_argument("--positions", type=int, default=12000)
    ap.add_argument("--python-shogi", type=int, default=1500, help="positions also checked with python-shogi")
    ap.add_argument("--near-mates", type=int, default=10000, help="random positions built around a king")
    ap.add_argument("--seed", type=int, default=20261121)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    startpos = [cshogi.Board().sfen()]
    floodgate = read_sfens(os.path.join(DATA, "sampled-v1.sfen"))
    tsume = read_sfens(os.path.join(DATA, "tsume-start.sfen"))
    third = args.positions // 3
    sets = [
        ("startpos games", startpos, third, 120),
        ("floodgate games", floodgate, third, 60),
        ("tsume games", tsume, args.positions - 2 * third, 40),
    ]
    cases = []
    for name, roots, n, plies in sets:
        got, stats = collect(roots, n, rng, plies)
        print(f"{name}: {len(got)} positions, {stats}", file=sys.stderr)
        cases.extend(got)

    near, excluded = collect_near_mates(args.near_mates, rng)
    print(f"random positions around a king: {len(near)}, pawn drop in front excluded as "
          f"drop-pawn mate in {excluded}", file=sys.stderr)
    cases.extend(near)

    with tempfile.NamedTemporaryFile("w", suffix=".sfen", delete=False) as f:
        for sfen, _ in cases:
            f.write(sfen + "\n")
        path = f.name
    try:
        proc = subprocess.run([args.yosei, "moves", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        sys.exit(1)
    lines = proc.stdout.split("\n")
    failures = 0
    for i, (sfen, expected) in enumerate(cases):
        got = lines[i].split() if i < len(lines) else []
        if got != expected:
            failures += 1
            if failures <= 10:
                print(f"MISMATCH {sfen}\n  only yosei: {sorted(set(got) - set(expected))}"
                      f"\n  only cshogi: {sorted(set(expected) - set(got))}", file=sys.stderr)

    ps_failures = 0
    ps_checked = 0
    for sfen, expected in rng.sample(cases, min(args.python_shogi, len(cases))):
        try:
            ps = python_shogi_moves(sfen)
        except Exception:  # python-shogi needs both kings in some code paths
            continue
        ps_checked += 1
        if ps != expected:
            ps_failures += 1
            if ps_failures <= 5:
                print(f"PYTHON-SHOGI DISAGREES WITH CSHOGI {sfen}", file=sys.stderr)

    print(f"python-shogi vs cshogi: {ps_checked} positions, {ps_failures} disagreements", file=sys.stderr)
    passed = len(cases) - failures
    print(f"differential: {passed} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
