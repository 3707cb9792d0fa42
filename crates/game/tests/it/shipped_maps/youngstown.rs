//! The Youngstown map (`youngstown`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

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
