//! `diplo game draw` and `diplo game concede`: ending a game by agreement (the library's
//! `diplo_game::ending` counts the votes and decides; this module translates).

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use diplo_game::{DrawStanding, Game, GameError};
use diplo_map::PowerId;

use super::{lock, power_of, AtLastYearArg, DrawVotesArg};
use crate::common::print;

/// What a power does about a draw.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAction {
    /// Propose a draw (among every surviving power, or `--among`) and vote yes.
    Propose,
    /// Vote for the draw proposed in this phase.
    Yes,
    /// Vote against it.
    No,
}

/// Arguments of `diplo game draw`.
#[derive(Args, Debug)]
pub struct DrawArgs {
    /// The game file.
    file: PathBuf,
    /// The power proposing or voting.
    #[arg(long)]
    power: String,
    /// Propose, or vote yes or no on the draw proposed in this phase.
    action: DrawAction,
    /// With `propose`: the powers that would share the draw (default: every surviving power),
    /// comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "POWERS")]
    among: Vec<String>,
}

/// Arguments of `diplo game concede`.
#[derive(Args, Debug)]
pub struct ConcedeArgs {
    /// The game file.
    file: PathBuf,
    /// The power conceding.
    #[arg(long)]
    power: String,
    /// The power it concedes the game to (it wins once every other surviving power has).
    #[arg(long)]
    to: String,
}

/// Arguments of `diplo game end-rules`.
#[derive(Args, Debug)]
pub struct EndRulesArgs {
    /// The game file.
    file: PathBuf,
    /// The last year played, overriding the map's.
    #[arg(long, value_name = "YEAR", conflicts_with = "map_last_year")]
    last_year: Option<u16>,
    /// Back to the map's last year (if it has one).
    #[arg(long)]
    map_last_year: bool,
    /// What the end of the last year gives.
    #[arg(long, value_enum)]
    at_last_year: Option<AtLastYearArg>,
    /// How many surviving powers a draw needs.
    #[arg(long, value_enum)]
    draw_votes: Option<DrawVotesArg>,
    /// The survivors share a draw once no supply centre has changed hands for this many whole
    /// years (as dipcc and Cicero play).
    #[arg(long, value_name = "YEARS", conflicts_with = "no_stalemate")]
    stalemate_years: Option<u16>,
    /// No draw on stalemate (the default).
    #[arg(long)]
    no_stalemate: bool,
}

/// `diplo game end-rules`: shows the house rules for the end, or changes those given.
pub(super) fn end_rules(a: EndRulesArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let mut rules = game.master.end_rules;
    if a.map_last_year {
        rules.last_year = None;
    }
    rules.last_year = a.last_year.or(rules.last_year);
    if let Some(at) = a.at_last_year {
        rules.at_last_year = at.into();
    }
    if let Some(votes) = a.draw_votes {
        rules.draw_votes = votes.into();
    }
    if a.no_stalemate {
        rules.stalemate_years = None;
    }
    rules.stalemate_years = a.stalemate_years.or(rules.stalemate_years);
    if rules != game.master.end_rules {
        game.set_end_rules(rules)?;
        game.save(&a.file)?;
    }
    print(&format!(
        "{}: {}\n",
        a.file.display(),
        game.end_rules_text()
    ));
    Ok(())
}

/// `diplo game draw`.
pub(super) fn draw(a: DrawArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let power = power_of(&game, &a.power)?;
    let standing = match a.action {
        DrawAction::Propose => {
            let among = (a.among.iter())
                .map(|n| power_of(&game, n.trim()))
                .collect::<Result<Vec<PowerId>, _>>()?;
            game.propose_draw(power, (!among.is_empty()).then_some(&among[..]))?
        }
        action => {
            if !a.among.is_empty() {
                return Err(super::refused(
                    "--among goes with `propose` only: a vote is on the draw proposed".into(),
                ));
            }
            game.vote_draw(power, action == DrawAction::Yes)?
        }
    };
    game.save(&a.file)?;
    let file = a.file.display();
    let name = game.power_name(power).to_string();
    print(&match standing {
        DrawStanding::Pending => {
            format!("{file}: {name}'s vote is recorded (secret); the draw awaits other votes\n")
        }
        DrawStanding::Rejected => {
            format!("{file}: the draw is rejected: too many powers voted no\n")
        }
        DrawStanding::Passed(e) => format!("{file}: Game over: {}\n", e.describe(&game.map)),
    });
    Ok(())
}

/// `diplo game concede`.
pub(super) fn concede(a: ConcedeArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let (power, to) = (power_of(&game, &a.power)?, power_of(&game, &a.to)?);
    let ended = game.concede(power, to)?;
    game.save(&a.file)?;
    let file = a.file.display();
    print(&match ended {
        Some(e) => format!("{file}: Game over: {}\n", e.describe(&game.map)),
        None => format!(
            "{file}: {} concedes to {}; the game ends once every other surviving power does\n",
            game.power_name(power),
            game.power_name(to)
        ),
    });
    Ok(())
}
