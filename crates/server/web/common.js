"use strict";
// What every page shares. The pages only display: the JSON API (/v1/...) decides everything.

const $ = (id) => document.getElementById(id);

// el("td", {class: "ok", title: "..."}, "text", childNode, ...): an element.
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k in e && typeof v !== "string") e[k] = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// One API call. `json`: a body sent as JSON; `text`: a body sent as text; `token`: sent as
// `Authorization: Bearer`. Answers {ok, status, data, errors}: data is the JSON (or the text,
// or a Blob when `blob` is set); errors the API's located problems.
async function api(method, path, { json, text, token, blob } = {}) {
  const headers = {};
  let body;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (text !== undefined) {
    headers["Content-Type"] = "text/plain; charset=utf-8";
    body = text;
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  let r;
  try {
    r = await fetch(path, { method, headers, body, cache: "no-store" });
  } catch (e) {
    return { ok: false, status: 0, errors: [{ where: "network", message: String(e) }] };
  }
  const type = r.headers.get("content-type") || "";
  let data;
  if (r.ok && blob) data = await r.blob();
  else if (type.includes("json")) data = await r.json().catch(() => null);
  else data = await r.text();
  const errors = r.ok ? [] : (data && data.errors) || [{ where: String(r.status), message: String(data || r.statusText) }];
  return { ok: r.ok, status: r.status, data, errors };
}

// The located problems, one a line, in `node` (emptied and hidden when there are none).
function showErrors(node, errors) {
  node.replaceChildren(...(errors || []).map((e) => el("div", {}, e.where ? `${e.where}: ` : "", e.message)));
  node.hidden = !errors || errors.length === 0;
}

// A picture (an SVG or PNG Blob, or a URL) as an <img> that fits its box.
const pictureUrls = new Map();
function picture(src, alt, key) {
  let url = src;
  if (src instanceof Blob) {
    url = URL.createObjectURL(src);
    if (key) {
      if (pictureUrls.has(key)) URL.revokeObjectURL(pictureUrls.get(key));
      pictureUrls.set(key, url);
    }
  }
  return el("img", { class: "board", src: url, alt });
}

// An SVG text (as /v1/compare's pictures) as an <img>.
function svgPicture(svg, alt, key) {
  return picture(new Blob([svg], { type: "image/svg+xml" }), alt, key);
}

// A result's class: succeeding words green, the rest red.
function resultClass(result) {
  return /^(succeeds|given|available|holds|built|disbanded|retreats)/.test(result || "") ? "ok" : "bad";
}

// The results table of an adjudication: power, order, result, reason; the units that had no
// order (`extra`, as a phase summary's `unordered`) folded under it.
function resultsTable(results, extra) {
  const rows = (results || []).map((r) =>
    el("tr", {},
      el("td", {}, r.power || ""),
      el("td", {}, r.order || ""),
      el("td", { class: resultClass(r.result) }, r.result || ""),
      el("td", { class: "reason" }, r.reason || "")));
  const table = rows.length
    ? el("div", { class: "scroll" }, el("table", { class: "results" },
      el("thead", {}, el("tr", {}, el("th", {}, "Power"), el("th", {}, "Order"), el("th", {}, "Result"), el("th", {}, "Reason"))),
      el("tbody", {}, rows)))
    : el("p", { class: "muted" }, "No orders.");
  if (!extra || !extra.length) return table;
  return el("div", {}, table, el("details", { class: "unordered" },
    el("summary", {}, `${extra.length} unit${extra.length === 1 ? "" : "s"} without orders`),
    el("p", { class: "small muted" }, extra.map((u) => `${u.power}: ${u.unit} ${u.result}`).join("; "))));
}

// `issue=choice` lines (blank lines and `#` comments skipped) as {issue: choice}, or errors.
function parseOverrides(text) {
  const overrides = {};
  const errors = [];
  (text || "").split("\n").forEach((line, i) => {
    const t = line.replace(/#.*/, "").trim();
    if (!t) return;
    const m = /^([^=:\s]+)\s*[=:]\s*(\S+)$/.exec(t);
    if (m) overrides[m[1]] = m[2];
    else errors.push({ where: `overrides:${i + 1}`, message: `\`${t}\`: write issue=choice` });
  });
  return { overrides, errors };
}

// A game view's `overrides` (["issue=choice", ...]) as {issue: choice}.
function overridesObject(list) {
  return parseOverrides((list || []).join("\n")).overrides;
}

// The token in the address: `#token=...` (kept client-side) or `?token=...` (moved into the
// fragment so it is not sent again).
function addressToken() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token")) return hash.get("token");
  const query = new URLSearchParams(location.search);
  const t = query.get("token");
  if (t) history.replaceState(null, "", `${location.pathname}#token=${encodeURIComponent(t)}`);
  return t || null;
}

// The address of a game page for a token.
function gameLink(id, token) {
  return `${location.origin}/game/${id}#token=${token}`;
}

// The game master's own address for a game.
function gmLink(id, token) {
  return `${location.origin}/gm/${id}#token=${token}`;
}

// Fills a <select> with /v1/maps or /v1/rulesets.
async function fillSelect(select, path, chosen) {
  const r = await api("GET", path);
  if (!r.ok) return;
  select.replaceChildren(...r.data.map((item) => el("option", { value: item.name, selected: item.name === chosen },
    item.title ? `${item.name}: ${item.title}` : item.name)));
}

// An issue picker under an overrides box: the issues of /v1/rulesets/datc with their choices;
// "Add" writes `issue=choice` into the box.
async function issuePicker(box, container) {
  const r = await api("GET", "/v1/rulesets/datc");
  if (!r.ok) return;
  const issues = r.data.issues;
  const issue = el("select", { "aria-label": "issue" }, issues.map((i) => el("option", { value: i.key }, `${i.key} (${i.datc})`)));
  const choice = el("select", { "aria-label": "choice" });
  const fillChoices = () => {
    const i = issues.find((x) => x.key === issue.value);
    choice.replaceChildren(...(i ? i.choices : []).map((c) => el("option", { value: c }, c)));
    issue.title = i ? i.title : "";
  };
  issue.addEventListener("change", fillChoices);
  fillChoices();
  const add = el("button", {
    type: "button", onclick: () => {
      const lines = box.value.split("\n").filter((l) => l.trim() && !l.trim().startsWith(`${issue.value}=`));
      lines.push(`${issue.value}=${choice.value}`);
      box.value = lines.join("\n");
      box.dispatchEvent(new Event("input"));
    },
  }, "Add");
  container.replaceChildren(issue, choice, add);
}

// Copies a text to the clipboard (when the browser allows it).
function copyButton(text) {
  return el("button", {
    type: "button", class: "small", onclick: (ev) => {
      if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => { ev.target.textContent = "Copied"; }, () => {});
    },
  }, "Copy");
}

// "in 2 h 03 min", "in 45 s", "passed".
function countdown(deadline) {
  const ms = Date.parse(deadline) - Date.now();
  if (Number.isNaN(ms)) return "";
  if (ms <= 0) return "passed";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d > 0) return `in ${d} d ${h} h`;
  if (h > 0) return `in ${h} h ${String(m).padStart(2, "0")} min`;
  if (m > 0) return `in ${m} min ${String(s % 60).padStart(2, "0")} s`;
  return `in ${s} s`;
}

// The history of a game: one <details> per phase played, newest first, each with its results
// and (loaded when opened) its picture.
function historyList(id, token, phases) {
  if (!phases.length) return el("p", { class: "muted" }, "No phase played yet.");
  return el("div", {}, phases.map((h, i) => ({ h, n: i + 1 })).reverse().map(({ h, n }) => {
    const box = el("div", { class: "phase-body" });
    const d = el("details", { class: "phase", "data-phase": h.phase }, el("summary", {}, `${n}. ${h.phase}`), box);
    d.addEventListener("toggle", () => {
      if (!d.open || box.childElementCount) return;
      box.append(el("img", { class: "board", src: `/v1/games/${id}/phases/${n}.svg`, alt: `the board in ${h.phase}` }),
        resultsTable(h.results, (h.summary && h.summary.unordered) || []));
    });
    return d;
  }));
}
