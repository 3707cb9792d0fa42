//! Adjudicating a retreat phase.

use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::policies::{RailroadRetreat, RetreatAfterConvoy};
use diplo_rules::Ruleset;

use crate::interpret::Ctx;
use crate::movement::{province_mask, retreat_options};
use crate::outcome::{Adjudication, AutomaticAction, OrderResult, Resolution, RetreatOptions};
use crate::position::{Position, Unit};

/// Where each dislodged unit of a retreat-phase position may retreat (in `pos.dislodged` order):
/// not to an occupied or contested province, nor to its attacker's origin unless the ruleset
/// allows that after a convoy (DATC 4.A.5). Empty options: the unit will be disbanded.
pub fn pending_retreat_options(map: &Map, rules: &Ruleset, pos: &Position) -> Vec<RetreatOptions> {
    let mut occupied = vec![false; map.provinces().len()];
    for u in &pos.units {
        occupied[u.location.province.index()] = true;
    }
    let contested = province_mask(map, &pos.contested);
    let allow = rules
        .retreat_after_convoy
        .may_retreat_to_convoyed_attackers_origin();
    pos.dislodged
        .iter()
        .map(|d| RetreatOptions {
            dislodged: *d,
            options: retreat_options(map, d, &occupied, &contested, allow, pos.phase.season),
        })
        .collect()
}

/// Adjudicates the orders of a retreat phase: every dislodged unit retreats or is disbanded.
pub fn adjudicate_retreats(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    let mut occupied = vec![false; map.provinces().len()];
    for u in &pos.units {
        occupied[u.location.province.index()] = true;
    }
    let options: Vec<Vec<diplo_map::Location>> = pending_retreat_options(map, rules, pos)
        .into_iter()
        .map(|r| r.options)
        .collect();
    // The fleet-coast readings of a move order are the movement phase's.
    let units: Vec<Unit> = pos.dislodged.iter().map(|d| d.unit).collect();
    let cx = Ctx::new(map, rules, &units, pos.phase.season);

    let k = pos.dislodged.len();
    // Per province: the dislodged unit there (the first, if a bad position has several).
    let mut dislodged_in: Vec<Option<usize>> = vec![None; map.provinces().len()];
    for (d, x) in pos.dislodged.iter().enumerate().rev() {
        dislodged_in[x.unit.location.province.index()] = Some(d);
    }
    let mut chosen: Vec<Option<(usize, diplo_map::Location)>> = vec![None; k];
    let mut disbanded = vec![false; k];
    let mut status: Vec<Result<(), String>> = Vec::with_capacity(orders.len());
    for (i, (power, order)) in orders.iter().enumerate() {
        let r = (|| -> Result<(), String> {
            let (unit_ref, to) = match order {
                Order::Move {
                    unit,
                    to,
                    via_convoy,
                    path,
                } => {
                    if *via_convoy || !path.is_empty() {
                        return Err("a retreat cannot use a convoy".into());
                    }
                    (unit, Some(to))
                }
                Order::Retreat { unit, to } => (unit, Some(to)),
                Order::Disband { unit } => (unit, None),
                Order::Hold { .. } => {
                    return Err(
                        "a dislodged unit must retreat or disband; holding is not possible".into(),
                    )
                }
                Order::SupportHold { .. } | Order::SupportMove { .. } => {
                    return Err("no supports in a retreat phase".into())
                }
                Order::Convoy { .. } => return Err("no convoys in a retreat phase".into()),
                // DATC 2.4 7.B.32 (the only choice of `railroad_retreat`).
                Order::RailMove { railroad, .. } => {
                    return Err(match rules.railroad_retreat {
                        RailroadRetreat::NotAllowed => format!(
                            "the {} cannot be used in a retreat",
                            map.railroads()
                                .get(*railroad)
                                .map_or("railroad", |r| r.full_name.as_str())
                        ),
                    })
                }
                Order::Permit { .. } => {
                    return Err("no canal permissions in a retreat phase".into())
                }
                Order::Convert { .. } => return Err("no conversions in a retreat phase".into()),
                Order::Build { .. } | Order::Decline => {
                    return Err("no builds in a retreat phase".into())
                }
            };
            let p = unit_ref.place.province;
            let Some(d) = dislodged_in[p.index()] else {
                return Err(format!(
                    "there is no dislodged unit in {}",
                    map.province(p).full_name
                ));
            };
            let unit = pos.dislodged[d].unit;
            if unit.power != *power {
                return Err(format!(
                    "the dislodged unit in {} belongs to {}",
                    map.province(p).full_name,
                    map.power(unit.power).name
                ));
            }
            if chosen[d].is_some() || disbanded[d] {
                return Err("the unit already has an earlier order".into());
            }
            let Some(to) = to else {
                disbanded[d] = true;
                return Ok(());
            };
            let dest = match unit.kind {
                diplo_map::UnitKind::Army => diplo_map::Location::province(to.province),
                diplo_map::UnitKind::Fleet => cx.fleet_destination(unit.location, to)?,
            };
            if !options[d].iter().any(|o| {
                o.province == dest.province
                    && (unit.kind == diplo_map::UnitKind::Army || *o == dest)
            }) {
                let why = if dest.province == pos.dislodged[d].attacker_from {
                    "the attacker came from there"
                } else if pos.contested.contains(&dest.province) {
                    "it was left contested by a standoff"
                } else if occupied[dest.province.index()] {
                    "it is occupied"
                } else {
                    "it is not adjacent"
                };
                return Err(format!(
                    "cannot retreat to {}: {why}",
                    map.location_full_name(dest)
                ));
            }
            chosen[d] = Some((i, dest));
            Ok(())
        })();
        status.push(r);
    }

    // Two retreats to one province: both units are disbanded.
    let mut results = Vec::with_capacity(orders.len());
    let mut next = Position {
        phase: pos.phase,
        units: pos.units.clone(),
        owners: pos.owners.clone(),
        dislodged: Vec::new(),
        contested: Vec::new(),
    };
    let mut automatic = Vec::new();
    let mut succeeded = vec![false; orders.len()];
    let mut bounced = vec![false; orders.len()];
    let rivals = Rivals::count(map, pos, &chosen);
    for d in 0..k {
        if let Some((i, dest)) = chosen[d] {
            let clash = rivals.clash(map, pos, d, dest);
            if clash {
                bounced[i] = true;
                automatic.push(AutomaticAction {
                    unit: pos.dislodged[d].unit,
                    reason: "disbanded: its retreat clashed with another".into(),
                });
            } else {
                succeeded[i] = true;
                next.units.push(Unit {
                    location: dest,
                    ..pos.dislodged[d].unit
                });
            }
        } else if !disbanded[d] {
            automatic.push(AutomaticAction {
                unit: pos.dislodged[d].unit,
                reason: "disbanded: no retreat ordered".into(),
            });
        }
    }
    for (i, (power, order)) in orders.iter().enumerate() {
        let (resolution, reason) = match &status[i] {
            Err(e) => (Resolution::Illegal, e.clone()),
            Ok(()) if bounced[i] => (
                Resolution::Fails,
                "another unit retreated to the same province; both are disbanded".into(),
            ),
            Ok(()) if matches!(order, Order::Disband { .. }) => {
                (Resolution::Succeeds, String::new())
            }
            Ok(()) => {
                debug_assert!(succeeded[i]);
                (Resolution::Succeeds, String::new())
            }
        };
        results.push(OrderResult {
            index: i,
            power: *power,
            order: order.clone(),
            resolution,
            tag: None,
            reason,
        });
    }
    crate::advance_after_season(map, rules, &mut next);
    let retreats = pos
        .dislodged
        .iter()
        .zip(options)
        .map(|(d, o)| RetreatOptions {
            dislodged: *d,
            options: o,
        })
        .collect();
    Adjudication {
        results,
        unordered_dislodged: Vec::new(),
        retreats,
        automatic,
        unresolved: Vec::new(),
        next,
    }
}

/// Per province: how many retreats go there, and how many of them over an ordinary border.
struct Rivals {
    all: Vec<u32>,
    ordinary: Vec<u32>,
}

impl Rivals {
    fn count(map: &Map, pos: &Position, chosen: &[Option<(usize, diplo_map::Location)>]) -> Rivals {
        let n = map.provinces().len();
        let mut rivals = Rivals {
            all: vec![0; n],
            ordinary: vec![0; n],
        };
        for (d, c) in chosen.iter().enumerate() {
            if let Some((_, dest)) = c {
                rivals.all[dest.province.index()] += 1;
                if !difficult(map, pos, d, *dest) {
                    rivals.ordinary[dest.province.index()] += 1;
                }
            }
        }
        rivals
    }

    /// Whether retreat `d` to `dest` clashes with another retreat there. Two retreats to one
    /// province both fail, except that a retreat over a difficult passable border loses to one
    /// over an ordinary border (DATC 2.4 10.K; a half-strength border too): then the ordinary one succeeds if it is the only
    /// one.
    fn clash(&self, map: &Map, pos: &Position, d: usize, dest: diplo_map::Location) -> bool {
        let p = dest.province.index();
        if self.all[p] < 2 {
            return false;
        }
        let own_difficult = difficult(map, pos, d, dest);
        let other_ordinary = self.ordinary[p] - u32::from(!own_difficult);
        own_difficult || other_ordinary > 0
    }
}

/// Whether retreat `d` to `dest` crosses a difficult passable border (or a half-strength one,
/// 1900's route around Africa), so that it yields to a retreat over an ordinary border.
fn difficult(map: &Map, pos: &Position, d: usize, dest: diplo_map::Location) -> bool {
    let u = pos.dislodged[d].unit;
    map.retreat_yields(u.kind, u.location.province, dest.province)
}
