//! Issue 29's "done when": the host's two-year standard game for seven players under the 2000
//! rules plus a house rule, through the library. Deadlines come from the schedule, a late set
//! is sent under each `late_orders` choice, one order is amended with an `adds` set, a power
//! goes into civil disorder and loses a unit by the 2000 rule with its reason, the Winter is
//! rolled back with every order kept and played again, a stand-in takes the power over, and a
//! draw vote passes. Every expectation is worked out from the rules (comments say how).

use diplo_game::viewer::Viewer;
use diplo_game::{DrawStanding, EndedBy, Game, LateOrders, MapSource, Schedule, SubmitOptions};
use diplo_map::{Map, PowerId};
use diplo_rules::policies::SetIntent;
use diplo_rules::Ruleset;

const HOUR: i64 = 3600;
/// 2026-11-27T12:00:00Z: the game starts.
const NOON: i64 = 1_795_780_800;

fn power(g: &Game, name: &str) -> PowerId {
    g.map.power_by_name(name).unwrap()
}

/// `power` sends `orders` at `NOON + hours`.
fn send(g: &mut Game, power_name: &str, orders: &str, hours: i64) -> diplo_game::OrderSet {
    let p = power(g, power_name);
    let at = SubmitOptions {
        at: Some(NOON + hours * HOUR),
        ..Default::default()
    };
    g.submit(p, orders, "orders.txt", at)
        .unwrap_or_else(|e| panic!("{power_name}: {e}"))
        .clone()
}

fn names(g: &Game, powers: &[PowerId]) -> Vec<String> {
    powers
        .iter()
        .map(|&p| g.power_name(p).to_string())
        .collect()
}

/// Every power's units, sorted, one line each: `Austria: A bud, A gal, F alb`.
fn units(g: &Game) -> Vec<String> {
    g.map
        .power_ids()
        .filter(|&p| !g.map.power(p).neutral)
        .map(|p| {
            let mut u = g.position.unit_names(&g.map, p);
            u.sort();
            format!("{}: {}", g.power_name(p), u.join(", "))
        })
        .collect()
}

fn centres(g: &Game) -> Vec<(String, usize)> {
    (g.map.power_ids())
        .filter(|&p| !g.map.power(p).neutral)
        .map(|p| (g.power_name(p).to_string(), g.position.centre_count(p)))
        .collect()
}

fn phase(g: &Game) -> String {
    g.phase().name(&g.map).to_string()
}

/// Through the game file and back: everything below survives it.
fn reread(g: &Game) -> Game {
    Game::from_toml_str(&g.to_toml(), "host.toml").unwrap()
}

/// The 2000 rulebook with the host's house rule (a convoy paradox the 2000 rule leaves open is
/// settled by the Szykman rule), movement 48 h, retreats and adjustments 24 h, late orders
/// accepted; Austria is played by Anton.
fn host_game() -> Game {
    let mut rules = Ruleset::load("2000").unwrap();
    rules.apply_override("paradox_fallback=szykman").unwrap();
    let mut g = Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        rules,
        vec!["paradox_fallback=szykman".into()],
    );
    let s = Schedule::parse("movement=48h,retreat=24h,adjustment=24h").unwrap();
    g.set_schedule(s, Some(NOON)).unwrap();
    let aus = power(&g, "Austria");
    g.name_player(aus, "Anton", Some(NOON)).unwrap();
    g
}

#[test]
fn the_host_s_two_year_game() {
    let mut g = host_game();
    let all = g.map.power_ids().collect::<Vec<_>>();
    let seven = names(&g, &all);
    spring_1901(&mut g);
    fall_1901(&mut g);
    winter_1901_rolled_back_and_played_again(&mut g);
    let mut g = reread(&g);
    spring_1902_late_set_refused(&mut g);
    fall_1902_draw(&mut g, &seven);
}

/// Spring 1901: England's set comes late and is accepted silently (`accept`); France changes
/// one order with an `adds` set; Turkey sends nothing.
fn spring_1901(g: &mut Game) {
    assert_eq!(phase(g), "Spring 1901 Movement");
    assert_eq!(g.deadline, Some(NOON + 48 * HOUR), "movement: 48 h");
    send(g, "Austria", "A vie - gal\nA bud H\nF tri - alb\n", 1);
    let first = send(g, "France", "A par - bur\nA mar - spa\nF bre - mao\n", 2);
    assert_eq!(first.seq, 1);
    let adds = SubmitOptions {
        intent: SetIntent::Adds,
        at: Some(NOON + 3 * HOUR),
        ..Default::default()
    };
    let fra = power(g, "France");
    let second = g.submit(fra, "F bre - eng\n", "orders.txt", adds).unwrap();
    assert_eq!(second.seq, 2, "France's own second set");
    let st = g.set_status(fra);
    let mut counting: Vec<String> = (st.orders.iter())
        .map(|o| o.display(&g.map).to_string())
        .collect();
    counting.sort();
    assert_eq!(counting, ["A mar - spa", "A par - bur", "F bre - eng"]);
    assert!(
        st.notes
            .iter()
            .any(|n| n.contains("order set 2 replaces F bre - mao")),
        "{:?}",
        st.notes
    );
    send(g, "Germany", "A mun - ruh\nA ber - mun\nF kie - den\n", 4);
    send(g, "Italy", "A ven H\nA rom - apu\nF nap - ion\n", 5);
    send(
        g,
        "Russia",
        "A war - ukr\nA mos H\nF sev - rum\nF stp/sc - bot\n",
        6,
    );
    // Nobody said ready: the phase waits for all seven until its deadline.
    assert_eq!(g.awaited().len(), 7);
    assert!(matches!(
        g.due(NOON + 47 * HOUR),
        diplo_game::Due::NotDue { .. }
    ));
    // An hour after the deadline England's set comes: taken, and not marked (accept).
    assert_eq!(g.late_orders, LateOrders::Accept);
    let eng = send(g, "England", "F lon - nth\nF edi - nwg\nA lvp - yor\n", 49);
    assert!(!eng.late);
    match g.due(NOON + 50 * HOUR) {
        diplo_game::Due::DeadlinePassed { no_orders, .. } => {
            assert_eq!(names(g, &no_orders), ["Turkey"])
        }
        other => panic!("{other:?}"),
    }
    g.adjudicate_at(&[], NOON + 50 * HOUR).unwrap();
    // Every move is unopposed; Turkey's units hold.
    let h = g.history.last().unwrap();
    assert_eq!(h.civil_disorder, ["Turkey"]);
    assert!(h.notes.iter().all(|n| !n.contains("after the deadline")));
    assert_eq!(
        units(g),
        [
            "Austria: A bud, A gal, F alb",
            "England: A yor, F nth, F nwg",
            "France: A bur, A spa, F eng",
            "Germany: A mun, A ruh, F den",
            "Italy: A apu, A ven, F ion",
            "Russia: A mos, A ukr, F bot, F rum",
            "Turkey: A con, A smy, F ank",
        ]
    );
    assert_eq!(phase(g), "Fall 1901 Movement");
    assert_eq!(
        g.deadline,
        Some(NOON + 98 * HOUR),
        "48 h from the adjudication"
    );
}

/// Fall 1901: Anton has gone, and the game master puts Austria into civil disorder; late sets
/// are now accepted and flagged, and Germany's comes late. Germany dislodges France's army in
/// Burgundy (two against one); Italy takes Trieste from Austria.
fn fall_1901(g: &mut Game) {
    let aus = power(g, "Austria");
    g.put_in_disorder(aus, Some(NOON + 51 * HOUR)).unwrap();
    g.late_orders = LateOrders::AcceptFlagged;
    // What still comes from Austria is kept but not used.
    send(g, "Austria", "A gal - war\n", 52);
    assert_eq!(
        names(g, &g.awaited()),
        ["England", "France", "Germany", "Italy", "Russia", "Turkey"],
        "Austria is in civil disorder: not awaited"
    );
    send(g, "England", "F nth - nwy\nF nwg H\nA yor H\n", 60);
    send(g, "France", "A bur H\nA spa - por\nF eng - bel\n", 60);
    send(g, "Italy", "A ven - tri\nA apu H\nF ion - tun\n", 61);
    send(g, "Russia", "F bot - swe\nF rum H\nA ukr H\nA mos H\n", 62);
    let ger = send(
        g,
        "Germany",
        "A ruh - bur\nA mun S A ruh - bur\nF den H\n",
        99,
    );
    assert!(ger.late, "after the 98th hour, under accept-flagged");
    *g = reread(g);
    g.adjudicate_at(&[], NOON + 100 * HOUR).unwrap();
    let h = g.history.last().unwrap();
    assert_eq!(h.phase, "Fall 1901 Movement");
    let mut cd = h.civil_disorder.clone();
    cd.sort();
    assert_eq!(cd, ["Austria", "Turkey"]);
    assert!(
        h.notes
            .iter()
            .any(|n| n.contains("Germany: order set 1 came after the deadline")),
        "{:?}",
        h.notes
    );
    assert!(!h.results.iter().any(|r| r.power == "Austria"), "not used");
    // France's army in Burgundy is dislodged: it may retreat to Gascony, Marseilles, Paris or
    // Picardy (not Ruhr, where the attack came from; Belgium and Munich are occupied).
    assert_eq!(phase(g), "Fall 1901 Retreat");
    assert_eq!(g.deadline, Some(NOON + 124 * HOUR), "retreat: 24 h");
    let options = g.retreat_options();
    let options: Vec<_> = options.iter().collect();
    assert_eq!(options.len(), 1);
    let mut to: Vec<String> = (options[0].options.iter())
        .map(|&l| g.map.location_name(l))
        .collect();
    to.sort();
    assert_eq!(to, ["gas", "mar", "par", "pic"]);
    assert_eq!(names(g, &g.awaited()), ["France"]);
    send(g, "France", "A bur - par\n", 101);
    g.adjudicate_at(&[], NOON + 102 * HOUR).unwrap();
}

/// Winter 1901: Austria (two centres, three units) is in civil disorder and loses the unit
/// farthest from its home country (the 2000 rule): F Albania, one move from Trieste, where
/// A Budapest and A Galicia stand in Austria. Five powers build. The game master rolls the
/// Winter back; every order comes back as it was, and the Winter plays out the same.
fn winter_1901_rolled_back_and_played_again(g: &mut Game) {
    assert_eq!(phase(g), "Winter 1901 Adjustment");
    assert_eq!(g.deadline, Some(NOON + 126 * HOUR), "adjustment: 24 h");
    // Centres: Austria lost Trieste; England took Norway, France Portugal and Belgium (Spain
    // was left in the Fall), Germany Denmark, Italy Trieste and Tunis, Russia Sweden and Rumania.
    assert_eq!(
        centres(g),
        [
            ("Austria".to_string(), 2),
            ("England".to_string(), 4),
            ("France".to_string(), 5),
            ("Germany".to_string(), 4),
            ("Italy".to_string(), 5),
            ("Russia".to_string(), 6),
            ("Turkey".to_string(), 3),
        ]
    );
    assert_eq!(
        names(g, &g.awaited()),
        ["England", "France", "Germany", "Italy", "Russia"]
    );
    send(g, "England", "Build F edi\n", 103);
    send(g, "France", "Build A mar\nBuild F bre\n", 103);
    send(g, "Germany", "Build A ber\n", 104);
    send(g, "Italy", "Build A ven\nBuild F nap\n", 104);
    send(g, "Russia", "Build A war\nBuild F sev\n", 105);
    let received = g.order_sets.clone();
    let schedule = g.schedule;
    g.adjudicate_at(&[], NOON + 110 * HOUR).unwrap();
    let winter = g.history.last().unwrap().clone();
    let removal = winter
        .automatic
        .iter()
        .find(|a| a.power == "Austria")
        .expect("Austria's removal");
    assert_eq!(removal.unit, "F alb");
    for words in [
        "removed: civil disorder: Austria ordered 0 of its 1 removals",
        "the unit farthest from the home country goes first",
        "F Albania is 1 move away",
    ] {
        assert!(removal.what.contains(words), "{words}: {}", removal.what);
    }
    let after = units(g);
    assert_eq!(
        after,
        [
            "Austria: A bud, A gal",
            "England: A yor, F edi, F nwg, F nwy",
            "France: A mar, A par, A por, F bel, F bre",
            "Germany: A ber, A bur, A mun, F den",
            "Italy: A apu, A tri, A ven, F nap, F tun",
            "Russia: A mos, A ukr, A war, F rum, F sev, F swe",
            "Turkey: A con, A smy, F ank",
        ]
    );
    assert_eq!(phase(g), "Spring 1902 Movement");

    // The game master takes the Winter back an hour later: the builds come back as received.
    *g = reread(g);
    let n = g.rollback(None, Some(NOON + 111 * HOUR)).unwrap();
    assert_eq!(n, 1);
    assert_eq!(phase(g), "Winter 1901 Adjustment");
    assert_eq!(g.order_sets, received);
    assert_eq!(g.schedule, schedule);
    assert_eq!(
        g.deadline,
        Some(NOON + 135 * HOUR),
        "24 h from the rollback"
    );
    g.adjudicate_at(&[], NOON + 112 * HOUR).unwrap();
    let again = g.history.last().unwrap();
    assert_eq!(again.results, winter.results);
    assert_eq!(again.automatic, winter.automatic);
    assert_eq!(units(g), after);
    assert_eq!(g.deadline, Some(NOON + 160 * HOUR));
}

/// Spring 1902: Dana takes Austria over; late orders are now refused, and Russia's late set
/// leaves its set sent on time counting.
fn spring_1902_late_set_refused(g: &mut Game) {
    let aus = power(g, "Austria");
    g.end_disorder(aus, Some("Dana"), Some(NOON + 113 * HOUR))
        .unwrap();
    g.late_orders = LateOrders::Refuse;
    assert_eq!(g.awaited().len(), 7, "Austria is awaited again");
    send(g, "Austria", "A bud H\nA gal H\n", 114);
    send(g, "Russia", "A mos - lvn\n", 120);
    let rus = power(g, "Russia");
    let late = SubmitOptions {
        at: Some(NOON + 161 * HOUR),
        ..Default::default()
    };
    let e = g
        .submit(rus, "A mos - stp\n", "orders.txt", late)
        .unwrap_err();
    assert!(e.to_string().contains("refuses late orders"), "{e}");
    assert_eq!(g.order_sets.iter().filter(|s| s.power == rus).count(), 1);
    g.adjudicate_at(&[], NOON + 162 * HOUR).unwrap();
    let h = g.history.last().unwrap();
    assert!(
        h.results.iter().any(|r| r.power == "Austria"),
        "Dana's orders count"
    );
    let russia = g.position.unit_names(&g.map, rus);
    assert!(russia.contains(&"A lvn".to_string()), "{russia:?}");
    assert!(!russia.contains(&"A stp".to_string()), "{russia:?}");
    assert_eq!(phase(g), "Fall 1902 Movement");
    assert_eq!(g.deadline, Some(NOON + 210 * HOUR));
}

/// Fall 1902: France proposes a draw among the seven survivors; the votes stay secret until
/// the last (Dana's, for Austria) makes it unanimous, and the game ends in a draw.
fn fall_1902_draw(g: &mut Game, seven: &[String]) {
    let fra = power(g, "France");
    assert!(matches!(
        g.propose_draw(fra, None).unwrap(),
        DrawStanding::Pending
    ));
    for name in ["England", "Germany", "Italy", "Russia", "Turkey"] {
        let p = power(g, name);
        assert!(matches!(
            g.vote_draw(p, true).unwrap(),
            DrawStanding::Pending
        ));
    }
    let seen = |g: &Game, v: Viewer| {
        g.agreements_json(v)["draws"][0]["votes_seen"]
            .as_object()
            .unwrap()
            .len()
    };
    assert_eq!(seen(g, Viewer::Public), 0, "secret from the public");
    assert_eq!(seen(g, Viewer::Power(power(g, "Austria"))), 0);
    assert_eq!(seen(g, Viewer::Power(fra)), 1, "France sees its own");
    assert_eq!(seen(g, Viewer::Host), 6);
    let standing = g.vote_draw(power(g, "Austria"), true).unwrap();
    assert!(matches!(standing, DrawStanding::Passed(_)), "{standing:?}");
    let g = reread(g);
    assert_eq!(seen(&g, Viewer::Public), 7, "passed: every vote is known");
    let e = g.ended.clone().unwrap();
    assert_eq!(e.by, EndedBy::DrawVote);
    assert_eq!(e.phase.name(&g.map).to_string(), "Fall 1902 Movement");
    assert_eq!(names(&g, &e.draw), seven);
    assert!(g.awaited().is_empty());
    assert_eq!(
        g.player_lines(),
        [
            "Austria: Anton from Spring 1901 Movement (2026-11-27T12:00:00Z); civil disorder \
          (the game master's hand) from Fall 1901 Movement (2026-11-29T15:00:00Z); Dana from \
          Spring 1902 Movement (2026-12-02T05:00:00Z)"
        ]
    );
    // The history keeps it all: five phases played, and the Winter taken back once.
    let phases: Vec<&str> = g.history.iter().map(|h| h.phase.as_str()).collect();
    assert_eq!(
        phases,
        [
            "Spring 1901 Movement",
            "Fall 1901 Movement",
            "Fall 1901 Retreat",
            "Winter 1901 Adjustment",
            "Spring 1902 Movement"
        ]
    );
    assert_eq!(g.undone.len(), 1);
    let json = diplo_game::json::history(&g);
    assert_eq!(json["ended"]["by"], "draw-vote");
    assert_eq!(json["players"].as_array().unwrap().len(), 3);
    assert!(!json.to_string().contains("\"received\""), "kept private");
}
