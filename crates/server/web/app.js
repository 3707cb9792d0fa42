"use strict";
// The page speaks the same JSON API as every other client: /v1/maps, /v1/rulesets,
// /v1/adjudicate and /v1/render (common.js has the helpers every page shares).

function request() {
  const body = { map: $("map").value, ruleset: $("ruleset").value, orders: $("orders").value };
  const pos = $("position").value.trim();
  if (pos) body.position = JSON.parse(pos);
  return body;
}

function failed(errors) {
  showErrors($("errors"), errors);
  $("out").hidden = true;
}

async function adjudicate(ev) {
  ev.preventDefault();
  let body;
  try {
    body = request();
  } catch (e) {
    return failed([{ where: "position", message: String(e) }]);
  }
  const r = await fetch("/v1/adjudicate", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const v = await r.json();
  if (!r.ok) return failed(v.errors || []);
  $("errors").hidden = true;
  $("out").hidden = false;
  const rows = $("results");
  rows.replaceChildren();
  for (const res of v.results) {
    const tr = document.createElement("tr");
    for (const [text, cls] of [[res.power], [res.order], [res.result, res.result.startsWith("succeeds") ? "ok" : "bad"], [res.reason]]) {
      const td = document.createElement("td");
      td.textContent = text;
      if (cls) td.className = cls;
      tr.appendChild(td);
    }
    rows.appendChild(tr);
  }
  $("next").textContent = v.next ? `Next: ${v.next.phase}` : (v.no_next_position || "");
  const pic = await api("POST", "/v1/render", { json: body, blob: true });
  $("picture").replaceChildren(pic.ok ? picture(pic.data, "the board", "board") : "");
}

const go = document.querySelector("#form button[type=submit]");
go.disabled = true;
Promise.all([fillSelect($("map"), "/v1/maps", "standard"), fillSelect($("ruleset"), "/v1/rulesets", "datc")])
  .then(() => { go.disabled = false; });
$("form").addEventListener("submit", adjudicate);
