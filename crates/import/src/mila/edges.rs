//! Adjacencies: each `ABUTS` entry as army and fleet edges, by what can stand at both ends
//! and by the entry's letter case (`smy`: army only, `Tys`: fleet only).

use std::collections::HashMap;

use super::{LocLine, MilaTerrain, Reader};
use crate::model::{Edge, FindingKind, Kind, Model, Place};

impl<'a> Reader<'a> {
    /// The army and fleet edges of every abutment, by what can stand at both ends.
    pub(super) fn edges(&mut self, m: &mut Model, locs: &HashMap<String, String>) {
        let lines: HashMap<&str, &LocLine> =
            self.locs.iter().map(|(k, l)| (k.as_str(), l)).collect();
        let mut out = EdgesOut::default();
        for (x, lx) in &self.locs {
            for e in &lx.abuts {
                self.abut_edges(x, lx, e, &lines, locs, &mut out);
            }
        }
        m.edges.extend(out.pending);
        for (at, kind, msg) in out.notes {
            m.report(&at, kind, msg);
        }
    }

    /// The edges of place `x` (line `lx`) abutting `e`, into `out`.
    fn abut_edges(
        &self,
        x: &str,
        lx: &LocLine,
        e: &str,
        lines: &HashMap<&str, &LocLine>,
        locs: &HashMap<String, String>,
        out: &mut EdgesOut,
    ) {
        let y = e.to_uppercase();
        let Some(ly) = lines.get(y.as_str()) else {
            out.notes.push((
                lx.at.clone(),
                FindingKind::NotExpressed,
                format!(
                    "`{}` abuts `{e}`, which has no terrain line: left out",
                    lx.written
                ),
            ));
            return;
        };
        // A coast of no coastal province is left out (reported where it is read): so are
        // its edges, and the edges others list to it.
        let (Some(from), Some(to)) = (locs.get(x).cloned(), locs.get(&y).cloned()) else {
            if locs.contains_key(x) {
                out.notes.push((
                    lx.at.clone(),
                    FindingKind::NotExpressed,
                    format!("`{}` abuts `{e}`, which is left out: left out", lx.written),
                ));
            }
            return;
        };
        if lx.terrain == MilaTerrain::Shut || ly.terrain == MilaTerrain::Shut {
            out.pending.push(Edge {
                kind: Kind::Army,
                from,
                to,
                at: lx.at.clone(),
            });
            return;
        }
        // An army ignores coasts: `CON ABUTS BUL/EC` is an army edge into `bul`.
        let y_province = y.split('/').next().unwrap_or_default();
        let army = army_stands(x, lx)
            && lines
                .get(y_province)
                .is_some_and(|lp| army_stands(y_province, lp))
            && !is_capitalised(e);
        let fleet = self.fleet_stands(x, lx) && self.fleet_stands(&y, ly) && !is_lower(e);
        if army {
            out.pending.push(Edge {
                kind: Kind::Army,
                from: from.clone(),
                to: locs[y_province].clone(),
                at: lx.at.clone(),
            });
        }
        if fleet {
            out.pending.push(Edge {
                kind: Kind::Fleet,
                from: from.clone(),
                to: to.clone(),
                at: lx.at.clone(),
            });
        }
        if !army && !fleet && !covered_by_coasts(x, &y, lx, &self.locs) {
            out.notes.push((
                lx.at.clone(),
                FindingKind::Note,
                format!(
                    "`{}` lists `{e}`, which gives no edge to any unit that can stand \
                     at both ends; left out",
                    lx.written
                ),
            ));
        }
    }

    /// Whether a fleet may stand at place `key` (line `l`): water or coast written in upper
    /// case, and a coast itself when the province has coasts.
    fn fleet_stands(&self, key: &str, l: &LocLine) -> bool {
        let has_coasts = |key: &str| {
            self.locs
                .iter()
                .any(|(k, _)| k.starts_with(&format!("{key}/")))
        };
        matches!(
            l.terrain,
            MilaTerrain::Water | MilaTerrain::Coast | MilaTerrain::Port
        ) && !is_lower(&l.written)
            && (key.contains('/') || !has_coasts(key))
    }
}

/// What the abutments give: the edges, and the notes to report after them.
#[derive(Default)]
struct EdgesOut {
    pending: Vec<Edge>,
    notes: Vec<(Place, FindingKind, String)>,
}

/// Whether an army may stand at place `key` (line `l`): a land or coastal province.
fn army_stands(key: &str, l: &LocLine) -> bool {
    !key.contains('/')
        && matches!(
            l.terrain,
            MilaTerrain::Land | MilaTerrain::Coast | MilaTerrain::Port
        )
}

/// A multi-coast province's own line lists the waters its coasts touch, and a water may list
/// the province where it means a coast: MILA's way of saying an edge its coasts already give.
fn covered_by_coasts(x: &str, y: &str, lx: &LocLine, locs: &[(String, LocLine)]) -> bool {
    let coasts = |p: &str| {
        let prefix = format!("{p}/");
        locs.iter()
            .filter(move |(k, _)| k.starts_with(&prefix))
            .collect::<Vec<_>>()
    };
    let lists = |l: &LocLine, target: &str| l.abuts.iter().any(|a| a.eq_ignore_ascii_case(target));
    coasts(x).iter().any(|(_, l)| lists(l, y)) || coasts(y).iter().any(|(k, _)| lists(lx, k))
}

pub(super) fn is_lower(s: &str) -> bool {
    s.chars().any(|c| c.is_alphabetic()) && !s.chars().any(|c| c.is_uppercase())
}

/// `Tys`: first letter upper case, some later letter lower case.
fn is_capitalised(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_uppercase()) && chars.any(|c| c.is_lowercase())
}
