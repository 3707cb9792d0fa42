"use strict";
// /game/{id}#token=...: a hosted game as the token's power sees it (without a token: the
// public view). The token stays in the page and goes only in `Authorization: Bearer`.

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const token = addressToken();
let view = null;
let stamp = "";

const isPower = (v) => v && v.view !== "public" && v.view !== "host";

// The orders of the sets that count, with `Power:` headers (what /v1/render reads).
function countingOrders(v) {
  return (v.order_sets || []).filter((s) => s.counts && s.orders.length)
    .map((s) => `${s.power}:\n${s.orders.join("\n")}\n`).join("");
}

function renderStatus(v) {
  const who = v.view === "public" ? "the public view (no token)" : v.view === "host" ? "the game master's view" : `you are ${v.view}`;
  const deadline = v.deadline ? el("span", {}, " · deadline ", el("time", { id: "deadline", datetime: v.deadline, title: v.deadline }, countdown(v.deadline))) : "";
  const rows = Object.entries(v.powers || {}).map(([p, s]) => el("tr", { class: p === v.view ? "me" : "" },
    el("td", {}, p), el("td", {}, String((v.centre_counts || {})[p] ?? "")),
    el("td", {}, s.must_order ? (s.ready ? "ready" : s.submitted ? "submitted" : "waiting") : "nothing to order")));
  $("status").replaceChildren(
    el("h2", { id: "phase" }, v.phase),
    el("p", {}, `${v.map} · ${v.ruleset_label} · ${who}`, deadline,
      v.view === "host" ? el("span", {}, " · ", el("a", { href: `/gm/${gameId}#token=${token}` }, "run the game")) : "",
      v.ended ? el("strong", {}, ` · the game is over in ${v.ended.phase}: ${v.ended.winner ? `${v.ended.winner} wins` : `a draw between ${(v.ended.draw || []).join(", ")}`}`) : ""),
    rows.length ? el("details", { class: "powers" }, el("summary", {}, `Powers (waiting for ${(v.waiting_for || []).length})`),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "Power"), el("th", {}, "Centres"), el("th", {}, "Orders"))), el("tbody", {}, rows))) : "");
}

function renderMine(v) {
  if (!isPower(v)) {
    $("mine").replaceChildren();
    return;
  }
  const units = ((v.position && v.position.units) || {})[v.view] || [];
  const parts = [
    el("h3", {}, `${v.view}: ${(v.centre_counts || {})[v.view] ?? 0} centres`),
    el("p", { id: "units" }, units.length ? `Units: ${units.join(", ")}` : "No units."),
  ];
  for (const r of (v.retreat_options || []).filter((r) => r.power === v.view)) {
    parts.push(el("p", {}, `${r.unit} is dislodged: it may retreat to ${r.options.join(", ") || "nowhere (it disbands)"}`));
  }
  for (const a of (v.adjustments_due || []).filter((a) => a.power === v.view)) {
    parts.push(el("p", {}, a.builds ? `You may build ${a.builds} (at ${(a.sites || []).join(", ") || "no free home centre"}).` : `You must remove ${a.removals} unit${a.removals === 1 ? "" : "s"}.`));
  }
  const sets = (v.order_sets || []).filter((s) => s.power === v.view);
  if (sets.length) {
    parts.push(el("p", { class: "small" }, "Your order sets: ", sets.map((s) =>
      el("span", { class: s.counts ? "set counts" : "set" }, `#${s.seq}${s.counts ? " (counts)" : ""}: ${s.orders.join("; ") || "(none)"} `))));
  }
  for (const i of v.ignored_orders || []) parts.push(el("p", { class: "bad small" }, `Will be ignored: ${i.order}: ${i.why}`));
  for (const n of v.set_notes || []) parts.push(el("p", { class: "small muted" }, n));
  const state = (v.powers || {})[v.view];
  if (state) parts.push(el("p", { id: "my-state", class: "small" }, state.ready ? "You are ready." : state.submitted ? "Submitted, not ready." : state.must_order ? "No orders submitted yet." : "Nothing to order this phase."));
  $("mine").replaceChildren(...parts);
}

async function renderBoard(v) {
  const body = { map: v.map, ruleset: v.ruleset, overrides: overridesObject(v.overrides), position: v.position };
  const orders = countingOrders(v);
  let r = await api("POST", "/v1/render", { json: orders ? { ...body, orders, no_results: true } : body, blob: true });
  if (!r.ok && orders) r = await api("POST", "/v1/render", { json: body, blob: true });
  if (r.ok) $("board").replaceChildren(picture(r.data, `the board in ${v.phase}`, "board"));
  else $("board").replaceChildren(el("p", { class: "muted" }, `No picture: ${r.errors.map((e) => e.message).join("; ")}`));
}

// The first two words of an order (`A par`): the unit a line is about.
const unitOf = (line) => line.trim().split(/\s+/).slice(0, 2).join(" ").toLowerCase();

function putOrder(order) {
  const box = $("orders");
  const lines = box.value.split("\n").filter((l) => l.trim());
  const i = lines.findIndex((l) => unitOf(l) === unitOf(order));
  if (i >= 0) lines[i] = order;
  else lines.push(order);
  box.value = `${lines.join("\n")}\n`;
  checkSoon();
}

async function loadPossible(v) {
  const box = $("possible");
  const r = await api("POST", "/v1/orders/possible", { json: { map: v.map, ruleset: v.ruleset, overrides: overridesObject(v.overrides), position: v.position } });
  if (!r.ok) {
    box.replaceChildren(el("p", { class: "muted" }, `Not available: ${r.errors.map((e) => e.message).join("; ")}`));
    return;
  }
  const mine = Object.entries(r.data.possible).filter(([, at]) => at.power === v.view);
  if (!mine.length) {
    box.replaceChildren(el("p", { class: "muted" }, "Nothing to order in this phase."));
    return;
  }
  // A unit's orders start with the unit (`A PAR ...`): it names the row; else the location.
  const label = (where, at) => {
    const m = /^([AF]) (\S+)/.exec(at.orders[0] || "");
    return m ? `${m[1]} ${m[2]}` : where;
  };
  box.replaceChildren(...mine.map(([where, at]) => el("label", { class: "pick" }, el("span", {}, label(where, at)),
    el("select", {
      "data-location": where,
      onchange: (ev) => {
        if (ev.target.value) putOrder(ev.target.value);
        ev.target.selectedIndex = 0;
      },
    }, el("option", { value: "" }, `${at.orders.length} legal orders…`), at.orders.map((o) => el("option", { value: o }, o))))));
}

let checkTimer = null;
let checkSeq = 0;
function checkSoon() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 350);
}

async function check() {
  const text = $("orders").value;
  const out = $("check");
  if (!text.trim()) {
    out.replaceChildren();
    return;
  }
  const seq = ++checkSeq;
  const r = await api("POST", "/v1/orders/check", { json: { map: view.map, orders: text } });
  if (seq !== checkSeq) return; // a later check is on its way
  if (r.ok) {
    out.className = "check ok";
    out.replaceChildren(el("div", {}, `✓ ${r.data.orders.length} order${r.data.orders.length === 1 ? "" : "s"} read:`),
      el("ul", {}, r.data.orders.map((o) => el("li", {}, o.text))));
  } else {
    out.className = "check bad";
    out.replaceChildren(...r.errors.map((e) => el("div", {}, `${e.where.replace(/^orders:/, "line ")}: ${e.message}`)));
  }
}

// The draws proposed in this phase with the votes this view may see (a power its own, the
// public none, everyone's once one passes), the concessions, and a power's buttons.
function renderDraw(v) {
  const a = v.agreements || { draws: [], concessions: [] };
  const votes = (d) => Object.entries(d.votes_seen || {}).map(([p, yes]) => `${p} ${yes ? "yes" : "no"}`);
  const parts = a.draws.map((d) => el("p", { class: "small" },
    `Proposed by ${d.by}, among ${d.among.join(", ")}: ${d.status === "pending" ? "awaiting votes" : d.status}`,
    votes(d).length ? ` (votes seen: ${votes(d).join(", ")})` : ""));
  for (const c of a.concessions) parts.push(el("p", { class: "small" }, `${c.power} concedes to ${c.to}`));
  if (isPower(v) && !v.ended) {
    const button = (id, label, path, body) => el("button", { type: "button", id, class: "secondary", onclick: () => drawAction(path, body) }, label);
    parts.push(el("div", { class: "buttons" }, a.draws.some((d) => d.status === "pending")
      ? [button("draw-yes", "Vote for the draw", "/draw/vote", { yes: true }), button("draw-no", "Vote against", "/draw/vote", { yes: false })]
      : [button("draw-propose", "Propose a draw", "/draw", {})]));
  }
  const disorder = (v.in_disorder || []).length ? [el("p", { class: "small muted" }, `In civil disorder: ${v.in_disorder.join(", ")}`)] : [];
  $("draw").replaceChildren(...(parts.length ? [el("h3", {}, "Draw")] : []), ...parts, ...disorder);
}

async function drawAction(path, body) {
  const r = await api("POST", `/v1/games/${gameId}${path}`, { json: body, token });
  showErrors($("errors"), r.errors);
  if (r.ok) await load(false);
}

async function send(ready) {
  const r = await api("PUT", `/v1/games/${gameId}/orders${ready ? "?ready=true" : ""}`, { text: $("orders").value, token });
  if (!r.ok) {
    showErrors($("sent"), r.errors);
    $("sent").hidden = false;
    $("sent").className = "sent bad";
    return;
  }
  const mine = (r.data.order_sets || []).filter((s) => s.power === r.data.view && s.counts);
  $("sent").className = "sent ok";
  $("sent").textContent = `Submitted${ready ? " and ready" : ""}: ${mine.length ? mine[mine.length - 1].orders.length : 0} orders count.`;
  $("sent").hidden = false;
  await load(false);
  renderBoard(view);
}

async function withdraw() {
  const r = await api("DELETE", `/v1/games/${gameId}/orders`, { token });
  if (!r.ok) {
    showErrors($("sent"), r.errors);
    $("sent").className = "sent bad";
    return;
  }
  $("sent").className = "sent ok";
  $("sent").textContent = `Withdrew set #${r.data.withdrawn.seq} (${r.data.withdrawn.orders.join("; ") || "no orders"}).`;
  await load(false);
  fillOrders(view);
  renderBoard(view);
}

// The order box holds the power's counting orders when the phase opens.
function fillOrders(v) {
  const sets = (v.order_sets || []).filter((s) => s.power === v.view && s.counts);
  $("orders").value = sets.map((s) => s.orders.join("\n")).filter(Boolean).join("\n");
  if ($("orders").value) $("orders").value += "\n";
  checkSoon();
}

async function loadHistory(v) {
  const r = await api("GET", `/v1/games/${gameId}/history`, { token });
  if (!r.ok) return;
  const phases = r.data.phases;
  const last = phases[phases.length - 1];
  $("last").replaceChildren(last
    ? el("div", {}, el("p", {}, `${last.phase}:`), resultsTable(last.results, (last.summary && last.summary.unordered) || []))
    : el("p", { class: "muted" }, "No phase played yet."));
  $("history").replaceChildren(historyList(gameId, token, phases));
  void v;
}

async function load(full) {
  const r = await api("GET", `/v1/games/${gameId}`, { token });
  if (!r.ok) {
    showErrors($("errors"), r.errors);
    return;
  }
  showErrors($("errors"), []);
  const v = r.data;
  const next = `${v.phase}|${v.phases_played}|${v.rollbacks}`;
  const changed = next !== stamp;
  view = v;
  stamp = next;
  document.title = `diplo: ${v.phase}${isPower(v) ? ` (${v.view})` : ""}`;
  renderStatus(v);
  renderMine(v);
  renderDraw(v);
  $("order-form").hidden = !isPower(v) || !!v.ended;
  if (changed || full) {
    renderBoard(v);
    if (isPower(v)) {
      fillOrders(v);
      loadPossible(v);
    }
    loadHistory(v);
  }
}

$("orders").addEventListener("input", checkSoon);
$("order-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  send(false);
});
$("ready").addEventListener("click", () => send(true));
$("withdraw").addEventListener("click", withdraw);
$("refresh").addEventListener("click", () => load(true));
setInterval(() => {
  const d = $("deadline");
  if (d) d.textContent = countdown(d.getAttribute("datetime"));
}, 1000);
setInterval(() => {
  if (!document.hidden) load(false);
}, 15000);
load(true);
