// The web build in a real browser: serve dist/ on 127.0.0.1, open it in Debian's Chromium
// (headless, WebGL2 through SwiftShader), wait for the board, check the canvas shows it, play a
// move with the mouse and save it (the save is written out for the native build to verify),
// verify a replay recorded by the native build, and time frames of a battle playing itself.
//
//   node web/test.mjs <dist dir> <replay file> <expected verify line> <screenshot out> <save out>
//
// `web/test` builds everything and calls this; run that instead.

import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const [dist, replayFile, expectedVerdict, screenshotOut, saveOut] = process.argv.slice(2);
if (!saveOut) {
  console.error("usage: node web/test.mjs <dist> <replay> <expected verify line> <screenshot> <save out>");
  process.exit(2);
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
};

// Every request the page makes, to catch `.meta` lookups and missing files.
const requests = [];
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = normalize(join(dist, path === "/" ? "index.html" : path));
  let status = 200;
  try {
    if (!file.startsWith(normalize(dist)) || !statSync(file).isFile()) throw new Error();
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  } catch {
    status = 404;
    res.writeHead(404).end();
  }
  requests.push({ path, status });
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const profile = mkdtempSync(join(tmpdir(), "steelgrid-chromium-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

const failures = [];
const check = (ok, message) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${message}`);
  if (!ok) failures.push(message);
};

/** Open the page and wait until the game has drawn the board and said where it is. */
async function open(query) {
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base + query);
  await page.waitForFunction(
    () => document.getElementById("status")?.dataset.board || document.getElementById("status")?.dataset.error,
    null,
    { timeout: 240_000, polling: 500 },
  );
  // A few frames more, so the tiles and tokens are on the canvas.
  await page.waitForTimeout(1500);
  return { page, errors };
}

const status = (page) =>
  page.evaluate(() => {
    const el = document.getElementById("status");
    return { text: el.textContent, ...el.dataset };
  });

/** Where square (x, y) is drawn, in page pixels. */
function squareOnScreen(s, x, y) {
  const [x0, y0, step] = s.board.split(" ").map(Number);
  return { x: x0 + x * step, y: y0 + y * step };
}

/** Point, let the game see the pointer there, then press and release like a person. */
async function click(page, at) {
  await page.mouse.move(at.x, at.y);
  await page.waitForTimeout(400);
  await page.mouse.click(at.x, at.y, { delay: 120 });
}

function positionOf(s, id) {
  const entry = s.creatures.split(" ").find((c) => c.startsWith(id + "@"));
  const [x, y] = entry.split("@")[1].split(",").map(Number);
  return { x, y };
}

/** How many distinct colours the screenshot has, and the share of its most common colour. */
async function pixelStats(page, png) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, img.width, img.height).data;
    const counts = new Map();
    for (let i = 0; i < data.length; i += 16) {
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const top = Math.max(...counts.values());
    return { colours: counts.size, topShare: top / (data.length / 16) };
  }, png.toString("base64"));
}

try {
  // 1. The default scenario: the board is drawn, the loading indicator gone, no errors.
  const started = Date.now();
  const { page, errors } = await open("");
  console.log(`board drawn ${((Date.now() - started) / 1000).toFixed(1)} s after opening`);
  let s = await status(page);
  check(!s.error, `the game started (${s.error ?? "no error"})`);
  check(await page.title() === "Steelgrid", "the page is the game, not an error page");
  check(await page.locator("#loading").isHidden(), "the loading indicator is gone");
  const png = await page.screenshot();
  writeFileSync(screenshotOut, png);
  const stats = await pixelStats(page, png);
  check(
    stats.colours > 50 && stats.topShare < 0.8,
    `the canvas shows the board (${stats.colours} colours, top colour ${(stats.topShare * 100).toFixed(0)}%)`,
  );
  check(s.text.includes("Round") || s.text.includes("round"), `status line: ${s.text}`);

  // 1b. The smallest window the game is laid out for (the HUD's layout at this size is checked
  //     natively by the client's layout test): the board and its panels still draw.
  const small = await browser.newPage();
  await small.setViewportSize({ width: 1024, height: 640 });
  await small.goto(base);
  await small.waitForFunction(() => document.getElementById("status")?.dataset.board, null, {
    timeout: 240_000,
    polling: 500,
  });
  await small.waitForTimeout(1500);
  const smallPng = await small.screenshot();
  writeFileSync(screenshotOut.replace(/\.png$/, "-1024x640.png"), smallPng);
  const smallStats = await pixelStats(small, smallPng);
  check(
    smallStats.colours > 50 && smallStats.topShare < 0.8,
    `at 1024x640 the canvas shows the board (${smallStats.colours} colours)`,
  );
  await small.close();

  // 2. Play with the mouse: the heroes go first (H), click Brann to start his turn, then click
  //    a square two steps away; the engine moves him there.
  await page.mouse.click(5, 790); // focus the canvas without touching the board
  // H is held for a few frames and pressed again if the choice is still open (a press and
  // release inside one slow software-rendered frame can go unseen, as with F5 below).
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.keyboard.down("h");
    await new Promise((r) => setTimeout(r, 300));
    await page.keyboard.up("h");
    const chosen = await page
      .waitForFunction(() => !document.getElementById("status").textContent.includes("first"), null, {
        timeout: 10_000,
      })
      .then(() => true)
      .catch(() => false);
    if (chosen) break;
  }
  s = await status(page);
  const from = positionOf(s, "brann");
  const at = squareOnScreen(s, from.x, from.y);
  await click(page, at);
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("Brann"), null, {
    timeout: 30_000,
  }).catch(() => {});
  const to = { x: from.x + 2, y: from.y + 2 };
  const target = squareOnScreen(await status(page), to.x, to.y);
  await click(page, target);
  const moved = await page
    .waitForFunction(
      (want) => document.getElementById("status").dataset.creatures.split(" ").includes(want),
      `brann@${to.x},${to.y}`,
      { timeout: 30_000 },
    )
    .then(() => true)
    .catch(() => false);
  s = await status(page);
  check(moved, `Brann moved from ${from.x},${from.y} to ${to.x},${to.y} (now ${JSON.stringify(positionOf(s, "brann"))}; ${s.text})`);
  // F5 saves to the page's local storage. The key is held for a few frames (a press and
  // release inside one slow software-rendered frame can go unseen), and pressed again if
  // nothing was saved.
  let saved = null;
  for (let attempt = 0; attempt < 3 && !saved; attempt++) {
    await page.keyboard.down("F5");
    await new Promise((r) => setTimeout(r, 300));
    await page.keyboard.up("F5");
    saved = await page
      .waitForFunction(() => localStorage.getItem("steelgrid.quicksave"), null, { timeout: 8_000 })
      .then((h) => h.jsonValue())
      .catch(() => null);
  }
  check(
    saved?.includes("format: 2") && saved.includes("brann"),
    `F5 saved the game to local storage (${saved?.length ?? 0} bytes; ${(await status(page)).text})`,
  );
  // The save is a replay of the game so far: `web/test` verifies it with the native build.
  writeFileSync(saveOut, saved ?? "");
  check(errors.every((e) => !e.includes("panicked")), `no panics (${errors.length} console errors)`);
  await page.close();

  // 3. A replay recorded by the native build verifies in the browser, with the same checksums.
  const replay = readFileSync(replayFile, "utf8");
  const r = await open("#verify=1&replay=" + encodeURIComponent(replay));
  const verdict = (await status(r.page)).replay;
  check(verdict === expectedVerdict, `replay in the browser: "${verdict}" (native: "${expectedVerdict}")`);
  await r.page.close();

  // 4. The frame bench: the 32×32 arena playing itself, 120 frames timed after the board is
  //    drawn (`--bench-frames` natively). SwiftShader draws on the CPU: the figure is reported,
  //    not held to the native goal.
  const b = await open("?scenario=bench_arena&ai=both&bench-frames=120");
  const frames = await b.page
    .waitForFunction(() => document.getElementById("status").dataset.frames, null, {
      timeout: 300_000,
      polling: 1000,
    })
    .then((h) => h.jsonValue())
    .catch(() => null);
  check(frames !== null, `browser frame bench, bench_arena --ai both: ${frames ?? "no figures"}`);
  check(b.errors.every((e) => !e.includes("panicked")), `no panics in the arena (${b.errors.length} console errors)`);
  await b.page.close();

  // 5. A d20 battle (seed 001's ruleset) opens in the browser and plays itself: the board is
  //    drawn, the status line follows its rounds, nothing panics.
  const d = await open("?scenario=d20/skirmish&ai=both");
  const ds = await status(d.page);
  check(!ds.error, `the d20 skirmish started (${ds.error ?? "no error"})`);
  await d.page.waitForTimeout(4000);
  const dPng = await d.page.screenshot();
  writeFileSync(screenshotOut.replace(/\.png$/, "-d20.png"), dPng);
  const dStats = await pixelStats(d.page, dPng);
  check(dStats.colours > 50 && dStats.topShare < 0.8, `the d20 board is drawn (${dStats.colours} colours)`);
  check((await status(d.page)).text.startsWith("d20: Round"), `d20 status line: ${(await status(d.page)).text}`);
  check(d.errors.every((e) => !e.includes("panicked")), `no panics in the d20 battle (${d.errors.length} console errors)`);
  await d.page.close();

  // 5b. A Miniatures skirmish (seed 000's ruleset) opens and plays itself: the status line
  //     follows it, nothing panics.
  const m = await open("?scenario=miniatures/warband_battle&ai=both");
  const ms = await status(m.page);
  check(!ms.error, `the Miniatures skirmish started (${ms.error ?? "no error"})`);
  await m.page.waitForTimeout(3000);
  writeFileSync(screenshotOut.replace(/\.png$/, "-miniatures.png"), await m.page.screenshot());
  check((await status(m.page)).text.startsWith("Miniatures: Round"), `Miniatures status line: ${(await status(m.page)).text}`);
  check(m.errors.every((e) => !e.includes("panicked")), `no panics in the Miniatures skirmish (${m.errors.length} console errors)`);
  await m.page.close();

  // 6. Nothing asked for files that are not there (no `.meta` lookups, no missing assets).
  const missing = requests.filter((q) => q.status !== 200 || q.path.endsWith(".meta"));
  check(missing.length === 0, `every request was served (${requests.length} requests; bad: ${JSON.stringify(missing)})`);
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`web test: ${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("web test: all checks passed");
