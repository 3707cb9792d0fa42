//! Order sets (DATC 4.D.1, 4.D.2), proxy orders (4.E.5), perpetual orders (4.E.4), civil
//! disorder and the game file round trip.

use diplo_game::{Game, GameError, MapSource, SubmitOptions};
use diplo_map::{Map, PowerId};
use diplo_rules::policies::SetIntent;
use diplo_rules::Ruleset;
use rstest::rstest;

fn game(sets: &[&str]) -> Game {
    let mut rules = Ruleset::datc();
    for s in sets {
        rules.apply_override(s).unwrap();
    }
    Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        rules,
        sets.iter().map(|s| s.to_string()).collect(),
    )
}

fn power(g: &Game, name: &str) -> PowerId {
    g.map.power_by_name(name).unwrap()
}

/// The orders gathered for `power`, in the short form.
fn gathered(g: &Game, name: &str) -> Vec<String> {
    let p = power(g, name);
    g.gather_orders()
        .orders
        .iter()
        .filter(|(q, _)| *q == p)
        .map(|(_, o)| o.display(&g.map).to_string())
        .collect()
}

fn submit(g: &mut Game, name: &str, text: &str, opts: SubmitOptions) -> Result<(), GameError> {
    let p = power(g, name);
    g.submit(p, text, "orders.txt", opts).map(|_| ())
}

const FIRST: &str = "A par - bur\nA mar - spa\nF bre - mao\n";
const COMBINED: &[&str] = &["A par - bur", "A mar - spa", "F bre - mao", "A par - pic"];
const LATEST: &[&str] = &["A par - pic"];
/// An `--adds` set that orders a unit again changes that unit's order.
const AMENDED: &[&str] = &["A mar - spa", "F bre - mao", "A par - pic"];

#[rstest]
#[case::combine_unstated("combine", SetIntent::Unstated, COMBINED)]
#[case::combine_replaces("combine", SetIntent::Replaces, COMBINED)]
#[case::unless_replaced_unstated("combine-unless-replaced", SetIntent::Unstated, COMBINED)]
#[case::unless_replaced_replaces("combine-unless-replaced", SetIntent::Replaces, LATEST)]
#[case::latest_unless_stated_unstated("latest-unless-stated", SetIntent::Unstated, LATEST)]
#[case::latest_unless_stated_adds("latest-unless-stated", SetIntent::Adds, AMENDED)]
#[case::latest_adds("latest", SetIntent::Adds, LATEST)]
fn a_later_incomplete_set_follows_4_d_1(
    #[case] choice: &str,
    #[case] intent: SetIntent,
    #[case] expected: &[&str],
) {
    let mut g = game(&[&format!("order_sets_defined={choice}")]);
    submit(&mut g, "France", FIRST, SubmitOptions::default()).unwrap();
    let opts = SubmitOptions {
        intent,
        ..Default::default()
    };
    submit(&mut g, "France", "A par - pic\n", opts).unwrap();
    assert_eq!(gathered(&g, "France"), expected);
}

#[rstest]
#[case::combine("combine")]
#[case::latest("latest")]
fn a_later_complete_set_always_replaces(#[case] choice: &str) {
    let mut g = game(&[&format!("order_sets_defined={choice}")]);
    submit(&mut g, "France", FIRST, SubmitOptions::default()).unwrap();
    submit(
        &mut g,
        "France",
        "A par H\nA mar H\nF bre H\n",
        SubmitOptions::default(),
    )
    .unwrap();
    assert_eq!(gathered(&g, "France"), ["A par H", "A mar H", "F bre H"]);
}

#[rstest]
#[case::combine("combine", COMBINED)]
#[case::all_hold("all-hold", &["F bre H", "A mar H", "A par H"])]
fn sets_of_unknown_order_follow_4_d_2(#[case] choice: &str, #[case] expected: &[&str]) {
    let mut g = game(&[&format!("order_sets_undefined={choice}")]);
    submit(&mut g, "France", FIRST, SubmitOptions::default()).unwrap();
    let opts = SubmitOptions {
        same_time: true,
        ..Default::default()
    };
    submit(&mut g, "France", "A par - pic\n", opts).unwrap();
    let mut got = gathered(&g, "France");
    got.sort();
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn proxy_orders_not_allowed_are_refused() {
    let mut g = game(&["proxy_orders=not-allowed"]);
    let err = submit(&mut g, "Germany", "A par - bur\n", SubmitOptions::default()).unwrap_err();
    assert!(err.to_string().contains("allows no proxy orders"), "{err}");
    let (fr, de) = (power(&g, "France"), power(&g, "Germany"));
    let par = g.map.province_by_name("par").unwrap();
    assert!(g.grant_proxy(fr, par, de).is_err());
}

#[test]
fn notified_proxy_orders_need_the_grant_first_and_replace_the_owners_order() {
    let mut g = game(&["proxy_orders=notified"]);
    let err = submit(&mut g, "Germany", "A par - bur\n", SubmitOptions::default()).unwrap_err();
    assert!(err.to_string().contains("the grant comes first"), "{err}");
    let (fr, de) = (power(&g, "France"), power(&g, "Germany"));
    let par = g.map.province_by_name("par").unwrap();
    g.grant_proxy(fr, par, de).unwrap();
    submit(&mut g, "France", FIRST, SubmitOptions::default()).unwrap();
    submit(
        &mut g,
        "Germany",
        "A mun - ruh\nA par - pic\n",
        SubmitOptions::default(),
    )
    .unwrap();
    assert_eq!(
        gathered(&g, "France"),
        ["A mar - spa", "F bre - mao", "A par - pic"]
    );
    assert_eq!(gathered(&g, "Germany"), ["A mun - ruh"]);
    let out = g.adjudicate(&[]).unwrap();
    assert!(out.gathered.notes.iter().any(|n| n.contains("by proxy")));
    assert!(g
        .position
        .unit_in(g.map.province_by_name("pic").unwrap())
        .is_some());
}

#[test]
fn proxy_orders_in_the_order_set_count_only_once_granted() {
    let mut g = game(&["proxy_orders=in-order-set"]);
    submit(
        &mut g,
        "Germany",
        "France:\nA par - pic\n",
        SubmitOptions::default(),
    )
    .unwrap();
    let g_without = g.clone();
    assert!(gathered(&g_without, "France").is_empty());
    assert!(g_without
        .gather_orders()
        .notes
        .iter()
        .any(|n| n.contains("set aside") && n.contains("gave Germany no proxy")));
    let (fr, de) = (power(&g, "France"), power(&g, "Germany"));
    g.grant_proxy(fr, g.map.province_by_name("par").unwrap(), de)
        .unwrap();
    assert_eq!(gathered(&g, "France"), ["A par - pic"]);
}

#[test]
fn perpetual_orders_repeat_when_the_power_sends_none() {
    let mut g = game(&["perpetual_orders=not-allowed"]);
    let opts = SubmitOptions {
        perpetual: true,
        ..Default::default()
    };
    let err = submit(&mut g, "Italy", "A ven H\n", opts).unwrap_err();
    assert!(
        err.to_string().contains("perpetual orders are not allowed"),
        "{err}"
    );

    let mut g = game(&["perpetual_orders=allowed"]);
    submit(
        &mut g,
        "Italy",
        "A ven H\nA rom S A ven\nF nap - ion\n",
        opts,
    )
    .unwrap();
    g.adjudicate(&[]).unwrap();
    // Fall: Italy sends nothing; the orders that still fit are used, F nap - ion no longer does.
    assert_eq!(gathered(&g, "Italy"), ["A ven H", "A rom S A ven"]);
    let gathered = g.gather_orders();
    assert!(gathered.notes.iter().any(|n| n.contains("perpetual")));
    assert!(!gathered.civil_disorder.contains(&power(&g, "Italy")));
    assert!(gathered.civil_disorder.contains(&power(&g, "France")));
    assert!(g.clear_perpetual(power(&g, "Italy")));
    assert!(g
        .gather_orders()
        .civil_disorder
        .contains(&power(&g, "Italy")));
}

#[test]
fn orders_for_the_wrong_phase_or_foreign_units_are_refused_and_nothing_is_stored() {
    let mut g = game(&[]);
    let err = submit(
        &mut g,
        "France",
        "A par - bur\nBuild A par\nA mun H\n",
        SubmitOptions::default(),
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("orders.txt:2: `Build A par`: not an order for Spring 1901 Movement"),
        "{text}"
    );
    assert!(
        text.contains("orders.txt:3: `A mun H`: the unit in Munich is Germany's"),
        "{text}"
    );
    assert!(g.order_sets.is_empty());
}

#[test]
fn a_game_file_reads_back_to_the_same_game() {
    let mut g = game(&["proxy_orders=notified", "perpetual_orders=allowed"]);
    // A retreat phase: Germany dislodges the French army in Burgundy.
    submit(&mut g, "France", "A par - bur\n", SubmitOptions::default()).unwrap();
    submit(
        &mut g,
        "Germany",
        "A mun - ruh\nA ber - mun\n",
        SubmitOptions::default(),
    )
    .unwrap();
    g.adjudicate(&[]).unwrap();
    submit(
        &mut g,
        "Germany",
        "A ruh - bur\nA mun S A ruh - bur\n",
        SubmitOptions::default(),
    )
    .unwrap();
    submit(&mut g, "Germany", "A xyz H\n", SubmitOptions::default()).unwrap_err();
    let adds = SubmitOptions {
        intent: SetIntent::Adds,
        ..Default::default()
    };
    submit(&mut g, "Germany", "F kie - hol\n", adds).unwrap();
    let (fr, de) = (power(&g, "France"), power(&g, "Germany"));
    g.grant_proxy(fr, g.map.province_by_name("mar").unwrap(), de)
        .unwrap();
    let opts = SubmitOptions {
        perpetual: true,
        intent: SetIntent::Adds,
        ..Default::default()
    };
    submit(&mut g, "Italy", "A ven H\n", opts).unwrap();
    let text = g.to_toml();
    let back = Game::from_toml_str(&text, "g.toml").unwrap();
    assert_eq!(back.to_toml(), text);
    // And after the movement: a retreat phase with its dislodged unit and options.
    g.adjudicate(&[]).unwrap();
    assert_eq!(g.position.dislodged.len(), 1, "{}", g.to_toml());
    assert!(g.to_toml().contains("[[retreat_options]]"));
    let text = g.to_toml();
    let back = Game::from_toml_str(&text, "g.toml").unwrap();
    assert_eq!(back.to_toml(), text);
    assert_eq!(back.order_sets, g.order_sets);
    assert_eq!(back.proxies, g.proxies);
    assert_eq!(back.perpetual, g.perpetual);
    assert_eq!(back.history, g.history);
    assert_eq!(back.position, g.position);
}

#[test]
fn a_ruleset_choice_that_is_missing_or_unknown_is_a_located_error() {
    let g = game(&[]);
    let text = g.to_toml();
    let bad = text.replace("convoy_paradox = \"szykman\"", "convoy_paradox = \"magic\"");
    let line = bad.lines().position(|l| l.contains("magic")).unwrap() + 1;
    let err = Game::from_toml_str(&bad, "g.toml").unwrap_err().to_string();
    assert!(err.starts_with(&format!("g.toml:{line}:")), "{err}");
    assert!(
        err.contains("szykman"),
        "the valid choices are listed: {err}"
    );
    let missing = text.replace("convoy_paradox = \"szykman\"\n", "");
    let err = Game::from_toml_str(&missing, "g.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no choice for convoy_paradox"), "{err}");
    let future = text.replace("format = 1", "format = 9");
    let err = Game::from_toml_str(&future, "g.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("format 9 is not known"), "{err}");
}

#[test]
fn production_times_follow_the_units_and_decide_the_house_rule_removal() {
    let mut g = game(&["civil_disorder=least-recently-produced"]);
    let p = |g: &Game, name: &str| g.produced[&g.map.province_by_name(name).unwrap()];
    let (par, mar) = (p(&g, "par"), p(&g, "mar"));
    submit(
        &mut g,
        "France",
        "A par - bur\nA mar - pie\n",
        SubmitOptions::default(),
    )
    .unwrap();
    g.adjudicate(&[]).unwrap();
    assert_eq!(p(&g, "bur"), par);
    assert_eq!(p(&g, "pie"), mar);
    // A hand-made winter: France has 3 units and 2 centres and orders no removal. A bur and
    // A pie are not on centres; A bur is the older (produced first) and goes, where the 2023
    // rule would remove A pie (the farther from an owned centre).
    let mut text = g.to_toml();
    text = text.replace(
        "phase = \"Fall 1901 Movement\"",
        "phase = \"Winter 1901 Adjustment\"",
    );
    text = text.replace(
        "France = [\"bre\", \"mar\", \"par\"]",
        "France = [\"bre\", \"par\"]",
    );
    let mut g = Game::from_toml_str(&text, "g.toml").unwrap();
    let fr = power(&g, "France");
    g.produced.insert(g.map.province_by_name("bur").unwrap(), 3);
    g.produced.insert(g.map.province_by_name("pie").unwrap(), 7);
    let out = g.adjudicate(&[]).unwrap();
    let removed: Vec<String> = out
        .adjudication
        .automatic
        .iter()
        .filter(|a| a.unit.power == fr)
        .map(|a| a.unit.short(&g.map))
        .collect();
    assert_eq!(removed, ["A bur"]);
    let mut g2023 = Game::from_toml_str(&text, "g.toml").unwrap();
    g2023.rules.apply_override("civil_disorder=2023").unwrap();
    let out = g2023.adjudicate(&[]).unwrap();
    assert_eq!(
        out.adjudication.automatic[0].unit.short(&g2023.map),
        "A pie"
    );
    // A build gets a later time than every unit.
    let newest = g.produced.values().max().copied().unwrap();
    assert!(newest >= 7);
}

/// A game file cut anywhere (a disk that filled up under another program, a bad copy) gives
/// an error or a game, never a panic.
#[test]
fn a_truncated_game_file_never_panics() {
    let mut g = game(&["perpetual_orders=allowed"]);
    submit(
        &mut g,
        "France",
        "A par - bur\nA mar - bur\n",
        SubmitOptions::default(),
    )
    .unwrap();
    g.adjudicate(&[]).unwrap();
    submit(&mut g, "Italy", "A ven H\n", SubmitOptions::default()).unwrap();
    let text = g.to_toml();
    let mut errors = 0;
    for cut in (0..text.len()).step_by(7) {
        let part = String::from_utf8_lossy(&text.as_bytes()[..cut]);
        if let Err(e) = Game::from_toml_str(&part, "g.toml") {
            assert!(e.to_string().starts_with("g.toml"), "{e}");
            errors += 1;
        }
    }
    assert!(errors > 0);
}

/// A game two phases in: Spring 1901 and Fall 1901 in the history, Winter 1901 current.
fn played() -> Game {
    let mut g = game(&[]);
    submit(&mut g, "France", "A par - bur\n", SubmitOptions::default()).unwrap();
    g.adjudicate(&[]).unwrap();
    submit(&mut g, "France", "A bur - bel\n", SubmitOptions::default()).unwrap();
    g.adjudicate(&[]).unwrap();
    assert_eq!(g.history.len(), 2);
    g
}

/// The 1-based line of the first line of `text` containing `needle` after line `after`.
fn line_of(text: &str, needle: &str, after: usize) -> usize {
    text.lines()
        .enumerate()
        .skip(after)
        .find(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
        .unwrap_or_else(|| panic!("no `{needle}` in\n{text}"))
}

#[test]
fn a_hand_edited_history_is_refused_with_every_problem_located() {
    let g = played();
    let text = g.to_toml();
    let history = line_of(&text, "[[history]]", 0);
    // Five edits, each on a line of its own.
    let bad = text
        .replacen(
            "order = \"A Paris - Burgundy\"",
            "order = \"A Paris - Atlantis\"",
            1,
        )
        .replacen("result = \"succeeds\"", "result = \"wins big\"", 1)
        .replacen("power = \"France\"", "power = \"Frence\"", 1)
        .replacen(
            "phase = \"Fall 1901 Movement\"",
            "phase = \"Spring 1901 Movement\"",
            1,
        )
        .replacen("France = [\"F bre\"", "France = [\"F xyz\"", 1);
    assert_ne!(bad, text);
    let err = Game::from_toml_str(&bad, "g.toml").unwrap_err().to_string();
    let located = |needle: &str, what: &str| {
        let line = line_of(&bad, needle, if needle == "F xyz" { 0 } else { history });
        assert!(
            err.lines()
                .any(|l| l.starts_with(&format!("g.toml:{line}:")) && l.contains(what)),
            "`{what}` at line {line}:\n{err}"
        );
    };
    located("Atlantis", "unknown province");
    located("wins big", "expected the DATC's words");
    located("Frence", "unknown power `Frence` (did you mean `France`?)");
    located("F xyz", "unknown province or coast");
    let second = line_of(&bad, "[[history]]", history);
    let line = line_of(&bad, "phase = \"Spring 1901 Movement\"", second);
    assert!(
        err.contains(&format!(
            "g.toml:{line}:9: [[history]]: phase Spring 1901 Movement is not after the phase \
             before it (Spring 1901 Movement)"
        )),
        "{err}"
    );
    // A current phase before the history's last phase.
    let back = text.replacen(
        "phase = \"Winter 1901 Adjustment\"",
        "phase = \"Spring 1901 Movement\"",
        1,
    );
    let err = Game::from_toml_str(&back, "g.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("[state] phase Spring 1901 Movement is not after the last phase of the history (Fall 1901 Movement)"),
        "{err}"
    );
    // The file as written reads back, history and all.
    let back = Game::from_toml_str(&text, "g.toml").unwrap();
    assert_eq!(back.history, g.history);
    assert_eq!(back.played_phases().unwrap().len(), 3);
}

#[test]
fn a_nul_or_a_lone_cr_in_a_comment_of_a_game_file_is_named_and_located() {
    let text = game(&[]).to_toml();
    let err = Game::from_toml_str(
        &text.replacen("# A diplo game", "# A\0diplo game", 1),
        "g.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("g.toml:1:4: a NUL byte"), "{err}");
    let err = Game::from_toml_str(
        &text.replacen("# A diplo game", "# A\rdiplo game", 1),
        "g.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.starts_with("g.toml:1:4: a carriage return (CR)"),
        "{err}"
    );
}

/// Rolling back restores when each unit was produced (the 4.D.8 `least-recently-produced`
/// rule depends on it), found again from the history, with the orders received for the phase.
#[test]
fn a_rollback_restores_production_order_readiness_and_deadline() {
    let mut g = game(&[]);
    let opts = SubmitOptions::default();
    let play = |g: &mut Game, orders: &[(&str, &str)]| {
        for (p, o) in orders {
            submit(g, p, o, opts).unwrap();
        }
        g.adjudicate(&[]).unwrap();
    };
    play(&mut g, &[("France", FIRST)]);
    play(&mut g, &[("France", "A bur - bel\nF mao - por\nA spa H\n")]);
    play(&mut g, &[("France", "Build A par\nBuild F bre\n")]);
    // Spring 1902: a retreat-free move of a built unit, so production numbers travel.
    let spring = g.clone();
    assert_eq!(
        spring.phase().name(&spring.map).to_string(),
        "Spring 1902 Movement"
    );
    play(&mut g, &[("France", "A par - pic\nF bre - eng\n")]);
    let france = power(&g, "France");
    g.set_ready(france, true).unwrap();
    g.set_deadline(Some(1_000)).unwrap();
    submit(&mut g, "France", "A pic - bel\n", opts).unwrap();
    let n = g.rollback(Some("Spring 1902 Movement"), None).unwrap();
    assert_eq!(n, 1);
    assert_eq!(g.position.to_file(&g.map), spring.position.to_file(&g.map));
    assert_eq!(g.produced, spring.produced);
    assert_eq!(g.produced_dislodged, spring.produced_dislodged);
    assert_eq!(g.history, spring.history);
    // The orders France had sent for Spring 1902 are back; readiness and the deadline were
    // for Fall 1902, which is undone.
    assert!(g.ready.is_empty() && g.deadline.is_none());
    assert_eq!(g.order_sets.len(), 1);
    assert_eq!(g.order_sets[0].orders.len(), 2);
    assert_eq!(
        g.undone[0].pending[0].lines,
        vec!["A pic - bel".to_string()]
    );
    // The file round trip keeps the undone record.
    let back = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap();
    assert_eq!(back.undone, g.undone);
    assert_eq!(back.to_toml(), g.to_toml());
}

/// A set replacing another is named by its number, and the replaced set no longer counts.
#[test]
fn set_status_names_the_sets_replaced() {
    let mut g = game(&["order_sets_defined=latest"]);
    submit(&mut g, "France", FIRST, SubmitOptions::default()).unwrap();
    submit(&mut g, "France", "A par - pic\n", SubmitOptions::default()).unwrap();
    let st = g.set_status(power(&g, "France"));
    assert_eq!(st.counting, vec![2]);
    assert_eq!(st.replaced, vec![1]);
    assert_eq!(
        st.notes,
        vec!["France: order set 2 replaces set 1 (DATC 4.D.1)".to_string()]
    );
}

/// Order sets are numbered from 1 in every phase, whether the game stays in memory or is
/// saved and read back between phases.
#[test]
fn order_sets_are_numbered_afresh_each_phase() {
    let mut g = game(&["order_sets_defined=latest"]);
    submit(&mut g, "France", FIRST, SubmitOptions::default()).unwrap();
    submit(&mut g, "France", "A par - pic\n", SubmitOptions::default()).unwrap();
    g.adjudicate(&[]).unwrap();
    let mut reloaded = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap();
    for g in [&mut g, &mut reloaded] {
        submit(g, "France", "A pic - bel\n", SubmitOptions::default()).unwrap();
        submit(g, "France", "A pic - bur\n", SubmitOptions::default()).unwrap();
        let st = g.set_status(power(g, "France"));
        assert_eq!(
            (st.counting.clone(), st.replaced.clone()),
            (vec![2], vec![1])
        );
    }
    assert_eq!(g.to_toml(), reloaded.to_toml());
}

/// A game file written before readiness, deadlines, rollbacks and the end marker (format 1 as
/// it was) reads, writes back unchanged but for the end marker, and plays on.
#[test]
fn a_game_file_from_before_hosting_features_reads_and_plays_on() {
    let text = include_str!("data/format-1-before-hosting.toml");
    let mut g = Game::from_toml_str(text, "old.toml").unwrap();
    let marked = text.replacen("format = 1\n", "format = 1\nend_marker = true\n", 1);
    assert_eq!(g.to_toml(), marked + "# end of game file\n");
    assert!(g.ready.is_empty() && g.deadline.is_none() && g.undone.is_empty());
    let france = power(&g, "France");
    assert_eq!(g.set_status(france).counting.len(), 2);
    assert_eq!(g.ruleset_label(), "2023 with convoy_paradox=szykman");
    g.adjudicate(&[]).unwrap();
    assert_eq!(g.phase().name(&g.map).to_string(), "Winter 1901 Adjustment");
    g.rollback(None, None).unwrap();
    assert_eq!(g.phase().name(&g.map).to_string(), "Fall 1901 Movement");
}

/// A phase the ruleset leaves unresolved (the betrayal paradox, DATC 6.F.18, under the 2000
/// rule with no fallback) is refused and changes nothing: the order sets are kept as they
/// were, and the same phase adjudicated with a fallback uses them.
#[test]
fn an_unresolved_paradox_keeps_the_order_sets() {
    let g = game(&["convoy_paradox=2000", "paradox_fallback=none"]);
    let text = g
        .to_toml()
        .replace(
            "England = [\"F edi\", \"F lon\", \"A lvp\"]",
            "England = [\"F nth\", \"A lon\", \"F eng\"]",
        )
        .replace(
            "France = [\"F bre\", \"A mar\", \"A par\"]",
            "France = [\"F bel\", \"A mar\", \"A par\"]",
        )
        .replace(
            "Germany = [\"F kie\", \"A ber\", \"A mun\"]",
            "Germany = [\"F hel\", \"F ska\", \"A mun\"]",
        );
    let mut g = Game::from_toml_str(&text, "g.toml").unwrap();
    let orders = [
        (
            "England",
            "F nth C A lon - bel\nA lon - bel\nF eng S A lon - bel\n",
        ),
        ("France", "F bel S F nth\n"),
        ("Germany", "F hel S F ska - nth\nF ska - nth\n"),
    ];
    for (power, text) in orders {
        submit(&mut g, power, text, SubmitOptions::default()).unwrap();
    }
    let before = g.to_toml();
    let sets = g.order_sets.clone();
    let err = g.adjudicate(&[]).unwrap_err().to_string();
    assert!(
        err.contains("no resolution for the convoy paradox"),
        "{err}"
    );
    assert_eq!(g.order_sets, sets);
    assert_eq!(g.to_toml(), before);
    let out = g.adjudicate(&["paradox_fallback=szykman".to_string()]);
    assert_eq!(out.unwrap().gathered.orders.len(), 6);
}

/// Adjudicating uses exactly the orders, notes and civil disorder `gather_orders` shows, with
/// every kind of source at once: a proxy order, combined sets, perpetual orders, one set.
#[test]
fn adjudication_uses_the_orders_gather_orders_shows() {
    let mut g = game(&["proxy_orders=notified", "perpetual_orders=allowed"]);
    let (fr, de) = (power(&g, "France"), power(&g, "Germany"));
    g.grant_proxy(fr, g.map.province_by_name("par").unwrap(), de)
        .unwrap();
    let adds = SubmitOptions {
        intent: SetIntent::Adds,
        ..Default::default()
    };
    submit(&mut g, "France", "A par - bur\nA mar - spa\n", adds).unwrap();
    submit(&mut g, "France", "F bre - mao\n", adds).unwrap();
    submit(&mut g, "Germany", "A mun - ruh\nA par - pic\n", adds).unwrap();
    let perpetual = SubmitOptions {
        perpetual: true,
        ..Default::default()
    };
    submit(&mut g, "Italy", "A ven H\nF nap - ion\n", perpetual).unwrap();
    submit(&mut g, "England", "F lon - nth\n", adds).unwrap();
    let expected = g.gather_orders();
    assert!(expected.notes.iter().any(|n| n.contains("by proxy")));
    assert!(expected.notes.iter().any(|n| n.contains("combined")));
    let out = g.adjudicate(&[]).unwrap();
    assert_eq!(out.gathered.orders, expected.orders);
    assert_eq!(out.gathered.notes, expected.notes);
    assert_eq!(out.gathered.civil_disorder, expected.civil_disorder);
    // Fall: Italy's perpetual orders stand in for the orders it does not send.
    let expected = g.gather_orders();
    assert!(expected.notes.iter().any(|n| n.contains("perpetual")));
    let out = g.adjudicate(&[]).unwrap();
    assert_eq!(out.gathered.orders, expected.orders);
    assert_eq!(out.gathered.notes, expected.notes);
    assert_eq!(out.gathered.civil_disorder, expected.civil_disorder);
}
