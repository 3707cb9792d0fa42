//! `diplo serve`: diplo as an HTTP service (`diplo-server`); this module only reads the
//! arguments and starts it. `diplo serve tokens` gives a game file made by `diplo game new`
//! the tokens that open it on the server.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use diplo_server::{FileStore, StoreError};

use crate::common::{print, Format};

/// Arguments of `diplo serve`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ServeArgs {
    /// Something other than serving.
    #[command(subcommand)]
    command: Option<ServeCommand>,
    /// How to serve.
    #[command(flatten)]
    run: RunArgs,
}

/// What `diplo serve` does besides serving.
#[derive(Subcommand, Debug)]
enum ServeCommand {
    /// Issue the tokens of a game file in the games folder (one made by `diplo game new
    /// DIR/ID.toml`), so that the server opens it; prints them and the page links once.
    Tokens(TokensArgs),
}

/// Arguments of `diplo serve` itself.
#[derive(Args, Debug)]
struct RunArgs {
    /// Where to listen (port 0: any free port; the first line on standard error says which).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The folder of hosted games (the same game files `diplo game` reads and writes).
    #[arg(long, default_value = "diplo-games")]
    games: PathBuf,
    /// The largest request body accepted, in bytes.
    #[arg(long, default_value_t = diplo_server::DEFAULT_BODY_LIMIT)]
    body_limit: usize,
}

/// Arguments of `diplo serve tokens`.
#[derive(Args, Debug)]
struct TokensArgs {
    /// The game's id: its file's name in the games folder, without `.toml`.
    id: String,
    /// The folder of hosted games.
    #[arg(long, default_value = "diplo-games")]
    games: PathBuf,
    /// Replace the tokens the game has (the old tokens and links stop working).
    #[arg(long)]
    reissue: bool,
    /// The server's address as players reach it, for the page links.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs `diplo serve` until Ctrl-C, or `diplo serve tokens`.
pub fn run(args: ServeArgs) -> ExitCode {
    if let Some(ServeCommand::Tokens(a)) = args.command {
        return tokens(&a);
    }
    let config = diplo_server::Config {
        addr: args.run.addr,
        games: args.run.games,
        body_limit: args.run.body_limit,
    };
    match diplo_server::run(&config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: diplo serve: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `diplo serve tokens`: issues the tokens and prints them, once.
fn tokens(a: &TokensArgs) -> ExitCode {
    match issue(a) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn issue(a: &TokensArgs) -> Result<(), String> {
    let store = FileStore::open_existing(&a.games).map_err(|e| e.to_string())?;
    let id = store.id_of(&a.id)?;
    let tokens = diplo_server::issue_tokens(&store, &id, a.reissue).map_err(|e| match e {
        StoreError::NotFound => format!(
            "{}: no such game file (make one with `diplo game new {}`)",
            store.game_path(&id).display(),
            store.game_path(&id).display()
        ),
        StoreError::TokensIssued => format!(
            "{}: the game has tokens already; `--reissue` replaces them (the old tokens and links stop working)",
            store.tokens_path(&id).display()
        ),
        e => e.to_string(),
    })?;
    if a.format == Format::Json {
        let mut v = tokens.to_json(&id);
        v["links"] = (tokens.links(&a.url, &id).into_iter())
            .map(|(who, link)| (who, link.into()))
            .collect::<serde_json::Map<_, _>>()
            .into();
        print(&format!("{v:#}\n"));
        return Ok(());
    }
    let mut out = format!(
        "Tokens of game {} ({}), shown this once: the server keeps only their hashes.\n",
        id.as_str(),
        store.game_path(&id).display()
    );
    out.push_str(&format!("game master: {}\n", tokens.gm));
    for (power, token) in &tokens.powers {
        out.push_str(&format!("{power}: {token}\n"));
    }
    out.push_str("\nPage links (each player gets their own; keep the game master's):\n");
    for (who, link) in tokens.links(&a.url, &id) {
        out.push_str(&format!("{who}: {link}\n"));
    }
    print(&out);
    Ok(())
}
