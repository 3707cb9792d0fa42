//! A load benchmark of `diplo serve` over loopback: stateless adjudications of the Spring 1901
//! opening (`POST /v1/adjudicate`, [`diplo_bench::OPENING`]) by 1, 8 and 64 concurrent clients,
//! each on a keep-alive HTTP/1.1 connection of its own, sending its next request when the
//! answer to the last one has arrived (a closed loop). Prints requests a second, p50, p99 and
//! maximum latency and the errors (an answer other than 200, or without `"results"`, or a
//! broken connection) for each number of clients.
//!
//! `cargo bench -p diplo-bench --bench serve_load -- [--secs S] [--warmup S] [--clients 1,8,64]
//! [--max-requests N] [--client-threads T] [--addr 127.0.0.1:PORT]`
//!
//! Without `--addr` the server runs in this process on 127.0.0.1 (port 0), on a multi-threaded
//! tokio runtime of its own as `diplo serve` builds it (one worker per core), with a temporary
//! games folder; the clients run on another runtime (`--client-threads`, default 1: a client
//! only writes and reads bytes). With `--addr` it loads a running server, which must be on a
//! loopback address. Each run is bounded: `--secs` (default 10) after `--warmup` (default 2)
//! seconds whose requests are not counted, and at most `--max-requests` (default 2,000,000)
//! counted requests.
//!
//! `-- --serve-for S` only starts the server in this process and serves for `S` seconds (at most
//! 3600), for another load generator on the same machine (`wrk`, BENCHMARKS.md).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What a run is told.
struct Options {
    /// A running server to load (loopback only); `None`: start one in this process.
    addr: Option<SocketAddr>,
    /// The counted time of each run.
    secs: f64,
    /// The uncounted warm-up before each run.
    warmup: f64,
    /// The numbers of concurrent clients, one run each.
    clients: Vec<usize>,
    /// The most requests counted in one run.
    max_requests: u64,
    /// The client runtime's worker threads.
    client_threads: usize,
    /// Only serve, for this many seconds, without clients.
    serve_for: Option<f64>,
}

/// Reads the command line; a mistake ends the program with a message.
fn options() -> Options {
    let mut o = Options {
        addr: None,
        secs: 10.0,
        warmup: 2.0,
        clients: vec![1, 8, 64],
        max_requests: 2_000_000,
        client_threads: 1,
        serve_for: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        // `cargo bench` passes `--bench` to every target.
        if a == "--bench" {
            continue;
        }
        let mut value = || {
            args.next()
                .unwrap_or_else(|| fail(&format!("{a} needs a value")))
        };
        match a.as_str() {
            "--addr" => {
                let addr: SocketAddr = value()
                    .parse()
                    .unwrap_or_else(|e| fail(&format!("--addr: {e}")));
                if !addr.ip().is_loopback() {
                    fail("--addr: loopback addresses only (127.0.0.1, ::1)");
                }
                o.addr = Some(addr);
            }
            "--secs" => o.secs = number(&a, &value()),
            "--warmup" => o.warmup = number(&a, &value()),
            "--serve-for" => o.serve_for = Some(number::<f64>(&a, &value()).clamp(0.0, 3600.0)),
            "--max-requests" => o.max_requests = number(&a, &value()),
            "--client-threads" => o.client_threads = number::<usize>(&a, &value()).max(1),
            "--clients" => {
                o.clients = value()
                    .split(',')
                    .map(|n| number::<usize>(&a, n).clamp(1, 1024))
                    .collect();
            }
            _ => fail(&format!("unknown argument `{a}`")),
        }
    }
    if !(o.secs > 0.0 && o.secs <= 600.0 && o.warmup >= 0.0 && o.warmup <= 600.0) {
        fail("--secs and --warmup: at most 600 seconds (--secs above 0)");
    }
    o
}

/// A number argument.
fn number<T: std::str::FromStr>(flag: &str, text: &str) -> T {
    text.trim()
        .parse()
        .unwrap_or_else(|_| fail(&format!("{flag}: `{text}` is not a number")))
}

/// Ends the program with a message.
fn fail(message: &str) -> ! {
    eprintln!("serve_load: {message}");
    std::process::exit(2)
}

/// `text` as a JSON string's contents.
fn json_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 32);
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The whole request, headers and body: the opening, stateless, on a kept-alive connection.
fn request_bytes(addr: SocketAddr) -> Vec<u8> {
    let body = format!(
        r#"{{"map": "standard", "ruleset": "datc", "position": null, "orders": "{}"}}"#,
        json_escape(diplo_bench::OPENING)
    );
    format!(
        "POST /v1/adjudicate HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Why an exchange failed.
#[derive(Debug)]
enum Failure {
    /// The connection broke or closed: reconnect.
    Io(std::io::Error),
    /// An answer that is not a 200 with `"results"`; the connection is still usable.
    Answer(String),
}

/// One keep-alive connection and its read buffer.
struct Connection {
    stream: TcpStream,
    buf: Vec<u8>,
}

impl Connection {
    /// Connects to `addr` (no Nagle delay: a request is one write).
    async fn open(addr: SocketAddr) -> std::io::Result<Connection> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Connection {
            stream,
            buf: Vec::with_capacity(16 * 1024),
        })
    }

    /// Sends `request` and reads the whole answer (its Content-Length body): a 200 containing
    /// `"results"` is a success.
    async fn exchange(&mut self, request: &[u8]) -> Result<(), Failure> {
        self.stream.write_all(request).await.map_err(Failure::Io)?;
        self.buf.clear();
        let head_end = loop {
            if let Some(i) = find(&self.buf, b"\r\n\r\n") {
                break i + 4;
            }
            self.fill().await?;
        };
        let head = std::str::from_utf8(&self.buf[..head_end])
            .map_err(|_| Failure::Answer("an answer head that is not UTF-8".into()))?;
        let status = head.split(' ').nth(1).unwrap_or("").to_string();
        let length: usize = head
            .lines()
            .find_map(|l| {
                let (name, value) = l.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse().ok())?
            })
            .ok_or_else(|| {
                // Without a length the body's end is unknown: drop the connection.
                Failure::Io(std::io::Error::other("an answer without Content-Length"))
            })?;
        while self.buf.len() < head_end + length {
            self.fill().await?;
        }
        let body = &self.buf[head_end..head_end + length];
        if self.buf.len() > head_end + length {
            return Err(Failure::Io(std::io::Error::other(
                "bytes after the answer's body",
            )));
        }
        if status != "200" {
            return Err(Failure::Answer(format!(
                "status {status}: {}",
                String::from_utf8_lossy(&body[..body.len().min(200)])
            )));
        }
        if find(body, b"\"results\"").is_none() {
            return Err(Failure::Answer("a 200 answer without \"results\"".into()));
        }
        Ok(())
    }

    /// Reads more of the answer; the end of the stream is a failure.
    async fn fill(&mut self) -> Result<(), Failure> {
        let mut chunk = [0u8; 16 * 1024];
        let n = self.stream.read(&mut chunk).await.map_err(Failure::Io)?;
        if n == 0 {
            return Err(Failure::Io(std::io::ErrorKind::UnexpectedEof.into()));
        }
        self.buf.extend_from_slice(&chunk[..n]);
        Ok(())
    }
}

/// Where `needle` first occurs in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// What one client saw while counting.
#[derive(Default)]
struct ClientReport {
    /// The latency of each counted success, in nanoseconds.
    latencies: Vec<u64>,
    /// Counted failures.
    errors: u64,
    /// The first failure's words.
    first_error: Option<String>,
}

/// The phases of a run, shared by its clients.
struct Clock {
    /// Requests finished from here on are counted.
    counting: AtomicBool,
    /// Clients stop when this is set.
    stop: AtomicBool,
    /// Counted requests so far, against `--max-requests`.
    counted: AtomicU64,
    /// The bound on counted requests.
    max: u64,
}

/// One client: exchanges requests on its own connection until the run stops.
async fn client(addr: SocketAddr, request: Arc<Vec<u8>>, clock: Arc<Clock>) -> ClientReport {
    let mut report = ClientReport::default();
    let mut conn: Option<Connection> = None;
    while !clock.stop.load(Ordering::Relaxed) {
        let c = match conn.as_mut() {
            Some(c) => c,
            None => match Connection::open(addr).await {
                Ok(c) => conn.insert(c),
                Err(e) => {
                    note(&mut report, &clock, format!("connect: {e}"));
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
        };
        let start = Instant::now();
        let outcome = c.exchange(&request).await;
        let took = start.elapsed();
        match outcome {
            Ok(()) => {
                if clock.counting.load(Ordering::Relaxed) {
                    if clock.counted.fetch_add(1, Ordering::Relaxed) >= clock.max {
                        clock.stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    report.latencies.push(took.as_nanos() as u64);
                }
            }
            Err(Failure::Answer(m)) => note(&mut report, &clock, m),
            Err(Failure::Io(e)) => {
                conn = None;
                note(&mut report, &clock, format!("connection: {e}"));
            }
        }
    }
    report
}

/// Counts a failure (when counting) and keeps the first one's words.
fn note(report: &mut ClientReport, clock: &Clock, message: String) {
    if clock.counting.load(Ordering::Relaxed) {
        report.errors += 1;
    }
    report.first_error.get_or_insert(message);
}

/// One run's figures.
struct Figures {
    clients: usize,
    requests: usize,
    errors: u64,
    seconds: f64,
    p50: Duration,
    p99: Duration,
    max: Duration,
    first_error: Option<String>,
}

/// The nearest-rank percentile `p` of sorted latencies.
fn percentile(sorted: &[u64], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    Duration::from_nanos(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// Runs `clients` clients against `addr`: warm-up, then the counted time.
async fn run(addr: SocketAddr, clients: usize, o: &Options) -> Figures {
    let request = Arc::new(request_bytes(addr));
    let clock = Arc::new(Clock {
        counting: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        counted: AtomicU64::new(0),
        max: o.max_requests,
    });
    let tasks: Vec<_> = (0..clients)
        .map(|_| tokio::spawn(client(addr, request.clone(), clock.clone())))
        .collect();
    tokio::time::sleep(Duration::from_secs_f64(o.warmup)).await;
    clock.counting.store(true, Ordering::Relaxed);
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(o.secs);
    while Instant::now() < end && !clock.stop.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(20).min(end - Instant::now())).await;
    }
    clock.stop.store(true, Ordering::Relaxed);
    let seconds = start.elapsed().as_secs_f64();
    let mut latencies = Vec::new();
    let mut errors = 0;
    let mut first_error = None;
    for t in tasks {
        let r = t.await.expect("a client task panicked");
        latencies.extend(r.latencies);
        errors += r.errors;
        first_error = first_error.or(r.first_error);
    }
    latencies.sort_unstable();
    Figures {
        clients,
        requests: latencies.len(),
        errors,
        seconds,
        p50: percentile(&latencies, 50.0),
        p99: percentile(&latencies, 99.0),
        max: Duration::from_nanos(latencies.last().copied().unwrap_or(0)),
        first_error,
    }
}

/// Milliseconds with three decimals.
fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

/// Starts the server in this process on 127.0.0.1 (port 0), as `diplo serve` runs it.
fn start_server(games: &std::path::Path) -> (tokio::runtime::Runtime, SocketAddr) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("server")
        .build()
        .expect("the server's runtime");
    let store = diplo_server::FileStore::open(games).expect("a temporary games folder");
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("a port on 127.0.0.1");
    let addr = listener.local_addr().expect("the server's address");
    let router = diplo_server::router(Arc::new(store), diplo_server::DEFAULT_BODY_LIMIT);
    runtime.spawn(diplo_server::serve(
        listener,
        router,
        std::future::pending::<()>(),
    ));
    (runtime, addr)
}

fn main() {
    let o = options();
    let games = std::env::temp_dir().join(format!("diplo-serve-load-{}", std::process::id()));
    if let Some(secs) = o.serve_for {
        let (rt, addr) = start_server(&games);
        println!("serve_load: serving on http://{addr} for {secs} s");
        std::thread::sleep(Duration::from_secs_f64(secs));
        rt.shutdown_timeout(Duration::from_secs(1));
        let _ = std::fs::remove_dir_all(&games);
        return;
    }
    let (server, addr) = match o.addr {
        Some(a) => (None, a),
        None => {
            let (rt, a) = start_server(&games);
            (Some(rt), a)
        }
    };
    let clients_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(o.client_threads)
        .enable_all()
        .thread_name("client")
        .build()
        .expect("the clients' runtime");
    println!(
        "diplo serve load: POST /v1/adjudicate (the Spring 1901 opening, stateless) on {addr} \
         ({}), {} s counted after {} s of warm-up, at most {} requests, {} client thread(s)",
        if server.is_some() {
            "in this process"
        } else {
            "a running server"
        },
        o.secs,
        o.warmup,
        o.max_requests,
        o.client_threads
    );
    println!("| clients | requests | errors | requests/s | p50 (ms) | p99 (ms) | max (ms) |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    let mut first_errors = Vec::new();
    for &n in &o.clients {
        let f = clients_rt.block_on(run(addr, n, &o));
        println!(
            "| {} | {} | {} | {:.0} | {} | {} | {} |",
            f.clients,
            f.requests,
            f.errors,
            f.requests as f64 / f.seconds,
            ms(f.p50),
            ms(f.p99),
            ms(f.max)
        );
        if let Some(e) = f.first_error {
            first_errors.push(format!("{} clients: {e}", f.clients));
        }
    }
    for e in &first_errors {
        eprintln!("serve_load: first error with {e}");
    }
    drop(clients_rt);
    if let Some(rt) = server {
        rt.shutdown_timeout(Duration::from_secs(1));
        let _ = std::fs::remove_dir_all(&games);
    }
}
