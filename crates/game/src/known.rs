//! What the game knew of a played phase when its history record was made (or read): the
//! position it started from and its orders, parsed, with the power that gave each. Exports
//! (MILA's saved game, a godip record) read it instead of writing the record's position as
//! TOML and reading it back, and parsing every order again.

use std::borrow::Cow;
use std::sync::Arc;

use diplo_engine::Position;
use diplo_map::{Map, PowerId};
use diplo_orders::Order;

use crate::file::{PhaseRecordFile, ResultFile};
use crate::Game;

/// A record's phase as the game knows it, or nothing (a record made by hand): never written
/// to the file, and equal to any other (a record's equality is its texts').
///
/// The record's texts and this must say the same: whoever changes a record's `position` or
/// `results` in place sets it back to `KnownPhase::default()`.
#[derive(Clone, Default)]
pub struct KnownPhase(pub(crate) Option<Arc<Known>>);

/// The phase itself.
pub(crate) struct Known {
    /// The position the phase started from.
    pub(crate) position: Position,
    /// The orders in the record's order (its `results`), each with the power that gave it
    /// (`None`: the record names no power of the map, and the unit ordered none either).
    pub(crate) orders: Vec<(Option<PowerId>, Order)>,
}

impl KnownPhase {
    /// The phase starting from `position` with `orders`.
    pub(crate) fn new(position: Position, orders: Vec<(Option<PowerId>, Order)>) -> KnownPhase {
        KnownPhase(Some(Arc::new(Known { position, orders })))
    }
}

impl PartialEq for KnownPhase {
    fn eq(&self, _: &KnownPhase) -> bool {
        true
    }
}

impl std::fmt::Debug for KnownPhase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "KnownPhase(..)"
        } else {
            "KnownPhase(none)"
        })
    }
}

impl Game {
    /// A history record's phase: its starting position and its orders with the power that
    /// gave each, as the game knows them, else read back from the record's texts.
    pub(crate) fn played_phase<'a>(
        &self,
        h: &'a PhaseRecordFile,
    ) -> Result<PlayedPhase<'a>, String> {
        if let Some(k) = &h.known.0 {
            return Ok((Cow::Borrowed(&k.position), Cow::Borrowed(&k.orders)));
        }
        let map = &self.map;
        let text = toml::to_string(&h.position).map_err(|e| e.to_string())?;
        let position = Position::from_toml_str(map, &text, &h.phase)
            .map_err(|e| format!("{}: {e}", h.phase))?;
        let orders = h
            .results
            .iter()
            .map(|r| {
                diplo_orders::parse_order(map, &r.order)
                    .map(|(_, o)| o)
                    .map_err(|e| format!("{}: `{}`: {e}", h.phase, r.order))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let orders = with_powers(map, &position, &h.results, orders);
        Ok((Cow::Owned(position), Cow::Owned(orders)))
    }
}

/// A played phase: its starting position and its orders, each with its power.
pub(crate) type PlayedPhase<'a> = (Cow<'a, Position>, Cow<'a, [(Option<PowerId>, Order)]>);

/// A record's orders (parsed from its `results`, in their order) with the power that gave
/// each: the one the result names, else the owner of the unit ordered.
pub(crate) fn with_powers(
    map: &Map,
    position: &Position,
    results: &[ResultFile],
    orders: Vec<Order>,
) -> Vec<(Option<PowerId>, Order)> {
    orders
        .into_iter()
        .enumerate()
        .map(|(k, order)| {
            let named = results.get(k).and_then(|r| map.power_by_name(&r.power));
            let power = named.or_else(|| {
                (order.unit())
                    .and_then(|u| position.unit_in(u.place.province))
                    .map(|u| u.power)
            });
            (power, order)
        })
        .collect()
}
