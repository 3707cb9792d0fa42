//! The game master's workflow: order-set numbers per power, who the phase waits for, single
//! orders changed, deadline schedules, late orders, rollbacks that keep the orders received.

use diplo_game::{Game, MapSource, SubmitOptions};
use diplo_map::{Map, PowerId};
use diplo_rules::policies::SetIntent;
use diplo_rules::Ruleset;

fn game() -> Game {
    let mut rules = Ruleset::datc();
    rules.apply_override("proxy_orders=notified").unwrap();
    Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        rules,
        vec!["proxy_orders=notified".into()],
    )
}

fn power(g: &Game, name: &str) -> PowerId {
    g.map.power_by_name(name).unwrap()
}

fn submit(g: &mut Game, name: &str, text: &str, opts: SubmitOptions) -> u64 {
    let p = power(g, name);
    g.submit(p, text, "orders.txt", opts).unwrap().seq
}

const ADDS: SubmitOptions = SubmitOptions {
    intent: SetIntent::Adds,
    same_time: false,
    perpetual: false,
};

#[test]
fn order_sets_are_numbered_per_power() {
    let mut g = game();
    assert_eq!(submit(&mut g, "France", "A par - bur\n", ADDS), 1);
    // A proxy grant does not take a number from the order sets either.
    let (fra, ger) = (power(&g, "France"), power(&g, "Germany"));
    g.grant_proxy(fra, g.map.province_by_name("mar").unwrap(), ger)
        .unwrap();
    assert_eq!(submit(&mut g, "England", "F lon - nth\n", ADDS), 1);
    assert_eq!(submit(&mut g, "France", "A mar - spa\n", ADDS), 2);
    assert_eq!(submit(&mut g, "England", "F edi - nwg\n", ADDS), 2);
    // The numbers read back from the file, and go on from there.
    let mut back = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap();
    assert_eq!(submit(&mut back, "England", "A lvp - yor\n", ADDS), 3);
    assert_eq!(submit(&mut back, "Germany", "A mun - ruh\n", ADDS), 1);
    // A new phase starts again at 1.
    back.adjudicate(&[]).unwrap();
    assert_eq!(submit(&mut back, "England", "F nth - nwy\n", ADDS), 1);
}

#[test]
fn a_later_order_in_an_adds_set_replaces_the_earlier_one_for_that_unit() {
    let mut g = game();
    submit(
        &mut g,
        "France",
        "A par - bur\nA mar - spa\n",
        Default::default(),
    );
    submit(&mut g, "France", "A par - pic\n", ADDS);
    let st = g.set_status(power(&g, "France"));
    let orders: Vec<String> = st
        .orders
        .iter()
        .map(|o| o.display(&g.map).to_string())
        .collect();
    assert_eq!(orders, ["A mar - spa", "A par - pic"]);
    assert!(
        st.notes
            .iter()
            .any(|n| n
                == "France: order set 2 replaces A par - bur (a later order for the same unit)"),
        "{:?}",
        st.notes
    );
    // And the phase is adjudicated with the new order: Picardy, not Burgundy.
    g.adjudicate(&[]).unwrap();
    let units = g.position.unit_names(&g.map, power(&g, "France"));
    assert!(units.contains(&"A pic".to_string()), "{units:?}");
}
