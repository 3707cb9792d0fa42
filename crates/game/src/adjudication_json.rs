//! One adjudication as JSON text, written straight from typed rows rather than through a
//! `serde_json::Value` tree: the same bytes as `serde_json::to_vec` of
//! [`crate::json::adjudication`] (object keys in sorted order, as a `Value` writes them), at a
//! fraction of the allocations. `diplo serve` answers `POST /v1/adjudicate` with it; a test
//! compares both on random phases of every kind.

use diplo_engine::position::DislodgedFile;
use diplo_engine::{Adjudication, Position, PositionFile};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// `serde_json::to_vec(&json::adjudication(map, (pos, orders), adj))`, written directly; `None`
/// when orders are unresolved (the document then has no next position but fallbacks: write it
/// with [`crate::json::adjudication_document`]).
pub fn adjudication_bytes(
    map: &Map,
    (pos, orders): (&Position, &[(PowerId, Order)]),
    adj: &Adjudication,
) -> Option<Vec<u8>> {
    if !adj.unresolved.is_empty() {
        return None;
    }
    let power = |p: PowerId| map.power(p).name.as_str();
    let doc = Document {
        automatic: (adj.automatic.iter())
            .map(|a| Automatic {
                power: power(a.unit.power),
                reason: a.reason_text(map),
                unit: a.unit.short(map),
            })
            .collect(),
        dislodged: (adj.retreats.iter())
            .map(|r| Dislodged {
                attacker_from: &map.province(r.dislodged.attacker_from).name,
                by_convoy: r.dislodged.by_convoy,
                power: power(r.dislodged.unit.power),
                retreat_options: r.options.iter().map(|l| map.location_name(*l)).collect(),
                unit: r.dislodged.unit.short(map),
            })
            .collect(),
        next: Sorted(&adj.next.to_file(map)),
        phase: pos.phase.name(map).to_string(),
        results: (adj.results.iter())
            .map(|r| {
                let order = &orders[r.index].1;
                Row {
                    order: order.display(map).full().to_string(),
                    power: power(r.power),
                    reason: r.reason_text(map, order),
                    result: r.words(),
                }
            })
            .collect(),
        unordered_dislodged: (adj.unordered_dislodged.iter())
            .map(|(u, t)| Unordered {
                power: power(u.power),
                tag: t.word(),
                unit: u.short(map),
            })
            .collect(),
    };
    serde_json::to_vec(&doc).ok()
}

/// The document; every struct's fields are in sorted order, as a `Value` writes its keys.
#[derive(Serialize)]
struct Document<'a> {
    automatic: Vec<Automatic<'a>>,
    dislodged: Vec<Dislodged<'a>>,
    next: Sorted<'a>,
    phase: String,
    results: Vec<Row<'a>>,
    unordered_dislodged: Vec<Unordered<'a>>,
}

#[derive(Serialize)]
struct Automatic<'a> {
    power: &'a str,
    reason: String,
    unit: String,
}

#[derive(Serialize)]
struct Dislodged<'a> {
    attacker_from: &'a str,
    by_convoy: bool,
    power: &'a str,
    retreat_options: Vec<String>,
    unit: String,
}

#[derive(Serialize)]
struct Row<'a> {
    order: String,
    power: &'a str,
    reason: String,
    result: String,
}

#[derive(Serialize)]
struct Unordered<'a> {
    power: &'a str,
    tag: &'static str,
    unit: String,
}

/// A position file with its keys in sorted order (its own `Serialize` writes them in the
/// struct's order), empty `contested` and `dislodged` left out as the struct leaves them out.
struct Sorted<'a>(&'a PositionFile);

impl Serialize for Sorted<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("centres", &p.centres)?;
        if !p.contested.is_empty() {
            m.serialize_entry("contested", &p.contested)?;
        }
        if !p.dislodged.is_empty() {
            let rows: Vec<SortedDislodged> = p.dislodged.iter().map(SortedDislodged).collect();
            m.serialize_entry("dislodged", &rows)?;
        }
        m.serialize_entry("phase", &p.phase)?;
        m.serialize_entry("units", &p.units)?;
        m.end()
    }
}

/// A dislodged unit of a position file, keys in sorted order.
struct SortedDislodged<'a>(&'a DislodgedFile);

impl Serialize for SortedDislodged<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.0;
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("attacker_from", &d.attacker_from)?;
        m.serialize_entry("by_convoy", &d.by_convoy)?;
        m.serialize_entry("power", &d.power)?;
        m.serialize_entry("unit", &d.unit)?;
        m.end()
    }
}
