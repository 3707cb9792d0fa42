//! The 1900 map (`1900`), played through `Game`: its opening and first year, and each of its special rules.

use diplo_game::Game;

use super::*;

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
