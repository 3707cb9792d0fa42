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
    at: None,
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

const HOUR: i64 = 3600;
/// 2026-11-27T12:00:00Z.
const NOON: i64 = 1_795_780_800;

/// A game with the host's schedule: movement 48 h, retreat and adjustment 24 h.
fn scheduled(late: diplo_game::LateOrders) -> Game {
    let mut g = game();
    let s = diplo_game::Schedule::parse("movement=48h,retreat=24h,adjustment=24h").unwrap();
    g.set_schedule(s, Some(NOON)).unwrap();
    g.late_orders = late;
    g
}

fn at(t: i64) -> SubmitOptions {
    SubmitOptions {
        at: Some(t),
        ..Default::default()
    }
}

#[test]
fn every_phase_gets_its_deadline_from_the_schedule() {
    let mut g = scheduled(Default::default());
    assert_eq!(g.deadline, Some(NOON + 48 * HOUR));
    // Italy and Russia dislodge Austria's army in Vienna in Fall 1901: a retreat phase.
    submit(&mut g, "Italy", "A ven - tyr\n", Default::default());
    submit(&mut g, "Russia", "A war - gal\n", Default::default());
    g.adjudicate_at(&[], NOON + 10 * HOUR).unwrap();
    assert_eq!(g.phase().name(&g.map).to_string(), "Fall 1901 Movement");
    assert_eq!(g.deadline, Some(NOON + 58 * HOUR));
    submit(
        &mut g,
        "Italy",
        "A tyr - vie\nA rom - ven\n",
        Default::default(),
    );
    submit(
        &mut g,
        "Russia",
        "A gal S A tyr - vie\n",
        Default::default(),
    );
    g.adjudicate_at(&[], NOON + 60 * HOUR).unwrap();
    assert_eq!(g.phase().name(&g.map).to_string(), "Fall 1901 Retreat");
    assert_eq!(g.deadline, Some(NOON + 84 * HOUR));
    // The schedule is kept in the file, and read back.
    let back = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap();
    assert_eq!(back.schedule, g.schedule);
    assert_eq!(back.deadline, g.deadline);
    assert!(g.to_toml().contains("[schedule]\nmovement = \"48h\""));
    // A rollback gives the phase a deadline again, from the time of the rollback.
    g.rollback(None, Some(NOON + 70 * HOUR)).unwrap();
    assert_eq!(g.phase().name(&g.map).to_string(), "Fall 1901 Movement");
    assert_eq!(g.deadline, Some(NOON + 118 * HOUR));
    assert_eq!(g.schedule, back.schedule);
    // A one-off deadline changes the current phase only.
    g.set_deadline(Some(NOON + 200 * HOUR)).unwrap();
    g.adjudicate_at(&[], NOON + 72 * HOUR).unwrap();
    assert_eq!(g.deadline, Some(NOON + 96 * HOUR));
}

#[test]
fn late_orders_follow_the_house_rule() {
    use diplo_game::LateOrders;
    let late = NOON + 49 * HOUR;
    // accept: as before, nothing said.
    let mut g = scheduled(LateOrders::Accept);
    let p = power(&g, "France");
    assert!(!g.submit(p, "A par - bur\n", "o", at(late)).unwrap().late);
    assert!(g.late_notes().is_empty());
    // refuse: nothing stored, and why.
    let mut g = scheduled(LateOrders::Refuse);
    let e = g.submit(p, "A par - bur\n", "o", at(late)).unwrap_err();
    assert!(
        e.to_string().contains("this game refuses late orders"),
        "{e}"
    );
    assert!(g.order_sets.is_empty());
    // On time is on time, and the game master's own sets (no time) are never late.
    g.submit(p, "A par - bur\n", "o", at(NOON + 48 * HOUR))
        .unwrap();
    g.submit(p, "A par - pic\n", "o", Default::default())
        .unwrap();
    // accept-flagged: taken, said so in the notes and the history, kept in the file.
    let mut g = scheduled(LateOrders::AcceptFlagged);
    submit(&mut g, "France", "A par - bur\n", at(NOON));
    assert!(g.submit(p, "A mar - spa\n", "o", at(late)).unwrap().late);
    let note = "France: order set 2 came after the deadline (late_orders = accept-flagged)";
    assert_eq!(g.late_notes(), [note]);
    let back = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap();
    assert_eq!(back.order_sets, g.order_sets);
    assert_eq!(back.late_orders, LateOrders::AcceptFlagged);
    g.adjudicate_at(&[], late).unwrap();
    assert!(g.history[0].notes.iter().any(|n| n == note));
}

#[test]
fn a_bad_schedule_in_the_file_is_located() {
    let mut g = scheduled(Default::default());
    g.late_orders = diplo_game::LateOrders::Refuse;
    let text = g
        .to_toml()
        .replace("movement = \"48h\"", "movement = \"48 hours\"")
        .replace("late_orders = \"refuse\"", "late_orders = \"sometimes\"");
    let e = Game::from_toml_str(&text, "g.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("[schedule] movement: `48 hours`"), "{e}");
    assert!(
        e.contains("late_orders `sometimes`: expected accept, refuse"),
        "{e}"
    );
}

#[test]
fn a_rollback_gives_back_the_orders_received_as_they_were() {
    let mut g = scheduled(diplo_game::LateOrders::AcceptFlagged);
    let (fra, ger) = (power(&g, "France"), power(&g, "Germany"));
    submit(&mut g, "France", "A par - bur\nA mar - spa\n", at(NOON));
    submit(&mut g, "France", "A par - pic\n", ADDS);
    submit(&mut g, "England", "F lon - nth\n", at(NOON + 50 * HOUR));
    g.grant_proxy(fra, g.map.province_by_name("bre").unwrap(), ger)
        .unwrap();
    g.set_ready(fra, true).unwrap();
    let sets = g.order_sets.clone();
    let proxies = g.proxies.clone();
    g.adjudicate_at(&[], NOON + 60 * HOUR).unwrap();
    assert!(g.order_sets.is_empty());
    // Kept in the record, through the file.
    let mut g = Game::from_toml_str(&g.to_toml(), "g.toml").unwrap();
    submit(&mut g, "Italy", "A ven H\n", Default::default());
    g.rollback(None, Some(NOON + 61 * HOUR)).unwrap();
    assert_eq!(g.order_sets, sets);
    assert_eq!(g.proxies, proxies);
    assert!(g.ready.contains(&fra));
    assert!(g.order_sets[2].late);
    // The set pending when the game was rolled back is kept in [[undone]].
    assert_eq!(g.undone[0].pending[0].lines, ["A ven H"]);
    // Adjudicated again, the phase gives the same result without anyone sending orders.
    let first = g.undone[0].phases[0].results.clone();
    g.adjudicate_at(&[], NOON + 62 * HOUR).unwrap();
    assert_eq!(g.history[0].results, first);
}

#[test]
fn a_file_that_kept_no_orders_rolls_back_without_them() {
    let mut g = game();
    submit(&mut g, "France", "A par - bur\n", Default::default());
    g.adjudicate(&[]).unwrap();
    // A file written before records kept what was received.
    let text = g.to_toml();
    let start = text.find("history.received").unwrap();
    let start = text[..start].rfind('\n').unwrap() + 1;
    let end = start + text[start..].find("[history.position]").unwrap();
    let old = format!("{}{}", &text[..start], &text[end..]);
    let mut g = Game::from_toml_str(&old, "g.toml").unwrap();
    assert!(g.history[0].received.is_none());
    g.rollback(None, None).unwrap();
    assert!(g.order_sets.is_empty());
    // A record whose orders do not read is refused when the file is read, with where.
    let bad = text.replace("lines = [\"A par - bur\"]", "lines = [\"A xyz - bur\"]");
    let e = Game::from_toml_str(&bad, "g.toml").unwrap_err().to_string();
    assert!(
        e.contains(
            "[history.received] Spring 1901 Movement: order set 1 of France: order `A xyz - bur`"
        ),
        "{e}"
    );
}

/// A Winter 1901 where Russia has two builds and St Petersburg free.
fn russian_winter() -> Game {
    let mut g = game();
    let spring = "F stp/sc - bot\nF sev - rum\nA mos - ukr\n";
    submit(&mut g, "Russia", spring, Default::default());
    g.adjudicate(&[]).unwrap();
    submit(&mut g, "Russia", "F bot - swe\n", Default::default());
    g.adjudicate(&[]).unwrap();
    assert_eq!(g.phase().name(&g.map).to_string(), "Winter 1901 Adjustment");
    g
}

#[test]
fn a_build_that_will_fail_is_named_at_submission_in_the_adjudications_words() {
    let mut g = russian_winter();
    let rus = power(&g, "Russia");
    let set = g
        .submit(rus, "B F stp\nB A mos\n", "o", Default::default())
        .unwrap()
        .clone();
    let failing = g.failing_orders(&set);
    assert_eq!(
        failing,
        [(
            0,
            "a fleet built in St Petersburg must name its coast".to_string()
        )]
    );
    assert!(g.illegal_orders(&set).is_empty());
    // The same words when the phase is adjudicated.
    g.adjudicate(&[]).unwrap();
    let r = &g.history.last().unwrap().results[0];
    assert_eq!(
        (r.result.as_str(), r.reason.as_str()),
        ("fails", failing[0].1.as_str())
    );
}

#[test]
fn builds_the_rules_refuse_are_named_at_submission() {
    let mut g = russian_winter();
    let rus = power(&g, "Russia");
    // Not a home centre, an occupied one, too many builds, a build twice: each illegal.
    for (orders, why) in [
        ("B A rum\n", "Rumania is not a home centre of Russia"),
        ("B A war\n", "Warsaw is occupied"),
        ("B A stp\nB A mos\nB F sev\n", "Russia may build only 2"),
        (
            "B A mos\nB A mos\n",
            "another build order names the same province",
        ),
    ] {
        let set = g
            .submit(rus, orders, "o", Default::default())
            .unwrap()
            .clone();
        let illegal = g.illegal_orders(&set);
        assert!(
            illegal.iter().any(|(_, w)| w == why),
            "{orders}: {illegal:?}"
        );
        g.withdraw(rus).unwrap();
    }
}

#[test]
fn retreats_the_rules_refuse_are_named_at_submission() {
    let mut g = game();
    // England's fleet in Gascony is dislodged by a French fleet from the Mid-Atlantic.
    let text = "phase = \"Fall 1901 Retreat\"\n[units]\nFrance = [\"F gas\", \"A bre\"]\n\
                [[dislodged]]\npower = \"England\"\nunit = \"F gas\"\nattacker_from = \"mao\"\n";
    g.position = diplo_engine::Position::from_toml_str(&g.map, text, "pos").unwrap();
    let eng = power(&g, "England");
    for (order, why) in [
        (
            "F gas - mao",
            "cannot retreat to Mid-Atlantic Ocean: the attacker came from there",
        ),
        ("F gas - bre", "cannot retreat to Brest: it is occupied"),
        (
            "F gas - spa/sc",
            "a fleet in Gascony cannot reach the coast written",
        ),
        (
            "F gas - bur",
            "a fleet cannot go to Burgundy, which is inland",
        ),
    ] {
        let set = g
            .submit(eng, order, "o", Default::default())
            .unwrap()
            .clone();
        let illegal = g.illegal_orders(&set);
        assert_eq!(illegal.len(), 1, "{order}: {illegal:?}");
        assert!(illegal[0].1.contains(why), "{order}: {illegal:?}");
        g.withdraw(eng).unwrap();
    }
    // The coast it can reach is fine.
    let set = g
        .submit(eng, "F gas - spa/nc", "o", Default::default())
        .unwrap()
        .clone();
    assert!(g.illegal_orders(&set).is_empty());
}
