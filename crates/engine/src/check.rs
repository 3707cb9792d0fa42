//! Order legality without adjudicating: the same check the movement phase makes of each order
//! (DATC 4.E.1, ruleset policies included), for callers that put many candidate orders to one
//! position (the Python package's list of every possible order).

use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::Ruleset;

use crate::interpret::Ctx;
use crate::position::{PhaseKind, Position};
use crate::scratch::{AdjudicatorScratch, Pool, Scratch};

/// Checks movement-phase orders against one position, each as if it were the only order
/// given: the map's and the ruleset's legality rules, built once for the position.
pub struct MovementCheck<'a> {
    cx: Ctx<'a>,
    /// Where the buffers go back ([`MovementCheck::recycle`]), when they were taken from one.
    pool: Option<&'a mut Pool>,
}

impl<'a> MovementCheck<'a> {
    /// A checker for `pos`, which must be a movement phase (`None` otherwise).
    pub fn new(map: &'a Map, rules: &'a Ruleset, pos: &'a Position) -> Option<Self> {
        (pos.phase.kind == PhaseKind::Movement).then(|| MovementCheck {
            cx: Ctx::new(map, rules, &pos.units, pos.phase.season),
            pool: None,
        })
    }

    /// As [`MovementCheck::new`], with its buffers taken from `scratch` (a caller checking the
    /// orders of phase after phase allocates next to nothing); [`MovementCheck::recycle`] gives
    /// them back.
    pub fn new_in(
        map: &'a Map,
        rules: &'a Ruleset,
        pos: &'a Position,
        scratch: &'a mut AdjudicatorScratch,
    ) -> Option<Self> {
        if pos.phase.kind != PhaseKind::Movement {
            return None;
        }
        let Scratch { pool, .. } = &mut scratch.inner;
        let cx = Ctx::new_in(map, rules, &pos.units, pos.phase.season, pool);
        Some(MovementCheck {
            cx,
            pool: Some(pool),
        })
    }

    /// Gives the buffers back to the scratch they came from ([`MovementCheck::new_in`]); a
    /// checker made by [`MovementCheck::new`] is just dropped.
    pub fn recycle(self) {
        if let Some(pool) = self.pool {
            self.cx.recycle(pool);
        }
    }

    /// Whether `order`, given alone by `power`, is legal: [`crate::adjudicate`] with this order
    /// only would not give it the `illegal` result.
    pub fn is_legal(&self, power: PowerId, order: &Order) -> bool {
        match order {
            Order::Permit { .. } => self.cx.check_permit(power, order).is_ok(),
            _ => self.cx.check(power, order).is_ok(),
        }
    }
}

/// Whether a build, a declined build or a removal, given alone by `power`, is legal in the
/// adjustment phase `pos`: [`crate::adjudicate`] with this order only would not give it the
/// `illegal` result (the power's allowance, owned and empty centres, the build rule, coasts).
pub fn adjustment_is_legal(
    map: &Map,
    rules: &Ruleset,
    pos: &Position,
    power: PowerId,
    order: &Order,
) -> bool {
    AdjustmentCheck::new(map, rules, pos, power).is_some_and(|c| c.is_legal(order))
}

/// Checks one power's adjustment-phase orders against one position, each as if it were the
/// only order given ([`adjustment_is_legal`]), the power's allowance counted once.
pub struct AdjustmentCheck<'a> {
    map: &'a Map,
    rules: &'a Ruleset,
    pos: &'a Position,
    power: PowerId,
    allowance: i64,
}

impl<'a> AdjustmentCheck<'a> {
    /// A checker for `power` in `pos`, which must be an adjustment phase (`None` otherwise).
    pub fn new(
        map: &'a Map,
        rules: &'a Ruleset,
        pos: &'a Position,
        power: PowerId,
    ) -> Option<Self> {
        (pos.phase.kind == PhaseKind::Adjustment).then(|| AdjustmentCheck {
            map,
            rules,
            pos,
            power,
            allowance: pos.counted_centres(map, power) as i64 - pos.unit_count(power) as i64,
        })
    }

    /// A checker for every power of the map (indexed by power) in `pos`, which must be an
    /// adjustment phase (none otherwise), the allowances counted in one pass
    /// ([`Position::allowances`]).
    pub fn all(map: &'a Map, rules: &'a Ruleset, pos: &'a Position) -> Vec<Self> {
        if pos.phase.kind != PhaseKind::Adjustment {
            return Vec::new();
        }
        let allowances = pos.allowances(map).into_iter();
        let check = |(power, allowance)| AdjustmentCheck {
            map,
            rules,
            pos,
            power,
            allowance,
        };
        map.power_ids().zip(allowances).map(check).collect()
    }

    /// The power whose orders this checks.
    pub fn power(&self) -> PowerId {
        self.power
    }

    /// The builds (positive) or removals (negative) the power is due: its counted centres
    /// less its units.
    pub fn allowance(&self) -> i64 {
        self.allowance
    }

    /// Whether `order`, given alone by the power, is legal.
    pub fn is_legal(&self, order: &Order) -> bool {
        let (map, rules, pos) = (self.map, self.rules, self.pos);
        crate::adjust::check(map, rules, pos, self.power, order, self.allowance).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Resolution;
    use crate::position::Phase;
    use diplo_map::{Season, Terrain};

    /// Whether a whole adjudication with `text` as the only order calls it illegal.
    fn adjudicated_legal(
        map: &Map,
        rules: &Ruleset,
        pos: &Position,
        power: PowerId,
        o: &Order,
    ) -> bool {
        let adj = crate::adjudicate(map, rules, pos, &[(power, o.clone())]);
        adj.results[0].resolution != Resolution::Illegal
    }

    fn parse(map: &Map, text: &str) -> Order {
        diplo_orders::parse_order(map, text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"))
            .1
    }

    #[test]
    fn a_convoy_is_legal_alone_exactly_when_adjudication_takes_it() {
        let map = Map::standard();
        let text = "phase = \"Spring 1901 Movement\"\n[units]\nEngland = [\"F North Sea\", \"F English Channel\", \"A London\", \"F Mid-Atlantic Ocean\"]\nFrance = [\"A Brest\", \"F Irish Sea\"]\n";
        let pos = Position::from_toml_str(&map, text, "pos.toml").expect("position");
        let coasts: Vec<_> = map
            .province_ids()
            .filter(|&p| map.province(p).terrain == Terrain::Coast)
            .collect();
        for rules in [Ruleset::datc(), Ruleset::load("1971").expect("1971")] {
            let check = MovementCheck::new(&map, &rules, &pos).expect("movement");
            let mut legal = 0;
            for f in pos
                .units
                .iter()
                .filter(|u| u.kind == diplo_map::UnitKind::Fleet)
            {
                for a in pos
                    .units
                    .iter()
                    .filter(|u| u.kind == diplo_map::UnitKind::Army)
                {
                    for &to in &coasts {
                        let o = parse(
                            &map,
                            &format!(
                                "F {} C A {} - {}",
                                map.province(f.location.province).name,
                                map.province(a.location.province).name,
                                map.province(to).name
                            ),
                        );
                        let (alone, whole) = (
                            check.is_legal(f.power, &o),
                            adjudicated_legal(&map, &rules, &pos, f.power, &o),
                        );
                        assert_eq!(alone, whole, "{}: {}", rules.name, o.display(&map));
                        legal += usize::from(alone);
                    }
                }
            }
            assert!(legal > 10, "{}: only {legal} legal convoys", rules.name);
        }
    }

    #[test]
    fn a_checker_on_kept_buffers_answers_as_a_fresh_one() {
        let map = Map::standard();
        let rules = Ruleset::datc();
        let texts = [
            "phase = \"Spring 1901 Movement\"\n[units]\nEngland = [\"F North Sea\", \"F Norwegian Sea\", \"A London\"]\nFrance = [\"A Brest\", \"F English Channel\"]\n",
            "phase = \"Fall 1901 Movement\"\n[units]\nEngland = [\"F North Sea\", \"A Yorkshire\"]\nFrance = [\"A Belgium\", \"F English Channel\", \"F Irish Sea\"]\n",
        ];
        let mut scratch = AdjudicatorScratch::default();
        for text in texts.iter().cycle().take(4) {
            let pos = Position::from_toml_str(&map, text, "pos.toml").expect("position");
            let fresh = MovementCheck::new(&map, &rules, &pos).expect("movement");
            let kept = MovementCheck::new_in(&map, &rules, &pos, &mut scratch).expect("movement");
            let mut legal = 0;
            for f in &pos.units {
                for a in &pos.units {
                    for to in map.province_ids() {
                        let name = |p: diplo_map::ProvinceId| map.province(p).name.clone();
                        let (f, a) = (f.location.province, a.location.province);
                        let text = format!("F {} C A {} - {}", name(f), name(a), name(to));
                        let Ok((_, o)) = diplo_orders::parse_order(&map, &text) else {
                            continue;
                        };
                        for power in map.power_ids() {
                            let alone = kept.is_legal(power, &o);
                            assert_eq!(alone, fresh.is_legal(power, &o), "{text}");
                            legal += usize::from(alone);
                        }
                    }
                }
            }
            assert!(legal > 3, "only {legal} legal convoys");
            kept.recycle();
        }
    }

    #[test]
    fn allowances_are_each_powers_counted_centres_less_its_units_on_every_map() {
        for (name, _) in diplo_map::EMBEDDED_MAPS {
            let Some(Ok(map)) = Map::embedded(name) else {
                continue;
            };
            let mut pos = Position::initial(&map);
            let powers: Vec<PowerId> = map.power_ids().collect();
            for round in 0..4 {
                // Centres change hands and units go, differently each round.
                for (i, owner) in pos.owners.iter_mut().enumerate() {
                    if (i + round) % 3 == 0 && owner.is_some() {
                        *owner = Some(powers[(i + round) % powers.len()]);
                    }
                }
                let mut k = 0;
                pos.units.retain(|_| {
                    k += 1;
                    (k + round) % 4 != 0
                });
                let all = pos.allowances(&map);
                for &p in &powers {
                    let want = pos.counted_centres(&map, p) as i64 - pos.unit_count(p) as i64;
                    assert_eq!(all[p.index()], want, "{name}, round {round}");
                }
            }
        }
    }

    #[test]
    fn a_build_is_legal_alone_exactly_when_adjudication_takes_it() {
        let map = Map::standard();
        let rules = Ruleset::datc();
        let mut pos = Position::initial(&map);
        pos.phase = Phase {
            year: 1901,
            season: Season::FALL,
            kind: PhaseKind::Adjustment,
        };
        pos.units.retain(|u| map.power(u.power).name != "France");
        let mut legal = 0;
        for power in map.power_ids() {
            for p in map.province_ids() {
                let name = &map.province(p).name;
                let mut texts = vec![format!("A {name} B"), format!("F {name} B")];
                texts.extend(
                    map.province(p)
                        .coasts
                        .iter()
                        .map(|c| format!("F {name}/{} B", c.name)),
                );
                for t in texts {
                    let o = parse(&map, &t);
                    let alone = adjustment_is_legal(&map, &rules, &pos, power, &o);
                    assert_eq!(
                        alone,
                        adjudicated_legal(&map, &rules, &pos, power, &o),
                        "{t}"
                    );
                    legal += usize::from(alone);
                }
            }
        }
        assert_eq!(
            legal, 5,
            "France's three centres: A and F in Brest and Marseilles, A in Paris"
        );
    }
}
