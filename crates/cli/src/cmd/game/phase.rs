//! `diplo game rollback` and `diplo game deadline`: the host's hand on the current phase, taking
//! the game back to an earlier phase or setting when this one is due.

use diplo_game::{Game, GameError, Schedule};

use super::{lock, refused, DeadlineArgs, RollbackArgs};
use crate::common::print;

pub(super) fn rollback(a: RollbackArgs) -> Result<(), GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let now = diplo_game::time::now().map_err(refused)?;
    let from = game.phase().name(&game.map).to_string();
    let n = game.rollback(a.to.as_deref(), Some(now))?;
    game.save(&a.file)?;
    let phase = game.phase().name(&game.map).to_string();
    let mut out = format!(
        "{}: rolled back from {from} to the start of {phase} ({n} phase{} taken back, kept in the file as [[undone]])\n",
        a.file.display(),
        if n == 1 { "" } else { "s" }
    );
    let kept = (game.undone.last())
        .and_then(|u| u.phases.first())
        .is_some_and(|p| p.received.is_some());
    out.push_str(&match (kept, game.order_sets.len()) {
        (false, _) => format!(
            "no orders were kept for {phase} (the game file predates it): every power sends its orders again\n"
        ),
        (true, 0) => format!("no order sets had been received for {phase}\n"),
        (true, n) => {
            let powers: std::collections::BTreeSet<&str> = (game.order_sets.iter())
                .map(|s| game.power_name(s.power))
                .collect();
            format!(
                "the {n} order set{} received for {phase} count again, as they were ({}); a power may still change them\n",
                if n == 1 { "" } else { "s" },
                powers.into_iter().collect::<Vec<_>>().join(", ")
            )
        }
    });
    out.push_str(&deadline_line(&phase, game.deadline));
    print(&out);
    Ok(())
}

pub(super) fn deadline(a: DeadlineArgs) -> Result<(), GameError> {
    if a.schedule.is_some() || a.no_schedule {
        return schedule(a);
    }
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
    print(&deadline_line(&phase, when));
    Ok(())
}

/// `Spring 1901 Movement: deadline 2026-11-24T18:00:00Z (in 2 d 0 h)`, or no deadline.
fn deadline_line(phase: &str, when: Option<diplo_game::time::Seconds>) -> String {
    match when {
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
    }
}

/// `game deadline --schedule SPEC` or `--no-schedule`: the deadline schedule changes; a
/// phase without a deadline gets one from it (and with `TIME`, that one).
fn schedule(a: DeadlineArgs) -> Result<(), GameError> {
    let schedule = match &a.schedule {
        Some(spec) => Schedule::parse(spec).map_err(|e| {
            GameError::Refused(e.into_iter().map(|l| format!("--schedule {l}")).collect())
        })?,
        None => Schedule::default(),
    };
    let when = match &a.time {
        Some(t) => Some(
            diplo_game::time::parse_rfc3339(t.trim())
                .map_err(|e| refused(format!("deadline `{t}`: {e}")))?,
        ),
        None => None,
    };
    let now = diplo_game::time::now().map_err(refused)?;
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    if when.is_some() || a.clear {
        game.set_deadline(when)?;
    }
    game.set_schedule(schedule, (!a.clear).then_some(now))?;
    game.save(&a.file)?;
    let phase = game.phase().name(&game.map).to_string();
    let mut out = match schedule.is_empty() {
        true => "no deadline schedule: new phases get no deadline\n".to_string(),
        false => format!("deadline schedule: {}\n", schedule.describe()),
    };
    out.push_str(&deadline_line(&phase, game.deadline));
    print(&out);
    Ok(())
}
