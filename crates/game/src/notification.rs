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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MapSource, SubmitOptions};
    use diplo_map::Map;
    use diplo_rules::Ruleset;

    #[test]
    fn a_hook_gets_the_phase_played_and_the_public_view_of_the_next() {
        let mut g = Game::new(
            Map::standard(),
            MapSource::Embedded("standard".into()),
            Ruleset::datc(),
            Vec::new(),
        );
        let fra = g.map.power_by_name("France").unwrap();
        g.submit(fra, "A par - bur\n", "fra.txt", SubmitOptions::default())
            .unwrap();
        let outcome = g.adjudicate(&[]).unwrap();
        // An order set for the new phase stays secret from the hook.
        g.submit(fra, "A bur - bel\n", "fra.txt", SubmitOptions::default())
            .unwrap();
        let doc = phase_notification(&g, "game.toml", &outcome);
        assert_eq!(doc["event"], "phase");
        assert_eq!(doc["game"], "game.toml");
        assert_eq!(doc["adjudicated"]["phase"], "Spring 1901 Movement");
        let results = doc["adjudicated"]["results"].to_string();
        assert!(results.contains("A Paris - Burgundy"), "{results}");
        assert_eq!(doc["now"]["phase"], "Fall 1901 Movement");
        assert_eq!(doc["now"]["view"], "public");
        assert_eq!(doc["now"]["order_sets"], serde_json::json!([]));
        assert!(!doc.to_string().contains("Belgium") && !doc.to_string().contains("bur - bel"));
    }
}
