//! The Ancient Mediterranean map (`ancmed`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

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
