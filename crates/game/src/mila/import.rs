//! A hosted game from a MILA, Cicero or dipcc saved game: the recorded orders adjudicated
//! again, phase by phase, under the caller's ruleset, so that the game ends where that
//! ruleset's rules take it. What the record has that those rules do not use is passed over and
//! noted, never refused: a recorded order whose unit is elsewhere, a retreat or adjustment phase
//! the rules skip (dipcc keeps a retreat phase for a unit with nowhere to go, which diplo
//! disbands at once), and a retreat or adjustment phase the rules hold and the record has not
//! (adjudicated with no orders). Orders diplo cannot read, and movement phases out of step, are
//! errors: the record itself is wrong.

use diplo_engine::{Phase, PhaseKind};
use diplo_map::PowerId;
use diplo_orders::Order;
use serde_json::Value;

use super::short_phase;
use crate::{Game, SubmitOptions};

/// A saved game read into a hosted game by [`import_saved_game`].
pub struct Imported {
    /// The game, in the record's last phase with that phase's recorded orders given (not yet
    /// adjudicated), or where diplo's rules ended it.
    pub game: Game,
    /// What was passed over, in the order met, each naming the record's phase: recorded orders
    /// dropped (with the reason), phases skipped or added, recorded phases after the end. The
    /// notes of a phase adjudicated are also in its history record's `notes`.
    pub notes: Vec<String>,
}

/// How the game stands to a recorded phase once [`reach`] has done what it may.
enum Step {
    /// The game is in the recorded phase: its orders are given.
    Play,
    /// diplo's rules skipped the recorded phase: its orders are not used.
    PassOver,
    /// The game has ended: the rest of the record is not played.
    Stop,
}

/// [`import_saved_game`]'s game alone (the notes are in its history records, but for those of
/// the last phase).
pub fn from_saved_game(
    doc: &Value,
    map: impl Into<std::sync::Arc<diplo_map::Map>>,
    source: crate::MapSource,
    rules: diplo_rules::Ruleset,
) -> Result<Game, String> {
    import_saved_game(doc, map, source, rules).map(|i| i.game)
}

/// A hosted game from a MILA (or Cicero, or dipcc) saved game: a new game on `map` whose
/// recorded orders are adjudicated again, phase by phase, under `rules`, so that it ends where
/// diplo's rules take it (the module's documentation says what is passed over and noted). An
/// order diplo cannot read, an unknown power, or a recorded movement phase that does not come
/// next is an error naming the phase. `map` must be the saved game's (the caller loads it from
/// the document's `map`).
pub fn import_saved_game(
    doc: &Value,
    map: impl Into<std::sync::Arc<diplo_map::Map>>,
    source: crate::MapSource,
    rules: diplo_rules::Ruleset,
) -> Result<Imported, String> {
    let mut game = Game::new(map, source, rules, Vec::new());
    let phases = recorded_phases(doc)?;
    let mut notes = Vec::new();
    let mut last: Option<Phase> = None;
    for (i, phase) in phases.iter().enumerate() {
        let name = phase["name"].as_str().unwrap_or("");
        match reach(&mut game, name, &mut last, &mut notes)? {
            Step::Play => {}
            Step::PassOver => {
                let unused = recorded_lines(phase).join("; ");
                if !unused.is_empty() {
                    let note = format!(
                        "`{name}`: a phase diplo's rules skip; its recorded orders are not \
                         used: {unused}"
                    );
                    add_notes(&mut game, &mut notes, vec![note]);
                }
                continue;
            }
            Step::Stop => {
                let note = format!(
                    "`{name}`: the game ended by diplo's rules before it; the record's {} \
                     phases from here are not played",
                    phases.len() - i
                );
                add_notes(&mut game, &mut notes, vec![note]);
                break;
            }
        }
        let dropped = submit_recorded(&mut game, phase, name)?;
        if i + 1 < phases.len() {
            last = Some(game.position.phase);
            game.adjudicate(&[])
                .map_err(|e| format!("phase `{name}`: {e}"))?;
            add_notes(&mut game, &mut notes, dropped);
        } else {
            notes.extend(dropped);
        }
    }
    Ok(Imported { game, notes })
}

/// The saved game's phases, but a final `COMPLETED` entry.
fn recorded_phases(doc: &Value) -> Result<Vec<&Value>, String> {
    Ok(doc["phases"]
        .as_array()
        .ok_or("expected a saved game with a `phases` list")?
        .iter()
        .filter(|p| {
            !p["name"]
                .as_str()
                .unwrap_or("")
                .eq_ignore_ascii_case("COMPLETED")
        })
        .collect())
}

/// Brings `game` to the recorded phase `name`: a retreat or adjustment phase diplo's rules hold
/// and the record has not is adjudicated with no orders (and noted) first. `last` is the phase
/// adjudicated last.
fn reach(
    game: &mut Game,
    name: &str,
    last: &mut Option<Phase>,
    notes: &mut Vec<String>,
) -> Result<Step, String> {
    loop {
        if game.ended.is_some() {
            return Ok(Step::Stop);
        }
        let now = game.position.phase;
        let now_name = short_phase(&game.map, now);
        if name == now_name {
            return Ok(Step::Play);
        }
        if skipped(game, *last, name) {
            return Ok(Step::PassOver);
        }
        if now.kind == PhaseKind::Movement {
            return Err(format!(
                "phase `{name}` comes where diplo's rules reach `{now_name}`"
            ));
        }
        *last = Some(now);
        game.adjudicate(&[])
            .map_err(|e| format!("phase `{now_name}`: {e}"))?;
        let note = format!(
            "`{now_name}`: a phase diplo's rules hold and the record has not (the record goes on \
             with `{name}`): adjudicated with no orders"
        );
        add_notes(game, notes, vec![note]);
    }
}

/// Whether the recorded phase `name` is a retreat or adjustment phase that diplo's rules passed
/// over between the phase adjudicated last and the current one.
fn skipped(game: &Game, last: Option<Phase>, name: &str) -> bool {
    let Some(last) = last else { return false };
    let now = game.position.phase;
    let adjusts = game.map.calendar.spec(last.season).adjustment.is_some();
    let kinds = [(PhaseKind::Retreat, true), (PhaseKind::Adjustment, adjusts)];
    (kinds.into_iter().filter(|(_, real)| *real))
        .map(|(kind, _)| Phase { kind, ..last })
        .any(|p| last < p && p < now && short_phase(&game.map, p) == name)
}

/// A recorded phase's orders as `POWER: order, order` texts, a power with orders each.
fn recorded_lines(phase: &Value) -> Vec<String> {
    let orders = phase["orders"].as_object().into_iter().flatten();
    orders
        .filter_map(|(power, list)| {
            let lines: Vec<&str> = list.as_array()?.iter().filter_map(Value::as_str).collect();
            (!lines.is_empty()).then(|| format!("{power}: {}", lines.join(", ")))
        })
        .collect()
}

/// Adds `fresh` to the notes and to the history record of the phase adjudicated last.
fn add_notes(game: &mut Game, notes: &mut Vec<String>, fresh: Vec<String>) {
    if let Some(record) = game.history.last_mut() {
        record.notes.extend(fresh.iter().cloned());
    }
    notes.extend(fresh);
}

/// Gives a recorded phase's orders, each power's as one order set, but those that do not apply
/// in the game's position (no such unit there, or not an order for this kind of phase): those
/// are returned as notes. An order diplo cannot read, or an unknown power, is an error naming
/// every one of the phase.
fn submit_recorded(game: &mut Game, phase: &Value, name: &str) -> Result<Vec<String>, String> {
    let (mut problems, mut dropped) = (Vec::new(), Vec::new());
    let mut sets: Vec<(PowerId, Vec<Order>)> = Vec::new();
    for (power, orders) in phase["orders"].as_object().into_iter().flatten() {
        let lines: Vec<&str> = (orders.as_array().into_iter().flatten())
            .filter_map(Value::as_str)
            .collect();
        if lines.is_empty() {
            continue;
        }
        let Some(p) = game.map.power_by_name(power) else {
            problems.push(format!("phase `{name}`: unknown power `{power}`"));
            continue;
        };
        let (read, errors) = diplo_orders::parse_orders(&game.map, &lines.join("\n"));
        for e in errors {
            let text = lines.get(e.line.saturating_sub(1)).copied().unwrap_or("");
            problems.push(format!("phase `{name}`: {power}: `{text}`: {}", e.message));
        }
        let mut kept = Vec::new();
        for l in read {
            match game.check_order(p, &l.order, true) {
                Ok(()) => kept.push(l.order),
                Err(why) => {
                    dropped.push(format!("`{name}`: {power}'s `{}` dropped: {why}", l.text))
                }
            }
        }
        if !kept.is_empty() {
            sets.push((p, kept));
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let opts = SubmitOptions {
        intent: diplo_rules::policies::SetIntent::Replaces,
        ..Default::default()
    };
    for (p, orders) in sets {
        game.submit_orders(p, orders, name, opts)
            .map_err(|e| format!("phase `{name}`: {e}"))?;
    }
    Ok(dropped)
}
