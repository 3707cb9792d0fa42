//! A game's exports in a loop, for callgrind's instruction counts (which do not depend on the
//! machine's load): `cargo bench -p diplo-bench --bench export_loop -- N WHAT PHASES` writes a
//! standard-map game of PHASES phases (10 by default) N times as WHAT: `mila` (the saved game's
//! JSON text), `mila-value` (as a `serde_json::Value`), `cicero` (Cicero's JSON text), `toml`
//! (the game file), `toml-serde` (the same text by `toml::to_string`, as diplo wrote it before
//! writing it itself), or `play` (the game's phases played again from their orders); `none` only
//! plays the game once, the cost every run shares. Instructions per export per phase:
//! (count of N runs - count of `none`) / N / PHASES.

use std::hint::black_box;

use diplo_bench::played::{new_game, play, played_game};
use diplo_game::mila;

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let what = args.next().unwrap_or_else(|| "mila".into());
    let phases: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let played = played_game("standard", phases, 7);
    let game = &played.game;
    let fresh = new_game("standard").expect("the standard map");
    let mut bytes = 0usize;
    for _ in 0..n {
        bytes += match what.as_str() {
            "mila" => mila::saved_game_json(black_box(game)).expect("saved").len(),
            "mila-value" => mila::saved_game(black_box(game))
                .expect("saved")
                .is_object() as usize,
            "cicero" => mila::cicero_game_json(black_box(game))
                .expect("saved")
                .len(),
            "toml" => black_box(game).to_toml().len(),
            "toml-serde" => toml::to_string(&black_box(game).to_file())
                .expect("a game file")
                .len(),
            "play" => {
                let mut g = fresh.clone();
                for orders in &played.orders {
                    play(&mut g, orders);
                }
                g.history.len()
            }
            "none" => 0,
            other => {
                eprintln!("unknown export `{other}`: mila, mila-value, cicero, toml, toml-serde, play or none");
                std::process::exit(2);
            }
        };
    }
    println!(
        "{n} x {what} of a {}-phase game ({bytes} in all)",
        played.orders.len()
    );
}
