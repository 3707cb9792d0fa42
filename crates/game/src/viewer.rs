//! Who sees which orders of a game: the host sees every pending order set, a power only its own,
//! the public none (only who has sent orders and who is ready). Orders once adjudicated are in
//! the game's history, which every viewer may read: nothing here hides them.

use diplo_map::PowerId;

use crate::summary::{AdjustmentDue, PhaseSummary};
use crate::{Game, OrderSet};

/// Who is looking at a game: what `diplo game show` may print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// The host: everything.
    Host,
    /// One power: its own pending orders, not the others'.
    Power(PowerId),
    /// Spectators: no pending orders.
    Public,
}

impl Viewer {
    /// Whether this viewer may see the pending (not yet adjudicated) orders of power `p`.
    pub fn sees_orders_of(self, p: PowerId) -> bool {
        match self {
            Viewer::Host => true,
            Viewer::Power(me) => me == p,
            Viewer::Public => false,
        }
    }
}

/// What one viewer may see of a game's current phase, gathered once (for `diplo game show`'s
/// text and JSON alike).
pub struct View<'g> {
    /// The game.
    pub game: &'g Game,
    /// Who is looking.
    pub viewer: Viewer,
    /// The powers the phase waits for ([`Game::awaited`]), by name.
    pub waiting: Vec<String>,
    /// The powers the phase concerns: those that must order and any that sent orders.
    pub concerned: Vec<PowerId>,
    /// The last phase's summary, when centres changed hands in it.
    pub last_changes: Option<PhaseSummary>,
    /// The adjustments due (none once the game is over).
    pub due: Vec<AdjustmentDue>,
    /// The deadline, RFC 3339.
    pub deadline: Option<String>,
}

impl<'g> View<'g> {
    /// Gathers what `viewer` may see of `game`.
    pub fn new(game: &'g Game, viewer: Viewer) -> Self {
        let map = &game.map;
        let waiting: Vec<String> = (game.awaited().into_iter())
            .map(|p| map.power(p).name.clone())
            .collect();
        let concerned: Vec<PowerId> = map
            .power_ids()
            .filter(|&p| game.must_order(p) || game.has_submitted(p) || game.ready.contains(&p))
            .collect();
        let last_changes = game
            .history
            .len()
            .checked_sub(1)
            .and_then(|i| game.phase_summary(i).ok())
            .filter(|s| !s.centre_changes.is_empty());
        let due = if game.ended.is_none() {
            game.adjustments_due()
        } else {
            Vec::new()
        };
        let deadline = game.deadline.map(crate::time::format_rfc3339);
        View {
            game,
            viewer,
            waiting,
            concerned,
            last_changes,
            due,
            deadline,
        }
    }

    /// The concerned powers whose pending orders the viewer may see.
    pub fn visible(&self) -> impl Iterator<Item = PowerId> + '_ {
        self.concerned
            .iter()
            .copied()
            .filter(|&p| self.viewer.sees_orders_of(p))
    }

    /// The pending order sets the viewer may see, in the order they were submitted.
    pub fn visible_order_sets(&self) -> impl Iterator<Item = &'g OrderSet> + '_ {
        self.game
            .order_sets
            .iter()
            .filter(|s| self.viewer.sees_orders_of(s.power))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MapSource, SubmitOptions};
    use diplo_map::Map;
    use diplo_rules::Ruleset;

    /// A standard game in Spring 1901 where France and Germany have sent orders.
    fn game() -> (Game, PowerId, PowerId) {
        let mut g = Game::new(
            Map::standard(),
            MapSource::Embedded("standard".into()),
            Ruleset::datc(),
            Vec::new(),
        );
        let fra = g.map.power_by_name("France").unwrap();
        let ger = g.map.power_by_name("Germany").unwrap();
        let opts = SubmitOptions::default();
        g.submit(fra, "A par - bur\n", "fra.txt", opts).unwrap();
        g.submit(ger, "A mun - ruh\n", "ger.txt", opts).unwrap();
        (g, fra, ger)
    }

    /// The powers of the pending order sets `viewer` may see.
    fn seen_sets(g: &Game, viewer: Viewer) -> Vec<PowerId> {
        View::new(g, viewer)
            .visible_order_sets()
            .map(|s| s.power)
            .collect()
    }

    #[test]
    fn the_host_sees_every_pending_order_set() {
        let (g, fra, ger) = game();
        assert!(Viewer::Host.sees_orders_of(fra) && Viewer::Host.sees_orders_of(ger));
        assert_eq!(seen_sets(&g, Viewer::Host), vec![fra, ger]);
        assert_eq!(View::new(&g, Viewer::Host).visible().count(), 7);
    }

    #[test]
    fn a_power_sees_only_its_own_pending_orders() {
        let (g, fra, ger) = game();
        let me = Viewer::Power(fra);
        assert!(me.sees_orders_of(fra) && !me.sees_orders_of(ger));
        assert_eq!(seen_sets(&g, me), vec![fra]);
        assert_eq!(View::new(&g, me).visible().collect::<Vec<_>>(), vec![fra]);
    }

    #[test]
    fn the_public_sees_no_pending_orders_but_who_is_awaited() {
        let (g, fra, _) = game();
        assert!(!Viewer::Public.sees_orders_of(fra));
        assert!(seen_sets(&g, Viewer::Public).is_empty());
        let view = View::new(&g, Viewer::Public);
        assert_eq!(view.visible().count(), 0);
        // Who has sent orders is no secret: the same for every viewer.
        assert_eq!(view.concerned.len(), 7);
        // France and Germany sent orders but did not say they were final: still awaited.
        assert_eq!(view.waiting.len(), 7);
    }

    #[test]
    fn show_and_due_wait_for_the_same_powers() {
        let (mut g, fra, ger) = game();
        g.set_ready(fra, true).unwrap();
        let eng = g.map.power_by_name("England").unwrap();
        g.set_ready(eng, true).unwrap();
        let view = View::new(&g, Viewer::Public);
        assert_eq!(
            view.waiting,
            ["Austria", "Germany", "Italy", "Russia", "Turkey"]
        );
        let crate::Due::NotDue { not_ready, .. } = g.due(0) else {
            panic!("not due without a deadline");
        };
        assert_eq!(not_ready, g.awaited());
        assert!(not_ready.contains(&ger) && !not_ready.contains(&fra));
    }

    #[test]
    fn adjudicated_orders_are_every_viewers() {
        let (mut g, fra, _) = game();
        g.adjudicate(&[]).unwrap();
        // Nothing pending is left to hide, and the history holds every power's orders.
        assert!(seen_sets(&g, Viewer::Host).is_empty());
        assert!(seen_sets(&g, Viewer::Power(fra)).is_empty());
        let played = &g.history.last().unwrap().results;
        for power in ["France", "Germany"] {
            assert!(played.iter().any(|r| r.power == power), "{power}");
        }
    }
}
