//! The orders received for a phase, kept in its record of the history (`[history.received]`):
//! the order sets as they were (numbers, intent, lateness), the proxy grants and readiness, so
//! that a rollback to the start of the phase gives them back and nobody has to send them again.

use diplo_engine::{PhaseKind, Position};
use diplo_map::{Map, PowerId, ProvinceId};
use diplo_rules::policies::SetIntent;

use crate::file::{OrderSetOut, ProxyOut, ReceivedFile};
use crate::{OrderSet, ProxyGrant};

/// What had been received for a phase when it was adjudicated.
#[derive(Clone, Debug, Default)]
pub struct Received {
    /// The order sets, in submission order.
    pub order_sets: Vec<OrderSet>,
    /// The proxy grants.
    pub proxies: Vec<ProxyGrant>,
    /// The powers that had declared their orders final.
    pub ready: Vec<PowerId>,
}

impl Received {
    /// As a record keeps it; `start`: the position the phase started from (for the units of
    /// the proxy grants).
    pub(crate) fn to_file(&self, map: &Map, start: &Position) -> ReceivedFile {
        ReceivedFile {
            ready: self
                .ready
                .iter()
                .map(|&p| map.power(p).name.clone())
                .collect(),
            orders: order_sets_out(map, &self.order_sets),
            proxy: proxies_out(map, start, &self.proxies),
        }
    }
}

/// Order sets as the file writes them.
pub(crate) fn order_sets_out(map: &Map, sets: &[OrderSet]) -> Vec<OrderSetOut> {
    sets.iter()
        .map(|s| OrderSetOut {
            power: map.power(s.power).name.clone(),
            seq: s.seq,
            intent: match s.intent {
                SetIntent::Unstated => None,
                SetIntent::Replaces => Some("replaces".into()),
                SetIntent::Adds => Some("adds".into()),
            },
            same_time: s.same_time,
            late: s.late,
            lines: s
                .orders
                .iter()
                .map(|o| o.display(map).to_string())
                .collect(),
        })
        .collect()
}

/// Proxy grants as the file writes them, their units as they stand in `pos`.
pub(crate) fn proxies_out(map: &Map, pos: &Position, grants: &[ProxyGrant]) -> Vec<ProxyOut> {
    grants
        .iter()
        .map(|g| ProxyOut {
            power: map.power(g.power).name.clone(),
            unit: unit_label(map, pos, g.province),
            to: map.power(g.to).name.clone(),
            seq: g.seq,
        })
        .collect()
}

/// `A par`, or the province's name when no unit is there in `pos` (a dislodged unit in a
/// retreat phase).
fn unit_label(map: &Map, pos: &Position, province: ProvinceId) -> String {
    let unit = match pos.phase.kind {
        PhaseKind::Retreat => pos
            .dislodged
            .iter()
            .find(|d| d.unit.location.province == province)
            .map(|d| d.unit),
        _ => pos.unit_in(province).copied(),
    };
    unit.map_or_else(|| map.province(province).name.clone(), |u| u.short(map))
}

/// Reads what a record kept, on `map`; every problem, each naming the set or grant and what
/// is wrong (`phase` names the record).
pub(crate) fn restore(map: &Map, phase: &str, r: &ReceivedFile) -> Result<Received, Vec<String>> {
    let mut problems = Vec::new();
    let power = |name: &str, what: &str, problems: &mut Vec<String>| {
        let p = map.power_by_name(name);
        if p.is_none() {
            problems.push(format!("{phase}: {what}: unknown power `{name}`"));
        }
        p
    };
    let ready = (r.ready.iter())
        .filter_map(|n| power(n, "ready", &mut problems))
        .collect();
    let mut order_sets = Vec::with_capacity(r.orders.len());
    let mut proxies = Vec::with_capacity(r.proxy.len());
    for s in &r.orders {
        let by = power(&s.power, &format!("order set {}", s.seq), &mut problems);
        let intent = match s.intent.as_deref() {
            None => Some(SetIntent::Unstated),
            Some("replaces") => Some(SetIntent::Replaces),
            Some("adds") => Some(SetIntent::Adds),
            Some(other) => {
                problems.push(format!(
                    "{phase}: order set {} of {}: intent `{other}`: expected `replaces` or `adds`",
                    s.seq, s.power
                ));
                None
            }
        };
        let mut orders = Vec::with_capacity(s.lines.len());
        for l in &s.lines {
            match diplo_orders::parse_order(map, l) {
                Ok((_, o)) => orders.push(o),
                Err(e) => problems.push(format!(
                    "{phase}: order set {} of {}: order `{l}`: {}",
                    s.seq, s.power, e.message
                )),
            }
        }
        if let (Some(power), Some(intent)) = (by, intent) {
            order_sets.push(OrderSet {
                power,
                seq: s.seq,
                intent,
                same_time: s.same_time,
                orders,
                late: s.late,
            });
        }
    }
    for g in &r.proxy {
        let (owner, to) = (
            power(&g.power, "proxy", &mut problems),
            power(&g.to, "proxy", &mut problems),
        );
        let unit = owner.and_then(|owner| {
            diplo_engine::position::parse_unit(map, owner, &g.unit)
                .ok()
                .map(|u| u.location.province)
                .or_else(|| map.province_by_name(&g.unit))
        });
        if owner.is_some() && unit.is_none() {
            problems.push(format!("{phase}: proxy: unknown unit `{}`", g.unit));
        }
        if let (Some(power), Some(province), Some(to)) = (owner, unit, to) {
            proxies.push(ProxyGrant {
                power,
                province,
                to,
                seq: g.seq,
            });
        }
    }
    if problems.is_empty() {
        Ok(Received {
            order_sets,
            proxies,
            ready,
        })
    } else {
        Err(problems)
    }
}
