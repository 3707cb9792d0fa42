//! `export/*`: writing a played game out, per phase, beside playing it. A standard-map game of
//! 10 and of 100 phases played by bots (`diplo_bench::played`), written as MILA's saved game
//! (`mila::saved_game`, and its JSON text), as Cicero's JSON (`mila::cicero_game`'s text) and as
//! a game file (`Game::to_toml`; `toml serde`: the same text by `toml::to_string`, the writer
//! before diplo wrote it itself), and the same phases played again from their orders (submitted
//! and adjudicated, each recorded in the history): the target is every export below a
//! phase's play, per phase. Times are per game; the throughput is in phases.

use std::hint::black_box;

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput};
use diplo_bench::played::{new_game, play, played_game};
use diplo_game::mila;

/// The export benchmarks.
pub fn exports(c: &mut Criterion) {
    for phases in [10, 100] {
        let played = played_game("standard", phases, 7);
        let n = played.orders.len();
        let game = &played.game;
        let mut g = c.benchmark_group("export");
        g.throughput(Throughput::Elements(n as u64));
        let id = |what: &str| BenchmarkId::new(what, format!("{n} phases"));
        g.bench_function(id("play"), |b| {
            let fresh = new_game("standard").expect("the standard map");
            b.iter_batched(
                || fresh.clone(),
                |mut game| {
                    for orders in &played.orders {
                        play(&mut game, orders);
                    }
                    game
                },
                BatchSize::LargeInput,
            )
        });
        g.bench_function(id("mila value"), |b| {
            b.iter(|| mila::saved_game(black_box(game)).expect("a saved game"))
        });
        g.bench_function(id("mila json"), |b| {
            b.iter(|| mila::saved_game_json(black_box(game)).expect("a saved game"))
        });
        g.bench_function(id("cicero json"), |b| {
            b.iter(|| mila::cicero_game_json(black_box(game)).expect("a saved game"))
        });
        g.bench_function(id("toml"), |b| b.iter(|| black_box(game).to_toml()));
        g.bench_function(id("toml serde"), |b| {
            b.iter(|| toml::to_string(&black_box(game).to_file()).expect("a game file"))
        });
        g.finish();
    }
}
