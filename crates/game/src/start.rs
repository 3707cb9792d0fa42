//! A game started from any position (a game moved from another server, a teaching position, a
//! tournament's fixed start): a movement phase, a retreat phase with its dislodged units, or an
//! adjustment phase.

use std::sync::Arc;

use diplo_engine::Position;
use diplo_map::Map;
use diplo_rules::Ruleset;

use crate::{Game, GameError, MapSource, Production};

impl Game {
    /// A new game at `position` (of any phase kind), under `rules`. The position comes checked
    /// from [`Position::from_toml_str`] (every problem located); the units on the board are
    /// taken as produced in the order they are listed, then the dislodged units.
    pub fn from_position(
        map: impl Into<Arc<Map>>,
        map_source: MapSource,
        rules: Ruleset,
        overrides: Vec<String>,
        position: Position,
    ) -> Game {
        let mut game = Game::new(map, map_source, rules, overrides);
        let provinces = game.map.provinces().len();
        let units = position.units.len() as u64;
        game.produced = Production::from_entries(
            provinces,
            (position.units.iter())
                .zip(0..)
                .map(|(u, n)| (u.location.province, n)),
        );
        game.produced_dislodged = Production::from_entries(
            provinces,
            (position.dislodged.iter())
                .zip(units..)
                .map(|(d, n)| (d.unit.location.province, n)),
        );
        game.position = position;
        game
    }

    /// A new game at the position in `text` (the position file format of the README; `file`
    /// names it in errors, each located at its line and column).
    pub fn from_position_text(
        map: impl Into<Arc<Map>>,
        map_source: MapSource,
        rules: Ruleset,
        overrides: Vec<String>,
        (text, file): (&str, &str),
    ) -> Result<Game, GameError> {
        let map: Arc<Map> = map.into();
        let position = Position::from_toml_str(&map, text, file).map_err(GameError::Invalid)?;
        Ok(Game::from_position(
            map, map_source, rules, overrides, position,
        ))
    }
}
