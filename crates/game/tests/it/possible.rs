//! `possible_orders`: every order it lists is one the engine takes as legal, on the opening, a
//! convoy position, a retreat phase and a winter; and the orders a player would expect are there.

use diplo_engine::Position;
use diplo_game::possible::{
    is_legal, orderable_locations, possible, possible_orders, possible_with, PossibleAt,
    PossibleCache, PossibleOrder,
};
use diplo_game::{Game, MapSource};
use diplo_map::Map;
use diplo_orders::parse_order;
use diplo_rules::Ruleset;
use std::collections::BTreeMap;

fn all_legal(map: &Map, rules: &Ruleset, pos: &Position, got: &BTreeMap<String, PossibleAt>) {
    for (loc, at) in got {
        for o in &at.orders {
            assert!(
                is_legal(map, rules, pos, at.power, o),
                "{loc}: `{o}` is not legal"
            );
        }
    }
}

fn orders_at<'a>(got: &'a BTreeMap<String, PossibleAt>, loc: &str) -> &'a [String] {
    &got.get(loc)
        .unwrap_or_else(|| panic!("no orders at {loc}: {:?}", got.keys()))
        .orders
}

fn position(map: &Map, text: &str) -> Position {
    Position::from_toml_str(map, text, "pos.toml").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_opening_lists_every_unit_with_its_moves_and_supports() {
    let (map, rules) = (Map::standard(), Ruleset::datc());
    let pos = Position::initial(&map);
    let got = possible_orders(&map, &rules, &pos);
    assert_eq!(got.len(), 22);
    all_legal(&map, &rules, &pos, &got);
    let par = orders_at(&got, "PAR");
    for o in [
        "A PAR H",
        "A PAR - BUR",
        "A PAR - PIC",
        "A PAR S A MAR - BUR",
        "A PAR S F BRE",
    ] {
        assert!(par.iter().any(|x| x == o), "{o} missing from {par:?}");
    }
    assert!(!par.iter().any(|x| x == "A PAR - MUN"), "{par:?}");
    let stp = orders_at(&got, "STP");
    assert!(stp.iter().any(|x| x == "F STP/SC - BOT"), "{stp:?}");
    assert!(!stp.iter().any(|x| x == "F STP/SC - BAR"), "{stp:?}");
    assert!(orders_at(&got, "MAR").iter().any(|x| x == "A MAR - SPA"));
    let lon = orders_at(&got, "LON");
    assert!(lon.iter().any(|x| x == "F LON S F EDI - NTH"), "{lon:?}");
    assert!(lon.iter().any(|x| x == "F LON S A LVP - WAL"), "{lon:?}");
}

#[test]
fn convoys_go_through_the_fleets_on_the_board() {
    let (map, rules) = (Map::standard(), Ruleset::datc());
    let pos = position(
        &map,
        "phase = \"Spring 1901 Movement\"\n[units]\nEngland = [\"A lon\", \"F nth\", \"F nwg\"]\nFrance = [\"A bre\"]\n",
    );
    let got = possible_orders(&map, &rules, &pos);
    all_legal(&map, &rules, &pos, &got);
    let lon = orders_at(&got, "LON");
    for o in [
        "A LON - NWY VIA",
        "A LON - BEL VIA",
        "A LON - EDI VIA",
        "A LON - CLY VIA",
    ] {
        assert!(lon.iter().any(|x| x == o), "{o} missing from {lon:?}");
    }
    let nwg = orders_at(&got, "NWG");
    assert!(nwg.iter().any(|x| x == "F NWG C A LON - CLY"), "{nwg:?}");
    assert!(nwg.iter().any(|x| x == "F NWG S A LON - NWY"), "{nwg:?}");
    let bre = orders_at(&got, "BRE");
    assert!(
        !bre.iter().any(|x| x.contains("VIA")),
        "no fleet in the Channel: {bre:?}"
    );
}

#[test]
fn retreats_and_winters() {
    let (map, rules) = (Map::standard(), Ruleset::datc());
    let retreat = position(
        &map,
        "phase = \"Spring 1901 Retreat\"\n[units]\nGermany = [\"A bur\"]\nFrance = [\"A par\"]\n[[dislodged]]\npower = \"France\"\nunit = \"A bur\"\nattacker_from = \"mun\"\n",
    );
    let got = possible_orders(&map, &rules, &retreat);
    all_legal(&map, &rules, &retreat, &got);
    assert_eq!(
        orders_at(&got, "BUR"),
        [
            "A BUR R BEL",
            "A BUR R GAS",
            "A BUR R MAR",
            "A BUR R PIC",
            "A BUR R RUH",
            "A BUR D"
        ]
    );
    assert_eq!(got.len(), 1, "only the dislodged unit orders");
    let winter = position(
        &map,
        "phase = \"Winter 1901 Adjustment\"\n[units]\nFrance = [\"A bur\"]\nRussia = [\"A mos\", \"A war\", \"F sev\"]\n[centres]\nFrance = [\"par\", \"mar\", \"bre\"]\nRussia = [\"mos\"]\n",
    );
    let got = possible_orders(&map, &rules, &winter);
    all_legal(&map, &rules, &winter, &got);
    assert_eq!(orders_at(&got, "PAR"), ["A PAR B", "WAIVE"]);
    assert_eq!(orders_at(&got, "BRE"), ["A BRE B", "F BRE B", "WAIVE"]);
    assert_eq!(orders_at(&got, "SEV"), ["F SEV D"]);
    assert!(
        !got.contains_key("BUR"),
        "France builds; it removes nothing"
    );
}

/// Three years of a game where every power picks among its possible orders (a fixed
/// pseudo-random choice): every order listed in every phase is legal, and the picked ones are
/// accepted by the game.
#[test]
fn every_listed_order_is_legal_through_three_years_of_play() {
    let mut g = Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        Ruleset::datc(),
        Vec::new(),
    );
    let mut rng = crate::Rng::new(12345);
    let mut next = |n: usize| rng.below(n);
    let mut phases = 0;
    while g.position.phase.year < 1904 {
        let got = possible_orders(&g.map, &g.rules, &g.position);
        all_legal(&g.map, &g.rules, &g.position, &got);
        let orderable = orderable_locations(&g.map, &g.rules, &g.position);
        let listed: BTreeMap<String, diplo_map::PowerId> =
            got.iter().map(|(k, v)| (k.clone(), v.power)).collect();
        assert_eq!(orderable, listed, "{}", g.position.phase.name(&g.map));
        let mut by_power: BTreeMap<diplo_map::PowerId, Vec<String>> = BTreeMap::new();
        for at in got.values() {
            let pick = at.orders[next(at.orders.len())].clone();
            by_power.entry(at.power).or_default().push(pick);
        }
        for (power, orders) in by_power {
            g.submit(power, &orders.join("\n"), "bot", Default::default())
                .unwrap_or_else(|e| panic!("{e}"));
        }
        g.adjudicate(&[]).unwrap_or_else(|e| panic!("{e}"));
        phases += 1;
    }
    assert!(phases >= 6, "{phases} phases");
}

/// A cache kept over the game, each phase's lists handed back to it for reuse, lists the same
/// orders as a fresh computation, phase after phase; and so does the same position with its
/// units listed the other way round (equal positions, equal lists, in the same order).
#[test]
fn a_kept_cache_with_recycled_lists_lists_what_a_fresh_one_does() {
    let mut g = Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        Ruleset::datc(),
        Vec::new(),
    );
    let mut cache = PossibleCache::default();
    let mut rng = crate::Rng::new(777);
    let mut phases = 0;
    while g.position.phase.year < 1905 {
        let kept = possible_with(&mut cache, &g.map, &g.rules, &g.position);
        assert_eq!(kept, possible(&g.map, &g.rules, &g.position));
        let mut reversed = g.position.clone();
        reversed.units.reverse();
        reversed.dislodged.reverse();
        assert_eq!(kept, possible(&g.map, &g.rules, &reversed));
        let mut by_power: BTreeMap<diplo_map::PowerId, Vec<String>> = BTreeMap::new();
        for at in &kept {
            let pick = at.orders[rng.below(at.orders.len())].text(&g.map);
            by_power.entry(at.power).or_default().push(pick);
        }
        cache.recycle(kept);
        for (power, orders) in by_power {
            g.submit(power, &orders.join("\n"), "bot", Default::default())
                .unwrap_or_else(|e| panic!("{e}"));
        }
        g.adjudicate(&[]).unwrap_or_else(|e| panic!("{e}"));
        phases += 1;
    }
    assert!(phases >= 8, "{phases} phases");
}

/// Three years of play on the standard map and on a map with convoys everywhere: every
/// possible order, as data, is the order the parser reads from its text; and a set submitted
/// as parsed orders is stored as the same set submitted as text.
#[test]
fn possible_orders_as_data_are_what_their_text_parses_to() {
    for name in ["standard", "ancmed", "1900"] {
        let map = Map::embedded(name).map(|m| m.unwrap()).unwrap();
        let mut g = Game::new(
            map,
            MapSource::Embedded(name.into()),
            Ruleset::datc(),
            Vec::new(),
        );
        let mut rng = crate::Rng::new(777);
        let mut next = |n: usize| rng.below(n);
        let first = g.position.phase.year;
        while g.position.phase.year < first + 3 && g.ended.is_none() {
            let all = possible(&g.map, &g.rules, &g.position);
            let mut by_power: BTreeMap<diplo_map::PowerId, Vec<PossibleOrder>> = BTreeMap::new();
            for at in &all {
                for o in &at.orders {
                    let text = o.text(&g.map);
                    let parsed = parse_order(&g.map, &text).map(|(_, o)| o);
                    assert_eq!(parsed.ok(), Some(o.to_order()), "`{text}`");
                }
                let pick = at.orders[next(at.orders.len())];
                by_power.entry(at.power).or_default().push(pick);
            }
            for (power, picks) in by_power {
                let texts: Vec<String> = picks.iter().map(|o| o.text(&g.map)).collect();
                let orders = picks.iter().map(PossibleOrder::to_order).collect();
                let mut by_data = g.clone();
                by_data
                    .submit_orders(power, orders, "bot", Default::default())
                    .unwrap_or_else(|e| panic!("{e}"));
                g.submit(power, &texts.join("\n"), "bot", Default::default())
                    .unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(by_data.order_sets, g.order_sets);
            }
            g.adjudicate(&[]).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn parsed_orders_are_checked_as_text_is() {
    let mut g = Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        Ruleset::datc(),
        Vec::new(),
    );
    let france = g.map.power_by_name("France").unwrap();
    let (_, foreign) = parse_order(&g.map, "A MOS H").unwrap();
    let (_, ok) = parse_order(&g.map, "A PAR H").unwrap();
    let e = g
        .submit_orders(france, vec![ok, foreign], "bot", Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("bot:2: `A mos H`") && e.contains("Russia"),
        "{e}"
    );
    assert!(g.order_sets.is_empty());
}

#[test]
fn a_neutral_power_orders_nothing() {
    let map = Map::embedded("known_world_901")
        .map(|m| m.unwrap())
        .unwrap();
    let rules = Ruleset::datc();
    let pos = Position::initial(&map);
    let neutral = map.power_by_name("Neutral").unwrap();
    assert!(pos.units.iter().any(|u| u.power == neutral));
    let got = possible_orders(&map, &rules, &pos);
    assert!(got.values().all(|at| at.power != neutral));
    let orderable = orderable_locations(&map, &rules, &pos);
    assert!(orderable.values().all(|&p| p != neutral));
    assert_eq!(orderable.len(), got.len());
}

#[test]
fn locations_come_in_the_order_of_their_upper_case_names_on_every_map() {
    let rules = Ruleset::datc();
    for (name, _) in diplo_map::EMBEDDED_MAPS {
        let map = Map::embedded(name).unwrap().unwrap();
        let pos = Position::initial(&map);
        let got: Vec<String> = possible(&map, &rules, &pos)
            .iter()
            .map(|p| map.province(p.province).name.to_uppercase())
            .collect();
        let mut sorted = got.clone();
        sorted.sort();
        assert_eq!(got, sorted, "{name}");
    }
}

/// A random crowded position on the standard map: each province empty, an English or French
/// army, or (at sea or on a coast of one coast) a fleet; `seas` in 8 seas full.
fn crowded(map: &Map, seas: usize, next: &mut impl FnMut(usize) -> usize) -> Position {
    use diplo_map::Terrain;
    let mut units: [Vec<String>; 2] = Default::default();
    for p in map.provinces() {
        let kind = match p.terrain {
            Terrain::Sea if next(8) < seas => "F",
            Terrain::Coast if p.coasts.is_empty() && next(3) == 0 => "F",
            Terrain::Inland | Terrain::Coast if next(2) == 0 => "A",
            _ => continue,
        };
        units[next(2)].push(format!("\"{kind} {}\"", p.name));
    }
    let text = format!(
        "phase = \"Spring 1901 Movement\"\n[units]\nEngland = [{}]\nFrance = [{}]\n",
        units[0].join(", "),
        units[1].join(", ")
    );
    position(map, &text)
}

/// The convoys listed (some decided without the engine, on a route of one or two fleets) are
/// exactly the convoy orders of every fleet, army and coastal province the engine takes as
/// legal, on random crowded positions, under every shipped ruleset.
#[test]
fn the_convoys_listed_are_the_legal_convoys() {
    for (name, _) in diplo_rules::EMBEDDED_RULESETS {
        let rules = Ruleset::load(name).expect("a shipped ruleset");
        convoys_listed_are_legal(&rules);
    }
}

fn convoys_listed_are_legal(rules: &Ruleset) {
    use diplo_map::{Terrain, UnitKind};
    let map = Map::standard();
    let mut rng = crate::Rng::new(4242);
    let mut next = |n: usize| rng.below(n);
    let coasts: Vec<&str> = map
        .provinces()
        .iter()
        .filter(|p| p.terrain == Terrain::Coast)
        .map(|p| p.name.as_str())
        .collect();
    let mut convoys = 0;
    for round in 0..16 {
        // From a few fleets at sea to many.
        let pos = crowded(&map, 2 + round % 5, &mut next);
        let got = possible_orders(&map, rules, &pos);
        let listed: Vec<&String> = got
            .values()
            .flat_map(|at| &at.orders)
            .filter(|o| o.contains(" C "))
            .collect();
        let name = |u: &diplo_engine::Unit| map.location_name(u.location).to_uppercase();
        let mut legal = Vec::new();
        for f in pos.units.iter().filter(|u| u.kind == UnitKind::Fleet) {
            let armies = pos.units.iter().filter(|u| u.kind == UnitKind::Army);
            for a in armies.filter(|a| map.province(a.location.province).terrain == Terrain::Coast)
            {
                for d in &coasts {
                    let text = format!("F {} C A {} - {}", name(f), name(a), d.to_uppercase());
                    if is_legal(&map, rules, &pos, f.power, &text) {
                        legal.push(text);
                    }
                }
            }
        }
        let mut listed: Vec<String> = listed.into_iter().cloned().collect();
        listed.sort();
        legal.sort();
        assert_eq!(listed, legal, "ruleset {}", rules.name);
        convoys += legal.len();
    }
    assert!(convoys > 100, "{convoys} convoys");
}

/// On a map with convoyable coasts, a fleet standing in the army's destination is on no route
/// there: no convoy through a fleet beyond it is listed (the engine refuses it).
#[test]
fn a_fleet_in_the_destination_is_no_first_fleet_of_a_route_there() {
    let map = Map::embedded("standard-convoyable-coasts")
        .expect("a shipped map")
        .expect("it loads");
    let rules = Ruleset::datc();
    let pos = position(
        &map,
        "phase = \"Fall 1901 Movement\"\n[units]\nGermany = [\"A Berlin\", \"F Denmark\"]\nEngland = [\"F North Sea\"]\n",
    );
    let got = possible_orders(&map, &rules, &pos);
    let nth = orders_at(&got, "NTH");
    for o in nth.iter().filter(|o| o.contains(" C ")) {
        assert!(is_legal(&map, &rules, &pos, got["NTH"].power, o), "{o}");
    }
    assert!(!nth.iter().any(|o| o == "F NTH C A BER - DEN"), "{nth:?}");
    assert!(nth.iter().any(|o| o == "F NTH C A BER - EDI"), "{nth:?}");
}
