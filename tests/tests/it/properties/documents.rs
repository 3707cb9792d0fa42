//! The oracle and the engine against the documents: the DATC's paradox results, the DPTG's and the Alexander Rules' examples, DPTG XII's convoy legality and 4.E.1's distant supports.

use diplo_engine::{adjudicate, Position, Resolution};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::Ruleset;
use diplo_tests::oracle::Verdict;

use super::convoy_cases::*;
use super::inputs::*;

/// The DATC's result words as the oracle's results would be written (DATC 4.E.2: a dislodged
/// hold is just `dislodged`; `destroyed` is a dislodgement too).
pub(super) fn oracle_words(r: Resolution, dislodged: bool) -> String {
    match (r, dislodged) {
        (Resolution::Stands, true) => "dislodged".into(),
        (r, true) => format!("{}, dislodged", r.word()),
        (r, false) => r.word().into(),
    }
}

/// Runs the oracle on a DATC 3.2 case under `rules` and compares it with what the document
/// says there: `Ok(None)` when the oracle or the document has nothing to compare.
pub(super) fn oracle_on_datc_case(
    map: &Map,
    rules: &Ruleset,
    case: &diplo_datc::Case,
) -> Result<Option<&'static str>, String> {
    let Some(exp) = case.expectation_for(rules) else {
        return Ok(Some("the document states no result under this ruleset"));
    };
    if case.phase != "movement"
        || case.map.is_some()
        || case.orders.iter().any(|o| o.result.contains("illegal"))
    {
        return Ok(Some(
            "not a movement case on the standard map with legal orders only",
        ));
    }
    let (pos, orders) = diplo_datc::setup(map, case)?;
    let o = match diplo_tests::oracle::adjudicate(map, rules, &pos, &orders) {
        Verdict::Resolved(o) => o,
        Verdict::Skipped(why) => return Ok(Some(why)),
    };
    let mut wrong = Vec::new();
    for e in exp.orders {
        let k = case
            .orders
            .iter()
            .position(|c| c.power == e.power && c.order == e.order)
            .ok_or("an expectation for an order not in the case")?;
        let want = if exp.alternative.is_none() {
            diplo_datc::main_result(case, e)
        } else {
            e.result.as_str()
        };
        let got = oracle_words(o.resolutions[k], o.dislodged[k]);
        if !want.is_empty() && want.replace("destroyed", "dislodged") != got {
            wrong.push(format!(
                "  {}: {}: DATC {want}, oracle {got}",
                e.power, e.order
            ));
        }
    }
    if wrong.is_empty() {
        Ok(None)
    } else {
        Err(format!(
            "{} under {}:\n{}",
            case.id,
            rules.name,
            wrong.join("\n")
        ))
    }
}

/// The oracle gives the DATC's own results for its convoy paradox cases under the `datc`
/// ruleset (the Szykman rule), and never declines them.
#[test]
pub(super) fn oracle_gives_the_datc_paradox_results() {
    let map = Map::standard();
    let rules = Ruleset::datc();
    let cases = diplo_datc::all_cases();
    for id in [
        "6.F.14", "6.F.15", "6.F.16", "6.F.17", "6.F.18", "6.F.19", "6.F.20", "6.F.22", "6.F.23",
        "6.F.24", "6.F.25", "6.F.26", "6.F.27", "6.F.28", "6.F.29",
    ] {
        let case = cases.iter().find(|c| c.id == id).expect("a DATC case");
        assert_eq!(oracle_on_datc_case(&map, &rules, case), Ok(None), "{id}");
    }
}

/// Under the DPTG's convoy subversion and Alexander's IV.5.f the oracle takes every DATC
/// convoy paradox case and gives the results the document states for the rule (DATC 2.4 for
/// the DPTG; the alexander ruleset's transcribed readings), and checks at least the cases
/// whose DPTG results the document states (6.F.14, 6.F.17, 6.F.18, 6.F.22-6.F.24).
#[test]
pub(super) fn oracle_gives_the_datc_paradox_results_under_dptg_and_alexander() {
    let map = Map::standard();
    let cases = diplo_datc::all_cases();
    for name in ["dptg", "alexander"] {
        let rules = Ruleset::load(name).expect("a shipped ruleset");
        let mut checked = Vec::new();
        for id in [
            "6.F.14", "6.F.15", "6.F.16", "6.F.17", "6.F.18", "6.F.19", "6.F.20", "6.F.22",
            "6.F.23", "6.F.24", "6.F.25", "6.F.26", "6.F.27", "6.F.28", "6.F.29",
        ] {
            let case = cases.iter().find(|c| c.id == id).expect("a DATC case");
            match oracle_on_datc_case(&map, &rules, case) {
                Ok(None) => checked.push(id),
                Ok(Some(why)) => {
                    assert_eq!(
                        why, "the document states no result under this ruleset",
                        "{id}"
                    )
                }
                Err(e) => panic!("{e}"),
            }
        }
        println!("{name}: {checked:?}");
        if name == "dptg" {
            for id in ["6.F.14", "6.F.17", "6.F.18", "6.F.22", "6.F.23", "6.F.24"] {
                assert!(checked.contains(&id), "{id} not checked under dptg");
            }
        }
    }
}

/// The Alexander Rules' own paradox examples (alexander-rules.md, "First Order Paradoxes",
/// "Second Order Paradoxes", "Pandin's Paradox"), with the results its text gives under IV.5.f:
/// in first and second order paradoxes "the Fleet being dislodged and the convoy being
/// disrupted"; in Pandin's, "The attack succeeds, the support is cut, and Germany moves into
/// the English Channel", the convoy not disrupted although its fleet is dislodged.
pub(super) const ALEXANDER_EXAMPLES: &str = r#"
[[case]]
id = "AR first order"
title = "first order paradox"
phase = "movement"
orders = [
  { power = "England", order = "F London Supports F Wales - English Channel", result = "given" },
  { power = "England", order = "F Wales - English Channel", result = "succeeds" },
  { power = "France", order = "A Brest - London", result = "fails" },
  { power = "France", order = "F English Channel Convoys A Brest - London", result = "disrupted, dislodged" },
]

[[case]]
id = "AR second order"
title = "second order paradox"
phase = "movement"
orders = [
  { power = "France", order = "A Brest - London", result = "fails" },
  { power = "France", order = "F English Channel Convoys A Brest - London", result = "disrupted, dislodged" },
  { power = "England", order = "F London Supports F Edinburgh - North Sea", result = "given" },
  { power = "England", order = "F Edinburgh - North Sea", result = "succeeds" },
  { power = "Russia", order = "A Norway - Belgium", result = "fails" },
  { power = "Russia", order = "F North Sea Convoys A Norway - Belgium", result = "disrupted, dislodged" },
  { power = "Germany", order = "F Belgium Supports F Picardy - English Channel", result = "given" },
  { power = "Germany", order = "F Picardy - English Channel", result = "succeeds" },
]

[[case]]
id = "AR Pandin"
title = "Pandin's paradox"
phase = "movement"
orders = [
  { power = "France", order = "A Brest - Wales", result = "fails" },
  { power = "France", order = "F English Channel Convoys A Brest - Wales", result = "available, dislodged" },
  { power = "England", order = "F Wales Supports F London - English Channel", result = "cut" },
  { power = "England", order = "F London - English Channel", result = "fails" },
  { power = "Germany", order = "F North Sea Supports F Belgium - English Channel", result = "given" },
  { power = "Germany", order = "F Belgium - English Channel", result = "succeeds" },
]
"#;

/// The oracle gives the Alexander Rules' own results for its paradox examples under the
/// `alexander` ruleset (the DATC states few results under IV.5.f).
#[test]
pub(super) fn oracle_gives_the_alexander_paradox_examples() {
    #[derive(serde::Deserialize)]
    struct File {
        case: Vec<diplo_datc::Case>,
    }
    let map = Map::standard();
    let rules = Ruleset::load("alexander").expect("a shipped ruleset");
    let file: File = toml::from_str(ALEXANDER_EXAMPLES).expect("the examples parse");
    for case in &file.case {
        let (pos, orders) = diplo_datc::setup(&map, case).expect("the example sets up");
        let o = match diplo_tests::oracle::adjudicate(&map, &rules, &pos, &orders) {
            Verdict::Resolved(o) => o,
            Verdict::Skipped(why) => panic!("{}: declined: {why}", case.id),
        };
        for (k, c) in case.orders.iter().enumerate() {
            let got = oracle_words(o.resolutions[k], o.dislodged[k]);
            assert_eq!(got, c.result, "{}: {}", case.id, c.order);
        }
        compare_with_oracle(&map, &rules, &pos, &orders).expect("the engine agrees");
    }
}

/// DPTG XII's own example of an impossible convoy: "if the Skagerrak stands vacant, then one
/// can legally order neither Army Sweden to move to Yorkshire nor Fleet North Sea to convoy
/// Army Sweden to Yorkshire". With F Skagerrak there, both orders are legal (the move fails
/// unmatched, DATC 6.D.8: `invalid`).
pub(super) const DPTG_XII: &str = r#"
[[case]]
id = "DPTG XII vacant"
title = "Skagerrak vacant"
phase = "movement"
orders = [
  { power = "Russia", order = "A Sweden - Yorkshire", result = "illegal" },
  { power = "England", order = "F North Sea Convoys A Sweden - Yorkshire", result = "illegal" },
]

[[case]]
id = "DPTG XII held"
title = "Skagerrak held by a fleet that does not convoy"
phase = "movement"
orders = [
  { power = "Russia", order = "A Sweden - Yorkshire", result = "invalid" },
  { power = "England", order = "F North Sea Convoys A Sweden - Yorkshire", result = "available" },
  { power = "Germany", order = "F Skagerrak Holds", result = "stands" },
]
"#;

/// The engine under the `dptg` ruleset gives DPTG XII's legality of a move by convoy, and so
/// does the oracle where it takes the case.
#[test]
pub(super) fn dptg_convoy_legality_follows_dptg_xii() {
    #[derive(serde::Deserialize)]
    struct File {
        case: Vec<diplo_datc::Case>,
    }
    let map = Map::standard();
    let rules = Ruleset::load("dptg").expect("a shipped ruleset");
    let file: File = toml::from_str(DPTG_XII).expect("the examples parse");
    for case in &file.case {
        let (pos, orders) = diplo_datc::setup(&map, case).expect("the example sets up");
        let adj = adjudicate(&map, &rules, &pos, &orders);
        for (r, c) in adj.results.iter().zip(&case.orders) {
            assert_eq!(r.words(), c.result, "{}: {}", case.id, c.order);
        }
        if let Verdict::Resolved(o) = diplo_tests::oracle::adjudicate(&map, &rules, &pos, &orders) {
            for (k, c) in case.orders.iter().enumerate() {
                let got = oracle_words(o.resolutions[k], o.dislodged[k]);
                assert_eq!(got, c.result, "oracle: {}: {}", case.id, c.order);
            }
        }
    }
}

/// Supports of an army's move to a province it does not border, under `datc` (4.E.1 `ignored`):
/// DATC 3.2 6.D.31 (the only chain of fleets is the supporter's own: the support is illegal);
/// a support of such a move with a chain elsewhere is legal and matches the unmatched move; a
/// support of a move no chain serves is illegal (DPTG IX, DATC 6.D.32's reasoning), so it is no
/// order: the supporter holds, is not cut, and may be supported to hold.
pub(super) const DISTANT_SUPPORTS_DATC: &str = r#"
[[case]]
id = "6.D.31"
title = "A tricky impossible support"
phase = "movement"
orders = [
  { power = "Austria", order = "A Rumania - Armenia", result = "invalid" },
  { power = "Turkey", order = "F Black Sea Supports A Rumania - Armenia", result = "illegal" },
]

[[case]]
id = "chain elsewhere"
title = "A support of an unmatched convoyed move by a unit off the chain"
phase = "movement"
orders = [
  { power = "Austria", order = "A Rumania - Armenia", result = "invalid" },
  { power = "Turkey", order = "F Black Sea Holds", result = "stands" },
  { power = "Russia", order = "A Sevastopol Supports A Rumania - Armenia", result = "given" },
]

[[case]]
id = "no chain"
title = "A support of a move no chain of fleets serves"
phase = "movement"
orders = [
  { power = "Germany", order = "A Yorkshire - Holland", result = "illegal" },
  { power = "Germany", order = "F Belgium Supports A Yorkshire - Holland", result = "illegal" },
  { power = "Germany", order = "A Ruhr Supports F Belgium", result = "given" },
  { power = "France", order = "A Picardy - Belgium", result = "fails" },
  { power = "France", order = "A Burgundy Supports A Picardy - Belgium", result = "given" },
]
"#;

/// The same under `dptg`: each order is judged "viewed individually" (DPTG XII), so the
/// supporter's own fleet makes the move legal and the support with it; DPTG Step 1 cancels a
/// convoyed move no cooperating fleet serves and Step 3 then cancels the supports of it
/// (`invalid`). A support of an illegal move is illegal (IX) and, not being a move, leaves its
/// unit supportable to hold.
pub(super) const DISTANT_SUPPORTS_DPTG: &str = r#"
[[case]]
id = "6.D.31 dptg"
title = "A tricky impossible support"
phase = "movement"
orders = [
  { power = "Austria", order = "A Rumania - Armenia", result = "invalid" },
  { power = "Turkey", order = "F Black Sea Supports A Rumania - Armenia", result = "invalid" },
]

[[case]]
id = "chain elsewhere dptg"
title = "A support of an unmatched convoyed move by a unit off the chain"
phase = "movement"
orders = [
  { power = "Austria", order = "A Rumania - Armenia", result = "invalid" },
  { power = "Turkey", order = "F Black Sea Holds", result = "stands" },
  { power = "Russia", order = "A Sevastopol Supports A Rumania - Armenia", result = "invalid" },
]

[[case]]
id = "no chain dptg"
title = "A support of a move no chain of fleets serves"
phase = "movement"
orders = [
  { power = "Germany", order = "A Yorkshire - Holland", result = "illegal" },
  { power = "Germany", order = "F Belgium Supports A Yorkshire - Holland", result = "illegal" },
  { power = "Germany", order = "A Ruhr Supports F Belgium", result = "given" },
  { power = "France", order = "A Picardy - Belgium", result = "fails" },
  { power = "France", order = "A Burgundy Supports A Picardy - Belgium", result = "given" },
]
"#;

/// The oracle gives the documents' results for supports of moves by convoy that no convoy
/// order serves, under `datc` and `dptg`; so does the engine under `datc`.
#[test]
pub(super) fn supports_of_distant_moves_follow_4e1() {
    check_distant_supports("datc", DISTANT_SUPPORTS_DATC, true);
    check_distant_supports("dptg", DISTANT_SUPPORTS_DPTG, false);
}

/// The engine under `dptg` (`orders_viewed_individually`, `unserved_convoy_cancels_supports`)
/// gives the DPTG's words: 6.D.31's support is legal, DPTG judging orders "viewed individually"
/// (VIII Step 1 and XII: the fleet in the Black Sea makes A Rumania - Armenia possible, so
/// supporting it is legal, IX), and `invalid`, as is a support of A Rumania - Armenia from
/// Sevastopol: Step 1 cancels the move no cooperating fleet serves and Step 3 cancels supports
/// of a unit that "fails to attempt to move". Neither changes a unit's fate: the move fails
/// either way and the supporter holds and can be supported to hold.
#[test]
pub(super) fn engine_supports_of_distant_moves_follow_dptg() {
    check_distant_supports("dptg", DISTANT_SUPPORTS_DPTG, true);
}

/// Checks the oracle (and, when `engine`, the engine) on the cases in `text` under `name`.
pub(super) fn check_distant_supports(name: &str, text: &str, engine: bool) {
    #[derive(serde::Deserialize)]
    struct File {
        case: Vec<diplo_datc::Case>,
    }
    let map = Map::standard();
    let rules = Ruleset::load(name).expect("a shipped ruleset");
    let file: File = toml::from_str(text).expect("the examples parse");
    for case in &file.case {
        let (pos, orders) = diplo_datc::setup(&map, case).expect("the example sets up");
        let adj = adjudicate(&map, &rules, &pos, &orders);
        let Verdict::Resolved(o) = diplo_tests::oracle::adjudicate(&map, &rules, &pos, &orders)
        else {
            panic!("{name}: {}: the oracle declines", case.id);
        };
        for (k, c) in case.orders.iter().enumerate() {
            let got = oracle_words(o.resolutions[k], o.dislodged[k]);
            assert_eq!(got, c.result, "oracle {name}: {}: {}", case.id, c.order);
            if engine {
                let words = adj.results[k].words();
                assert_eq!(words, c.result, "engine {name}: {}: {}", case.id, c.order);
            }
        }
    }
}

/// The oracle gives the document's results on every DATC 3.2 movement case it takes, under
/// every shipped ruleset the document states results for.
#[test]
pub(super) fn oracle_gives_the_datc_results() {
    let map = Map::standard();
    let mut failures = Vec::new();
    let mut checked = 0;
    for rules in rulesets() {
        for case in diplo_datc::all_cases() {
            match oracle_on_datc_case(&map, rules, &case) {
                Ok(None) => checked += 1,
                Ok(Some(_)) => {}
                Err(e) => failures.push(e),
            }
        }
    }
    println!("{checked} case results checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 500, "only {checked} checked");
}

/// A case the random comparison found (1971 and 1982, whose 4.A.7 rule reads a move's own
/// success in its prevent strength): two armies swap places by convoy while a fleet moves into
/// one of the two provinces. The swap is circular movement; the fleet, with no support, is
/// outside the circle and bounces off the army supported in (the oracle made every move of the
/// cycle succeed before, both units into Spain).
#[test]
pub(super) fn oracle_keeps_a_move_into_a_convoyed_swap_out_of_the_circle() {
    let map = Map::standard();
    let pos = Position::from_toml_str(
        &map,
        "phase = \"Spring 1901 Movement\"\n[units]\n\
         Austria = [\"F mar\", \"F ion\", \"F wes\", \"A gas\", \"F mao\"]\n\
         England = [\"A spa\", \"A naf\"]\n",
        "position",
    )
    .expect("position");
    let text = "Austria: F mar - spa/sc\nEngland: A spa - naf\nAustria: F ion H\n\
                Austria: F wes C A naf - spa\nAustria: A gas S A naf - spa\n\
                England: A naf - spa\nAustria: F mao C A spa - naf\n";
    let (lines, errors) = diplo_orders::parse_orders(&map, text);
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<(PowerId, Order)> = lines
        .into_iter()
        .map(|l| (l.power.expect("power"), l.order))
        .collect();
    for rules in rulesets().iter() {
        let Verdict::Resolved(o) = diplo_tests::oracle::adjudicate(&map, rules, &pos, &orders)
        else {
            panic!("{}: the oracle declined the case", rules.name);
        };
        assert_eq!(
            o.resolutions[0],
            Resolution::Fails,
            "{}: F mar - spa",
            rules.name
        );
        assert_eq!(
            o.resolutions[1],
            Resolution::Succeeds,
            "{}: A spa - naf",
            rules.name
        );
        assert_eq!(
            o.resolutions[5],
            Resolution::Succeeds,
            "{}: A naf - spa",
            rules.name
        );
        let engine = adjudicate(&map, rules, &pos, &orders);
        assert_eq!(
            engine.results[0].resolution,
            Resolution::Fails,
            "{}",
            rules.name
        );
    }
}
