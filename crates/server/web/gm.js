"use strict";
// /gm: create a game and hand out its links; /gm/{id}#token=GM: run it (adjudicate, roll
// back). The tokens stay in the page, and in this browser's localStorage for the links.

let gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
let token = gameId ? addressToken() : null;

const stored = (id) => {
  try {
    return JSON.parse(localStorage.getItem(`diplo.game.${id}`) || "null");
  } catch (e) {
    return null;
  }
};

const KINDS = ["movement", "retreat", "adjustment"];

// The deadline lengths typed in the inputs `${prefix}-KIND`, by phase kind (empty: none).
function lengths(prefix) {
  const out = {};
  for (const k of KINDS) {
    const v = $(`${prefix}-${k}`).value.trim();
    if (v) out[k] = v;
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  const { overrides, errors } = parseOverrides($("overrides").value);
  if (errors.length) return showErrors($("errors"), errors);
  $("create-button").disabled = true;
  const json = { map: $("map").value, ruleset: $("ruleset").value, overrides,
    deadlines: lengths("dl"), late_orders: $("late-orders").value };
  const r = await api("POST", "/v1/games", { json });
  if (!r.ok) {
    $("create-button").disabled = false;
    return showErrors($("errors"), r.errors);
  }
  const g = r.data;
  // The house rules for the end: set by the game master's token, once the game exists.
  const year = $("last-year").value.trim();
  const rules = { at_last_year: $("at-last-year").value, draw_votes: $("draw-votes").value };
  if (year) rules.last_year = Number(year);
  const e = await api("PUT", `/v1/games/${g.id}/end-rules`, { json: rules, token: g.gm_token });
  $("create-button").disabled = false;
  showErrors($("errors"), e.ok ? [] : e.errors);
  try {
    localStorage.setItem(`diplo.game.${g.id}`, JSON.stringify(g));
  } catch (e) { /* private browsing: the links are on screen only */ }
  gameId = g.id;
  token = g.gm_token;
  history.replaceState(null, "", `/gm/${g.id}#token=${g.gm_token}`);
  $("create-section").hidden = true;
  showLinks(g);
  load();
}

function showLinks(g) {
  if (!g) return;
  const row = (who, url, cls) => el("tr", { class: cls },
    el("th", {}, who), el("td", {}, el("a", { href: url, class: "link", "data-power": who }, url)), el("td", {}, copyButton(url)));
  $("links").replaceChildren(el("tbody", {},
    Object.entries(g.power_tokens).map(([p, t]) => row(p, gameLink(g.id, t), "power-link")),
    row("Game master", gmLink(g.id, g.gm_token), "gm-link")));
  $("links-section").hidden = false;
}

function renderStatus(v) {
  const deadline = v.deadline ? el("span", {}, " · deadline ", el("time", { id: "deadline", datetime: v.deadline, title: v.deadline }, countdown(v.deadline))) : "";
  $("status").replaceChildren(
    el("h2", { id: "phase" }, v.phase),
    el("p", {}, `Game ${gameId} · ${v.map} · ${v.ruleset_label} · phases played: ${v.phases_played}`, deadline,
      v.rollbacks ? ` · ${v.rollbacks} rolled back` : "",
      v.ended ? el("strong", {}, ` · the game is over in ${v.ended.phase}`) : ""),
    el("p", { class: "small" }, el("a", { href: `/game/${gameId}` }, "The public page")));
}

function renderOrders(v) {
  const sets = v.order_sets || [];
  const rows = Object.entries(v.powers || {}).map(([p, s]) => {
    const counting = sets.filter((x) => x.power === p && x.counts).flatMap((x) => x.orders);
    return el("tr", { "data-power": p },
      el("th", {}, p), el("td", {}, String((v.centre_counts || {})[p] ?? "")),
      el("td", { class: s.ready ? "ok" : "" }, s.must_order ? (s.ready ? "ready" : s.submitted ? "submitted" : "waiting") : "—"),
      el("td", { class: "orders-cell" }, counting.join("; ")));
  });
  const notes = [...(v.ignored_orders || []).map((i) => el("p", { class: "bad small" }, `${i.power}: ${i.order} will be ignored: ${i.why}`)),
    ...(v.set_notes || []).map((n) => el("p", { class: "small muted" }, n))];
  $("orders").replaceChildren(el("div", { class: "scroll" }, el("table", {},
    el("thead", {}, el("tr", {}, el("th", {}, "Power"), el("th", {}, "Centres"), el("th", {}, "State"), el("th", {}, "Orders that count"))),
    el("tbody", {}, rows))), ...notes);
}

async function renderBoard(v) {
  const body = { map: v.map, ruleset: v.ruleset, overrides: overridesObject(v.overrides), position: v.position };
  const orders = (v.order_sets || []).filter((s) => s.counts && s.orders.length)
    .map((s) => `${s.power}:\n${s.orders.join("\n")}\n`).join("");
  let r = await api("POST", "/v1/render", { json: orders ? { ...body, orders, no_results: true } : body, blob: true });
  if (!r.ok && orders) r = await api("POST", "/v1/render", { json: body, blob: true });
  if (r.ok) $("board").replaceChildren(picture(r.data, `the board in ${v.phase}`, "board"));
  else $("board").replaceChildren(el("p", { class: "muted" }, `No picture: ${r.errors.map((e) => e.message).join("; ")}`));
}

function renderPlayers(v) {
  // The powers that order, and those in civil disorder (which the view does not wait for).
  const powers = [...new Set([...Object.keys(v.powers || {}), ...(v.in_disorder || [])])].sort();
  const current = $("disorder-power").value;
  $("disorder-power").replaceChildren(...powers.map((p) => el("option", { value: p }, p)));
  if (powers.includes(current)) $("disorder-power").value = current;
  const disorder = v.in_disorder || [];
  const rows = (v.players || []).map((s) => el("tr", {},
    el("th", {}, s.power), el("td", {}, s.disorder ? "civil disorder" : (s.player || "")),
    el("td", {}, `from ${s.from}`)));
  $("players").replaceChildren(
    disorder.length ? el("p", { class: "warn", id: "in-disorder" }, `In civil disorder: ${disorder.join(", ")}.`) : "",
    rows.length ? el("div", { class: "scroll" }, el("table", {}, el("tbody", {}, rows)))
      : el("p", { class: "muted" }, "No player recorded; no power has been in civil disorder."));
  const schedule = v.deadline_schedule || {};
  for (const k of KINDS) $(`sc-${k}`).value = schedule[k] || "";
  $("sc-late").value = v.late_orders || "accept";
}

async function disorder(on) {
  const json = { power: $("disorder-power").value, disorder: on };
  const player = $("disorder-player").value.trim();
  if (!on && player) json.player = player;
  const r = await api("POST", `/v1/games/${gameId}/disorder`, { json, token });
  if (!r.ok) return showErrors($("errors"), r.errors);
  showErrors($("errors"), []);
  $("disordered").replaceChildren(el("p", { class: "ok", id: "disorder-note" },
    on ? `${json.power} is in civil disorder.` : `${json.power} is played${player ? ` by ${player}` : ""} again.`));
  $("disorder-player").value = "";
  load();
}

async function saveSchedule(ev) {
  ev.preventDefault();
  const json = { deadlines: lengths("sc"), late_orders: $("sc-late").value };
  const r = await api("PUT", `/v1/games/${gameId}/schedule`, { json, token });
  if (!r.ok) return showErrors($("errors"), r.errors);
  showErrors($("errors"), []);
  $("scheduled").replaceChildren(el("p", { class: "ok", id: "schedule-note" }, "Deadlines saved."));
  load();
}

async function loadHistory() {
  const r = await api("GET", `/v1/games/${gameId}/history`, { token });
  if (!r.ok) return;
  const phases = r.data.phases;
  const last = phases[phases.length - 1];
  $("last").replaceChildren(last
    ? el("div", {}, el("p", {}, `${last.phase}:`), resultsTable(last.results, (last.summary && last.summary.unordered) || []))
    : el("p", { class: "muted" }, "No phase played yet."));
  $("history").replaceChildren(historyList(gameId, token, phases));
  $("rollback-to").replaceChildren(el("option", { value: "" }, "the previous phase"),
    ...phases.map((h) => h.phase).reverse().map((p) => el("option", { value: p }, p)));
  $("rollback").disabled = phases.length === 0;
}

async function load() {
  $("game-section").hidden = false;
  const r = await api("GET", `/v1/games/${gameId}`, { token });
  if (!r.ok) return showErrors($("errors"), r.errors);
  const v = r.data;
  if (v.view !== "host") {
    showErrors($("errors"), [{ where: "token", message: "this link does not hold the game master's token: adjudicating and rolling back will be refused" }]);
  } else {
    showErrors($("errors"), []);
  }
  document.title = `diplo: game master, ${v.phase}`;
  renderStatus(v);
  renderOrders(v);
  renderPlayers(v);
  renderBoard(v);
  loadHistory();
  $("adjudicate").disabled = !!v.ended;
}

async function adjudicate(ev) {
  ev.preventDefault();
  const { overrides, errors } = parseOverrides($("phase-overrides").value);
  if (errors.length) return showErrors($("errors"), errors);
  $("adjudicate").disabled = true;
  const r = await api("POST", `/v1/games/${gameId}/adjudicate`, { json: { overrides }, token });
  $("adjudicate").disabled = false;
  if (!r.ok) return showErrors($("errors"), r.errors);
  showErrors($("errors"), []);
  const a = r.data;
  $("adjudicated").replaceChildren(
    el("p", { class: "ok", id: "adjudicated-note" }, `${a.phase} adjudicated${a.next ? `: now ${a.next.phase}` : ""}.`),
    a.civil_disorder && a.civil_disorder.length ? el("p", { class: "small muted" }, `No orders from ${a.civil_disorder.join(", ")}.`) : "",
    ...(a.notes || []).map((n) => el("p", { class: "small muted" }, n)),
    a.no_next_position ? el("p", { class: "bad" }, a.no_next_position) : "");
  $("phase-overrides").value = "";
  load();
}

async function rollback(ev) {
  ev.preventDefault();
  const to = $("rollback-to").value;
  const r = await api("POST", `/v1/games/${gameId}/rollback${to ? `?to=${encodeURIComponent(to)}` : ""}`, { token });
  if (!r.ok) return showErrors($("errors"), r.errors);
  $("rolled").replaceChildren(el("p", { class: "ok" }, `Rolled back from ${r.data.from} to ${r.data.to} (${r.data.phases_taken_back} phases).`));
  load();
}

$("create").addEventListener("submit", create);
$("adjudicate-form").addEventListener("submit", adjudicate);
$("rollback-form").addEventListener("submit", rollback);
$("refresh").addEventListener("click", load);
$("disorder-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  disorder(true);
});
$("disorder-off").addEventListener("click", () => disorder(false));
$("schedule-form").addEventListener("submit", saveSchedule);
setInterval(() => {
  const d = $("deadline");
  if (d) d.textContent = countdown(d.getAttribute("datetime"));
}, 1000);

if (gameId) {
  showLinks(stored(gameId));
  if (!token) {
    const s = stored(gameId);
    token = s && s.gm_token;
  }
  load();
} else {
  $("create-section").hidden = false;
  issuePicker($("overrides"), $("picker"));
  $("create-button").disabled = true;
  Promise.all([fillSelect($("map"), "/v1/maps", "standard"), fillSelect($("ruleset"), "/v1/rulesets", "datc")])
    .then(() => { $("create-button").disabled = false; });
}
