//! The canonical short form of an order.

use std::fmt;

use diplo_map::{Map, PowerId};

use crate::Order;

/// Displays an [`Order`] in the canonical short form; see [`Order::display`].
pub struct OrderDisplay<'a> {
    pub(crate) order: &'a Order,
    pub(crate) power: Option<PowerId>,
    pub(crate) map: &'a Map,
    pub(crate) full: bool,
}

impl<'a> OrderDisplay<'a> {
    /// Prefixes the power's abbreviation (`ENG: F lon - nth`).
    pub fn with_power(mut self, power: Option<PowerId>) -> Self {
        self.power = power;
        self
    }
    /// Writes full province names and DATC words (`F London - North Sea`) instead of the short form.
    pub fn full(mut self) -> Self {
        self.full = true;
        self
    }
}

impl fmt::Display for OrderDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = (self.order, self.power, self.map, self.full);
        todo!("display")
    }
}
