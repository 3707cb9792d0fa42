//! Conventions of godip's variant records that the Droidippy records do not have, read as the
//! recording server meant them. The lines' own conventions (`build anywhere`, units listed
//! twice) are read in [`crate::record`]; this module holds those that span two phases.

use diplo_engine::{Adjudication, AutomaticKind, PhaseKind, Unit};
use diplo_map::Map;

use crate::record::RecordedPhase;
use crate::replay::{diff_owners, diff_units};

/// A retreat phase kept for a unit with nowhere to go. godip records a retreat phase after a
/// movement phase that dislodged a unit with no retreat, the unit already gone from its
/// position and its only order `remove X`, where diplo disbands the unit at once and holds no
/// retreat phase for it. Newer godip versions also keep one for a dislodged neutral army, listed
/// as dislodged and left without orders, which diplo disbands at once too. When `next` is such a phase after `phase`, the differences between it
/// and the adjudication `adj` of `phase`: the units, the dislodged units and the centres (owned
/// as at the start of `phase` when diplo holds no retreat phase, since centres change owner only
/// when the retreats are over). `None` when the convention does not apply: the positions are
/// then compared as they are.
pub(crate) fn retreat_kept_for_nowhere(
    map: &Map,
    phase: &RecordedPhase,
    next: &RecordedPhase,
    adj: &Adjudication,
) -> Option<Vec<String>> {
    let same_season =
        next.phase.year == phase.phase.year && next.phase.season == phase.phase.season;
    if phase.phase.kind != PhaseKind::Movement || next.phase.kind != PhaseKind::Retreat {
        return None;
    }
    let gone = AutomaticKind::Disbanded;
    let disbanded = adj.automatic.iter().any(|a| a.kind == gone);
    if !same_season || !disbanded {
        return None;
    }
    let mut out = Vec::new();
    let (missing, extra) = ("missing", "extra");
    diff_units(
        map,
        "",
        (&next.units, missing),
        (&adj.next.units, extra),
        &mut out,
    );
    let dislodged: Vec<Unit> = adj.next.dislodged.iter().map(|d| d.unit).collect();
    // A unit diplo disbanded at once may still be listed as dislodged (godip's neutral armies).
    let recorded: Vec<Unit> = (next.dislodged.iter().copied())
        .filter(|u| !adj.automatic.iter().any(|a| a.unit == *u && a.kind == gone))
        .collect();
    diff_units(
        map,
        "dislodged ",
        (&recorded, missing),
        (&dislodged, extra),
        &mut out,
    );
    let owners = if adj.next.phase.kind == PhaseKind::Retreat {
        &adj.next.owners
    } else {
        &phase.owners
    };
    diff_owners(
        map,
        &next.owners,
        owners,
        "recorded",
        "adjudicated",
        &mut out,
    );
    Some(out)
}
