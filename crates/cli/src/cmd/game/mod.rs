//! `diplo game`: hosting a whole game in a game file.

mod adjudicate;
mod disorder;
mod ending;
mod history;
mod hook;
mod new;
mod orders;
mod phase;
mod show;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};
use diplo_game::{Game, GameError, GameLock};
use diplo_map::PowerId;

use crate::common::{Format, RulesArgs};
use adjudicate::{adjudicate, Run};
use disorder::{disorder, player, DisorderArgs, PlayerArgs};
use ending::{concede, draw, end_rules, ConcedeArgs, DrawArgs, EndRulesArgs};
use history::history;
pub use hook::HOOK_FAILED;
use new::{import, new};
use orders::{orders, proxy};
use phase::{deadline, rollback};
use show::show;

/// `diplo game ...`
#[derive(Subcommand, Debug)]
pub enum GameCommand {
    /// Start a game at the map's starting position and write it to FILE.
    New(NewArgs),
    /// Submit one power's orders for the current phase (an order set).
    Orders(OrdersArgs),
    /// Let another power order one of your units this phase (DATC 4.E.5 proxy orders).
    Proxy(ProxyArgs),
    /// Adjudicate the current phase with the orders received and move to the next phase.
    Adjudicate(AdjudicateArgs),
    /// Show the current phase, position, retreat options and orders received.
    Show(ShowArgs),
    /// Show every phase played with its orders and results.
    History(HistoryArgs),
    /// Take the game back to the start of an earlier phase (default: the previous one); the
    /// phases taken back stay in the file as `[[undone]]`.
    Rollback(RollbackArgs),
    /// Set (or clear) the current phase's deadline, an RFC 3339 time in UTC, or change the
    /// deadline schedule every new phase gets its deadline from.
    Deadline(DeadlineArgs),
    /// Make a game file from a MILA or Cicero saved game (JSON): its orders are adjudicated
    /// again, phase by phase, under the ruleset given.
    Import(ImportArgs),
    /// Propose a draw, or vote yes or no on the draw proposed in this phase (votes are secret
    /// until it passes; it lapses when the phase is adjudicated).
    Draw(DrawArgs),
    /// Concede the game to a power: it wins once every other surviving power has conceded to it
    /// in the same phase.
    Concede(ConcedeArgs),
    /// The game master puts a power into civil disorder (its orders are not used) or, with
    /// `--end`, hands it to a stand-in player.
    Disorder(DisorderArgs),
    /// Record who plays a power from the current phase on.
    Player(PlayerArgs),
    /// Show the house rules for the game's end, or change those given (the last year, what it
    /// gives, the votes a draw needs).
    EndRules(EndRulesArgs),
}

/// Arguments of `diplo game import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The saved game (MILA's or the Cicero release's JSON; the first game of a JSON Lines file).
    saved: PathBuf,
    /// The game's rules.
    #[command(flatten)]
    rules: RulesArgs,
    /// The map, when the saved game's `map` is not a built-in map's name.
    #[arg(long)]
    map: Option<String>,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
    /// The game file to create.
    file: PathBuf,
}

/// Arguments of `diplo game new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    /// The map: `standard` (embedded) or a path (the game keeps a copy of the file).
    #[arg(long, default_value = "standard")]
    map: String,
    /// The game's rules (it keeps every choice, with the overrides).
    #[command(flatten)]
    rules: RulesArgs,
    /// How long each kind of phase lasts: every new phase gets its deadline from this
    /// (`movement=48h,retreat=24h,adjustment=24h`; units d, h, m, s).
    #[arg(long, value_name = "SCHEDULE")]
    deadlines: Option<String>,
    /// Orders sent after the deadline: `accept` (the default), `refuse` or `accept-flagged`
    /// (taken, and said to be late).
    #[arg(long, value_name = "RULE")]
    late_orders: Option<String>,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
    /// Start from this position (the README's position format; any phase: movement, retreat
    /// with its dislodged units, adjustment) instead of the map's starting position.
    #[arg(long, value_name = "FILE")]
    position: Option<PathBuf>,
    /// The last year played, overriding the map's (house rule).
    #[arg(long, value_name = "YEAR")]
    last_year: Option<u16>,
    /// What the end of the last year gives: the survivors share a draw, or the power with the
    /// most centres wins (powers tied share a draw).
    #[arg(long, value_enum, default_value_t = AtLastYearArg::Draw)]
    at_last_year: AtLastYearArg,
    /// How many surviving powers a draw needs: all of them, or more than half.
    #[arg(long, value_enum, default_value_t = DrawVotesArg::Unanimous)]
    draw_votes: DrawVotesArg,
    /// The game file to create.
    file: PathBuf,
}

/// `--at-last-year`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtLastYearArg {
    /// A draw shared by the surviving powers.
    Draw,
    /// The power with the most centres wins.
    MostCentres,
}

impl From<AtLastYearArg> for diplo_game::AtLastYear {
    fn from(a: AtLastYearArg) -> Self {
        match a {
            AtLastYearArg::Draw => diplo_game::AtLastYear::Draw,
            AtLastYearArg::MostCentres => diplo_game::AtLastYear::MostCentres,
        }
    }
}

impl From<DrawVotesArg> for diplo_game::DrawVotes {
    fn from(d: DrawVotesArg) -> Self {
        match d {
            DrawVotesArg::Unanimous => diplo_game::DrawVotes::Unanimous,
            DrawVotesArg::Majority => diplo_game::DrawVotes::Majority,
        }
    }
}

/// `--draw-votes`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawVotesArg {
    /// Every surviving power.
    Unanimous,
    /// More than half of the surviving powers.
    Majority,
}

/// Arguments of `diplo game orders`.
#[derive(Args, Debug)]
pub struct OrdersArgs {
    /// The game file.
    file: PathBuf,
    /// The power submitting the orders. Without it, every line needs a power (a `France:`
    /// header or a `FRA:` prefix) and each power named gets its own order set.
    #[arg(long)]
    power: Option<String>,
    /// The orders file (`-` for standard input). Optional with `--clear-perpetual`.
    orders: Option<PathBuf>,
    /// This set replaces every earlier set of the power this phase (DATC 4.D.1).
    #[arg(long, conflicts_with = "adds")]
    replaces: bool,
    /// The earlier sets of the power still count (DATC 4.D.1).
    #[arg(long)]
    adds: bool,
    /// This set came at the same time as the power's previous one, in no known order (DATC 4.D.2).
    #[arg(long)]
    same_time: bool,
    /// Keep these orders as perpetual orders, used whenever the power sends none (DATC 4.E.4).
    #[arg(long)]
    perpetual: bool,
    /// Stop the power's perpetual orders.
    #[arg(long)]
    clear_perpetual: bool,
    /// Withdraw the power's latest order set of this phase (its earlier sets count again).
    #[arg(long, requires = "power", conflicts_with_all = ["orders", "perpetual", "replaces", "adds", "same_time", "ready"])]
    withdraw: bool,
    /// The power's orders are final: `game adjudicate --if-due` waits for every power's.
    /// Without an orders file, marks the power ready as it is. A new set clears it.
    #[arg(long, conflicts_with = "not_ready")]
    ready: bool,
    /// Take back `--ready`.
    #[arg(long, requires = "power", conflicts_with_all = ["orders", "withdraw"])]
    not_ready: bool,
}

/// Arguments of `diplo game rollback`.
#[derive(Args, Debug)]
pub struct RollbackArgs {
    /// The game file.
    file: PathBuf,
    /// The phase to go back to the start of (`Spring 1902 Movement`); default: the previous one.
    #[arg(long)]
    to: Option<String>,
}

/// Arguments of `diplo game deadline`.
#[derive(Args, Debug)]
pub struct DeadlineArgs {
    /// The game file.
    file: PathBuf,
    /// The deadline of the current phase only: an RFC 3339 time (`2026-11-24T18:00:00Z`).
    #[arg(required_unless_present_any = ["clear", "schedule", "no_schedule"])]
    time: Option<String>,
    /// Remove the current phase's deadline.
    #[arg(long, conflicts_with = "time")]
    clear: bool,
    /// Change the deadline schedule: how long each kind of phase lasts
    /// (`movement=48h,retreat=24h,adjustment=24h`). A phase without a deadline gets one now.
    #[arg(long, value_name = "SCHEDULE", conflicts_with = "no_schedule")]
    schedule: Option<String>,
    /// Remove the deadline schedule (new phases get no deadline).
    #[arg(long)]
    no_schedule: bool,
}

/// Arguments of `diplo game proxy`.
#[derive(Args, Debug)]
pub struct ProxyArgs {
    /// The game file.
    file: PathBuf,
    /// The power that owns the unit.
    #[arg(long)]
    power: String,
    /// The unit: `A par`, `F stp/sc`, or just the province.
    #[arg(long)]
    unit: String,
    /// The power that may order it.
    #[arg(long)]
    to: String,
}

/// Arguments of `diplo game adjudicate`.
#[derive(Args, Debug)]
pub struct AdjudicateArgs {
    /// The game file.
    file: PathBuf,
    /// Override one issue for this phase only, e.g. `paradox_fallback=szykman` (repeatable).
    #[arg(long = "set", value_name = "ISSUE=CHOICE")]
    sets: Vec<String>,
    /// Only when due: every power that must order is ready, or the deadline has passed
    /// (`DIPLO_NOW` overrides the clock). Otherwise say why not, change nothing and exit with
    /// status 3 (`NOT_DUE`), so that a cron script knows whether a new phase began.
    #[arg(long)]
    if_due: bool,
    /// After the game is saved, run CMD through `sh -c` with the phase's notification (JSON:
    /// the phase played with its results and summary, and the public view of the new phase)
    /// on its standard input. Its failure never undoes the adjudication: a warning, and exit
    /// status 4 (`HOOK_FAILED`).
    #[arg(long, value_name = "CMD")]
    on_phase: Option<String>,
    /// The seconds `--on-phase` may take before it is stopped.
    #[arg(long, value_name = "SECS", default_value_t = hook::DEFAULT_TIMEOUT,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    on_phase_timeout: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Arguments of `diplo game show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The game file.
    file: PathBuf,
    /// What this power may see: its own pending orders, not the others'.
    #[arg(long, conflicts_with = "public")]
    power: Option<String>,
    /// What spectators may see: no pending orders, only who has submitted.
    #[arg(long)]
    public: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also draw the current position (retreat options in a retreat phase): FILE.svg or
    /// FILE.png.
    #[arg(long)]
    render: Option<PathBuf>,
}

/// Arguments of `diplo game history`.
#[derive(Args, Debug)]
pub struct HistoryArgs {
    /// The game file.
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = HistoryFormat::Text)]
    format: HistoryFormat,
    /// Also draw every phase played, with its orders and results, into this directory
    /// (`001-spring-1901-movement.svg`, ...; `.png` with --render-format png).
    #[arg(long, value_name = "DIR")]
    render: Option<PathBuf>,
    /// The pictures' format with --render.
    #[arg(long, value_enum, default_value_t = PictureFormat::Svg)]
    render_format: PictureFormat,
}

/// The format of `game history --render` pictures.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    /// SVG.
    Svg,
    /// PNG.
    Png,
}

/// How `diplo game history` prints.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryFormat {
    /// Lines for a person.
    Text,
    /// One JSON document.
    Json,
    /// godip's game-record format (PHASE / POSITIONS / ORDERS), which `diplo replay --map`
    /// reads back.
    Godip,
    /// The MILA `diplomacy` package's saved-game JSON, which `diplo replay` also reads back.
    Mila,
    /// The game JSON of the Cicero data release (MILA's with version, press and scoring
    /// fields), which `diplo replay` also reads back.
    Cicero,
}

/// The exit status of `game adjudicate --if-due` when the phase is not due (nothing changed).
pub const NOT_DUE: u8 = 3;

/// Runs `diplo game ...`.
pub fn run(cmd: GameCommand) -> ExitCode {
    let result = match cmd {
        GameCommand::New(a) => new(a),
        GameCommand::Orders(a) => orders(a),
        GameCommand::Proxy(a) => proxy(a),
        GameCommand::Adjudicate(a) => match adjudicate(a) {
            Ok(Run::Adjudicated) => Ok(()),
            Ok(Run::NotDue) => return ExitCode::from(NOT_DUE),
            Ok(Run::HookFailed) => return ExitCode::from(HOOK_FAILED),
            Err(e) => Err(e),
        },
        GameCommand::Show(a) => show(a),
        GameCommand::History(a) => history(a),
        GameCommand::Rollback(a) => rollback(a),
        GameCommand::Deadline(a) => deadline(a),
        GameCommand::Import(a) => import(a),
        GameCommand::Draw(a) => draw(a),
        GameCommand::Concede(a) => concede(a),
        GameCommand::Disorder(a) => disorder(a),
        GameCommand::Player(a) => player(a),
        GameCommand::EndRules(a) => end_rules(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            for line in e.to_string().lines() {
                errln!("error: {line}");
            }
            ExitCode::FAILURE
        }
    }
}

fn refused(msg: String) -> GameError {
    GameError::Refused(vec![msg])
}

fn lock(file: &Path) -> Result<GameLock, GameError> {
    GameLock::acquire(file).map_err(|source| GameError::Io {
        path: file.display().to_string(),
        what: "cannot lock the game file",
        source,
    })
}

fn power_of(game: &Game, name: &str) -> Result<PowerId, GameError> {
    game.map.power_by_name(name).ok_or_else(|| {
        let names: Vec<&str> = game.map.powers().iter().map(|p| p.name.as_str()).collect();
        refused(format!(
            "unknown power `{name}`; the powers are {}",
            names.join(", ")
        ))
    })
}
