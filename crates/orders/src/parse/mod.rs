//! Parsing orders: the DATC notation and the common short notation. This module holds the
//! public API; a line of a common shape is read by the fast path ([`fast`]), any other is split
//! into tokens ([`tokens`], [`keywords`]) and read by a small recursive-descent grammar
//! ([`parser`], [`places`], [`grammar`]); [`file`](mod@file) runs the loop over an orders file.
//! Nothing is decided here that the rules decide: coasts, unit types and nationalities are kept
//! as written.

mod fast;
mod file;
mod grammar;
mod keywords;
mod line_text;
mod parser;
mod places;
mod tokens;

use diplo_map::{Map, PowerId};

use crate::Order;
use file::{read_file, LineSink, PhaseSink};
pub use line_text::LineText;
use parser::{Fail, Parser};
use tokens::Buffers;

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
    pub text: LineText,
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
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// Parses one order, with an optional power prefix (`England:`, `ENG:`).
///
/// Accepts the DATC notation (`F North Sea Convoys A Yorkshire - Holland`), the short notation
/// (`F nth C A yor - hol`) and the godip words (`nth convoy yor move hol`). A trailing `# comment`
/// is ignored. A unit with no order (`A par`) is a hold. Column numbers in the error count
/// characters of `text` from 1.
pub fn parse_order(map: &Map, text: &str) -> Result<(Option<PowerId>, Order), ParseError> {
    let fail = |f: Box<Fail>| ParseError {
        line: 1,
        column: f.col,
        message: f.msg,
        text: text.to_string(),
    };
    let mut buffers = Buffers::default();
    let p = Parser::new(map, text, &mut buffers);
    let (power, start) = p.prefix().map_err(fail)?;
    if start >= p.toks.len() {
        let msg = match power {
            Some(_) => format!(
                "expected an order after `{}`, found end of order",
                p.context(0, start)
            ),
            None => "expected an order, found end of order".to_string(),
        };
        return Err(fail(Box::new(Fail {
            col: p.end_col(),
            msg,
        })));
    }
    let order = p.order(start).map_err(fail)?;
    Ok((power, order))
}

/// The lines of a text file as people write them: a byte-order mark at the start is dropped,
/// and a line ends at `\n`, `\r\n` or a lone `\r` (old Mac files), so that line numbers match
/// what an editor shows.
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let t = rest?;
        // Both ends of line are ASCII: a byte search finds them at character boundaries.
        match memchr::memchr2(b'\n', b'\r', t.as_bytes()) {
            Some(i) => {
                let skip = if t[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&t[i + skip..]).filter(|r| !r.is_empty());
                Some(&t[..i])
            }
            None => {
                rest = None;
                Some(t)
            }
        }
    })
}

/// Parses an orders file: one order per line; blank lines and `#` comments are skipped; a line
/// holding only `Power:` sets the power of the lines that follow.
///
/// A power prefix on a line (`ENG: F lon H`) overrides the header for that line only. Every
/// readable line gives an [`OrderLine`] (its `text` is the line trimmed, without its comment);
/// every unreadable one a [`ParseError`] (its `text` is the whole line, and its column counts
/// characters of that line). A header naming an unknown power is an error, and the lines after
/// it have no power until the next header.
///
/// Besides the orders themselves (a convoy path, a coast the province lacks), reading allocates
/// only the two lists returned, one copy of `text` that the lines' texts share, and, once a line
/// is not one of the common shapes (`A par H`, `F lon S A wal - yor`, ...), two buffers reused
/// from line to line. [`parse_orders_into`] fills lists the caller keeps instead.
pub fn parse_orders(map: &Map, text: &str) -> (Vec<OrderLine>, Vec<ParseError>) {
    let (mut lines, mut errors) = (Vec::new(), Vec::new());
    parse_orders_into(map, text, &mut lines, &mut errors);
    (lines, errors)
}

/// [`parse_orders`] into lists the caller keeps: `lines` and `errors` are cleared, then filled
/// as `parse_orders` fills the lists it returns. A caller reading file after file with the
/// same two lists allocates for them only while they grow.
pub fn parse_orders_into(
    map: &Map,
    text: &str,
    lines: &mut Vec<OrderLine>,
    errors: &mut Vec<ParseError>,
) {
    lines.clear();
    errors.clear();
    // About one order a line: one allocation for the result, not one per doubling.
    lines.reserve(memchr::memchr_iter(b'\n', text.as_bytes()).count() + 1);
    let mut sink = LineSink {
        lines,
        errors,
        file: text.into(),
    };
    read_file(map, text, &mut sink);
}

/// Parses the orders of one phase straight into the list the engine's adjudicator takes
/// (`diplo_engine::Adjudicator::adjudicate(&position, &orders)`): each order
/// with its power, in the order of the lines. The file is read as [`parse_orders`] reads it
/// (the same orders, powers and errors), and an order with no power (no header line before it
/// and no prefix) is an error too, in line order with the others, so that no order is silently
/// dropped. What `orders` and `errors` held before is replaced.
///
/// Nothing is kept of a line but its order: a host adjudicating phase after phase with the
/// same two lists allocates nothing for them once they are large enough, and nothing per line
/// besides what an order itself holds (a convoy path, a coast the province lacks). Use
/// [`parse_orders`] to keep each line's number and text.
///
/// ```
/// let map = diplo_map::Map::standard();
/// let (mut orders, mut errors) = (Vec::new(), Vec::new());
/// diplo_orders::parse_phase_orders_into(&map, "France:\nA par - bur\n", &mut orders, &mut errors);
/// assert_eq!((orders.len(), errors.len()), (1, 0));
/// diplo_orders::parse_phase_orders_into(&map, "A par - bur\n", &mut orders, &mut errors);
/// assert_eq!((orders.len(), errors[0].line), (0, 1));
/// ```
pub fn parse_phase_orders_into(
    map: &Map,
    text: &str,
    orders: &mut Vec<(PowerId, Order)>,
    errors: &mut Vec<ParseError>,
) {
    errors.clear();
    let mut sink = PhaseSink {
        orders,
        len: 0,
        errors,
        text,
    };
    read_file(map, text, &mut sink);
}
