//! Every reason string of every DATC case under every embedded profile: no reason names a power
//! that contradicts the position, and every `unresolved` order names its paradox and the rule.
//!
//! A reason may name a power (or its adjective) only in a phrase this test knows how to check
//! against the position (`the unit in X belongs to P`, `P has no builds`, ...); any other mention
//! fails the test, so a new phrase has to be taught here before it can ship. `its own power's U`
//! is checked too: U must belong to the power that gave the order.

use diplo_datc::{adjudicate_case, all_cases};
use diplo_engine::{Adjudication, OrderResult, Position, Resolution};
use diplo_map::{Map, PowerId};
use diplo_rules::{Ruleset, EMBEDDED_RULESETS};

struct Board<'a> {
    map: &'a Map,
    pos: &'a Position,
    /// The units dislodged by the movement phase (the retreat phase's units).
    dislodged: Vec<diplo_engine::Unit>,
}

impl Board<'_> {
    fn power_of_unit_in(&self, province: &str, dislodged: bool) -> Option<PowerId> {
        let p = self.map.province_by_name(province)?;
        if dislodged {
            self.dislodged
                .iter()
                .find(|u| u.location.province == p)
                .map(|u| u.power)
        } else {
            self.pos.unit_in(p).map(|u| u.power)
        }
    }

    fn power_of_unit_named(&self, full: &str) -> Option<PowerId> {
        self.pos
            .units
            .iter()
            .chain(&self.dislodged)
            .find(|u| u.full(self.map) == full)
            .map(|u| u.power)
    }
}

/// The text between `start` and the first of `ends` after it.
fn until<'a>(text: &'a str, ends: &[&str]) -> &'a str {
    let end = ends
        .iter()
        .filter_map(|e| text.find(e))
        .min()
        .unwrap_or(text.len());
    &text[..end]
}

fn is_word_boundary(text: &str, at: usize, len: usize) -> bool {
    let before = text[..at].chars().next_back();
    let after = text[at + len..].chars().next();
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
}

/// Every problem with one reason.
fn check_reason(board: &Board, r: &OrderResult, reason: &str) -> Vec<String> {
    let map = board.map;
    let mut problems = Vec::new();
    let claim = |what: String, actual: Option<PowerId>, named: PowerId| {
        (actual != Some(named)).then(|| {
            format!(
                "{what}: the position says {}",
                actual.map_or("no such unit".to_string(), |p| map.power(p).name.clone())
            )
        })
    };
    // `its own power's F London`: the unit belongs to the power that gave the order.
    for (at, _) in reason.match_indices("its own power's ") {
        let unit = until(&reason[at + 16..], &[";", ")", ",", " ("]);
        problems.extend(claim(
            format!(
                "`{unit}` called the own unit of {}",
                map.power(r.power).name
            ),
            board.power_of_unit_named(unit),
            r.power,
        ));
    }
    // Every power name or adjective must sit in a phrase checked here.
    for p in map.power_ids() {
        let power = map.power(p);
        for word in [power.name.as_str(), power.adjective.as_str()] {
            for (at, _) in reason.match_indices(word) {
                if !is_word_boundary(reason, at, word.len())
                    || reason[at..].starts_with("English Channel")
                {
                    continue;
                }
                let before = &reason[..at];
                let after = &reason[at + word.len()..];
                let prov_before = |marker: &str, tail: &str| -> Option<String> {
                    let b = before.strip_suffix(tail)?;
                    let i = b.rfind(marker)?;
                    Some(b[i + marker.len()..].to_string())
                };
                if let Some(x) = prov_before("the dislodged unit in ", " belongs to ") {
                    problems.extend(claim(
                        format!("`{reason}`"),
                        board.power_of_unit_in(&x, true),
                        p,
                    ));
                } else if let Some(x) = prov_before("the unit in ", " belongs to ") {
                    problems.extend(claim(
                        format!("`{reason}`"),
                        board.power_of_unit_in(&x, false),
                        p,
                    ));
                } else if before.ends_with(" belongs to ") {
                    problems.push(format!("`{reason}`: an unrecognised `belongs to`"));
                } else if before.ends_with(", not ") {
                    // `... belongs to P, not Q`: Q is the power that gave the order;
                    // `... is A, not B`: B is what the order wrote (not a claim).
                    if before.contains(" belongs to ") && p != r.power {
                        problems.push(format!(
                            "`{reason}`: names {} as the ordering power",
                            power.name
                        ));
                    }
                } else if let (Some(x), true) = (
                    before
                        .rfind("the unit in ")
                        .map(|i| &before[i + 12..])
                        .and_then(|b| b.strip_suffix(" is ")),
                    after.starts_with(", not "),
                ) {
                    problems.extend(claim(
                        format!("`{reason}`"),
                        board.power_of_unit_in(x, false),
                        p,
                    ));
                } else if before.ends_with("the nationality of the ") {
                    let x = after
                        .strip_prefix(" unit in ")
                        .map(|a| until(a, &[" is missing"]))
                        .unwrap_or("");
                    problems.extend(claim(
                        format!("`{reason}`"),
                        board.power_of_unit_in(x, false),
                        p,
                    ));
                } else if [
                    " has no builds",
                    " has no units to remove",
                    " may build only",
                    " must remove only",
                    " does not own ",
                    // DATC 2.4 7.B.34, 7.C: a railroad only its powers use; a canal
                    // permission only the power in the canal province gives.
                    " may not use the ",
                    " has no unit in ",
                ]
                .iter()
                .any(|t| after.starts_with(t))
                    || before.ends_with("is not a home centre of ")
                {
                    // Phrases about the power that gave the order.
                    if p != r.power {
                        problems.push(format!(
                            "`{reason}`: names {} for an order of {}",
                            power.name,
                            map.power(r.power).name
                        ));
                    }
                } else {
                    problems.push(format!(
                        "`{reason}`: names {word} in a phrase this test does not know"
                    ));
                }
            }
        }
    }
    problems
}

fn check_unresolved(
    rules: &Ruleset,
    map: &Map,
    r: &OrderResult,
    order: &diplo_orders::Order,
) -> Option<String> {
    if r.resolution != Resolution::Unresolved {
        return None;
    }
    let rule = format!(
        "convoy_paradox = \"{}\" gives no answer",
        rules.choice("convoy_paradox").unwrap()
    );
    let own = order.display(map).full().to_string();
    let reason = r.reason_text(map, order);
    let names_itself = !reason.starts_with("part of") || reason.contains(&own);
    // A cycle that is no convoy paradox, left unresolved by the ruleset's choice (5.B.9).
    let other_cycle = reason.contains("neither circular movement nor a convoy paradox")
        && reason.contains("other_cycles = \"unresolved\"")
        && rules.choice("other_cycles") == Some("unresolved");
    let paradox = reason.contains("convoy paradox") && reason.contains(&rule);
    (!((paradox || other_cycle) && names_itself)).then(|| {
        format!(
            "unresolved `{own}` without its paradox and rule: `{}`",
            reason
        )
    })
}

#[test]
fn no_reason_names_the_wrong_power_and_unresolved_orders_name_their_paradox() {
    let map = Map::standard();
    let mut problems = Vec::new();
    let mut checked = 0;
    let mut unresolved = 0;
    for (name, _) in EMBEDDED_RULESETS {
        let rules = Ruleset::load(name).unwrap();
        for case in all_cases() {
            let run = adjudicate_case(&map, &rules, &case).unwrap();
            let adj = &run.adjudication;
            // A variant case is played on its own map (DATC 2.4 chapters 7-12).
            let map = diplo_datc::case_map(&case, &map).unwrap();
            let board = Board {
                map,
                pos: &run.position,
                dislodged: adj.retreats.iter().map(|r| r.dislodged.unit).collect(),
            };
            let retreats = run.retreats.as_ref().map(|a| (a, &run.retreat_orders));
            let phases: Vec<(&Adjudication, &Vec<_>)> = std::iter::once((adj, &run.orders))
                .chain(retreats)
                .collect();
            for (a, orders) in phases {
                for r in &a.results {
                    checked += 1;
                    unresolved += usize::from(r.resolution == Resolution::Unresolved);
                    let order = &orders[r.index].1;
                    for p in check_reason(&board, r, &r.reason_text(map, order))
                        .into_iter()
                        .chain(check_unresolved(&rules, map, r, order))
                    {
                        problems.push(format!("{name} {}: {p}", case.id));
                    }
                }
            }
        }
    }
    assert!(checked > 8_000 && unresolved > 50, "{checked} {unresolved}");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_checker_catches_the_old_wrong_power() {
    // 6.F.22 under 1971 once said `A Brest - London -> fails (cannot dislodge its own power's
    // F London)`: F London is English.
    let map = Map::standard();
    let case = all_cases().into_iter().find(|c| c.id == "6.F.22").unwrap();
    let rules = Ruleset::load("1971").unwrap();
    let run = adjudicate_case(&map, &rules, &case).unwrap();
    let board = Board {
        map: &map,
        pos: &run.position,
        dislodged: Vec::new(),
    };
    let r = &run.adjudication.results[2];
    let order = &run.orders[r.index].1;
    assert_eq!(order.display(&map).full().to_string(), "A Brest - London");
    let reason = r.reason_text(&map, order);
    assert!(check_reason(&board, r, &reason).is_empty(), "{reason}");
    let own = "cannot dislodge its own power's F London";
    assert_eq!(check_reason(&board, r, own).len(), 1);
    let wrong = "the unit in London belongs to France, not France";
    assert_eq!(check_reason(&board, r, wrong).len(), 1);
    assert_eq!(check_reason(&board, r, "a German plot").len(), 1);
}
