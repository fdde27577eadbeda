// yosei's page: a board editor, the problem's text, the rules, a solve with live
// progress, and the solutions stepped through on the board. Everything about pieces
// comes from /api/pieces and everything about rules from the server (docs/web.md).
"use strict";

const TEXT = {
  ja: {
    tagline: "詰将棋・フェアリー詰将棋ソルバー", editor: "盤面編集", black: "先手", white: "後手",
    toMove: "手番", clear: "盤面クリア", rest: "残り駒全部を玉方に", startpos: "平手",
    editHint: "駒を選んで盤か駒台をクリック。同じ駒で再クリックすると成／不成、盤上の駒を右クリックで削除、駒台は右クリックで1枚減らす。",
    problemText: "問題 (SFEN・KIF・KI2・CSA・fm)", load: "読み込む", export: "書き出す", random: "ランダム",
    rules: "ルール", tsume: "詰将棋", mate: "逃げ将棋 (N手以内)", help: "ばか詰", helpself: "ばか自殺詰",
    helpstale: "ばかステイルメイト", self: "自殺詰", cycle: "ばか千日手", length: "手数",
    helpselfstale: "協力自玉ステイルメイト", ser: "連続詰", serhelp: "連続協力詰 (受方の手数)",
    uchifuzume: "打歩詰", checkOnly: "王手のみ", anyReading: "すべて", repetition: "千日手",
    normal: "通常", strict: "厳格", futile: "無駄合", skip: "数えない", count: "数える",
    fairyCapture: "取った妖精駒", hold: "持駒にする", discard: "取捨て",
    fairyPromotion: "妖精駒の成り", promoteNone: "成らない", promoteAll: "すべて成る",
    lionPass: "囲まれた獅子のパス", passEmptyNeighbour: "できない（中将棋）", passAny: "できる（fm）",
    fairyHome: "キルケの妖精駒", homeNone: "初期位置なし", homeSecondRank: "二段目（fm）",
    royal: "玉とする駒",
    solve: "解く", stop: "中断", downloadKif: "KIFをダウンロード", asText: "テキストで表示",
    solved: "解あり", "no-solution": "解なし", unknown: "不明（中断または制限）",
    sound: "完全作", unsound: "不完全", solutions: "解", plies: "手", cooks: "余詰", rejoining: "非限定・手順前後（本手順に戻る）",
    leftover: "駒余り", nodes: "局面", loaded: "読み込みました", start: "開始局面", solving: "解いています",
    faults: "欠陥", notes: "注記", stopped: "中断しました",
    playMode: "対局（攻め方を指す）", playStart: "攻め方で指す", undo: "待った", restart: "最初から", endPlay: "終了",
    promoteQuestion: "成りますか？", promote: "成", noPromote: "不成",
    playHint: "逃げ将棋 (N手以内) か詰将棋で、攻め方の駒をクリックしてから行き先をクリック（持駒は駒台の駒から）。玉方は妖精が最も長く逃げる手で応じます。",
    yourMove: "あなたの番です", pliesLeft: "残り{n}手", yoseiPlayed: "妖精の応手：{m}",
    mateIn: "詰みました（{n}手詰）", pliesUsed: "逃げ切られました：{n}手以内に詰みませんでした",
    escape: "逃げられました：この手では残り手数で詰みません", escapeTsume: "逃げられました：この手では詰みがありません",
    noCheck: "王手がありません：逃げ切られました", mateDoesNotCount: "その詰みは認められません（打歩詰）：逃げ切られました",
    perpetual: "千日手（連続王手）：逃げ切られました",
    thinking: "考えています…", serverProblems: "サーバーの問題",
  },
  en: {
    tagline: "a solver for tsume-shogi problems, ordinary and fairy", editor: "Board editor",
    black: "Black (sente)", white: "White (gote)", toMove: "to move", clear: "Clear board",
    rest: "All remaining pieces to the defender", startpos: "Initial position",
    editHint: "Pick a piece, then click a square or a hand. Clicking the same piece again promotes it; right-click removes a piece from the board or one from a hand.",
    problemText: "Problem (SFEN, KIF, KI2, CSA, fm)", load: "Load", export: "Write as", random: "Random",
    rules: "Rules", tsume: "Mate (tsume)", mate: "Mate in ≤ N (all lines)", help: "Helpmate",
    helpself: "Helpselfmate", helpstale: "Help-stalemate", self: "Selfmate", cycle: "Help cycle",
    helpselfstale: "Help-self-stalemate", ser: "Series mate", serhelp: "Series helpmate (defender's moves)",
    length: "Plies", uchifuzume: "Drop-pawn mate", checkOnly: "checks only", anyReading: "any pawn drop",
    repetition: "Repetition", normal: "normal", strict: "strict", futile: "Futile interpositions",
    skip: "skip", count: "count", solve: "Solve", stop: "Stop", downloadKif: "Download KIF",
    fairyCapture: "Captured fairy pieces", hold: "held", discard: "discarded",
    fairyPromotion: "Fairy pieces promote", promoteNone: "none", promoteAll: "all",
    lionPass: "Boxed-in Lion passes", passEmptyNeighbour: "no (chu shogi)", passAny: "yes (fm)",
    fairyHome: "Circe home of fairy pieces", homeNone: "none", homeSecondRank: "second rank (fm)",
    royal: "Royal kinds",
    asText: "Show as text", solved: "solved", "no-solution": "no solution",
    unknown: "unknown (stopped or a limit)", sound: "sound", unsound: "not sound", solutions: "solutions",
    plies: "plies", cooks: "cooks", rejoining: "other roads back to the line (非限定 / 手順前後)", leftover: "pieces left over", nodes: "nodes", loaded: "loaded",
    start: "start", solving: "solving", faults: "faults", notes: "notes", stopped: "stopped",
    playMode: "Play (you attack)", playStart: "Play the attacker", undo: "Undo", restart: "Restart", endPlay: "End",
    promoteQuestion: "Promote?", promote: "Promote", noPromote: "Don't promote",
    playHint: "Mate in ≤ N or tsume: click one of the attacker's pieces, then where it goes (drops: a piece of the hand). yosei defends with the reply that survives longest.",
    yourMove: "Your move", pliesLeft: "{n} plies left", yoseiPlayed: "yosei played {m}",
    mateIn: "Mate in {n}", pliesUsed: "The defence has survived: no mate within {n} plies",
    escape: "Your move allowed an escape: no mate within the plies left", escapeTsume: "Your move allowed an escape: no mate remains",
    noCheck: "No check left: the defence has survived", mateDoesNotCount: "That mate does not count (a pawn-drop mate): the defence has survived",
    perpetual: "The same position a fourth time (perpetual check): the defence has survived",
    thinking: "thinking…", serverProblems: "server problems",
  },
};
// The ordinary 40-piece set, by SFEN letter, for "all remaining pieces to the defender".
const STANDARD_SET = { R: 2, B: 2, G: 4, S: 4, N: 4, L: 4, P: 18, K: 2 };
const HAND_ORDER = ["R", "B", "G", "S", "N", "L", "P"];

const $ = (id) => document.getElementById(id);
const state = {
  lang: "ja",
  pieces: new Map(),      // Black SFEN ("P", "+P", "I") → piece info from the server
  conditions: [],         // every condition yosei knows, from the server (/api/conditions)
  board: [],              // board[rank 0..8][file index 0..8, file 9 first] = {sfen, color} | null
  hands: { b: {}, w: {} },// letter → count
  side: "b",
  selected: null,         // palette SFEN, or null
  text: "",               // the problem's text as loaded (sent while the board is unedited)
  edited: false,
  list: [],               // [{name, text}] opened files, or [{name, path, stip}] the server's folder
  play: null,             // play mode: {played: [usi], legal: [usi], answer, from, pending}
  result: null,           // the last solve's result
  line: 0, ply: 0,        // solution shown and ply on the board
  job: null, events: null,
};

function t(key, values = {}) {
  return (TEXT[state.lang][key] ?? key).replace(/\{(\w+)\}/g, (_, name) => values[name]);
}

function applyLanguage() {
  document.documentElement.lang = state.lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  $("lang").textContent = state.lang === "ja" ? "English" : "日本語";
  for (const label of document.querySelectorAll("#conditions label")) {
    const condition = state.conditions.find((c) => c.name === label.dataset.cond);
    label.querySelector(".cond-name").textContent = state.lang === "ja" ? condition.japanese : condition.name;
    for (const option of label.querySelectorAll("option")) {
      option.textContent = state.lang === "ja" ? option.dataset.glyph : option.value;
    }
  }
  if (state.result) showResult(state.result);
  if (state.play?.answer) showPlay();
}

// ---- SFEN ------------------------------------------------------------------------

function emptyBoard() { return Array.from({ length: 9 }, () => Array(9).fill(null)); }

// The tokens of an SFEN field: a letter, a digit, "+", or a bracketed code ("[WA]", fm's
// further pieces).
function sfenTokens(text) { return text.match(/\[[^\]]*\]|./g) || []; }

function parseSfen(sfen) {
  const [board, side, hands] = sfen.trim().split(/\s+/);
  const rows = board.split("/");
  const parsed = emptyBoard();
  rows.forEach((row, rank) => {
    let file = 0, promoted = false;
    for (const c of sfenTokens(row)) {
      if (/^\d$/.test(c)) { file += Number(c); continue; }
      if (c === "+") { promoted = true; continue; }
      const upper = c.toUpperCase();
      parsed[rank][file++] = { sfen: (promoted ? "+" : "") + upper, color: c === upper ? "b" : "w" };
      promoted = false;
    }
  });
  const hand = { b: {}, w: {} };
  let n = "";
  for (const c of sfenTokens(hands === "-" ? "" : hands)) {
    if (/^\d$/.test(c)) { n += c; continue; }
    const color = c === c.toUpperCase() ? "b" : "w";
    hand[color][c.toUpperCase()] = (hand[color][c.toUpperCase()] || 0) + Number(n || 1);
    n = "";
  }
  return { board: parsed, hands: hand, side: side === "w" ? "w" : "b" };
}

function writeSfen(board = state.board, hands = state.hands, side = state.side) {
  const rows = board.map((row) => {
    let out = "", empty = 0;
    for (const p of row) {
      if (!p) { empty++; continue; }
      if (empty) { out += empty; empty = 0; }
      out += p.color === "b" ? p.sfen : p.sfen.toLowerCase();
    }
    return out + (empty ? empty : "");
  });
  let hand = "";
  for (const color of ["b", "w"]) {
    const letters = Object.keys(hands[color]).sort((a, b) => handRank(a) - handRank(b));
    for (const letter of letters) {
      const n = hands[color][letter];
      if (n > 0) hand += (n > 1 ? n : "") + (color === "b" ? letter : letter.toLowerCase());
    }
  }
  return `${rows.join("/")} ${side} ${hand || "-"} 1`;
}

function handRank(letter) {
  const i = HAND_ORDER.indexOf(letter);
  return i >= 0 ? i : 100 + letter.charCodeAt(0);
}

// ---- Drawing ---------------------------------------------------------------------

function pieceSpan(sfen, color) {
  const info = state.pieces.get(sfen);
  const span = document.createElement("span");
  span.className = `piece ${color}` + (sfen.startsWith("+") ? " promoted" : "") + (info?.fairy ? " fairy" : "");
  span.textContent = info ? info.glyph : sfen;
  span.title = info ? info.name : sfen;
  span.dataset.sfen = sfen;
  return span;
}

// Draws the position being edited, or `sfen` (a position of a solution) if given.
function draw(sfen = null, lastUsi = null) {
  const { board, hands, side } = sfen ? parseSfen(sfen) : state;
  const target = lastUsi ? usiTarget(lastUsi) : null;
  const el = $("board");
  el.replaceChildren();
  for (let rank = 0; rank < 9; rank++) {
    for (let f = 0; f < 9; f++) {
      const sq = document.createElement("div");
      sq.className = "sq";
      sq.dataset.rank = rank; sq.dataset.file = f;
      sq.dataset.square = `${9 - f}${rank + 1}`;
      if (target && target.file === 9 - f && target.rank === rank + 1) sq.classList.add("last");
      const p = board[rank][f];
      if (p) sq.append(pieceSpan(p.sfen, p.color));
      el.append(sq);
    }
  }
  for (const color of ["w", "b"]) {
    const hand = $(`hand-${color}`);
    hand.replaceChildren();
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = (color === "b" ? "▲" : "△") + t(color === "b" ? "black" : "white") + (side === color ? " ●" : "");
    hand.append(who);
    for (const letter of Object.keys(hands[color]).sort((a, b) => handRank(a) - handRank(b))) {
      const n = hands[color][letter];
      if (!n) continue;
      const item = pieceSpan(letter, "b");
      if (n > 1) { const c = document.createElement("span"); c.className = "count"; c.textContent = n; item.append(c); }
      hand.append(item);
    }
  }
  $("side").value = state.side;
}

// "7g7f", "7g7f+", "P*5e", "5e4d3c", "7g7f/4i": the square the move ends on.
function usiTarget(usi) {
  const m = usi.split("/")[0].replace("+", "");
  const sq = m.slice(-2);
  return { file: Number(sq[0]), rank: sq.charCodeAt(1) - 96 };
}

function drawPalette() {
  const el = $("palette");
  el.replaceChildren();
  const eraser = document.createElement("button");
  eraser.type = "button"; eraser.textContent = "✕"; eraser.dataset.sfen = ""; eraser.title = "remove";
  el.append(eraser);
  for (const [sfen, info] of state.pieces) {
    if (sfen.startsWith("+") || info.name.startsWith("user piece")) continue;
    const b = document.createElement("button");
    b.type = "button"; b.textContent = info.glyph; b.title = info.name; b.dataset.sfen = sfen;
    if (info.fairy) b.classList.add("fairy");
    el.append(b);
  }
  el.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    state.selected = b.dataset.sfen;
    for (const other of el.children) other.classList.toggle("selected", other === b);
  });
}

// ---- Editing ---------------------------------------------------------------------

function owner() { return document.querySelector("input[name=owner]:checked").value; }

function edited() {
  endPlay();
  state.edited = true;
  clearResult();
  const sfen = writeSfen();
  $("text").value = sfen;
  state.text = sfen;
  draw();
}

function clickSquare(e, remove) {
  if (state.play) { if (!remove) playClickSquare(e); return; }
  const sq = e.target.closest(".sq");
  if (!sq || state.selected === null && !remove) return;
  const { rank, file } = sq.dataset;
  const here = state.board[rank][file];
  if (remove || state.selected === "") {
    state.board[rank][file] = null;
  } else if (here && here.color === owner() && (here.sfen === state.selected || here.sfen === state.pieces.get(state.selected)?.promoted)) {
    // clicking the same piece again: promote it, then back
    const promoted = state.pieces.get(state.selected)?.promoted;
    here.sfen = promoted && here.sfen !== promoted ? promoted : state.selected;
  } else {
    state.board[rank][file] = { sfen: state.selected, color: owner() };
  }
  edited();
}

function clickHand(e, remove) {
  if (state.play) { if (!remove) playClickHand(e); return; }
  const hand = e.target.closest(".hand");
  if (!hand) return;
  const color = hand.dataset.color;
  const letter = remove ? e.target.closest(".piece")?.dataset.sfen : state.selected;
  if (!letter || !state.pieces.get(letter)?.hand) return;
  state.hands[color][letter] = Math.max(0, (state.hands[color][letter] || 0) + (remove ? -1 : 1));
  edited();
}

// Every ordinary piece of the 40-piece set not on the board or in the attacker's hand
// goes to the defender's hand (the side not to move; kings stay where they are).
function restToDefender() {
  const defender = state.side === "b" ? "w" : "b";
  const attacker = state.side;
  const left = { ...STANDARD_SET };
  for (const row of state.board) for (const p of row) {
    if (!p) continue;
    const base = p.sfen.replace("+", "");
    if (base in left) left[base]--;
  }
  for (const [letter, n] of Object.entries(state.hands[attacker])) if (letter in left) left[letter] -= n;
  delete left.K;
  const hand = {};
  for (const [letter, n] of Object.entries(state.hands[defender])) if (!(letter in left)) hand[letter] = n;
  for (const [letter, n] of Object.entries(left)) if (n > 0) hand[letter] = n;
  state.hands[defender] = hand;
  edited();
}

// ---- Server ----------------------------------------------------------------------

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function message(text, error = false) {
  $("message").textContent = text;
  $("message").className = error ? "error" : "";
}

function rulesRequest() {
  const stip = $("stip").value;
  const n = $("length").value.trim();
  return {
    text: state.text,
    stip: n ? `${stip}:${n}` : stip,
    conditions: checkedConditions(),
    uchifuzume: $("uchifuzume").value,
    repetition: $("repetition").value,
    fairy_capture: $("fairy-capture").value,
    fairy_promotion: $("fairy-promotion").value,
    lion_pass: $("lion-pass").value,
    fairy_home: $("fairy-home").value,
    royal: $("royal").value.trim(),
  };
}

// A problem's own choice of discarded or promoting kinds (fm's /EF, a problem file's
// line) may name some kinds only: it gets an option of its own in the select `id`, so
// that solving keeps it.
function showOwnChoice(id, value) {
  const select = $(id);
  for (const o of [...select.options]) {
    if (o.dataset.own) o.remove();
  }
  if (![...select.options].some((o) => o.value === value)) {
    const own = new Option(value, value);
    own.dataset.own = "1";
    select.add(own);
  }
  select.value = value;
}

// The names of the conditions ticked, each as the command line writes it: a kind or
// squares chosen join their condition (`komazume:knight`, `king-square:55`).
function checkedConditions() {
  return [...document.querySelectorAll("#conditions label")]
    .filter((label) => label.querySelector("input[type=checkbox]").checked)
    .map((label) => {
      const choice = label.querySelector("select, input[type=text]");
      return choice ? `${label.dataset.cond}:${choice.value.trim()}` : label.dataset.cond;
    });
}

// Ticks the conditions `names` holds (the server's names: `annan`, `komazume:knight`,
// `king-square:55/51`) and sets the kinds and squares they choose.
function showConditions(names) {
  for (const label of document.querySelectorAll("#conditions label")) {
    const named = names.find((n) => n === label.dataset.cond || n.startsWith(label.dataset.cond + ":"));
    label.querySelector("input[type=checkbox]").checked = named !== undefined;
    const choice = label.querySelector("select, input[type=text]");
    if (choice && named) choice.value = named.slice(label.dataset.cond.length + 1);
  }
}

// A checkbox for each condition of the server's list; a condition that takes a piece
// kind (駒詰) gets a select of the kinds, one that takes squares (王位置) a text box,
// and choosing one ticks it.
function makeConditionBoxes() {
  for (const condition of state.conditions) {
    const label = document.createElement("label");
    label.dataset.cond = condition.name;
    label.title = [condition.fm_short, condition.status].filter(Boolean).join(" · ");
    const box = document.createElement("input");
    box.type = "checkbox"; box.value = condition.name;
    const name = document.createElement("span");
    name.className = "cond-name";
    label.append(box, name);
    if (condition.kinds) {
      const kind = document.createElement("select");
      for (const k of condition.kinds) {
        const option = document.createElement("option");
        option.value = k.name; option.dataset.glyph = k.glyph;
        kind.append(option);
      }
      kind.addEventListener("change", () => { box.checked = true; });
      label.append(kind);
    }
    if (condition.squares) {
      const squares = document.createElement("input");
      squares.type = "text"; squares.size = 5; squares.value = condition.squares;
      squares.title = "SQ or SQ/SQ: the mated king's square, file then rank, and the other king's";
      squares.addEventListener("input", () => { box.checked = true; });
      label.append(squares);
    }
    $("conditions").append(label);
  }
}

async function loadText(text, index = 0) {
  endPlay();
  clearResult();
  try {
    const view = await api("/api/parse", { text, index });
    state.text = text; state.edited = false;
    $("text").value = text;
    Object.assign(state, parseSfen(view.sfen));
    const [stip, n] = view.stipulation.split(":");
    $("stip").value = [...$("stip").options].some((o) => o.value === stip) ? stip : "tsume";
    $("length").value = n || "";
    showConditions(view.conditions);
    $("uchifuzume").value = view.uchifuzume;
    $("lion-pass").value = view.lion_pass;
    $("fairy-home").value = view.fairy_home;
    $("royal").value = view.royal === "none" ? "" : view.royal;
    showOwnChoice("fairy-capture", view.fairy_capture);
    showOwnChoice("fairy-promotion", view.fairy_promotion);
    draw();
    message(`${t("loaded")}: ${view.format}${view.title ? " · " + view.title : ""} · ${view.stipulation_japanese}`);
  } catch (e) {
    message(e.message, true);
  }
  // Counts the texts read, for whoever waits for one (the end-to-end tests).
  document.body.dataset.loads = Number(document.body.dataset.loads || 0) + 1;
}

async function exportText() {
  try {
    const { text } = await api("/api/convert", { ...rulesRequest(), format: $("format").value });
    $("text").value = text;
    try { await navigator.clipboard.writeText(text); } catch (_) { /* no clipboard without a secure context */ }
  } catch (e) {
    message(e.message, true);
  }
}

// ---- Solving ---------------------------------------------------------------------

function clearResult() {
  state.result = null; state.line = 0; state.ply = 0;
  $("verdict").textContent = ""; $("verdict").className = "";
  $("solutions").replaceChildren(); $("moves").replaceChildren();
  $("report-text").textContent = ""; $("kif").hidden = true; $("ply").textContent = "";
}

async function solve() {
  endPlay();
  clearResult();
  let job;
  try {
    job = await api("/api/solve", { ...rulesRequest(), futile: $("futile").value });
  } catch (e) {
    $("verdict").textContent = e.message; $("verdict").className = "error";
    return;
  }
  state.job = job.id;
  $("solve").disabled = true; $("stop").disabled = false;
  $("progress").textContent = t("solving") + "…";
  const started = Date.now();
  const events = new EventSource(`/api/solve/${job.id}/events`);
  state.events = events;
  events.addEventListener("progress", (e) => {
    const p = JSON.parse(e.data);
    const bound = p.solver === "tsume" ? `${p.phase} · depth ${p.depth} · pn ${p.proof_number} dn ${p.disproof_number}`
      : `depth ${p.depth} · ${p.positions.toLocaleString()} positions · ${(p.memory_bytes / 2 ** 20).toFixed(0)} MiB`;
    $("progress").textContent = `${p.nodes.toLocaleString()} ${t("nodes")} · ${(p.rate / 1e6).toFixed(2)} M/s · ${bound} · ${((Date.now() - started) / 1000).toFixed(1)} s`;
  });
  events.addEventListener("result", (e) => {
    events.close();
    finished();
    const result = JSON.parse(e.data);
    if (result.error) { $("verdict").textContent = result.error; $("verdict").className = "error"; return; }
    state.result = result;
    showResult(result);
  });
  events.onerror = () => { if (events.readyState === EventSource.CLOSED) finished(); };
}

function finished() {
  $("solve").disabled = false; $("stop").disabled = true;
}

async function stop() {
  if (state.job === null) return;
  try { await api(`/api/solve/${state.job}/stop`, {}); } catch (e) { message(e.message, true); }
}

function showResult(result) {
  const r = result.report;
  const parts = [t(r.verdict)];
  if (r.verdict === "solved") {
    parts.push(`${r.solution_count} ${t("solutions")}`, `${r.length} ${t("plies")}`, t(r.sound ? "sound" : "unsound"));
  }
  parts.push(`${r.nodes.toLocaleString()} ${t("nodes")}`, `${r.elapsed_ms} ms`);
  const lines = [parts.join(" · ")];
  if (r.faults.length) lines.push(`${t("faults")}: ${r.faults.join("; ")}`);
  if (r.cooks.length) lines.push(`${t("cooks")}: ${r.cooks.map((c) => c.join(" ")).join(" / ")}`);
  if (r.rejoining) lines.push(`${t("rejoining")}: ${r.rejoining.map((c) => c.join(" ")).join(" / ")}`);
  if (r.leftover.length) lines.push(`${t("leftover")}: ${r.leftover.join(" ")}`);
  if (r.notes.length) lines.push(`${t("notes")}: ${r.notes.join("; ")}`);
  $("verdict").textContent = lines.join("\n");
  $("verdict").style.whiteSpace = "pre-line";
  $("progress").textContent = "";
  const list = $("solutions");
  list.replaceChildren();
  result.lines.forEach((line, i) => {
    const li = document.createElement("li");
    li.textContent = line.map((m) => m.ki2).join("　");
    li.addEventListener("click", () => { state.line = i; state.ply = line.length; showLine(); });
    list.append(li);
  });
  $("report-text").textContent = result.text;
  const kif = $("kif");
  kif.href = URL.createObjectURL(new Blob([result.kif], { type: "text/plain;charset=utf-8" }));
  kif.hidden = false;
  showLine();
}

function showLine() {
  const result = state.result;
  const line = result?.lines[state.line] || [];
  for (const [i, li] of [...$("solutions").children].entries()) li.classList.toggle("current", i === state.line);
  const moves = $("moves");
  moves.replaceChildren();
  line.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = m.ki2;
    li.classList.toggle("current", i + 1 === state.ply);
    li.addEventListener("click", () => { state.ply = i + 1; showLine(); });
    moves.append(li);
  });
  const step = state.ply > 0 ? line[state.ply - 1] : null;
  draw(step?.sfen || result?.start || null, step?.usi || null);
  $("ply").textContent = result ? `${state.ply} / ${line.length}` : "";
}

function step(to) {
  const line = state.result?.lines[state.line];
  if (!line) return;
  state.ply = Math.max(0, Math.min(line.length, to));
  showLine();
}

// ---- Play mode -------------------------------------------------------------------
// The user plays the attacker; the server checks each move and answers with yosei's
// defence (POST /api/play, docs/web.md). The game lives here, the server keeps none.

// "52" (data-square) → "5b" (USI).
function usiSquare(sq) { return sq[0] + String.fromCharCode(96 + Number(sq[1])); }

async function startPlay() {
  clearResult();
  state.play = { played: [], legal: [], answer: null, from: null, pending: false };
  for (const id of ["play-undo", "play-restart", "play-end"]) $(id).disabled = false;
  await sendPlay([]);
}

function endPlay() {
  if (!state.play) return;
  state.play = null;
  for (const id of ["play-undo", "play-restart", "play-end"]) $(id).disabled = true;
  $("promote").hidden = true;
  $("play-status").textContent = ""; $("play-status").className = "";
  $("moves").replaceChildren();
  draw();
}

async function sendPlay(played) {
  const play = state.play;
  play.pending = true; play.from = null;
  $("promote").hidden = true;
  if (played.length % 2 === 1) { $("play-status").textContent = t("thinking"); $("play-status").className = ""; }
  try {
    const answer = await api("/api/play", { ...rulesRequest(), played });
    if (state.play !== play) return;
    play.answer = answer;
    play.played = answer.played.map((m) => m.usi);
    play.legal = answer.legal;
    showPlay();
  } catch (e) {
    if (state.play !== play) return;
    if (play.answer) showPlay();
    $("play-status").textContent = e.message; $("play-status").className = "error";
  } finally {
    play.pending = false;
    // Counts the answers, for whoever waits for one (the end-to-end tests).
    document.body.dataset.plays = Number(document.body.dataset.plays || 0) + 1;
  }
}

function showPlay() {
  const { answer, from } = state.play;
  const last = answer.played[answer.played.length - 1];
  draw(answer.sfen, last?.usi || null);
  const moves = $("moves");
  moves.replaceChildren(...answer.played.map((m) => { const li = document.createElement("li"); li.textContent = m.ki2; return li; }));
  const used = answer.played.length;
  const lines = [];
  if (answer.reply) lines.push(t("yoseiPlayed", { m: last.ki2 }));
  let status = "";
  if (answer.state === "mate") {
    lines.push(t("mateIn", { n: used })); status = "mate";
  } else if (answer.state === "survived") {
    status = "survived";
    const why = { "plies-used": t("pliesUsed", { n: answer.plies }), "no-check": t("noCheck"),
      "mate-does-not-count": t("mateDoesNotCount"), repetition: t("perpetual"), escape: t(answer.plies === null ? "escapeTsume" : "escape") };
    lines.push(why[answer.survived] || answer.survived);
  } else {
    lines.push(t("yourMove") + (answer.plies === null ? "" : ` (${t("pliesLeft", { n: answer.plies - used })})`));
  }
  $("play-status").textContent = lines.join(" · ");
  $("play-status").className = status;
  $("ply").textContent = `${used}${answer.plies === null ? "" : " / " + answer.plies}`;
  if (from?.sq) $("board").querySelector(`.sq[data-square="${from.sq}"]`)?.classList.add("from");
  for (const usi of targetsFrom(from)) {
    const to = usiTarget(usi);
    $("board").querySelector(`.sq[data-square="${to.file}${to.rank}"]`)?.classList.add("target");
  }
}

// The user's legal moves from the square or hand piece picked: "7g7f", "7g7f+", "G*5b",
// and a two-step "1h1f1e" (the Locust's capture by hopping over 1f) where no other move
// from there ends on its square, so that a click on that square tells it.
function targetsFrom(from) {
  if (!from) return [];
  const start = from.sq ? usiSquare(from.sq) : `${from.letter}*`;
  const moves = state.play.legal.filter(
    (usi) => usi.startsWith(start) && /^(\d[a-i]|([A-Z]|\[[A-Z0-9]{2}\])\*)(\d[a-i])?\d[a-i]\+?$/.test(usi),
  );
  const end = (usi) => usi.replace("+", "").slice(-2);
  const twoStep = (usi) => /^\d[a-i]\d[a-i]\d[a-i]$/.test(usi);
  return moves.filter((usi) => !twoStep(usi) || moves.filter((m) => end(m) === end(usi)).length === 1);
}

function playClickSquare(e) {
  const play = state.play;
  const sq = e.target.closest(".sq");
  if (!sq || play.pending || !play.answer || play.answer.state !== "playing") return;
  const square = sq.dataset.square;
  const moves = targetsFrom(play.from).filter((usi) => usi.replace("+", "").endsWith(usiSquare(square)));
  if (moves.length === 1) return sendPlay([...play.played, moves[0]]);
  if (moves.length > 1) {
    // Both promoting and not: the user chooses.
    $("promote").hidden = false;
    $("promote-yes").onclick = () => sendPlay([...play.played, moves.find((m) => m.endsWith("+"))]);
    $("promote-no").onclick = () => sendPlay([...play.played, moves.find((m) => !m.endsWith("+"))]);
    return;
  }
  // Picks a piece (of either side: a move the server refuses is explained, not hidden).
  const occupied = sq.querySelector(".piece");
  play.from = occupied ? { sq: square } : null;
  $("promote").hidden = true;
  showPlay();
}

function playClickHand(e) {
  const play = state.play;
  const piece = e.target.closest(".piece");
  if (!piece || play.pending || !play.answer || play.answer.state !== "playing") return;
  const color = e.target.closest(".hand").dataset.color;
  if (color !== parseSfen(play.answer.sfen).side) return;
  play.from = { letter: piece.dataset.sfen };
  $("promote").hidden = true;
  showPlay();
  $(`hand-${color}`).querySelector(`.piece[data-sfen="${piece.dataset.sfen}"]`)?.classList.add("from");
}

function undoPlay() {
  const play = state.play;
  if (!play || play.pending || !play.played.length) return;
  // The user's move goes back with yosei's reply to it.
  const back = play.played.length % 2 === 1 ? 1 : 2;
  sendPlay(play.played.slice(0, Math.max(0, play.played.length - back)));
}

// ---- Problem list ----------------------------------------------------------------

function showList(minimum) {
  const pick = $("list-pick");
  pick.replaceChildren(...state.list.map((p, i) => new Option(p.name, i)));
  $("list").hidden = state.list.length < minimum;
}

async function openFiles(files) {
  state.list = [];
  for (const file of files) state.list.push({ name: file.name, text: await file.text() });
  state.list.sort((a, b) => a.name.localeCompare(b.name));
  showList(2);
  if (state.list.length) loadText(state.list[0].text);
}

// The folder given to `yosei serve --problems`, if any.
async function listServerProblems() {
  let listed;
  try { listed = await api("/api/problems"); } catch (_) { return; /* no folder: nothing to list */ }
  state.list = listed.files.map((f) => ({ name: f.path, path: f.path, stip: f.stip }));
  showList(1);
}

async function pickFromList(i) {
  if (!state.list.length) return;
  const n = state.list.length;
  const index = ((i % n) + n) % n;
  $("list-pick").value = index;
  const item = state.list[index];
  if (item.text !== undefined) return loadText(item.text);
  let file;
  try {
    file = await api(`/api/problems/file?path=${encodeURIComponent(item.path)}`);
  } catch (e) {
    message(e.message, true);
    document.body.dataset.loads = Number(document.body.dataset.loads || 0) + 1;
    return;
  }
  await loadText(file.text);
  // Seed 004's file names state the length: `03_0001.kif` is a mate in ≤ 3.
  if (file.stip) {
    const [stip, length] = file.stip.split(":");
    $("stip").value = stip; $("length").value = length;
  }
}

// ---- Start -----------------------------------------------------------------------

async function main() {
  state.conditions = await api("/api/conditions");
  makeConditionBoxes();
  const pieces = await api("/api/pieces");
  for (const p of pieces) state.pieces.set(p.sfen, p);
  drawPalette();
  $("lang").addEventListener("click", () => { state.lang = state.lang === "ja" ? "en" : "ja"; applyLanguage(); draw(); });
  $("board").addEventListener("click", (e) => clickSquare(e, false));
  $("board").addEventListener("contextmenu", (e) => { e.preventDefault(); clickSquare(e, true); });
  for (const color of ["b", "w"]) {
    $(`hand-${color}`).addEventListener("click", (e) => clickHand(e, false));
    $(`hand-${color}`).addEventListener("contextmenu", (e) => { e.preventDefault(); clickHand(e, true); });
  }
  $("side").addEventListener("change", () => { state.side = $("side").value; edited(); });
  $("clear").addEventListener("click", () => { state.board = emptyBoard(); state.hands = { b: {}, w: {} }; edited(); });
  $("rest").addEventListener("click", restToDefender);
  $("startpos").addEventListener("click", () => loadText("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"));
  $("load").addEventListener("click", () => loadText($("text").value));
  $("files").addEventListener("change", (e) => openFiles([...e.target.files]));
  $("export").addEventListener("click", exportText);
  $("list-pick").addEventListener("change", () => pickFromList(Number($("list-pick").value)));
  $("list-prev").addEventListener("click", () => pickFromList(Number($("list-pick").value) - 1));
  $("list-next").addEventListener("click", () => pickFromList(Number($("list-pick").value) + 1));
  $("list-random").addEventListener("click", () => pickFromList(Math.floor(Math.random() * state.list.length)));
  $("solve").addEventListener("click", solve);
  $("play-start").addEventListener("click", startPlay);
  $("play-undo").addEventListener("click", undoPlay);
  $("play-restart").addEventListener("click", () => { if (state.play && !state.play.pending) sendPlay([]); });
  $("play-end").addEventListener("click", endPlay);
  $("stop").addEventListener("click", stop);
  $("first").addEventListener("click", () => step(0));
  $("prev").addEventListener("click", () => step(state.ply - 1));
  $("next").addEventListener("click", () => step(state.ply + 1));
  $("last").addEventListener("click", () => step(Infinity));
  document.addEventListener("keydown", (e) => {
    if (e.target.matches("input, textarea, select") || state.play) return;
    const keys = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: Infinity };
    if (e.key in keys) { e.preventDefault(); step(keys[e.key]); }
  });
  applyLanguage();
  await loadText("3+pks3/9/4+P4/9/9/8B/9/9/9 b S2rb4g2s4n4l16p 1");
  await listServerProblems();
  document.body.dataset.ready = "true";
}

main().catch((e) => message(e.message, true));
