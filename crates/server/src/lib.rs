//! `diplo serve`: diplo as an HTTP/1.1 JSON service.
//!
//! Stateless endpoints adjudicate a phase, check orders, list the possible orders, compare
//! rulesets, draw positions and show maps, rulesets and DATC cases; hosted games are kept by a
//! [`GameStore`] (by default [`FileStore`]: the same game files `diplo game` uses) and opened
//! with tokens. The server only translates HTTP to library calls and back: the answers use the
//! words of `diplo ... --format json` (`diplo_game::json`). Every request's work runs on
//! tokio's blocking pool, so a long adjudication never stalls the others; a built-in map or
//! ruleset is read once per process and kept (a request naming one does not parse its TOML
//! again). The endpoints are listed in `openapi.json` (served at `/v1/openapi.json`) and in
//! the crate's README.

mod deadlines;
mod error;
mod games;
mod inputs;
mod locks;
mod stateless;
mod store;
mod timed;
mod tokens;

use std::collections::BTreeMap;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::Router;

pub use deadlines::{
    adjudicate_if_passed, adjudicate_passed, DeadlineIndex, Indexed, Look, Passed, CHECK_EVERY,
};
pub use error::{ApiError, Problem};
pub use locks::{GameGuard, GameLocks, LOCK_WAIT};
pub use store::{Change, FileStore, GameId, GameStore, Role, Stamp, StoreError, TokenHashes};
pub use timed::IDLE_TIMEOUT;
pub use tokens::{issue as issue_tokens, Tokens};

/// The OpenAPI 3.1 document describing every endpoint.
pub const OPENAPI: &str = include_str!("../openapi.json");

/// The pages: `/` adjudicates one phase, `/game/{id}` is a power's (or anyone's) view of a
/// hosted game, `/gm` creates games and `/gm/{id}` runs one, `/explore` compares rulesets.
/// Plain HTML, CSS and JavaScript speaking the JSON API; nothing is fetched from elsewhere.
mod page {
    /// `/`: a form that adjudicates a phase through the API.
    pub const INDEX: &str = include_str!("../web/index.html");
    /// `/game/{id}`: a hosted game as one power (or the public) sees and orders it.
    pub const GAME: &str = include_str!("../web/game.html");
    /// `/gm` and `/gm/{id}`: the game master's page.
    pub const GM: &str = include_str!("../web/gm.html");
    /// `/explore`: the rules explorer.
    pub const EXPLORE: &str = include_str!("../web/explore.html");
    /// The scripts and the style sheet the pages load: (path, content type, text).
    pub const ASSETS: &[(&str, &str, &str)] = &[
        (
            "/style.css",
            "text/css; charset=utf-8",
            include_str!("../web/style.css"),
        ),
        (
            "/common.js",
            "text/javascript; charset=utf-8",
            include_str!("../web/common.js"),
        ),
        (
            "/app.js",
            "text/javascript; charset=utf-8",
            include_str!("../web/app.js"),
        ),
        (
            "/game.js",
            "text/javascript; charset=utf-8",
            include_str!("../web/game.js"),
        ),
        (
            "/gm.js",
            "text/javascript; charset=utf-8",
            include_str!("../web/gm.js"),
        ),
        (
            "/explore.js",
            "text/javascript; charset=utf-8",
            include_str!("../web/explore.js"),
        ),
    ];
}

/// The default limit of a request body: 1 MiB.
pub const DEFAULT_BODY_LIMIT: usize = 1 << 20;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The folder of hosted games.
    pub games: PathBuf,
    /// The largest request body accepted, in bytes (larger: 413).
    pub body_limit: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            games: PathBuf::from("diplo-games"),
            body_limit: DEFAULT_BODY_LIMIT,
        }
    }
}

/// What every handler shares: the game store, and the in-process lock of each game.
#[derive(Clone)]
struct AppState {
    store: Arc<dyn GameStore>,
    locks: GameLocks,
}

/// A change to the game `id` as [`blocking`] work, once this process's other changes to the
/// game are done: the wait holds no thread (the file lock, taken in the work, then only waits
/// for other processes). An id that is no game's takes no lock (the work answers 404).
async fn locked<F>(s: AppState, id: String, work: F) -> Response
where
    F: FnOnce(&dyn GameStore, &str) -> Result<Response, ApiError> + Send + 'static,
{
    let guard = match GameId::parse(&id) {
        Some(id) => match s.locks.lock_within(&id, LOCK_WAIT).await {
            Some(g) => Some(g),
            None => {
                return ApiError::one(
                    axum::http::StatusCode::SERVICE_UNAVAILABLE,
                    "game",
                    format!(
                        "other requests have held the game for {} s; try again when they are done",
                        LOCK_WAIT.as_secs()
                    ),
                )
                .into_response()
            }
        },
        None => None,
    };
    blocking(move || {
        let _guard = guard;
        work(s.store.as_ref(), &id)
    })
    .await
}

/// Runs a handler's work on the blocking pool; a panic there answers 500, never a dropped
/// connection.
async fn blocking<F>(work: F) -> Response
where
    F: FnOnce() -> Result<Response, ApiError> + Send + 'static,
{
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => e.into_response(),
        Err(_) => ApiError::internal("the request's work failed").into_response(),
    }
}

/// The body, or the answer to a body that could not be read (413 when over the limit).
fn body(b: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    b.map_err(|r| ApiError::one(r.status(), "body", r.body_text()))
}

/// A stateless JSON endpoint: the body to the function, on the blocking pool.
macro_rules! body_endpoint {
    ($f:path) => {
        post(|b: Result<Bytes, BytesRejection>| async move {
            match body(b) {
                Ok(b) => blocking(move || $f(&b)).await,
                Err(e) => e.into_response(),
            }
        })
    };
}

type Q = Query<BTreeMap<String, String>>;

/// The router with every endpoint, over `store`, refusing bodies over `body_limit` bytes.
pub fn router(store: Arc<dyn GameStore>, body_limit: usize) -> Router {
    router_with_locks(store, GameLocks::default(), body_limit)
}

/// [`router`] sharing `locks` with other work on the same games (the deadline checker).
pub fn router_with_locks(store: Arc<dyn GameStore>, locks: GameLocks, body_limit: usize) -> Router {
    let state = AppState { store, locks };
    Router::new()
        .route(
            "/v1/adjudicate",
            body_endpoint!(stateless::adjudicate_phase),
        )
        .route("/v1/orders/check", body_endpoint!(stateless::check_orders))
        .route(
            "/v1/orders/possible",
            body_endpoint!(stateless::possible_orders),
        )
        .route("/v1/compare", body_endpoint!(stateless::compare))
        .route("/v1/render", body_endpoint!(stateless::render))
        .route("/v1/maps", get(|| blocking(stateless::maps)))
        .route(
            "/v1/maps/{name}",
            get(|Path(n): Path<String>| blocking(move || stateless::map(&n))),
        )
        .route("/v1/rulesets", get(|| blocking(stateless::rulesets)))
        .route(
            "/v1/rulesets/{name}",
            get(|Path(n): Path<String>| blocking(move || stateless::ruleset(&n))),
        )
        .route(
            "/v1/datc/{case}",
            get(|Path(n): Path<String>| blocking(move || stateless::datc_case(&n))),
        )
        .route("/v1/openapi.json", get(openapi))
        .route("/", get(|| async { html(page::INDEX) }))
        .route("/game/{id}", get(|| async { html(page::GAME) }))
        .route("/gm", get(|| async { html(page::GM) }))
        .route("/gm/{id}", get(|| async { html(page::GM) }))
        .route("/explore", get(|| async { html(page::EXPLORE) }))
        .route("/v1/games", post(create_game))
        .route("/v1/games/{id}", get(show_game))
        .route(
            "/v1/games/{id}/orders",
            put(put_orders).delete(delete_orders),
        )
        .route("/v1/games/{id}/adjudicate", post(adjudicate_game))
        .route("/v1/games/{id}/rollback", post(rollback_game))
        .route("/v1/games/{id}/deadline", put(put_deadline))
        .route("/v1/games/{id}/history", get(game_history))
        .route("/v1/games/{id}/phases/{file}", get(phase_picture))
        .merge(assets())
        .fallback(|| async {
            ApiError::not_found("path", "no such endpoint: see /v1/openapi.json").into_response()
        })
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(state)
}

/// The routes of the pages' scripts and style sheet.
fn assets() -> Router<AppState> {
    page::ASSETS
        .iter()
        .fold(Router::new(), |r, &(path, content_type, text)| {
            r.route(
                path,
                get(move || async move {
                    ([(header::CONTENT_TYPE, content_type)], text).into_response()
                }),
            )
        })
}

/// A page: only this server's own scripts, styles and pictures (`blob:` for the pictures the
/// scripts fetch); no referrer, so a token in a page's address goes nowhere.
fn html(text: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
            ),
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        text,
    )
        .into_response()
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

async fn create_game(State(s): State<AppState>, b: Result<Bytes, BytesRejection>) -> Response {
    match body(b) {
        Ok(b) => blocking(move || games::create(s.store.as_ref(), &b)).await,
        Err(e) => e.into_response(),
    }
}

async fn show_game(State(s): State<AppState>, Path(id): Path<String>, h: HeaderMap) -> Response {
    blocking(move || games::show(s.store.as_ref(), &id, &h)).await
}

async fn put_orders(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(q): Q,
    h: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Response {
    match body(b) {
        Ok(b) => {
            locked(s, id, move |store, id| {
                games::put_orders(store, id, &h, &q, &b)
            })
            .await
        }
        Err(e) => e.into_response(),
    }
}

async fn delete_orders(
    State(s): State<AppState>,
    Path(id): Path<String>,
    h: HeaderMap,
) -> Response {
    locked(s, id, move |store, id| games::delete_orders(store, id, &h)).await
}

async fn adjudicate_game(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(q): Q,
    h: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Response {
    match body(b) {
        Ok(b) => {
            locked(s, id, move |store, id| {
                games::adjudicate(store, id, &h, &q, &b)
            })
            .await
        }
        Err(e) => e.into_response(),
    }
}

async fn put_deadline(
    State(s): State<AppState>,
    Path(id): Path<String>,
    h: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Response {
    match body(b) {
        Ok(b) => {
            locked(s, id, move |store, id| {
                games::set_deadline(store, id, &h, &b)
            })
            .await
        }
        Err(e) => e.into_response(),
    }
}

async fn rollback_game(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(q): Q,
    h: HeaderMap,
) -> Response {
    locked(s, id, move |store, id| games::rollback(store, id, &h, &q)).await
}

async fn game_history(State(s): State<AppState>, Path(id): Path<String>, h: HeaderMap) -> Response {
    blocking(move || games::history(s.store.as_ref(), &id, &h)).await
}

async fn phase_picture(
    State(s): State<AppState>,
    Path((id, file)): Path<(String, String)>,
    h: HeaderMap,
) -> Response {
    blocking(move || games::phase_picture(s.store.as_ref(), &id, &file, &h)).await
}

/// Serves `router` on `listener` until `shutdown` completes (requests in flight finish); a
/// connection idle for [`IDLE_TIMEOUT`] is closed.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with_idle_timeout(listener, router, IDLE_TIMEOUT, shutdown).await
}

/// [`serve`] with another idle time.
pub async fn serve_with_idle_timeout(
    listener: tokio::net::TcpListener,
    router: Router,
    idle: std::time::Duration,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(timed::TimedListener::new(listener, idle), router)
        .with_graceful_shutdown(shutdown)
        .await
}

/// Runs the server as `config` says until Ctrl-C or SIGTERM: `diplo serve`.
pub fn run(config: &Config) -> std::io::Result<()> {
    let files: Arc<dyn GameStore> = Arc::new(FileStore::open(&config.games)?);
    let index = Arc::new(DeadlineIndex::default());
    let store: Arc<dyn GameStore> = Arc::new(Indexed::new(files, index.clone()));
    let locks = GameLocks::default();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        // A closed standard error is no reason to stop serving (never `eprintln!`, which panics).
        let _ = writeln!(
            std::io::stderr(),
            "diplo serve: listening on http://{} (games in {})",
            listener.local_addr()?,
            config.games.display()
        );
        tokio::spawn(watch_deadlines(store.clone(), index, locks.clone()));
        let router = router_with_locks(store, locks, config.body_limit);
        serve(listener, router, stop_signal()).await
    })
}

/// Every [`CHECK_EVERY`] (the first time at once, reading every game), adjudicates the games
/// whose deadline has passed, each under its in-process lock and on the blocking pool, and
/// says so on standard error. Between times only the games whose file changed are read again.
async fn watch_deadlines(store: Arc<dyn GameStore>, index: Arc<DeadlineIndex>, locks: GameLocks) {
    let mut every = tokio::time::interval(CHECK_EVERY);
    loop {
        every.tick().await;
        let Ok(now) = diplo_game::time::now() else {
            continue;
        };
        let look = {
            let (store, index) = (store.clone(), index.clone());
            tokio::task::spawn_blocking(move || index.look(store.as_ref(), now))
                .await
                .unwrap_or_default()
        };
        for (id, why) in &look.unreadable {
            say(format_args!("game {}: cannot be read: {why}", id.as_str()));
        }
        for id in look.due {
            let Some(guard) = locks.lock_within(&id, LOCK_WAIT).await else {
                continue;
            };
            let (store, index) = (store.clone(), index.clone());
            let passed = tokio::task::spawn_blocking(move || {
                let _guard = guard;
                index.adjudicate(store.as_ref(), &id, now)
            })
            .await;
            match passed.ok().flatten().map(|p| (p.id, p.outcome)) {
                Some((id, Ok(phase))) => say(format_args!(
                    "game {id}: the deadline passed: {phase} adjudicated"
                )),
                Some((id, Err(why))) => {
                    say(format_args!("game {id}: the deadline passed, but: {why}"))
                }
                None => {}
            }
        }
    }
}

/// One line on standard error, `diplo serve: ...`; a closed standard error is ignored.
fn say(what: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr(), "diplo serve: {what}");
}

/// Ctrl-C, or (on Unix) SIGTERM as a service manager sends it.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
