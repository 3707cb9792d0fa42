//! The World map (`world`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

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
