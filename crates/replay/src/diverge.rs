//! Divergence: where a recorded game would have gone differently under another ruleset.
//!
//! Each recorded phase is adjudicated from its recorded position under the base ruleset (the
//! server's conventions) and under the other one; the first phase whose results differ is the
//! game's divergence, with the orders whose results differ and any difference in the next
//! position (automatic removals, for instance).

use diplo_engine::{Adjudication, Phase, ResultLine};
use diplo_map::Map;
use diplo_rules::Ruleset;

use crate::record::{Game, RecordedOrder};
use crate::replay::{adjudicate_phase, carry, diff_owners, diff_units};

/// The first phase of a game whose result differs under another ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The game file.
    pub file: String,
    /// The game's name (`game_123`).
    pub game: String,
    /// The phase.
    pub phase: Phase,
    /// 1-based line of its `PHASE` line.
    pub line: usize,
    /// The orders whose results differ (`base` result, then `other`), then the differences in
    /// the next position.
    pub differences: Vec<String>,
}

/// What differs between two adjudications of the same orders (`orders`, as given to both).
fn differences(
    map: &Map,
    orders: &[RecordedOrder],
    base: (&str, &Adjudication),
    other: (&str, &Adjudication),
) -> Vec<String> {
    let (bn, b) = base;
    let (on, o) = other;
    let mut out = Vec::new();
    for (rb, ro) in b.results.iter().zip(&o.results) {
        if rb.resolution != ro.resolution || rb.tag != ro.tag {
            let order = &orders[rb.index].order;
            let mut alt = ro.words();
            if !ro.reason.is_empty() {
                alt = format!("{alt} ({})", ro.reason.display(map, Some(order)));
            }
            let line = ResultLine {
                result: rb,
                order,
                map,
            };
            out.push(format!("{line} [{bn}]; {alt} [{on}]"));
        }
    }
    let (nb, no) = (&b.next, &o.next);
    if nb.phase != no.phase && !empty_winter_only(map, nb.phase, no.phase) {
        out.push(format!(
            "next phase: {} [{bn}], {} [{on}]",
            nb.phase.name(map),
            no.phase.name(map)
        ));
    }
    let (only_b, only_o) = (format!("only under {bn}:"), format!("only under {on}:"));
    diff_units(
        map,
        "",
        (&nb.units, &only_b),
        (&no.units, &only_o),
        &mut out,
    );
    let db: Vec<_> = nb.dislodged.iter().map(|d| d.unit).collect();
    let dov: Vec<_> = no.dislodged.iter().map(|d| d.unit).collect();
    diff_units(map, "dislodged ", (&db, &only_b), (&dov, &only_o), &mut out);
    diff_owners(map, &nb.owners, &no.owners, bn, on, &mut out);
    out
}

/// Whether two next phases differ only by a winter adjustment phase held under one ruleset
/// and skipped under the other (`adjustment_phase`). The units and centres are compared
/// separately; when they agree, nobody could build or had to remove in that winter (a power
/// that must remove calls a winter under every choice), so it changes nothing in the game.
fn empty_winter_only(map: &Map, a: Phase, b: Phase) -> bool {
    use diplo_engine::PhaseKind::{Adjustment, Movement};
    let winter_then_spring = |w: Phase, s: Phase| {
        w.kind == Adjustment
            && s.kind == Movement
            && (s.year, s.season) == map.calendar.next(w.year, w.season)
    };
    winter_then_spring(a, b) || winter_then_spring(b, a)
}

/// The first phase of `game` whose adjudication under `other` differs from that under `base`,
/// each phase starting from its recorded position.
pub fn first_divergence(
    map: &Map,
    base: &Ruleset,
    other: &Ruleset,
    game: &Game,
) -> Option<Divergence> {
    let mut after_movement = None;
    for (i, phase) in game.phases.iter().enumerate() {
        let previous = i.checked_sub(1).map(|k| &game.phases[k]);
        let b = adjudicate_phase(map, base, phase, after_movement.as_ref(), previous);
        let o = adjudicate_phase(map, other, phase, after_movement.as_ref(), previous);
        let diffs = differences(map, &phase.orders, (&base.name, &b), (&other.name, &o));
        if !diffs.is_empty() {
            return Some(Divergence {
                file: game.file.clone(),
                game: game.name().to_string(),
                phase: phase.phase,
                line: phase.line,
                differences: diffs,
            });
        }
        after_movement = carry(b, phase.phase.kind);
    }
    None
}
