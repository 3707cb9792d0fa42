//! The MILA `diplomacy` package's saved-game JSON (`to_saved_game_format`), written from a
//! hosted game: one entry per phase with its state (units, dislodged units marked `*`, centres,
//! home centres, retreat options, builds), the orders each power gave in MILA's notation, and
//! each unit's results in MILA's words. Reading the format back is `diplo_replay::mila`.
//!
//! The results are MILA's codes, every unit of the phase a key (`mila/codes.rs`): coarser than
//! the DATC's words (a move that fails is `bounce`, a cut support `cut`, an illegal order
//! `void`, a dislodged unit also `dislodged`, an order that succeeds has none), with MILA's own
//! conventions (`no convoy`, supports of a failed convoy, a build made `""`).
//!
//! A saved game is read into a hosted game by [`import_saved_game`] (`mila/import.rs`).

use diplo_engine::{Phase, PhaseKind, Position};
use diplo_map::Map;
use diplo_orders::Order;
use serde_json::Value;

use crate::Game;

mod codes;
mod import;
mod json;
mod sink;
mod words;
pub use import::{from_saved_game, import_saved_game, Imported};
pub use json::{last_results, phase_codes, write as write_into, Flavour};
pub use sink::{Sink, TextSink, ValueSink};

/// MILA's short phase name: `S1901M`, `F1901R`, `W1901A` (the first letter of the season's
/// name, of the adjustment phase's for adjustments), the year in four digits at least, as
/// MILA writes it (`S0001M` on a map starting in year 1).
pub fn short_phase(map: &Map, phase: Phase) -> String {
    let season = phase.season_name(map).chars().next().unwrap_or('?');
    let kind = match phase.kind {
        PhaseKind::Movement => 'M',
        PhaseKind::Retreat => 'R',
        PhaseKind::Adjustment => 'A',
    };
    format!("{}{:04}{}", season.to_ascii_uppercase(), phase.year, kind)
}

/// The state of a position in MILA's shape.
pub fn state(map: &Map, pos: &Position) -> Value {
    let mut sink = ValueSink::default();
    json::state(map, pos, &mut sink);
    sink.into_value()
}

/// An order in MILA's notation (upper case): `A PAR - BUR`, `A PAR S A MAR - BUR`, `WAIVE`.
fn mila_order(map: &Map, order: &Order) -> String {
    use std::fmt::Write;
    // Room for most orders at once (`to_string` would grow the text several times).
    let mut text = String::with_capacity(32);
    let _ = write!(text, "{}", order.display(map));
    match order {
        Order::Build { .. } => {
            // diplo writes `B A par`; MILA `A PAR B`.
            let rest = text.trim_start_matches("B ");
            text = format!("{rest} B");
        }
        Order::Move { .. } if text.contains(" via convoy") => {
            text = text.replace(" via convoy", " VIA");
        }
        _ => {}
    }
    if text.is_ascii() {
        text.make_ascii_uppercase();
        text
    } else {
        text.to_uppercase()
    }
}

/// The whole game in MILA's saved-game format ([`saved_game_json`]'s text as a value, built
/// directly).
pub fn saved_game(game: &Game) -> Result<Value, String> {
    value(game, Flavour::Mila)
}

/// The saved-game format of the Cicero data release (`docs/game_json_spec.md` of
/// facebookresearch/diplomacy_cicero): MILA's, with a version, press and scoring fields, and
/// messages keyed by time.
pub fn cicero_game(game: &Game) -> Result<Value, String> {
    value(game, Flavour::Cicero)
}

/// The saved game in `flavour` as a value, with no rules.
fn value(game: &Game, flavour: Flavour) -> Result<Value, String> {
    let mut sink = ValueSink::default();
    json::write(game, &[], flavour, &[], &mut sink)?;
    Ok(sink.into_value())
}

/// [`saved_game`] as JSON text (compact, keys in order), written directly: the cheap way to
/// save a game.
pub fn saved_game_json(game: &Game) -> Result<String, String> {
    write_json(game, Flavour::Mila, &[])
}

/// [`cicero_game`] as JSON text (compact, keys in order), written directly.
pub fn cicero_game_json(game: &Game) -> Result<String, String> {
    write_json(game, Flavour::Cicero, &[])
}

/// The saved game in `flavour` as JSON text, with `rules` (MILA's rule names, such as
/// `NO_PRESS`) as its `rules`: what [`saved_game_json`] and [`cicero_game_json`] write with none.
pub fn write_json(game: &Game, flavour: Flavour, rules: &[String]) -> Result<String, String> {
    let mut sink = TextSink::with_capacity(4096 * (game.history.len() + 1));
    json::write(game, &[], flavour, rules, &mut sink)?;
    Ok(sink.out)
}
