//! Hosted games: tokens, views, orders, adjudication, rollback, history, pictures, and many
//! submissions at once.

use serde_json::{json, Value};

use crate::{start, Server};

/// A new standard game: (id, gm token, power tokens).
async fn new_game(s: &Server) -> (String, String, Value) {
    let r = s
        .post("/v1/games", None, json!({ "ruleset": "datc" }))
        .await;
    assert_eq!(r.status, 201, "{}", r.json());
    let v = r.json();
    (
        v["id"].as_str().unwrap().to_string(),
        v["gm_token"].as_str().unwrap().to_string(),
        v["power_tokens"].clone(),
    )
}

fn tok<'a>(tokens: &'a Value, power: &str) -> &'a str {
    tokens[power].as_str().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_created_with_tokens_kept_only_as_hashes() {
    let s = start().await;
    let (id, gm, tokens) = new_game(&s).await;
    assert_eq!(id.len(), 32);
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(gm.len(), 32);
    assert_eq!(tokens.as_object().unwrap().len(), 7);
    // The game file is the CLI's.
    let game = diplo_game::Game::load(&s.games.join(format!("{id}.toml"))).unwrap();
    assert_eq!(game.rules.name, "datc");
    let sidecar = s.games.join(format!("{id}.tokens.toml"));
    let text = std::fs::read_to_string(&sidecar).unwrap();
    assert!(!text.contains(&gm) && !text.contains(tok(&tokens, "France")));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&sidecar).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    // Bad creations.
    let r = s
        .post(
            "/v1/games",
            None,
            json!({ "map": "nowhere", "overrides": { "x": "y" } }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["map", "overrides.x"]);
    // An empty body makes a standard game.
    let r = s.request("POST", "/v1/games", None, b"").await;
    assert_eq!(r.status, 201);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_token_sees_what_it_may_and_a_wrong_one_is_an_unknown_game() {
    let s = start().await;
    let (id, gm, tokens) = new_game(&s).await;
    let (fra, ger) = (tok(&tokens, "France"), tok(&tokens, "Germany"));
    let path = format!("/v1/games/{id}/orders");
    let r = s.request("PUT", &path, Some(fra), b"A par - bur\n").await;
    assert_eq!(r.status, 200, "{}", r.json());
    let r = s.request("PUT", &path, Some(ger), b"A mun - ruh\n").await;
    assert_eq!(r.status, 200, "{}", r.json());
    let view = |r: crate::Resp| {
        assert_eq!(r.status, 200);
        let v = r.json();
        let powers: Vec<String> = v["order_sets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["power"].as_str().unwrap().to_string())
            .collect();
        (v["view"].as_str().unwrap().to_string(), powers)
    };
    let game = format!("/v1/games/{id}");
    assert_eq!(
        view(s.get(&game, Some(&gm)).await),
        ("host".into(), vec!["France".into(), "Germany".into()])
    );
    assert_eq!(
        view(s.get(&game, Some(fra)).await),
        ("France".into(), vec!["France".into()])
    );
    assert_eq!(view(s.get(&game, None).await), ("public".into(), vec![]));
    // A wrong token, an unknown game and a malformed id: one answer.
    let wrong = s.get(&game, Some("0123456789abcdef0123456789abcdef")).await;
    let unknown = s
        .get("/v1/games/0123456789abcdef0123456789abcdef", Some(&gm))
        .await;
    let malformed = s.get("/v1/games/..%2Fsecret", Some(&gm)).await;
    assert_eq!(wrong.status, 404);
    assert_eq!((wrong.status, &wrong.body), (unknown.status, &unknown.body));
    assert_eq!(
        (wrong.status, &wrong.body),
        (malformed.status, &malformed.body)
    );
    let r = s.request("PUT", &path, Some("nope"), b"A par H\n").await;
    assert_eq!((r.status, &r.body), (404, &wrong.body));
    // Orders a power may not give, and no token at all.
    let r = s.request("PUT", &path, Some(fra), b"A mun - ruh\n").await;
    assert_eq!(r.status, 422, "{}", r.json());
    let r = s.request("PUT", &path, None, b"A par H\n").await;
    assert_eq!(r.status, 401);
    let r = s.request("PUT", &path, Some(&gm), b"A par H\n").await;
    assert_eq!(r.status, 403);
    // Withdrawn.
    let r = s.request("DELETE", &path, Some(ger), b"").await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["withdrawn"]["orders"], json!(["A mun - ruh"]));
    let r = s.request("DELETE", &path, Some(ger), b"").await;
    assert_eq!(r.status, 422);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_master_adjudicates_rolls_back_and_the_history_is_drawn() {
    let s = start().await;
    let (id, gm, tokens) = new_game(&s).await;
    let fra = tok(&tokens, "France");
    let orders = format!("/v1/games/{id}/orders");
    let adjudicate = format!("/v1/games/{id}/adjudicate");
    let r = s
        .request("PUT", &orders, Some(fra), b"A par - bur\nF bre - mao\n")
        .await;
    assert_eq!(r.status, 200);
    // Only the game master, unless it is due.
    let r = s.request("POST", &adjudicate, Some(fra), b"").await;
    assert_eq!(r.status, 403);
    let r = s.request("POST", &adjudicate, None, b"").await;
    assert_eq!(r.status, 401);
    let r = s
        .request("POST", &format!("{adjudicate}?if_due=true"), None, b"")
        .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["adjudicated"], false);
    assert!(r.json()["due"].as_str().unwrap().contains("waiting for"));
    let bad = json!({ "overrides": { "paradox_fallback": "nope", "x": "y" } });
    let r = s.post(&adjudicate, Some(&gm), bad).await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["overrides.paradox_fallback", "overrides.x"]);
    let good = json!({ "overrides": { "paradox_fallback": "szykman" } });
    let r = s.post(&adjudicate, Some(&gm), good).await;
    assert_eq!(r.status, 200, "{}", r.json());
    let v = r.json();
    assert_eq!(v["adjudicated"], true);
    assert_eq!(v["phase"], "Spring 1901 Movement");
    assert!(
        v["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["order"] == "A Paris - Burgundy" && x["result"] == "succeeds"),
        "{}",
        v["results"]
    );
    assert_eq!(
        s.get(&format!("/v1/games/{id}"), None).await.json()["phase"],
        "Fall 1901 Movement"
    );
    // Every power ready: due for anyone.
    for (_, t) in tokens.as_object().unwrap() {
        let r = s
            .request("PUT", &format!("{orders}?ready=true"), t.as_str(), b"")
            .await;
        assert_eq!(r.status, 200, "{}", r.json());
    }
    let r = s
        .request("POST", &format!("{adjudicate}?if_due=true"), None, b"")
        .await;
    assert_eq!(r.json()["adjudicated"], true, "{}", r.json());
    // History and pictures.
    let r = s.get(&format!("/v1/games/{id}/history"), None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json().as_array().unwrap().len(), 2);
    let r = s.get(&format!("/v1/games/{id}/phases/1.svg"), None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/svg+xml"));
    let r = s.get(&format!("/v1/games/{id}/phases/1.png"), None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/png"));
    for bad in ["0.svg", "3.svg", "x.svg", "3.png", "1.gif", "1"] {
        let r = s.get(&format!("/v1/games/{id}/phases/{bad}"), None).await;
        assert_eq!(r.status, 404, "{bad}");
    }
    // Rollback: the game master's.
    let rollback = format!("/v1/games/{id}/rollback");
    assert_eq!(
        s.request("POST", &rollback, Some(fra), b"").await.status,
        403
    );
    let r = s
        .request(
            "POST",
            &format!("{rollback}?to=Spring%201901%20Movement"),
            Some(&gm),
            b"",
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["phases_taken_back"], 2);
    assert_eq!(r.json()["to"], "Spring 1901 Movement");
    let r = s.request("POST", &rollback, Some(&gm), b"").await;
    assert_eq!(r.status, 422, "{}", r.json());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hundred_order_sets_at_once_are_all_kept_once() {
    let s = std::sync::Arc::new(start().await);
    let (id, gm, tokens) = new_game(&s).await;
    let units = [
        ("France", "A par H"),
        ("Germany", "A ber H"),
        ("England", "F lon H"),
        ("Italy", "A rom H"),
        ("Austria", "A vie H"),
        ("Russia", "A mos H"),
        ("Turkey", "A con H"),
    ];
    let mut tasks = Vec::new();
    for i in 0..100 {
        let (power, order) = units[i % units.len()];
        let token = tok(&tokens, power).to_string();
        let (s, id) = (s.clone(), id.clone());
        tasks.push(tokio::spawn(async move {
            let path = format!("/v1/games/{id}/orders");
            let r = s
                .request("PUT", &path, Some(&token), format!("{order}\n").as_bytes())
                .await;
            assert_eq!(r.status, 200, "{}", r.json());
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let v = s.get(&format!("/v1/games/{id}"), Some(&gm)).await.json();
    let sets = v["order_sets"].as_array().unwrap();
    assert_eq!(sets.len(), 100);
    for (power, _) in units {
        // Numbered per power, none lost or given twice: 1, 2, ... n.
        let mut seqs: Vec<u64> = (sets.iter().filter(|s| s["power"] == power))
            .map(|s| s["seq"].as_u64().unwrap())
            .collect();
        seqs.sort_unstable();
        let expected = (0..100).filter(|i| units[i % 7].0 == power).count() as u64;
        assert_eq!(seqs, (1..=expected).collect::<Vec<_>>(), "{power}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_master_sets_and_clears_the_deadline() {
    let s = start().await;
    let (id, gm, tokens) = new_game(&s).await;
    let path = format!("/v1/games/{id}/deadline");
    let set = |t: &str| json!({ "deadline": t }).to_string().into_bytes();
    let fra = tok(&tokens, "France");
    let r = s
        .request("PUT", &path, Some(fra), &set("2030-01-01T00:00:00Z"))
        .await;
    assert_eq!(r.status, 403, "{}", String::from_utf8_lossy(&r.body));
    let r = s
        .request("PUT", &path, Some(&gm), &set("2030-01-01T01:00:00+01:00"))
        .await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json()["deadline"], "2030-01-01T00:00:00Z");
    let view = s.get(&format!("/v1/games/{id}"), Some(fra)).await.json();
    assert!(view.to_string().contains("2030-01-01T00:00:00Z"), "{view}");
    // A time the game file could not hold, and one that is no time, are refused.
    for bad in ["9999-12-31T23:00:00-05:00", "tomorrow"] {
        let r = s.request("PUT", &path, Some(&gm), &set(bad)).await;
        assert_eq!(r.status, 400, "{bad}: {}", String::from_utf8_lossy(&r.body));
    }
    let r = s
        .request("PUT", &path, Some(&gm), br#"{"deadline": null}"#)
        .await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert!(r.json()["deadline"].is_null());
}

/// A deadline that passes adjudicates the game by itself (powers that sent nothing in civil
/// disorder); a game whose deadline is still to come, or that has none, is left alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_that_passes_adjudicates_the_game() {
    let s = start().await;
    let (id, gm, tokens) = new_game(&s).await;
    let (other, _, _) = new_game(&s).await;
    let fra = tok(&tokens, "France");
    let r = s
        .request(
            "PUT",
            &format!("/v1/games/{id}/orders"),
            Some(fra),
            b"A par - bur\n",
        )
        .await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let deadline = json!({ "deadline": "2030-01-01T00:00:00Z" }).to_string();
    let path = format!("/v1/games/{id}/deadline");
    let r = s
        .request("PUT", &path, Some(&gm), deadline.as_bytes())
        .await;
    assert_eq!(r.status, 200);
    let store = diplo_server::FileStore::open(&s.games).unwrap();
    let before = diplo_game::time::parse_rfc3339("2029-12-31T23:59:00Z").unwrap();
    assert!(diplo_server::adjudicate_passed(&store, before).is_empty());
    let after = diplo_game::time::parse_rfc3339("2030-01-01T00:01:00Z").unwrap();
    let passed = diplo_server::adjudicate_passed(&store, after);
    assert_eq!(passed.len(), 1, "{passed:?}");
    assert_eq!(passed[0].id, id);
    assert_eq!(passed[0].outcome, Ok("Spring 1901 Movement".to_string()));
    let view = s.get(&format!("/v1/games/{id}"), Some(fra)).await.json();
    assert!(view.to_string().contains("Fall 1901 Movement"), "{view}");
    let untouched = s.get(&format!("/v1/games/{other}"), None).await.json();
    assert!(
        untouched.to_string().contains("Spring 1901 Movement"),
        "{untouched}"
    );
    // Adjudicated once: the new phase has no deadline.
    assert!(diplo_server::adjudicate_passed(&store, after).is_empty());
}

/// Requests that change one game wait their turn without holding a thread: with the game file
/// locked by another process (as `diplo game` would) and twenty submissions waiting for it, a
/// server with only four blocking threads still answers for another game at once.
#[test]
fn requests_waiting_for_one_game_hold_no_threads() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(4)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let s = std::sync::Arc::new(start().await);
        let (a, _, a_tokens) = new_game(&s).await;
        let (b, b_gm, b_tokens) = new_game(&s).await;
        let lock = diplo_game::GameLock::acquire(&s.games.join(format!("{a}.toml"))).unwrap();
        let mut waiting = Vec::new();
        for _ in 0..20 {
            let (s, a, token) = (s.clone(), a.clone(), tok(&a_tokens, "France").to_string());
            waiting.push(tokio::spawn(async move {
                let path = format!("/v1/games/{a}/orders");
                s.request("PUT", &path, Some(&token), b"A par H\n").await
            }));
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        let quick = std::time::Duration::from_secs(10);
        let path = format!("/v1/games/{b}/orders");
        let fra = tok(&b_tokens, "France");
        let r = tokio::time::timeout(quick, s.request("PUT", &path, Some(fra), b"A par H\n"))
            .await
            .expect("another game is not held up");
        assert_eq!(r.status, 200, "{}", r.json());
        let r = tokio::time::timeout(quick, s.get(&format!("/v1/games/{b}"), Some(&b_gm)))
            .await
            .expect("another game is not held up");
        assert_eq!(r.status, 200);
        assert!(waiting.iter().all(|t| !t.is_finished()));
        drop(lock);
        for t in waiting {
            assert_eq!(t.await.unwrap().status, 200);
        }
        let v = s.get(&format!("/v1/games/{a}"), None).await.json();
        assert_eq!(v["powers"]["France"]["submitted"], true, "{v}");
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_created_with_a_deadline_schedule() {
    let s = start().await;
    let body = json!({ "deadlines": { "movement": "48h", "retreat": "24h", "adjustment": "1d" } });
    let r = s.post("/v1/games", None, body).await;
    assert_eq!(r.status, 201, "{}", r.json());
    let id = r.json()["id"].as_str().unwrap().to_string();
    let game = diplo_game::Game::load(&s.games.join(format!("{id}.toml"))).unwrap();
    assert_eq!(
        game.schedule.describe(),
        "movement=48h,retreat=24h,adjustment=24h"
    );
    assert!(game.deadline.is_some(), "the first phase has its deadline");
    let r = s
        .post(
            "/v1/games",
            None,
            json!({ "deadlines": { "builds": "2x" } }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["deadlines"]);
}
