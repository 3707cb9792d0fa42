//! `diplo serve`: diplo as an HTTP service (`diplo-server`); this module only reads the
//! arguments and starts it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

/// Arguments of `diplo serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The folder of hosted games (the same game files `diplo game` reads and writes).
    #[arg(long, default_value = "diplo-games")]
    games: PathBuf,
    /// The largest request body accepted, in bytes.
    #[arg(long, default_value_t = diplo_server::DEFAULT_BODY_LIMIT)]
    body_limit: usize,
}

/// Runs `diplo serve` until Ctrl-C.
pub fn run(args: ServeArgs) -> ExitCode {
    let config = diplo_server::Config {
        addr: args.addr,
        games: args.games,
        body_limit: args.body_limit,
    };
    match diplo_server::run(&config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: diplo serve: {e}");
            ExitCode::FAILURE
        }
    }
}
