//! The Modern map (`modern`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

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
