//! The game file's tables written as text (`TomlText`), field by field in the order of their
//! structs in `file.rs`, leaving out what their `serde` attributes leave out, so that the text
//! is what `toml::to_string` makes of a [`GameFileOut`] (a test compares the two on many games).
//!
//! The `toml` crate's layout, which these functions follow: a table's plain values (strings,
//! numbers, lists of strings) come first, under its header, then its tables and arrays of
//! tables, each under a header of its own naming the whole path (`[[history.results]]`); a
//! table that has tables under it and no plain value of its own gets no header.

use std::collections::BTreeMap;

use diplo_engine::PositionFile;

use super::text::TomlText;
use crate::file::{
    AutomaticFile, GameFileOut, OrderSetOut, PhaseRecordFile, ProxyOut, ReceivedFile, UndoneFile,
};

/// The whole file but its first comment line and the end marker.
pub(crate) fn game_file(t: &mut TomlText, f: &GameFileOut) {
    t.uint("format", f.format.into());
    t.bool("end_marker", f.end_marker);
    t.opt_str("map", f.map.as_deref());
    t.opt_str("map_file", f.map_file.as_deref());
    t.opt_str("deadline", f.deadline.as_deref());
    t.some_strs("ready", &f.ready);
    for b in &f.map_base {
        t.header("map_base", "", true);
        t.str("extends", &b.extends);
        t.str("file", &b.file);
        t.str("text", &b.text);
    }
    ruleset(t, f);
    if let Some(s) = &f.schedule {
        t.header("schedule", "", false);
        t.opt_str("movement", s.movement.as_deref());
        t.opt_str("retreat", s.retreat.as_deref());
        t.opt_str("adjustment", s.adjustment.as_deref());
        t.opt_str("late_orders", s.late_orders.as_deref());
    }
    if let Some(e) = &f.ended {
        t.header("ended", "", false);
        t.opt_str("winner", e.winner.as_deref());
        t.some_strs("draw", &e.draw);
        t.str("phase", &e.phase);
        t.uint("centres", e.centres as u64);
        t.opt_str("by", e.by.as_deref());
    }
    position(t, "state", &f.state);
    for r in &f.retreat_options {
        t.header("retreat_options", "", true);
        t.str("power", &r.power);
        t.str("unit", &r.unit);
        t.strs("options", r.options.iter().map(String::as_str));
    }
    numbers(t, "produced", &f.produced);
    numbers(t, "produced_dislodged", &f.produced_dislodged);
    order_sets(t, "orders", &f.orders);
    proxies(t, "proxy", &f.proxy);
    for p in &f.perpetual {
        t.header("perpetual", "", true);
        t.str("power", &p.power);
        t.strs("lines", p.lines.iter().map(String::as_str));
    }
    for h in f.history {
        record(t, "history", h);
    }
    for u in f.undone {
        undone(t, u);
    }
    master(t, f);
}

/// `[ruleset]` and `[ruleset.choices]`.
fn ruleset(t: &mut TomlText, f: &GameFileOut) {
    let r = &f.ruleset;
    t.header("ruleset", "", false);
    t.str("name", &r.name);
    t.str("description", &r.description);
    t.some_strs("overrides", &r.overrides);
    t.header("ruleset", ".choices", false);
    for (issue, choice) in &r.choices {
        t.str(issue, choice);
    }
}

/// A map of names to numbers (`[produced]`), when it has entries.
fn numbers(t: &mut TomlText, key: &str, map: &BTreeMap<String, u64>) {
    if map.is_empty() {
        return;
    }
    t.header(key, "", false);
    for (name, n) in map {
        t.uint(name, *n);
    }
}

/// A position (`[state]`, `[history.position]`) under `at`.
fn position(t: &mut TomlText, at: &str, p: &PositionFile) {
    t.header(at, "", false);
    t.str("phase", &p.phase);
    t.some_strs("contested", &p.contested);
    for (key, lists) in [(".units", &p.units), (".centres", &p.centres)] {
        t.header(at, key, false);
        for (power, names) in lists {
            t.strs(power, names.iter().map(String::as_str));
        }
    }
    for d in &p.dislodged {
        t.header(at, ".dislodged", true);
        t.str("power", &d.power);
        t.str("unit", &d.unit);
        t.str("attacker_from", &d.attacker_from);
        t.bool("by_convoy", d.by_convoy);
    }
}

/// A phase of the history (`[[history]]`, `[[undone.phases]]`) under `at`.
fn record(t: &mut TomlText, at: &str, h: &PhaseRecordFile) {
    t.header(at, "", true);
    t.str("phase", &h.phase);
    t.some_strs("civil_disorder", &h.civil_disorder);
    t.some_strs("notes", &h.notes);
    // The tables under the record are named by its whole path.
    let mut path = String::with_capacity(at.len() + 10);
    path.push_str(at);
    for r in &h.results {
        t.header(at, ".results", true);
        t.str("power", &r.power);
        t.str("order", &r.order);
        t.str("result", &r.result);
        if !r.reason.is_empty() {
            t.str("reason", &r.reason);
        }
    }
    automatic(t, at, ".unordered", &h.unordered);
    automatic(t, at, ".automatic", &h.automatic);
    if let Some(r) = &h.received {
        path.push_str(".received");
        received(t, &path, r);
        path.truncate(at.len());
    }
    path.push_str(".position");
    position(t, &path, &h.position);
}

/// Units the rules acted on (`[[history.unordered]]`, `[[history.automatic]]`).
fn automatic(t: &mut TomlText, at: &str, key: &str, units: &[AutomaticFile]) {
    for a in units {
        t.header(at, key, true);
        t.str("power", &a.power);
        t.str("unit", &a.unit);
        t.str("what", &a.what);
    }
}

/// What a phase had received (`[history.received]`): no header of its own when it has only
/// order sets or proxy grants under it.
fn received(t: &mut TomlText, at: &str, r: &ReceivedFile) {
    if !r.ready.is_empty() || (r.orders.is_empty() && r.proxy.is_empty()) {
        t.header(at, "", false);
    }
    t.some_strs("ready", &r.ready);
    let mut path = String::with_capacity(at.len() + 8);
    path.push_str(at);
    path.push_str(".orders");
    order_sets(t, &path, &r.orders);
    path.truncate(at.len());
    path.push_str(".proxy");
    proxies(t, &path, &r.proxy);
}

/// Order sets (`[[orders]]`, `[[history.received.orders]]`, `[[undone.pending]]`) under `at`.
fn order_sets(t: &mut TomlText, at: &str, sets: &[OrderSetOut]) {
    for s in sets {
        t.header(at, "", true);
        t.str("power", &s.power);
        t.uint("seq", s.seq);
        t.opt_str("intent", s.intent.as_deref());
        t.flag("same_time", s.same_time);
        t.flag("late", s.late);
        t.strs("lines", s.lines.iter().map(String::as_str));
    }
}

/// Proxy grants (`[[proxy]]`, `[[history.received.proxy]]`) under `at`.
fn proxies(t: &mut TomlText, at: &str, grants: &[ProxyOut]) {
    for g in grants {
        t.header(at, "", true);
        t.str("power", &g.power);
        t.str("unit", &g.unit);
        t.str("to", &g.to);
        t.uint("seq", g.seq);
    }
}

/// A rollback (`[[undone]]`) and the phases it took back.
fn undone(t: &mut TomlText, u: &UndoneFile) {
    t.header("undone", "", true);
    t.str("from", &u.from);
    t.str("to", &u.to);
    t.opt_str("at", u.at.as_deref());
    for h in &u.phases {
        record(t, "undone.phases", h);
    }
    order_sets(t, "undone.pending", &u.pending);
}

/// The game master's tables: `[end_rules]`, `[[draw_proposal]]`, `[[concession]]`,
/// `[[player]]`.
fn master(t: &mut TomlText, f: &GameFileOut) {
    if let Some(r) = &f.end_rules {
        t.header("end_rules", "", false);
        if let Some(y) = r.last_year {
            t.uint("last_year", y.into());
        }
        t.opt_str("at_last_year", r.at_last_year.as_deref());
        t.opt_str("draw_votes", r.draw_votes.as_deref());
        if let Some(n) = r.stalemate_years {
            t.uint("stalemate_years", n.into());
        }
    }
    for d in &f.draw_proposal {
        t.header("draw_proposal", "", true);
        t.str("by", &d.by);
        t.strs("among", d.among.iter().map(String::as_str));
        t.some_strs("yes", &d.yes);
        t.some_strs("no", &d.no);
        t.flag("rejected", d.rejected);
    }
    for c in &f.concession {
        t.header("concession", "", true);
        t.str("power", &c.power);
        t.str("to", &c.to);
    }
    for p in &f.player {
        t.header("player", "", true);
        t.str("power", &p.power);
        t.opt_str("player", p.player.as_deref());
        t.str("from", &p.from);
        t.opt_str("at", p.at.as_deref());
        t.flag("disorder", p.disorder);
    }
}
