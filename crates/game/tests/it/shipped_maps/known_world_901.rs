//! The Known World 901 map (`known_world_901`), played through `Game`: its opening and first year, and each of its special rules.

use super::*;

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
        Some("Neutral-State"),
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
