//! `diplo serve` as a process: it says where it listens (port 0 included), and a server killed
//! with SIGKILL in the middle of adjudicating a hosted game leaves the game whole, at the old
//! phase or at the new one, and serves it again when restarted on the same folder.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use diplo_game::Game;
use serde_json::Value;

use crate::support::{diplo, ok, s, stderr, temp_dir};

/// A running `diplo serve --addr 127.0.0.1:0`, killed (SIGKILL) when dropped.
struct Served {
    child: Child,
    addr: String,
}

impl Served {
    /// Starts the server on `games` and reads where it listens from its first line.
    fn start(games: &Path) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_diplo"))
            .args(["serve", "--addr", "127.0.0.1:0", "--games", s(games)])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn diplo serve");
        let mut line = String::new();
        let stderr = child.stderr.take().expect("piped standard error");
        BufReader::new(stderr)
            .read_line(&mut line)
            .expect("read the first line");
        let addr = line
            .split("listening on http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no address in the first line: {line:?}"))
            .to_string();
        assert!(
            addr.starts_with("127.0.0.1:") && !addr.ends_with(":0"),
            "{line}"
        );
        Served { child, addr }
    }

    /// Kills the server with SIGKILL (`Child::kill` on Unix) and waits for it.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One HTTP/1.1 request (`Connection: close`): the status and the body, or the error of a
/// connection the server dropped (killed).
fn request(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> std::io::Result<(u16, String)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())?;
    s.write_all(body.as_bytes())?;
    let mut raw = String::new();
    s.read_to_string(&mut raw)?;
    let (head, body) = raw
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::other(format!("no whole answer: {raw:?}")))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status: {head:?}")))?;
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return Err(std::io::Error::other("a chunked answer: not expected here"));
    }
    Ok((status, body.to_string()))
}

/// A request that must be answered with `status`; the body as JSON.
fn json(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
    status: u16,
) -> Value {
    let (got, text) = request(addr, method, path, token, body).expect("an answer");
    assert_eq!(got, status, "{method} {path}: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The game file, which must read back whole.
fn load(file: &Path, round: u32) -> Game {
    Game::load(file).unwrap_or_else(|e| panic!("round {round}: the game file is not whole: {e}"))
}

#[test]
fn killing_the_server_while_it_adjudicates_never_loses_or_corrupts_the_game() {
    let dir = temp_dir("serve-kill");
    let games = dir.join("games");
    let mut server = Served::start(&games);
    let created = json(
        &server.addr,
        "POST",
        "/v1/games",
        None,
        r#"{"ruleset": "datc"}"#,
        201,
    );
    let id = created["id"].as_str().unwrap().to_string();
    let gm = created["gm_token"].as_str().unwrap().to_string();
    let france = created["power_tokens"]["France"]
        .as_str()
        .unwrap()
        .to_string();
    server.kill();
    // A long game (the CLI's own file) makes a large file, so that kills land during the save.
    let file = games.join(format!("{id}.toml"));
    let mut game = load(&file, 0);
    for _ in 0..80 {
        game.adjudicate(&[]).unwrap();
    }
    game.save(&file).unwrap();
    let tokens_file = games.join(format!("{id}.tokens.toml"));
    let tokens = std::fs::read(&tokens_file).unwrap();

    let mut full = Duration::ZERO;
    let (mut old, mut new) = (0, 0);
    for round in 0..21u32 {
        let mut server = Served::start(&games);
        let addr = server.addr.clone();
        let game_path = format!("/v1/games/{id}");
        // The restarted server reads the game back as the file has it.
        let on_disk = load(&file, round);
        let view = json(&addr, "GET", &game_path, Some(&gm), "", 200);
        assert_eq!(
            view["phase"],
            on_disk.phase().name(&on_disk.map).to_string()
        );
        let orders = format!("{game_path}/orders?ready=true");
        json(
            &addr,
            "PUT",
            &orders,
            Some(&france),
            "A par H\nA mar H\nF bre H\n",
            200,
        );
        let pending = load(&file, round);
        let mut expected = pending.clone();
        expected.adjudicate(&[]).unwrap();

        let adjudicate = format!("{game_path}/adjudicate");
        let (a, g) = (addr.clone(), gm.clone());
        let started = Instant::now();
        let client = std::thread::spawn(move || request(&a, "POST", &adjudicate, Some(&g), ""));
        let answer = if round == 0 {
            // The first round is not killed: it measures one adjudication.
            let answer = client.join().unwrap();
            full = started.elapsed().max(Duration::from_millis(1));
            answer
        } else {
            // Spread over 0 .. 2 x the measured time, in a scattered order.
            let k = (round * 7) % 20;
            std::thread::sleep(full * k / 10);
            server.kill();
            client.join().unwrap()
        };
        server.kill();
        let now = load(&file, round);
        if now.phase() == pending.phase() {
            assert_eq!(
                now.to_toml(),
                pending.to_toml(),
                "round {round}: not the old game"
            );
            assert!(
                !matches!(answer, Ok((200, _))),
                "round {round}: answered 200, but not saved"
            );
            old += 1;
        } else {
            assert_eq!(
                now.to_toml(),
                expected.to_toml(),
                "round {round}: not the new game"
            );
            if round == 0 {
                assert_eq!(answer.expect("an answer").0, 200);
            }
            new += 1;
        }
        assert_eq!(
            std::fs::read(&tokens_file).unwrap(),
            tokens,
            "round {round}"
        );
    }
    assert!(old > 0, "no kill landed before the save ({new} after)");
    assert!(new > 1, "no kill landed after the save ({old} before)");
    // Whatever the kills left behind (temporary files, lock files), the game plays on.
    let server = Served::start(&games);
    let path = format!("/v1/games/{id}/adjudicate");
    let before = load(&file, 99).phase();
    json(&server.addr, "POST", &path, Some(&gm), "", 200);
    assert_ne!(load(&file, 99).phase(), before);
}

/// `diplo serve tokens`: a game made by `diplo game new` in the games folder gets its tokens
/// (printed once, with the page links), and the server opens it with them.
#[test]
fn a_game_made_by_game_new_is_opened_with_the_tokens_serve_tokens_prints() {
    let dir = temp_dir("serve-tokens");
    let games = dir.join("games");
    let id = "00112233445566778899aabbccddeeff";
    let file = games.join(format!("{id}.toml"));
    std::fs::create_dir(&games).unwrap();
    ok(&["game", "new", s(&file)]);
    let issue = |extra: &[&str]| {
        let mut args = vec!["serve", "tokens", "--games", s(&games), id];
        args.extend_from_slice(extra);
        diplo(&args)
    };
    let o = issue(&["--format", "json", "--url", "https://dip.example.org/"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["id"], id);
    let gm = v["gm_token"].as_str().unwrap().to_string();
    let france = v["power_tokens"]["France"].as_str().unwrap().to_string();
    assert_eq!(
        v["links"]["France"],
        format!("https://dip.example.org/game/{id}#token={france}")
    );
    assert_eq!(
        v["links"]["game master"],
        format!("https://dip.example.org/gm/{id}#token={gm}")
    );

    let server = Served::start(&games);
    let path = format!("/v1/games/{id}");
    let view = json(&server.addr, "GET", &path, Some(&gm), "", 200);
    assert_eq!(view["view"], "host");
    let orders = format!("{path}/orders");
    json(
        &server.addr,
        "PUT",
        &orders,
        Some(&france),
        "A par - bur\n",
        200,
    );
    // The CLI sees what the server saved.
    assert!(ok(&["game", "show", s(&file)]).contains("France"));

    // Once only, unless reissued (then the old tokens open nothing).
    let o = issue(&[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--reissue"), "{}", stderr(&o));
    let (status, _) = request(&server.addr, "GET", &path, Some(&gm), "").unwrap();
    assert_eq!(status, 200);
    let text = ok(&["serve", "tokens", "--games", s(&games), id, "--reissue"]);
    assert!(text.contains("shown this once"), "{text}");
    assert!(
        text.contains(&format!("http://127.0.0.1:8080/gm/{id}#token=")),
        "{text}"
    );
    let (status, _) = request(&server.addr, "GET", &path, Some(&gm), "").unwrap();
    assert_eq!(status, 404);

    // A file named otherwise, a missing game, a missing folder: errors that say what to do.
    ok(&["game", "new", s(&games.join("club.toml"))]);
    let o = diplo(&["serve", "tokens", "--games", s(&games), "club"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("is not a game id") && stderr(&o).contains("rename"));
    let other = "ffeeddccbbaa99887766554433221100";
    let o = diplo(&["serve", "tokens", "--games", s(&games), other]);
    assert!(stderr(&o).contains("no such game file"), "{}", stderr(&o));
    assert!(!games.join(format!("{other}.tokens.toml")).exists());
    let o = diplo(&["serve", "tokens", "--games", s(&dir.join("none")), id]);
    assert!(stderr(&o).contains("no such folder"), "{}", stderr(&o));
    assert!(!dir.join("none").exists());
}
