//! The Pure map (`pure`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

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
