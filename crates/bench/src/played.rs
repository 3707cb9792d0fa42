//! Whole games for the export benchmarks: a game on any map played for a number of phases by
//! bots that pick one of each location's possible orders with a fixed pseudo-random sequence,
//! and the orders they picked, so that the same phases can be played again.

use diplo_game::possible::{possible_with, PossibleCache};
use diplo_game::{Game, MapSource};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::Ruleset;

/// A game played for some phases, with the orders of each phase.
pub struct PlayedGame {
    /// The game after its phases, every phase recorded in its history.
    pub game: Game,
    /// Each phase's orders, by power, in the order they were submitted.
    pub orders: Vec<Vec<(PowerId, Vec<Order>)>>,
}

/// A fixed pseudo-random sequence (xorshift64*): the same picks on every machine.
struct Picks(u64);

impl Picks {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// A new game on the embedded map `name` under the DATC ruleset (`None` if there is no such
/// map).
pub fn new_game(name: &str) -> Option<Game> {
    let map = Map::embedded(name)?.ok()?;
    Some(Game::new(
        map,
        MapSource::Embedded(name.into()),
        Ruleset::datc(),
        Vec::new(),
    ))
}

/// The game on the embedded map `name` played for `phases` phases (fewer if it ends first),
/// each power giving one of the possible orders at each of its orderable locations.
///
/// # Panics
/// If there is no such map, or the game refuses an order it listed as possible (a bug).
pub fn played_game(name: &str, phases: usize, seed: u64) -> PlayedGame {
    let mut game = new_game(name).unwrap_or_else(|| panic!("no embedded map `{name}`"));
    let mut picks = Picks(seed.max(1));
    let mut cache = PossibleCache::default();
    let mut orders = Vec::with_capacity(phases);
    while orders.len() < phases && game.ended.is_none() {
        let mut by_power: Vec<(PowerId, Vec<Order>)> = Vec::new();
        for at in possible_with(&mut cache, &game.map, &game.rules, &game.position) {
            let pick = at.orders[picks.below(at.orders.len())].to_order();
            match by_power.iter_mut().find(|(p, _)| *p == at.power) {
                Some((_, list)) => list.push(pick),
                None => by_power.push((at.power, vec![pick])),
            }
        }
        play(&mut game, &by_power);
        orders.push(by_power);
    }
    PlayedGame { game, orders }
}

/// Submits one phase's orders and adjudicates it, recording it in the history.
///
/// # Panics
/// If the game refuses the orders or the adjudication.
pub fn play(game: &mut Game, orders: &[(PowerId, Vec<Order>)]) {
    for (power, list) in orders {
        game.submit_orders(*power, list.clone(), "bot", Default::default())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    game.adjudicate(&[]).unwrap_or_else(|e| panic!("{e}"));
}
