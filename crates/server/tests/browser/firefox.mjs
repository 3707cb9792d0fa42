// The pages of `diplo serve` in a headless Firefox (puppeteer-core over WebDriver BiDi, the
// system's Firefox ESR): the same flows as run.mjs (Chromium), in fewer steps, with plain DOM
// queries so that nothing depends on one browser's selector extensions.
//
//   node crates/server/tests/browser/firefox.mjs PATH/TO/diplo [PUPPETEER_PREFIX]
//
// PUPPETEER_PREFIX: the folder `npm install --prefix DIR puppeteer-core@24` installed into. The
// browser is /usr/bin/firefox-esr (or $DIPLO_FIREFOX); nothing is downloaded. Steps:
//   1. the game master's page creates a game with a retreat deadline and shows a link per power;
//   2. France's page marks a bad order, reads two good ones, submits them and says ready;
//   3. the game master's page adjudicates: Fall 1901; France's page shows A bur and the results;
//   4. the rules explorer on 6.F.19: 1971 and datc differ on F Rome - Tyrrhenian Sea;
// with screenshots at 1280 and 390 pixels wide (printed folder), each page checked to fit its
// width. Every wait has a timeout, the whole run at most 110 s; only 127.0.0.1 is reached.

import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

import { check, elapsed, log, server as diploServer } from "./serve.mjs";

const [binary, prefix] = process.argv.slice(2);
if (!binary) {
  console.error("usage: node firefox.mjs PATH/TO/diplo [PUPPETEER_PREFIX]");
  process.exit(2);
}
const require = createRequire(prefix ? path.join(path.resolve(prefix), "package.json") : import.meta.url);
const puppeteer = require("puppeteer-core");

const WAIT = 20000;
const shots = mkdtempSync(path.join(os.tmpdir(), "diplo-firefox-shots-"));
const server = diploServer(binary, "firefox");
const games = server.games;
let browser = null;

async function cleanup() {
  if (browser) await browser.close().catch(() => {});
  browser = null;
  await server.stop();
}

const deadline = setTimeout(async () => {
  console.error("FAILED: the Firefox test took more than 110 s");
  await cleanup();
  process.exit(1);
}, 110000);

// Waits until the element `selector` exists and its text contains `text` (any text: "").
async function waitText(page, selector, text = "") {
  await page.waitForFunction(
    (s, t) => {
      const e = document.querySelector(s);
      return !!e && e.textContent.includes(t);
    },
    { timeout: WAIT },
    selector,
    text,
  );
}

// Sets a form field's value as typing would (an `input` event follows).
async function setValue(page, selector, value) {
  await page.$eval(
    selector,
    (e, v) => {
      e.value = v;
      e.dispatchEvent(new Event("input", { bubbles: true }));
      e.dispatchEvent(new Event("change", { bubbles: true }));
    },
    value,
  );
}

async function main() {
  const base = await server.start();
  log(`server at ${base}, games in ${games}`);
  browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: process.env.DIPLO_FIREFOX || "/usr/bin/firefox-esr",
    headless: true,
    timeout: 60000,
  });
  const problems = [];
  const open = async (name, url) => {
    const page = await browser.newPage();
    page.setDefaultTimeout(WAIT);
    await page.setViewport({ width: 1280, height: 900 });
    page.on("pageerror", (e) => problems.push(`${name}: ${e.message}`));
    page.on("request", (r) => {
      const u = r.url();
      if (!(u.startsWith(`${base}/`) || u.startsWith("blob:") || u.startsWith("data:") || u.startsWith("about:"))) {
        problems.push(`${name}: a request outside the server: ${u}`);
      }
    });
    await page.goto(url);
    return page;
  };
  const shot = async (page, name) => {
    for (const width of [1280, 390]) {
      await page.setViewport({ width, height: width === 390 ? 844 : 900 });
      await new Promise((r) => setTimeout(r, 200));
      await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `${name} at ${width} px fits its width (${overflow} px over)`);
    }
    await page.setViewport({ width: 1280, height: 900 });
  };

  // 1. The game master creates a game.
  const gm = await open("gm", `${base}/gm`);
  await page_ready(gm, "#map option[value=standard]");
  await page_ready(gm, "#ruleset option[value=datc]");
  await setValue(gm, "#dl-retreat", "12h");
  await gm.click("#create-button");
  await page_ready(gm, 'a[data-power="France"]');
  const france = await gm.$eval('a[data-power="France"]', (a) => a.getAttribute("href"));
  check(/\/game\/[0-9a-f]+#token=[0-9a-f]+$/.test(france), "the game master's page shows France's link");
  check((await gm.$$("tr.power-link")).length === 7, "one link per power (7)");
  await waitText(gm, "#phase", "Spring 1901 Movement");
  await page_ready(gm, "#board img.board");
  await shot(gm, "1-gm-created");

  // 2. France: a bad order is marked, good ones read, submitted and ready.
  const fr = await open("france", france);
  await waitText(fr, "#phase", "Spring 1901 Movement");
  await waitText(fr, "#units", "A par");
  await setValue(fr, "#orders", "A par - xyz\n");
  await waitText(fr, "#check.bad", "xyz");
  check(true, "the live check marks `A par - xyz`");
  await setValue(fr, "#orders", "");
  await fr.type("#orders", "A par - bur\nF bre - mao\n");
  await waitText(fr, "#check.ok", "2 orders read");
  check(true, "the live check reads both typed orders");
  await fr.click("#ready");
  await waitText(fr, "#sent.ok", "Submitted and ready");
  check(true, "France's orders are submitted and ready");
  await shot(fr, "2-france-ordered");

  // 3. The game master adjudicates; France sees the new phase.
  await gm.click("#refresh");
  await waitText(gm, 'tr[data-power="France"] td.orders-cell', "A par - bur");
  await gm.click("#adjudicate");
  await waitText(gm, "#phase", "Fall 1901 Movement");
  check(true, "the game master's page adjudicated: Fall 1901 Movement");
  await fr.reload();
  await waitText(fr, "#phase", "Fall 1901 Movement");
  await waitText(fr, "#units", "A bur");
  await waitText(fr, "#last", "A Paris - Burgundy");
  check(true, "France's page shows A bur and the last phase's results");
  await page_ready(fr, "#board img.board");
  await shot(fr, "3-france-fall");

  // 4. The rules explorer on 6.F.19.
  const ex = await open("explore", `${base}/explore`);
  await page_ready(ex, "#rulesets input[data-ruleset=datc]");
  await setValue(ex, "#case", "6.F.19");
  await ex.$$eval("#rulesets input", (list) => {
    for (const i of list) {
      if (i.checked !== (i.value === "1971" || i.value === "datc")) i.click();
    }
  });
  await ex.click("#compare");
  await page_ready(ex, "#compare-table");
  const cell = (rs) => ex.$eval(
    `#compare-table tr[data-order="F Rome - Tyrrhenian Sea"] td[data-ruleset="${rs}"] .result`,
    (e) => e.textContent,
  );
  const [r1971, rdatc] = [await cell("1971"), await cell("datc")];
  check(r1971 === "succeeds" && rdatc === "fails", `6.F.19 F Rome - Tyrrhenian Sea: 1971 ${r1971}, datc ${rdatc}`);
  await ex.waitForFunction(() => {
    const imgs = [...document.querySelectorAll("#boards img.board")];
    return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  }, { timeout: WAIT });
  check(true, "one board per ruleset (2)");
  await shot(ex, "4-explore-6F19");

  check(problems.length === 0, `no script errors or outside requests${problems.length ? `: ${problems.join("; ")}` : ""}`);
}

// Waits until `selector` exists in the page.
async function page_ready(page, selector) {
  await page.waitForSelector(selector, { timeout: WAIT });
}

let failed = false;
try {
  await main();
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.stack || e}`);
  for (const [i, page] of (browser ? await browser.pages().catch(() => []) : []).entries()) {
    const text = await page.evaluate(() => document.body.innerText).catch(() => "");
    console.error(`--- page ${i}: ${page.url().replace(/token=[0-9a-f]+/, "token=...")}\n${text.slice(0, 2000)}`);
    await page.screenshot({ path: path.join(shots, `failed-${i}.png`), fullPage: true }).catch(() => {});
  }
}
await cleanup();
clearTimeout(deadline);
console.log(`screenshots in ${shots}`);
console.log(`${failed ? "FAILED" : "passed"}: the Firefox test in ${elapsed()} s`);
process.exit(failed ? 1 : 0);
