//! `diplo game rollback` and `diplo game deadline`: the host's hand on the current phase, taking
//! the game back to an earlier phase or setting when this one is due.

use diplo_game::{Game, GameError};

use super::{lock, refused, DeadlineArgs, RollbackArgs};
use crate::common::print;

pub(super) fn rollback(a: RollbackArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let now = diplo_game::time::now().map_err(refused)?;
    let from = game.phase().name(&game.map).to_string();
    let n = game.rollback(a.to.as_deref(), Some(now))?;
    game.save(&a.file)?;
    print(&format!(
        "{}: rolled back from {from} to the start of {} ({n} phase{} taken back, kept in the file as [[undone]]); order sets, readiness and the deadline are cleared\n",
        a.file.display(),
        game.phase().name(&game.map),
        if n == 1 { "" } else { "s" }
    ));
    Ok(())
}

pub(super) fn deadline(a: DeadlineArgs) -> Result<(), GameError> {
    let when = match &a.time {
        Some(t) => Some(
            diplo_game::time::parse_rfc3339(t.trim())
                .map_err(|e| refused(format!("deadline `{t}`: {e}")))?,
        ),
        None => None,
    };
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    game.set_deadline(when)?;
    game.save(&a.file)?;
    let phase = game.phase().name(&game.map).to_string();
    print(&match when {
        Some(t) => {
            let mut m = format!("{phase}: deadline {}", diplo_game::time::format_rfc3339(t));
            if let Ok(now) = diplo_game::time::now() {
                if t <= now {
                    m.push_str(" (already passed: `game adjudicate --if-due` adjudicates now)");
                } else {
                    m.push_str(&format!(
                        " (in {})",
                        diplo_game::time::describe_span(t - now)
                    ));
                }
            }
            m + "\n"
        }
        None => format!("{phase}: no deadline\n"),
    });
    Ok(())
}
