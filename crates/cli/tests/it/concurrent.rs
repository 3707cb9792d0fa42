//! Concurrent writers on every `diplo game` command that writes a game: started at the same
//! moment on one file, each takes its turn under the game's lock, none is lost, and the file is
//! a whole game after all of them. (`faults.rs` has kills, full disks and read-only folders;
//! `game.rs` has seven powers' orders at once and `game new` raced on one file.)

use std::path::Path;
use std::process::{Child, Command, Stdio};

use diplo_game::Game;

use crate::support::{ok, s, temp_dir};

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run diplo")
}

/// Waits for every child: whether each succeeded, with its standard error.
fn wait_all(children: Vec<(String, Child)>) -> Vec<(String, bool, String)> {
    children
        .into_iter()
        .map(|(what, c)| {
            let o = c.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&o.stderr).into_owned();
            (what, o.status.success(), err)
        })
        .collect()
}

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

/// Every command that changes the current phase's record, started at once: orders of four
/// powers, a proxy grant, a deadline, a player, the end rules, a draw proposal, a concession
/// and a civil disorder. All succeed and all are in the game afterwards.
#[test]
fn every_game_command_at_once_is_kept() {
    let dir = temp_dir("concurrent-every-command");
    let file = dir.join("g.toml");
    let g = s(&file);
    ok(&["game", "new", g, "--set", "proxy_orders=notified"]);
    let mut commands: Vec<Vec<String>> = Vec::new();
    for (power, order) in [
        ("england", "F lon - nth"),
        ("france", "A par - bur"),
        ("germany", "A mun - ruh"),
        ("austria", "A vie - gal"),
    ] {
        let path = dir.join(format!("{power}.txt"));
        std::fs::write(&path, format!("{order}\n")).unwrap();
        commands.push(
            ["game", "orders", g, "--power", power, s(&path)]
                .map(String::from)
                .to_vec(),
        );
    }
    for list in [
        &[
            "game", "proxy", "--power", "turkey", "--unit", "A con", "--to", "russia", g,
        ][..],
        &["game", "deadline", g, "2030-01-01T00:00:00Z"],
        &["game", "player", g, "england", "Alice"],
        &["game", "end-rules", g, "--last-year", "1910"],
        &["game", "draw", "--power", "france", g, "propose"],
        &[
            "game", "concede", "--power", "austria", "--to", "germany", g,
        ],
        &["game", "disorder", g, "italy"],
    ] {
        commands.push(list.iter().map(|a| a.to_string()).collect());
    }
    let children = commands
        .iter()
        .map(|c| {
            let args: Vec<&str> = c.iter().map(String::as_str).collect();
            (c.join(" "), spawn(&args))
        })
        .collect();
    for (what, success, err) in wait_all(children) {
        assert!(success, "`diplo {what}` failed: {err}");
    }
    let game = Game::load(&file).expect("a whole game");
    let text = game.to_toml();
    assert_eq!(game.order_sets.len(), 4, "an order set was lost:\n{text}");
    assert_eq!(game.proxies.len(), 1, "the proxy grant was lost:\n{text}");
    for (what, needle) in [
        ("the deadline", "deadline = \"2030-01-01T00:00:00Z\""),
        ("the player", "player = \"Alice\""),
        ("the end rules", "last_year = 1910"),
        ("the draw proposal", "[[draw_proposal]]"),
        ("the concession", "[[concession]]"),
        ("the civil disorder", "disorder = true"),
    ] {
        assert!(text.contains(needle), "{what} was lost:\n{text}");
    }
    assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));
}

/// Adjudications, rollbacks, orders and deadlines raced on one game, round after round: each
/// command that succeeded counts (a phase played per adjudication, one taken back per
/// rollback), and the file is a whole game after each round.
#[test]
fn adjudications_and_rollbacks_at_once_leave_a_consistent_game() {
    let dir = temp_dir("concurrent-adjudicate-rollback");
    let file = dir.join("g.toml");
    let g = s(&file);
    ok(&["game", "new", g]);
    let orders = dir.join("france.txt");
    std::fs::write(&orders, "A par H\n").unwrap();
    let mut played: i64 = 0;
    for round in 0..4 {
        let mut children = Vec::new();
        for i in 0..3 {
            children.push((format!("adjudicate {i}"), spawn(&["game", "adjudicate", g])));
        }
        children.push(("rollback".into(), spawn(&["game", "rollback", g])));
        children.push((
            "orders".into(),
            spawn(&["game", "orders", g, "--power", "france", s(&orders)]),
        ));
        children.push((
            "deadline".into(),
            spawn(&["game", "deadline", g, "2030-01-01T00:00:00Z"]),
        ));
        for (what, success, err) in wait_all(children) {
            match what.as_str() {
                w if w.starts_with("adjudicate") => {
                    assert!(success, "round {round}: {w} failed: {err}");
                    played += 1;
                }
                "rollback" if success => played -= 1,
                // A rollback before any phase is played, or orders sent in a phase with no
                // unit of France's to order, are refused: said, and the game unchanged.
                _ if !success => assert!(!err.trim().is_empty(), "{what} failed silently"),
                _ => {}
            }
        }
        let game = Game::load(&file).expect("a whole game");
        assert_eq!(
            game.history.len() as i64,
            played,
            "round {round}: phases played"
        );
    }
    assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));
}
