//! Parsing orders: the DATC notation and the common short notation.

use diplo_map::{Map, PowerId};

use crate::Order;

/// One parsed line of an orders file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The power: from the line's prefix (`England:`), or from the last `Power:` header line.
    pub power: Option<PowerId>,
    /// The order.
    pub order: Order,
    /// The line as written (trimmed).
    pub text: String,
}

/// A line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number (1 for [`parse_order`]).
    pub line: usize,
    /// 1-based column (in characters) where reading failed.
    pub column: usize,
    /// What was found and what was expected.
    pub message: String,
    /// The line as written.
    pub text: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses one order, with an optional power prefix (`England:`, `ENG:`).
pub fn parse_order(map: &Map, text: &str) -> Result<(Option<PowerId>, Order), ParseError> {
    let _ = (map, text);
    todo!("parser")
}

/// Parses an orders file: one order per line; blank lines and `#` comments are skipped; a line
/// holding only `Power:` sets the power of the lines that follow.
pub fn parse_orders(map: &Map, text: &str) -> (Vec<OrderLine>, Vec<ParseError>) {
    let _ = (map, text);
    todo!("parser")
}
