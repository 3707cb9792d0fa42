//! A whole year of the standard game played over HTTP by its seven token holders (Spring and
//! Fall 1901 movement, a retreat, the Winter's builds and a removal), then rolled back by the
//! game master. Every expected position below is worked out by hand from the rules.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::{start, Server};

/// A position as power -> sorted names (units `A par`, or centres `par`).
type Board = BTreeMap<String, Vec<String>>;

fn board(entries: &[(&str, &[&str])]) -> Board {
    entries
        .iter()
        .map(|(power, items)| {
            let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
            v.sort();
            (power.to_string(), v)
        })
        .collect()
}

/// The units or centres (`what`) of a view's position, sorted.
fn read_board(view: &Value, what: &str) -> Board {
    view["position"][what]
        .as_object()
        .unwrap_or_else(|| panic!("no {what} in {view}"))
        .iter()
        .map(|(power, items)| {
            let mut v: Vec<String> = items
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            v.sort();
            (power.clone(), v)
        })
        .collect()
}

/// The seven home centres of the standard map: every power's centres before anything moves.
fn home_centres() -> Board {
    board(&[
        ("Austria", &["bud", "tri", "vie"]),
        ("England", &["edi", "lon", "lvp"]),
        ("France", &["bre", "mar", "par"]),
        ("Germany", &["ber", "kie", "mun"]),
        ("Italy", &["nap", "rom", "ven"]),
        ("Russia", &["mos", "sev", "stp", "war"]),
        ("Turkey", &["ank", "con", "smy"]),
    ])
}

fn starting_units() -> Board {
    board(&[
        ("Austria", &["A bud", "A vie", "F tri"]),
        ("England", &["A lvp", "F edi", "F lon"]),
        ("France", &["A mar", "A par", "F bre"]),
        ("Germany", &["A ber", "A mun", "F kie"]),
        ("Italy", &["A rom", "A ven", "F nap"]),
        ("Russia", &["A mos", "A war", "F sev", "F stp/sc"]),
        ("Turkey", &["A con", "A smy", "F ank"]),
    ])
}

/// A hosted game and its token holders.
struct Table<'a> {
    s: &'a Server,
    id: String,
    gm: String,
    tokens: Value,
}

impl Table<'_> {
    /// Each power in `orders` submits its orders and declares itself ready; then anyone asks
    /// for the adjudication, which happens because every power that must order is ready.
    async fn play(&self, phase: &str, orders: &[(&str, &str)]) {
        let path = format!("/v1/games/{}/orders?ready=true", self.id);
        for (power, text) in orders {
            let token = self.tokens[*power].as_str().unwrap();
            let r = self
                .s
                .request("PUT", &path, Some(token), text.as_bytes())
                .await;
            assert_eq!(r.status, 200, "{phase}, {power}: {}", r.json());
            assert_eq!(r.json()["powers"][*power]["ready"], true, "{power}");
        }
        let path = format!("/v1/games/{}/adjudicate?if_due=true", self.id);
        let r = self.s.request("POST", &path, None, b"").await;
        assert_eq!(r.status, 200, "{phase}: {}", r.json());
        assert_eq!(r.json()["adjudicated"], true, "{phase}: {}", r.json());
        assert_eq!(r.json()["phase"], phase, "{}", r.json());
    }

    /// The game master's view.
    async fn view(&self) -> Value {
        let r = self
            .s
            .get(&format!("/v1/games/{}", self.id), Some(&self.gm))
            .await;
        assert_eq!(r.status, 200, "{}", r.json());
        r.json()
    }

    /// The view is at `phase` with these units and centres.
    async fn expect(&self, phase: &str, units: &Board, centres: &Board) -> Value {
        let v = self.view().await;
        assert_eq!(v["phase"], phase);
        assert_eq!(&read_board(&v, "units"), units, "units in {phase}");
        assert_eq!(&read_board(&v, "centres"), centres, "centres in {phase}");
        v
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seven_token_holders_play_a_year_and_the_game_master_rolls_it_back() {
    let s = start().await;
    let r = s
        .post("/v1/games", None, serde_json::json!({ "ruleset": "datc" }))
        .await;
    assert_eq!(r.status, 201, "{}", r.json());
    let v = r.json();
    let t = Table {
        s: &s,
        id: v["id"].as_str().unwrap().to_string(),
        gm: v["gm_token"].as_str().unwrap().to_string(),
        tokens: v["power_tokens"].clone(),
    };
    t.expect("Spring 1901 Movement", &starting_units(), &home_centres())
        .await;

    // Spring: Vienna and Warsaw stand off in Galicia, Sevastopol and Ankara in the Black Sea;
    // every other move succeeds (Berlin follows Munich, Smyrna follows Constantinople).
    t.play(
        "Spring 1901 Movement",
        &[
            ("Austria", "A vie - gal\nA bud H\nF tri - alb\n"),
            ("England", "F lon - nth\nF edi - nwg\nA lvp - yor\n"),
            ("France", "F bre - mao\nA par - bur\nA mar - spa\n"),
            ("Germany", "F kie - den\nA mun - ruh\nA ber - mun\n"),
            ("Italy", "F nap - ion\nA rom - apu\nA ven H\n"),
            (
                "Russia",
                "F stp/sc - bot\nA mos - ukr\nA war - gal\nF sev - bla\n",
            ),
            ("Turkey", "F ank - bla\nA con - bul\nA smy - con\n"),
        ],
    )
    .await;
    let fall = board(&[
        ("Austria", &["A bud", "A vie", "F alb"]),
        ("England", &["A yor", "F nth", "F nwg"]),
        ("France", &["A bur", "A spa", "F mao"]),
        ("Germany", &["A mun", "A ruh", "F den"]),
        ("Italy", &["A apu", "A ven", "F ion"]),
        ("Russia", &["A ukr", "A war", "F bot", "F sev"]),
        ("Turkey", &["A bul", "A con", "F ank"]),
    ]);
    // Centres change hands only at the end of the Fall.
    t.expect("Fall 1901 Movement", &fall, &home_centres()).await;

    // Fall: Ruhr, supported from Munich, dislodges the French army in Burgundy; Venice walks
    // into the Trieste Austria left; neutral centres are taken all round.
    t.play(
        "Fall 1901 Movement",
        &[
            ("Austria", "A vie H\nA bud H\nF alb H\n"),
            ("England", "F nth - nwy\nF nwg H\nA yor H\n"),
            ("France", "F mao - por\nA bur H\nA spa H\n"),
            ("Germany", "F den H\nA ruh - bur\nA mun S A ruh - bur\n"),
            ("Italy", "F ion - tun\nA apu H\nA ven - tri\n"),
            ("Russia", "F bot - swe\nA ukr - rum\nA war H\nF sev H\n"),
            ("Turkey", "F ank - bla\nA bul H\nA con H\n"),
        ],
    )
    .await;
    let retreat = board(&[
        ("Austria", &["A bud", "A vie", "F alb"]),
        ("England", &["A yor", "F nwg", "F nwy"]),
        ("France", &["A spa", "F por"]),
        ("Germany", &["A bur", "A mun", "F den"]),
        ("Italy", &["A apu", "A tri", "F tun"]),
        ("Russia", &["A rum", "A war", "F sev", "F swe"]),
        ("Turkey", &["A bul", "A con", "F bla"]),
    ]);
    let v = t
        .expect("Fall 1901 Retreat", &retreat, &home_centres())
        .await;
    // Burgundy's army may go anywhere next door but Ruhr (where the attack came from) and
    // Munich (held).
    let options = &v["retreat_options"];
    assert_eq!(options.as_array().unwrap().len(), 1, "{options}");
    assert_eq!(options[0]["power"], "France");
    assert_eq!(options[0]["unit"], "A bur");
    let mut got: Vec<&str> = options[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_str().unwrap())
        .collect();
    got.sort_unstable();
    assert_eq!(got, ["bel", "gas", "mar", "par", "pic"]);

    // The retreat: only France has anything to order.
    t.play("Fall 1901 Retreat", &[("France", "A bur - par\n")])
        .await;
    let winter_units = board(&[
        ("Austria", &["A bud", "A vie", "F alb"]),
        ("England", &["A yor", "F nwg", "F nwy"]),
        ("France", &["A par", "A spa", "F por"]),
        ("Germany", &["A bur", "A mun", "F den"]),
        ("Italy", &["A apu", "A tri", "F tun"]),
        ("Russia", &["A rum", "A war", "F sev", "F swe"]),
        ("Turkey", &["A bul", "A con", "F bla"]),
    ]);
    // Austria lost Trieste and took nothing: two centres for three units. Everyone else
    // gained: England Norway, France Spain and Portugal, Germany Denmark, Italy Tunis and
    // Trieste, Russia Sweden and Rumania, Turkey Bulgaria.
    let winter_centres = board(&[
        ("Austria", &["bud", "vie"]),
        ("England", &["edi", "lon", "lvp", "nwy"]),
        ("France", &["bre", "mar", "par", "por", "spa"]),
        ("Germany", &["ber", "den", "kie", "mun"]),
        ("Italy", &["nap", "rom", "tri", "tun", "ven"]),
        ("Russia", &["mos", "rum", "sev", "stp", "swe", "war"]),
        ("Turkey", &["ank", "bul", "con", "smy"]),
    ]);
    t.expect("Winter 1901 Adjustment", &winter_units, &winter_centres)
        .await;

    // The Winter: one removal and eleven builds, each on a free home centre the power owns.
    t.play(
        "Winter 1901 Adjustment",
        &[
            ("Austria", "Remove F alb\n"),
            ("England", "Build F edi\n"),
            ("France", "Build F bre\nBuild A mar\n"),
            ("Germany", "Build A ber\n"),
            ("Italy", "Build A ven\nBuild F nap\n"),
            ("Russia", "Build A mos\nBuild F stp/nc\n"),
            ("Turkey", "Build A smy\n"),
        ],
    )
    .await;
    let spring_1902 = board(&[
        ("Austria", &["A bud", "A vie"]),
        ("England", &["A yor", "F edi", "F nwg", "F nwy"]),
        ("France", &["A mar", "A par", "A spa", "F bre", "F por"]),
        ("Germany", &["A ber", "A bur", "A mun", "F den"]),
        ("Italy", &["A apu", "A tri", "A ven", "F nap", "F tun"]),
        (
            "Russia",
            &["A mos", "A rum", "A war", "F sev", "F stp/nc", "F swe"],
        ),
        ("Turkey", &["A bul", "A con", "A smy", "F bla"]),
    ]);
    let v = t
        .expect("Spring 1902 Movement", &spring_1902, &winter_centres)
        .await;
    assert_eq!(v["phases_played"], 4);
    let history = s.get(&format!("/v1/games/{}/history", t.id), None).await;
    let played: Vec<Value> = history.json().as_array().unwrap().clone();
    let phases: Vec<&str> = played
        .iter()
        .map(|h| h["phase"].as_str().unwrap())
        .collect();
    assert_eq!(
        phases,
        [
            "Spring 1901 Movement",
            "Fall 1901 Movement",
            "Fall 1901 Retreat",
            "Winter 1901 Adjustment"
        ]
    );
    // Nobody was in civil disorder: every power ordered in every phase it had to.
    assert!(
        played.iter().all(|h| h.get("civil_disorder").is_none()),
        "{played:?}"
    );

    refused_to_powers(&t).await;

    // The game master rolls the year back: the starting position, nothing played.
    let r = s
        .request(
            "POST",
            &format!("/v1/games/{}/rollback?to=Spring%201901%20Movement", t.id),
            Some(&t.gm),
            b"",
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["phases_taken_back"], 4);
    let v = t
        .expect("Spring 1901 Movement", &starting_units(), &home_centres())
        .await;
    assert_eq!(v["phases_played"], 0);
    assert_eq!(v["retreat_options"], serde_json::json!([]));
    let history = s.get(&format!("/v1/games/{}/history", t.id), None).await;
    assert_eq!(history.status, 200);
    assert_eq!(history.json(), serde_json::json!([]));
}

/// A power's token may neither adjudicate nor roll back, and the game is left as it was.
async fn refused_to_powers(t: &Table<'_>) {
    let before = t.view().await;
    for (power, token) in t.tokens.as_object().unwrap() {
        let token = token.as_str();
        for what in [
            "adjudicate",
            "rollback",
            "rollback?to=Spring%201901%20Movement",
        ] {
            let path = format!("/v1/games/{}/{what}", t.id);
            let r = t.s.request("POST", &path, token, b"").await;
            assert_eq!(r.status, 403, "{power} {what}: {}", r.json());
        }
    }
    assert_eq!(t.view().await, before);
}
