//! Policy choices that no DATC case exercises, checked on small positions.

use diplo_engine::{adjudicate, Adjudication, Position};
use diplo_map::Map;
use diplo_orders::parse_order;
use diplo_rules::Ruleset;
use rstest::rstest;

/// Adjudicates `orders` (one `Power: order` per line) on the position `pos` (position TOML)
/// under the DATC ruleset with `overrides` (`key=choice`).
fn run(pos: &str, orders: &str, overrides: &[&str]) -> (Map, Adjudication) {
    let map = Map::standard();
    let mut rules = Ruleset::datc();
    for o in overrides {
        rules.apply_override(o).unwrap();
    }
    let pos = Position::from_toml_str(&map, pos, "test").unwrap();
    let orders: Vec<_> = orders
        .lines()
        .map(|l| {
            let (power, order) = parse_order(&map, l).unwrap();
            (power.unwrap(), order)
        })
        .collect();
    let adj = adjudicate(&map, &rules, &pos, &orders);
    (map, adj)
}

/// The result word of each order, in order.
fn words(adj: &Adjudication) -> Vec<&'static str> {
    adj.results.iter().map(|r| r.resolution.word()).collect()
}

const RUSSIA_BUILDS_ONE: &str = r#"
phase = "Winter 1901 Adjustment"
[units]
Russia = ["A war", "F sev", "F stp/sc"]
[centres]
Russia = ["mos", "war", "sev", "stp"]
"#;

/// DATC 4.D.7: under `not-allowed` an order to decline is illegal and ignored, so it uses no
/// build and the next build order is carried out; under `allowed` the decline uses the build;
/// under `after-builds` the build is made and the decline, left without a build, is illegal.
#[rstest]
#[case("allowed", &["succeeds", "illegal"], 3)]
#[case("not-allowed", &["illegal", "succeeds"], 4)]
#[case("after-builds", &["illegal", "succeeds"], 4)]
fn declining_a_build(#[case] choice: &str, #[case] expected: &[&str], #[case] units: usize) {
    let rule = format!("declining_builds={choice}");
    let (_, adj) = run(
        RUSSIA_BUILDS_ONE,
        "Russia: Build waive\nRussia: Build A Moscow",
        &[&rule],
    );
    assert_eq!(words(&adj), expected);
    assert_eq!(adj.next.units.len(), units);
}

/// DATC 4.D.7 b: a build that is neither ordered nor declined is not made under either choice
/// (no document gives a rule for a forgotten build).
#[rstest]
#[case("allowed")]
#[case("not-allowed")]
#[case("after-builds")]
fn an_unordered_build_is_not_made(#[case] choice: &str) {
    let rule = format!("declining_builds={choice}");
    let (_, adj) = run(RUSSIA_BUILDS_ONE, "Russia: Disband A Warsaw", &[&rule]);
    assert_eq!(words(&adj), ["illegal"]);
    assert_eq!(adj.next.units.len(), 3);
    assert!(adj.automatic.is_empty());
}

const SPRING: &str = r#"
phase = "Spring 1901 Movement"
[units]
Germany = ["A mun", "A ruh"]
Russia = ["A sil", "A boh"]
England = ["A lon", "F mao"]
Turkey = ["F bot", "A swe"]
"#;

/// DATC 2.4 4.E.1: Walker's A Mun-Mos (an order valid in no position) and a convoy whose
/// fleets are missing (valid in some position). Under `any-position` (2.4 c) the first is
/// ignored, so Munich keeps its hold support; the second is a legal move and a legal convoy.
#[rstest]
#[case("ignored", &["illegal", "given", "fails", "given", "illegal", "illegal", "illegal"])]
#[case("dptg", &["illegal", "invalid", "succeeds", "given", "illegal", "illegal", "illegal"])]
#[case("any-position", &["illegal", "given", "fails", "given", "invalid", "available", "illegal"])]
fn legality_in_some_position(#[case] choice: &str, #[case] expected: &[&str]) {
    let rule = format!("illegal_orders={choice}");
    let (_, adj) = run(
        SPRING,
        "Germany: A Munich - Moscow\n\
         Germany: A Ruhr Supports A Munich\n\
         Russia: A Silesia - Munich\n\
         Russia: A Bohemia Supports A Silesia - Munich\n\
         England: A London - Tunis\n\
         England: F Mid-Atlantic Ocean Convoys A London - Tunis\n\
         Turkey: F Gulf of Bothnia Convoys A Sweden - Norway",
        &[&rule],
    );
    assert_eq!(words(&adj), expected);
}

/// DATC 6.F.30's position (A London - Belgium convoyed by the English Channel, F Belgium -
/// English Channel) with `extra` units and orders.
fn brannan_position(extra_units: &str) -> String {
    format!(
        r#"
phase = "Spring 1901 Movement"
[units]
England = ["A lon", "F eng", "F nth"{extra_units}]
France = ["F bel", "F bre", "F pic"]
"#
    )
}

const F30: &str = "England: A London - Belgium\n\
    England: F English Channel Convoys A London - Belgium\n\
    France: F Belgium - English Channel\n\
    France: F Brest Supports F Belgium - English Channel";

/// Brannan's rule, head-to-head part (DATC 4.A.4 point 1): the convoyed attack and the move
/// into its last fleet's province meet head to head, so the stronger one wins, and the move
/// into the fleet's province must also beat the fleet. Under `army-province` and `dptg` the
/// move into the English Channel only has to beat the fleet there.
#[rstest]
// The army is stronger (North Sea and Holland support it): it wins the head-to-head.
#[case("brannan", ", \"F hol\"", "England: F North Sea Supports A London - Belgium\nEngland: F Holland Supports A London - Belgium", &["succeeds", "available", "fails", "given", "given", "given"], true)]
#[case("army-province", ", \"F hol\"", "England: F North Sea Supports A London - Belgium\nEngland: F Holland Supports A London - Belgium", &["fails", "disrupted", "succeeds", "given", "given", "given"], false)]
#[case("dptg", ", \"F hol\"", "England: F North Sea Supports A London - Belgium\nEngland: F Holland Supports A London - Belgium", &["fails", "disrupted", "succeeds", "given", "given", "given"], false)]
// The fleet is stronger (Brest and Picardy support it): it beats the army and the Channel.
#[case("brannan", "", "England: F North Sea Supports A London - Belgium\nFrance: F Picardy Supports F Belgium - English Channel", &["fails", "disrupted", "succeeds", "given", "given", "given"], false)]
fn brannan_head_to_head(
    #[case] choice: &str,
    #[case] extra_units: &str,
    #[case] extra_orders: &str,
    #[case] expected: &[&str],
    #[case] army_arrives: bool,
) {
    let rule = format!("convoyed_attack_origin={choice}");
    let orders = format!("{F30}\n{extra_orders}");
    let (map, adj) = run(&brannan_position(extra_units), &orders, &[&rule]);
    assert_eq!(words(&adj), expected);
    let bel = map.province_by_name("bel").unwrap();
    let in_bel = adj.next.units.iter().find(|u| u.location.province == bel);
    assert_eq!(
        in_bel.is_some_and(|u| u.kind == diplo_map::UnitKind::Army),
        army_arrives
    );
}

/// With two last convoying fleets the attack also comes from the other one, so Brannan's rule
/// makes no head-to-head: the outcome is the same as under `army-province`.
#[rstest]
#[case("brannan")]
#[case("army-province")]
fn brannan_needs_a_single_last_fleet(#[case] choice: &str) {
    let rule = format!("convoyed_attack_origin={choice}");
    let orders = format!("{F30}\nEngland: F North Sea Convoys A London - Belgium");
    let (_, adj) = run(&brannan_position(""), &orders, &[&rule]);
    assert_eq!(
        words(&adj),
        ["succeeds", "disrupted", "succeeds", "given", "available"]
    );
}

/// DATC 2.4 4.B.7: a fleet built in St Petersburg without a coast fails (a), or goes on a
/// default coast, the map's first one, the north coast (b).
#[rstest]
#[case("required", "fails", None)]
#[case("default-coast", "succeeds", Some("stp/nc"))]
fn building_a_fleet_without_its_coast(
    #[case] choice: &str,
    #[case] expected: &str,
    #[case] built: Option<&str>,
) {
    let rule = format!("build_coast={choice}");
    let pos = r#"
phase = "Winter 1901 Adjustment"
[units]
Russia = ["A war", "F sev"]
[centres]
Russia = ["mos", "war", "sev", "stp"]
"#;
    let (map, adj) = run(pos, "Russia: Build F St Petersburg", &[&rule]);
    assert_eq!(adj.results[0].resolution.word(), expected);
    let fleet = adj
        .next
        .units
        .iter()
        .find(|u| u.kind == diplo_map::UnitKind::Fleet && u.location.coast.is_some());
    assert_eq!(
        fleet.map(|u| map.location_name(u.location)),
        built.map(String::from)
    );
}

const KIEL: &str = r#"
phase = "Spring 1901 Movement"
[units]
Germany = ["F kie"]
"#;

/// DATC 2.4 4.C.1 c and 4.C.2 c: an order whose unit type is missing or wrong is legal, unless
/// another order to the unit gives the type rightly; then it is ignored (before 4.D.3 picks
/// among the unit's orders, here the first).
#[rstest]
#[case("wrong_unit_type=legal", "A Kiel - Berlin", &["succeeds", "illegal"])]
#[case("wrong_unit_type=illegal", "A Kiel - Berlin", &["illegal", "succeeds"])]
#[case("wrong_unit_type=legal-unless-corrected", "A Kiel - Berlin", &["illegal", "succeeds"])]
#[case("missing_unit_type=legal", "Kiel - Berlin", &["succeeds", "illegal"])]
#[case("missing_unit_type=legal-unless-corrected", "Kiel - Berlin", &["illegal", "succeeds"])]
fn a_right_designation_takes_precedence(
    #[case] rule: &str,
    #[case] first: &str,
    #[case] expected: &[&str],
) {
    let orders = format!("Germany: {first}\nGermany: F Kiel - Holland");
    let (_, adj) = run(KIEL, &orders, &[rule]);
    assert_eq!(words(&adj), expected);
}

/// Alone, the order with the wrong or missing type is legal under `legal-unless-corrected`.
#[rstest]
#[case("wrong_unit_type=legal-unless-corrected", "Germany: A Kiel - Berlin")]
#[case("missing_unit_type=legal-unless-corrected", "Germany: Kiel - Berlin")]
fn an_uncorrected_designation_is_legal(#[case] rule: &str, #[case] order: &str) {
    let (_, adj) = run(KIEL, order, &[rule]);
    assert_eq!(words(&adj), ["succeeds"]);
}

/// DATC 2.4 4.B.2: a fleet move to St Petersburg without a coast, where one coast is reachable:
/// to that coast (a), illegal (the 3.2 b), or to the default coast, the map's first, the north
/// coast (2.4 b), which the Gulf of Bothnia cannot reach.
#[rstest]
#[case("only-coast", "F Barents Sea - St Petersburg", "succeeds")]
#[case("only-coast", "F Gulf of Bothnia - St Petersburg", "succeeds")]
#[case("illegal", "F Gulf of Bothnia - St Petersburg", "illegal")]
#[case("default-coast", "F Barents Sea - St Petersburg", "succeeds")]
#[case("default-coast", "F Gulf of Bothnia - St Petersburg", "illegal")]
fn omitted_coast_with_one_possible(
    #[case] choice: &str,
    #[case] order: &str,
    #[case] expected: &str,
) {
    let rule = format!("omitted_coast_one_possible={choice}");
    let pos = r#"
phase = "Spring 1901 Movement"
[units]
Russia = ["F bar", "F bot"]
"#;
    let (_, adj) = run(pos, &format!("Russia: {order}"), &[&rule]);
    assert_eq!(words(&adj), [expected]);
}

/// A dislodged unit whose only order is illegal is reported once, by that order's result
/// ("illegal, dislodged"), and not again among the units without orders (DATC 6.D.32 under
/// `illegal_orders = "dptg"`: the illegal move may receive no support to hold).
#[test]
fn a_dislodged_unit_with_an_illegal_order_is_reported_once() {
    let pos = r#"
phase = "Spring 1901 Movement"
[units]
England = ["F edi", "A lvp"]
France = ["F lon"]
Germany = ["A yor"]
"#;
    let orders = "England: F Edinburgh Supports A Liverpool - Yorkshire\n\
                  England: A Liverpool - Yorkshire\n\
                  France: F London Supports A Yorkshire\n\
                  Germany: A Yorkshire - Holland";
    let (_, adj) = run(pos, orders, &["illegal_orders=dptg"]);
    assert_eq!(adj.results[3].words(), "illegal, dislodged");
    assert!(
        adj.unordered_dislodged.is_empty(),
        "{:?}",
        adj.unordered_dislodged
    );
    // A unit with no order at all is still listed.
    let unordered = "England: F Edinburgh Supports A Liverpool - Yorkshire\n\
                     England: A Liverpool - Yorkshire";
    let (_, adj) = run(pos, unordered, &[]);
    assert_eq!(
        adj.unordered_dislodged.len(),
        1,
        "{:?}",
        adj.unordered_dislodged
    );
}

const PARIS_AND_BURGUNDY: &str = r#"
phase = "Spring 1901 Movement"
[units]
France = ["A par", "A gas"]
Germany = ["A bur"]
"#;

/// DATC 4.D.3 c (`all-illegal`): three orders to one unit are all illegal and it holds, with
/// support, and the move into it fails. Under `first` the first counts: it moves, the support
/// of its hold is invalid, and the move into its province succeeds.
#[rstest]
#[case::all_illegal("multiple_orders=all-illegal", ["illegal", "illegal", "illegal", "given", "fails"])]
#[case::first("multiple_orders=first", ["succeeds", "illegal", "illegal", "invalid", "succeeds"])]
fn several_orders_to_one_unit(#[case] choice: &str, #[case] expected: [&str; 5]) {
    let orders = "France: A par - pic\nFrance: A par - bre\nFrance: A par H\n\
                  France: A gas S A par\nGermany: A bur - par";
    let (_, adj) = run(PARIS_AND_BURGUNDY, orders, &[choice]);
    assert_eq!(words(&adj), expected);
}

/// As [`several_orders_to_one_unit`], every order a hold (a phase adjudicated without the
/// resolver): under `all-illegal` the unit's three holds are illegal, the other unit's stands.
#[test]
fn several_holds_to_one_unit() {
    let orders = "France: A par H\nFrance: A par H\nFrance: A gas H\nFrance: A par H";
    let (_, adj) = run(PARIS_AND_BURGUNDY, orders, &["multiple_orders=all-illegal"]);
    assert_eq!(words(&adj), ["illegal", "illegal", "stands", "illegal"]);
    assert_eq!(adj.next.units.len(), 3);
}

const CONVOY_WITH_NO_ROUTE: &str = r#"
phase = "Spring 1901 Movement"
[units]
England = ["A wal"]
France = ["F eng"]
Germany = ["F nth"]
"#;

/// DATC 4.A.3 under `mila` (the MILA profile, where a convoy order the fleet cannot carry out
/// is still an ordered convoy): an army ordered `via convoy` to an adjacent province, whose
/// convoying fleet forms no route there (the English Channel does not touch Yorkshire; the fleet
/// in the North Sea that would complete one is not ordered to convoy), moves over land; under
/// `datc-2.4` the ordered convoy is its route, and it fails.
#[rstest]
#[case("mila", "succeeds", "A yor")]
#[case("datc-2.4", "invalid", "A wal")]
fn via_convoy_with_no_route(#[case] choice: &str, #[case] army: &str, #[case] at: &str) {
    let map = Map::standard();
    let mut rules = Ruleset::load("mila").unwrap();
    rules
        .apply_override(&format!("convoy_to_adjacent={choice}"))
        .unwrap();
    let pos = Position::from_toml_str(&map, CONVOY_WITH_NO_ROUTE, "test").unwrap();
    let orders: Vec<_> = [
        "England: A Wales - Yorkshire via convoy",
        "France: F English Channel convoys A Wales - Yorkshire",
    ]
    .iter()
    .map(|l| {
        let (power, order) = parse_order(&map, l).unwrap();
        (power.unwrap(), order)
    })
    .collect();
    let adj = adjudicate(&map, &rules, &pos, &orders);
    assert_eq!(words(&adj)[0], army);
    let units: Vec<String> = adj.next.units.iter().map(|u| u.short(&map)).collect();
    assert!(units.iter().any(|u| u == at), "{units:?}");
}

/// A move by convoy whose convoy was ordered but cannot carry it: the reason says what was
/// ordered, never "no fleets were ordered". The fleet in the Eastern Mediterranean is on no
/// route from Armenia (whose only sea is the Black Sea); the fleets in the English Channel and
/// the Mid-Atlantic make no chain to Tunis while the fleet in the Western Mediterranean holds.
#[test]
fn a_convoy_ordered_that_cannot_carry_the_army_is_named() {
    let reason = |units: &str, orders: &str| {
        let pos = format!("phase = \"Spring 1901 Movement\"\n[units]\n{units}\n");
        let (map, adj) = run(&pos, orders, &[]);
        let first = parse_order(&map, orders.lines().next().unwrap()).unwrap().1;
        assert_eq!(adj.results[0].resolution.word(), "invalid");
        adj.results[0].reason_text(&map, &first)
    };
    let turkey = "Turkey = [\"A arm\", \"F eas\"]";
    let illegal = reason(
        turkey,
        "Turkey: A arm - syr via convoy\nTurkey: F eas C A arm - syr",
    );
    assert_eq!(
        illegal,
        "the orders to convoy it are illegal: no fleet could convoy it"
    );
    let none = reason(turkey, "Turkey: A arm - syr via convoy\nTurkey: F eas H");
    assert_eq!(none, "no fleets were ordered to convoy it");
    let broken = reason(
        "England = [\"A lon\", \"F eng\", \"F mao\", \"F wes\"]",
        "England: A lon - tun\nEngland: F eng C A lon - tun\nEngland: F mao C A lon - tun\nEngland: F wes H",
    );
    assert_eq!(
        broken,
        "the fleets ordered to convoy it make no chain to Tunis"
    );
}

/// MILA's build sites: the empty centres a power owns and may build in, home centres first in
/// the map's order; with the house rule to build in any owned centre, the others after them.
#[rstest]
#[case("map", &["bre", "mar"])]
#[case("owned-centres", &["bre", "mar", "bel", "spa"])]
fn build_sites_are_the_empty_owned_centres_the_rule_allows(
    #[case] builds: &str,
    #[case] want: &[&str],
) {
    let map = Map::standard();
    let text = "phase = \"Winter 1901 Adjustment\"\n[units]\nFrance = [\"A par\", \"A bur\"]\n\
                Germany = [\"A hol\"]\n[centres]\nFrance = [\"par\", \"mar\", \"bre\", \"spa\", \"bel\", \"hol\"]\n";
    // Holland is France's, but a German army stands there.
    let pos = Position::from_toml_str(&map, text, "position").expect("position");
    let mut rules = Ruleset::datc();
    rules.set("builds", builds).unwrap();
    let france = map.power_by_name("France").unwrap();
    let sites: Vec<&str> = diplo_engine::build_sites(&map, &rules, &pos, france)
        .iter()
        .map(|&c| map.province(c).name.as_str())
        .collect();
    assert_eq!(sites, want);
}
