// The pages of `diplo serve` in a headless Chromium (playwright-core, the system's browser).
//
//   node crates/server/tests/browser/run.mjs PATH/TO/diplo [PLAYWRIGHT_PREFIX]
//
// PLAYWRIGHT_PREFIX: the folder `npm install --prefix DIR playwright-core@1` installed into
// (default: wherever Node finds `playwright-core`). The browser is /usr/bin/chromium (or
// $DIPLO_CHROMIUM); nothing is downloaded. The script starts `diplo serve` on 127.0.0.1 (an
// ephemeral port) with a fresh games folder, and stops it:
//   1. the game master's page creates a game (with deadlines, the late-orders rule and the
//      end's house rules) and shows a link per power;
//   2. (a deadline set with `diplo game deadline`) France's and Germany's game pages, France's
//      counting down to the deadline: the live check marks a bad order, a legal order is
//      picked from the list, orders are submitted through the form (France also ready;
//      Germany, opened with ?token=, withdraws and submits again);
//   3. the game master's page adjudicates; the new phase shows there and on France's page
//      (the unit moved, the last phase's results, the history); it puts Italy into civil
//      disorder and hands it to a stand-in, changes the deadlines, then rolls back;
//   4. the rules explorer on 6.F.19 shows different results under 1971 and datc, one board
//      per ruleset, and an override changes them;
// with screenshots at 1280 and 390 pixels wide in a temporary folder (printed). Every wait has
// a timeout, the whole run at most 110 s; only 127.0.0.1 is reached (anything else is aborted
// and fails the run).

import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

import { check, elapsed, log, server as diploServer } from "./serve.mjs";

const [binary, prefix] = process.argv.slice(2);
if (!binary) {
  console.error("usage: node run.mjs PATH/TO/diplo [PLAYWRIGHT_PREFIX]");
  process.exit(2);
}
const require = createRequire(prefix ? path.join(path.resolve(prefix), "package.json") : import.meta.url);
const { chromium } = require("playwright-core");

const WAIT = 15000;
const shots = mkdtempSync(path.join(os.tmpdir(), "diplo-browser-shots-"));
const server = diploServer(binary, "browser");
const games = server.games;
let browser = null;

async function cleanup() {
  if (browser) await browser.close().catch(() => {});
  browser = null;
  await server.stop();
}

const deadline = setTimeout(async () => {
  console.error("FAILED: the browser test took more than 110 s");
  await cleanup();
  process.exit(1);
}, 110000);

async function main() {
  const base = await server.start();
  log(`server at ${base}, games in ${games}`);
  browser = await chromium.launch({
    executablePath: process.env.DIPLO_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    timeout: 30000,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const problems = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(WAIT);
  context.setDefaultNavigationTimeout(WAIT);
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${base}/`) || url.startsWith("blob:") || url.startsWith("data:")) return route.continue();
    problems.push(`a request outside the server: ${url}`);
    return route.abort();
  });
  const watch = (page, name) => {
    page.on("pageerror", (e) => problems.push(`${name}: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy|Uncaught/.test(m.text())) problems.push(`${name}: ${m.text()}`);
    });
    return page;
  };
  const shot = async (page, name) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.waitForTimeout(150);
      const file = path.join(shots, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `${name} at ${width} px fits its width (${overflow} px over)`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  // 1. The game master creates a game.
  const gm = watch(await context.newPage(), "gm");
  await gm.goto(`${base}/gm`);
  await gm.waitForSelector("#map option[value=standard]", { state: "attached" });
  await gm.waitForSelector("#ruleset option[value=datc]", { state: "attached" });
  await gm.selectOption("#ruleset", "datc");
  await gm.fill("#overrides", "proxy_orders=notified");
  await gm.fill("#dl-retreat", "12h");
  await gm.selectOption("#late-orders", "accept-flagged");
  await gm.fill("#last-year", "1910");
  await gm.selectOption("#draw-votes", "majority");
  await gm.click("#create-button");
  await gm.waitForSelector("tr.power-link a[data-power=France]");
  const link = async (power) => gm.getAttribute(`a[data-power="${power}"]`, "href");
  const france = await link("France");
  const germany = await link("Germany");
  check(/\/game\/[0-9a-f]+#token=[0-9a-f]+$/.test(france), "the game master's page shows France's link");
  check((await gm.locator("tr.power-link").count()) === 7, "one link per power (7)");
  await gm.waitForSelector("#phase:has-text('Spring 1901 Movement')");
  check(/\/gm\/[0-9a-f]+#token=/.test(gm.url()), "the game master's page holds its own link");
  await gm.waitForSelector("#board img.board");
  check((await gm.inputValue("#sc-retreat")) === "12h" && (await gm.inputValue("#sc-late")) === "accept-flagged",
    "the game was made with the deadlines and the late-orders rule chosen");
  await shot(gm, "1-gm-created");

  // A deadline in an hour and a half, set as `diplo game deadline` does, beside the server.
  const id = /\/game\/([0-9a-f]+)/.exec(france)[1];
  const due = new Date(Date.now() + 90 * 60000).toISOString().replace(/\.\d+Z$/, "Z");
  execFileSync(binary, ["game", "deadline", path.join(games, `${id}.toml`), due], { stdio: "ignore", timeout: 10000 });

  // 2. France: a bad order is marked, a legal one picked, orders submitted and ready.
  const fr = watch(await context.newPage(), "france");
  await fr.goto(france);
  await fr.waitForSelector("#phase:has-text('Spring 1901 Movement')");
  await fr.waitForFunction(() => /^in 1 h \d\d min$/.test((document.getElementById("deadline") || {}).textContent || ""));
  check(true, "France's page counts down to the deadline");
  check((await fr.textContent("#units")).includes("A par"), "France's page lists France's units");
  await fr.fill("#orders", "A par - xyz\n");
  await fr.waitForSelector("#check.bad:has-text('xyz')");
  check(true, "the live check marks `A par - xyz`");
  await fr.fill("#orders", "");
  await fr.waitForSelector("#possible select[data-location=PAR] option[value='A PAR - BUR']", { state: "attached" });
  await fr.selectOption("#possible select[data-location=PAR]", "A PAR - BUR");
  check((await fr.inputValue("#orders")).includes("A PAR - BUR"), "a legal order picked from the list goes in the box");
  await fr.locator("#orders").pressSequentially("F bre - mao\n");
  await fr.waitForSelector("#check.ok:has-text('2 orders read')");
  check(true, "the live check reads both orders");
  await fr.click("#ready");
  await fr.waitForSelector("#sent.ok:has-text('Submitted and ready')");
  await fr.waitForSelector("#my-state:has-text('You are ready')");
  check(true, "France's orders are submitted and ready");
  await shot(fr, "2-france-ordered");

  // Germany submits (not ready).
  const de = watch(await context.newPage(), "germany");
  await de.goto(germany.replace("#token=", "?token="));
  await de.waitForSelector("#phase:has-text('Spring 1901 Movement')");
  check(!de.url().includes("?token=") && de.url().includes("#token="), "a ?token= address works and the token moves into the fragment");
  await de.waitForSelector("#possible select[data-location=MUN]", { state: "attached" });
  await de.fill("#orders", "A mun - ruh\nA ber - kie\n");
  await de.waitForSelector("#check.ok:has-text('2 orders read')");
  await de.click("#submit");
  await de.waitForSelector("#sent.ok:has-text('Submitted')");
  await de.click("#withdraw");
  await de.waitForSelector("#sent.ok:has-text('Withdrew set #')");
  await de.waitForSelector("#my-state:has-text('No orders submitted')");
  check(true, "Germany withdraws its orders");
  await de.fill("#orders", "A mun - ruh\nA ber - kie\n");
  await de.click("#submit");
  await de.waitForSelector("#sent.ok:has-text('Submitted: 2 orders count')");
  check(true, "Germany's orders are submitted again");

  // France proposes a draw on its page: it sees its own vote, Germany none (secret).
  await fr.click("#draw-propose");
  await fr.waitForSelector("#draw:has-text('awaiting votes (votes seen: France yes)')");
  await shot(fr, "2b-france-draw");
  await de.click("#refresh");
  await de.waitForSelector("#draw:has-text('Proposed by France')");
  await de.waitForSelector("#draw-yes");
  check(!(await de.textContent("#draw")).includes("France yes"), "a draw proposed on France's page; Germany's page shows it without France's vote");

  // 3. The game master sees both and adjudicates.
  await gm.click("#refresh");
  await gm.waitForSelector("tr[data-power=France] td.orders-cell:has-text('A par - bur')");
  await gm.waitForSelector("tr[data-power=Germany] td.orders-cell:has-text('A mun - ruh')");
  check(true, "the game master sees France's and Germany's orders");
  await gm.click("#adjudicate");
  await gm.waitForSelector("#adjudicated-note:has-text('now Fall 1901 Movement')");
  await gm.waitForSelector("#phase:has-text('Fall 1901 Movement')");
  check(true, "the game master's page adjudicated: Fall 1901 Movement");
  await gm.waitForSelector("#last td:has-text('A Paris - Burgundy')");
  await gm.waitForSelector("#board img.board");
  await shot(gm, "3-gm-adjudicated");

  await fr.reload();
  await fr.waitForSelector("#phase:has-text('Fall 1901 Movement')");
  check((await fr.textContent("#units")).includes("A bur"), "France's page shows A bur in the new position");
  await fr.waitForSelector("#last tr:has(td:has-text('A Paris - Burgundy')) td.ok:has-text('succeeds')");
  check(true, "France's page shows the last phase's results");
  await fr.click("details.phase summary");
  await fr.waitForSelector("details.phase[open] img.board");
  await fr.waitForFunction(() => [...document.querySelectorAll("details.phase img.board")].every((i) => i.complete && i.naturalWidth > 0));
  check(true, "the history shows the phase played with its picture");
  await fr.waitForSelector("#board img.board");
  await shot(fr, "4-france-fall");

  // The game master puts Italy into civil disorder, then hands it to a stand-in.
  await gm.selectOption("#disorder-power", "Italy");
  await gm.click("#disorder-on");
  await gm.waitForSelector("#in-disorder:has-text('Italy')");
  check(true, "the game master's page puts Italy into civil disorder");
  await gm.selectOption("#disorder-power", "Italy");
  await gm.fill("#disorder-player", "Dana");
  await gm.click("#disorder-off");
  await gm.waitForSelector("#players td:has-text('Dana')");
  check((await gm.locator("#in-disorder").count()) === 0, "Italy is handed to a stand-in, Dana");
  // The deadlines change: movement phases get 48 hours.
  await gm.fill("#sc-movement", "48h");
  await gm.click("#schedule-save");
  await gm.waitForSelector("#schedule-note");
  await gm.waitForFunction(() => document.getElementById("sc-movement").value === "48h");
  check(true, "the game master's page saves a deadline schedule");
  await shot(gm, "3b-gm-players");

  // The game master rolls the phase back.
  await gm.click("#rollback");
  await gm.waitForSelector("#rolled:has-text('to Spring 1901 Movement')");
  await gm.waitForSelector("#phase:has-text('Spring 1901 Movement')");
  check(true, "the game master's page rolls back to Spring 1901 Movement");

  // 4. The rules explorer.
  const ex = watch(await context.newPage(), "explore");
  await ex.goto(`${base}/explore`);
  await ex.waitForSelector("#rulesets input[data-ruleset=datc]");
  await ex.fill("#case", "6.F.19");
  for (const name of await ex.$$eval("#rulesets input", (l) => l.map((i) => i.value))) {
    await ex.setChecked(`#rulesets input[data-ruleset="${name}"]`, name === "1971" || name === "datc");
  }
  await ex.click("#compare");
  await ex.waitForSelector("#compare-table");
  const cell = (order, rs) => ex.textContent(`#compare-table tr[data-order="${order}"] td[data-ruleset="${rs}"] .result`);
  const o = "F Rome - Tyrrhenian Sea";
  const [r1971, rdatc] = [await cell(o, "1971"), await cell(o, "datc")];
  check(r1971 === "succeeds" && rdatc === "fails", `6.F.19 "${o}": 1971 ${r1971}, datc ${rdatc}`);
  check((await ex.locator("ul.whys li").count()) > 0, "the explorer names the issues deciding the differences");
  await ex.waitForFunction(() => {
    const imgs = [...document.querySelectorAll("#boards img.board")];
    return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  });
  check(true, "one board per ruleset (2)");
  await shot(ex, "5-explore-6F19");
  await ex.fill("#overrides", "multi_route_disruption=one-route");
  await ex.click("#compare");
  await ex.waitForSelector("#summary:has-text('multi_route_disruption=one-route')");
  const changed = await cell(o, "datc");
  check(changed === "succeeds", `with multi_route_disruption=one-route everywhere, datc says ${changed}`);
  await shot(ex, "6-explore-override");

  check(problems.length === 0, `no script errors, CSP violations or outside requests${problems.length ? `: ${problems.join("; ")}` : ""}`);
}

let failed = false;
try {
  await main();
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.stack || e}`);
  // What each page showed when it failed: its text, and a screenshot.
  for (const [i, page] of (browser ? browser.contexts().flatMap((c) => c.pages()) : []).entries()) {
    const text = await page.evaluate(() => document.body.innerText).catch(() => "");
    console.error(`--- page ${i}: ${page.url().replace(/token=[0-9a-f]+/, "token=...")}\n${text.slice(0, 3000)}`);
    await page.screenshot({ path: path.join(shots, `failed-${i}.png`), fullPage: true }).catch(() => {});
  }
}
await cleanup();
clearTimeout(deadline);
console.log(`screenshots in ${shots}`);
console.log(`${failed ? "FAILED" : "passed"}: the browser test in ${elapsed()} s`);
process.exit(failed ? 1 : 0);
