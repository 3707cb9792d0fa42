//! `diplo`: the command-line front end. It parses arguments, loads files and prints; the game
//! logic lives in the library crates.
//!
//! Each subcommand is a module under `cmd/` with an `Args` type (clap derive) and a
//! `run(args) -> ExitCode` function; adding one is a new module and a new [`Command`] variant.

/// `eprintln!` that never panics: a closed standard error ends the messages, nothing more.
macro_rules! errln {
    () => { $crate::common::write_err(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::common::write_err(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprint!` that never panics.
macro_rules! err {
    ($($arg:tt)*) => { $crate::common::write_err(format_args!($($arg)*)) };
}

mod cmd;
mod common;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Adjudicates Diplomacy under any rulebook edition or house rule, on any data-defined map.
#[derive(Parser, Debug)]
#[command(name = "diplo", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check or show a map.
    #[command(subcommand)]
    Map(cmd::map::MapCommand),
    /// The maps built into diplo.
    #[command(subcommand)]
    Maps(cmd::map::MapsCommand),
    /// Check orders files.
    #[command(subcommand)]
    Orders(cmd::orders::OrdersCommand),
    /// Adjudicate one phase: every order's result, the dislodged units, the next position.
    Adjudicate(cmd::adjudicate::AdjudicateArgs),
    /// Draw a position (and its orders with their results) as SVG or PNG.
    Render(cmd::render::RenderArgs),
    /// Run the DATC test cases; ends with `N passed, M failed`.
    Datc(cmd::datc::DatcArgs),
    /// List, show and compare ruleset profiles.
    #[command(subcommand)]
    Rulesets(cmd::rulesets::RulesetsCommand),
    /// One DATC case (or your own position and orders) under several rulesets, side by side.
    Compare(cmd::compare::CompareArgs),
    /// Host a whole game in a game file: new, orders, proxy, adjudicate, show, history.
    #[command(subcommand)]
    Game(cmd::game::GameCommand),
    /// Replay recorded games (godip's format): `N passed, M failed` in phases, or with
    /// `--ruleset R` where each game would have diverged under R.
    Replay(cmd::replay::ReplayArgs),
    /// Serve diplo over HTTP: adjudication, orders, maps, rulesets and hosted games as JSON.
    Serve(cmd::serve::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Map(c) => cmd::map::run(c),
        Command::Maps(cmd::map::MapsCommand::List { format }) => cmd::map::list(format),
        Command::Orders(c) => cmd::orders::run(c),
        Command::Adjudicate(a) => cmd::adjudicate::run(a),
        Command::Render(a) => cmd::render::run(a),
        Command::Datc(a) => cmd::datc::run(a),
        Command::Rulesets(c) => cmd::rulesets::run(c),
        Command::Compare(a) => cmd::compare::run(a),
        Command::Game(c) => cmd::game::run(c),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Serve(a) => cmd::serve::run(a),
    }
}
