//! The saved-game functions `diplo.to_saved_game_format` and `diplo.from_saved_game_format`:
//! a game out as MILA's saved-game dict (and a JSON line in a file), and a game in from a MILA,
//! Cicero or dipcc saved game.

use pyo3::prelude::*;
use serde_json::Value;

use crate::game::Game;
use crate::{err, load_map, load_rules};

/// A game's MILA saved-game dict (as `diplomacy.utils.export.to_saved_game_format`); with
/// `output_path`, also appended to that file as one JSON line.
#[pyfunction]
#[pyo3(signature = (game, output_path = None, output_mode = "a"))]
pub(crate) fn to_saved_game_format<'py>(
    py: Python<'py>,
    game: PyRef<'py, Game>,
    output_path: Option<std::path::PathBuf>,
    output_mode: &str,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(path) = output_path {
        let line = format!("{}\n", game.saved_game()?);
        if output_mode == "a" {
            // Appended (`O_APPEND`): the lines already there are never cut, whatever happens.
            use std::io::Write;
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .map_err(|e| err(format!("{}: {e}", path.display())))?;
            f.write_all(line.as_bytes())
                .map_err(|e| err(format!("{}: {e}", path.display())))?;
        } else {
            // Replaced atomically, as every file diplo writes.
            diplo_game::write_atomically(&path, &line)
                .map_err(|e| err(format!("{}: {e}", path.display())))?;
        }
    }
    game.saved_game_dict(py)
}

/// A game from a MILA, Cicero or dipcc saved game (a dict or its JSON text): the recorded orders
/// of each phase are adjudicated again under `ruleset`, `mila` (MILA's readings, which
/// adjudicated MILA's records) by default, so that the game ends where that ruleset's rules take
/// it. What the record has that those rules do not use (an order whose unit is elsewhere, a
/// retreat or adjustment phase they skip) is passed over and listed in the game's
/// `import_notes`; an order that cannot be read, or a movement phase out of step, is an error.
#[pyfunction]
#[pyo3(signature = (saved_game, ruleset = "mila"))]
pub(crate) fn from_saved_game_format(
    py: Python<'_>,
    saved_game: &Bound<'_, PyAny>,
    ruleset: &str,
) -> PyResult<Game> {
    let text: String = match saved_game.extract::<String>() {
        Ok(s) => s,
        Err(_) => py
            .import("json")?
            .call_method1("dumps", (saved_game,))?
            .extract()?,
    };
    let doc: Value = serde_json::from_str(&text).map_err(|e| err(format!("saved game: {e}")))?;
    let rules: Vec<String> = doc["rules"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|r| r.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    let (map, source) = load_map(doc["map"].as_str().unwrap_or("standard"))?;
    let ruleset = load_rules(ruleset, &[])?;
    let imported = diplo_game::mila::import_saved_game(&doc, map, source, ruleset)
        .map_err(|e| err(format!("saved game: {e}")))?;
    let mut game = Game::wrap(imported.game, rules);
    game.import_notes = imported.notes;
    Ok(game)
}
