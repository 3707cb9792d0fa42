//! The Cold War map (`coldwar`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

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
