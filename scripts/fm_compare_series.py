#!/usr/bin/env python3
"""Compare yosei with fm's solvers on small random problems of the stipulations fm has
and yosei gained in issue 21: 連続詰 (ser:N, nfm's SER-#N), 連続協力詰 (serhelp:N, nfm's
SH#N) and 協力自玉ステイルメイト (helpselfstale:N, fmza's HS=).

Not run in CI. fmza (FM, the binary /work/shared/tools/fm-linux/build.sh builds) solves
HS=; series play is in nfm 5.30, the other program of the same public sources (ogiekako/fm_linux,
src/nfm530src), a peer you build yourself outside the project, as fmza is (on Linux it needs
stand-ins for its Windows console calls and a 32-bit `ulong_t`, as Windows' long is; this
project never builds it):

    NFM=/path/to/nfm FM=/path/to/fmza scripts/fm_compare_series.py \
        [--count 100] [--seed 1] [--yosei target/release/yosei] [--only ser,serhelp,helpselfstale]
        [--cond pwc]   (a condition nfm knows; fmza is told it too)

Each random position (a White king near the top, a few pieces of each side, sometimes a
Black king and pieces in Black's hand; White's hand empty, told to fm as such) is solved
by both; compared are the verdict, the length and the number of solutions. Positions
either side refuses are counted as skipped. Exits 1 on any disagreement.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

CODES = {"P": "FU", "L": "KY", "N": "KE", "S": "GI", "G": "KI", "B": "KA", "R": "HI", "K": "OU",
         "+P": "TO", "+L": "NY", "+N": "NK", "+S": "NG", "+B": "UM", "+R": "RY"}
GLYPHS = {"P": "歩", "L": "香", "N": "桂", "S": "銀", "G": "金", "B": "角", "R": "飛", "K": "玉",
          "+P": "と", "+L": "杏", "+N": "圭", "+S": "全", "+B": "馬", "+R": "龍"}
# yosei's condition name: (nfm's word after the rule, fmza's word before it)
# (nfm also knows 成禁, NOPROM, which yosei does not have yet.)
CONDITIONS = {"pwc": ("PWC", "PWC")}
STANDARD = {"R": 2, "B": 2, "G": 4, "S": 4, "N": 4, "L": 4, "P": 18}

# --- random positions -------------------------------------------------------------------


def dead(kind, black, rank):
    own = rank if black else 10 - rank
    return (kind in "PL" and own == 1) or (kind == "N" and own <= 2)


def random_position(rng):
    """{(file, rank): SFEN piece} and Black's hand (a list of kinds)."""
    board, used = {}, dict.fromkeys(STANDARD, 0)
    king = (rng.randint(1, 9), rng.randint(1, 3))
    board[king] = "k"

    def put(near, dist, black):
        kind = rng.choice("PPPLNSGGBR")
        promoted = kind in "PLNSBR" and rng.random() < 0.15
        for _ in range(30):
            sq = (near[0] + rng.randint(-dist, dist), near[1] + rng.randint(-dist, dist))
            if 1 <= sq[0] <= 9 and 1 <= sq[1] <= 9 and sq not in board:
                break
        else:
            return
        if (dead(kind, black, sq[1]) and not promoted) or used[kind] >= STANDARD[kind]:
            return
        letter = kind if black else kind.lower()
        if kind == "P" and not promoted and any(board.get((sq[0], r)) == letter for r in range(1, 10)):
            return
        board[sq] = ("+" if promoted else "") + letter
        used[kind] += 1

    for _ in range(rng.randint(0, 3)):
        put(king, 2, False)
    for _ in range(rng.randint(1, 3)):
        put(king, 3, True)
    if rng.random() < 0.5:
        sq = (rng.randint(1, 9), rng.randint(7, 9))
        board.setdefault(sq, "K")
    hand = []
    for _ in range(rng.randint(0, 2)):
        kind = rng.choice("PLNSGBR")
        if used[kind] < STANDARD[kind]:
            used[kind] += 1
            hand.append(kind)
    return board, hand


def sfen(board, hand, side):
    rows = []
    for r in range(1, 10):
        row, empty = "", 0
        for f in range(9, 0, -1):
            piece = board.get((f, r))
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    counts = {k: hand.count(k) for k in "RBGSNLP" if k in hand}
    hand_text = "".join((str(n) if n > 1 else "") + k for k, n in counts.items()) or "-"
    return "/".join(rows) + f" {side} {hand_text} 1"


def pieces(board, black, names):
    out = ""
    for (f, r), p in sorted(board.items()):
        if p.lstrip("+").isupper() == black:
            kind = ("+" if p.startswith("+") else "") + p.lstrip("+").upper()
            out += f"{f}{r}{names[kind]}"
    return out


def hand_text(hand, names):
    return "".join(names[k] + (str(hand.count(k)) if hand.count(k) > 1 else "") for k in "RBGSNLP" if k in hand)


# --- the solvers ------------------------------------------------------------------------


def run_yosei(yosei, sfen_text, stipulation, cond):
    extra = ["--cond", cond] if cond else []
    done = subprocess.run([yosei, "solve", sfen_text, "--stip", stipulation, "--format", "json"] + extra,
                          capture_output=True, text=True, timeout=120)
    if done.returncode != 0 or not done.stdout.strip():
        return None
    d = json.loads(done.stdout.splitlines()[0])
    if d["verdict"] == "no-solution":
        return ("none", None, 0)
    # nfm lists one line per final position (docs/rules/series.md): yosei notes that
    # count where it differs from the number of move sequences.
    count = d["solution_count"]
    for note in d.get("notes", []):
        m = re.match(r"(\d+) distinct final positions", note)
        if m and stipulation.startswith("ser"):
            count = int(m.group(1))
    return (d["verdict"], d["length"], count)


def run_fm(binary, text, work):
    """fm's or nfm's answer on one problem file: ('solved', plies, count) or ('none', ...)."""
    with open(os.path.join(work, "P.TXT"), "w", encoding="utf-8") as f:
        f.write(text + "\n")
    try:
        done = subprocess.run([binary, "/IP.TXT", "/EA", "/L1000000"] if "fmza" in binary else [binary, "/IP.TXT", "/EA"],
                              cwd=work, capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        # nfm crashes printing a line that ends in a mating pawn drop when the attacker
        # has pieces left (it keeps no board for such a position): its list is cut.
        return ("crashed", None, None)
    out = done.stdout.decode("utf-8", "replace").replace("\r", "\n")
    # nfm's SER-# records a mating pawn drop as a mate (it flags it, then ignores the
    # flag); rules.md §4 forbids it: such problems are counted apart.
    if re.search(r"\d\d歩(?:打)?\s+まで", out):
        return ("drop-pawn-mate", None, None)
    ends = re.findall(r"まで\s*(\d+)(?:\+(\d+))?手", out)
    if not ends:
        return ("none", None, 0) if ("不詰" in out or "検出解数：0" in out) else None
    plies = int(ends[0][0]) + (int(ends[0][1]) if ends[0][1] else 0)
    found = re.findall(r"検出解数：(\d+)", out)
    count = int(found[-1]) if found else len(ends)
    return ("solved", plies, count)


def compare(args):
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="fm_compare_series.")
    tally = {}
    bad = 0
    nfm_cond = "/" + CONDITIONS[args.cond][0] if args.cond else ""
    fm_cond = CONDITIONS[args.cond][1] if args.cond else ""
    for i in range(args.count):
        board, hand = random_position(rng)
        for kind in args.only:
            n = rng.randint(1, 3)
            if kind == "ser":
                if not args.nfm:
                    continue
                yo = run_yosei(args.yosei, sfen(board, hand, "b"), f"ser:{n}", args.cond)
                fm = run_fm(args.nfm, f"SER-#{n}{nfm_cond}\n{pieces(board, True, CODES)}"
                            f"{'+' + hand_text(hand, CODES) if hand else ''},{pieces(board, False, CODES)}+", work)
            elif kind == "serhelp":
                if not args.nfm:
                    continue
                yo = run_yosei(args.yosei, sfen(board, hand, "w"), f"serhelp:{n}", args.cond)
                fm = run_fm(args.nfm, f"SH#{n}{nfm_cond}\n{pieces(board, True, CODES)}"
                            f"{'+' + hand_text(hand, CODES) if hand else ''},{pieces(board, False, CODES)}+", work)
            else:
                if not args.fm:
                    continue
                n += 1  # 2 to 4 plies
                side = "w" if n % 2 else "b"
                yo = run_yosei(args.yosei, sfen(board, hand, side), f"helpselfstale:{n}", args.cond)
                # fm's #n is exactly n plies: asked at the length yosei found (fm would
                # find the same shortest ones), or at n when yosei found none.
                plies = yo[1] if yo and yo[1] else n
                line = f"{fm_cond}HS= {pieces(board, True, GLYPHS)}{' +' + hand_text(hand, GLYPHS) if hand else ''}, " \
                       f"{pieces(board, False, GLYPHS)} +0 #{plies}"
                fm = run_fm(args.fm, line, work)
            t = tally.setdefault(kind, {"compared": 0, "agree": 0, "solved": 0, "skipped": 0, "pawn": 0})
            if yo is None or fm is None:
                t["skipped"] += 1
                continue
            if fm[0] in ("drop-pawn-mate", "crashed"):
                t["pawn"] += 1
                continue
            t["compared"] += 1
            if yo == fm:
                t["agree"] += 1
                t["solved"] += yo[0] == "solved"
            else:
                bad += 1
                print(f"DISAGREE {kind}:{n} {sfen(board, hand, '?')}: yosei {yo}, fm {fm}")
    for kind, t in tally.items():
        print(f"{kind}: {t['compared']} compared, {t['agree']} agree ({t['solved']} with solutions), "
              f"{t['compared'] - t['agree']} disagree, {t['skipped']} skipped, "
              f"{t['pawn']} where nfm mates by a pawn drop or crashed doing so (not compared)")
    return 1 if bad else 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--yosei", default="target/release/yosei")
    p.add_argument("--only", default="ser,serhelp,helpselfstale")
    p.add_argument("--cond", choices=sorted(CONDITIONS))
    args = p.parse_args()
    args.only = args.only.split(",")
    args.fm, args.nfm = os.environ.get("FM"), os.environ.get("NFM")
    if not args.fm and not args.nfm:
        sys.exit("set FM (fmza, for HS=) and/or NFM (nfm, for SER-# and SH#)")
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
