//! The variant maps shipped in `maps/`, played through `diplo_game::Game`: each loads by name,
//! plays its opening with real orders and then a whole game year (Spring, Fall, retreats when
//! a unit is dislodged, Winter adjustments), and has each of its special rules exercised on its
//! own board.
//!
//! A module per map; the helpers here.

mod ancmed;
mod chaos;
mod coldwar;
mod colonial;
mod empiresandcoalitions;
mod era_of_empire;
mod france_austria;
mod hundred;
mod known_world_901;
mod loeb9;
mod modern;
mod northseawars;
mod pure;
mod westernworld901;
mod world;
mod y1898;
mod y1900;
mod youngstown;
mod youngstownredux;

use diplo_engine::{OrderResult, Position};
use diplo_game::{Game, MapSource, PhaseOutcome};
use diplo_map::Map;
use diplo_orders::Order;
use diplo_rules::Ruleset;
use rstest::rstest;

pub(super) fn game(name: &str) -> Game {
    game_with(name, &[])
}

/// A new game on an embedded map, with `issue=choice` overrides of the DATC ruleset.
pub(super) fn game_with(name: &str, sets: &[&str]) -> Game {
    let map = Map::embedded(name)
        .unwrap_or_else(|| panic!("no embedded map `{name}`"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rules = Ruleset::datc();
    for s in sets {
        rules.apply_override(s).unwrap();
    }
    Game::new(
        map,
        MapSource::Embedded(name.into()),
        rules,
        sets.iter().map(|s| s.to_string()).collect(),
    )
}

/// Submits `text` (one order a line) for `power`; panics when refused.
pub(super) fn orders(g: &mut Game, power: &str, text: &str) {
    let p = g
        .map
        .power_by_name(power)
        .unwrap_or_else(|| panic!("no power {power}"));
    if let Err(e) = g.submit(p, text, "orders.txt", Default::default()) {
        panic!("{power}'s orders refused: {e}");
    }
}

/// Replaces the position (a test board: `phase`, `[units]`, `[centres]`).
pub(super) fn board(g: &mut Game, toml: &str) {
    g.position =
        Position::from_toml_str(&g.map, toml, "board.toml").unwrap_or_else(|e| panic!("{e}"));
}

/// Adjudicates the phase; panics when refused.
pub(super) fn play(g: &mut Game) -> PhaseOutcome {
    g.adjudicate(&[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The order a result is for.
pub(super) fn order_of<'a>(out: &'a PhaseOutcome, r: &OrderResult) -> &'a Order {
    &out.gathered.orders[r.index].1
}

/// The reason of a result in words.
pub(super) fn reason(g: &Game, out: &PhaseOutcome, r: &OrderResult) -> String {
    r.reason_text(&g.map, order_of(out, r))
}

/// The result words of the order shown as `order` (short form: `A sag - sad`).
pub(super) fn result(g: &Game, out: &PhaseOutcome, order: &str) -> String {
    let shown: Vec<(String, String)> = out
        .adjudication
        .results
        .iter()
        .map(|r| (order_of(out, r).display(&g.map).to_string(), r.words()))
        .collect();
    shown
        .iter()
        .find(|(o, _)| o.eq_ignore_ascii_case(order))
        .map(|(_, w)| w.clone())
        .unwrap_or_else(|| panic!("no result for `{order}` in {shown:?}"))
}

/// Asserts each `(order, words)` of a phase's results.
pub(super) fn expect(g: &Game, out: &PhaseOutcome, want: &[(&str, &str)]) {
    for (order, words) in want {
        let got = result(g, out, order);
        assert_eq!(
            &got,
            words,
            "`{order}` {}: {:?}",
            out.phase.name(&g.map),
            out.adjudication
                .results
                .iter()
                .map(|r| format!(
                    "{} {} ({})",
                    order_of(out, r).display(&g.map),
                    r.words(),
                    reason(g, out, r)
                ))
                .collect::<Vec<_>>()
        );
    }
}

pub(super) fn phase(g: &Game) -> String {
    g.position.phase.name(&g.map).to_string()
}

/// The owner of a supply centre, by power name.
pub(super) fn owner(g: &Game, province: &str) -> Option<String> {
    let p = g.map.province_by_name(province).unwrap();
    g.position.owners[p.index()].map(|o| g.map.power(o).name.clone())
}

pub(super) fn units(g: &Game, power: &str) -> usize {
    g.position.unit_count(g.map.power_by_name(power).unwrap())
}

pub(super) fn centres(g: &Game, power: &str) -> usize {
    g.position.centre_count(g.map.power_by_name(power).unwrap())
}

/// The unit in a province, short form (`F bal`), if any.
pub(super) fn unit_at(g: &Game, province: &str) -> Option<String> {
    let p = g.map.province_by_name(province).unwrap();
    g.position.unit_in(p).map(|u| u.short(&g.map))
}

#[rstest]
#[case::ancmed("ancmed", 79, 34, 5, 15)]
#[case::y1900("1900", 90, 39, 7, 25)]
#[case::modern("modern", 141, 64, 10, 38)]
#[case::pure("pure", 7, 7, 7, 7)]
#[case::hundred("hundred", 41, 17, 3, 14)]
#[case::youngstown("youngstown", 180, 72, 10, 39)]
#[case::known_world_901("known_world_901", 269, 109, 16, 109)]
#[case::world("world", 192, 86, 17, 51)]
#[case::france_austria("france_austria", 75, 34, 2, 6)]
#[case::era_of_empire("era_of_empire", 119, 58, 7, 29)]
#[case::coldwar("coldwar", 90, 27, 2, 12)]
#[case::northseawars("northseawars", 31, 15, 4, 8)]
#[case::youngstownredux("youngstownredux", 183, 81, 10, 44)]
#[case::twentytwenty("twentytwenty", 215, 98, 20, 63)]
#[case::loeb9("loeb9", 86, 38, 9, 28)]
#[case::colonial("colonial", 119, 58, 7, 29)]
#[case::chaos("chaos", 75, 34, 34, 34)]
#[case::y1898("1898", 75, 34, 7, 7)]
#[case::westernworld901("westernworld901", 157, 64, 10, 64)]
#[case::empiresandcoalitions("empiresandcoalitions", 96, 44, 9, 26)]
fn loads_by_name(
    #[case] name: &str,
    #[case] provinces: usize,
    #[case] supply_centres: usize,
    #[case] powers: usize,
    #[case] starting_units: usize,
) {
    let map = Map::embedded(name)
        .expect("embedded")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(map.name, name);
    let passable = map
        .provinces()
        .iter()
        .filter(|p| p.terrain != diplo_map::Terrain::Impassable)
        .count();
    assert_eq!(passable, provinces, "provinces other than impassable ones");
    assert_eq!(map.supply_centre_count(), supply_centres);
    assert_eq!(map.power_ids().count(), powers);
    let g = game(name);
    assert_eq!(g.position.units.len(), starting_units);
}
