//! The end of a game besides the victory condition: a draw voted (secret votes, unanimous or a
//! majority, lapsing with the phase), a concession, the year limit's house rule; and civil
//! disorder under the game master's hand, and a game started from any position.

use diplo_game::viewer::Viewer;
use diplo_game::{
    AtLastYear, DrawStanding, DrawVotes, EndRules, EndedBy, Game, GameError, MapSource,
    SubmitOptions,
};
use diplo_map::{Map, PowerId};
use diplo_rules::Ruleset;

fn game() -> Game {
    Game::new(
        Map::standard(),
        MapSource::Embedded("standard".into()),
        Ruleset::datc(),
        Vec::new(),
    )
}

fn power(g: &Game, name: &str) -> PowerId {
    g.map.power_by_name(name).unwrap()
}

fn all(g: &Game) -> Vec<PowerId> {
    g.map.power_ids().collect()
}

fn reread(g: &Game) -> Game {
    Game::from_toml_str(&g.to_toml(), "game.toml").unwrap()
}

fn refused(r: Result<impl std::fmt::Debug, GameError>) -> String {
    match r {
        Err(GameError::Refused(lines)) => lines.join("\n"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_unanimous_draw_passes_on_the_last_yes_and_the_file_keeps_it() {
    let mut g = game();
    let powers = all(&g);
    let fra = power(&g, "France");
    assert_eq!(g.propose_draw(fra, None).unwrap(), DrawStanding::Pending);
    for &p in &powers[..powers.len() - 1] {
        if p != fra {
            assert_eq!(g.vote_draw(p, true).unwrap(), DrawStanding::Pending);
        }
    }
    // The votes stay in the file while the draw is pending.
    let mut g = reread(&g);
    let last = *powers.last().unwrap();
    let DrawStanding::Passed(ending) = g.vote_draw(last, true).unwrap() else {
        panic!("the seventh yes passes the draw")
    };
    assert_eq!(ending.by, EndedBy::DrawVote);
    assert_eq!(ending.draw, powers);
    assert_eq!(ending.winner, None);
    let text = ending.describe(&g.map);
    assert!(
        text.starts_with("drawn by a vote during Spring 1901 Movement, shared by 7 powers"),
        "{text}"
    );
    // Over: nothing more is accepted, and the ending reads back as it was.
    assert!(refused(g.adjudicate(&[])).contains("the game is over"));
    let back = reread(&g);
    assert_eq!(back.ended, g.ended);
    assert!(back.to_toml().contains("by = \"draw-vote\""));
}

#[test]
fn votes_are_secret_from_the_other_powers_and_the_public() {
    let mut g = game();
    let (fra, ger, eng) = (
        power(&g, "France"),
        power(&g, "Germany"),
        power(&g, "England"),
    );
    g.propose_draw(fra, Some(&[fra, ger, eng])).unwrap();
    g.vote_draw(ger, false).unwrap_or(DrawStanding::Pending);
    let seen = |v: Viewer| g.draw_lines(v).join("\n");
    assert!(seen(Viewer::Host).contains("France yes") && seen(Viewer::Host).contains("Germany no"));
    let by_germany = seen(Viewer::Power(ger));
    assert!(
        by_germany.contains("Germany no") && !by_germany.contains("France yes"),
        "{by_germany}"
    );
    let public = seen(Viewer::Public);
    assert!(
        !public.contains(" yes") && !public.contains(" no"),
        "{public}"
    );
    assert!(
        public.contains("Draw proposed by France among England, France, Germany"),
        "{public}"
    );
    let json = g.agreements_json(Viewer::Public).to_string();
    assert!(!json.contains("true") && !json.contains("false"), "{json}");
}

#[test]
fn one_no_rejects_a_unanimous_draw_and_a_majority_needs_more_than_half() {
    let mut g = game();
    let (fra, ger) = (power(&g, "France"), power(&g, "Germany"));
    g.propose_draw(fra, None).unwrap();
    assert_eq!(g.vote_draw(ger, false).unwrap(), DrawStanding::Rejected);
    let why = refused(g.vote_draw(fra, true));
    assert!(why.contains("the one proposed was rejected"), "{why}");
    // A new proposal may follow a rejected one.
    g.master.end_rules.draw_votes = DrawVotes::Majority;
    assert_eq!(g.propose_draw(ger, None).unwrap(), DrawStanding::Pending);
    let others: Vec<PowerId> = all(&g).into_iter().filter(|&p| p != ger).collect();
    for &p in &others[..2] {
        assert_eq!(g.vote_draw(p, true).unwrap(), DrawStanding::Pending);
    }
    // The fourth yes of seven is a majority.
    assert!(matches!(
        g.vote_draw(others[2], true).unwrap(),
        DrawStanding::Passed(_)
    ));
}

#[test]
fn a_draw_not_passed_lapses_when_the_phase_is_adjudicated() {
    let mut g = game();
    let (fra, ita) = (power(&g, "France"), power(&g, "Italy"));
    g.propose_draw(fra, Some(&[fra, ita])).unwrap();
    let pending = refused(g.propose_draw(ita, None));
    assert!(pending.contains("awaits votes"), "{pending}");
    g.adjudicate(&[]).unwrap();
    assert!(g.pending_draw().is_none());
    let notes = &g.history[0].notes;
    assert!(
        notes.iter().any(|n| n == "the draw proposed by France (among France, Italy) lapsed: it had not passed when the phase was adjudicated"),
        "{notes:?}"
    );
    assert!(refused(g.vote_draw(ita, true)).contains("no draw is proposed"));
}

#[test]
fn bad_draws_and_concessions_are_refused_with_the_reason() {
    let mut g = game();
    let fra = power(&g, "France");
    assert!(refused(g.propose_draw(fra, Some(&[fra]))).contains("alone is a win"));
    assert!(refused(g.concede(fra, fra)).contains("cannot concede to itself"));
    // A power with nothing left is out of the game.
    g.position.units.retain(|u| u.power != fra);
    for c in g.position.owners.iter_mut() {
        if *c == Some(fra) {
            *c = None;
        }
    }
    let out = refused(g.propose_draw(fra, None));
    assert!(
        out.contains("France has no unit and no supply centre left"),
        "{out}"
    );
    let ger = power(&g, "Germany");
    let among = refused(g.propose_draw(ger, Some(&[ger, fra])));
    assert!(among.contains("France is out of the game"), "{among}");
}

#[test]
fn a_power_wins_when_every_other_survivor_concedes_to_it() {
    let mut g = game();
    let tur = power(&g, "Turkey");
    let others: Vec<PowerId> = all(&g).into_iter().filter(|&p| p != tur).collect();
    for &p in &others[..others.len() - 1] {
        assert_eq!(g.concede(p, tur).unwrap(), None);
    }
    let ending = g.concede(others[others.len() - 1], tur).unwrap().unwrap();
    assert_eq!(
        (ending.winner, ending.by, ending.centres),
        (Some(tur), EndedBy::Concession, 3)
    );
    assert!(ending
        .describe(&g.map)
        .starts_with("Turkey won by concession during Spring 1901 Movement"));
    assert_eq!(reread(&g).ended, g.ended);
}

#[test]
fn concessions_lapse_with_the_phase() {
    let mut g = game();
    let (ita, tur) = (power(&g, "Italy"), power(&g, "Turkey"));
    g.concede(ita, tur).unwrap();
    assert_eq!(g.draw_lines(Viewer::Public), ["Italy concedes to Turkey"]);
    g.adjudicate(&[]).unwrap();
    assert!(g.draw_lines(Viewer::Host).is_empty());
    assert!(g.history[0]
        .notes
        .iter()
        .any(|n| n.starts_with("Italy's concession to Turkey lapsed")));
}

/// A game whose last year is 1901, under the house rule `at_last_year`.
fn last_year_1901(at_last_year: AtLastYear) -> Game {
    let mut g = game();
    g.master.end_rules = EndRules {
        last_year: Some(1901),
        at_last_year,
        draw_votes: DrawVotes::Unanimous,
        stalemate_years: None,
    };
    let g = reread(&g);
    assert_eq!(g.last_year(), Some(1901));
    g
}

#[test]
fn at_the_game_s_last_year_the_survivors_share_a_draw() {
    let mut g = last_year_1901(AtLastYear::Draw);
    g.adjudicate(&[]).unwrap();
    assert!(g.ended.is_none(), "Spring 1901 is not the end of the year");
    g.adjudicate(&[]).unwrap();
    let e = g.ended.clone().expect("the game ends after Fall 1901");
    assert_eq!((e.winner, e.by, e.draw.len()), (None, EndedBy::LastYear, 7));
    // Russia has four centres, the others three: the most centres first.
    assert_eq!(e.draw[0], power(&g, "Russia"));
    assert_eq!(reread(&g).ended, g.ended);
}

#[test]
fn at_the_game_s_last_year_the_most_centres_win_and_ties_share() {
    let mut g = last_year_1901(AtLastYear::MostCentres);
    g.adjudicate(&[]).unwrap();
    g.adjudicate(&[]).unwrap();
    let e = g.ended.clone().expect("the game ends after Fall 1901");
    assert_eq!(
        (e.winner, e.by, e.centres),
        (Some(power(&g, "Russia")), EndedBy::LastYear, 4)
    );
    assert!(e.describe(&g.map).contains("with the most centres, 4"));
    assert_eq!(reread(&g).ended, g.ended);
    // Germany takes Denmark: Germany and Russia tie at four.
    let mut g = last_year_1901(AtLastYear::MostCentres);
    let (ger, den) = (power(&g, "Germany"), g.map.province_by_name("den").unwrap());
    g.position.owners[den.index()] = Some(ger);
    g.adjudicate(&[]).unwrap();
    g.adjudicate(&[]).unwrap();
    let e = g.ended.clone().unwrap();
    assert_eq!(
        (e.winner, &e.draw, e.centres),
        (None, &vec![ger, power(&g, "Russia")], 4)
    );
    assert!(e
        .describe(&g.map)
        .contains("between the powers with the most centres (4 each)"));
}

#[test]
fn an_ended_table_without_by_reads_as_before() {
    let mut g = last_year_1901(AtLastYear::Draw);
    g.adjudicate(&[]).unwrap();
    g.adjudicate(&[]).unwrap();
    let text = g.to_toml();
    assert!(
        !text.contains("by = "),
        "a draw at the last year is written as before"
    );
    let back = Game::from_toml_str(&text, "old.toml").unwrap();
    assert_eq!(back.ended.unwrap().by, EndedBy::LastYear);
    let bad = text.replace("[ended]\n", "[ended]\nby = \"surrender\"\n");
    let Err(GameError::Invalid(e)) = Game::from_toml_str(&bad, "bad.toml") else {
        panic!("an unknown `by` is refused")
    };
    assert!(
        e.contains("bad.toml:") && e.contains("[ended] by `surrender`"),
        "{e}"
    );
}

#[test]
fn a_power_in_civil_disorder_by_the_game_master_s_hand_sends_nothing() {
    let mut g = game();
    let fra = power(&g, "France");
    g.name_player(fra, "Alice", None).unwrap();
    g.put_in_disorder(fra, Some(1_800_000_000)).unwrap();
    assert!(refused(g.put_in_disorder(fra, None)).contains("already in civil disorder"));
    assert!(
        !g.must_order(fra),
        "a power in civil disorder is not awaited"
    );
    g.submit(fra, "A par - bur\n", "fra.txt", SubmitOptions::default())
        .unwrap();
    let mut g = reread(&g);
    assert!(g.in_disorder(fra));
    g.adjudicate(&[]).unwrap();
    let h = &g.history[0];
    assert!(h.civil_disorder.iter().any(|p| p == "France"));
    assert!(h
        .notes
        .iter()
        .any(|n| n.contains("France: in civil disorder by the game master's hand")));
    assert!(
        !h.results.iter().any(|r| r.power == "France"),
        "{:?}",
        h.results
    );
    let par = g.map.province_by_name("par").unwrap();
    assert!(g.position.unit_in(par).is_some(), "A par held");
    // A stand-in arrives: France's orders count again.
    g.end_disorder(fra, Some("Bob"), None).unwrap();
    assert!(refused(g.end_disorder(fra, None, None)).contains("not in civil disorder"));
    g.submit(fra, "A par - bur\n", "fra.txt", SubmitOptions::default())
        .unwrap();
    g.adjudicate(&[]).unwrap();
    assert!(g.history[1].results.iter().any(|r| r.power == "France"));
    let lines = reread(&g).player_lines();
    assert_eq!(
        lines,
        ["France: Alice from Spring 1901 Movement; civil disorder (the game master's hand) from \
          Spring 1901 Movement (2027-01-15T08:00:00Z); Bob from Fall 1901 Movement"]
    );
    assert!(refused(g.name_player(fra, "two\nlines", None)).contains("expected one line"));
}

const RETREAT: &str = r#"phase = "Fall 1901 Retreat"
[units]
France = ["A bur", "F mao"]
Germany = ["A mun"]
[centres]
France = ["bre", "mar", "par"]
Germany = ["ber", "kie", "mun"]
[[dislodged]]
power = "Germany"
unit = "A bur"
attacker_from = "par"
by_convoy = false
"#;

#[test]
fn a_game_starts_from_a_retreat_position_and_bad_positions_are_located() {
    let map = Map::standard();
    let start = |text: &str| {
        Game::from_position_text(
            map.clone(),
            MapSource::Embedded("standard".into()),
            Ruleset::datc(),
            Vec::new(),
            (text, "start.toml"),
        )
    };
    let mut g = start(RETREAT).unwrap();
    let ger = power(&g, "Germany");
    assert!(g.must_order(ger) && !g.must_order(power(&g, "France")));
    let g2 = reread(&g);
    assert_eq!(g2.position, g.position);
    g.submit(ger, "A bur - ruh\n", "ger.txt", SubmitOptions::default())
        .unwrap();
    g.adjudicate(&[]).unwrap();
    let ruh = g.map.province_by_name("ruh").unwrap();
    assert_eq!(g.position.unit_in(ruh).map(|u| u.power), Some(ger));
    let bad = RETREAT
        .replace("\"A mun\"", "\"A xyz\"")
        .replace("Fall 1901 Retreat", "Fall 1901 Movement");
    let Err(GameError::Invalid(e)) = start(&bad) else {
        panic!("a bad position is refused")
    };
    assert!(e.contains("start.toml:4:"), "{e}");
    assert!(e.contains("only possible in a retreat phase"), "{e}");
}

#[test]
fn a_power_in_civil_disorder_neither_votes_nor_blocks_a_unanimous_draw() {
    let mut g = game();
    let (fra, rus) = (power(&g, "France"), power(&g, "Russia"));
    g.put_in_disorder(rus, None).unwrap();
    assert!(!g.voters().contains(&rus) && g.survivors().contains(&rus));
    let why = refused(g.vote_draw(rus, true));
    assert!(
        why.contains("Russia is in civil disorder by the game master's hand"),
        "{why}"
    );
    g.propose_draw(fra, None).unwrap();
    let others: Vec<PowerId> = (g.voters().into_iter()).filter(|&p| p != fra).collect();
    assert_eq!(others.len(), 5);
    let mut last = DrawStanding::Pending;
    for p in others {
        last = g.vote_draw(p, true).unwrap();
    }
    let DrawStanding::Passed(e) = last else {
        panic!("the six voters passed it")
    };
    // The survivors share it, Russia too.
    assert_eq!(e.draw, all(&g));
    // Once passed, the votes are no secret.
    let public = g.draw_lines(Viewer::Public).join("\n");
    assert!(
        public.contains(": passed (votes seen: Austria yes, England yes, France yes"),
        "{public}"
    );
}

#[test]
fn bad_game_master_tables_are_located() {
    let mut g = game();
    let (fra, ger) = (power(&g, "France"), power(&g, "Germany"));
    g.name_player(fra, "Alice", None).unwrap();
    g.propose_draw(fra, Some(&[fra, ger])).unwrap();
    g.master.end_rules.draw_votes = DrawVotes::Majority;
    let text = g.to_toml();
    assert!(
        text.contains("[end_rules]\ndraw_votes = \"majority\""),
        "{text}"
    );
    let bad = text
        .replace("draw_votes = \"majority\"", "draw_votes = \"most\"")
        .replace("player = \"Alice\"", "player = \"\"")
        .replace("by = \"France\"", "by = \"Frnace\"");
    let Err(GameError::Invalid(e)) = Game::from_toml_str(&bad, "g.toml") else {
        panic!("bad tables are refused")
    };
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 3, "{e}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("[end_rules] draw_votes `most`: expected unanimous or majority")),
        "{e}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("[[player]] player name ``")),
        "{e}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("[[draw_proposal]] by: unknown power `Frnace`")),
        "{e}"
    );
    assert!(lines.iter().all(|l| l.starts_with("g.toml:")), "{e}");
}

/// Submits `orders` for the power `name`.
fn send(g: &mut Game, name: &str, orders: &str) {
    let p = power(g, name);
    g.submit(p, orders, "orders.txt", SubmitOptions::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
}

#[test]
fn two_years_with_a_stand_in_end_in_a_voted_draw() {
    let mut g = game();
    let rus = power(&g, "Russia");
    for (p, name) in [(power(&g, "France"), "Claire"), (rus, "Ivan")] {
        g.name_player(p, name, None).unwrap();
    }
    // Spring 1901: everyone plays.
    send(&mut g, "France", "A par - bur\nA mar - spa\nF bre - mao\n");
    send(
        &mut g,
        "Russia",
        "A war - gal\nA mos - ukr\nF sev - bla\nF stp/sc - bot\n",
    );
    g.adjudicate(&[]).unwrap();
    // Fall 1901: Russia's player has gone; what still comes in from Russia is not used.
    g.put_in_disorder(rus, None).unwrap();
    send(&mut g, "Russia", "A gal - rum\nF bot - swe\n");
    send(
        &mut g,
        "France",
        "A spa - por\nF mao - spa/sc\nA bur - bel\n",
    );
    g.adjudicate(&[]).unwrap();
    let fall = g.history.last().unwrap();
    assert_eq!(fall.phase, "Fall 1901 Movement");
    assert!(fall.civil_disorder.contains(&"Russia".to_string()));
    assert!(!fall.results.iter().any(|r| r.power == "Russia"));
    let swe = g.map.province_by_name("swe").unwrap();
    assert_eq!(g.position.owners[swe.index()], None, "F bot held");
    // Winter 1901 (France builds), then a stand-in takes Russia over for 1902.
    while g.phase().year == 1901 {
        g.adjudicate(&[]).unwrap();
    }
    g = reread(&g);
    g.end_disorder(rus, Some("Olga"), None).unwrap();
    send(&mut g, "Russia", "A gal - rum\nF bot - swe\n");
    g.adjudicate(&[]).unwrap();
    let spring = g.history.last().unwrap();
    assert_eq!(spring.phase, "Spring 1902 Movement");
    assert!(spring
        .results
        .iter()
        .any(|r| r.power == "Russia" && r.order.contains("Sweden")));
    // Fall 1902: a draw proposed and not passed lapses with the phase.
    g.propose_draw(power(&g, "France"), None).unwrap();
    g.adjudicate(&[]).unwrap();
    assert!(g
        .history
        .last()
        .unwrap()
        .notes
        .iter()
        .any(|n| n.contains("lapsed")));
    while g.phase().year == 1902 {
        g.adjudicate(&[]).unwrap();
    }
    // Spring 1903: a draw among every survivor passes on the last vote.
    let voters = g.voters();
    g.propose_draw(voters[0], None).unwrap();
    let mut standing = DrawStanding::Pending;
    for &p in &voters[1..] {
        standing = g.vote_draw(p, true).unwrap();
    }
    assert!(matches!(standing, DrawStanding::Passed(_)), "{standing:?}");
    let g = reread(&g);
    let e = g.ended.clone().unwrap();
    assert_eq!(
        (e.by, e.phase.name(&g.map).to_string()),
        (EndedBy::DrawVote, "Spring 1903 Movement".to_string())
    );
    assert_eq!(
        g.player_lines(),
        [
            "France: Claire from Spring 1901 Movement",
            "Russia: Ivan from Spring 1901 Movement; civil disorder (the game master's hand) from \
             Fall 1901 Movement; Olga from Spring 1902 Movement",
        ]
    );
}
