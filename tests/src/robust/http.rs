//! HTTP request bodies for the server's stateless endpoints, sent to its router in-process:
//! every body gets a 2xx answer, or a 4xx answer whose JSON lists every problem with where it
//! is and what is wrong. Never a 5xx, never a panic, never a hang.

use std::sync::OnceLock;

use axum::body::Body;
use axum::http::Request;
use tower::ServiceExt;

/// The stateless endpoints that read a body (`POST /v1/NAME`). An input's first line names one
/// of them; the rest is the body.
pub const ENDPOINTS: &[&str] = &[
    "adjudicate",
    "orders/check",
    "orders/possible",
    "compare",
    "render",
];

/// The largest body the check's router accepts (larger: 413, a located error like any other).
pub const BODY_LIMIT: usize = 64 * 1024;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a tokio runtime")
    })
}

fn router() -> &'static axum::Router {
    static ROUTER: OnceLock<axum::Router> = OnceLock::new();
    ROUTER.get_or_init(|| {
        // The stateless endpoints never touch the store; the folder is only opened.
        let dir = std::env::temp_dir().join("diplo-robust-http-games");
        let store = diplo_server::FileStore::open(dir).expect("a folder for the game store");
        diplo_server::router(std::sync::Arc::new(store), BODY_LIMIT)
    })
}

/// Sends `POST /v1/ENDPOINT` with `body` to the server's router: its status and body.
pub fn post(endpoint: &str, body: Vec<u8>) -> (axum::http::StatusCode, Vec<u8>) {
    let request = Request::post(format!("/v1/{endpoint}"))
        .header("content-type", "application/json")
        .body(Body::from(body))
        .expect("a request");
    runtime().block_on(async {
        let response = router()
            .clone()
            .oneshot(request)
            .await
            .expect("the router answers");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("the answer's body");
        (status, bytes.to_vec())
    })
}

/// An endpoint's name on the first line, the request body after it: a 2xx answer, or a 4xx
/// one listing located problems (`{"errors": [{"where": ..., "message": ...}]}`).
pub fn check_http(data: &[u8]) {
    let Some(end) = data.iter().position(|&b| b == b'\n') else {
        return;
    };
    let Some(endpoint) = std::str::from_utf8(&data[..end])
        .ok()
        .and_then(|name| ENDPOINTS.iter().find(|e| **e == name))
    else {
        return;
    };
    let (status, body) = post(endpoint, data[end + 1..].to_vec());
    let text = String::from_utf8_lossy(&body);
    assert!(
        !status.is_server_error(),
        "{status} from /v1/{endpoint}: {text}"
    );
    if status.is_success() {
        return;
    }
    assert!(
        status.is_client_error(),
        "{status} from /v1/{endpoint}: {text}"
    );
    let answer: serde_json::Value = serde_json::from_slice(&body)
        .unwrap_or_else(|e| panic!("{status} from /v1/{endpoint} is not JSON ({e}): {text}"));
    let errors = answer["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("{status} from /v1/{endpoint} without `errors`: {text}"));
    assert!(!errors.is_empty(), "{status} with no error: {text}");
    for e in errors {
        for field in ["where", "message"] {
            assert!(
                e[field].as_str().is_some_and(|s| !s.trim().is_empty()),
                "an error without `{field}` from /v1/{endpoint}: {text}"
            );
        }
    }
}

/// Seeds: one body for each endpoint, from the server's README examples' shapes.
pub fn corpus() -> Vec<Vec<u8>> {
    let orders =
        r#""orders": "England:\nF lon - nth\nA lvp - yor\nFrance: A par - bur\nF bre - mao""#;
    let retreat = r#""position": {"phase": "Fall 1901 Retreat", "units": {"Germany": ["A bur", "A mun"], "France": ["A par"]}, "centres": {"France": ["par"]}, "dislodged": [{"power": "Austria", "unit": "A tyr", "attacker_from": "mun", "by_convoy": false}]}"#;
    let inline_map = r#""map": {"toml": "extends = \"standard\"\nname = \"mine\"\n"}"#;
    let bodies = [
        format!("adjudicate\n{{{orders}, \"ruleset\": \"1971\"}}"),
        format!("adjudicate\n{{{retreat}, \"orders\": \"A tyr - boh\"}}"),
        format!("orders/check\n{{{orders}, {inline_map}}}"),
        format!("orders/possible\n{{{retreat}}}"),
        "orders/possible\n{\"map\": \"pure\", \"overrides\": {\"convoy_paradox\": \"szykman\"}}"
            .to_string(),
        "compare\n{\"case\": \"6.F.19\"}".to_string(),
        format!("compare\n{{{orders}, \"rulesets\": [\"1971\", \"datc\"], \"pictures\": true}}"),
        format!("render\n{{{orders}, \"map\": \"pure\"}}"),
        format!("render\n{{{retreat}, \"no_results\": true}}"),
    ];
    bodies.into_iter().map(String::into_bytes).collect()
}
