//! `diplo game adjudicate`: adjudicating the current phase (with `--if-due`, only when every
//! power is ready or the deadline has passed) and reporting it.

use std::path::Path;

use diplo_game::{Game, GameError};
use diplo_map::PowerId;

use super::{lock, refused, AdjudicateArgs};
use crate::cmd::adjudicate::adjudication_text;
use crate::common::{print, Format};

/// What `diplo game adjudicate` did.
pub(super) enum Run {
    /// The phase was adjudicated.
    Adjudicated,
    /// `--if-due` and the phase was not due: nothing changed.
    NotDue,
    /// The phase was adjudicated and saved, and the `--on-phase` hook failed.
    HookFailed,
}

/// `diplo game adjudicate`: adjudicates the current phase (with `--if-due`, only when due).
pub(super) fn adjudicate(a: AdjudicateArgs) -> Result<Run, GameError> {
    let _lock = lock(&a.file)?;
    let mut game = Game::load(&a.file)?;
    let mut why_due = None;
    if a.if_due {
        match due_check(&game, &a.file)? {
            DueCheck::Due(why) => why_due = Some(why),
            DueCheck::NotDue(msg) => {
                print(&msg);
                return Ok(Run::NotDue);
            }
        }
    }
    let outcome = game.adjudicate(&a.sets)?;
    game.save(&a.file)?;
    let done = Adjudicated {
        summary: game
            .phase_summary(game.history.len() - 1)
            .unwrap_or_default(),
        due_now: game.adjustments_due(),
        game: &game,
        outcome: &outcome,
        why_due,
    };
    match a.format {
        Format::Json => print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&done.json()).expect("json")
        )),
        Format::Text => print(&done.text()),
    }
    if let Some(cmd) = &a.on_phase {
        let doc = diplo_game::notification::phase_notification(
            &game,
            &a.file.display().to_string(),
            &outcome,
        );
        let timeout = std::time::Duration::from_secs(a.on_phase_timeout);
        let input = serde_json::to_vec(&doc).expect("json");
        if let Err(why) = super::hook::run(cmd, &input, timeout) {
            errln!(
                "warning: --on-phase `{cmd}` failed: {why}; the phase was adjudicated and saved"
            );
            return Ok(Run::HookFailed);
        }
    }
    Ok(Run::Adjudicated)
}

/// Whether `--if-due` adjudicates now.
enum DueCheck {
    /// Due, and why.
    Due(String),
    /// Not due: the line to print.
    NotDue(String),
}

/// Whether the game in `file` is due now: every power that must order is ready, or the
/// deadline has passed.
fn due_check(game: &Game, file: &Path) -> Result<DueCheck, GameError> {
    let now = diplo_game::time::now().map_err(refused)?;
    let name = |p: &PowerId| game.power_name(*p).to_string();
    let names = |v: &[PowerId]| v.iter().map(name).collect::<Vec<_>>().join(", ");
    let phase = game.phase().name(&game.map).to_string();
    Ok(match game.due(now) {
        diplo_game::Due::Over => {
            DueCheck::NotDue(format!("{}: not due: the game is over\n", file.display()))
        }
        diplo_game::Due::NotDue {
            not_ready,
            deadline,
        } => {
            let when = match deadline {
                Some(d) => format!(
                    "the deadline {} is in {}",
                    diplo_game::time::format_rfc3339(d),
                    diplo_game::time::describe_span(d - now)
                ),
                None => "no deadline is set".to_string(),
            };
            DueCheck::NotDue(format!(
                "{}: {phase} not due: waiting for {} to be ready; {when}\n",
                file.display(),
                names(&not_ready)
            ))
        }
        diplo_game::Due::AllReady => {
            DueCheck::Due(format!("{phase} due: every power that must order is ready"))
        }
        diplo_game::Due::DeadlinePassed {
            deadline,
            not_ready,
            no_orders,
        } => {
            let mut m = format!(
                "{phase} due: the deadline {} has passed; not ready: {}",
                diplo_game::time::format_rfc3339(deadline),
                names(&not_ready)
            );
            if !no_orders.is_empty() {
                m.push_str(&format!(
                    "; no orders from {} (civil disorder)",
                    names(&no_orders)
                ));
            }
            DueCheck::Due(m)
        }
    })
}

/// A phase just adjudicated, as `diplo game adjudicate` reports it.
struct Adjudicated<'g> {
    game: &'g Game,
    outcome: &'g diplo_game::PhaseOutcome,
    /// Why it was due (`--if-due`).
    why_due: Option<String>,
    /// The phase's summary.
    summary: diplo_game::summary::PhaseSummary,
    /// The adjustments due after it.
    due_now: Vec<diplo_game::summary::AdjustmentDue>,
}

impl Adjudicated<'_> {
    /// The JSON document: the adjudication with the game's additions.
    fn json(&self) -> serde_json::Value {
        diplo_game::json::phase_adjudicated(self.game, self.outcome, self.why_due.as_deref())
    }

    /// The text: why due, the notes, then the adjudication with the units nobody ordered
    /// among the results and the summaries before the next position.
    fn text(&self) -> String {
        let (map, outcome) = (&self.game.map, self.outcome);
        let mut out = String::new();
        if let Some(w) = &self.why_due {
            out.push_str(&format!("{w}\n"));
        }
        for n in &outcome.gathered.notes {
            out.push_str(&format!("note: {n}\n"));
        }
        for p in &outcome.gathered.civil_disorder {
            out.push_str(&format!(
                "note: {} sent no orders (civil disorder)\n",
                map.power(*p).name
            ));
        }
        let text = adjudication_text(
            map,
            &self.game.ruleset_label(),
            (&outcome.position, &outcome.gathered.orders),
            &outcome.adjudication,
        );
        self.merge(&mut out, &text);
        if let Some(e) = &outcome.ended {
            out.push_str(&format!("Game over: {}\n", e.describe(map)));
        }
        if let Some(d) = self.game.deadline {
            out.push_str(&format!(
                "Deadline of {}: {}\n",
                self.game.phase().name(map),
                diplo_game::time::format_rfc3339(d)
            ));
        }
        out
    }

    /// The adjudication's `text` into `out`, with the units nobody ordered after the results
    /// and the centre and adjustment summaries before the next position.
    fn merge(&self, out: &mut String, text: &str) {
        // Units nobody ordered go with the results, before what follows them.
        let mut lines = text.lines();
        if let Some(head) = lines.next() {
            out.push_str(head);
            out.push('\n');
        }
        let mut rest: Vec<&str> = lines.collect();
        let results_end = rest
            .iter()
            .position(|l| !l.starts_with("  "))
            .unwrap_or(rest.len());
        for l in rest.drain(..results_end) {
            out.push_str(l);
            out.push('\n');
        }
        for (p, u) in &self.summary.unordered {
            out.push_str(&format!("  {p}: {u} (no order) -> holds\n"));
        }
        // The summaries come before the next position.
        let mut summaries = self.summary.centre_lines();
        if self.game.ended.is_none() {
            summaries.extend(diplo_game::summary::adjustment_lines(&self.due_now));
        }
        let next_at = rest
            .iter()
            .position(|l| l.starts_with("Next:"))
            .unwrap_or(rest.len());
        for (i, l) in rest.iter().enumerate() {
            if i == next_at {
                for s in summaries.drain(..) {
                    out.push_str(&format!("{s}\n"));
                }
            }
            out.push_str(l);
            out.push('\n');
        }
        for s in summaries {
            out.push_str(&format!("{s}\n"));
        }
    }
}
