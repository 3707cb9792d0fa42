//! The ruleset choices for DATC 2.4 chapter 7's disputable assumptions (the Colonial variant's
//! Trans-Siberian Railroad and Suez Canal) and DATC 3.2 5.B.9's other cycles, each checked on a
//! small position where the choices differ. The document's own readings are also the DATC cases'
//! (`datc/2.4-7.*.toml`); here each alternative is set against it.

use diplo_engine::{adjudicate, Adjudication, Position};
use diplo_map::Map;
use diplo_orders::parse_order;
use diplo_rules::Ruleset;
use rstest::rstest;

/// Adjudicates `orders` (one `Power: order` per line) on `pos` (position TOML) on `map` under
/// the DATC ruleset with `overrides` (`key=choice`).
fn run(map: &Map, pos: &str, orders: &str, overrides: &[&str]) -> Adjudication {
    let mut rules = Ruleset::datc();
    for o in overrides {
        rules.apply_override(o).unwrap();
    }
    let pos = Position::from_toml_str(map, pos, "test").unwrap();
    let orders: Vec<_> = orders
        .lines()
        .map(|l| {
            let (power, order) = parse_order(map, l).unwrap();
            (power.unwrap(), order)
        })
        .collect();
    adjudicate(map, &rules, &pos, &orders)
}

fn colonial() -> Map {
    Map::embedded("colonial").unwrap().unwrap()
}

/// The result word of each order, in order (with `dislodged` appended where it is).
fn words(adj: &Adjudication) -> Vec<String> {
    adj.results
        .iter()
        .map(|r| match r.tag {
            Some(t) => format!("{}, {}", r.resolution.word(), t.word()),
            None => r.resolution.word().to_string(),
        })
        .collect()
}

/// The reason of the first result in words (these orders write no coast, so no order is
/// needed to name one).
fn first_reason(map: &Map, adj: &Adjudication) -> String {
    adj.results[0].reason.display(map, None).to_string()
}

/// Whether a unit of `power` stands in `province` after the turn.
fn stands_in(map: &Map, adj: &Adjudication, power: &str, province: &str) -> bool {
    let p = map.province_by_name(province).unwrap();
    let w = map.power_by_name(power).unwrap();
    adj.next
        .units
        .iter()
        .any(|u| u.location.province == p && u.power == w)
}

/// A spring position on the colonial map: Russia owns its railroad centres.
fn spring(units: &str) -> String {
    format!(
        "phase = \"Spring 1870 Movement\"\n[units]\n{units}\n[centres]\nRussia = [\"mos\", \"oms\", \"vla\"]\n"
    )
}

/// 7.B.4: a Russian army moving into Omsk bounces the train (`bounces`), or the train passes
/// through it and neither stops the other (`passes`).
#[rstest]
#[case("bounces", &["fails", "fails"], "prm", "akm")]
#[case("passes", &["succeeds", "succeeds"], "vla", "oms")]
fn railroad_bounce_own(
    #[case] choice: &str,
    #[case] expected: &[&str],
    #[case] train_ends: &str,
    #[case] other_ends: &str,
) {
    let map = colonial();
    let adj = run(
        &map,
        &spring(r#"Russia = ["A mos", "A akm"]"#),
        "Russia: A Moscow - TSR - Vladivostok\nRussia: A Akmolinsk - Omsk",
        &[&format!("railroad_bounce_own={choice}")],
    );
    assert_eq!(words(&adj), expected);
    assert!(stands_in(&map, &adj, "Russia", train_ends));
    assert!(stands_in(&map, &adj, "Russia", other_ends));
}

/// 7.B.3: the train passes through a Russian army that holds (`unless-dislodged`), or stops
/// before it as before any other unit (`blocked`).
#[rstest]
#[case("unless-dislodged", "succeeds", "vla")]
#[case("blocked", "fails", "prm")]
fn railroad_pass_own(#[case] choice: &str, #[case] expected: &str, #[case] ends: &str) {
    let map = colonial();
    let adj = run(
        &map,
        &spring(r#"Russia = ["A mos", "A oms"]"#),
        "Russia: A Moscow - TSR - Vladivostok\nRussia: A Omsk Hold",
        &[&format!("railroad_pass_own={choice}")],
    );
    assert_eq!(words(&adj), [expected, "stands"]);
    assert!(stands_in(&map, &adj, "Russia", ends));
}

/// 7.B.15: a support of the railroad move counts only on its final part (`last-part`: the train
/// bounces in Omsk with the Turkish army), or on every part (`every-part`: it passes, 2 to 1).
#[rstest]
#[case("last-part", &["fails", "given", "fails"], "prm")]
#[case("every-part", &["succeeds", "given", "fails"], "vla")]
fn railroad_support(#[case] choice: &str, #[case] expected: &[&str], #[case] ends: &str) {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Russia = [\"A mos\", \"A irk\"]\nTurkey = [\"A ore\"]"),
        "Russia: A Moscow - TSR - Vladivostok\nRussia: A Irkutsk Supports A Moscow - Vladivostok\nTurkey: A Orenburg - Omsk",
        &[&format!("railroad_support={choice}")],
    );
    assert_eq!(words(&adj), expected);
    assert!(stands_in(&map, &adj, "Russia", ends));
}

/// 7.B.14: the railroad move cuts no support (`no-cut`: the Russian army in Seoul is
/// dislodged), or cuts the support in a place it tries to enter (`cuts`).
#[rstest]
#[case("no-cut", &["fails", "stands, dislodged", "given", "succeeds"])]
#[case("cuts", &["fails", "stands", "cut", "fails"])]
fn railroad_cut(#[case] choice: &str, #[case] expected: &[&str]) {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Russia = [\"A mos\", \"A seo\"]\nChina = [\"A vla\", \"A mac\"]"),
        "Russia: A Moscow - TSR - Vladivostok\nRussia: A Seoul Hold\nChina: A Vladivostok Supports A Manchuria - Seoul\nChina: A Manchuria - Seoul",
        &[&format!("railroad_cut={choice}")],
    );
    assert_eq!(words(&adj), expected);
}

/// 7.B.29: the train wins the head-to-head battle over Perm but cannot dislodge
/// (`no-dislodge`), or it dislodges the British army and moves (`dislodges`).
#[rstest]
#[case("no-dislodge", &["fails", "fails", "given"], "mos")]
#[case("dislodges", &["fails, dislodged", "succeeds", "given"], "prm")]
fn railroad_head_to_head(#[case] choice: &str, #[case] expected: &[&str], #[case] ends: &str) {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Britain = [\"A prm\"]\nRussia = [\"A mos\", \"A oms\"]"),
        "Britain: A Perm - Moscow\nRussia: A Moscow - TSR - Perm\nRussia: A Omsk Supports A Moscow - Perm",
        &[&format!("railroad_head_to_head={choice}")],
    );
    assert_eq!(words(&adj), expected);
    assert!(stands_in(&map, &adj, "Russia", ends));
}

/// 7.B.24: under `szykman-last-part` the part into Krasnoyarsk fails but bounces the British
/// army, so the British ring fails and the train cannot pass Perm; under `whole-move-fails` the
/// train has no effect and the British ring moves.
#[rstest]
#[case("szykman-last-part", &["fails", "fails", "fails", "fails", "succeeds"])]
#[case("whole-move-fails", &["fails", "succeeds", "succeeds", "succeeds", "succeeds"])]
fn railroad_paradox(#[case] choice: &str, #[case] expected: &[&str]) {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Russia = [\"A mos\"]\nBritain = [\"A prm\", \"A ore\", \"A akm\"]\nChina = [\"A mac\"]"),
        "Russia: A Moscow - TSR - Vladivostok\nBritain: A Perm - Orenburg\nBritain: A Orenburg - Akmolinsk\nBritain: A Akmolinsk - Krasnoyarsk\nChina: A Manchuria - Irkutsk",
        &[&format!("railroad_paradox={choice}")],
    );
    assert_eq!(words(&adj), expected);
    assert!(stands_in(&map, &adj, "Russia", "mos"));
}

/// 7.B.32 and 7.B.33 under the only choices of `railroad_retreat` and `railroad_two_units`:
/// two railroad moves both hold (and may be supported to hold).
#[test]
fn railroad_two_units_both_hold() {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Russia = [\"A mos\", \"A vla\", \"A prm\"]\nTurkey = [\"A ore\", \"A bak\"]"),
        "Russia: A Moscow - TSR - Omsk\nRussia: A Vladivostok - TSR - Krasnoyarsk\nRussia: A Perm Supports A Moscow\nTurkey: A Orenburg - Moscow\nTurkey: A Baku Supports A Orenburg - Moscow",
        &["railroad_two_units=both-hold", "railroad_retreat=not-allowed"],
    );
    assert_eq!(
        words(&adj),
        ["illegal", "illegal", "given", "fails", "given"]
    );
}

/// 7.C.5: two Russian fleets both wanting the canal: under `one` neither gets permission and the
/// British fleet dislodges the one in the Red Sea; under `every` both may pass, the Red Sea fleet
/// loses its head-to-head battle, and the British attack is stood off by the Mediterranean fleet.
#[rstest]
#[case("one", &["given", "fails", "fails, dislodged", "given", "succeeds"])]
#[case("every", &["given", "fails", "fails", "given", "fails"])]
fn canal_permission(#[case] choice: &str, #[case] expected: &[&str]) {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Russia = [\"F egy\", \"F med\", \"F red\"]\nBritain = [\"F mec\", \"F ade\"]"),
        "Russia: F Egypt Supports F Mediterranean Sea - Red Sea\nRussia: F Mediterranean Sea - Red Sea\nRussia: F Red Sea - Mediterranean Sea\nBritain: F Mecca Supports F Aden - Red Sea\nBritain: F Aden - Red Sea",
        &[&format!("canal_permission={choice}")],
    );
    assert_eq!(words(&adj), expected);
}

/// 7.C.12: under `canal-move-fails` only the canal move fails, so the support from the Red Sea
/// stands and the fleet in Egypt is dislodged; under `all-hold` every move of the paradox fails.
#[rstest]
#[case("canal-move-fails", &["fails", "stands, dislodged", "given", "succeeds"])]
#[case("all-hold", &["fails", "stands", "given", "fails"])]
fn canal_paradox(#[case] choice: &str, #[case] expected: &[&str]) {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Russia = [\"F med\", \"F egy\"]\nBritain = [\"F red\", \"A sud\"]"),
        "Russia: F Mediterranean Sea - Red Sea\nRussia: F Egypt Hold\nBritain: F Red Sea Supports A Sudan - Egypt\nBritain: A Sudan - Egypt",
        &[&format!("canal_paradox={choice}")],
    );
    assert_eq!(words(&adj), expected);
}

/// 7.C.13: with the rules applied together the Szykman rule also fails the convoy (the army in
/// Aden does not move); with the canal rule first the paradox is gone before the convoy rule is
/// needed, and the army in Aden dislodges the army in Egypt.
#[rstest]
#[case("together", &["stands", "given", "fails", "disrupted", "given", "fails"])]
#[case("variant-first", &["stands, dislodged", "given", "fails", "available", "given", "succeeds"])]
fn variant_paradox(#[case] choice: &str, #[case] expected: &[&str]) {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Turkey = [\"A egy\", \"F mec\", \"F med\"]\nBritain = [\"F red\", \"A sud\", \"A ade\"]"),
        "Turkey: A Egypt Hold\nTurkey: F Mecca Supports F Mediterranean Sea - Red Sea\nTurkey: F Mediterranean Sea - Red Sea\nBritain: F Red Sea Convoys A Aden - Egypt\nBritain: A Sudan Supports A Aden - Egypt\nBritain: A Aden - Egypt",
        &[&format!("variant_paradox={choice}")],
    );
    assert_eq!(words(&adj), expected);
}

/// DATC 3.2 5.B.9's last rule: two supports that cut each other only when the other stands
/// (difficult passable borders, DATC 2.4 chapter 10: a move over one cuts only with support from
/// a power other than the supporter's) form a cycle that is neither circular movement nor a
/// convoy paradox. `all-fail`: both supports fail; `unresolved`: reported unresolved.
#[rstest]
#[case("all-fail", &["cut", "fails", "cut", "fails"])]
#[case("unresolved", &["unresolved", "fails", "unresolved", "fails"])]
fn other_cycles(#[case] choice: &str, #[case] expected: &[&str]) {
    let map = Map::from_toml_str(
        r#"
name = "standard-two-difficult-borders"
extends = "standard"
title = "Standard with difficult borders Picardy-Belgium and Kiel-Holland (test)"

[[border]]
between = ["pic", "bel"]
difficult = true

[[border]]
between = ["kie", "hol"]
difficult = true
"#,
        "test.toml",
    )
    .unwrap();
    let adj = run(
        &map,
        "phase = \"Spring 1901 Movement\"\n[units]\nFrance = [\"A bel\"]\nRussia = [\"A kie\"]\nGermany = [\"A hol\"]\nEngland = [\"A pic\"]\n",
        "France: A Belgium Supports A Kiel - Holland\nRussia: A Kiel - Holland\nGermany: A Holland Supports A Picardy - Belgium\nEngland: A Picardy - Belgium",
        &[&format!("other_cycles={choice}")],
    );
    assert_eq!(words(&adj), expected);
    if choice == "unresolved" {
        let reason = first_reason(&map, &adj);
        assert!(
            reason.contains("neither circular movement nor a convoy paradox")
                && reason.contains("A Belgium Supports A Kiel - Holland"),
            "{reason}"
        );
    }
}

/// Errata 9.21 and the line itself: only armies of the railroad's powers, from a place on the
/// line to another; anything else is illegal (the unit holds). A permission needs a unit in the
/// canal province.
#[rstest]
#[case(
    "Russia: A Seoul - TSR - Vladivostok",
    "Seoul is not on the Trans-Siberian Railroad"
)]
#[case(
    "Russia: A Moscow - TSR - Seoul",
    "Seoul is not on the Trans-Siberian Railroad"
)]
#[case(
    "Turkey: A Perm - TSR - Omsk",
    "Turkey may not use the Trans-Siberian Railroad"
)]
#[case(
    "Russia: F Mediterranean Sea - TSR - Omsk",
    "there is no unit in Mediterranean Sea"
)]
#[case(
    "Turkey: SC F Red Sea - Mediterranean Sea",
    "Turkey has no unit in Egypt, so it cannot permit passage"
)]
#[case(
    "Russia: SC F Red Sea - Arabian Sea",
    "no canal joins Red Sea and Arabian Sea"
)]
fn illegal_railroad_and_canal_orders(#[case] order: &str, #[case] reason: &str) {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Russia = [\"A mos\", \"A seo\", \"F egy\"]\nTurkey = [\"A prm\", \"F red\"]"),
        order,
        &[],
    );
    assert_eq!(words(&adj), ["illegal"]);
    assert_eq!(first_reason(&map, &adj), reason);
}

/// A railroad move stopped part-way ends in the nearest place before the blocked one that is
/// empty at the end of the turn (errata 9.23 (3)); the army stands there in the next position.
#[test]
fn a_stopped_railroad_move_ends_before_the_blocking_unit() {
    let map = colonial();
    let adj = run(
        &map,
        &spring("Russia = [\"A mos\", \"A kra\"]\nChina = [\"A irk\"]"),
        "Russia: A Moscow - TSR - Vladivostok\nRussia: A Krasnoyarsk Hold\nChina: A Irkutsk Hold",
        &[],
    );
    assert_eq!(words(&adj), ["fails", "stands", "stands"]);
    assert!(stands_in(&map, &adj, "Russia", "oms"));
    assert!(!stands_in(&map, &adj, "Russia", "mos"));
    assert!(
        first_reason(&map, &adj).ends_with("it ends in Omsk"),
        "{}",
        first_reason(&map, &adj)
    );
}
