// What both browser tests (run.mjs in Chromium, firefox.mjs in Firefox) share: `diplo serve` on
// 127.0.0.1 (an ephemeral port) with a fresh games folder, started and stopped; the log of
// checks.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const started = Date.now();

// A line of the test's log, with the seconds since it started.
export function log(...a) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s]`, ...a);
}

// Fails the test with `what` unless `cond`; logs it otherwise.
export function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
  log(`ok: ${what}`);
}

// Seconds since the test started.
export function elapsed() {
  return ((Date.now() - started) / 1000).toFixed(1);
}

// `diplo serve` (the binary at `binary`) in a fresh games folder: `start()` resolves its base
// address, read from its first line; `stop()` ends it (SIGTERM, then SIGKILL after 3 s) and
// removes the folder.
export function server(binary, name) {
  const games = mkdtempSync(path.join(os.tmpdir(), `diplo-${name}-games-`));
  let child = null;
  return {
    games,
    start() {
      return new Promise((resolve, reject) => {
        child = spawn(binary, ["serve", "--addr", "127.0.0.1:0", "--games", games], { stdio: ["ignore", "ignore", "pipe"] });
        let err = "";
        const t = setTimeout(() => reject(new Error(`the server did not start in 20 s: ${err}`)), 20000);
        child.on("error", (e) => {
          clearTimeout(t);
          reject(e);
        });
        child.on("exit", (code) => {
          clearTimeout(t);
          reject(new Error(`the server stopped (${code}): ${err}`));
        });
        child.stderr.on("data", (d) => {
          err += d;
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
          if (m) {
            clearTimeout(t);
            resolve(m[1]);
          }
        });
      });
    },
    async stop() {
      if (child && child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((res) => {
          const t = setTimeout(() => {
            child.kill("SIGKILL");
            res();
          }, 3000);
          child.once("exit", () => {
            clearTimeout(t);
            res();
          });
        });
      }
      rmSync(games, { recursive: true, force: true });
    },
  };
}
