//! `diplo game disorder` and `diplo game player`: the game master's hand on who plays a power
//! (the library's `diplo_game::disorder` keeps the record; this module translates).

use std::path::PathBuf;

use clap::Args;
use diplo_game::{Game, GameError};

use super::{lock, power_of, refused};
use crate::common::print;

/// Arguments of `diplo game disorder`.
#[derive(Args, Debug)]
pub struct DisorderArgs {
    /// The game file.
    file: PathBuf,
    /// The power.
    power: String,
    /// Take the power out of civil disorder (a stand-in player arrived).
    #[arg(long)]
    end: bool,
    /// With `--end`: the stand-in's name (optional), kept in the game's record.
    #[arg(long, requires = "end")]
    player: Option<String>,
}

/// Arguments of `diplo game player`.
#[derive(Args, Debug)]
pub struct PlayerArgs {
    /// The game file.
    file: PathBuf,
    /// The power.
    power: String,
    /// Who plays it from the current phase on.
    name: String,
}

/// `diplo game disorder`.
pub(super) fn disorder(a: DisorderArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let power = power_of(&game, &a.power)?;
    let now = diplo_game::time::now().map_err(refused)?;
    if a.end {
        game.end_disorder(power, a.player.as_deref(), Some(now))?;
    } else {
        game.put_in_disorder(power, Some(now))?;
    }
    game.save(&a.file)?;
    let (name, phase) = (game.power_name(power), game.phase().name(&game.map));
    print(&if a.end {
        format!(
            "{}: {name} is played again from {phase}{}; its orders count\n",
            a.file.display(),
            a.player
                .as_ref()
                .map(|p| format!(" by {}", p.trim()))
                .unwrap_or_default()
        )
    } else {
        format!(
            "{}: {name} is in civil disorder from {phase}: its orders are not used (the \
             ruleset's civil-disorder rules apply) until `game disorder {} {name} --end`\n",
            a.file.display(),
            a.file.display(),
        )
    });
    Ok(())
}

/// `diplo game player`.
pub(super) fn player(a: PlayerArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let power = power_of(&game, &a.power)?;
    let now = diplo_game::time::now().map_err(refused)?;
    game.name_player(power, &a.name, Some(now))?;
    game.save(&a.file)?;
    print(&format!(
        "{}: {} is played by {} from {}\n",
        a.file.display(),
        game.power_name(power),
        a.name.trim(),
        game.phase().name(&game.map)
    ));
    Ok(())
}
