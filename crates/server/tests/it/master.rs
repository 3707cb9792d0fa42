//! The end of a game and the game master's hand over HTTP: draws (votes secret until one
//! passes), concessions, proxy grants, civil disorder and stand-ins, the deadline schedule
//! with `late_orders`, the house rules for the end; and each refusal of a token that may not.

use serde_json::{json, Value};

use crate::{start, Resp, Server};

/// A game: its id, the game master's token and the powers' tokens.
struct Table<'s> {
    s: &'s Server,
    id: String,
    gm: String,
    tokens: Value,
}

impl<'s> Table<'s> {
    async fn new(s: &'s Server, body: Value) -> Table<'s> {
        let r = s.post("/v1/games", None, body).await;
        assert_eq!(r.status, 201, "{}", r.json());
        let v = r.json();
        Table {
            s,
            id: v["id"].as_str().unwrap().to_string(),
            gm: v["gm_token"].as_str().unwrap().to_string(),
            tokens: v["power_tokens"].clone(),
        }
    }

    fn tok(&self, power: &str) -> &str {
        self.tokens[power].as_str().unwrap()
    }

    fn path(&self, end: &str) -> String {
        format!("/v1/games/{}{end}", self.id)
    }

    async fn post(&self, end: &str, token: Option<&str>, body: Value) -> Resp {
        self.s.post(&self.path(end), token, body).await
    }

    async fn put(&self, end: &str, token: Option<&str>, body: Value) -> Resp {
        let b = body.to_string();
        self.s
            .request("PUT", &self.path(end), token, b.as_bytes())
            .await
    }

    /// The game as `token` sees it.
    async fn view(&self, token: Option<&str>) -> Value {
        let r = self.s.get(&self.path(""), token).await;
        assert_eq!(r.status, 200, "{}", r.json());
        r.json()
    }

    /// `end` refused to a power (403), to no token (401) and to a wrong token (404, as an
    /// unknown game), the game left as it was.
    async fn gm_only(&self, method: &str, end: &str, body: Value) {
        let before = self.view(Some(&self.gm)).await;
        let b = body.to_string();
        for (token, status) in [
            (Some(self.tok("France")), 403),
            (None, 401),
            (Some("0123456789abcdef0123456789abcdef"), 404),
        ] {
            let r = self
                .s
                .request(method, &self.path(end), token, b.as_bytes())
                .await;
            assert_eq!(r.status, status, "{method} {end}: {}", r.json());
        }
        let unknown = "/v1/games/0123456789abcdef0123456789abcdef";
        let r = self
            .s
            .request(
                method,
                &format!("{unknown}{end}"),
                Some(&self.gm),
                b.as_bytes(),
            )
            .await;
        assert_eq!(r.status, 404);
        let wrong = self
            .s
            .request(
                method,
                &self.path(end),
                Some("0123456789abcdef0123456789abcdef"),
                b.as_bytes(),
            )
            .await;
        assert_eq!(wrong.body, r.body, "a wrong token learns nothing more");
        assert_eq!(self.view(Some(&self.gm)).await, before);
    }

    /// `end` refused to the game master (403: a power's action), to no token (401) and to a
    /// wrong token (404).
    async fn power_only(&self, end: &str, body: Value) {
        let before = self.view(Some(&self.gm)).await;
        for (token, status) in [
            (Some(self.gm.as_str()), 403),
            (None, 401),
            (Some("0123456789abcdef0123456789abcdef"), 404),
        ] {
            let r = self.post(end, token, body.clone()).await;
            assert_eq!(r.status, status, "{end}: {}", r.json());
        }
        assert_eq!(self.view(Some(&self.gm)).await, before);
    }
}

/// The votes a view shows for the draw proposed.
fn votes(view: &Value) -> Value {
    view["agreements"]["draws"][0]["votes_seen"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_majority_draw_passes_and_the_votes_stay_secret_until_then() {
    let s = start().await;
    let t = Table::new(&s, json!({})).await;
    t.gm_only("PUT", "/end-rules", json!({ "draw_votes": "majority" }))
        .await;
    let r = t
        .put(
            "/end-rules",
            Some(&t.gm),
            json!({ "draw_votes": "majority" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["draw_votes"], "majority");
    t.power_only("/draw", json!({})).await;
    t.power_only("/draw/vote", json!({ "yes": true })).await;

    // Seven survivors: a majority is four. France proposes (its yes), Germany yes, Italy no.
    let r = t.post("/draw", Some(t.tok("France")), json!({})).await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["standing"], "pending");
    assert_eq!(
        r.json()["agreements"]["draws"][0]["among"]
            .as_array()
            .unwrap()
            .len(),
        7
    );
    for (power, yes) in [("Germany", true), ("Italy", false)] {
        let r = t
            .post("/draw/vote", Some(t.tok(power)), json!({ "yes": yes }))
            .await;
        assert_eq!(r.status, 200, "{}", r.json());
        assert_eq!(r.json()["standing"], "pending");
        assert_eq!(votes(&r.json()), json!({ power: yes }), "only its own vote");
    }
    // A second proposal waits for this one.
    let r = t.post("/draw", Some(t.tok("England")), json!({})).await;
    assert_eq!(r.status, 422);
    assert!(r.messages().contains("awaits votes"), "{}", r.messages());
    // Secret: each power sees its own vote, the public none, the game master all.
    assert_eq!(votes(&t.view(None).await), json!({}));
    assert_eq!(
        votes(&t.view(Some(t.tok("Italy"))).await),
        json!({ "Italy": false })
    );
    assert_eq!(votes(&t.view(Some(t.tok("Austria"))).await), json!({}));
    assert_eq!(
        votes(&t.view(Some(&t.gm)).await),
        json!({ "France": true, "Germany": true, "Italy": false })
    );
    assert_eq!(
        t.view(None).await["agreements"]["draws"][0]["status"],
        "pending"
    );
    // Bad votes.
    let r = t
        .post(
            "/draw/vote",
            Some(t.tok("England")),
            json!({ "yes": "maybe" }),
        )
        .await;
    assert_eq!(r.status, 400);
    let r = t
        .post(
            "/draw",
            Some(t.tok("England")),
            json!({ "among": ["Narnia", "Atlantis"] }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["among[0]", "among[1]"]);

    // England and Russia say yes: four of seven.
    let r = t
        .post("/draw/vote", Some(t.tok("England")), json!({ "yes": true }))
        .await;
    assert_eq!(r.json()["standing"], "pending");
    let r = t
        .post("/draw/vote", Some(t.tok("Russia")), json!({ "yes": true }))
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["standing"], "passed");
    assert_eq!(r.json()["ended"]["by"], "draw-vote", "{}", r.json());
    // Passed: everyone sees every vote, and how the game ended.
    let public = t.view(None).await;
    assert_eq!(
        votes(&public),
        json!({ "France": true, "Germany": true, "Italy": false, "England": true, "Russia": true })
    );
    assert_eq!(public["ended"]["draw"].as_array().unwrap().len(), 7);
    let history = s.get(&t.path("/history"), None).await.json();
    assert_eq!(history["ended"], public["ended"]);
    // Over: no more orders nor votes.
    let r =
        t.s.request(
            "PUT",
            &t.path("/orders"),
            Some(t.tok("France")),
            b"A par - bur\n",
        )
        .await;
    assert_eq!(r.status, 422);
    let r = t
        .post("/draw/vote", Some(t.tok("Turkey")), json!({ "yes": true }))
        .await;
    assert_eq!(r.status, 422);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_power_wins_when_every_other_concedes_to_it() {
    let s = start().await;
    let t = Table::new(&s, json!({})).await;
    t.power_only("/concede", json!({ "to": "France" })).await;
    let r = t
        .post("/concede", Some(t.tok("Italy")), json!({ "to": "Narnia" }))
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["to"]);
    let r = t
        .post("/concede", Some(t.tok("France")), json!({ "to": "France" }))
        .await;
    assert_eq!(r.status, 422);
    let others = ["Austria", "England", "Germany", "Italy", "Russia", "Turkey"];
    for (i, p) in others.iter().enumerate() {
        let r = t
            .post("/concede", Some(t.tok(p)), json!({ "to": "France" }))
            .await;
        assert_eq!(r.status, 200, "{}", r.json());
        assert_eq!(r.json()["ended"].is_null(), i + 1 < others.len(), "{p}");
    }
    let v = t.view(None).await;
    assert_eq!(v["ended"]["winner"], "France", "{}", v["ended"]);
    assert_eq!(v["ended"]["by"], "concession");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_master_puts_a_power_into_civil_disorder_and_hands_it_to_a_stand_in() {
    let s = start().await;
    let t = Table::new(&s, json!({})).await;
    let into = json!({ "power": "Italy", "disorder": true });
    t.gm_only("POST", "/disorder", into.clone()).await;
    t.gm_only(
        "POST",
        "/players",
        json!({ "power": "Italy", "player": "Dana" }),
    )
    .await;
    let r = t
        .post(
            "/disorder",
            Some(&t.gm),
            json!({ "power": "Narnia", "disorder": true }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["power"]);
    let r = t
        .post(
            "/players",
            Some(&t.gm),
            json!({ "power": "Italy", "player": "Carla" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let r = t.post("/disorder", Some(&t.gm), into.clone()).await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["in_disorder"], json!(["Italy"]));
    let r = t.post("/disorder", Some(&t.gm), into).await;
    assert_eq!(r.status, 422, "already in civil disorder");
    let v = t.view(None).await;
    assert_eq!(v["in_disorder"], json!(["Italy"]));
    assert!(
        !v["waiting_for"]
            .as_array()
            .unwrap()
            .contains(&json!("Italy")),
        "{v}"
    );
    // A stand-in arrives.
    let r = t
        .post(
            "/disorder",
            Some(&t.gm),
            json!({ "power": "Italy", "disorder": true, "player": "Dana" }),
        )
        .await;
    assert_eq!(r.status, 400, "a stand-in goes with disorder: false");
    let r = t
        .post(
            "/disorder",
            Some(&t.gm),
            json!({ "power": "Italy", "disorder": false, "player": "Dana" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["in_disorder"], json!([]));
    let history = s.get(&t.path("/history"), None).await.json();
    let who: Vec<(&str, Option<&str>, bool)> = history["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["power"].as_str().unwrap(),
                p["player"].as_str(),
                p["disorder"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        who,
        [
            ("Italy", Some("Carla"), false),
            ("Italy", None, true),
            ("Italy", Some("Dana"), false)
        ]
    );
    assert_eq!(t.view(None).await["players"], history["players"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_orders_follow_the_house_rule_set_over_http() {
    let s = start().await;
    // Bad creations: every problem at once.
    let r = s
        .post(
            "/v1/games",
            None,
            json!({ "deadlines": { "movement": "48x" }, "late_orders": "sometimes" }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["deadlines", "late_orders"]);
    let t = Table::new(&s, json!({ "late_orders": "refuse" })).await;
    assert_eq!(t.view(None).await["late_orders"], "refuse");
    // A deadline long past: France's orders arrive after it and are refused.
    let r = t
        .put(
            "/deadline",
            Some(&t.gm),
            json!({ "deadline": "2001-01-01T00:00:00Z" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let orders = t.path("/orders");
    let r = s
        .request("PUT", &orders, Some(t.tok("France")), b"A par - bur\n")
        .await;
    assert_eq!(r.status, 422, "{}", r.json());
    assert!(
        r.messages().contains("refuses late orders"),
        "{}",
        r.messages()
    );
    // The game master changes the rule: accepted and flagged.
    t.gm_only("PUT", "/schedule", json!({ "late_orders": "accept" }))
        .await;
    let r = t
        .put(
            "/schedule",
            Some(&t.gm),
            json!({ "deadlines": { "movement": "1h" }, "late_orders": "never" }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["late_orders"]);
    let r = t
        .put(
            "/schedule",
            Some(&t.gm),
            json!({ "late_orders": "accept-flagged" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["late_orders"], "accept-flagged");
    let r = s
        .request("PUT", &orders, Some(t.tok("France")), b"A par - bur\n")
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let sets = r.json()["order_sets"].clone();
    assert_eq!(sets[0]["late"], true, "{sets}");
    // A schedule: a phase with a deadline keeps it; the next phase gets one from it.
    let r = t
        .put(
            "/schedule",
            Some(&t.gm),
            json!({ "deadlines": { "movement": "48h", "retreat": "24h" } }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["deadline"], "2001-01-01T00:00:00Z");
    let v = t.view(None).await;
    assert_eq!(
        v["deadline_schedule"],
        json!({ "movement": "48h", "retreat": "24h" })
    );
    let r = t.post("/adjudicate", Some(&t.gm), json!({})).await;
    assert_eq!(r.status, 200, "{}", r.json());
    let next = r.json()["next_deadline"].as_str().unwrap().to_string();
    assert!(next.as_str() > "2026", "{next}");
    // `{}` removes the schedule.
    let r = t
        .put("/schedule", Some(&t.gm), json!({ "deadlines": {} }))
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["deadline_schedule"], json!({}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_power_lets_another_order_one_of_its_units() {
    let s = start().await;
    let t = Table::new(
        &s,
        json!({ "ruleset": "2023", "overrides": { "proxy_orders": "notified" } }),
    )
    .await;
    let grant = json!({ "province": "par", "to": "Germany" });
    t.power_only("/proxy", grant.clone()).await;
    let r = t
        .post(
            "/proxy",
            Some(t.tok("France")),
            json!({ "province": "xyz", "to": "Narnia" }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["to", "province"]);
    let r = t
        .post("/proxy", Some(t.tok("Germany")), grant.clone())
        .await;
    assert_eq!(r.status, 422, "not Germany's unit");
    let r = t.post("/proxy", Some(t.tok("France")), grant).await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["to"], "Germany");
    // Germany may now order A Paris.
    let r = s
        .request(
            "PUT",
            &t.path("/orders"),
            Some(t.tok("Germany")),
            b"A par - bur\n",
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_rules_are_the_game_master_s_and_bad_words_are_named() {
    let s = start().await;
    let t = Table::new(&s, json!({})).await;
    let r = t
        .put(
            "/end-rules",
            Some(&t.gm),
            json!({ "at_last_year": "coin-toss", "draw_votes": "some" }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["at_last_year", "draw_votes"]);
    let r = t
        .put("/end-rules", Some(&t.gm), json!({ "last_year": 1900 }))
        .await;
    assert_eq!(r.status, 422, "before the game's year");
    let r = t
        .put(
            "/end-rules",
            Some(&t.gm),
            json!({ "last_year": 1901, "at_last_year": "most-centres" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["last_year"], 1901);
    assert_eq!(r.json()["at_last_year"], "most-centres");
    // `null`: the map's last year again (the standard map has none).
    let r = t
        .put("/end-rules", Some(&t.gm), json!({ "last_year": null }))
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert!(r.json()["last_year"].is_null());
    assert_eq!(r.json()["at_last_year"], "most-centres", "left as it was");
    // A draw on stalemate: 0 years is refused, then set and taken back with `null`.
    let r = t
        .put("/end-rules", Some(&t.gm), json!({ "stalemate_years": 0 }))
        .await;
    assert_eq!(r.status, 422, "{}", r.json());
    let r = t
        .put("/end-rules", Some(&t.gm), json!({ "stalemate_years": 3 }))
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["stalemate_years"], 3);
    let text = r.json()["text"].as_str().unwrap().to_string();
    assert!(text.contains("changed hands for 3 years"), "{text}");
    let r = t
        .put(
            "/end-rules",
            Some(&t.gm),
            json!({ "stalemate_years": null }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert!(r.json()["stalemate_years"].is_null());
}
