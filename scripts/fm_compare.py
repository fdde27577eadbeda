#!/usr/bin/env python3
"""Compare yosei with fm on small random helpmates (exactly 3 plies) under conditions.

Not run in CI: it needs fm (the fairy solver used as a behaviour oracle, see
/work/shared/tools/fm-linux/README.md). For every condition set given, it builds random
positions of ordinary pieces around a White king (seeded, so runs repeat), solves each with
`yosei solve SFEN --stip help:3 --cond ... --format json` and with fm, and compares the
solution SETS move by move, after writing both in one notation: (from or drop kind, to,
promotion, square where a captured or capturing piece was put). fm lists only one of two
mirror-image continuations from a position symmetric about file 5; a set that differs only
so counts as agreeing, and is counted apart.

    FM=/path/to/fmza scripts/fm_compare.py annan+circe madrasi+pwc ... \
        [--count 40] [--seed 1] [--yosei target/release/yosei]

`--zoo WA,DA,...` (fm's codes of the pieces past the alphabet, docs/rules/fairy-pieces.md,
or of rules.md's: KN, CM, QU…)
compares, per code, ordinary helpmates with one to three of that piece added (Black's on
the board near the king or in hand, sometimes a White one); fm is told the piece as
`/EF1=<code>#<n>@H` (n the number in play, so that none is left for a hand; H: it can be
held and dropped, as in yosei); the tori shogi swallow (TTB) gets two of Black's on one
file near the king besides, and one or two in hand, for its rules on several swallows
(none on the last rank, where it is dead). Condition sets may be given as well (`+` joined) and
apply to those runs too; with none, the rule is ordinary. fm mis-generates a defender's
Mao and Moa (docs/rules/fairy-pieces.md): `--zoo-white 0` leaves White's out.

fm's chu shogi copies of the ordinary pieces (CHI CKA CKI CGI CRY CUM CKY) are drawn by
fm with the ordinary glyphs: a drop of one is compared with the ordinary piece's drop as
one move, and with the chu dragon or horse the position's ordinary dragons and horses
are written by code (RY, UM) for fm, which otherwise reads 龍 and 馬 as the declared piece.

`--discard` (with `--zoo`) declares the piece without H, `/EF1=<code>#<n>` (n the number
on the board): fm then discards a captured one (取捨て) and lets no hand hold it; yosei
is given `--fairy-capture discard` and no position puts the piece in a hand. Each problem
is also solved by yosei with the piece held, and the problems whose solution sets the
rule changes are counted ("changed by discarding").

`--spares N` (with `--zoo`, the piece held) declares `/EF1=<code>#<n+N>@H` and leaves
the defender's hand unwritten: fm gives the defender all remaining pieces, the ordinary
ones and N of the fairy piece. yosei then reads that same fm text (declaration and line,
from a file) instead of the SFEN, so its fm reader computes the hand.

`--promote` (with `--zoo`) adds fm's attribute P, `/EF1=<code>#<n>@HP` (`@P` with
`--discard`): the piece promotes where fm's table gives it a promoted form (the Kirin to
師, the Phoenix to 本, the chu, tori and dai shogi pieces of docs/rules/fairy-promotion.md);
yosei is given `--fairy-promotion <the piece>`. Each problem is also solved by yosei
without promotion, and the problems whose solution sets promotion changes are counted
("changed by promotion").

`--royal` (with `--zoo`) makes the kings pieces of the code: the White king of every
position and the Black one where there is one become the piece, declared royal,
`/EF1=<code>@R` (fm's tori phoenix `THO` and crown prince `TS` are royal by fm's table:
`/EF1=THO`), and no other piece of the kind is put in play (every piece of a royal kind is
its side's king); in about two fifths of the problems the defender has a 玉 besides, two
royal pieces (fm's 二玉詰: mating either wins). yosei reads that same fm text
(docs/rules/royal.md).

`--fairy-home second-rank` gives yosei fm's starting squares for fairy pieces under
キルケ and アンチキルケ (their second rank on the capture's file,
docs/rules/capture-conditions.md); without it yosei keeps rules.md's (none), and fm's
rebirths of fairy pieces show up as differences.

yosei is always given `--lion-pass any`, fm's reading of the Lion's pass (a Lion with no
empty neighbour passes too; in these helpmates no pass is ever a solution's move: the
attacker's moves check, the defender is in check).

FM_SOLVE (default /work/shared/tools/fm-linux/fm-solve.sh) runs fm on one line;
SFEN2FM (default next to it, sfen2fm.py) writes an SFEN as fm's one-line form. Prints, per
condition set, problems compared, agreements and disagreements (each with its SFEN, fm's
line and the solutions only one side found); exits 1 on any disagreement.
"""

import argparse
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
import tempfile

TOOLS = "/work/shared/tools/fm-linux"
FM_WORDS = {
    "annan": "安南",
    "anhoku": "安北",
    "taimen": "対面",
    "haimen": "背面",
    "nekosen": "ネコ鮮",
    "nekonekosen": "ネコネコ鮮",
    "tenjiku": "天竺",
    "madrasi": "マドラシ",
    "k-madrasi": "Ｋマドラシ",
    "circe": "キルケ",
    "anticirce": "アンチキルケ",
    "pwc": "PWC",
    "uchifu": "打歩詰",
    "kiki-nifu-invalid": "二歩王取無効",
    "andernach": "ANDERNACH",
    "anti-andernach": "ANTIANDERNACH",
    "isardam": "ISARDAM",
    "isardam-b": "ISARDAM（タイプB）",
    "koko": "KOKO",
    "no-promotion": "成禁",
    "no-promotion-absolute": "絶対成禁",
    "no-capture": "取禁",
    "attacker-no-capture": "攻方取禁",
    "uchifu-allowed": "打歩可",
    "greedy": "強欲",
    "ascetic": "禁欲",
}
# fm's piece names (sub.c graph[]) and the SFEN letters of the hand kinds
FM_KINDS = {"歩": "P", "香": "L", "桂": "N", "銀": "S", "金": "G", "角": "B", "飛": "R"}
# fm's glyphs of its further pieces (piece_data.c graphv_*), by fm code; fm draws the
# Camelrider and the Zebrarider as the Camel and the Zebra
ZOO_GLYPHS = {
    "WA": "臣",
    "DA": "戦",
    "TL": "参",
    "FE": "賢",
    "AL": "ぞ",
    "TR": "桟",
    "FL": "紅",
    "R4": "栖",
    "R6": "楼",
    "CR": "駱",
    "ZR": "縞",
    "EM": "后",
    "PR": "姫",
    "MA": "マ",
    "MO": "モ",
    "SH": "相",
    "PA": "包",
    "VA": "包",
    "LE": "包",
    "LI": "鬣",
    "RO": "考",
    "RS": "薔",
    "SP": "雀",
    "EA": "鷲",
    "NE": "Ｅ",
    "EH": "Ｅ",
    "LO": "蝗",
    # chu shogi
    "SZ": "象",
    "MK": "虎",
    "DO": "銅",
    "MH": "豹",
    "CN": "仲",
    "HN": "奔",
    "JG": "竪",
    "OG": "横",
    "HE": "反",
    "HR": "鹿",
    "HG": "牛",
    "HC": "猪",
    "KG": "鯨",
    "HK": "駒",
    # tori shogi
    "TTR": "鶴",
    "TKJ": "雉",
    "TLU": "享",
    "TRU": "鳥",
    "TTK": "鷹",
    "TKT": "鵰",
    "TKR": "鴈",
    "TTB": "燕",
    "THO": "鵬",
    "TS": "太",
    # dai shogi
    "DHR": "辰",
    "DMG": "丑",
    "DSC": "亥",
    "DMJ": "猫",
    "DBJ": "蛇",
    # chu shogi's lion-like pieces (fm draws them as the Eagle's and the falcon's glyphs)
    "HJ": "鷲",
    "TK": "鷹",
    # chu shogi's copies of the ordinary pieces, drawn as the ordinary pieces
    "CHI": "飛",
    "CKA": "角",
    "CKI": "金",
    "CGI": "銀",
    "CRY": "龍",
    "CUM": "馬",
    "CKY": "香",
}
# fm draws a drop of a chu shogi copy as the ordinary piece's (`55飛打`): the two drops
# are compared as one (the copy moves as the ordinary piece; a drop never promotes)
SAME_FACE_DROPS = {"[CHI]": "R", "[CKA]": "B", "[CKI]": "G", "[CGI]": "S", "[CKY]": "L"}
# rules.md's fairy pieces by fm code: their SFEN letters (cli.md) and fm's glyphs
RULES_MD_LETTERS = {
    "SS": "I",
    "HO": "H",
    "KR": "J",
    "QU": "Q",
    "KN": "T",
    "CM": "C",
    "ZB": "Z",
    "GR": "F",
    "L5": "V",
    "R5": "X",
    "GH": "A",
    "NR": "D",
}
ZOO_GLYPHS.update(
    {
        "SS": "獅",
        "HO": "鳳",
        "KR": "麒",
        "QU": "Ｑ",
        "KN": "騎",
        "CM": "駱",
        "ZB": "縞",
        "GR": "き",
        "L5": "伍",
        "R5": "梧",
        "GH": "Ｇ",
        "NR": "夜",
    }
)


def token(zoo):
    """The SFEN name of fm's piece `zoo` for Black: a letter for rules.md's pieces, the
    code in brackets for the others."""
    return RULES_MD_LETTERS.get(zoo, f"[{zoo}]")


STANDARD = {"R": 2, "B": 2, "G": 4, "S": 4, "N": 4, "L": 4, "P": 18}


def load_sfen2fm():
    path = os.environ.get("SFEN2FM", os.path.join(TOOLS, "sfen2fm.py"))
    spec = importlib.util.spec_from_file_location("sfen2fm", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- random positions -------------------------------------------------------------------


def dead(kind, black, rank):
    """Ordinary dead squares (rules.md §3.2), rank seen from the piece's owner."""
    own = rank if black else 10 - rank
    return (kind in "PL" and own == 1) or (kind == "N" and own <= 2)


# pieces with rules about several of a kind on a file (the tori shogi swallow's 三燕 and
# its drop-mate ban): random_position puts more of them on one file and in hand
ON_ONE_FILE = {"TTB"}


def random_position(rng, dense=False, zoo=None, zoo_white=25, zoo_in_hand=True, royal=False):
    """A Black-to-move SFEN: a White king on ranks 1-3, a few White pieces next to it, a
    few Black pieces within three squares, sometimes a Black king far away and pieces in
    Black's hand; White's hand empty (fm is told `+0`). Not checked for legality here:
    yosei refuses what is illegal. `dense`: more pieces on both sides, within two
    squares, so that captures (Andernach) and pieces of one kind facing each other are
    common. `royal`: the kings are pieces of `zoo` (royal), and no other one is put."""
    board = {}
    used = dict.fromkeys(STANDARD, 0)

    def free_near(f, r, d):
        for _ in range(50):
            sq = (f + rng.randint(-d, d), r + rng.randint(-d, d))
            if 1 <= sq[0] <= 9 and 1 <= sq[1] <= 9 and sq not in board:
                return sq
        return None

    def put(sq, kind, black, promoted=False):
        if sq is None or dead(kind, black, sq[1]) and not promoted:
            return
        if used[kind] >= STANDARD[kind]:
            return
        if kind == "P" and not promoted:
            if any(board.get((sq[0], r)) == ("P" if black else "p") for r in range(1, 10)):
                return
        letter = kind if black else kind.lower()
        board[sq] = ("+" if promoted else "") + letter
        used[kind] += 1

    kf, kr = rng.randint(1, 9), rng.randint(1, 3)
    board[(kf, kr)] = "k"
    kinds = "PPPLNSGGBR"
    whites, blacks, reach = ((2, 5), (3, 6), 2) if dense else ((0, 3), (1, 4), 3)
    for _ in range(rng.randint(*whites)):
        kind = rng.choice(kinds)
        put(free_near(kf, kr, 2), kind, False, kind in "PLNSBR" and rng.random() < 0.15)
    for _ in range(rng.randint(*blacks)):
        kind = rng.choice(kinds)
        put(free_near(kf, kr, reach), kind, True, kind in "PLNSBR" and rng.random() < 0.2)
    if rng.random() < 0.3:
        sq = (rng.randint(1, 9), rng.randint(7, 9))
        if sq not in board:
            board[sq] = "K"
    hand = []
    for _ in range(rng.randint(0, 2)):
        kind = rng.choice("PLNSGBR")
        if used[kind] < STANDARD[kind]:
            used[kind] += 1
            hand.append(kind)
    if zoo and royal:
        # the kings become the royal piece: every piece of a royal kind is its side's king
        board = {sq: {"k": token(zoo).lower(), "K": token(zoo)}.get(p, p) for sq, p in board.items()}
        if rng.random() < 0.4:
            # fm's 二玉詰: a 玉 of the defender besides, two files or more away
            for _ in range(50):
                sq = (rng.randint(1, 9), rng.randint(1, 4))
                if abs(sq[0] - kf) >= 2 and sq not in board:
                    board[sq] = "k"
                    break
    elif zoo:
        # one to three of fm's piece `zoo`: Black's near the king or in hand, a White one
        # next to the king now and then (a square where it is dead is refused by yosei
        # and the position skipped)
        black = token(zoo)
        for _ in range(rng.randint(1, 2)):
            sq = free_near(kf, kr, 3)
            if sq is not None and not (zoo in ON_ONE_FILE and sq[1] == 1):
                board[sq] = black
        if zoo in ON_ONE_FILE:
            # the swallow's rules (no three on a file, no mate by a drop) want several:
            # two on one file near the king (counting those there) and one or two in hand
            f = min(9, max(1, kf + rng.randint(-1, 1)))
            for r in rng.sample(range(kr + 1, 10), 8 - kr):
                if sum(board.get((f, q)) == black for q in range(1, 10)) < 2:
                    board.setdefault((f, r), black)
            if zoo_in_hand:
                hand += [black] * rng.randint(1, 2)
        elif rng.random() < 0.4 and zoo_in_hand:
            hand.append(black)
        if rng.random() < zoo_white / 100:
            sq = free_near(kf, kr, 2)
            if sq is not None:
                board[sq] = black.lower()
    rows = []
    for r in range(1, 10):
        row, empty = "", 0
        for f in range(9, 0, -1):
            piece = board.get((f, r))
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        rows.append(row + (str(empty) if empty else ""))
    counts = {k: hand.count(k) for k in [*"RBGSNLP", token(zoo or "")] if k in hand}
    hand_text = "".join((str(n) if n > 1 else "") + k for k, n in counts.items()) or "-"
    return "/".join(rows) + " b " + hand_text + " 1"


# --- one notation -----------------------------------------------------------------------


def usi_square(text):
    return int(text[0]), ord(text[1]) - ord("a") + 1


def from_usi(move):
    """('G', None, to, False, None, None) for a drop; (None, from, to, promote, displaced,
    via). A two-step `1h1f1e` keeps its intermediate square, as fm writes it first
    (`16-15蝗<18`, the Locust's capture of the piece on 16): a 飛鷲's leap to 2 squares
    away and its capture on 1 square away going on there differ only by it. The pass of
    a 飛鷲 or 角鷹 through its own square (`5e5e5e`) has none, as fm's `55鷲居`."""
    main, _, displaced = move.partition("/")
    where = usi_square(displaced) if displaced else None
    if "*" in main:
        kind, _, to = main.partition("*")
        return (SAME_FACE_DROPS.get(kind, kind), None, usi_square(to), False, None, None)
    squares = main.rstrip("+")
    origin, to = usi_square(squares[0:2]), usi_square(squares[-2:])
    via = usi_square(squares[2:4]) if len(squares) == 6 else None
    if via == origin:
        via = None
    return (None, origin, to, main.endswith("+"), where, via)


# (転: fm's mark of a piece changing colour under Andernach, after the promotion mark;
# `16-15蝗<18`: the Locust's capture of the piece on 16, landing on 15)
# (a piece drawn 成, fm's promoted dai shogi piece `DNK`, is the piece itself: `84成<83`)
FM_MOVE = re.compile(r"^(?:(\d\d)-)?(\d\d|同)(\$?)([^\d<>/打居成生]+|成)(成|生)?転?(?:(打)|<(\d\d)(?:/(\d\d)\D*)?|居)$")


def from_fm(move, previous_to, zoo=None):
    m = FM_MOVE.match(move)
    if not m:
        raise ValueError(f"fm move not understood: {move}")
    first, square, _, piece, promotion, drop, origin, displaced = m.groups()
    to = previous_to if square == "同" else (int(square[0]), int(square[1]))
    if drop:
        kind = token(zoo) if zoo and piece == ZOO_GLYPHS[zoo] else FM_KINDS[piece]
        return (SAME_FACE_DROPS.get(kind, kind), None, to, False, None, None)
    if origin is None:
        # 居: a pass (`to = from`)
        return (None, to, to, False, None, None)
    where = (int(displaced[0]), int(displaced[1])) if displaced else None
    via = (int(first[0]), int(first[1])) if first else None
    return (None, (int(origin[0]), int(origin[1])), to, promotion == "成", where, via)


def normalise(line, conditions):
    """A solution as a tuple of moves; under アンチキルケ a capturer already at home stays
    (no displacement), however a side writes it; a two-step to the last move's square
    loses its first square, as fm writes it (同)."""
    out = []
    previous_to = None
    for move in line:
        drop, origin, to, promote, where, via = move
        if "anticirce" in conditions and where == to:
            where = None
        if to == previous_to:
            # fm writes a move to the last move's square 同, without a two-step's first
            # square (sub.c make_move): a 飛鷲's or 角鷹's leap and double step there
            # read alike
            via = None
        out.append((drop, origin, to, promote, where, via))
        previous_to = to
    return tuple(out)


def mirrored(move):
    """The move reflected through file 5."""
    drop, origin, to, promote, where, via = move

    def flip(sq):
        return None if sq is None else (10 - sq[0], sq[1])

    return (drop, flip(origin), flip(to), promote, flip(where), flip(via))


def board_of(sfen):
    """{(file, rank): SFEN piece} of an SFEN's board."""
    board = {}
    for rank, row in enumerate(sfen.split()[0].split("/"), start=1):
        file, promoted, code = 9, "", ""
        for c in row:
            if code or c == "[":
                # fm's further pieces are written [WA] (digits too: [R4])
                code += c
                if c == "]":
                    board[(file, rank)] = code
                    file, code = file - 1, ""
            elif c.isdigit():
                file -= int(c)
            elif c == "+":
                promoted = "+"
            else:
                board[(file, rank)] = promoted + c
                file, promoted = file - 1, ""
    return board


def play(board, move, conditions, black):
    """The board after `move` of Black (`black`) or White (hands are not tracked)."""
    drop, origin, to, promote, where, via = move
    after = dict(board)
    if drop:
        after[to] = drop if black else drop.lower()
        return after
    piece = after.pop(origin)
    captured = after.get(to)
    if via is not None:
        # a two-step captures on its intermediate square: the Locust the piece it hops
        # over (landing on an empty square), a 飛鷲 or 角鷹 the piece it steps on
        taken = after.pop(via, None)
        captured = taken if captured is None else captured
    turn = turns(piece, captured, conditions, board, to, black)
    if promote:
        piece = "+" + piece
    if turn:
        piece = piece.swapcase()
    after[to] = piece
    if where is not None and captured is not None:
        if "anticirce" in conditions:
            del after[to]
            after[where] = piece
        elif "circe" in conditions:
            after[where] = captured.lstrip("+")
        else:  # PWC
            after[where] = captured
    return after


# the SFEN names (upper case) of the kinds declared royal in the run (`--royal`)
ROYAL_TOKENS = set()


def turns(piece, captured, conditions, board, to, black):
    """Whether the moving piece changes colour under Andernach / Anti-Andernach (fm's
    test: its kind before promotion, as the opponent's on `to`, neither dead nor a
    second pawn on the file, the board before the move; a royal piece never does)."""
    wanted = ("andernach" in conditions and captured is not None) or (
        "anti-andernach" in conditions and captured is None
    )
    kind = piece.lstrip("+").upper()
    if not wanted or kind == "K" or kind in ROYAL_TOKENS:
        return False
    if not piece.startswith("+") and dead(kind, not black, to[1]):
        return False
    theirs = "p" if black else "P"
    return kind != "P" or piece.startswith("+") or all(board.get((to[0], r)) != theirs for r in range(1, 10))


def symmetric(board):
    return all(board.get((10 - f, r)) == piece for (f, r), piece in board.items())


def canonical(line, board, conditions):
    """`line` with its continuation from each position symmetric about file 5 written as
    the smaller of it and its mirror image. fm lists one of two mirror-image
    continuations from such a position (h_check.c, h_escape.c: test_symmetric); writing
    both sets this way compares them modulo that."""
    line = list(line)
    for k in range(len(line)):
        if symmetric(board):
            flipped = [mirrored(m) for m in line[k:]]
            if repr(flipped) < repr(line[k:]):
                line[k:] = flipped
        board = play(board, line[k], conditions, k % 2 == 0)
    return tuple(line)


# --- the two solvers ----------------------------------------------------------------------


def solve_yosei(binary, sfen, conditions, fairy_capture="hold", fm_text=None, fairy_promotion="none"):
    """yosei's solutions of `sfen`, or of `fm_text` (fm's declarations and line) when
    given."""
    source = sfen
    if fm_text is not None:
        handle, source = tempfile.mkstemp(suffix=".fm")
        with os.fdopen(handle, "w") as f:
            f.write(fm_text)
    try:
        return run_yosei(binary, source, conditions, fairy_capture, fairy_promotion)
    finally:
        if fm_text is not None:
            os.remove(source)


# where yosei starts a fairy piece for キルケ / アンチキルケ (`--fairy-home`): rules.md's
# nowhere, or fm's second rank
FAIRY_HOME = "none"


def run_yosei(binary, source, conditions, fairy_capture, fairy_promotion="none"):
    cmd = [binary, "solve", source, "--stip", "help:3", "--format", "json", "--threads", "1", "--hash", "64"]
    cmd += ["--fairy-capture", fairy_capture, "--fairy-promotion", fairy_promotion]
    # fm's reading of the Lion's pass: with no empty neighbour too (h_check.c
    # help_check_shishi_leap, docs/rules/fairy-pieces.md)
    cmd += ["--lion-pass", "any"]
    cmd += ["--fairy-home", FAIRY_HOME]
    for c in conditions:
        cmd += ["--cond", c]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if out.returncode not in (0, 1) or not out.stdout.strip():
        return None, out.stderr.strip()
    answer = json.loads(out.stdout.splitlines()[0])
    if answer.get("verdict") not in ("solved", "no-solution"):
        return None, answer.get("verdict")
    if answer.get("length") not in (None, 3):
        # yosei reports the shortest mate (早詰); fm's #3 lists exactly 3 plies
        return None, "shorter"
    return {normalise([from_usi(m) for m in s], conditions) for s in answer["solutions"]}, None


def fm_line(sfen2fm, sfen, rule, zoo, hold=True, spares=0, promote=False, royal=False):
    """fm's one-line form of `sfen` and fm's switches. sfen2fm knows the ordinary pieces
    only: the position is written without fm's further pieces, which are then put in (fm
    reads its codes, `55WA`) and declared by /EF1, holdable (`@H`) when `hold`, counting
    `spares` more than are in play; with spares the defender's hand is left unwritten."""
    if not zoo:
        return sfen2fm.conv(sfen, rule, 3), []
    name = token(zoo)
    board, side, hands = sfen.split()[:3]
    black = sorted(sq for sq, p in board_of(sfen).items() if p == name)
    white = sorted(sq for sq, p in board_of(sfen).items() if p == name.lower())
    held = hands.count(name)
    plain_board = re.sub(f"{re.escape(name)}|{re.escape(name.lower())}", "1", board)
    plain_board = "/".join(re.sub(r"\d+", lambda m: str(sum(map(int, m.group()))), row) for row in plain_board.split("/"))
    plain_hands = hands.replace(name, "") or "-"
    line = sfen2fm.conv(f"{plain_board} {side} {plain_hands} 1", rule, 3)
    if ZOO_GLYPHS[zoo] in ("龍", "馬"):
        # fm reads 龍 (馬) on the board as a declared chu shogi dragon (horse), whose slot
        # comes before the promoted ordinary pieces: the ordinary ones by their codes
        line = line.replace("龍", "RY").replace("馬", "UM")
    head, _, rest = line.partition(" ")
    attacker, _, defender = rest.partition(", ")
    squares = lambda sqs: "".join(f"{f}{r}{zoo}" for f, r in sqs)
    attacker = squares(black) + attacker
    if held:
        attacker += (zoo if " +" in attacker else f" +{zoo}") + (str(held) if held > 1 else "")
    if spares:
        defender = defender.replace(" +0 ", " ")
    line = f"{head} {attacker}, {squares(white)}{defender}"
    if royal:
        # fm counts no royal piece; its tori phoenix is royal by its table
        return line, [f"/EF1={zoo}" + ("" if zoo in ("THO", "TS") else "@R")]
    attributes = ("H" if hold else "") + ("P" if promote else "")
    return line, [f"/EF1={zoo}#{len(black) + len(white) + held + spares}" + (f"@{attributes}" if attributes else "")]


def solve_fm(fm_solve, fm_bin, line, conditions, switches=(), zoo=None):
    env = dict(os.environ, FM_BIN=fm_bin, FM_TIMEOUT="60")
    try:
        # fm's output may carry a stray byte where a line is cut (long hands)
        out = subprocess.run(
            [fm_solve, line, *switches], capture_output=True, text=True, errors="replace", env=env, timeout=120
        )
    except subprocess.TimeoutExpired:
        return None, "timeout"
    text = out.stdout
    if "全検完了" not in text:
        return None, text[-400:]
    solutions = set()
    for row in text.splitlines():
        if "まで" not in row:
            continue
        moves = row.split("まで")[0].split()
        parsed, previous = [], None
        for m in moves:
            move = from_fm(m, previous, zoo)
            previous = move[2]
            parsed.append(move)
        solutions.add(normalise(parsed, conditions))
    return solutions, None


def show(solution):
    parts = []
    for drop, origin, to, promote, where, via in solution:
        middle = f"{via[0]}{via[1]}" if via else ""
        text = f"{drop}*{to[0]}{to[1]}" if drop else f"{origin[0]}{origin[1]}{middle}{to[0]}{to[1]}"
        text += "+" if promote else ""
        text += f"/{where[0]}{where[1]}" if where else ""
        parts.append(text)
    return " ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sets", nargs="*", help="condition sets, e.g. annan+circe")
    parser.add_argument("--zoo", default="", help="fm codes of further pieces, e.g. WA,DA,EM")
    parser.add_argument(
        "--zoo-white",
        type=int,
        default=25,
        help="percentage of --zoo positions with a White one of the piece (0: Black's only)",
    )
    parser.add_argument("--count", type=int, default=40, help="problems compared per set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--yosei", default="target/release/yosei")
    parser.add_argument("--dense", action="store_true", help="more pieces, closer: more captures")
    parser.add_argument(
        "--fairy-home",
        choices=["none", "second-rank"],
        default="none",
        help="yosei's --fairy-home: second-rank is fm's reading of where a fairy piece starts under キルケ and アンチキルケ",
    )
    parser.add_argument("--examples", type=int, default=3, help="disagreements shown per set")
    parser.add_argument(
        "--spares",
        type=int,
        default=0,
        help="declare the --zoo piece N more than in play, the defender's hand unwritten (yosei reads fm's text)",
    )
    parser.add_argument(
        "--discard",
        action="store_true",
        help="declare the --zoo piece without H (captures discard it) and solve yosei with --fairy-capture discard",
    )
    parser.add_argument(
        "--royal",
        action="store_true",
        help="the kings are the --zoo piece, declared royal (@R; THO and TS are royal as they are), the defender "
        "sometimes with a 玉 besides (二玉詰); yosei reads fm's text",
    )
    parser.add_argument(
        "--promote",
        action="store_true",
        help="declare the --zoo piece promotable (@P) and solve yosei with --fairy-promotion",
    )
    args = parser.parse_args()
    global FAIRY_HOME
    FAIRY_HOME = args.fairy_home
    fm_bin = os.environ.get("FM")
    if not fm_bin:
        sys.exit("FM=path/to/fmza is required")
    fm_solve = os.environ.get("FM_SOLVE", os.path.join(TOOLS, "fm-solve.sh"))
    sfen2fm = load_sfen2fm()
    any_disagreement = False
    zoo_codes = [c for c in args.zoo.split(",") if c]
    runs = [(words, zoo) for zoo in zoo_codes or [None] for words in args.sets or ([""] if zoo_codes else [])]
    if not runs:
        sys.exit("give condition sets, --zoo codes, or both")
    if (args.discard or args.spares or args.promote) and not zoo_codes:
        sys.exit("--discard, --spares and --promote need --zoo codes")
    if args.royal and not zoo_codes:
        sys.exit("--royal needs --zoo codes")
    if args.royal and (args.discard or args.spares or args.promote):
        sys.exit("--royal puts no other piece of the kind in play: it goes without --discard, --spares, --promote")
    if args.discard and args.spares:
        sys.exit("--spares declares the piece held; it does not go with --discard")
    fairy_capture = "discard" if args.discard else "hold"
    for words, zoo in runs:
        ROYAL_TOKENS.clear()
        if args.royal:
            ROYAL_TOKENS.add(token(zoo).upper())
        conditions = [c for c in words.split("+") if c]
        rule = "".join(FM_WORDS[c] for c in conditions) + "ばか詰"
        rng = random.Random(f"{args.seed}:{words}" + (f":{zoo}" if zoo else ""))
        label = "+".join(filter(None, [words, zoo and f"[{zoo}]"]))
        compared = agreed = mirror_pruned = refused = shorter = skipped = with_solutions = changed = promoted = 0
        two_royals = 0
        promotion = token(zoo) if args.promote else "none"
        disagreements = []
        attempts = 0
        while compared < args.count and attempts < args.count * 20:
            attempts += 1
            sfen = random_position(
                rng, args.dense, zoo, args.zoo_white, zoo_in_hand=not args.discard, royal=args.royal
            )
            line, switches = fm_line(
                sfen2fm,
                sfen,
                rule,
                zoo,
                hold=not args.discard,
                spares=args.spares,
                promote=args.promote,
                royal=args.royal,
            )
            fm_text = "\n".join([*switches, line]) + "\n" if args.spares or args.royal else None
            ours, why = solve_yosei(args.yosei, sfen, conditions, fairy_capture, fm_text, promotion)
            if ours is None:
                shorter += why == "shorter"
                refused += why != "shorter"
                continue
            theirs, why = solve_fm(fm_solve, fm_bin, line, conditions, switches, zoo)
            if theirs is None:
                skipped += 1
                continue
            compared += 1
            with_solutions += bool(ours or theirs)
            # (a 玉 of the defender besides its royal piece: fm's 二玉詰)
            two_royals += args.royal and "k" in board_of(sfen).values()
            if args.discard:
                held, _ = solve_yosei(args.yosei, sfen, conditions)
                changed += held != ours
            if args.promote:
                plain, _ = solve_yosei(args.yosei, sfen, conditions, fairy_capture, fm_text)
                promoted += plain != ours
            if ours == theirs:
                agreed += 1
            elif theirs <= ours and {canonical(x, board_of(sfen), conditions) for x in ours} == {
                canonical(x, board_of(sfen), conditions) for x in theirs
            }:
                agreed += 1
                mirror_pruned += 1
            else:
                disagreements.append((sfen, " ".join([line, *switches]), ours - theirs, theirs - ours))
        print(
            f"{label}: compared {compared} (with solutions {with_solutions}), agree {agreed} "
            f"({mirror_pruned} of them after fm's mirror pruning), "
            f"disagree {len(disagreements)}; skipped: refused by yosei {refused}, mate in 1 {shorter}, "
            f"fm incomplete {skipped}"
            + (f"; changed by discarding {changed}" if args.discard else "")
            + (f"; changed by promotion {promoted}" if args.promote else "")
            + (f"; with two royal pieces of the defender (二玉詰) {two_royals}" if args.royal else "")
        )
        for sfen, line, only_ours, only_theirs in disagreements[: args.examples]:
            any_disagreement = True
            print(f"  {sfen}\n  fm: {line}")
            print(f"    only yosei: {sorted(show(s) for s in only_ours)}")
            print(f"    only fm:    {sorted(show(s) for s in only_theirs)}")
        any_disagreement |= bool(disagreements)
    sys.exit(1 if any_disagreement else 0)


if __name__ == "__main__":
    main()
