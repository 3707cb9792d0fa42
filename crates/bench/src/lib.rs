//! Inputs for diplo's benchmarks (`cargo bench -p diplo-bench`): three phases of the standard
//! map written in diplo's notation (and translated for the crates.io `diplomacy` crate), and
//! generated positions of any size in the shapes that once scaled badly; whole games played by
//! bots for the export benchmarks (`played`).

pub mod played;

use diplo_engine::{Phase, PhaseKind, Position, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId, Season, UnitKind};
use diplo_orders::{parse_orders, Order, OtherUnit, Place, UnitRef};

/// Spring 1901: the 22 units of the standard opening, all ordered.
pub const OPENING: &str = "Austria:\nA vie - gal\nA bud - ser\nF tri - alb\n\
England:\nF edi - nwg\nF lon - nth\nA lvp - yor\n\
France:\nF bre - mao\nA par - bur\nA mar S A par - bur\n\
Germany:\nF kie - den\nA ber - kie\nA mun - ruh\n\
Italy:\nF nap - ion\nA rom - apu\nA ven H\n\
Russia:\nA mos - ukr\nA war - gal\nF sev - bla\nF stp/sc - bot\n\
Turkey:\nF ank - bla\nA con - bul\nA smy - arm\n";

/// Spring 1901: the 22 units of the opening, all holding.
pub const ALL_HOLD: &str = "Austria:\nA vie H\nA bud H\nF tri H\n\
England:\nF edi H\nF lon H\nA lvp H\n\
France:\nF bre H\nA par H\nA mar H\n\
Germany:\nF kie H\nA ber H\nA mun H\n\
Italy:\nF nap H\nA rom H\nA ven H\n\
Russia:\nA mos H\nA war H\nF sev H\nF stp/sc H\n\
Turkey:\nF ank H\nA con H\nA smy H\n";

/// The all-hold phase in the long notation with one power prefix a line (`Austria: A vie
/// holds`), as a host or a bot often writes it.
pub const ALL_HOLD_LONG: &str =
    "Austria: A vie holds\nAustria: A bud holds\nAustria: F tri holds\n\
England: F edi holds\nEngland: F lon holds\nEngland: A lvp holds\n\
France: F bre holds\nFrance: A par holds\nFrance: A mar holds\n\
Germany: F kie holds\nGermany: A ber holds\nGermany: A mun holds\n\
Italy: F nap holds\nItaly: A rom holds\nItaly: A ven holds\n\
Russia: A mos holds\nRussia: A war holds\nRussia: F sev holds\nRussia: F stp/sc holds\n\
Turkey: F ank holds\nTurkey: A con holds\nTurkey: A smy holds\n";

/// Fall 1905 (written for the benchmark): 34 units of five powers, every unit ordered; supports
/// given and cut, a convoy, a dislodgement, bounces and a head-on fight for Rumania.
pub const MIDGAME: &str = "England:\nF nth S A bel\nF eng C A lon - pic\nF nwg H\nA bel H\n\
F hol S A bel\nA nwy - swe\nF iri - mao\nA lon - pic\n\
France:\nA bur - bel\nA pic S A bur - bel\nF mao H\nF bre S F mao\nA par S A pic\nA spa - por\n\
F wes - tys\nA mar - pie\n\
Germany:\nA mun - bur\nA kie - hol\nA ruh S A kie - hol\nF den - ska\nF bal H\nA ber - kie\n\
A sil - war\n\
Russia:\nA war H\nA mos S A war\nF swe H\nA stp - nwy\nF sev - bla\nA ukr - rum\n\
Turkey:\nF bla S A bul - rum\nA bul - rum\nF aeg - ion\nA con - bul\nA arm - sev\n";

/// `text` (a phase in any notation) as diplo writes orders in full: each line the power's name,
/// full province names and the DATC's words (`Austria: A Vienna - Galicia`, `France: A
/// Marseilles Supports A Paris - Burgundy`, `Russia: F St Petersburg(sc) - Gulf of Bothnia`),
/// as `diplo adjudicate` prints them.
pub fn written_in_full(map: &Map, text: &str) -> String {
    let (lines, errors) = parse_orders(map, text);
    assert!(errors.is_empty(), "the phase parses: {errors:?}");
    lines
        .iter()
        .map(|l| format!("{}\n", l.order.display(map).full().with_power(l.power)))
        .collect()
}

/// A phase ready to adjudicate: the position (every ordered unit where its order says) and the
/// orders with their powers.
pub struct Fixture {
    /// The position, every ordered unit on the board.
    pub position: Position,
    /// The orders, each with its power.
    pub orders: Vec<(PowerId, Order)>,
    /// The same orders in the `diplomacy` crate's notation (`ENG: F lon -> nth`).
    pub other_orders: Vec<String>,
    /// The units in the `diplomacy` crate's notation (`ENG: F lon`).
    pub other_units: Vec<String>,
}

/// Parses a phase in diplo's notation; the units are those the orders name, in Spring 1901
/// (`year`) of the standard map.
pub fn fixture(map: &Map, text: &str, year: u16) -> Fixture {
    let (lines, errors) = parse_orders(map, text);
    assert!(errors.is_empty(), "the fixture parses: {errors:?}");
    let orders: Vec<(PowerId, Order)> = lines
        .into_iter()
        .map(|l| (l.power.expect("every order has a power"), l.order))
        .collect();
    let mut position = Position::initial(map);
    position.phase = Phase {
        year,
        season: if year == 1901 {
            Season::SPRING
        } else {
            Season::FALL
        },
        kind: PhaseKind::Movement,
    };
    position.units = orders
        .iter()
        .map(|(power, order)| {
            let r = order.unit().expect("a unit order");
            Unit {
                power: *power,
                kind: r.kind.expect("the unit type is written"),
                location: located(&r.place),
            }
        })
        .collect();
    let other_units = other_units(map, &position);
    let other_orders = orders.iter().map(|(p, o)| other(map, *p, o)).collect();
    Fixture {
        position,
        orders,
        other_orders,
        other_units,
    }
}

/// The units of `position` in the `diplomacy` crate's notation (`ENG: F lon`).
fn other_units(map: &Map, position: &Position) -> Vec<String> {
    position
        .units
        .iter()
        .map(|u| {
            format!(
                "{}: {} {}",
                nation(map, u.power),
                u.kind.letter(),
                region(map, u.location)
            )
        })
        .collect()
}

fn located(place: &Place) -> Location {
    match place.coast {
        Some(diplo_orders::WrittenCoast::Known(c)) => Location::coast(place.province, c),
        _ => Location::province(place.province),
    }
}

/// `ENG`: the `diplomacy` crate's nation code.
fn nation(map: &Map, p: PowerId) -> String {
    map.power(p).name[..3].to_uppercase()
}

/// `stp(sc)`: the `diplomacy` crate's region notation.
fn region(map: &Map, l: Location) -> String {
    let p = map.province(l.province);
    match l.coast {
        Some(c) => format!("{}({})", p.name, p.coasts[c as usize].name),
        None => p.name.clone(),
    }
}

fn place(map: &Map, p: &Place) -> String {
    region(map, located(p))
}

/// One order in the `diplomacy` crate's notation.
fn other(map: &Map, power: PowerId, order: &Order) -> String {
    try_other(map, power, order).expect("a movement order with its unit types written")
}

/// One order in the `diplomacy` crate's notation, if it has one: a movement-phase order with
/// every unit type written.
fn try_other(map: &Map, power: PowerId, order: &Order) -> Option<String> {
    let kind = |r: &OtherUnit| {
        r.kind
            .map(|k| format!("{} {}", k.letter(), place(map, &r.place)))
    };
    let unit = order.unit()?;
    let head = format!(
        "{}: {} {}",
        nation(map, power),
        unit.kind?.letter(),
        place(map, &unit.place)
    );
    Some(match order {
        Order::Hold { .. } => format!("{head} holds"),
        Order::Move {
            to,
            via_convoy: false,
            path,
            ..
        } if path.is_empty() => format!("{head} -> {}", place(map, to)),
        Order::SupportHold { supported, .. } if supported.power.is_none() => {
            format!("{head} supports {}", kind(supported)?)
        }
        Order::SupportMove { supported, to, .. } if supported.power.is_none() => {
            format!("{head} supports {} -> {}", kind(supported)?, place(map, to))
        }
        Order::Convoy { army, to, .. } if army.power.is_none() => {
            format!("{head} convoys {} -> {}", kind(army)?, place(map, to))
        }
        _ => return None,
    })
}

/// The DATC's movement cases on the standard map (chapter 6, sections A to G: basic checks,
/// coasts, circular movement, supports and dislodges, head-to-head battles, convoys, convoys to
/// adjacent places) that the `diplomacy` crate's notation can state: every order names its
/// unit types, no order asks for a convoy or a convoy path, no support names a nationality, and
/// no coast is written that the province lacks. Each fixture's position is the case's.
/// Returns the fixtures and the ids of the cases left out.
pub fn datc_movement_fixtures(map: &Map) -> (Vec<(String, Fixture)>, Vec<String>) {
    let (mut fixtures, mut left_out) = (Vec::new(), Vec::new());
    for case in diplo_datc::all_cases() {
        let section = case.id.strip_prefix("6.").and_then(|r| r.chars().next());
        if case.map.is_some() || !matches!(section, Some('A'..='G')) {
            continue;
        }
        match datc_fixture(map, &case) {
            Some(f) => fixtures.push((case.id.clone(), f)),
            None => left_out.push(case.id.clone()),
        }
    }
    (fixtures, left_out)
}

/// Whether a place of `order` has a coast written that its province lacks (`spa/ec`).
fn writes_unknown_coast(order: &Order) -> bool {
    let places: Vec<&Place> = match order {
        Order::Move { unit, to, .. } | Order::Retreat { unit, to } => vec![&unit.place, to],
        Order::SupportHold { unit, supported } => vec![&unit.place, &supported.place],
        Order::SupportMove {
            unit,
            supported,
            to,
        } => vec![&unit.place, &supported.place, to],
        Order::Convoy { unit, army, to } => vec![&unit.place, &army.place, to],
        other => other.unit().map(|u| &u.place).into_iter().collect(),
    };
    places
        .iter()
        .any(|p| matches!(p.coast, Some(diplo_orders::WrittenCoast::Unknown(_))))
}

fn datc_fixture(map: &Map, case: &diplo_datc::Case) -> Option<Fixture> {
    let (position, orders) = diplo_datc::setup(map, case).ok()?;
    if position.phase.kind != PhaseKind::Movement {
        return None;
    }
    if orders.iter().any(|(_, o)| writes_unknown_coast(o)) {
        return None;
    }
    let other_orders = orders
        .iter()
        .map(|(p, o)| try_other(map, *p, o))
        .collect::<Option<Vec<_>>>()?;
    let other_units = other_units(map, &position);
    Some(Fixture {
        position,
        orders,
        other_orders,
        other_units,
    })
}

/// A generated position: its map, the position and the orders.
pub struct Generated {
    /// The generated map.
    pub map: Map,
    /// The position on it.
    pub position: Position,
    /// The orders, each with its power.
    pub orders: Vec<(PowerId, Order)>,
}

fn generated(map: Map, units: Vec<Unit>, orders: Vec<(PowerId, Order)>) -> Generated {
    let mut position = Position::empty(
        &map,
        Phase {
            year: 1901,
            season: Season::SPRING,
            kind: PhaseKind::Movement,
        },
    );
    position.units = units;
    Generated {
        map,
        position,
        orders,
    }
}

fn at(power: u8, kind: UnitKind, p: usize) -> Unit {
    Unit {
        power: PowerId(power),
        kind,
        location: Location::province(ProvinceId(p as u32)),
    }
}

fn unit_ref(kind: UnitKind, p: usize) -> UnitRef {
    UnitRef {
        kind: Some(kind),
        place: Place::new(ProvinceId(p as u32)),
    }
}

fn named(kind: UnitKind, p: usize) -> OtherUnit {
    OtherUnit {
        power: None,
        kind: Some(kind),
        place: Place::new(ProvinceId(p as u32)),
    }
}

fn mv(kind: UnitKind, from: usize, to: usize) -> Order {
    Order::Move {
        unit: unit_ref(kind, from),
        to: Place::new(ProvinceId(to as u32)),
        via_convoy: false,
        path: Vec::new(),
    }
}

fn convoy(fleet: usize, from: usize, to: usize) -> Order {
    Order::Convoy {
        unit: unit_ref(UnitKind::Fleet, fleet),
        army: named(UnitKind::Army, from),
        to: Place::new(ProvinceId(to as u32)),
    }
}

/// The shapes of generated positions.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// `n` armies in a line, each moving into the next province; the first moves into an empty
    /// one.
    Chain,
    /// `n` armies in a ring, each moving into the next province (circular movement).
    Ring,
    /// `n` armies in a line, each supporting the next to hold; a foreign army attacks the last.
    SupportedChain,
    /// Blocks of five armies: a supported attack dislodges a unit that has nowhere to go, and
    /// two armies bounce beside it (a contested province per block).
    DislodgeAndStandoff,
    /// `n` armies moving along a coast whose sea has no fleet (each move is checked for a
    /// convoy route).
    CoastalMoves,
    /// One army convoyed over a line of `n` fleets.
    ConvoyChain,
    /// One army convoyed across a square grid of `n` fleets (many routes).
    ConvoyGrid,
}

impl Shape {
    /// Every shape, in the order the benchmarks report them.
    pub const ALL: [Shape; 7] = [
        Shape::Chain,
        Shape::Ring,
        Shape::SupportedChain,
        Shape::DislodgeAndStandoff,
        Shape::CoastalMoves,
        Shape::ConvoyChain,
        Shape::ConvoyGrid,
    ];

    /// The shape's name in benchmark ids (`scaling/chain`).
    pub fn name(self) -> &'static str {
        match self {
            Shape::Chain => "chain",
            Shape::Ring => "ring",
            Shape::SupportedChain => "supported chain",
            Shape::DislodgeAndStandoff => "dislodge and standoff",
            Shape::CoastalMoves => "coastal moves",
            Shape::ConvoyChain => "convoy chain",
            Shape::ConvoyGrid => "convoy grid",
        }
    }

    /// A position of this shape with about `n` units.
    pub fn generate(self, n: usize) -> Generated {
        use UnitKind::{Army, Fleet};
        match self {
            Shape::Chain => generated(
                diplo_map::generate::line(n + 1, false),
                (0..n).map(|i| at(0, Army, i)).collect(),
                (0..n).map(|i| (PowerId(0), mv(Army, i, i + 1))).collect(),
            ),
            Shape::Ring => generated(
                diplo_map::generate::line(n, true),
                (0..n).map(|i| at(0, Army, i)).collect(),
                (0..n)
                    .map(|i| (PowerId(0), mv(Army, i, (i + 1) % n)))
                    .collect(),
            ),
            Shape::SupportedChain => {
                let mut units: Vec<Unit> = (0..n).map(|i| at(0, Army, i)).collect();
                units.push(at(1, Army, n));
                let mut orders: Vec<(PowerId, Order)> = (0..n - 1)
                    .map(|i| {
                        let support = Order::SupportHold {
                            unit: unit_ref(Army, i),
                            supported: named(Army, i + 1),
                        };
                        (PowerId(0), support)
                    })
                    .collect();
                orders.push((PowerId(1), mv(Army, n, n - 1)));
                generated(diplo_map::generate::line(n + 1, false), units, orders)
            }
            Shape::DislodgeAndStandoff => {
                let blocks = n.div_ceil(5);
                let mut units = Vec::new();
                let mut orders = Vec::new();
                for k in 0..blocks {
                    let b = 6 * k;
                    for (power, p) in [(0, b), (1, b + 1), (0, b + 2), (0, b + 3), (0, b + 5)] {
                        units.push(at(power, Army, p));
                    }
                    orders.push((PowerId(0), mv(Army, b, b + 1)));
                    let support = Order::SupportMove {
                        unit: unit_ref(Army, b + 2),
                        supported: named(Army, b),
                        to: Place::new(ProvinceId(b as u32 + 1)),
                    };
                    orders.push((PowerId(0), support));
                    orders.push((PowerId(0), mv(Army, b + 3, b + 4)));
                    orders.push((PowerId(0), mv(Army, b + 5, b + 4)));
                }
                generated(diplo_map::generate::line(6 * blocks, false), units, orders)
            }
            Shape::CoastalMoves => generated(
                diplo_map::generate::coast(n + 1),
                (0..n).map(|i| at(0, Army, i)).collect(),
                (0..n).map(|i| (PowerId(0), mv(Army, i, i + 1))).collect(),
            ),
            Shape::ConvoyChain => {
                let end = n + 1;
                let mut units = vec![at(0, Army, 0)];
                units.extend((1..=n).map(|p| at(0, Fleet, p)));
                let mut orders = vec![(PowerId(0), mv(Army, 0, end))];
                orders.extend((1..=n).map(|p| (PowerId(0), convoy(p, 0, end))));
                generated(diplo_map::generate::convoy_chain(n), units, orders)
            }
            Shape::ConvoyGrid => {
                let side = (n as f64).sqrt().ceil().max(1.0) as usize;
                let seas = side * side;
                let (west, east) = (seas, seas + 1);
                let mut units = vec![at(0, Army, west)];
                units.extend((0..seas).map(|p| at(0, Fleet, p)));
                let mut orders = vec![(PowerId(0), mv(Army, west, east))];
                orders.extend((0..seas).map(|p| (PowerId(0), convoy(p, west, east))));
                generated(diplo_map::generate::sea_grid(side, side), units, orders)
            }
        }
    }
}

/// The TOML text of `diplo_map::generate::line(n, false)`: to time the map loader.
pub fn line_toml(n: usize) -> String {
    let mut t = String::from(
        "name = \"line\"\nfirst_year = 1901\nfirst_season = \"spring\"\nvictory_centres = 1\n",
    );
    t.push_str("[[power]]\nname = \"Red\"\nadjective = \"Red\"\nabbreviation = \"RED\"\n");
    t.push_str("[[power]]\nname = \"Blue\"\nadjective = \"Blue\"\nabbreviation = \"BLU\"\n");
    for i in 0..n {
        let mut nb = Vec::new();
        if i > 0 {
            nb.push(format!("\"p{}\"", i - 1));
        }
        if i + 1 < n {
            nb.push(format!("\"p{}\"", i + 1));
        }
        t.push_str(&format!(
            "[[province]]\nname = \"p{i}\"\nfull_name = \"P{i}\"\nterrain = \"inland\"\narmy = [{}]\n",
            nb.join(", ")
        ));
    }
    t
}
