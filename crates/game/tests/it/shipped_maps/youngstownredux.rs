//! The Youngstown Redux map (`youngstownredux`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

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
