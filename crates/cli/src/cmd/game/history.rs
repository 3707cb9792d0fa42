//! `diplo game history`: every phase played with its orders and results, as text, JSON, a godip
//! record or a MILA/Cicero saved game, and optionally one picture per phase.

use std::path::Path;

use diplo_game::{Game, GameError};
use diplo_map::PowerId;

use super::{HistoryArgs, HistoryFormat, PictureFormat};
use crate::common::print;

pub(super) fn history(a: HistoryArgs) -> Result<(), GameError> {
    let game = Game::load(&a.file)?;
    if let Some(dir) = &a.render {
        render_history(&game, &a.file, dir, a.render_format)?;
    }
    match a.format {
        HistoryFormat::Godip => print(&godip_record(&game, &a.file)?),
        HistoryFormat::Mila | HistoryFormat::Cicero => {
            let saved = if a.format == HistoryFormat::Mila {
                diplo_game::mila::saved_game(&game)
            } else {
                diplo_game::mila::cicero_game(&game)
            }
            .map_err(|e| GameError::Invalid(format!("{}: history: {e}", a.file.display())))?;
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&saved).expect("json")
            ));
        }
        HistoryFormat::Json => {
            // Each phase as the file keeps it, with its summary added.
            print(&format!(
                "{}\n",
                serde_json::to_string_pretty(&diplo_game::json::history(&game)).expect("json")
            ))
        }
        HistoryFormat::Text => print(&history_text(&game)),
    }
    Ok(())
}

/// `diplo game history` as text: every phase played with its orders and results, then where
/// the game is and its rollbacks.
fn history_text(game: &Game) -> String {
    let mut out = format!("{} map, ruleset {}\n", game.map.name, game.ruleset_label());
    for (i, h) in game.history.iter().enumerate() {
        history_phase(&mut out, game, i, h);
    }
    match &game.ended {
        Some(e) => out.push_str(&format!("Game over: {}\n", e.describe(&game.map))),
        None => out.push_str(&format!("Now: {}\n", game.phase().name(&game.map))),
    }
    let players = game.player_lines();
    if !players.is_empty() {
        out.push_str("Players:\n");
        for l in players {
            out.push_str(&format!("  {l}\n"));
        }
    }
    for u in &game.undone {
        out.push_str(&format!(
            "Rolled back{} from {} to {}: {} phase{} kept as [[undone]]\n",
            u.at.as_ref()
                .map(|t| format!(" at {t}"))
                .unwrap_or_default(),
            u.from,
            u.to,
            u.phases.len(),
            if u.phases.len() == 1 { "" } else { "s" }
        ));
    }
    out
}

/// One phase played (`i`th of the history), as `diplo game history` writes it.
fn history_phase(out: &mut String, game: &Game, i: usize, h: &diplo_game::file::PhaseRecordFile) {
    let summary = game.phase_summary(i).unwrap_or_default();
    out.push_str(&format!("{}\n", h.phase));
    for l in summary.adjustment_lines() {
        out.push_str(&format!("  {l}\n"));
    }
    for p in &h.civil_disorder {
        out.push_str(&format!("  {p}: no orders (civil disorder)\n"));
    }
    for n in &h.notes {
        out.push_str(&format!("  note: {n}\n"));
    }
    for r in &h.results {
        out.push_str(&format!("  {}: {} -> {}", r.power, r.order, r.result));
        if !r.reason.is_empty() {
            out.push_str(&format!(" ({})", r.reason));
        }
        out.push('\n');
    }
    for (p, u) in &summary.unordered {
        out.push_str(&format!("  {p}: {u} (no order) -> holds\n"));
    }
    for u in h.unordered.iter().chain(&h.automatic) {
        out.push_str(&format!("  {}: {} -> {}\n", u.power, u.unit, u.what));
    }
    for l in summary.centre_lines() {
        out.push_str(&format!("  {l}\n"));
    }
}

/// One picture per phase played: its position, orders and results (adjudicated again under the
/// game's rules), written into `dir`. All or nothing: when a picture cannot be written (a full
/// disk), the pictures this run added are removed again, and so is `dir` if this run made it;
/// pictures it replaced keep their new content (each was replaced atomically).
fn render_history(
    game: &Game,
    file: &Path,
    dir: &Path,
    format: PictureFormat,
) -> Result<(), GameError> {
    let phases = game
        .played_phases()
        .map_err(|e| GameError::Invalid(format!("{}: history: {e}", file.display())))?;
    let made_dir = !dir.exists();
    std::fs::create_dir_all(dir).map_err(|source| GameError::Io {
        path: dir.display().to_string(),
        what: "cannot make the pictures' directory",
        source,
    })?;
    let mut added = Vec::new();
    let written = write_pictures(game, &phases, dir, format, &mut added);
    if written.is_err() {
        for path in &added {
            let _ = std::fs::remove_file(path);
        }
        if made_dir {
            let _ = std::fs::remove_dir(dir);
        }
    }
    written
}

/// Writes each phase's picture into `dir`, pushing onto `added` every file that did not exist.
fn write_pictures(
    game: &Game,
    phases: &[(diplo_engine::Position, Vec<diplo_orders::Order>)],
    dir: &Path,
    format: PictureFormat,
    added: &mut Vec<std::path::PathBuf>,
) -> Result<(), GameError> {
    let ext = if format == PictureFormat::Png {
        "png"
    } else {
        "svg"
    };
    let powers = game.played_phase_powers();
    for (i, ((pos, orders), powers)) in phases.iter().zip(&powers).enumerate() {
        let orders: Vec<(PowerId, diplo_orders::Order)> =
            powers.iter().copied().zip(orders.iter().cloned()).collect();
        let adj = diplo_engine::adjudicate(&game.map, &game.rules, pos, &orders);
        let scene = crate::cmd::render::position_scene(&game.map, &game.rules, pos)
            .with_adjudication(&orders, &adj);
        let name = pos
            .phase
            .name(&game.map)
            .to_string()
            .to_lowercase()
            .replace(' ', "-");
        let path = dir.join(format!("{:03}-{name}.{ext}", i + 1));
        if !path.exists() {
            added.push(path.clone());
        }
        diplo_render::write_file(&path, &diplo_render::svg(&scene))
            .map_err(|e| GameError::Invalid(e.to_string()))?;
    }
    Ok(())
}

/// The game's history as a godip record: each phase's starting position and its orders.
fn godip_record(game: &Game, file: &Path) -> Result<String, GameError> {
    let powers = game.played_phase_powers();
    let phases = game
        .played_phases()
        .map_err(|e| GameError::Invalid(format!("{}: history: {e}", file.display())))?;
    let to_write: Vec<diplo_replay::PhaseToWrite> = phases
        .iter()
        .zip(&powers)
        .map(|((position, orders), powers)| diplo_replay::PhaseToWrite {
            position,
            orders,
            powers,
        })
        .collect();
    Ok(diplo_replay::write_game(&game.map, &to_write))
}
