//! `diplo serve` end to end: the real server on 127.0.0.1 (an ephemeral port), in this
//! process, spoken to over TCP with a small HTTP/1.1 client (`Connection: close`).

mod deadlines;
mod games;
mod stateless;
mod tokens;
mod year;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A running server: its address and its games' folder (removed when dropped).
pub struct Server {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its games' folder.
    pub games: PathBuf,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = std::fs::remove_dir_all(&self.games);
    }
}

/// Starts a server with a fresh games folder and a body limit.
pub async fn start_with_limit(body_limit: usize) -> Server {
    static N: AtomicU64 = AtomicU64::new(0);
    let games = std::env::temp_dir().join(format!(
        "diplo-server-it-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&games);
    let store = diplo_server::FileStore::open(&games).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let router = diplo_server::router(Arc::new(store), body_limit);
    tokio::spawn(diplo_server::serve(listener, router, async {
        let _ = rx.await;
    }));
    Server {
        addr,
        games,
        stop: Some(tx),
    }
}

/// Starts a server with the default body limit.
pub async fn start() -> Server {
    start_with_limit(diplo_server::DEFAULT_BODY_LIMIT).await
}

/// An answer.
#[derive(Debug)]
pub struct Resp {
    /// The status code.
    pub status: u16,
    /// The headers.
    pub headers: Vec<(String, String)>,
    /// The body (de-chunked).
    pub body: Vec<u8>,
}

impl Resp {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {} {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The `where` of every error.
    pub fn wheres(&self) -> Vec<String> {
        self.json()["errors"]
            .as_array()
            .unwrap_or_else(|| panic!("no errors: {}", self.json()))
            .iter()
            .map(|e| e["where"].as_str().unwrap().to_string())
            .collect()
    }

    /// Every error message, joined.
    pub fn messages(&self) -> String {
        self.json()["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["message"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Server {
    /// One request; `token` goes in `Authorization: Bearer`.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &[u8],
    ) -> Resp {
        tokio::time::timeout(
            Duration::from_secs(60),
            send(self.addr, method, path, token, body),
        )
        .await
        .expect("an answer within 60 s")
    }

    /// GET.
    pub async fn get(&self, path: &str, token: Option<&str>) -> Resp {
        self.request("GET", path, token, b"").await
    }

    /// POST a JSON value.
    pub async fn post(&self, path: &str, token: Option<&str>, body: serde_json::Value) -> Resp {
        self.request("POST", path, token, body.to_string().as_bytes())
            .await
    }
}

async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &[u8],
) -> Resp {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).await.unwrap();
    // A refused body may be answered before it is all sent: that is no failure here.
    let _ = s.write_all(body).await;
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw).await;
    parse(&raw)
}

fn parse(raw: &[u8]) -> Resp {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end: {}", String::from_utf8_lossy(raw)));
    let head = std::str::from_utf8(&raw[..end]).unwrap();
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    if chunked {
        body = unchunk(&body);
    }
    Resp {
        status,
        headers,
        body,
    }
}

fn unchunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = b.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = std::str::from_utf8(&b[..eol]).unwrap();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + size]);
        b = &b[eol + 2 + size + 2..];
    }
}
