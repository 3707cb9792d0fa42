"use strict";
// /explore: one situation (a DATC case, or a position and orders) under several rulesets,
// through POST /v1/compare (its results, the deciding issues and one picture per ruleset).
// The address keeps the choices: /explore#case=6.F.19&rulesets=1971,datc&overrides=k=v;k=v

const DEFAULT_RULESETS = ["1971", "1982", "2000", "2023", "datc"];

function mode() {
  return $("mode-own").checked ? "own" : "case";
}

function showMode() {
  $("case-fields").hidden = mode() !== "case";
  $("own-fields").hidden = mode() !== "own";
}

function chosenRulesets() {
  return [...document.querySelectorAll("#rulesets input:checked")].map((i) => i.value);
}

async function loadRulesets(chosen) {
  const r = await api("GET", "/v1/rulesets");
  if (!r.ok) return showErrors($("errors"), r.errors);
  $("rulesets").replaceChildren(...r.data.map((x) => el("label", { class: "inline", title: x.description || "" },
    el("input", { type: "checkbox", value: x.name, checked: chosen.includes(x.name), "data-ruleset": x.name }), ` ${x.name}`)));
  $("base").append(...r.data.map((x) => el("option", { value: x.name }, x.name)));
}

function request() {
  const { overrides, errors } = parseOverrides($("overrides").value);
  if (errors.length) return { errors };
  const body = { rulesets: chosenRulesets(), overrides, pictures: true };
  if ($("base").value) body.base = $("base").value;
  if (mode() === "case") {
    body.case = $("case").value.trim();
  } else {
    body.map = $("map").value;
    body.orders = $("orders").value;
    const pos = $("position").value.trim();
    if (pos) {
      try {
        body.position = JSON.parse(pos);
      } catch (e) {
        return { errors: [{ where: "position", message: String(e) }] };
      }
    }
  }
  return { body };
}

// The address for these choices (a DATC case only: positions are too long for it).
function remember(body) {
  if (!body.case) return;
  const parts = [`case=${encodeURIComponent(body.case)}`, `rulesets=${body.rulesets.join(",")}`];
  const o = Object.entries(body.overrides).map(([k, v]) => `${k}=${v}`).join(";");
  if (o) parts.push(`overrides=${encodeURIComponent(o)}`);
  history.replaceState(null, "", `/explore#${parts.join("&")}`);
}

// Sets each [issue, choice] in the overrides box and compares again.
function tryChoices(sets) {
  const keys = sets.map(([k]) => `${k}=`);
  const lines = $("overrides").value.split("\n").filter((l) => l.trim() && !keys.some((k) => l.trim().startsWith(k)));
  for (const [k, v] of sets) lines.push(`${k}=${v}`);
  $("overrides").value = lines.join("\n");
  compare();
}

function render(doc) {
  const names = doc.rulesets;
  $("title").textContent = doc.title;
  const overrides = Object.entries(doc.overrides || {}).map(([k, v]) => `${k}=${v}`);
  $("summary").replaceChildren(
    doc.same_everywhere ? el("strong", { class: "ok" }, "The same results under every ruleset. ") : el("strong", { class: "bad" }, "The results differ. "),
    `Compared with ${doc.base}.`, overrides.length ? ` Overrides everywhere: ${overrides.join(", ")}.` : "");
  const head = el("tr", {}, el("th", {}, "Power"), el("th", {}, "Order"), names.map((n) => el("th", { class: n === doc.base ? "base" : "" }, n)));
  const rows = doc.orders.map((o) => el("tr", { class: o.differs ? "differs" : "", "data-order": o.order },
    el("td", {}, o.power), el("td", {}, o.order),
    names.map((n) => {
      const c = o.cells[n];
      const contradicted = c.agrees_with_datc_text === false;
      return el("td", { class: `cell ${c.differs_from_base ? "changed" : ""}`, "data-ruleset": n },
        el("span", { class: `result ${resultClass(c.result)}` }, c.result),
        c.reason ? el("div", { class: "reason" }, c.reason) : "",
        contradicted ? el("div", { class: "bad small" }, `the DATC text states: ${c.datc_text_states}`) : "");
    })));
  $("table").replaceChildren(el("div", { class: "scroll" }, el("table", { class: "compare", id: "compare-table" }, el("thead", {}, head), el("tbody", {}, rows))));

  // Each difference with the issue (or the pair of issues) that decides it.
  const seen = new Set();
  const whys = [];
  for (const o of doc.orders) {
    for (const n of names) {
      const c = o.cells[n];
      if (!c.differs_from_base || !c.why) continue;
      // Each decisive issue alone, or each pair that decides together: a button sets it (or
      // them) everywhere as here, another as in the base ruleset.
      const groups = [...(c.issues || []).map((i) => [i]), ...(c.issue_pairs || [])];
      const button = (group, which) => {
        const sets = group.map((i) => [i.issue, i[which]]).filter(([, v]) => v);
        const label = sets.map(([k, v]) => `${k}=${v}`).join(", ");
        return el("button", { type: "button", class: "small", title: "set this in every ruleset and compare again", onclick: () => tryChoices(sets) }, `${label} everywhere`);
      };
      const buttons = groups.flatMap((g) => [button(g, "choice"), button(g, "base_choice")]);
      const id = `${n}|${c.why}`;
      const item = el("li", { "data-ruleset": n },
        el("strong", {}, `${n}, ${o.order}: `), `${c.result} (${doc.base}: ${o.cells[doc.base] ? o.cells[doc.base].result : "?"}). `,
        el("span", { class: "why" }, c.why));
      if (!seen.has(id)) {
        seen.add(id);
        item.append(el("div", { class: "buttons" }, buttons));
      }
      whys.push(item);
    }
  }
  $("whys").replaceChildren(whys.length ? el("div", {}, el("h3", {}, "Why they differ"), el("ul", { class: "whys" }, whys)) : "");

  $("boards").replaceChildren(...names.map((n) => el("figure", { class: "panel", "data-ruleset": n },
    el("figcaption", {}, n === doc.base ? `${n} (compared with)` : n),
    doc.pictures && doc.pictures[n] ? zoomable(svgPicture(doc.pictures[n], `the board under ${n}`, `explore-${n}`)) : "")));
  $("footnotes").replaceChildren(...(doc.footnotes || []).map((f) => el("p", {}, f)));
  $("out").hidden = false;
}

// A picture that opens full size in a new tab.
function zoomable(img) {
  return el("a", { href: img.src, target: "_blank", rel: "noopener", title: "open full size" }, img);
}

let running = 0;
async function compare(ev) {
  if (ev) ev.preventDefault();
  const { body, errors } = request();
  if (errors) return showErrors($("errors"), errors);
  const seq = ++running;
  $("compare").disabled = true;
  const r = await api("POST", "/v1/compare", { json: body });
  if (seq !== running) return;
  $("compare").disabled = false;
  if (!r.ok) {
    $("out").hidden = true;
    return showErrors($("errors"), r.errors);
  }
  showErrors($("errors"), []);
  remember(body);
  render(r.data);
}

async function start() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("case")) $("case").value = hash.get("case");
  if (hash.get("overrides")) $("overrides").value = hash.get("overrides").split(";").join("\n");
  const chosen = hash.get("rulesets") ? hash.get("rulesets").split(",") : DEFAULT_RULESETS;
  $("mode-case").addEventListener("change", showMode);
  $("mode-own").addEventListener("change", showMode);
  $("form").addEventListener("submit", compare);
  issuePicker($("overrides"), $("picker"));
  $("compare").disabled = true;
  await Promise.all([fillSelect($("map"), "/v1/maps", "standard"), loadRulesets(chosen)]);
  $("compare").disabled = false;
  if (hash.get("case")) compare();
}

start();
