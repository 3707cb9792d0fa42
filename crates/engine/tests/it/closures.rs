//! A refusal caused by a closure names the closure: a retreat into a province closed by ice
//! (DATC 2.4 8.D) or over a border closed in the season is refused for that, not as a retreat
//! to a province that is not adjacent.

use diplo_engine::{adjudicate, Adjudication, Position};
use diplo_map::Map;
use diplo_orders::parse_order;
use diplo_rules::Ruleset;

/// A retreat phase after DATC 2.4 8.D's movement, in `season`: England's fleet from the North
/// Atlantic Ocean has dislodged Norway's in the Norwegian Sea, and the North Sea is empty.
fn retreat_phase(season: &str) -> String {
    format!(
        "phase = \"{season} 1901 Retreat\"\n\n[units]\nEngland = [\"F nwg\"]\n\n\
         [[dislodged]]\npower = \"Norway\"\nunit = \"F nwg\"\nattacker_from = \"nao\"\nby_convoy = false\n"
    )
}

/// Adjudicates one retreat order under the `datc-2.4` ruleset.
fn retreat(map: &Map, pos: &str, order: &str) -> Adjudication {
    let rules = Ruleset::load("datc-2.4").unwrap();
    let pos = Position::from_toml_str(map, pos, "test").unwrap();
    let (power, order) = parse_order(map, order).unwrap();
    adjudicate(map, &rules, &pos, &[(power.unwrap(), order)])
}

fn reason(map: &Map, adj: &Adjudication) -> String {
    adj.results[0].reason.display(map, None).to_string()
}

fn loeb9() -> Map {
    Map::embedded("loeb9").unwrap().unwrap()
}

#[test]
fn a_retreat_into_ice_is_refused_for_the_ice() {
    // DATC 2.4 8.D: "Fleet of Norway is dislodged. It can not retreat to the Artic Sea."
    let map = loeb9();
    let adj = retreat(
        &map,
        &retreat_phase("Fall"),
        "Norway: F Norwegian Sea - Arctic Ocean",
    );
    assert_eq!(adj.results[0].words(), "illegal");
    let why = reason(&map, &adj);
    assert!(
        why.contains("Arctic Ocean is closed (ice) in fall"),
        "{why}"
    );
    assert!(!why.contains("not adjacent"), "{why}");
    // In spring the ice is open and the retreat succeeds.
    let adj = retreat(
        &map,
        &retreat_phase("Spring"),
        "Norway: F Norwegian Sea - Arctic Ocean",
    );
    assert_eq!(adj.results[0].words(), "succeeds");
    // A province out of reach is still refused as such, with no closure named.
    let adj = retreat(
        &map,
        &retreat_phase("Fall"),
        "Norway: F Norwegian Sea - Skagerrak",
    );
    assert_eq!(adj.results[0].words(), "illegal");
    let why = reason(&map, &adj);
    assert!(
        why.contains("cannot reach Skagerrak") && !why.contains("closed"),
        "{why}"
    );
}

#[test]
fn a_retreat_over_a_closed_border_is_refused_for_the_border() {
    // Loeb9 with the Norwegian Sea-North Sea border closed in the fall.
    let source = diplo_map::embedded_map_source("loeb9").unwrap().to_string()
        + "\n[[border]]\nbetween = [\"nwg\", \"nth\"]\nclosed = [\"fall\"]\n";
    let map = Map::from_toml_str(&source, "loeb9-closed-border.toml").unwrap();
    let adj = retreat(
        &map,
        &retreat_phase("Fall"),
        "Norway: F Norwegian Sea - North Sea",
    );
    assert_eq!(adj.results[0].words(), "illegal");
    let why = reason(&map, &adj);
    assert!(
        why.contains("the border from Norwegian Sea is closed in fall"),
        "{why}"
    );
    let adj = retreat(
        &map,
        &retreat_phase("Spring"),
        "Norway: F Norwegian Sea - North Sea",
    );
    assert_eq!(adj.results[0].words(), "succeeds");
}

/// Adjudicates `orders` (one `Power: order` per line) on `pos` under `datc-2.4`: each order's
/// result word and reason.
fn movement(map: &Map, pos: &str, orders: &str) -> Vec<(String, String)> {
    let rules = Ruleset::load("datc-2.4").unwrap();
    let pos = Position::from_toml_str(map, pos, "test").unwrap();
    let orders: Vec<_> = orders
        .lines()
        .map(|l| {
            let (power, order) = parse_order(map, l).unwrap();
            (power.unwrap(), order)
        })
        .collect();
    let adj = adjudicate(map, &rules, &pos, &orders);
    adj.results
        .iter()
        .map(|r| {
            let why = r.reason_text(map, &orders[r.index].1);
            (r.words(), why)
        })
        .collect()
}

#[test]
fn a_convoy_stopped_by_ice_names_the_ice() {
    // DATC 2.4 8.E, with a support added: "Convoy fails and army stays in Liverpool." Every
    // refusal the ice causes names it: the army's, the convoy on the route through the ice,
    // the fleet in the ice and the support of the convoyed move.
    let map = loeb9();
    let orders = "England: A Liverpool - Siberia\n\
                  England: F North Atlantic Ocean Convoys A Liverpool - Siberia\n\
                  England: F Arctic Ocean Convoys A Liverpool - Siberia\n\
                  England: F Barents Sea Supports A Liverpool - Siberia";
    let pos = |season: &str| {
        format!(
            "phase = \"{season} 1901 Movement\"\n\n[units]\n\
             England = [\"A lvp\", \"F nao\", \"F arc\", \"F bar\"]\n"
        )
    };
    let fall = movement(&map, &pos("Fall"), orders);
    for (words, why) in &fall {
        assert_eq!(words, "illegal", "{fall:#?}");
        assert!(
            why.contains("Arctic Ocean") && why.contains("closed (ice) in fall"),
            "{fall:#?}"
        );
    }
    assert!(
        fall[0].1.contains("an army cannot reach Siberia by convoy"),
        "{fall:#?}"
    );
    assert!(
        fall[1].1.contains("the convoy route to Siberia passes"),
        "{fall:#?}"
    );
    assert!(
        fall[3]
            .1
            .contains("the supported army cannot reach Siberia"),
        "{fall:#?}"
    );
    // In spring the ice is open: the army is convoyed with support.
    let spring = movement(&map, &pos("Spring"), orders);
    let words: Vec<&str> = spring.iter().map(|(w, _)| w.as_str()).collect();
    assert_eq!(
        words,
        ["succeeds", "available", "available", "given"],
        "{spring:#?}"
    );
    // A convoy refused for another reason does not blame the ice.
    let far = movement(&map, &pos("Fall"), "England: A Liverpool - Barents Sea");
    assert_eq!(far[0].0, "illegal");
    assert!(!far[0].1.contains("closed"), "{far:#?}");
}
