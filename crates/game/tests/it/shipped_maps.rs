//! The variant maps shipped in `maps/`, played through `diplo_game::Game`: each loads by name,
//! plays its opening with real orders and then a whole game year (Spring, Fall, retreats when
//! a unit is dislodged, Winter adjustments), and has each of its special rules exercised on its
//! own board.

use diplo_engine::{OrderResult, Phase, Position};
use diplo_game::{Game, MapSource, PhaseOutcome};
use diplo_map::Map;
use diplo_orders::Order;
use diplo_rules::Ruleset;
use rstest::rstest;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn game(name: &str) -> Game {
    game_with(name, &[])
}

/// A new game on an embedded map, with `issue=choice` overrides of the DATC ruleset.
fn game_with(name: &str, sets: &[&str]) -> Game {
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
fn orders(g: &mut Game, power: &str, text: &str) {
    let p = g
        .map
        .power_by_name(power)
        .unwrap_or_else(|| panic!("no power {power}"));
    if let Err(e) = g.submit(p, text, "orders.txt", Default::default()) {
        panic!("{power}'s orders refused: {e}");
    }
}

/// Replaces the position (a test board: `phase`, `[units]`, `[centres]`).
fn board(g: &mut Game, toml: &str) {
    g.position =
        Position::from_toml_str(&g.map, toml, "board.toml").unwrap_or_else(|e| panic!("{e}"));
}

/// Adjudicates the phase; panics when refused.
fn play(g: &mut Game) -> PhaseOutcome {
    g.adjudicate(&[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The order a result is for.
fn order_of<'a>(out: &'a PhaseOutcome, r: &OrderResult) -> &'a Order {
    &out.gathered.orders[r.index].1
}

/// The reason of a result in words.
fn reason(g: &Game, out: &PhaseOutcome, r: &OrderResult) -> String {
    r.reason_text(&g.map, order_of(out, r))
}

/// The result words of the order shown as `order` (short form: `A sag - sad`).
fn result(g: &Game, out: &PhaseOutcome, order: &str) -> String {
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
fn expect(g: &Game, out: &PhaseOutcome, want: &[(&str, &str)]) {
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

fn phase(g: &Game) -> String {
    g.position.phase.name(&g.map).to_string()
}

/// The owner of a supply centre, by power name.
fn owner(g: &Game, province: &str) -> Option<String> {
    let p = g.map.province_by_name(province).unwrap();
    g.position.owners[p.index()].map(|o| g.map.power(o).name.clone())
}

fn units(g: &Game, power: &str) -> usize {
    g.position.unit_count(g.map.power_by_name(power).unwrap())
}

fn centres(g: &Game, power: &str) -> usize {
    g.position.centre_count(g.map.power_by_name(power).unwrap())
}

/// The unit in a province, short form (`F bal`), if any.
fn unit_at(g: &Game, province: &str) -> Option<String> {
    let p = g.map.province_by_name(province).unwrap();
    g.position.unit_in(p).map(|u| u.short(&g.map))
}

// ---------------------------------------------------------------------------------------------
// Every shipped map loads by name
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Ancient Mediterranean
// ---------------------------------------------------------------------------------------------

#[test]
fn ancmed_opening_and_first_year() {
    let mut g = game("ancmed");
    assert_eq!(phase(&g), "Spring 1 Movement");
    orders(&mut g, "Rome", "F nea - ion\nA rom - etr\nA rav - ven");
    orders(&mut g, "Greece", "F spa - ion\nA mac - byz\nA ath H");
    orders(&mut g, "Carthage", "F tha - got\nA car - mau\nA cir - num");
    orders(&mut g, "Egypt", "F ale - egy\nA mem - cyr\nA thb - sii");
    // Persia sends nothing: its units hold.
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F nea - ion", "fails"),
            ("F spa - ion", "fails"),
            ("A rom - etr", "succeeds"),
            ("A mac - byz", "succeeds"),
            ("A car - mau", "succeeds"),
            ("A mem - cyr", "succeeds"),
            ("A thb - sin", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1 Movement");

    orders(&mut g, "Rome", "F nea - sic\nA etr - mas\nA ven - dal");
    orders(&mut g, "Carthage", "F got - lep\nA mau - sag\nA num H");
    orders(&mut g, "Egypt", "F egy - cyp\nA cyr H\nA sin - jer");
    orders(&mut g, "Persia", "F sid - tye\nA ant - cap");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F nea - sic", "succeeds"),
            ("A etr - mas", "succeeds"),
            ("A mau - sag", "succeeds"),
            ("A sin - jer", "succeeds"),
            ("F sid - tye", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1 Adjustment");
    for (centre, power) in [
        ("sic", "Rome"),
        ("mas", "Rome"),
        ("dal", "Rome"),
        ("byz", "Greece"),
        ("sag", "Carthage"),
        ("num", "Carthage"),
        ("lep", "Carthage"),
        ("cyr", "Egypt"),
        ("cyp", "Egypt"),
        ("jer", "Egypt"),
        ("tye", "Persia"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    assert_eq!(centres(&g, "Rome"), 6);
    orders(&mut g, "Rome", "Build F nea\nBuild A rom\nBuild A rav");
    orders(&mut g, "Greece", "Build A mac");
    orders(&mut g, "Egypt", "Build F ale\nBuild A mem\nBuild A thb");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B F nea", "succeeds"), ("B A mac", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 2 Movement");
    assert_eq!(units(&g, "Rome"), 6);
    assert_eq!(units(&g, "Greece"), 4);
    assert_eq!(units(&g, "Egypt"), 6);
}

#[test]
fn ancmed_baleares_is_a_convoyable_coast_armies_reach_only_by_convoy() {
    let mut g = game("ancmed");
    board(
        &mut g,
        r#"
phase = "Spring 1 Movement"
[units]
Rome = ["A sag", "F bal", "F lig"]
Carthage = ["A tar", "F ber"]
"#,
    );
    // The fleet in Baleares convoys (a sea space for convoys). An army cannot walk into it: its
    // move there can only be a convoy, and nobody convoys it.
    orders(
        &mut g,
        "Rome",
        "A sag - sad via convoy\nF bal C A sag - sad\nF lig C A sag - sad",
    );
    orders(&mut g, "Carthage", "A tar - bal\nF ber H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A sag - sad via convoy", "succeeds"),
            ("F bal C A sag - sad", "available"),
            ("A tar - bal", "invalid"),
        ],
    );
    assert_eq!(unit_at(&g, "sad").as_deref(), Some("A sad"));

    // By convoy an army lands in Baleares, and leaves it again the same way.
    let mut g = game("ancmed");
    board(
        &mut g,
        r#"
phase = "Spring 1 Movement"
[units]
Carthage = ["A sag", "F ber"]
"#,
    );
    orders(&mut g, "Carthage", "A sag - bal\nF ber C A sag - bal");
    let out = play(&mut g);
    expect(&g, &out, &[("A sag - bal", "succeeds")]);
    orders(&mut g, "Carthage", "A bal - car\nF ber C A bal - car");
    let out = play(&mut g);
    expect(&g, &out, &[("A bal - car", "succeeds")]);
}

#[test]
fn ancmed_names_from_both_sources_are_understood() {
    let mut g = game("ancmed");
    orders(&mut g, "Egypt", "A Thebes - Sinai\nF Alexandria - Reed Sea");
    orders(&mut g, "Carthage", "A Carthage - Mauretania");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A thb - sin", "succeeds"), ("A car - mau", "succeeds")],
    );
    // The Nile: Alexandria is no neighbour of the Reed Sea (MILA and the rules agree).
    expect(&g, &out, &[("F ale - ree", "illegal")]);
}

// ---------------------------------------------------------------------------------------------
// 1900
// ---------------------------------------------------------------------------------------------

#[test]
fn y1900_opening_and_first_year_with_a_retreat() {
    let mut g = game("1900");
    assert_eq!(phase(&g), "Spring 1900 Movement");
    orders(&mut g, "Austria", "A bud - ser\nA vie - boh\nA tri - bos");
    orders(
        &mut g,
        "Britain",
        "F lon - nth\nF edi - nws\nF gib - wes\nF egy - eas",
    );
    orders(
        &mut g,
        "France",
        "F bre - mid\nA par - bur\nA mar - spa\nA alg - mor",
    );
    orders(
        &mut g,
        "Germany",
        "A col - net\nF kie - den\nA mun - swi\nA ber - pru",
    );
    orders(&mut g, "Italy", "A mil - swi\nF nap - ion\nA rom - pie");
    orders(
        &mut g,
        "Russia",
        "A mos - ukr\nF sev - rum\nF stp/sc - gbo\nA war - gal",
    );
    orders(&mut g, "Turkey", "F ank - bla\nA con - bul\nA dam - pal");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A mun - swi", "fails"),
            ("A mil - swi", "fails"),
            ("A vie - boh", "succeeds"),
            ("A war - gal", "succeeds"),
            ("A alg - mor", "succeeds"),
            ("F stp/sc - gbo", "succeeds"),
            ("A col - net", "succeeds"),
            ("A tri - bos", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1900 Movement");

    // Austria, with Turkish support, dislodges the Russian fleet in Rumania; Italy holds.
    orders(&mut g, "Austria", "A ser - rum\nA boh H\nA bos H");
    orders(&mut g, "Turkey", "A bul S A ser - rum\nF bla H\nA pal H");
    orders(&mut g, "Russia", "F rum H\nF gbo - swe\nA gal H\nA ukr H");
    orders(&mut g, "Britain", "F nth - nwy\nF wes H\nF eas H\nF nws H");
    orders(
        &mut g,
        "France",
        "F mid - por\nA spa H\nA mor H\nA bur - bel",
    );
    orders(&mut g, "Germany", "A net H\nF den H\nA mun - swi\nA pru H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A ser - rum", "succeeds"),
            ("F rum H", "dislodged"),
            ("A mun - swi", "succeeds"),
            ("F nth - nwy", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1900 Retreat");
    orders(&mut g, "Russia", "F rum - sev");
    let out = play(&mut g);
    expect(&g, &out, &[("F rum - sev", "succeeds")]);
    assert_eq!(phase(&g), "Winter 1900 Adjustment");
    for (centre, power) in [
        ("rum", "Austria"),
        ("bul", "Turkey"),
        ("nwy", "Britain"),
        ("swi", "Germany"),
        ("net", "Germany"),
        ("mor", "France"),
        ("swe", "Russia"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    // The Steamroller: five real centres and the dummy.
    assert_eq!(centres(&g, "Russia"), 6);
    orders(&mut g, "Austria", "Build A bud");
    orders(&mut g, "Britain", "Build F lon");
    orders(&mut g, "France", "Build F bre\nBuild A mar\nBuild A par");
    orders(&mut g, "Germany", "Build A ber\nBuild A mun\nBuild F kie");
    orders(&mut g, "Russia", "Build A mos\nBuild F stp/nc");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B A bud", "succeeds"),
            ("B F stp/nc", "succeeds"),
            ("B A par", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1901 Movement");
    assert_eq!(
        units(&g, "Russia"),
        6,
        "one unit more than its five real centres"
    );
    assert_eq!(units(&g, "France"), 7);
    assert_eq!(units(&g, "Turkey"), 3, "Turkey waived its build");
}

#[test]
fn y1900_gibraltar_convoys_and_borders_morocco() {
    let mut g = game("1900");
    board(
        &mut g,
        r#"
phase = "Spring 1900 Movement"
[units]
France = ["A mor", "F gib"]
Britain = ["A cly", "F nat"]
"#,
    );
    orders(
        &mut g,
        "France",
        "A mor - spa via convoy\nF gib C A mor - spa",
    );
    // Clyde-Ireland is an army edge, whatever the fleet in the North Atlantic does.
    orders(&mut g, "Britain", "A cly - ire\nF nat H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A mor - spa via convoy", "succeeds"),
            ("F gib C A mor - spa", "available"),
            ("A cly - ire", "succeeds"),
        ],
    );
    orders(&mut g, "France", "F gib - wes");
    orders(&mut g, "Britain", "A ire - cly");
    play(&mut g);
    // Gibraltar-Morocco is an army edge too.
    let mut g = game("1900");
    board(
        &mut g,
        "phase = \"Spring 1900 Movement\"\n[units]\nFrance = [\"A gib\"]\n",
    );
    orders(&mut g, "France", "A gib - mor");
    let out = play(&mut g);
    expect(&g, &out, &[("A gib - mor", "succeeds")]);
}

/// A 1900 game on a test board (`[units]` lines, Spring 1900 movement) under `sets`.
fn y1900(sets: &[&str], units: &str) -> Game {
    let mut g = game_with("1900", sets);
    board(
        &mut g,
        &format!("phase = \"Spring 1900 Movement\"\n[units]\n{units}\n"),
    );
    g
}

#[test]
fn y1900_suez_a_fleet_around_africa_moves_at_half_strength() {
    // Unsupported (1/2), the fleet from Egypt loses to the one from Brest (1).
    let mut g = y1900(&[], "Britain = [\"F egy\"]\nFrance = [\"F bre\"]");
    orders(&mut g, "Britain", "F egy - mid");
    orders(&mut g, "France", "F bre - mid");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F egy - mid", "fails"), ("F bre - mid", "succeeds")],
    );

    // Alone, it gets there; and Egypt-Hejaz is an ordinary fleet edge.
    let mut g = y1900(&[], "Britain = [\"F egy\", \"F hej\"]");
    orders(&mut g, "Britain", "F egy - mid\nF hej - egy");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F egy - mid", "succeeds"), ("F hej - egy", "succeeds")],
    );

    // Two moves around Africa (1/2 each) stand each other off.
    let mut g = y1900(&[], "Britain = [\"F egy\"]\nTurkey = [\"F hej\"]");
    orders(&mut g, "Britain", "F egy - mid");
    orders(&mut g, "Turkey", "F hej - mid");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F egy - mid", "fails"), ("F hej - mid", "fails")],
    );
    assert!(out
        .adjudication
        .results
        .iter()
        .any(|r| reason(&g, &out, r).contains("0.5 against 0.5")));

    // With one support the move around Africa has strength 1: a standoff with an unsupported
    // ordinary move. Under `half_strength = "own"` (1/2 + 1) it wins.
    for (sets, mid, cyr) in [
        (&[][..], "fails", "fails"),
        (&["half_strength=own"][..], "succeeds", "fails"),
    ] {
        let mut g = y1900(
            sets,
            "France = [\"F mid\"]\nTurkey = [\"A pal\"]\nItaly = [\"A cyr\"]",
        );
        orders(&mut g, "France", "F mid - egy");
        orders(&mut g, "Turkey", "A pal S F mid - egy");
        orders(&mut g, "Italy", "A cyr - egy");
        let out = play(&mut g);
        expect(
            &g,
            &out,
            &[
                ("F mid - egy", mid),
                ("A cyr - egy", cyr),
                ("A pal S F mid - egy", "given"),
            ],
        );
    }

    // With two supports (3/2) it dislodges an unsupported unit (1).
    let mut g = y1900(
        &[],
        "Britain = [\"F mid\", \"A pal\", \"A cyr\"]\nTurkey = [\"F egy\"]",
    );
    orders(
        &mut g,
        "Britain",
        "F mid - egy\nA pal S F mid - egy\nA cyr S F mid - egy",
    );
    orders(&mut g, "Turkey", "F egy H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F mid - egy", "succeeds"), ("F egy H", "dislodged")],
    );
}

#[test]
fn y1900_suez_no_support_over_the_route_around_africa() {
    // The fleet in Hejaz cannot help a French fleet into the Atlantic.
    let mut g = y1900(
        &[],
        "Britain = [\"F hej\"]\nFrance = [\"F bre\"]\nItaly = [\"F mid\"]",
    );
    orders(&mut g, "Britain", "F hej S F bre - mid");
    orders(&mut g, "France", "F bre - mid");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F hej S F bre - mid", "illegal"), ("F bre - mid", "fails")],
    );
    assert_eq!(unit_at(&g, "mid").as_deref(), Some("F mid"));

    // Nor the fleet in the Atlantic a unit holding in Egypt.
    let mut g = y1900(&[], "Britain = [\"F egy\"]\nFrance = [\"F mid\"]");
    orders(&mut g, "France", "F mid S F egy");
    let out = play(&mut g);
    expect(&g, &out, &[("F mid S F egy", "illegal")]);
}

#[test]
fn y1900_suez_a_fleet_around_africa_cuts_support_only_by_dislodging() {
    // F mid supports A gas - bre. An ordinary attack from the Channel cuts the support; one from
    // Egypt around Africa does not, unless it dislodges F mid (with two supports: 3/2 > 1).
    for (attack, extra, support, bre) in [
        ("F eng - mid", "", "cut", "fails"),
        ("F egy - mid", "", "given", "succeeds"),
        (
            "F egy - mid",
            "\nF nat S F egy - mid\nF iri S F egy - mid",
            "cut, dislodged",
            "fails",
        ),
    ] {
        let mut g = y1900(
            &[],
            "Britain = [\"A bre\", \"F eng\", \"F egy\", \"F nat\", \"F iri\"]\nFrance = [\"F mid\", \"A gas\"]",
        );
        orders(&mut g, "Britain", &format!("{attack}{extra}"));
        orders(&mut g, "France", "F mid S A gas - bre\nA gas - bre");
        let out = play(&mut g);
        expect(
            &g,
            &out,
            &[("F mid S A gas - bre", support), ("A gas - bre", bre)],
        );
    }
}

#[test]
fn y1900_suez_an_army_convoyed_to_egypt_attacks_at_half_strength() {
    // Convoyed to Egypt around Africa: 1/2, beaten by an unsupported army from Palestine.
    let mut g = y1900(&[], "France = [\"A por\", \"F mid\"]\nTurkey = [\"A pal\"]");
    orders(&mut g, "France", "A por - egy\nF mid C A por - egy");
    orders(&mut g, "Turkey", "A pal - egy");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A por - egy", "fails"), ("A pal - egy", "succeeds")],
    );

    // Alone, it lands.
    let mut g = y1900(&[], "France = [\"A por\", \"F mid\"]");
    orders(&mut g, "France", "A por - egy\nF mid C A por - egy");
    let out = play(&mut g);
    expect(&g, &out, &[("A por - egy", "succeeds")]);

    // Convoyed from Egypt, at full strength: a standoff with an unsupported army from Spain.
    let mut g = y1900(
        &[],
        "Britain = [\"A egy\", \"F mid\"]\nFrance = [\"A spa\"]",
    );
    orders(&mut g, "Britain", "A egy - por\nF mid C A egy - por");
    orders(&mut g, "France", "A spa - por");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A egy - por", "fails"), ("A spa - por", "fails")],
    );
    assert!(out
        .adjudication
        .results
        .iter()
        .any(|r| reason(&g, &out, r).contains("1 against 1")));
}

#[test]
fn y1900_suez_an_army_convoyed_around_africa_and_support_cutting() {
    // A egy supports A pal - hej; an army convoyed to Egypt around Africa cuts that support by
    // default (the rule's dislodge-only clause names fleets), not under `dislodge-only`.
    for (sets, support, hej) in [
        (&[][..], "cut", "fails"),
        (
            &["half_strength_convoy_cut=dislodge-only"][..],
            "given",
            "succeeds",
        ),
    ] {
        let mut g = y1900(
            sets,
            "Turkey = [\"A egy\", \"A pal\"]\nBritain = [\"A hej\"]\nFrance = [\"A por\", \"F mid\"]",
        );
        orders(&mut g, "Turkey", "A egy S A pal - hej\nA pal - hej");
        orders(&mut g, "France", "A por - egy\nF mid C A por - egy");
        let out = play(&mut g);
        expect(
            &g,
            &out,
            &[
                ("A egy S A pal - hej", support),
                ("A pal - hej", hej),
                ("A por - egy", "fails"),
            ],
        );
    }
}

#[test]
fn y1900_suez_a_retreat_around_africa_loses_to_an_ordinary_one() {
    let mut g = game("1900");
    board(
        &mut g,
        r#"
phase = "Spring 1900 Retreat"
[units]
Turkey = ["A egy"]
Germany = ["F por"]
[[dislodged]]
power = "Britain"
unit = "F egy"
attacker_from = "pal"
by_convoy = false
[[dislodged]]
power = "France"
unit = "F por"
attacker_from = "spa"
by_convoy = false
"#,
    );
    orders(&mut g, "Britain", "F egy - mid");
    orders(&mut g, "France", "F por - mid");
    play(&mut g);
    assert_eq!(unit_at(&g, "mid").as_deref(), Some("F mid"));
    assert_eq!(units(&g, "France"), 1);
    assert_eq!(units(&g, "Britain"), 0);
}

#[test]
fn y1900_no_builds_in_africa_even_when_building_anywhere() {
    let mut g = game_with("1900", &["builds=owned-centres"]);
    board(
        &mut g,
        r#"
phase = "Winter 1900 Adjustment"
[units]
France = ["A par"]
[centres]
France = ["alg", "mor", "par", "spa"]
"#,
    );
    orders(&mut g, "France", "Build A alg\nBuild A mor\nBuild A spa");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B A alg", "illegal"),
            ("B A mor", "illegal"),
            ("B A spa", "succeeds"),
        ],
    );
}

#[test]
fn y1900_the_steamroller_centre_is_russian_and_out_of_reach() {
    let mut g = game("1900");
    assert_eq!(owner(&g, "dum").as_deref(), Some("Russia"));
    assert_eq!(centres(&g, "Russia"), 5);
    assert_eq!(units(&g, "Russia"), 4);
    orders(&mut g, "Russia", "A mos - dum");
    let out = play(&mut g);
    expect(&g, &out, &[("A mos - dum", "illegal")]);
}

#[test]
fn y1900_the_steamroller_centre_never_counts_towards_victory() {
    let russian = "\"dum\", \"mos\", \"sev\", \"stp\", \"war\", \"swe\", \"nwy\", \"den\", \"ber\", \"kie\", \"mun\", \"col\", \"bud\", \"vie\", \"tri\", \"rum\", \"bul\", \"gre\"";
    // The dummy and 17 real centres: no win. The dummy and 18: a win, with 18.
    for (extra, wins) in [("", false), (", \"ser\"", true)] {
        let mut g = game("1900");
        board(
            &mut g,
            &format!(
                "phase = \"Fall 1900 Movement\"\n[units]\nRussia = [\"A mos\"]\nFrance = [\"A par\"]\n[centres]\nRussia = [{russian}{extra}]\nFrance = [\"par\"]\n"
            ),
        );
        play(&mut g);
        assert_eq!(g.ended.is_some(), wins, "{extra}: {:?}", g.ended);
        if let Some(e) = &g.ended {
            assert_eq!(e.winner, g.map.power_by_name("Russia"));
        }
    }
}

#[test]
fn y1900_the_steamroller_unit_is_kept_only_with_a_home_centre() {
    // Russia keeps its fourth unit with the dummy while it owns a home centre (Moscow) ...
    let mut g = game("1900");
    board(
        &mut g,
        r#"
phase = "Fall 1900 Movement"
[units]
Russia = ["A swe", "A nwy", "F bar", "A mos"]
Germany = ["A war"]
[centres]
Russia = ["dum", "swe", "nwy", "mos"]
Germany = ["war", "sev", "stp"]
"#,
    );
    play(&mut g);
    assert_eq!(units(&g, "Russia"), 4);
    if phase(&g) == "Winter 1900 Adjustment" {
        play(&mut g);
    }
    assert_eq!(units(&g, "Russia"), 4);

    // ... and loses it once others own all four home centres.
    let mut g = game("1900");
    board(
        &mut g,
        r#"
phase = "Fall 1900 Movement"
[units]
Russia = ["A swe", "A nwy", "F bar"]
Germany = ["A war"]
[centres]
Russia = ["dum", "swe", "nwy"]
Germany = ["war", "sev", "stp", "mos"]
"#,
    );
    play(&mut g);
    assert_eq!(phase(&g), "Winter 1900 Adjustment");
    play(&mut g);
    assert_eq!(
        units(&g, "Russia"),
        2,
        "civil disorder removes the extra unit"
    );
}

// ---------------------------------------------------------------------------------------------
// Modern
// ---------------------------------------------------------------------------------------------

#[test]
fn modern_opening_and_first_year() {
    let mut g = game("modern");
    assert_eq!(phase(&g), "Spring 1994 Movement");
    orders(
        &mut g,
        "Britain",
        "F lon - nth\nF edi - nwg\nF liv - iri\nF gib - sog",
    );
    orders(&mut g, "Egypt", "F ale - eme\nF cai - isr\nA asw H");
    orders(
        &mut g,
        "France",
        "F bor - bis\nA par - bri\nA mar - mon\nA lyo - swi",
    );
    orders(
        &mut g,
        "Germany",
        "F ham - den\nA fra - ruh\nA mun - swi\nF ber - bhm",
    );
    orders(
        &mut g,
        "Italy",
        "F ven - cro\nF nap - ion\nA rom - tus\nA mil - pie",
    );
    orders(&mut g, "Poland", "F gda - lit\nA war - bie\nA kra - cze");
    orders(
        &mut g,
        "Russia",
        "F stp - fin\nA mos - lat\nA mur - lap\nF ros - geo\nA gor H",
    );
    orders(&mut g, "Spain", "F bar - wme\nA mad - por\nA sve H");
    orders(
        &mut g,
        "Turkey",
        "A ist - bul\nF ank - geo\nF izm - aeg\nA ada - irn",
    );
    orders(
        &mut g,
        "Ukraine",
        "A ode - rum\nF sev - wbs\nA kie - bie\nA kha H",
    );
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A lyo - swi", "fails"),
            ("A mun - swi", "fails"),
            ("F ros - geo", "fails"),
            ("F ank - geo", "fails"),
            ("A war - bie", "fails"),
            ("A kie - bie", "fails"),
            ("F cai - isr", "succeeds"),
            ("A ada - irn", "succeeds"),
            ("A mar - mon", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1994 Movement");

    orders(
        &mut g,
        "Britain",
        "F nth - nwy\nF iri - ire\nF sog - mor\nF nwg H",
    );
    orders(&mut g, "France", "A lyo - swi\nA mon H\nA bri H\nF bis H");
    orders(
        &mut g,
        "Germany",
        "A mun - aus\nA ruh - hol\nF den H\nF bhm H",
    );
    orders(&mut g, "Poland", "A war - bie\nA cze H\nF lit H");
    orders(&mut g, "Spain", "F wme - tun\nA por H\nA sve H");
    orders(&mut g, "Turkey", "A bul H\nA irn H\nF aeg - gre\nF ank H");
    orders(&mut g, "Ukraine", "A kie - bie\nA rum H\nF wbs H\nA kha H");
    // Egypt, Italy and Russia send nothing: their units hold.
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A lyo - swi", "succeeds"),
            ("A mun - aus", "succeeds"),
            ("A war - bie", "fails"),
            ("F aeg - gre", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1994 Adjustment");
    for (centre, power) in [
        ("nwy", "Britain"),
        ("ire", "Britain"),
        ("mor", "Britain"),
        ("isr", "Egypt"),
        ("swi", "France"),
        ("mon", "France"),
        ("aus", "Germany"),
        ("hol", "Germany"),
        ("den", "Germany"),
        ("cze", "Poland"),
        ("lit", "Poland"),
        ("por", "Spain"),
        ("tun", "Spain"),
        ("bul", "Turkey"),
        ("irn", "Turkey"),
        ("gre", "Turkey"),
        ("rum", "Ukraine"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    assert_eq!(owner(&g, "bie"), None, "Belarus was fought over, not taken");
    orders(&mut g, "Britain", "Build F lon\nBuild F edi\nBuild F liv");
    orders(&mut g, "Turkey", "Build A ist\nBuild F izm\nBuild A ada");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B F lon", "succeeds"), ("B A ist", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1995 Movement");
    assert_eq!(units(&g, "Britain"), 7);
    assert_eq!(units(&g, "Turkey"), 7);
}

#[test]
fn modern_canals_and_iran_s_two_coasts() {
    let mut g = game("modern");
    board(
        &mut g,
        r#"
phase = "Spring 1994 Movement"
[units]
Russia = ["F ros", "F cas"]
Turkey = ["F aeg", "F irn/sc"]
Egypt = ["F eme"]
"#,
    );
    // Rostov-Volga is the canal to the Caspian Sea; Istanbul and Cairo are passed through like
    // Constantinople; Iran's south coast does not reach the Caspian Sea, its north coast does.
    orders(&mut g, "Russia", "F ros - vol\nF cas - irn/nc");
    orders(&mut g, "Turkey", "F aeg - ist\nF irn/sc - cas");
    orders(&mut g, "Egypt", "F eme - cai");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F ros - vol", "succeeds"),
            ("F cas - irn/nc", "fails"),
            ("F aeg - ist", "succeeds"),
            ("F irn/sc - cas", "illegal"),
            ("F eme - cai", "succeeds"),
        ],
    );
    orders(&mut g, "Russia", "F vol - cas\nF cas - aze");
    orders(&mut g, "Turkey", "F ist - wbs\nF irn/sc - per");
    orders(&mut g, "Egypt", "F cai - red");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F vol - cas", "succeeds"),
            ("F ist - wbs", "succeeds"),
            ("F cai - red", "succeeds"),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Pure
// ---------------------------------------------------------------------------------------------

#[test]
fn pure_opening_and_first_year() {
    let mut g = game("pure");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    orders(&mut g, "Germany", "A ber - par");
    orders(&mut g, "Austria", "A vie S A ber - par");
    orders(&mut g, "France", "A par H");
    orders(&mut g, "England", "A lon - rom");
    orders(&mut g, "Italy", "A rom - lon");
    let out = play(&mut g);
    // Every other province is held, and Berlin is where the attack came from: no retreat.
    expect(
        &g,
        &out,
        &[
            ("A ber - par", "succeeds"),
            ("A vie S A ber - par", "given"),
            ("A par H", "destroyed"),
            ("A lon - rom", "fails"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1901 Movement");
    orders(&mut g, "Russia", "A mos - ber");
    let out = play(&mut g);
    expect(&g, &out, &[("A mos - ber", "succeeds")]);
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    assert_eq!(owner(&g, "par").as_deref(), Some("Germany"));
    assert_eq!(owner(&g, "ber").as_deref(), Some("Russia"));
    assert_eq!(centres(&g, "France"), 0);
    orders(&mut g, "Russia", "Build A mos");
    let out = play(&mut g);
    expect(&g, &out, &[("B A mos", "succeeds")]);
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!(units(&g, "Russia"), 2);
    assert_eq!(units(&g, "Germany"), 1);
}

#[test]
fn pure_four_centres_win() {
    let mut g = game("pure");
    board(
        &mut g,
        r#"
phase = "Fall 1902 Movement"
[units]
Russia = ["A mos", "A ber", "A par"]
[centres]
Russia = ["mos", "ber", "par"]
"#,
    );
    orders(&mut g, "Russia", "A mos - vie\nA ber H\nA par H");
    play(&mut g);
    let ended = g.ended.clone().expect("four centres win");
    assert_eq!(ended.winner, g.map.power_by_name("Russia"));
}

// ---------------------------------------------------------------------------------------------
// Hundred
// ---------------------------------------------------------------------------------------------

#[test]
fn hundred_opening_and_first_year_the_mercenary_costs_france_a_unit() {
    let mut g = game("hundred");
    assert_eq!(phase(&g), "Spring 1425 Movement");
    orders(
        &mut g,
        "Burgundy",
        "A dij - can\nF hol - was\nA lux - lor\nA fla H",
    );
    orders(
        &mut g,
        "England",
        "F ech - brt\nA nmd - anj\nF lon - dov\nA guy H\nA cal H",
    );
    orders(
        &mut g,
        "France",
        "A orl - brt\nA pro - sav\nA par - cha\nA tou - guy\nA dau H",
    );
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F ech - brt", "fails"),
            ("A orl - brt", "fails"),
            ("A dij - can", "succeeds"),
            ("A tou - guy", "fails"),
            ("A pro - sav", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1425 Movement");
    orders(
        &mut g,
        "England",
        "F ech - brt\nA anj S F ech - brt\nF dov H",
    );
    orders(&mut g, "France", "A orl - brt\nA sav - can");
    // Burgundy sends nothing: its army holds Cantons.
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F ech - brt", "succeeds"),
            ("A orl - brt", "fails"),
            ("A sav - can", "fails"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1425 Adjustment");
    assert_eq!(owner(&g, "can").as_deref(), Some("Burgundy"));
    assert_eq!(owner(&g, "brt").as_deref(), Some("England"));
    // France took nothing: four centres for five units. It keeps the Provence mercenary and
    // discharges the army in Charolais instead.
    assert_eq!((centres(&g, "France"), units(&g, "France")), (4, 5));
    orders(&mut g, "France", "Remove A cha");
    orders(&mut g, "Burgundy", "Build A dij");
    orders(&mut g, "England", "Build F dev");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A cha D", "succeeds"),
            ("B A dij", "succeeds"),
            ("B F dev", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1426 Movement");
    assert_eq!(unit_at(&g, "sav").as_deref(), Some("A sav"));
    assert_eq!(
        (
            units(&g, "France"),
            units(&g, "Burgundy"),
            units(&g, "England")
        ),
        (4, 5, 6)
    );
}

#[test]
fn hundred_london_calais_across_the_strait_of_dover() {
    // The three examples of rule 8.
    let spring = "phase = \"Spring 1425 Movement\"\n";
    let mut g = game("hundred");
    board(
        &mut g,
        &format!("{spring}[units]\nEngland = [\"F lon\"]\nBurgundy = [\"A fla\"]\n"),
    );
    orders(&mut g, "England", "F lon - cal");
    orders(&mut g, "Burgundy", "A fla - cal");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F lon - cal", "fails"), ("A fla - cal", "fails")],
    );

    let mut g = game("hundred");
    board(
        &mut g,
        &format!("{spring}[units]\nEngland = [\"A lon\", \"F dov\"]\nBurgundy = [\"A fla\"]\n"),
    );
    orders(&mut g, "England", "A lon - cal\nF dov S A lon - cal");
    orders(&mut g, "Burgundy", "A fla - cal");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A lon - cal", "succeeds"), ("A fla - cal", "fails")],
    );

    let mut g = game("hundred");
    board(
        &mut g,
        &format!(
            "{spring}[units]\nEngland = [\"A lon\", \"A cal\"]\nFrance = [\"A par\", \"F dov\"]\n"
        ),
    );
    orders(&mut g, "England", "A lon S A cal\nA cal H");
    orders(&mut g, "France", "A par - cal\nF dov S A par - cal");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A cal H", "stands"),
            ("A lon S A cal", "given"),
            ("A par - cal", "fails"),
        ],
    );
}

#[test]
fn hundred_builds_in_any_owned_centre_while_a_home_centre_is_owned() {
    let mut g = game("hundred");
    board(
        &mut g,
        r#"
phase = "Winter 1425 Adjustment"
[units]
Burgundy = ["A fla"]
[centres]
Burgundy = ["fla", "can", "sco"]
"#,
    );
    // Burgundy owns Flanders, a home centre: it builds in Cantons and Scotland.
    orders(&mut g, "Burgundy", "Build A can\nBuild F sco");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B A can", "succeeds"), ("B F sco", "succeeds")],
    );

    let mut g = game("hundred");
    board(
        &mut g,
        r#"
phase = "Winter 1425 Adjustment"
[units]
France = ["A lim"]
[centres]
France = ["brt", "cas"]
"#,
    );
    // France owns none of its home centres: no build outside them.
    orders(&mut g, "France", "Build A brt");
    let out = play(&mut g);
    expect(&g, &out, &[("B A brt", "illegal")]);
}

#[test]
fn hundred_castile_has_one_coast_aragon_two() {
    let mut g = game("hundred");
    board(
        &mut g,
        "phase = \"Spring 1425 Movement\"\n[units]\nEngland = [\"F bis\", \"F ara/nc\"]\n",
    );
    orders(&mut g, "England", "F bis - cas\nF ara/nc - med");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F bis - cas", "succeeds"), ("F ara/nc - med", "illegal")],
    );
    orders(&mut g, "England", "F cas - med\nF ara/nc - guy");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F cas - med", "succeeds"), ("F ara/nc - guy", "succeeds")],
    );
}

// ---------------------------------------------------------------------------------------------
// Youngstown
// ---------------------------------------------------------------------------------------------

#[test]
fn youngstown_opening_and_first_year_with_colony_builds() {
    let mut g = game("youngstown");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    orders(
        &mut g,
        "England",
        "F liv - nat\nF lon - nth\nF edi - nrg\nF joh - gos",
    );
    orders(
        &mut g,
        "France",
        "F bre - mao\nA par - bur\nA mar - spa\nF sai - cam",
    );
    orders(&mut g, "Germany", "A mun - bur\nF kie - den");
    orders(&mut g, "Japan", "F tok - npo\nF osa - ecs\nF kyo - soj");
    orders(&mut g, "China", "F can - got\nA pek - man\nA han - sik");
    orders(&mut g, "India", "F mad - bob\nA cal - brm\nA del H");
    orders(&mut g, "Russia", "F vla - kor");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A par - bur", "fails"),
            ("A mun - bur", "fails"),
            ("F sai - cam", "succeeds"),
            ("A pek - man", "succeeds"),
            ("F vla - kor", "succeeds"),
            ("A cal - brm", "succeeds"),
            ("F joh - gos", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1901 Movement");
    orders(
        &mut g,
        "England",
        "F nat - ire\nF nth - nwy\nF gos - tha/ec\nF nrg H",
    );
    orders(&mut g, "France", "F mao - por\nA spa H\nF cam H\nA par H");
    orders(&mut g, "Japan", "F ecs - for\nF npo - obl\nF soj - kar");
    orders(&mut g, "China", "A man H\nF got - vtn\nA sik H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F gos - tha/ec", "succeeds"),
            ("F npo - obl", "succeeds"),
            ("F soj - kar", "succeeds"),
            ("F got - vtn", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    for (centre, power) in [
        ("ire", "England"),
        ("nwy", "England"),
        ("tha", "England"),
        ("spa", "France"),
        ("por", "France"),
        ("cam", "France"),
        ("for", "Japan"),
        ("kar", "Japan"),
        ("man", "China"),
        ("vtn", "China"),
        ("brm", "India"),
        ("kor", "Russia"),
        ("den", "Germany"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    // England builds in its colony Joharra, France in Saigon: home centres like the others.
    orders(&mut g, "England", "Build F joh\nBuild F lon\nBuild F liv");
    orders(&mut g, "France", "Build F sai\nBuild F bre\nBuild A mar");
    orders(&mut g, "Japan", "Build F tok\nBuild F kyo");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B F joh", "succeeds"),
            ("B F sai", "succeeds"),
            ("B F kyo", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!(
        (
            units(&g, "England"),
            units(&g, "France"),
            units(&g, "Japan")
        ),
        (7, 7, 5)
    );
}

#[test]
fn youngstown_off_board_boxes_wrap_the_map() {
    // The examples of the rules: Tokyo to Ireland by convoy across the wrap, box to box moves
    // and a supported move between boxes.
    let mut g = game("youngstown");
    board(
        &mut g,
        r#"
phase = "Spring 1901 Movement"
[units]
Japan = ["A tok", "F npo", "F obl", "F oba", "F nat", "F obk"]
England = ["F obb", "F obj"]
India = ["F obh"]
"#,
    );
    orders(
        &mut g,
        "Japan",
        "A tok - ire via convoy\nF npo C A tok - ire\nF obl C A tok - ire\nF oba C A tok - ire\n\
         F nat C A tok - ire\nF obk - spo",
    );
    orders(&mut g, "England", "F obb - obk\nF obj S F obb - obk");
    orders(&mut g, "India", "F obh - obg");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A tok - ire via convoy", "succeeds"),
            ("F obl C A tok - ire", "available"),
            ("F obk - spo", "succeeds"),
            ("F obb - obk", "succeeds"),
            ("F obh - obg", "succeeds"),
        ],
    );
    assert_eq!(unit_at(&g, "ire").as_deref(), Some("A ire"));
}

#[test]
fn youngstown_the_suez_convoys_and_omsk_has_a_coast() {
    let mut g = game("youngstown");
    board(
        &mut g,
        r#"
phase = "Spring 1901 Movement"
[units]
Italy = ["A eth", "F red", "F sue", "F eas"]
Russia = ["F stp/nc"]
"#,
    );
    // The Red Sea and the Eastern Mediterranean touch only through the Suez.
    orders(
        &mut g,
        "Italy",
        "A eth - smy via convoy\nF red C A eth - smy\nF sue C A eth - smy\nF eas C A eth - smy",
    );
    orders(&mut g, "Russia", "F stp/nc - oms");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A eth - smy via convoy", "succeeds"),
            ("F sue C A eth - smy", "available"),
            ("F stp/nc - oms", "succeeds"),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Known World 901
// ---------------------------------------------------------------------------------------------

#[test]
fn known_world_901_opening_and_first_year_against_the_neutral_garrisons() {
    let mut g = game("known_world_901");
    assert_eq!(phase(&g), "Spring 901 Movement");
    let neutral = g.map.power_by_name("Neutral").unwrap();
    assert_eq!(g.position.unit_count(neutral), 49);
    orders(
        &mut g,
        "France",
        "A aqt - bri\nF par S A aqt - bri\nA gas - pam",
    );
    orders(&mut g, "Turan", "A sam - uyg\nA buk H");
    orders(&mut g, "China", "A cha S TUR A sam - uyg\nF gua - sch");
    orders(&mut g, "Khazaria", "A tam - pec");
    let out = play(&mut g);
    // A garrison holds against a lone attack and falls to a supported one.
    expect(
        &g,
        &out,
        &[
            ("A aqt - bri", "succeeds"),
            ("A gas - pam", "fails"),
            ("A sam - uyg", "succeeds"),
            ("A cha S TUR A sam - uyg", "given"),
            ("A tam - pec", "fails"),
        ],
    );
    assert_eq!(unit_at(&g, "pam").as_deref(), Some("A pam"));
    // Bri has nowhere to go and is destroyed; the garrison of Uyghurstan could retreat, but a
    // neutral unit never retreats: both are disbanded at once, and no retreat phase is held.
    let disbanded = &out.adjudication.automatic;
    let never = |a: &&diplo_engine::AutomaticAction| {
        a.unit.power == neutral && a.reason_text(&g.map).contains("never retreats")
    };
    assert_eq!(disbanded.iter().filter(never).count(), 2, "{disbanded:?}");
    assert_eq!(phase(&g), "Fall 901 Movement");
    assert_eq!(g.position.unit_count(neutral), 47);

    orders(&mut g, "France", "A bri H");
    orders(&mut g, "Turan", "A uyg - sam");
    let out = play(&mut g);
    expect(&g, &out, &[("A uyg - sam", "succeeds")]);
    assert_eq!(phase(&g), "Winter 901 Adjustment");
    assert_eq!(owner(&g, "bri").as_deref(), Some("France"));
    assert_eq!(
        owner(&g, "uyg").as_deref(),
        Some("Neutral"),
        "left empty in the Fall"
    );
    orders(&mut g, "France", "Build A aqt");
    let out = play(&mut g);
    expect(&g, &out, &[("B A aqt", "succeeds")]);
    assert_eq!(phase(&g), "Spring 902 Movement");
    assert_eq!(units(&g, "France"), 5);
    // The garrison of Uyghurstan is not raised again.
    assert_eq!(g.position.unit_count(neutral), 47);
    assert_eq!(unit_at(&g, "uyg"), None);
}

#[test]
fn known_world_901_the_neutral_power_never_orders() {
    let mut g = game("known_world_901");
    let neutral = g.map.power_by_name("Neutral").unwrap();
    let err = g
        .submit(neutral, "A bri - aqt", "o.txt", Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("neutral power"), "{err}");
}

#[test]
fn known_world_901_builds_in_any_owned_centre() {
    let mut g = game("known_world_901");
    board(
        &mut g,
        r#"
phase = "Winter 901 Adjustment"
[units]
France = ["A aqt"]
[centres]
France = ["aqt", "bri", "gas"]
"#,
    );
    orders(&mut g, "France", "Build F bri\nBuild A gas");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B F bri", "succeeds"), ("B A gas", "succeeds")],
    );
}

// ---------------------------------------------------------------------------------------------
// World
// ---------------------------------------------------------------------------------------------

#[test]
fn world_opening_and_first_year() {
    let mut g = game("world");
    assert_eq!(phase(&g), "Spring 2000 Movement");
    orders(&mut g, "Argentina", "F bai - ura\nF chi - per\nA scr H");
    orders(&mut g, "Brazil", "A bra - ven\nF rec - guy\nA rdj H");
    orders(&mut g, "China", "A bei - kor\nA sha - lan\nF gua H");
    orders(&mut g, "Europe", "F fra/nc - nth\nA ger - pol\nF ita - med");
    orders(&mut g, "Russia", "A mos - ukr\nA stp - sca\nA bel - pol");
    orders(&mut g, "India", "A clc - ban\nA del - tib\nF bom - pak");
    orders(&mut g, "Pacific-Russia", "A esi - wsi\nA vla - kor");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A ger - pol", "fails"),
            ("A bel - pol", "fails"),
            ("A bei - kor", "fails"),
            ("A vla - kor", "fails"),
            ("F fra/nc - nth", "succeeds"),
            ("A stp - sca", "succeeds"),
            ("F chi - per", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 2000 Movement");
    orders(&mut g, "Europe", "F nth - gbr");
    orders(&mut g, "China", "A bei - kor");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F nth - gbr", "succeeds"), ("A bei - kor", "succeeds")],
    );
    assert_eq!(phase(&g), "Winter 2000 Adjustment");
    for (centre, power) in [
        ("ura", "Argentina"),
        ("per", "Argentina"),
        ("ven", "Brazil"),
        ("kor", "China"),
        ("lan", "China"),
        ("gbr", "Europe"),
        ("ukr", "Russia"),
        ("sca", "Russia"),
        ("ban", "India"),
        ("wsi", "Pacific-Russia"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    orders(&mut g, "Argentina", "Build F bai\nBuild F chi");
    orders(&mut g, "China", "Build A bei\nBuild A sha");
    orders(&mut g, "Europe", "Build F fra/sc");
    orders(&mut g, "Russia", "Build A mos\nBuild F stp/nc");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B F chi", "succeeds"),
            ("B F fra/sc", "succeeds"),
            ("B F stp/nc", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 2001 Movement");
    assert_eq!(
        (
            units(&g, "Argentina"),
            units(&g, "China"),
            units(&g, "Europe")
        ),
        (5, 5, 4)
    );
}

#[test]
fn world_names_two_coasts_and_the_bare_country_names() {
    let mut g = game("world");
    // France's north coast is on the North Sea, its south coast on the Mediterranean.
    orders(&mut g, "Europe", "F fra/nc - med\nF ita - fra/sc");
    orders(&mut g, "Ghana", "A Ghana - Nigeria\nA Mali - Algeria");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F fra/nc - med", "illegal"),
            ("F ita - fra/sc", "fails"),
            ("A gha - nga", "succeeds"),
            ("A mal - alg", "succeeds"),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// France vs Austria
// ---------------------------------------------------------------------------------------------

#[test]
fn france_austria_opening_and_first_year() {
    let mut g = game("france_austria");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    orders(&mut g, "France", "A par - bur\nA mar - spa\nF bre - mao");
    orders(&mut g, "Austria", "A vie - gal\nA bud - ser\nF tri - alb");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A par - bur", "succeeds"),
            ("A vie - gal", "succeeds"),
            ("F tri - alb", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1901 Movement");
    // Munich and Warsaw, home centres on the standard board, are empty neutral centres here.
    orders(&mut g, "France", "F mao - por\nA bur - mun\nA spa H");
    orders(&mut g, "Austria", "A ser H\nF alb - gre\nA gal - war");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A bur - mun", "succeeds"), ("A gal - war", "succeeds")],
    );
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    assert_eq!((centres(&g, "France"), centres(&g, "Austria")), (6, 6));
    orders(
        &mut g,
        "France",
        "Build A par\nBuild A mar\nBuild F bre\nBuild A mun",
    );
    orders(&mut g, "Austria", "Build A vie\nBuild A bud\nBuild F tri");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B A par", "succeeds"),
            ("B A mun", "illegal"),
            ("B F tri", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!((units(&g, "France"), units(&g, "Austria")), (6, 6));
}

#[test]
fn france_austria_has_only_two_powers_and_empty_neutral_capitals() {
    let g = game("france_austria");
    assert!(g.map.power_by_name("England").is_none());
    for centre in ["lon", "ber", "rom", "mos", "con", "stp"] {
        assert_eq!(owner(&g, centre), None, "{centre}");
        assert_eq!(unit_at(&g, centre), None, "{centre}");
        let p = g.map.province_by_name(centre).unwrap();
        assert_eq!(g.map.province(p).home, None, "{centre}");
    }
}

// ---------------------------------------------------------------------------------------------
// Era of Empire
// ---------------------------------------------------------------------------------------------

#[test]
fn era_of_empire_opening_and_first_year() {
    let mut g = game("era_of_empire");
    assert_eq!(phase(&g), "Spring 1870 Movement");
    orders(&mut g, "Russia", "A vla - seo\nF ode - rum\nF por H");
    orders(
        &mut g,
        "China",
        "A mac - seo\nA can - chu\nA sik - kag\nA pek - mon",
    );
    orders(&mut g, "Britain", "F sin - mal\nF ade - red\nF bom - ars");
    orders(&mut g, "Turkey", "F bag - shi\nF con H");
    orders(&mut g, "Holland", "A bor - sar");
    orders(&mut g, "Japan", "F ota - sak");
    orders(&mut g, "France", "A ton - may");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A vla - seo", "fails"),
            ("A mac - seo", "fails"),
            ("F ode - rum", "succeeds"),
            ("F ade - red", "succeeds"),
            ("A ton - may", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1870 Movement");
    orders(&mut g, "Russia", "A vla - seo\nF por S A vla - seo");
    orders(&mut g, "China", "A mac - seo");
    orders(&mut g, "Britain", "F red - egy");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A vla - seo", "succeeds"),
            ("A mac - seo", "fails"),
            ("F red - egy", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1870 Adjustment");
    for (centre, power) in [
        ("seo", "Russia"),
        ("rum", "Russia"),
        ("egy", "Britain"),
        ("mal", "Britain"),
        ("chu", "China"),
        ("shi", "Turkey"),
        ("sar", "Holland"),
        ("sak", "Japan"),
        ("may", "France"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    orders(&mut g, "Russia", "Build A vla\nBuild F ode");
    orders(&mut g, "Britain", "Build F sin\nBuild F ade");
    orders(&mut g, "China", "Build A can\nBuild A pek\nBuild A sik");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B A vla", "succeeds"),
            ("B F sin", "succeeds"),
            ("B A sik", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1871 Movement");
    assert_eq!(
        (
            units(&g, "Russia"),
            units(&g, "Britain"),
            units(&g, "China")
        ),
        (7, 8, 8)
    );
}

#[test]
fn era_of_empire_has_no_railroad_and_no_canal() {
    let mut g = game("era_of_empire");
    assert!(g.map.railroads().is_empty());
    assert!(g.map.canals().is_empty());
    let russia = g.map.power_by_name("Russia").unwrap();
    let err = g
        .submit(russia, "A mos - TSR - vla", "o.txt", Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown province `TSR`"), "{err}");
    let mut g = game("era_of_empire");
    board(
        &mut g,
        "phase = \"Spring 1870 Movement\"\n[units]\nRussia = [\"F med\", \"A mos\"]\n",
    );
    // The Mediterranean and the Red Sea meet only through Egypt; Moscow is a day's march from
    // Perm and no further.
    orders(&mut g, "Russia", "F med - red\nA mos - oms");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F med - red", "illegal"), ("A mos - oms", "illegal")],
    );
    orders(&mut g, "Russia", "F med - egy\nA mos - prm");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F med - egy", "succeeds"), ("A mos - prm", "succeeds")],
    );
}

#[test]
fn era_of_empire_builds_in_any_owned_centre_but_china_not_in_hong_kong() {
    let mut g = game("era_of_empire");
    board(
        &mut g,
        r#"
phase = "Winter 1870 Adjustment"
[units]
Britain = ["A del"]
China = ["A pek"]
[centres]
Britain = ["del", "egy", "mal"]
China = ["pek", "hon", "sha"]
"#,
    );
    orders(&mut g, "Britain", "Build F egy\nBuild A mal");
    orders(&mut g, "China", "Build F hon\nBuild A sha");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B F egy", "succeeds"),
            ("B A mal", "succeeds"),
            ("B F hon", "illegal"),
            ("B A sha", "succeeds"),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Loeb9
// ---------------------------------------------------------------------------------------------

#[test]
fn loeb9_opening_and_first_year_the_arctic_freezes_in_the_fall() {
    let mut g = game("loeb9");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    orders(&mut g, "England", "F edi - nwg\nF lon - nth\nA lvp - yor");
    orders(&mut g, "Norway", "A nwy - fin\nF swe - bot\nF den - ska");
    orders(&mut g, "Russia", "F stp/nc - bar\nA war - pru\nA mos - lvn");
    orders(&mut g, "Germany", "A ber - sil\nF kie - hol\nA mun - bur");
    orders(&mut g, "France", "A par - bur\nF bre - mao\nA mar - pie");
    orders(&mut g, "Spain", "A cor - naf\nF por - mao\nA mad - nav");
    orders(&mut g, "Italy", "F nap - ion\nA rom - tus\nA ven H");
    orders(&mut g, "Austria", "A bud - ser\nF tri - alb\nA vie - gal");
    orders(&mut g, "Turkey", "A con - bul\nF ank - bla\nA smy H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A mun - bur", "fails"),
            ("A par - bur", "fails"),
            ("F bre - mao", "fails"),
            ("F por - mao", "fails"),
            // Over the difficult Cordoba-North Africa border, into an empty province.
            ("A cor - naf", "succeeds"),
            ("A war - pru", "succeeds"),
            ("F edi - nwg", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1901 Movement");
    orders(&mut g, "England", "F nwg - arc\nF nth H");
    orders(&mut g, "Russia", "F bar - arc\nA pru H\nA lvn H");
    orders(&mut g, "Germany", "A sil H\nF hol H\nA mun H");
    orders(&mut g, "Spain", "A naf - tun");
    orders(&mut g, "Austria", "A ser H\nF alb - gre");
    orders(&mut g, "Italy", "F ion - gre");
    orders(&mut g, "Turkey", "A bul H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F nwg - arc", "illegal"),
            ("F bar - arc", "illegal"),
            ("A naf - tun", "succeeds"),
            ("F alb - gre", "fails"),
            ("F ion - gre", "fails"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    for (centre, power) in [
        ("pru", "Russia"),
        ("sil", "Germany"),
        ("hol", "Germany"),
        ("tun", "Spain"),
        ("ser", "Austria"),
        ("bul", "Turkey"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    assert_eq!(owner(&g, "gre"), None);
    orders(&mut g, "Russia", "Build A war");
    orders(&mut g, "Germany", "Build A ber\nBuild F kie");
    orders(&mut g, "Spain", "Build A cor");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B A war", "succeeds"), ("B F kie", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!((units(&g, "Germany"), units(&g, "Spain")), (5, 4));
}

#[test]
fn loeb9_the_arctic_is_open_in_spring_and_the_difficult_border_loses_to_an_ordinary_one() {
    let mut g = game("loeb9");
    board(
        &mut g,
        r#"
phase = "Spring 1901 Movement"
[units]
England = ["F nwg"]
Spain = ["A cor"]
Italy = ["A tun"]
"#,
    );
    orders(&mut g, "England", "F nwg - arc");
    orders(&mut g, "Spain", "A cor - naf");
    orders(&mut g, "Italy", "A tun - naf");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F nwg - arc", "succeeds"),
            ("A cor - naf", "fails"),
            ("A tun - naf", "succeeds"),
        ],
    );
    // Fall: the fleet in the ice can neither leave nor support.
    orders(&mut g, "England", "F arc - nwg");
    let out = play(&mut g);
    expect(&g, &out, &[("F arc - nwg", "illegal")]);
}

// ---------------------------------------------------------------------------------------------
// Colonial
// ---------------------------------------------------------------------------------------------

#[test]
fn colonial_opening_and_first_year() {
    let mut g = game("colonial");
    assert_eq!(phase(&g), "Spring 1870 Movement");
    orders(&mut g, "Russia", "A vla - seo\nF ode - rum\nA mos - prm");
    orders(&mut g, "China", "A mac - seo\nA can - chu\nA sik - kag");
    orders(&mut g, "Britain", "F sin - mal\nF ade - red");
    orders(&mut g, "Holland", "A bor - sar");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A vla - seo", "fails"),
            ("A mac - seo", "fails"),
            ("A mos - prm", "succeeds"),
            ("F ade - red", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1870 Movement");
    orders(&mut g, "Russia", "A vla - seo\nF por S A vla - seo");
    orders(&mut g, "Britain", "F red - egy");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A vla - seo", "succeeds"), ("F red - egy", "succeeds")],
    );
    assert_eq!(phase(&g), "Winter 1870 Adjustment");
    for (centre, power) in [
        ("seo", "Russia"),
        ("rum", "Russia"),
        ("egy", "Britain"),
        ("mal", "Britain"),
        ("chu", "China"),
        ("kag", "China"),
        ("sar", "Holland"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    orders(&mut g, "Russia", "Build A mos\nBuild A vla");
    orders(&mut g, "China", "Build A can\nBuild A sik");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B A mos", "succeeds"), ("B A sik", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1871 Movement");
    assert_eq!((units(&g, "Russia"), units(&g, "China")), (7, 7));
}

#[test]
fn colonial_special_rules_are_on_the_map_and_hong_kong_does_not_count_for_china() {
    let g = game("colonial");
    let names = |ps: &[diplo_map::ProvinceId]| -> Vec<String> {
        ps.iter().map(|&p| g.map.province(p).name.clone()).collect()
    };
    let tsr = &g.map.railroads()[0];
    assert_eq!(tsr.name, "TSR");
    assert_eq!(
        names(&tsr.provinces),
        ["mos", "prm", "oms", "kra", "irk", "vla"]
    );
    assert_eq!(tsr.powers, [g.map.power_by_name("Russia").unwrap()]);
    let suez = g.map.canals()[0];
    assert_eq!(g.map.province(suez.province).name, "egy");
    assert_eq!(names(&suez.seas), ["med", "red"]);

    let mut g = game("colonial");
    board(
        &mut g,
        r#"
phase = "Winter 1870 Adjustment"
[units]
China = ["A can", "A hon"]
[centres]
China = ["can", "hon", "pek"]
"#,
    );
    let china = g.map.power_by_name("China").unwrap();
    assert_eq!(g.position.centre_count(china), 3);
    assert_eq!(g.position.counted_centres(&g.map, china), 2);
}

#[test]
fn colonial_the_trans_siberian_railroad_carries_a_russian_army() {
    let mut g = game("colonial");
    orders(&mut g, "Russia", "A mos - TSR - vla\nA vla - seo");
    let out = play(&mut g);
    expect(&g, &out, &[("A mos - TSR - vla", "succeeds")]);
}

#[test]
fn colonial_the_suez_canal_needs_egypt_s_leave() {
    let mut g = game("colonial");
    board(
        &mut g,
        "phase = \"Spring 1870 Movement\"\n[units]\nTurkey = [\"A egy\"]\nRussia = [\"F med\"]\n",
    );
    orders(&mut g, "Russia", "F med - red");
    orders(&mut g, "Turkey", "A egy H");
    let out = play(&mut g);
    expect(&g, &out, &[("F med - red", "fails")]);
    // In the Fall, Turkey (in Egypt) permits the passage.
    orders(&mut g, "Russia", "F med - red");
    orders(&mut g, "Turkey", "A egy H\nSC F med - red");
    let out = play(&mut g);
    expect(&g, &out, &[("F med - red", "succeeds")]);
}

// ---------------------------------------------------------------------------------------------
// Chaos
// ---------------------------------------------------------------------------------------------

#[test]
fn chaos_opening_and_first_year_with_a_retreat() {
    let mut g = game("chaos");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    assert_eq!(g.map.power_ids().count(), 34);
    orders(&mut g, "Berlin", "A ber - kie");
    orders(&mut g, "Munich", "A mun S BER A ber - kie");
    orders(&mut g, "Kiel", "F kie H");
    orders(&mut g, "Paris", "A par - bur");
    orders(&mut g, "Marseilles", "A mar - bur");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A ber - kie", "succeeds"),
            ("F kie H", "dislodged"),
            ("A par - bur", "fails"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1901 Retreat");
    orders(&mut g, "Kiel", "F kie - hel");
    play(&mut g);
    assert_eq!(phase(&g), "Fall 1901 Movement");
    orders(&mut g, "Berlin", "A kie H");
    let out = play(&mut g);
    expect(&g, &out, &[("A kie H", "stands")]);
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    assert_eq!(owner(&g, "kie").as_deref(), Some("Berlin"));
    assert_eq!(centres(&g, "Kiel"), 0);
    orders(&mut g, "Berlin", "Build F ber");
    let out = play(&mut g);
    expect(&g, &out, &[("B F ber", "succeeds")]);
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!(units(&g, "Berlin"), 2);
    assert_eq!(units(&g, "Kiel"), 0, "no centre: its fleet is removed");
}

#[test]
fn chaos_builds_in_a_non_home_owned_centre() {
    let mut g = game("chaos");
    board(
        &mut g,
        r#"
phase = "Winter 1901 Adjustment"
[units]
Berlin = ["A mun"]
[centres]
Berlin = ["ber", "kie", "mun"]
"#,
    );
    orders(&mut g, "Berlin", "Build F kie\nBuild A ber");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B F kie", "succeeds"), ("B A ber", "succeeds")],
    );
}

// ---------------------------------------------------------------------------------------------
// 1898
// ---------------------------------------------------------------------------------------------

#[test]
fn y1898_opening_and_first_year_home_centres_are_taken_first() {
    let mut g = game("1898");
    assert_eq!(phase(&g), "Spring 1898 Movement");
    assert_eq!(g.position.units.len(), 7);
    orders(&mut g, "Germany", "A kie - ber");
    orders(&mut g, "Italy", "A nap - rom");
    orders(&mut g, "France", "A bre - par");
    orders(&mut g, "England", "F edi - nth");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A kie - ber", "succeeds"), ("A bre - par", "succeeds")],
    );
    assert_eq!(phase(&g), "Fall 1898 Movement");
    orders(&mut g, "France", "A par - bur");
    orders(&mut g, "England", "F nth - lon");
    let out = play(&mut g);
    expect(&g, &out, &[("F nth - lon", "succeeds")]);
    assert_eq!(phase(&g), "Winter 1898 Adjustment");
    assert_eq!(owner(&g, "ber").as_deref(), Some("Germany"));
    assert_eq!(owner(&g, "rom").as_deref(), Some("Italy"));
    assert_eq!(owner(&g, "lon").as_deref(), Some("England"));
    assert_eq!(owner(&g, "par"), None, "France passed through Paris");
    orders(&mut g, "Germany", "Build F kie");
    orders(&mut g, "Italy", "Build F nap");
    orders(&mut g, "England", "Build F edi");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("B F kie", "succeeds"),
            ("B F nap", "succeeds"),
            ("B F edi", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Spring 1899 Movement");
    assert_eq!((units(&g, "Germany"), units(&g, "France")), (2, 1));
}

#[test]
fn y1898_no_build_in_a_home_centre_not_yet_owned() {
    let mut g = game("1898");
    board(
        &mut g,
        r#"
phase = "Winter 1898 Adjustment"
[units]
Russia = ["A war"]
[centres]
Russia = ["stp", "war", "sev"]
"#,
    );
    orders(&mut g, "Russia", "Build A mos\nBuild F sev");
    let out = play(&mut g);
    expect(&g, &out, &[("B A mos", "illegal"), ("B F sev", "succeeds")]);
}

// ---------------------------------------------------------------------------------------------
// Cold War
// ---------------------------------------------------------------------------------------------

#[test]
fn coldwar_opening_and_first_year() {
    let mut g = game("coldwar");
    assert_eq!(phase(&g), "Spring 1960 Movement");
    orders(
        &mut g,
        "NATO",
        "A par - wge\nF lon - nts\nF ist - ukr\nA nyk - que\nA los - mex\nF aus - ins",
    );
    orders(
        &mut g,
        "USSR",
        "A mos - ukr\nF len/sc - bal\nA vla - nko\nF alb - grc\nF hav - gom\nA sha - man",
    );
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A mos - ukr", "fails"),
            ("F ist - ukr", "fails"),
            ("A par - wge", "succeeds"),
            ("F len/sc - bal", "succeeds"),
            ("F aus - ins", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1960 Movement");
    // New York reaches Toronto through Quebec (godip has no New York-Toronto edge).
    orders(&mut g, "NATO", "F nts - swe\nA wge H\nA que - tor\nF ins H");
    orders(&mut g, "USSR", "A mos - ege\nA nko - seo\nF bal - swe");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F nts - swe", "fails"),
            ("F bal - swe", "fails"),
            ("A mos - ege", "succeeds"),
            ("A nko - seo", "succeeds"),
            ("A que - tor", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1960 Adjustment");
    assert_eq!((centres(&g, "NATO"), centres(&g, "USSR")), (9, 8));
    assert_eq!(owner(&g, "swe"), None);
    orders(&mut g, "NATO", "Build F lon\nBuild A par\nBuild A nyk");
    orders(&mut g, "USSR", "Build A mos\nBuild F len/nc");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B F lon", "succeeds"), ("B F len/nc", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1961 Movement");
    assert_eq!((units(&g, "NATO"), units(&g, "USSR")), (9, 8));
}

#[test]
fn coldwar_bridges_canals_and_the_danish_straits() {
    let mut g = game("coldwar");
    board(
        &mut g,
        r#"
phase = "Spring 1960 Movement"
[units]
NATO = ["A aus", "F car", "F nts"]
USSR = ["F eme", "F bla"]
"#,
    );
    // Indonesia is a bridge away from Australia; Panama and Istanbul are passed through; the
    // North Sea does not touch the Baltic.
    orders(&mut g, "NATO", "A aus - ins\nF car - pan\nF nts - bal");
    orders(&mut g, "USSR", "F eme - egy\nF bla - ist");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A aus - ins", "succeeds"),
            ("F car - pan", "succeeds"),
            ("F nts - bal", "illegal"),
            ("F eme - egy", "succeeds"),
            ("F bla - ist", "succeeds"),
        ],
    );
    orders(&mut g, "NATO", "A ins - phi\nF pan - epa\nF nts - den");
    orders(&mut g, "USSR", "F egy - red\nF ist - eme");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A ins - phi", "succeeds"),
            ("F pan - epa", "succeeds"),
            ("F nts - den", "succeeds"),
            ("F egy - red", "succeeds"),
            ("F ist - eme", "succeeds"),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// North Sea Wars
// ---------------------------------------------------------------------------------------------

#[test]
fn northseawars_opening_and_first_year() {
    let mut g = game("northseawars");
    assert_eq!(phase(&g), "Spring 0 Movement");
    orders(&mut g, "Britons", "F sbr - wns\nA cym - nbr");
    orders(&mut g, "Romans", "F men - bat\nA ges - mag");
    orders(&mut g, "Frysians", "F fri - lns\nA ams - mag");
    orders(&mut g, "Norse", "F sor - ens\nA got - sea");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A ges - mag", "fails"),
            ("A ams - mag", "fails"),
            ("F men - bat", "succeeds"),
            ("A got - sea", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 0 Movement");
    orders(&mut g, "Britons", "A nbr - ala\nF wns - cns");
    orders(&mut g, "Norse", "F ens - lim\nA sea H");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("A nbr - ala", "succeeds"), ("F ens - lim", "succeeds")],
    );
    assert_eq!(phase(&g), "Winter 0 Adjustment");
    for (centre, power) in [("ala", "Britons"), ("bat", "Romans"), ("lim", "Norse")] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    orders(&mut g, "Britons", "Build A cym");
    orders(&mut g, "Romans", "Build F men");
    orders(&mut g, "Norse", "Build F sor");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B A cym", "succeeds"), ("B F sor", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1 Movement");
    assert_eq!((units(&g, "Britons"), units(&g, "Frysians")), (3, 2));
}

#[test]
fn northseawars_the_trade_provinces_have_no_way_back() {
    let mut g = game("northseawars");
    board(
        &mut g,
        "phase = \"Spring 0 Movement\"\n[units]\nBritons = [\"F cns\"]\n",
    );
    orders(&mut g, "Britons", "F cns - woo");
    let out = play(&mut g);
    expect(&g, &out, &[("F cns - woo", "succeeds")]);
    orders(&mut g, "Britons", "F woo - cns");
    let out = play(&mut g);
    expect(&g, &out, &[("F woo - cns", "illegal")]);
    // One centre for one unit: no adjustments.
    assert_eq!(phase(&g), "Spring 1 Movement");
    assert_eq!(owner(&g, "woo").as_deref(), Some("Britons"));
    orders(&mut g, "Britons", "F woo - gra");
    let out = play(&mut g);
    expect(&g, &out, &[("F woo - gra", "succeeds")]);
}

// ---------------------------------------------------------------------------------------------
// Youngstown Redux
// ---------------------------------------------------------------------------------------------

#[test]
fn youngstownredux_opening_and_first_year() {
    let mut g = game("youngstownredux");
    assert_eq!(phase(&g), "Spring 1901 Movement");
    orders(
        &mut g,
        "Germany",
        "A mun - swi\nF kie - den\nA col - hol\nA ber - pru\nF tsi - yel",
    );
    orders(
        &mut g,
        "Italy",
        "A mil - swi\nF nap - ion\nF mog - awd\nA rom H",
    );
    orders(
        &mut g,
        "France",
        "A par - bug\nA mar - spa\nF bre - mid\nF sai - cam",
    );
    orders(
        &mut g,
        "China",
        "A pek - man\nA gua - vit\nF sha - ecs\nA wuh H",
    );
    orders(
        &mut g,
        "Japan",
        "F tok - npo\nF osa - ecs\nF sap - soj\nA kyo H",
    );
    orders(
        &mut g,
        "Turkey",
        "A con - bul\nF ank - bla\nA bag - per\nA mec H",
    );
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("A mun - swi", "fails"),
            ("A mil - swi", "fails"),
            ("F sha - ecs", "fails"),
            ("F osa - ecs", "fails"),
            ("F tsi - yel", "succeeds"),
            ("F mog - awd", "succeeds"),
            ("A gua - vit", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Fall 1901 Movement");
    orders(&mut g, "Germany", "A hol H\nF den H\nF yel - kor");
    orders(&mut g, "France", "A spa H\nF cam H\nF mid - por");
    orders(&mut g, "Russia", "F vla - kor");
    // Mogadishu's fleet reaches Ethiopia through Awdal (armies only between the two, as godip).
    orders(&mut g, "Italy", "F awd - eth");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F awd - eth", "succeeds"),
            ("F yel - kor", "fails"),
            ("F vla - kor", "fails"),
            ("F mid - por", "succeeds"),
        ],
    );
    assert_eq!(phase(&g), "Winter 1901 Adjustment");
    for (centre, power) in [
        ("hol", "Germany"),
        ("den", "Germany"),
        ("spa", "France"),
        ("cam", "France"),
        ("por", "France"),
        ("eth", "Italy"),
        ("man", "China"),
        ("vit", "China"),
        ("bul", "Turkey"),
        ("per", "Turkey"),
    ] {
        assert_eq!(owner(&g, centre).as_deref(), Some(power), "{centre}");
    }
    orders(&mut g, "Germany", "Build A col\nBuild F kie");
    orders(&mut g, "France", "Build F sai\nBuild A par\nBuild F bre");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("B F kie", "succeeds"), ("B F sai", "succeeds")],
    );
    assert_eq!(phase(&g), "Spring 1902 Movement");
    assert_eq!((units(&g, "Germany"), units(&g, "France")), (7, 7));
}

#[test]
fn youngstownredux_the_boxes_go_around_the_world() {
    let mut g = game("youngstownredux");
    board(
        &mut g,
        r#"
phase = "Spring 1901 Movement"
[units]
Britain = ["F nao", "F bxd", "F bxh"]
Japan = ["F spo"]
"#,
    );
    // The North Atlantic to its box; box D (the North Pacific's) to its sea; box H across its
    // row; the South Pacific to its box.
    orders(&mut g, "Britain", "F nao - bxa\nF bxd - npo\nF bxh - bxc");
    orders(&mut g, "Japan", "F spo - bxe");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[
            ("F nao - bxa", "succeeds"),
            ("F bxd - npo", "succeeds"),
            ("F bxh - bxc", "succeeds"),
            ("F spo - bxe", "succeeds"),
        ],
    );
    orders(&mut g, "Britain", "F bxa - bxd\nF npo - eio");
    let out = play(&mut g);
    expect(
        &g,
        &out,
        &[("F bxa - bxd", "succeeds"), ("F npo - eio", "illegal")],
    );
}

#[test]
fn era_of_empire_converts_a_unit_in_an_owned_centre() {
    let mut g = game("era_of_empire");
    // Two movement phases of holds: the winter is held, since units stand in owned centres.
    play(&mut g);
    play(&mut g);
    assert_eq!(g.position.phase.kind, diplo_engine::PhaseKind::Adjustment);
    let britain = g.map.power_by_name("Britain").unwrap();
    let fleet = g
        .position
        .units
        .iter()
        .find(|u| {
            u.power == britain
                && u.kind == diplo_map::UnitKind::Fleet
                && g.map.province(u.location.province).supply_centre
                && g.map.province(u.location.province).terrain == diplo_map::Terrain::Coast
        })
        .copied()
        .expect("a British fleet in a coastal centre");
    let order = format!("Convert {}", fleet.short(&g.map));
    orders(&mut g, "Britain", &order);
    let out = play(&mut g);
    expect(&g, &out, &[(order.as_str(), "succeeds")]);
    let now = g.position.unit_in(fleet.location.province).unwrap();
    assert_eq!(now.kind, diplo_map::UnitKind::Army);
}

// ---------------------------------------------------------------------------------------------
// Western World 901
// ---------------------------------------------------------------------------------------------

#[test]
fn westernworld901_a_dislodged_neutral_army_is_disbanded_then_rebuilt_in_its_centre() {
    let mut g = game("westernworld901");
    assert_eq!(phase(&g), "Spring 901 Movement");
    assert_eq!(units(&g, "Neutral"), 28);
    // As in godip's game_2: the fleet of Cherson, supported from Tamantarka, takes Pechenega's
    // east coast. The neutral army could retreat to Severyana, but it is disbanded at once.
    orders(&mut g, "Eastern Roman Empire", "F crn - pec/ec");
    orders(&mut g, "Khaganate of Khazaria", "A tam S F crn - pec");
    let out = play(&mut g);
    expect(&g, &out, &[("F crn - pec/ec", "succeeds")]);
    assert_eq!(phase(&g), "Fall 901 Movement", "no retreat phase");
    assert_eq!(units(&g, "Neutral"), 27);
    // The fleet sails back: Pechenega stays neutral, and empty.
    orders(&mut g, "Eastern Roman Empire", "F pec/ec - crn");
    play(&mut g);
    assert_eq!(phase(&g), "Winter 901 Adjustment");
    assert_eq!(owner(&g, "pec").as_deref(), Some("Neutral"));
    let out = play(&mut g);
    assert_eq!(unit_at(&g, "pec").as_deref(), Some("A pec"), "rebuilt");
    assert!(
        out.adjudication
            .automatic
            .iter()
            .any(|a| a.reason_text(&g.map).contains("rebuilds")),
        "{:?}",
        out.adjudication.automatic
    );
    assert_eq!(units(&g, "Neutral"), 28);
}

#[test]
fn westernworld901_builds_in_any_owned_centre() {
    let mut g = game("westernworld901");
    // West Frankish owns Brittany, its neutral army gone, and its four home centres are full.
    let btt = g.map.province_by_name("btt").unwrap();
    g.position.units.retain(|u| u.location.province != btt);
    g.position.owners[btt.index()] = g.map.power_by_name("West Frankish Kingdom");
    g.position.phase = Phase::parse("Winter 901 Adjustment", &g.map).unwrap();
    orders(&mut g, "West Frankish Kingdom", "Build F btt");
    let out = play(&mut g);
    expect(&g, &out, &[("B F btt", "succeeds")]);
    assert_eq!(units(&g, "West Frankish Kingdom"), 5);
}

// ---------------------------------------------------------------------------------------------
// 1800: Empires and Coalitions
// ---------------------------------------------------------------------------------------------

#[test]
fn empiresandcoalitions_denmark_builds_in_sweden_once_captured() {
    let mut g = game("empiresandcoalitions");
    assert_eq!(phase(&g), "Spring 1800 Movement");
    // Sweden is Denmark's home centre, but not Denmark's at the start.
    assert_eq!(owner(&g, "swe"), None);
    assert_eq!(centres(&g, "Denmark"), 2);
    orders(&mut g, "Denmark", "F cop - swe");
    play(&mut g);
    play(&mut g);
    assert_eq!(owner(&g, "swe").as_deref(), Some("Denmark"));
    assert_eq!(phase(&g), "Winter 1800 Adjustment");
    // Sweden is occupied; Copenhagen, the home centre the fleet left, takes the build.
    orders(&mut g, "Denmark", "Build F cop");
    let out = play(&mut g);
    expect(&g, &out, &[("B F cop", "succeeds")]);
    // 1801: the Swedish fleet takes Finland and leaves Sweden empty: a build there.
    orders(&mut g, "Denmark", "F swe - fil");
    play(&mut g);
    play(&mut g);
    assert_eq!(owner(&g, "fil").as_deref(), Some("Denmark"));
    assert_eq!(unit_at(&g, "swe"), None);
    orders(&mut g, "Denmark", "Build A swe");
    let out = play(&mut g);
    expect(&g, &out, &[("B A swe", "succeeds")]);
    assert_eq!(units(&g, "Denmark"), 4);
}

#[test]
fn empiresandcoalitions_britain_s_liverpool_fleet_starts_in_gibraltar_a_convoying_coast() {
    let g = game("empiresandcoalitions");
    assert_eq!(unit_at(&g, "gib").as_deref(), Some("F gib"));
    assert_eq!(unit_at(&g, "lie"), None);
    assert_eq!(owner(&g, "lie").as_deref(), Some("Britain"));
    let gib = g.map.province_by_name("gib").unwrap();
    assert!(g.map.province(gib).convoyable && !g.map.province(gib).supply_centre);
}
