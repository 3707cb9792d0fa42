//! What a notification hook receives after a phase is adjudicated (`diplo game adjudicate
//! --on-phase CMD`): one JSON document fit for everybody, since a hook posts to a public
//! channel (a Discord bot, a mailing list): the phase just played with its orders and results
//! (no longer secret), its summary, and the public view of the new phase (no pending orders,
//! no draw votes).

use serde_json::{json, Value};

use crate::viewer::{View, Viewer};
use crate::{Game, PhaseOutcome};

/// The document a hook reads on its standard input: `event` (`phase`), `game` (as the caller
/// names it), `adjudicated` (as [`crate::json::phase_adjudicated`]) and `now` (the public
/// [`crate::json::view`] of the new phase).
pub fn phase_notification(game: &Game, name: &str, outcome: &PhaseOutcome) -> Value {
    json!({
        "event": "phase",
        "game": name,
        "adjudicated": crate::json::phase_adjudicated(game, outcome, None),
        "now": crate::json::view(&View::new(game, Viewer::Public)),
    })
}
