//! Adjudicating a retreat phase.

use diplo_map::{Location, Map, PowerId, ProvinceId, Season, UnitKind};
use diplo_orders::{Order, Place, UnitRef};
use diplo_rules::policies::{RailroadRetreat, RetreatAfterConvoy};
use diplo_rules::Ruleset;

use crate::interpret::Ctx;
use crate::movement::{province_mask, retreat_options};
use crate::outcome::{
    Adjudication, AutomaticAction, AutomaticKind, OrderResult, Resolution, Retreats,
};
use crate::position::{Position, Unit};
use crate::reason::{Fact, Reason, Text, Why};

/// Where each dislodged unit of a retreat-phase position may retreat (in `pos.dislodged` order):
/// not to an occupied or contested province, nor to its attacker's origin unless the ruleset
/// allows that after a convoy (DATC 4.A.5). Empty options: the unit will be disbanded.
pub fn pending_retreat_options(map: &Map, rules: &Ruleset, pos: &Position) -> Retreats {
    let mut occupied = vec![false; map.provinces().len()];
    for u in &pos.units {
        occupied[u.location.province.index()] = true;
    }
    let contested = province_mask(map, &pos.contested);
    let allow = rules
        .retreat_after_convoy
        .may_retreat_to_convoyed_attackers_origin();
    let mut retreats = Retreats::default();
    for d in &pos.dislodged {
        let options = retreat_options(map, d, &occupied, &contested, allow, pos.phase.season);
        retreats.push(*d, options);
    }
    retreats
}

/// Adjudicates the orders of a retreat phase: every dislodged unit retreats or is disbanded.
pub fn adjudicate_retreats(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    orders: &[(PowerId, Order)],
) -> Adjudication {
    let retreats = pending_retreat_options(map, rules, pos);
    // The fleet-coast readings of a move order are the movement phase's.
    let units: Vec<Unit> = pos.dislodged.iter().map(|d| d.unit).collect();
    let cx = Ctx::new(map, rules, &units, pos.phase.season);
    let mut book = RetreatBook::new(map, pos, &retreats);
    let status: Vec<Result<(), Text>> = orders
        .iter()
        .enumerate()
        .map(|(i, (power, order))| book.enter(&cx, i, *power, order))
        .collect();
    let mut next = Position {
        phase: pos.phase,
        units: pos.units.clone(),
        owners: pos.owners.clone(),
        dislodged: Vec::new(),
        contested: Vec::new(),
    };
    let (bounced, automatic) = book.settle(&mut next.units, orders.len());
    let results = orders
        .iter()
        .enumerate()
        .map(|(i, (power, _))| {
            let (resolution, reason) = match &status[i] {
                Err(e) => (Resolution::Illegal, Reason::from(Why::Text(*e))),
                Ok(()) if bounced[i] => (
                    Resolution::Fails,
                    Reason::plain(
                        "another unit retreated to the same province; both are disbanded",
                    ),
                ),
                Ok(()) => (Resolution::Succeeds, Reason::NONE),
            };
            OrderResult {
                index: i,
                power: *power,
                resolution,
                tag: None,
                reason,
            }
        })
        .collect();
    crate::advance_after_season(map, rules, &mut next);
    Adjudication {
        results,
        unordered_dislodged: Vec::new(),
        retreats,
        automatic,
        unresolved: Vec::new(),
        next,
    }
}

/// The retreat orders entered so far: per dislodged unit, its retreat (order index and
/// destination) or whether it disbands.
struct RetreatBook<'a> {
    map: &'a Map,
    pos: &'a Position,
    /// Where each dislodged unit may retreat (in `pos.dislodged` order).
    options: &'a Retreats,
    /// Per province: whether a unit stands there.
    occupied: Vec<bool>,
    /// Per province: the dislodged unit there (the first, if a bad position has several).
    dislodged_in: Vec<Option<usize>>,
    chosen: Vec<Option<(usize, Location)>>,
    disbanded: Vec<bool>,
}

impl<'a> RetreatBook<'a> {
    fn new(map: &'a Map, pos: &'a Position, options: &'a Retreats) -> RetreatBook<'a> {
        let mut occupied = vec![false; map.provinces().len()];
        for u in &pos.units {
            occupied[u.location.province.index()] = true;
        }
        let mut dislodged_in = vec![None; map.provinces().len()];
        for (d, x) in pos.dislodged.iter().enumerate().rev() {
            dislodged_in[x.unit.location.province.index()] = Some(d);
        }
        let k = pos.dislodged.len();
        RetreatBook {
            map,
            pos,
            options,
            occupied,
            dislodged_in,
            chosen: vec![None; k],
            disbanded: vec![false; k],
        }
    }

    /// Enters order `i` of `power`: the unit's retreat or disbandment, or why it is illegal.
    fn enter(&mut self, cx: &Ctx, i: usize, power: PowerId, order: &Order) -> Result<(), Text> {
        let (unit_ref, to) = retreat_of(cx.rules, order)?;
        let d = self.own_dislodged(unit_ref.place.province, power)?;
        if self.chosen[d].is_some() || self.disbanded[d] {
            return Err(Text::plain("the unit already has an earlier order"));
        }
        let Some(to) = to else {
            self.disbanded[d] = true;
            return Ok(());
        };
        let unit = self.pos.dislodged[d].unit;
        let dest = match unit.kind {
            UnitKind::Army => Location::province(to.province),
            UnitKind::Fleet => cx.fleet_destination(unit.location, to)?,
        };
        let options = self.options.get(d).map_or(&[][..], |r| r.options);
        let allowed = options
            .iter()
            .any(|o| o.province == dest.province && (unit.kind == UnitKind::Army || *o == dest));
        if !allowed {
            return Err(self.why_not(d, dest, cx.season));
        }
        self.chosen[d] = Some((i, dest));
        Ok(())
    }

    /// The dislodged unit of `power` in province `p`.
    fn own_dislodged(&self, p: ProvinceId, power: PowerId) -> Result<usize, Text> {
        let Some(d) = self.dislodged_in[p.index()] else {
            return Err(Text::new(
                "there is no dislodged unit in {}",
                &[Fact::Province(p)],
            ));
        };
        let unit = self.pos.dislodged[d].unit;
        if unit.power != power {
            return Err(Text::new(
                "the dislodged unit in {} belongs to {}",
                &[Fact::Province(p), Fact::Power(unit.power)],
            ));
        }
        Ok(d)
    }

    /// Why dislodged unit `d` may not retreat to `dest` in `season`: a closure (ice, a
    /// seasonal border: DATC 2.4 8.D) is named as such, never as a missing adjacency.
    fn why_not(&self, d: usize, dest: Location, season: Season) -> Text {
        let unit = self.pos.dislodged[d].unit;
        let (from, to) = (unit.location.province, dest.province);
        let because = |why: &'static str| {
            Text::new(
                "cannot retreat to {}: {}",
                &[Fact::Location(dest), Fact::Word(why)],
            )
        };
        if to == self.pos.dislodged[d].attacker_from {
            because("the attacker came from there")
        } else if self.pos.contested.contains(&to) {
            because("it was left contested by a standoff")
        } else if self.occupied[to.index()] {
            because("it is occupied")
        } else if self.map.is_closed(unit.kind, from, to, season) {
            let shut = [to, from]
                .into_iter()
                .find(|&p| self.map.province_closed(p, season));
            let season = Fact::Season(season);
            match shut {
                Some(p) => Text::new(
                    "cannot retreat to {}: {} is closed (ice) in {}",
                    &[Fact::Location(dest), Fact::Province(p), season],
                ),
                None => Text::new(
                    "cannot retreat to {}: the border from {} is closed in {}",
                    &[Fact::Location(dest), Fact::Province(from), season],
                ),
            }
        } else {
            because("it is not adjacent")
        }
    }

    /// Carries the retreats out: the units that get where they retreat join `units`; two
    /// retreats to one province clash and both units are disbanded. Returns per order whether
    /// it bounced, and the units disbanded without a disband order.
    fn settle(&self, units: &mut Vec<Unit>, orders: usize) -> (Vec<bool>, Vec<AutomaticAction>) {
        let mut automatic = Vec::new();
        let mut bounced = vec![false; orders];
        let rivals = Rivals::count(self.map, self.pos, &self.chosen);
        for (d, chosen) in self.chosen.iter().enumerate() {
            let unit = self.pos.dislodged[d].unit;
            match *chosen {
                Some((i, dest)) if rivals.clash(self.map, self.pos, d, dest) => {
                    bounced[i] = true;
                    automatic.push(AutomaticAction {
                        unit,
                        kind: AutomaticKind::Disbanded,
                        reason: Reason::plain("disbanded: its retreat clashed with another"),
                    });
                }
                Some((_, dest)) => units.push(Unit {
                    location: dest,
                    ..unit
                }),
                None if !self.disbanded[d] => automatic.push(AutomaticAction {
                    unit,
                    kind: AutomaticKind::Disbanded,
                    reason: Reason::plain("disbanded: no retreat ordered"),
                }),
                None => {}
            }
        }
        (bounced, automatic)
    }
}

/// What a retreat-phase order asks: the unit, and where it retreats (`None`: it disbands); or
/// why the order has no place in a retreat phase.
fn retreat_of<'o>(
    rules: &Ruleset,
    order: &'o Order,
) -> Result<(&'o UnitRef, Option<&'o Place>), Text> {
    match order {
        Order::Move {
            unit,
            to,
            via_convoy,
            path,
        } => {
            if *via_convoy || !path.is_empty() {
                return Err(Text::plain("a retreat cannot use a convoy"));
            }
            Ok((unit, Some(to)))
        }
        Order::Retreat { unit, to } => Ok((unit, Some(to))),
        Order::Disband { unit } => Ok((unit, None)),
        Order::Hold { .. } => Err(Text::plain(
            "a dislodged unit must retreat or disband; holding is not possible",
        )),
        Order::SupportHold { .. } | Order::SupportMove { .. } => {
            Err(Text::plain("no supports in a retreat phase"))
        }
        Order::Convoy { .. } => Err(Text::plain("no convoys in a retreat phase")),
        // DATC 2.4 7.B.32 (the only choice of `railroad_retreat`).
        Order::RailMove { railroad, .. } => Err(match rules.railroad_retreat {
            RailroadRetreat::NotAllowed => Text::new(
                "the {} cannot be used in a retreat",
                &[Fact::Railroad(*railroad)],
            ),
        }),
        Order::Permit { .. } => Err(Text::plain("no canal permissions in a retreat phase")),
        Order::Convert { .. } => Err(Text::plain("no conversions in a retreat phase")),
        Order::Build { .. } | Order::Decline => Err(Text::plain("no builds in a retreat phase")),
    }
}

/// Per province: how many retreats go there, and how many of them over an ordinary border.
struct Rivals {
    all: Vec<u32>,
    ordinary: Vec<u32>,
}

impl Rivals {
    fn count(map: &Map, pos: &Position, chosen: &[Option<(usize, Location)>]) -> Rivals {
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
    fn clash(&self, map: &Map, pos: &Position, d: usize, dest: Location) -> bool {
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
fn difficult(map: &Map, pos: &Position, d: usize, dest: Location) -> bool {
    let u = pos.dislodged[d].unit;
    map.retreat_yields(u.kind, u.location.province, dest.province)
}
