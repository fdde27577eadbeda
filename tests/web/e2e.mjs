// End-to-end tests of `yosei serve`'s page in Debian's Chromium, driven by
// playwright-core (no browser download: the executable is /usr/bin/chromium).
// Usage: node e2e.mjs [--yosei PATH] [--screenshots DIR]
// Each step waits for what the page shows, never for a fixed time, so that a slow
// machine is slower but not flaky.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const yosei = arg("--yosei", join(root, "target/release/yosei"));
const screenshots = resolve(arg("--screenshots", join(root, "target/web-screenshots")));
mkdirSync(screenshots, { recursive: true });
const TIMEOUT = 30_000;

// A problem folder as seed 004 names its files (`NN_xxx`: a mate in ≤ NN): 52金打,
// 同金, 同歩成 is the mate in 3.
const MATE_IN_3 = "3gk4/9/4P4/9/4L4/9/9/9/9 b GS2r2b2g3s4n3l17p 1";
const problems = mkdtempSync(join(tmpdir(), "yosei-problems-"));
writeFileSync(join(problems, "01_0001.txt"), "8k/9/9/9/6I2/9/9/9/9 b - 1\n");
writeFileSync(join(problems, "03_0001.txt"), MATE_IN_3 + "\n");

// The server on a free loopback port; its first line of output is its address.
function startServer() {
  const server = spawn(yosei, ["serve", "--port", "0", "--problems", problems], { stdio: ["ignore", "pipe", "inherit"] });
  const address = new Promise((ok, fail) => {
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n")[0];
      if (out.includes("\n")) ok(line.trim());
    });
    server.on("exit", (code) => fail(new Error(`yosei serve exited with ${code}`)));
    setTimeout(() => fail(new Error("yosei serve printed no address")), TIMEOUT);
  });
  return { server, address };
}

const tests = [];
const test = (name, body) => tests.push({ name, body });

// The square of file f, rank r (`52` is 5b).
const square = (page, sq) => page.locator(`#board .sq[data-square="${sq}"]`);

// Loads `text` and waits until the page has read it (it then sets the rules to the
// problem's own, which a test may change only afterwards).
async function load(page, text) {
  const before = Number(await page.getAttribute("body", "data-loads"));
  await page.fill("#text", text);
  await page.click("#load");
  await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, before);
}

async function solveAndWait(page) {
  await page.click("#solve");
  await page.waitForFunction(() => document.querySelector("#solve").disabled === false &&
    document.querySelector("#verdict").textContent !== "", null, { timeout: TIMEOUT });
}

test("the page loads with a problem on the board", async (page) => {
  await page.waitForSelector("body[data-ready=true]", { timeout: TIMEOUT });
  assert.equal(await square(page, "51").textContent(), "玉");
  assert.match(await square(page, "51").locator(".piece").getAttribute("class"), /\bw\b/);
  assert.match(await page.locator("#hand-w").textContent(), /飛2/);
  await page.screenshot({ path: join(screenshots, "start.png"), fullPage: true });
});

test("a helpmate is solved and stepped through", async (page) => {
  await load(page, "3+pks3/9/4+P4/9/9/8B/9/9/9 b S2rb4g2s4n4l16p 1");
  await page.selectOption("#stip", "help");
  await page.fill("#length", "3");
  await solveAndWait(page);
  const verdict = await page.textContent("#verdict");
  assert.match(verdict, /解あり · 1 解 · 3 手 · 完全作/);
  assert.equal(await page.locator("#solutions li").count(), 1);
  assert.equal(await page.textContent("#solutions li"), "▲５二角成　△同　銀　▲４二銀");
  assert.equal(await page.textContent("#ply"), "0 / 3");
  await page.click("#last");
  assert.equal(await page.textContent("#ply"), "3 / 3");
  assert.equal(await square(page, "42").textContent(), "銀");
  await page.screenshot({ path: join(screenshots, "solved.png"), fullPage: true });
  await page.click("#first");
  assert.equal(await page.textContent("#ply"), "0 / 3");
  assert.equal(await square(page, "16").textContent(), "角");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.textContent("#ply"), "1 / 3");
  assert.equal(await square(page, "52").textContent(), "馬");
  assert.equal(await square(page, "16").textContent(), "");
  await page.keyboard.press("ArrowRight");
  assert.equal(await square(page, "52").textContent(), "銀");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await square(page, "52").textContent(), "馬");
  assert.equal(await page.locator("#moves li.current").textContent(), "▲５二角成");
  await page.screenshot({ path: join(screenshots, "step.png"), fullPage: true });
  assert.equal(await page.locator("#kif").isVisible(), true);
});

test("a fairy problem: the Lion is drawn and every solution is listed", async (page) => {
  await load(page, "8k/9/9/9/6I2/9/9/9/9 b - 1");
  assert.match(await square(page, "35").locator(".piece").getAttribute("class"), /fairy/);
  await page.selectOption("#stip", "help");
  await page.fill("#length", "1");
  await solveAndWait(page);
  assert.deepEqual(await page.locator("#solutions li").allTextContents(), ["▲１三獅", "▲２三獅", "▲３三獅"]);
  await page.locator("#solutions li").nth(1).click();
  assert.equal(await square(page, "23").textContent(), "獅");
  await page.screenshot({ path: join(screenshots, "fairy.png"), fullPage: true });
});

test("fairy promotion: the page's choice is solved under and a problem's own is shown", async (page) => {
  // A Kirin two squares below the zone: only its promotion (to a Lion) mates at once.
  await load(page, "8k/9/9/9/6J2/9/9/9/9 b - 1");
  assert.equal(await page.inputValue("#fairy-promotion"), "none");
  await page.selectOption("#stip", "help");
  await page.fill("#length", "1");
  await solveAndWait(page);
  assert.match(await page.textContent("#verdict"), /解なし/);
  await page.selectOption("#fairy-promotion", "all");
  await solveAndWait(page);
  assert.deepEqual(await page.locator("#solutions li").allTextContents(), ["▲３三麒成"]);
  // a problem file's own list of kinds becomes an option of its own
  await load(page, "yosei-problem 1\nposition: 8k/9/9/9/6J2/9/9/9/9 b - 1\nfairy-promotion: J\n");
  assert.equal(await page.inputValue("#fairy-promotion"), "J");
});

test("the boxed-in Lion's pass: the page's choice is solved under and a problem's own is shown", async (page) => {
  // the Lion in the corner walled in by stones: its pass (fm's reading) is Black's one move
  await load(page, "7Ok/7OO/9/9/9/9/OOO6/OOO6/IOO6 b - 1");
  assert.equal(await page.inputValue("#lion-pass"), "empty-neighbour");
  await page.selectOption("#stip", "helpstale");
  await page.fill("#length", "1");
  await solveAndWait(page);
  assert.match(await page.textContent("#verdict"), /解なし/);
  await page.selectOption("#lion-pass", "any");
  await solveAndWait(page);
  assert.equal(await page.locator("#solutions li").count(), 1);
  await load(page, "yosei-problem 1\nlion-pass: any\nposition: 7Ok/7OO/9/9/9/9/OOO6/OOO6/IOO6 b - 1\n");
  assert.equal(await page.inputValue("#lion-pass"), "any");
});

test("fm's Circe homes for fairy pieces and royal kinds: the page's choices are solved under and a problem's own are shown", async (page) => {
  // キルケ: R×31 mates unless the Wazir is reborn on 32 (fm's second rank), where it takes the rook
  const circe = "yosei-problem 1\ncondition: circe\nstipulation: help:1\nposition: 6[wa]1k/9/7PP/9/9/9/9/9/6R2 b - 1\n";
  await load(page, circe);
  assert.equal(await page.inputValue("#fairy-home"), "none");
  await solveAndWait(page);
  assert.equal(await page.locator("#solutions li").count(), 2);
  await page.selectOption("#fairy-home", "second-rank");
  await solveAndWait(page);
  assert.match(await page.textContent("#verdict"), /解なし/);
  await load(page, circe.replace("condition: circe\n", "condition: circe\nfairy-home: second-rank\n"));
  assert.equal(await page.inputValue("#fairy-home"), "second-rank");
  // a Wazir as White's king: without the royal kinds the position has no White king
  await load(page, "yosei-problem 1\nroyal: [WA]\nposition: 8[wa]/9/7P1/9/9/9/9/9/9 b G 1\n");
  assert.equal(await page.inputValue("#royal"), "[WA]");
});

test("Stop ends a long search with verdict unknown", async (page) => {
  // ofm-139 (benches/data/helpmate) as help:11 runs for minutes
  await load(page, "B+l+pn1+pR+p1/+lR7/3+p+p+pB+p1/2+p1+p4/3+p1+p1+p+l/2n1+p2+p1/3+p+p1k1g/7s1/3gs1+p2 b GSNgsnlp 1");
  await page.selectOption("#stip", "help");
  await page.fill("#length", "11");
  await page.click("#solve");
  await page.waitForFunction(() => /nodes|局面/.test(document.querySelector("#progress").textContent) &&
    /\d[\d,]* /.test(document.querySelector("#progress").textContent), null, { timeout: TIMEOUT });
  await page.click("#stop");
  await page.waitForFunction(() => document.querySelector("#solve").disabled === false, null, { timeout: TIMEOUT });
  assert.match(await page.textContent("#verdict"), /不明/);
  assert.match(await page.textContent("#verdict"), /stopped/);
});

test("the editor: clear, place, all remaining pieces to the defender, English", async (page) => {
  await page.click("#clear");
  await page.click('#palette button[title="king"]');
  await page.check('input[name=owner][value="w"]');
  await square(page, "51").click();
  await page.check('input[name=owner][value="b"]');
  await page.click('#palette button[title="gold"]');
  await square(page, "53").click();
  await page.click("#hand-b");
  await page.click("#rest");
  assert.equal(await page.inputValue("#text"), "4k4/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1");
  await page.click("#lang");
  assert.equal(await page.textContent("#solve"), "Solve");
  await page.selectOption("#stip", "tsume");
  await page.fill("#length", "");
  await solveAndWait(page);
  assert.match(await page.textContent("#verdict"), /^solved/);
  await page.screenshot({ path: join(screenshots, "editor-en.png"), fullPage: true });
  await page.click("#lang");
});

// Waits for the answer to a move, a restart or an undo of play mode.
async function played(page, click) {
  const before = Number(await page.getAttribute("body", "data-plays"));
  await click();
  await page.waitForFunction((n) => Number(document.body.dataset.plays) > n, before, { timeout: TIMEOUT });
}

test("a problem of the server's folder is played to mate by clicks", async (page) => {
  assert.equal(await page.locator("#list").isVisible(), true);
  assert.deepEqual(await page.locator("#list-pick option").allTextContents(), ["01_0001.txt", "03_0001.txt"]);
  let before = Number(await page.getAttribute("body", "data-loads"));
  await page.selectOption("#list-pick", { label: "03_0001.txt" });
  await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, before);
  await page.waitForFunction(() => document.querySelector("#length").value === "3");
  assert.equal(await page.inputValue("#stip"), "mate");
  await played(page, () => page.click("#play-start"));
  assert.match(await page.textContent("#play-status"), /あなたの番です（残り3手）|あなたの番です \(残り3手\)/);
  // a move that is not a check is refused with the reason
  await square(page, "55").click();
  await played(page, () => square(page, "54").click());
  assert.match(await page.textContent("#play-status"), /not a check/);
  assert.equal(await square(page, "55").textContent(), "香");
  // 52金打: yosei takes with the gold
  await page.locator('#hand-b .piece[data-sfen="G"]').click();
  await played(page, () => square(page, "52").click());
  assert.match(await page.textContent("#play-status"), /妖精の応手：△同　金/);
  assert.equal(await square(page, "61").textContent(), "");
  // 同歩成: the promotion is asked for, then it mates
  await square(page, "53").click();
  await square(page, "52").click();
  await page.waitForSelector("#promote:not([hidden])");
  await played(page, () => page.click("#promote-yes"));
  assert.match(await page.textContent("#play-status"), /詰みました（3手詰）/);
  assert.equal(await square(page, "52").textContent(), "と");
  assert.deepEqual(await page.locator("#moves li").allTextContents(), ["▲５二金", "△同　金", "▲同　歩成"]);
  await page.screenshot({ path: join(screenshots, "play.png"), fullPage: true });
  // undo takes the mating move back; 52歩不成 lets the king escape
  await played(page, () => page.click("#play-undo"));
  assert.equal(await page.locator("#moves li").count(), 2);
  await square(page, "53").click();
  await square(page, "52").click();
  await played(page, () => page.click("#promote-no"));
  assert.match(await page.textContent("#play-status"), /逃げ切られました：3手以内に詰みませんでした/);
  await played(page, () => page.click("#play-restart"));
  assert.equal(await page.locator("#moves li").count(), 0);
  await page.click("#play-end");
  before = Number(await page.getAttribute("body", "data-loads"));
  await page.click("#list-next");
  await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, before);
  await page.waitForFunction(() => document.querySelector("#length").value === "1");
  assert.equal(await square(page, "35").textContent(), "獅");
});

test("every condition of the server is a checkbox; 駒詰 takes a kind, 王位置 squares; a refused pair shows the server's error", async (page) => {
  const served = await page.evaluate(async () => (await fetch("/api/conditions")).json());
  assert.deepEqual(await page.locator("#conditions label").evaluateAll((ls) => ls.map((l) => l.dataset.cond)),
    served.map((c) => c.name));
  assert.equal(await page.textContent('#conditions label[data-cond="nekosen"]'), "ネコ鮮");
  await load(page, "3+pks3/9/4+P4/9/9/8B/9/9/9 b S2rb4g2s4n4l16p 1");
  await page.selectOption("#stip", "help");
  await page.fill("#length", "3");
  // choosing a kind ticks 駒詰; the fm text written and read back keeps the kind
  await page.selectOption('#conditions label[data-cond="komazume"] select', "chess-knight");
  assert.equal(await page.isChecked('#conditions label[data-cond="komazume"] input'), true);
  await page.selectOption("#format", "fm");
  await page.click("#export");
  await page.waitForFunction(() => /ナイト玉/.test(document.querySelector("#text").value));
  await page.selectOption('#conditions label[data-cond="komazume"] select', "gold");
  await load(page, await page.inputValue("#text"));
  assert.equal(await page.inputValue('#conditions label[data-cond="komazume"] select'), "chess-knight");
  await page.uncheck('#conditions label[data-cond="komazume"] input');
  // typing squares ticks 王位置; the fm text written and read back keeps them
  const kingSquare = '#conditions label[data-cond="king-square"]';
  await page.fill(`${kingSquare} input[type=text]`, "52");
  assert.equal(await page.isChecked(`${kingSquare} input[type=checkbox]`), true);
  await page.click("#export");
  await page.waitForFunction(() => /王位置\[52\]/.test(document.querySelector("#text").value));
  await page.fill(`${kingSquare} input[type=text]`, "55");
  await load(page, await page.inputValue("#text"));
  assert.equal(await page.inputValue(`${kingSquare} input[type=text]`), "52");
  await page.uncheck(`${kingSquare} input[type=checkbox]`);
  await page.check('#conditions label[data-cond="annan"] input');
  await page.check('#conditions label[data-cond="anhoku"] input');
  await solveAndWait(page);
  assert.equal(await page.getAttribute("#verdict", "class"), "error");
  assert.match(await page.textContent("#verdict"), /anhoku/);
  await page.uncheck('#conditions label[data-cond="annan"] input');
  await page.uncheck('#conditions label[data-cond="anhoku"] input');
});

test("bad input is an error on the page, not a crash", async (page) => {
  await load(page, "this is no problem");
  assert.equal(await page.getAttribute("#message", "class"), "error");
  await load(page, "8k/9/9/9/6I2/9/9/9/9 b - 1");
  assert.equal(await page.getAttribute("#message", "class"), "");
});

const { server, address } = startServer();
const profile = mkdtempSync(join(tmpdir(), "yosei-chromium-"));
let failed = 0;
let context;
try {
  const url = await address;
  // Flags: this machine's network is closed, and Chromium's own connections would be
  // refused over and over (docs/web.md, "Tests").
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1200, height: 900 },
  });
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.on("pageerror", (e) => { console.error(`page error: ${e.message}`); failed++; });
  await page.goto(url);
  for (const { name, body } of tests) {
    const started = Date.now();
    try {
      await body(page);
      console.log(`ok   ${name} (${Date.now() - started} ms)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${name}\n${e.stack}`);
      await page.screenshot({ path: join(screenshots, "failure.png"), fullPage: true }).catch(() => {});
    }
  }
} catch (e) {
  failed++;
  console.error(e);
} finally {
  await context?.close().catch(() => {});
  server.kill();
  rmSync(profile, { recursive: true, force: true });
  rmSync(problems, { recursive: true, force: true });
}
console.log(failed ? `${failed} failed` : `all ${tests.length} passed; screenshots in ${screenshots}`);
process.exit(failed ? 1 : 0);
