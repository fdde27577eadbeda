#!/usr/bin/env python3
"""Random small helpmates solved by yosei and by fm under one condition; compares the
number of solutions (exactly N plies). Outside CI: needs fm (FM_BIN, see
/work/shared/tools/fm-linux/README.md) and a built yosei (YOSEI, default
target/release/yosei).

usage: fm_compare_conditions.py COND[+COND…] [COUNT] [SEED] [PLIES] [STIP]
  STIP: help (default, fm's ばか詰 #PLIES), helpstale (ばかステイルメイト, the same
  positions), helpself (ばか自殺詰 #PLIES; helpselfstale, ばか自殺ステイルメイト, alike: White moves
  first when PLIES is odd, as fm reads it, though fm finds nothing at #1, ordinary
  rules too, where its #3 finds the 1-ply solutions: compare from 2 plies; positions of
  their own: Black's king on the bottom rank, pairs of one kind, White a piece or two
  in hand) or tsume
  (かしこ詰 #PLIES: yosei's `tsume` value and main line against fm's mates within
  PLIES; agreement is the same shortest length, or no mate within PLIES on both sides,
  and yosei's main line among fm's lines, counted apart: fm prints one of several, and
  writes a swap as a plain move, `同金<55`; the swaps counted are yosei's), or mate
  (yosei's `mate:PLIES`, mate in ≤ PLIES, its value and first line, compared alike).
  With CHANGED=1 in the environment, yosei also solves each position without the
  condition and counts those whose answer (count, length) it changes.
  COND: a cli.md condition name (no-promotion, no-capture, greedy, ...); its fm word is
  taken from the table below. `king-square:near` is 王位置 (fm's `位置[SQ]`) with SQ
  drawn per position: the mated king's square or one next to it, never 11 (fm reads 11
  as square 0, its "no square": docs/rules/king-square.md). Positions are biased towards the rules' cases: pieces near
  the promotion zones (both sides), pieces next to each other (captures), a gold or
  silver in Black's hand (under uchifu always a pawn); under messigny, messigny-eu and messigny-jp also pieces of one
  kind on both sides and often a Black king (swaps); under nekosen and nekonekosen also
  pieces of either side stacked along a file near the king (lines), and with STONES=1
  in the environment often a stone (SFEN O, fm's 石) among them (nekosen only: fm
  crashes on a stone under nekonekosen, and yosei refuses it). Agreement: the same number of
  solutions and, where yosei lists them all, the same lines (fm's read into USI, a
  swap `21金<>55` as `5e<>2a`). Under nekosen and nekonekosen a difference where fm
  misses lines that all hold an attacker's drop through the middle piece of the odd line
  it makes is counted apart, as fm's drop slip (docs/rules/nekosen.md); with andernach or
  anti-andernach among the conditions that test follows the pieces' changes of colour.
  Under koko with madrasi, k-madrasi, annan, anhoku, taimen, haimen, nekosen or
  nekonekosen a difference where
  fm misses lines that all hold an attacker's drop whose piece does not reach the king
  (the check is another piece's, made valid by the drop standing next to the king's
  square) is counted as fm's drop slip too (docs/rules/koko.md, "Combinations")."""
import json, os, random, re, subprocess, sys

FM_WORD = {
    'no-promotion': '成禁', 'no-promotion-absolute': '絶対成禁', 'no-capture': '取禁',
    'attacker-no-capture': '攻方取禁', 'uchifu-allowed': '打歩可', 'greedy': '強欲',
    'ascetic': '禁欲', 'none': '',
    'messigny': 'MESSIGNY', 'messigny-eu': '!ME', 'messigny-jp': '!MJ',
    'annan': '安南', 'anhoku': '安北', 'taimen': '対面', 'haimen': '背面', 'madrasi': 'マドラシ',
    'k-madrasi': 'Ｋマドラシ',
    'nekosen': 'ネコ鮮', 'nekonekosen': 'ネコネコ鮮', 'kiki-nifu-invalid': '二歩王取無効',
    'andernach': 'ANDERNACH', 'anti-andernach': 'ANTIANDERNACH', 'koko': 'KOKO',
    'isardam': 'ISARDAM', 'isardam-b': 'ISARDAM（タイプB）', 'uchifu': '打歩詰',
    'circe': 'キルケ', 'anticirce': 'アンチキルケ', 'pwc': 'PWC',
}
TOOLS = os.environ.get('FM_TOOLS', '/work/shared/tools/fm-linux')
sys.path.insert(0, TOOLS)
from sfen2fm import conv  # noqa: E402

KINDS = ['P', 'L', 'N', 'S', 'G', 'B', 'R', '+P', '+S', '+R']

def random_helpself_sfen(rng):
    """ばか自殺詰: White's king near the top with Black pieces around it (checks) and a
    White guard or two (else Black's king escapes every mate by swapping onto it), Black's
    king on the bottom rank hemmed in by its own pieces, White pieces near it and a
    piece or two in White's hand (mates), pairs of one kind on both sides (swaps)."""
    board = {}
    wk, bk = (rng.randint(1, 9), rng.randint(1, 3)), (rng.randint(1, 9), 9)
    board[wk], board[bk] = 'k', 'K'
    def near(sq, d):
        return (min(9, max(1, sq[0] + rng.randint(-d, d))), min(9, max(1, sq[1] + rng.randint(-d, d))))
    class Board(dict):  # no dead piece (else yosei and fm refuse the position)
        def setdefault(self, sq, p):
            own = sq[1] if p.isupper() else 10 - sq[1]
            if not ((p.upper() in 'PL' and own == 1) or (p.upper() == 'N' and own <= 2)):
                dict.setdefault(self, sq, p)
    board = Board(board)
    for _ in range(rng.randint(1, 3)):
        board.setdefault(near(wk, 2), rng.choice(['G', 'S', 'R', 'B', '+P', 'N', 'L']))
    for _ in range(rng.randint(1, 2)):  # guards: Black's king may not swap onto White's
        board.setdefault(near(wk, 1), rng.choice(['g', 's', 'p']))
    for _ in range(rng.randint(1, 2)):
        board.setdefault(near(bk, 1), rng.choice(['G', 'S', 'P', 'L']))
    for _ in range(rng.randint(1, 2)):
        board.setdefault(near(bk, 2), rng.choice(['g', 's', 'n', 'l', '+p', 'r', 'b']))
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice(['G', 'S', 'R', 'B', '+P'])
        board.setdefault(near(wk, 3), kind)
        board.setdefault(near(bk, 3), kind.lower())
    hand = ''.join(rng.sample(['G', 'S', 'P'], rng.randint(0, 1)))
    hand += ''.join(rng.sample(['g', 's', 'r', 'b'], rng.randint(1, 2)))
    return sfen_of(board, 'b ' + hand + ' 1')

def random_sfen(rng, messigny=False, lines=False, stones=False, hand=(0, 2), pawn=False):
    board = {}
    wk = (rng.randint(1, 9), rng.randint(1, 3))
    board[wk] = 'k'
    def near(sq, d):
        return (min(9, max(1, sq[0] + rng.randint(-d, d))), min(9, max(1, sq[1] + rng.randint(-d, d))))
    for _ in range(rng.randint(1, 3)):  # White defenders next to the king
        board.setdefault(near(wk, 1), rng.choice(['g', 's', 'p', 'n', 'l']))
    for _ in range(rng.randint(2, 4)):  # Black attackers around it
        board.setdefault(near(wk, 3), rng.choice(KINDS))
    for _ in range(rng.randint(0, 2)):  # White pieces in Black's camp: they may promote
        board.setdefault((rng.randint(1, 9), rng.randint(6, 8)), rng.choice(['p', 's', 'l', 'n', 'r']))
    if messigny:  # pieces of one kind on both sides, sometimes a Black king: swaps
        if rng.random() < 0.5:
            board.setdefault((rng.randint(1, 9), rng.randint(4, 9)), 'K')
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(['P', 'L', 'N', 'S', 'G', 'G', 'B', 'R', '+P'])
            board.setdefault(near(wk, 3), kind)
            board.setdefault((rng.randint(1, 9), rng.randint(1, 9)), kind.lower())
    if lines:  # ネコ鮮, ネコネコ鮮: pieces stacked along a file, near the king, either side
        for _ in range(rng.randint(1, 3)):
            file, rank = near(wk, 2)
            for r in range(rank, min(9, rank + rng.randint(1, 3)) + 1):
                kind = rng.choice(KINDS + ['N', 'L', 'G'])
                board.setdefault((file, r), kind if rng.random() < 0.6 else kind.lower())
        if stones and rng.random() < 0.5:  # a stone in or next to a line
            board.setdefault(near(wk, 2), 'O')
    hand = ''.join(rng.sample(['G', 'S', 'P', 'N', 'B', 'R'], rng.randint(*hand)))
    if pawn and 'P' not in hand:  # 打歩詰: the mate is a pawn drop
        hand += 'P'
    return sfen_of(board, 'b ' + (hand or '-') + ' 1')

# fm's rule word and yosei's stipulation of each STIP
FM_RULE = {'help': 'ばか詰', 'helpself': 'ばか自殺詰', 'tsume': 'かしこ詰', 'mate': 'かしこ詰',
           'helpstale': 'ばかステイルメイト', 'helpselfstale': 'ばか自殺ステイルメイト'}

def yosei_sfen(sfen, stip, plies):
    """The SFEN yosei is given: fm's odd ばか自殺詰 starts with White."""
    if stip in ('helpself', 'helpselfstale') and plies % 2:
        return sfen.replace(' b ', ' w ', 1)
    return sfen

def yosei(sfen, cond, plies, stip='help'):
    exe = os.environ.get('YOSEI', 'target/release/yosei')
    wanted = 'tsume' if stip == 'tsume' else f'{stip}:{plies}'
    args = [exe, 'solve', yosei_sfen(sfen, stip, plies), '--stip', wanted, '--format', 'json', '--nodes', '5000000']
    if cond != 'none':
        for c in cond.split('+'):
            args += ['--cond', c]
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        print(f'SKIPPED (yosei over 120 s): {sfen}')
        return None
    if out.returncode not in (0, 2) or not out.stdout.strip():
        return None  # an invalid random position
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if result['verdict'] == 'unknown':
        return None
    if stip in ('tsume', 'mate'):  # the value and the main line (mate:N's first)
        if result['verdict'] != 'solved':
            return 0, None, set()
        return 1, result['length'], {tuple(result['solutions'][0])}
    # fm looks for no shorter stalemate (its early end, HELP_ESCAPE_PART_2 in h_escape.c,
    # asks for a mate only): yosei's solutions of exactly PLIES beside its 早詰 are fm's
    exact = result.get('exact_length_solutions')
    if stip in ('helpstale', 'helpselfstale') and exact:
        return exact['solution_count'], plies, {tuple(line) for line in exact['solutions']}
    # a shorter mate (早詰) is what yosei reports; fm prints it beside the full-length ones
    lines = {tuple(line) for line in result.get('solutions', [])}
    return result.get('solution_count', 0), result.get('length') or plies, lines

def board_of(sfen):
    """{(file, rank): letter} of an SFEN board."""
    board = {}
    for rank, row in enumerate(sfen.split()[0].split('/'), 1):
        file, prom = 9, ''
        for c in row:
            if c.isdigit():
                file -= int(c)
            elif c == '+':
                prom = '+'
            else:
                board[(file, rank)] = prom + c
                file -= 1
                prom = ''
    return board

def sfen_of(board, rest):
    rows = []
    for rank in range(1, 10):
        row, empty = '', 0
        for file in range(9, 0, -1):
            p = board.get((file, rank))
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty); empty = 0
            row += p
        rows.append(row + (str(empty) if empty else ''))
    return '/'.join(rows) + ' ' + rest

def fm_word(c):
    """fm's word for the cli.md condition `c`."""
    if c.startswith('king-square:'):
        return f'位置[{c.split(":", 1)[1]}]'
    return FM_WORD[c]

def drawn_king_square(cond, sfen, stip, rng):
    """`cond` with `king-square:near` replaced by a square drawn for `sfen`: the square
    of the king that is to be mated (Black's under helpself and helpselfstale, else
    White's), or one next to it (not 11)."""
    if 'king-square:near' not in cond.split('+'):
        return cond
    mated = 'K' if stip in ('helpself', 'helpselfstale') else 'k'
    king = next(sq for sq, p in board_of(sfen).items() if p == mated)
    while True:
        f, r = (min(9, max(1, king[0] + rng.randint(-1, 1))), min(9, max(1, king[1] + rng.randint(-1, 1))))
        if rng.random() < 0.4:
            f, r = king
        if (f, r) != (1, 1):
            return '+'.join(f'king-square:{f}{r}' if c == 'king-square:near' else c for c in cond.split('+'))

def fm(sfen, cond, plies, length, stip='help'):
    # stones (SFEN O) are no side's; fm lists them among the attacker's pieces as 石
    board = board_of(sfen)
    stones = sorted(sq for sq, p in board.items() if p == 'O')
    plain = sfen_of({sq: p for sq, p in board.items() if p != 'O'}, sfen.split(' ', 1)[1])
    line = conv(plain, ''.join(fm_word(c) for c in cond.split('+')) + FM_RULE[stip], plies)
    if stones:
        head, tail = line.split(' ', 1)
        line = head + ' ' + ''.join(f'{f}{r}石' for f, r in stones) + tail
    out = subprocess.run([f'{TOOLS}/fm-solve.sh', line], capture_output=True, text=True, timeout=300).stdout
    if '全検完了' not in out:
        return None
    # a long line is wrapped: its "まで N手" then stands on a line of its own
    out = re.sub(r'\n(まで \d+手)', r' \1', out)
    if stip in ('tsume', 'mate'):  # fm lists mates within PLIES: the shortest, and their lines
        ends = [int(n) for n in re.findall(r'まで (\d+)手', out)]
        if not ends:
            return 0, line, set(), None
        shortest = min(ends)
        lines = {fm_line_to_usi(m.group(1)) for m in re.finditer(rf'^(.*) まで {shortest}手', out, re.M)}
        return 1, line, lines, shortest
    lines = {fm_line_to_usi(m.group(1)) for m in re.finditer(rf'^(.*) まで {length}手', out, re.M)}
    return len(re.findall(rf'まで {length}手', out)), line, lines

FM_LETTER = {'歩': 'P', '香': 'L', '桂': 'N', '銀': 'S', '金': 'G', '角': 'B', '飛': 'R'}
# 転: fm's mark of a piece changing colour under Andernach, after the promotion mark
FM_MOVE = re.compile(r'(同|\d\d)([^\d<]+?)(成|生)?転?(打|<>\d\d|<\d\d)')

def fm_line_to_usi(text):
    """fm's solution line (`12歩打 同金<21 同金<>55`) as USI moves (`P*1b 2a1b 5e<>1b`)."""
    sq = lambda d: d[0] + 'abcdefghi'[int(d[1]) - 1]
    moves, last = [], None
    # an Anti-Circe return or a Circe rebirth is written after the move (`11飛生<14/28飛`)
    text = re.sub(r'/\d\d\S*', '', text)
    for dest, piece, prom, origin in FM_MOVE.findall(text):
        dest = last if dest == '同' else dest
        last = dest
        if origin == '打':
            moves.append(f'{FM_LETTER[piece]}*{sq(dest)}')
        elif origin.startswith('<>'):
            moves.append(f'{sq(origin[2:])}<>{sq(dest)}')
        else:
            moves.append(sq(origin[1:]) + sq(dest) + ('+' if prom == '成' else ''))
    return tuple(moves)

def makes_middle_by_drop(sfen, moves, cond):
    """Whether an attacker's drop in `moves` (USI, from `sfen`) makes, under ネコ鮮 or
    ネコネコ鮮, an odd line of three or more whose middle piece is not the dropped one:
    the drops fm's checking-drop shortcut judges with the middle piece's power from
    before the drop (docs/rules/nekosen.md, "Comparison with fm")."""
    if 'neko' not in cond:
        return False
    board = board_of(sfen)
    usi_sq = lambda t: (int(t[0]), 'abcdefghi'.index(t[1]) + 1)
    for ply, m in enumerate(moves):
        black = ply % 2 == 0
        if '*' in m:
            to = usi_sq(m[2:4])
            board[to] = m[0] if black else m[0].lower()
            if black:
                side = lambda p: p.isupper() if 'nekoneko' not in cond else True
                member = lambda sq: sq in board and board[sq] != 'O' and side(board[sq].lstrip('+'))
                top = bottom = to[1]
                while member((to[0], top - 1)):
                    top -= 1
                while member((to[0], bottom + 1)):
                    bottom += 1
                length = bottom - top + 1
                if length >= 3 and length % 2 == 1 and (top + bottom) // 2 != to[1]:
                    return True
        elif '<>' in m:  # a Messigny swap
            a, b = usi_sq(m[0:2]), usi_sq(m[4:6])
            board[a], board[b] = board[b], board[a]
        else:
            play_board_move(board, m, cond)
    return False

# Black's steps (file, rank) per ordinary power (rank 1 is Black's far side); the
# riders' lines are unbounded on fm's empty-board table.
GOLD = [(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)]
STEPS = {
    'P': [(0, -1)], 'N': [(1, -2), (-1, -2)], 'S': [(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)],
    'G': GOLD, '+P': GOLD, '+L': GOLD, '+N': GOLD, '+S': GOLD,
    'K': [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)],
    '+B': [(0, -1), (0, 1), (1, 0), (-1, 0)], '+R': [(1, 1), (1, -1), (-1, 1), (-1, -1)],
}
LINES = {'L': [(0, -1)], 'B': [(1, 1), (1, -1), (-1, 1), (-1, -1)], 'R': [(0, -1), (0, 1), (1, 0), (-1, 0)]}
LINES['+B'], LINES['+R'] = LINES['B'], LINES['R']

def black_reaches_on_empty_board(kind, frm, to):
    """Whether a Black piece of power `kind` ('G', '+R'…) on `frm` reaches `to` on an
    empty board (fm's `hi_to_board`, the table its drop shortcuts ask)."""
    df, dr = to[0] - frm[0], to[1] - frm[1]
    if (df, dr) in STEPS.get(kind, []):
        return True
    return any(df * ur - dr * uf == 0 and df * uf + dr * ur > 0 for uf, ur in LINES.get(kind, []))

def koko_drop_slip(sfen, moves, cond):
    """Whether an attacker's drop in `moves` (USI, from `sfen`) checks only through Koko:
    under Koko with Madrasi or 安南, 安北, 対面, 背面, fm's checking-drop shortcut
    (`help_check_place_sub_madrasi`, `_annanhoku`, `_taihaimen`) tries only a drop whose
    piece reaches the king with the power it will have on an empty board (or, under
    安南 and 安北, lends its power to a piece that then does), so it never tries a drop
    that gives check by standing next to the king's square, which makes another piece's
    capture of the king land next to a piece (docs/rules/koko.md, "Combinations")."""
    conds = cond.split('+')
    shortcut = {'madrasi', 'k-madrasi', 'annan', 'anhoku', 'taimen', 'haimen', 'nekosen', 'nekonekosen'}
    if 'koko' not in conds or not (shortcut & set(conds)):
        return False
    board = board_of(sfen)
    usi_sq = lambda t: (int(t[0]), 'abcdefghi'.index(t[1]) + 1)
    black_at = lambda sq: sq in board and board[sq] != 'O' and board[sq].lstrip('+').isupper()
    white_at = lambda sq: sq in board and board[sq] != 'O' and board[sq].lstrip('+').islower()
    kind_at = lambda sq: board[sq].upper()
    for ply, m in enumerate(moves):
        if '*' in m:
            to = usi_sq(m[2:4])
            board[to] = m[0] if ply % 2 == 0 else m[0].lower()
            if ply % 2 == 0:
                king = next(sq for sq, p in board.items() if p == 'k')
                power, lent_to = m[0], None
                ahead, behind = (to[0], to[1] - 1), (to[0], to[1] + 1)
                if 'annan' in conds:
                    power = kind_at(behind) if black_at(behind) else power
                    lent_to = ahead if black_at(ahead) else None
                elif 'anhoku' in conds:
                    power = kind_at(ahead) if black_at(ahead) else power
                    lent_to = behind if black_at(behind) else None
                elif 'taimen' in conds:
                    power = kind_at(ahead) if white_at(ahead) else power
                elif 'haimen' in conds:
                    power = kind_at(behind) if white_at(behind) else power
                if 'nekosen' in conds or 'nekonekosen' in conds:
                    tried = neko_drop_tried(board, to, king, 'nekonekosen' in conds)
                else:
                    tried = black_reaches_on_empty_board(power, to, king) or (
                        lent_to is not None and black_reaches_on_empty_board(m[0], lent_to, king))
                if not tried:
                    return True
        else:
            play_board_move(board, m, cond)
    return False

def neko_line(board, sq, either_side):
    """The squares of the line through `sq` (top to bottom) under ネコ鮮 (Black's pieces,
    no stone) or ネコネコ鮮 (either side's)."""
    member = lambda s: s in board and board[s] != 'O' and (either_side or board[s].lstrip('+').isupper())
    top = bottom = sq[1]
    while member((sq[0], top - 1)):
        top -= 1
    while member((sq[0], bottom + 1)):
        bottom += 1
    return [(sq[0], r) for r in range(top, bottom + 1)]

def neko_drop_tried(board, to, king, either_side):
    """Whether fm's ネコ鮮 checking-drop shortcut (`help_check_place_sub_nekosen`) tries
    the Black drop just made on `to` (`board` after it): some Black piece of the line it
    joins, with the power the line now gives it (the middle of an odd line other than
    the dropped piece with its power from before the drop, fm's stale value), reaches
    the king on an empty board."""
    line = neko_line(board, to, either_side)
    n = len(line)
    for i, sq in enumerate(line):
        if not board[sq].lstrip('+').isupper():
            continue
        if n % 2 == 1 and i == n // 2 and sq != to:
            before = {s: p for s, p in board.items() if s != to}
            old = neko_line(before, sq, either_side)
            power = before[old[len(old) - 1 - old.index(sq)]].upper()
        else:
            power = board[line[n - 1 - i]].upper()
        if black_reaches_on_empty_board(power, sq, king):
            return True
    return False

def play_board_move(board, m, cond):
    """Plays the USI board move `m` on `board` ({(file, rank): letter}), the mover
    turned where Andernach or Anti-Andernach in `cond` turns it."""
    usi_sq = lambda t: (int(t[0]), 'abcdefghi'.index(t[1]) + 1)
    fr, to = usi_sq(m[0:2]), usi_sq(m[2:4])
    captured = board.get(to)
    piece = board.pop(fr)
    if turns(board, piece, captured, to, cond):
        piece = piece.swapcase()
    board[to] = ('+' + piece if m.endswith('+') else piece)

def turns(board, piece, captured, to, cond):
    """Whether `piece` (its letter before the move's promotion), moving to `to` onto
    `captured` (or an empty square), changes colour under Andernach or Anti-Andernach
    in `cond`. Under the ネコ鮮 pair no square is dead, so only fm's two-pawn test
    remains: a pawn does not turn onto a file where its new side has a pawn (the board
    before the move, the captured piece included)."""
    conds = cond.split('+')
    mine = lambda p: p is not None and p != 'O' and p.lstrip('+').isupper() == piece.isupper()
    capture = captured is not None and captured != 'O' and not mine(captured)
    if piece.upper() == 'K' or not (('andernach' in conds and capture) or ('anti-andernach' in conds and not capture)):
        return False
    pawn = piece.swapcase()  # `board` still holds the captured piece
    return not (piece.upper() == 'P' and any(sq[0] == to[0] and p == pawn for sq, p in board.items()))

def main():
    asked = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    plies = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    stip = sys.argv[5] if len(sys.argv) > 5 else 'help'
    tried = agree = solved = swapping = slips = same_line = changed = 0
    while tried < count:
        cond = asked
        if stip in ('helpself', 'helpselfstale'):
            sfen = random_helpself_sfen(rng)
        else:
            sfen = random_sfen(rng, 'messigny' in cond, 'neko' in cond, os.environ.get('STONES') == '1',
                               hand=(1, 3) if stip in ('tsume', 'mate') else (0, 2),
                               pawn='uchifu' in cond.split('+'))
        cond = drawn_king_square(asked, sfen, stip, rng)
        y = yosei(sfen, cond, plies, stip)
        if y is None:
            continue
        ys, length, ylines = y
        f = fm(sfen, cond, plies, length or plies, stip)
        if f is None:
            continue
        tried += 1
        # positions whose answer the condition changes (yosei without it)
        plain_answer = yosei(sfen, 'none', plies, stip) if os.environ.get('CHANGED') == '1' else None
        changed += plain_answer is not None and plain_answer[:2] != y[:2]
        if stip in ('tsume', 'mate'):
            fs, line, flines, flength = f
            ylength = length if length is not None and length <= plies else None
            solved += ylength is not None
            # fm's direct-mate printer writes a swap as a move (`同金<55`, and counts
            # the partner as left in hand, 駒余り): yosei's swaps are compared so
            swapping += any('<>' in m for l in ylines for m in l)
            ylines = {tuple(m.replace('<>', '') for m in l) for l in ylines}
            if ylength == flength:  # fm prints one main line of several: lines are not compared
                agree += 1
                same_line += ylength is not None and ylines <= flines
                continue
            print(f'DIFFER yosei {length} fm {flength}: {sfen}  |  {line}\n'
                  f'  yosei {sorted(ylines)}\n  fm    {sorted(flines)}')
            continue
        fs, line, flines = f
        solved += ys > 0
        # fm writes no square for a Circe rebirth or an Anti-Circe return ('4c3c/3a' is
        # its '33金<43'); the counts still tell two squares apart
        if {'circe', 'anticirce', 'pwc'} & set(cond.split('+')):
            ylines = {tuple(m.split('/')[0] for m in l) for l in ylines}
        swapping += any('<>' in m for l in flines for m in l)
        # the same count, and the same lines where yosei listed them all
        if ys == fs and (len(ylines) != ys or ylines == flines):
            agree += 1
            continue
        # fm's known slip: every line only yosei has holds a drop through a middle piece
        slip = len(ylines) == ys and flines < ylines and all(
            makes_middle_by_drop(sfen, l, cond) or koko_drop_slip(sfen, l, cond) for l in ylines - flines)
        slips += slip
        print(f'DIFFER{" (fm drop slip)" if slip else ""} yosei {ys} fm {fs}: {sfen}  |  {line}\n'
              f'  yosei {sorted(ylines)}\n  fm    {sorted(flines)}')
    swaps_in = 'yosei\'s main line' if stip in ('tsume', 'mate') else 'fm\'s solutions'
    print(f'{asked} {stip}: {tried} positions, {agree} agree, {solved} with solutions (yosei), '
          f'{swapping} with a swap in {swaps_in}, {slips} differ by fm\'s drop slip only'
          + (f', {same_line} with yosei\'s main line fm\'s' if stip in ('tsume', 'mate') else '')
          + (f', {changed} whose answer (count, length) differs without {asked}' if os.environ.get('CHANGED') == '1' else ''))
    return 0 if agree + slips == tried else 1

if __name__ == '__main__':
    sys.exit(main())
