//! The stateless endpoints and their errors.

use serde_json::json;

use crate::{start, start_with_limit};

const SPRING: &str = "France:\nA par - bur\nA mar - spa\nF bre - mao\nGermany:\nA mun - bur\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn adjudicate_answers_in_the_clis_words() {
    let s = start().await;
    let r = s
        .post("/v1/adjudicate", None, json!({ "orders": SPRING }))
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.header("content-type"), Some("application/json"));
    let v = r.json();
    // The same document the CLI prints, built by the same library function.
    let map = diplo_map::Map::standard();
    let rules = diplo_rules::Ruleset::datc();
    let pos = diplo_engine::Position::initial(&map);
    let (lines, _) = diplo_orders::parse_orders(&map, SPRING);
    let orders: Vec<_> = lines
        .into_iter()
        .map(|l| (l.power.unwrap(), l.order))
        .collect();
    let adj = diplo_engine::adjudicate(&map, &rules, &pos, &orders);
    let expected =
        diplo_game::json::adjudication_document(&map, &rules, (&pos, &orders), &adj, &[]);
    assert_eq!(v, expected);
    assert_eq!(v["results"][0]["result"], "fails");
    assert_eq!(v["next"]["phase"], "Fall 1901 Movement");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn adjudicate_takes_rulesets_overrides_positions_and_inline_files() {
    let s = start().await;
    let position = json!({
        "phase": "Fall 1901 Movement",
        "units": { "France": ["A bur"], "Germany": ["A mun"] },
        "centres": { "France": ["par"], "Germany": ["mun"] },
    });
    let r = s
        .post(
            "/v1/adjudicate",
            None,
            json!({
                "map": "standard", "ruleset": "1971",
                "overrides": { "convoy_paradox": "szykman" },
                "position": position, "orders": "France: A bur - mun\nGermany: A mun H\n",
            }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["phase"], "Fall 1901 Movement");
    let inline = json!({ "toml": "name = \"mine\"\ndescription = \"x\"\nextends = \"datc\"\n" });
    let r = s
        .post(
            "/v1/adjudicate",
            None,
            json!({ "ruleset": inline, "orders": SPRING }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let map = json!({ "toml": diplo_map::STANDARD_MAP_TOML });
    let r = s
        .post(
            "/v1/adjudicate",
            None,
            json!({ "map": map, "orders": SPRING }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_list_every_located_error() {
    let s = start().await;
    // Unknown names: did you mean ...
    let r = s
        .post(
            "/v1/adjudicate",
            None,
            json!({ "map": "standrd", "ruleset": "datx" }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres(), ["map", "ruleset"]);
    assert!(
        r.messages().contains("did you mean `standard`"),
        "{}",
        r.messages()
    );
    assert!(
        r.messages().contains("did you mean `datc`"),
        "{}",
        r.messages()
    );
    // Every bad order line, with its line and column, and an order without a power.
    let r = s
        .post(
            "/v1/adjudicate",
            None,
            json!({ "orders": "France:\nA par - xyz\nA mar jumps\n" }),
        )
        .await;
    assert_eq!(r.status, 400);
    let w = r.wheres();
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(
        w[0].starts_with("orders:2:") && w[1].starts_with("orders:3:"),
        "{w:?}"
    );
    let r = s
        .post("/v1/adjudicate", None, json!({ "orders": "A par - bur\n" }))
        .await;
    assert_eq!((r.status, r.wheres()), (400, vec!["orders:1".to_string()]));
    // Bad overrides, each named.
    let r = s
        .post(
            "/v1/adjudicate",
            None,
            json!({ "overrides": { "nonsense": "x", "convoy_paradox": "nope" } }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.wheres(),
        ["overrides.convoy_paradox", "overrides.nonsense"]
    );
    // A position with bad values.
    let r = s
        .post("/v1/adjudicate", None, json!({ "position": { "phase": "Spring 1901 Movement", "units": { "France": ["A xyz"] } } }))
        .await;
    assert_eq!(r.status, 400);
    assert!(r.wheres()[0].starts_with("position"), "{:?}", r.wheres());
    // Not JSON, an unknown field, a wrong type.
    for body in [&b"{nope"[..], br#"{"colour": 1}"#, br#"{"orders": 5}"#] {
        let r = s.request("POST", "/v1/adjudicate", None, body).await;
        assert_eq!(r.status, 400, "{}", String::from_utf8_lossy(body));
        assert!(r.wheres()[0].starts_with("body:"), "{:?}", r.wheres());
    }
    // Inline TOML that is broken, or extends a file: refused, nothing read.
    let r = s
        .post(
            "/v1/adjudicate",
            None,
            json!({ "map": { "toml": "name = " } }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert!(r.wheres()[0].starts_with("map.toml:1:"), "{:?}", r.wheres());
    for (field, file) in [("map", "map.toml"), ("ruleset", "ruleset.toml")] {
        let r = s
            .post(
                "/v1/adjudicate",
                None,
                json!({ field: { "toml": "extends = \"/etc/passwd\"\n" } }),
            )
            .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.wheres(), [format!("{file}: extends")]);
        assert!(!r.messages().contains("root:"), "{}", r.messages());
    }
    // An unknown endpoint.
    let r = s.get("/v1/nothing", None).await;
    assert_eq!(r.status, 404);
    assert_eq!(r.wheres(), ["path"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_over_the_limit_is_413() {
    let s = start_with_limit(1000).await;
    let big = json!({ "orders": "France: A par H\n".repeat(200) });
    let r = s.post("/v1/adjudicate", None, big).await;
    assert_eq!(r.status, 413);
    assert_eq!(r.wheres(), ["body"]);
    let r = s
        .request("PUT", "/v1/games/0123/orders", None, &[b'x'; 5000])
        .await;
    assert_eq!(r.status, 413);
    // Under the limit, all is well.
    let r = s
        .post("/v1/adjudicate", None, json!({ "orders": SPRING }))
        .await;
    assert_eq!(r.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_are_checked_and_listed() {
    let s = start().await;
    let r = s
        .post(
            "/v1/orders/check",
            None,
            json!({ "orders": "England: F London - English Channel\nFRA: A par H\n" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let v = r.json();
    assert_eq!(v["orders"][0]["text"], "ENG: F lon - eng");
    assert_eq!(v["orders"][1]["power"], "France");
    let r = s
        .post(
            "/v1/orders/check",
            None,
            json!({ "orders": "F lon - nowhere\nX\n" }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.wheres().len(), 2);
    let r = s.post("/v1/orders/possible", None, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.json());
    let v = r.json();
    assert_eq!(v["phase"], "Spring 1901 Movement");
    assert_eq!(v["possible"]["PAR"]["power"], "France");
    assert!(
        v["possible"]["PAR"]["orders"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o == "A PAR - BUR"),
        "{}",
        v["possible"]["PAR"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compare_answers_like_the_cli() {
    let s = start().await;
    let r = s
        .post(
            "/v1/compare",
            None,
            json!({ "case": "6.F.19", "rulesets": ["1971", "datc"] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let v = r.json();
    assert_eq!(v["case"], "6.F.19");
    assert_eq!(v["rulesets"], json!(["1971", "datc"]));
    assert!(!v["orders"].as_array().unwrap().is_empty());
    let r = s
        .post(
            "/v1/compare",
            None,
            json!({ "orders": SPRING, "rulesets": ["1982", "datc"] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let r = s
        .post(
            "/v1/compare",
            None,
            json!({ "case": "6.F.19", "rulesets": ["1971", "dtc"] }),
        )
        .await;
    assert_eq!(
        (r.status, r.wheres()),
        (400, vec!["rulesets[1]".to_string()])
    );
    assert!(r.messages().contains("did you mean `datc`"));
    let r = s
        .post("/v1/compare", None, json!({ "case": "9.Z.99" }))
        .await;
    assert_eq!(r.status, 400);
    let r = s.post("/v1/compare", None, json!({})).await;
    assert_eq!(r.status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compare_applies_overrides_everywhere_and_draws_a_board_per_ruleset() {
    let s = start().await;
    let result = |v: &serde_json::Value, rs: &str| {
        v["orders"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["order"] == "F Rome - Tyrrhenian Sea")
            .unwrap()["results"][rs]
            .clone()
    };
    let ask = |overrides: serde_json::Value| json!({ "case": "6.F.19", "rulesets": ["1971", "datc"], "overrides": overrides, "pictures": true });
    let r = s.post("/v1/compare", None, ask(json!({}))).await;
    assert_eq!(r.status, 200, "{}", r.json());
    let v = r.json();
    assert_eq!(
        (result(&v, "1971"), result(&v, "datc")),
        (json!("succeeds"), json!("fails"))
    );
    let mut views = Vec::new();
    for rs in ["1971", "datc"] {
        let svg = v["pictures"][rs].as_str().unwrap();
        assert!(svg.starts_with("<svg"), "{rs}");
        // Zoomed to the Mediterranean, as `compare --render`'s panels: a view of part of the map.
        let view = svg
            .split("<svg class=\"map\"")
            .nth(1)
            .and_then(|s| s.split("viewBox=\"").nth(1))
            .and_then(|s| s.split('"').next())
            .unwrap_or_else(|| panic!("{rs}: not zoomed"));
        let x: f64 = view.split(' ').next().unwrap().parse().unwrap();
        assert!(x > 0.0, "{rs}: {view}");
        views.push(view.to_string());
    }
    assert_eq!(
        views[0], views[1],
        "every board shows the same part of the map"
    );
    // One issue's choice everywhere: datc now decides as 1971 does.
    let r = s
        .post(
            "/v1/compare",
            None,
            ask(json!({ "multi_route_disruption": "one-route" })),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let v = r.json();
    assert_eq!(result(&v, "datc"), json!("succeeds"));
    assert_eq!(v["same_everywhere"], json!(true));
    assert_eq!(
        v["overrides"],
        json!({ "multi_route_disruption": "one-route" })
    );
    let r = s
        .post("/v1/compare", None, ask(json!({ "convoy_paradox": "x" })))
        .await;
    assert_eq!(
        (r.status, r.wheres()),
        (400, vec!["overrides.convoy_paradox".to_string()])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn render_draws_svg_and_png() {
    let s = start().await;
    let r = s
        .post("/v1/render", None, json!({ "orders": SPRING }))
        .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/svg+xml"));
    assert!(String::from_utf8_lossy(&r.body).contains("<svg"));
    let r = s
        .post(
            "/v1/render",
            None,
            json!({ "format": "png", "map": "loeb9" }),
        )
        .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/png"));
    assert_eq!(&r.body[..4], b"\x89PNG");
    let r = s.post("/v1/render", None, json!({ "format": "gif" })).await;
    assert_eq!((r.status, r.wheres()), (400, vec!["format".to_string()]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn maps_rulesets_and_datc_cases_are_shown() {
    let s = start().await;
    let r = s.get("/v1/maps", None).await;
    assert_eq!(r.status, 200);
    let names: Vec<String> = r
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.contains(&"standard".to_string()), "{names:?}");
    let r = s.get("/v1/maps/standard", None).await;
    assert_eq!(r.status, 200);
    assert!(r.json().is_object());
    let r = s.get("/v1/maps/standrd", None).await;
    assert_eq!(r.status, 404);
    assert!(r.messages().contains("did you mean `standard`"));
    let r = s.get("/v1/rulesets", None).await;
    assert_eq!(r.status, 200);
    assert!(r
        .json()
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["name"] == "datc"));
    let r = s.get("/v1/rulesets/1982", None).await;
    assert_eq!(r.status, 200);
    assert!(r.json()["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["key"] == "convoy_paradox"));
    let r = s.get("/v1/rulesets/dtc", None).await;
    assert_eq!(r.status, 404);
    assert!(r.messages().contains("did you mean `datc`"));
    let r = s.get("/v1/datc/6.A.1", None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["case"]["id"], "6.A.1");
    assert_eq!(r.json()["agrees"], true);
    let r = s.get("/v1/datc/6.Z.1", None).await;
    assert_eq!(r.status, 404);
    // A path never reads a file.
    let r = s.get("/v1/rulesets/..%2F..%2Fetc%2Fpasswd", None).await;
    assert_eq!(r.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_openapi_document_lists_every_endpoint() {
    let s = start().await;
    let r = s.get("/v1/openapi.json", None).await;
    assert_eq!(r.status, 200);
    let v = r.json();
    assert!(v["openapi"].as_str().unwrap().starts_with("3.1"));
    let paths = v["paths"].as_object().unwrap();
    for (path, method) in [
        ("/v1/adjudicate", "post"),
        ("/v1/orders/check", "post"),
        ("/v1/orders/possible", "post"),
        ("/v1/compare", "post"),
        ("/v1/render", "post"),
        ("/v1/maps", "get"),
        ("/v1/maps/{name}", "get"),
        ("/v1/rulesets", "get"),
        ("/v1/rulesets/{name}", "get"),
        ("/v1/datc/{case}", "get"),
        ("/v1/openapi.json", "get"),
        ("/v1/games", "post"),
        ("/v1/games/{id}", "get"),
        ("/v1/games/{id}/orders", "put"),
        ("/v1/games/{id}/orders", "delete"),
        ("/v1/games/{id}/adjudicate", "post"),
        ("/v1/games/{id}/rollback", "post"),
        ("/v1/games/{id}/history", "get"),
        ("/v1/games/{id}/deadline", "put"),
        ("/v1/games/{id}/schedule", "put"),
        ("/v1/games/{id}/end-rules", "put"),
        ("/v1/games/{id}/draw", "post"),
        ("/v1/games/{id}/draw/vote", "post"),
        ("/v1/games/{id}/concede", "post"),
        ("/v1/games/{id}/proxy", "post"),
        ("/v1/games/{id}/disorder", "post"),
        ("/v1/games/{id}/players", "post"),
        ("/v1/games/{id}/phases/{n}.svg", "get"),
    ] {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_at_the_root_uses_the_api() {
    let s = start().await;
    let r = s.get("/", None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(String::from_utf8_lossy(&r.body).contains("<form"));
    let r = s.get("/app.js", None).await;
    assert_eq!(r.status, 200);
    assert!(String::from_utf8_lossy(&r.body).contains("/v1/adjudicate"));
    assert_eq!(s.get("/style.css", None).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_and_their_scripts_are_served_with_their_own_origin_only() {
    let s = start().await;
    for (path, marker) in [
        ("/", "/app.js"),
        ("/game/0123abcd", "/game.js"),
        ("/gm", "/gm.js"),
        ("/gm/0123abcd", "/gm.js"),
        ("/explore", "/explore.js"),
    ] {
        let r = s.get(path, None).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
        assert!(r
            .header("content-security-policy")
            .unwrap()
            .starts_with("default-src 'self'"));
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"));
        let page = String::from_utf8_lossy(&r.body).to_string();
        assert!(
            page.contains(marker) && page.contains("/common.js"),
            "{path}"
        );
        // Nothing from elsewhere.
        assert!(
            !page.contains("http://") && !page.contains("https://"),
            "{path}"
        );
    }
    for (path, api) in [
        ("/common.js", "Authorization"),
        ("/game.js", "/v1/orders/check"),
        ("/gm.js", "/v1/games"),
        ("/explore.js", "/v1/compare"),
    ] {
        let r = s.get(path, None).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(
            r.header("content-type"),
            Some("text/javascript; charset=utf-8")
        );
        assert!(String::from_utf8_lossy(&r.body).contains(api), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_sending_loses_its_connection() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let dir = std::env::temp_dir().join(format!("diplo-server-it-idle-{}", std::process::id()));
    let store = diplo_server::FileStore::open(&dir).unwrap();
    let router = diplo_server::router(std::sync::Arc::new(store), 1000);
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(diplo_server::serve_with_idle_timeout(
        listener,
        router,
        std::time::Duration::from_millis(300),
        async {
            let _ = rx.await;
        },
    ));
    let mut c = tokio::net::TcpStream::connect(addr).await.unwrap();
    c.write_all(b"GET /v1/maps HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let mut rest = Vec::new();
    let read =
        tokio::time::timeout(std::time::Duration::from_secs(10), c.read_to_end(&mut rest)).await;
    assert!(read.is_ok(), "the connection was kept open");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let _ = tx.send(());
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_bad_input_gets_a_server_error() {
    let s = start().await;
    let bodies: [&[u8]; 12] = [
        b"",
        b"null",
        b"[]",
        b"\"x\"",
        br#"{"map": 5}"#,
        br#"{"map": {"toml": 5}}"#,
        br#"{"ruleset": {"toml": "extends = 5"}}"#,
        br#"{"position": {"phase": 3}}"#,
        br#"{"position": {"phase": "Summer 1901 Party"}}"#,
        br#"{"orders": "\u0000\u0001 - -"}"#,
        br#"{"case": "", "rulesets": []}"#,
        b"\xff\xfe",
    ];
    let paths = [
        "/v1/adjudicate",
        "/v1/orders/check",
        "/v1/orders/possible",
        "/v1/compare",
        "/v1/render",
        "/v1/games",
    ];
    for path in paths {
        for body in bodies {
            let r = s.request("POST", path, None, body).await;
            assert!(
                r.status < 500,
                "{path} {}: {} {}",
                String::from_utf8_lossy(body),
                r.status,
                String::from_utf8_lossy(&r.body)
            );
        }
    }
    for path in [
        "/v1/maps/%00",
        "/v1/rulesets/%2e%2e",
        "/v1/datc/6.A.%00",
        "/v1/games/x/phases/1.svg",
    ] {
        let r = s.get(path, None).await;
        assert_eq!(r.status, 404, "{path}");
    }
    // A path that is not UTF-8 is refused before any handler.
    let r = s.get("/v1/datc/%ff", None).await;
    assert_eq!(r.status, 400);
}
