//! The loop over an orders file ([`read_file`]): each line is read by the fast path if it can,
//! else by the general parser, and what is read goes to a [`Sink`] (a list of lines for
//! `parse_orders_into`, a list of orders for `parse_phase_orders_into`). Debug builds check
//! that the fast path reads every line as the general parser does.

use std::ops::Range;
use std::sync::Arc;

use diplo_map::{Map, PowerId};

use super::fast;
use super::parser::{Fail, Parser};
use super::tokens::Buffers;
use super::{LineText, OrderLine, ParseError};
use crate::Order;

/// Where [`read_file`] puts what it reads.
pub(super) trait Sink {
    /// The order of line `n` (1-based), with its power, and where its text (trimmed, without
    /// its comment) lies in the file (bytes).
    fn order(&mut self, n: usize, power: Option<PowerId>, order: Order, text: Range<usize>);
    /// A hold or a move read by the fast path's [`fast::simple`], as [`Sink::order`].
    #[inline(always)]
    fn simple(&mut self, n: usize, power: Option<PowerId>, line: fast::Simple, text: Range<usize>) {
        if let Some(order) = line.order() {
            self.order(n, power, order, text);
        }
    }
    /// An unreadable line.
    fn error(&mut self, error: ParseError);
    /// The end of the file.
    fn finish(&mut self) {}
}

/// [`parse_orders_into`]'s sink: a line for each order, sharing one copy of the file.
///
/// [`parse_orders_into`]: crate::parse_orders_into
pub(super) struct LineSink<'a> {
    pub(super) lines: &'a mut Vec<OrderLine>,
    pub(super) errors: &'a mut Vec<ParseError>,
    pub(super) file: Arc<str>,
}

impl Sink for LineSink<'_> {
    #[inline(always)]
    fn order(&mut self, n: usize, power: Option<PowerId>, order: Order, text: Range<usize>) {
        self.lines.push(OrderLine {
            line: n,
            power,
            order,
            text: LineText {
                file: Arc::clone(&self.file),
                range: text,
            },
        });
    }

    fn error(&mut self, error: ParseError) {
        self.errors.push(error);
    }
}

/// [`parse_phase_orders_into`]'s sink: each order with its power; an order without one is an
/// error.
///
/// [`parse_phase_orders_into`]: crate::parse_phase_orders_into
pub(super) struct PhaseSink<'a, 't> {
    /// The orders: the first `len` read from this file, then those of the caller's last file
    /// (overwritten in place, then cut off at the end).
    pub(super) orders: &'a mut Vec<(PowerId, Order)>,
    pub(super) len: usize,
    pub(super) errors: &'a mut Vec<ParseError>,
    pub(super) text: &'t str,
}

impl Sink for PhaseSink<'_, '_> {
    #[inline(always)]
    fn order(&mut self, n: usize, power: Option<PowerId>, order: Order, text: Range<usize>) {
        let Some(power) = power else {
            return self.no_power(n, text);
        };
        match self.orders.get_mut(self.len) {
            Some(slot) => *slot = (power, order),
            None => self.orders.push((power, order)),
        }
        self.len += 1;
    }

    /// Holds and moves are written into the order an earlier file left in the list's next
    /// place, field by field, when it is of the same kind: an order built aside and copied in
    /// cost more than reading the line (the copy stalls on the order's narrow fields).
    #[inline(always)]
    fn simple(&mut self, n: usize, power: Option<PowerId>, line: fast::Simple, text: Range<usize>) {
        let (Some(power), Some(slot)) = (power, self.orders.get_mut(self.len)) else {
            if let Some(order) = line.order() {
                self.order(n, power, order, text);
            }
            return;
        };
        if line.write_into(&mut slot.1) {
            slot.0 = power;
            self.len += 1;
        } else if let Some(order) = line.order() {
            self.order(n, Some(power), order, text);
        }
    }

    fn error(&mut self, error: ParseError) {
        self.errors.push(error);
    }

    fn finish(&mut self) {
        self.orders.truncate(self.len);
    }
}

impl PhaseSink<'_, '_> {
    #[cold]
    fn no_power(&mut self, n: usize, order: Range<usize>) {
        let file = self.text;
        let bytes = file.as_bytes();
        let start = bytes[..order.start]
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |i| i + 1);
        // The byte-order mark is not part of the first line (`text_lines`).
        let start = if start == 0 && file.starts_with('\u{feff}') {
            3
        } else {
            start
        };
        let end = memchr::memchr2(b'\n', b'\r', &bytes[order.end..])
            .map_or(bytes.len(), |i| order.end + i);
        self.errors.push(ParseError {
            line: n,
            column: file[start..order.start].chars().count() + 1,
            message: format!(
                "no power for `{}`: add a header line like `England:` or a prefix like `ENG:`",
                &file[order]
            ),
            text: file[start..end].to_string(),
        });
    }
}

/// Reads an orders file line by line into `sink` (see [`parse_orders`]).
///
/// [`parse_orders`]: crate::parse_orders
pub(super) fn read_file(map: &Map, text: &str, sink: &mut impl Sink) {
    let mut current: Option<PowerId> = None;
    let mut buffers = Buffers::default();
    // Made at the first line the fast path's tokens read: a file of the commonest lines only
    // never zeroes them.
    let mut toks: Option<fast::Toks> = None;
    // The lines are split as `text_lines` splits them, while they are read: a line's tokens
    // end at its end of line, which the tokenizer finds on its way. `pos` is where the line
    // being read starts.
    let bytes = text.as_bytes();
    let mut pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut n = 0;
    while pos < bytes.len() || n == 0 {
        n += 1;
        // The commonest lines first, read as one.
        match fast::simple(map, bytes, pos) {
            // A hold or a move after a power's prefix (`England: A lon H`), as common.
            Some((fast::Simple::Prefix(power), after, _)) => {
                if let Some((line, end, next)) =
                    fast::simple(map, bytes, after).filter(|(line, ..)| {
                        !matches!(line, fast::Simple::Header(_) | fast::Simple::Prefix(_))
                    })
                {
                    #[cfg(debug_assertions)]
                    check_fast(
                        map,
                        &text[pos..],
                        (&line.read_prefixed(Some(power), end - pos), &text[next..]),
                        current,
                        &mut buffers,
                    );
                    sink.simple(n, Some(power), line, pos..end);
                    pos = next;
                    continue;
                }
                // A support or a convoy after the prefix (`England: F nth S A yor - nwy`).
                if let Some((fast::Read::Order(None, shape, _, end), next)) =
                    fast::simple_line(map, &text[after..])
                {
                    let end = after + end as usize;
                    #[cfg(debug_assertions)]
                    check_fast(
                        map,
                        &text[pos..],
                        (
                            &fast::Read::Order(Some(power), shape, 0, (end - pos) as u32),
                            next,
                        ),
                        current,
                        &mut buffers,
                    );
                    sink.order(n, Some(power), shape.order(), pos..end);
                    pos = text.len() - next.len();
                    continue;
                }
            }
            Some((line, end, next)) => {
                #[cfg(debug_assertions)]
                check_fast(
                    map,
                    &text[pos..],
                    (&line.read(end - pos), &text[next..]),
                    current,
                    &mut buffers,
                );
                match line {
                    fast::Simple::Header(power) => current = Some(power),
                    _ => sink.simple(n, current, line, pos..end),
                }
                pos = next;
                continue;
            }
            None => {}
        }
        let rest = text.get(pos..).unwrap_or_default();
        // The common lines next, read from their bytes.
        let toks = toks.get_or_insert_with(fast::Toks::default);
        if let Some((read, next)) = fast::read_line(map, rest, toks) {
            #[cfg(debug_assertions)]
            check_fast(map, rest, (&read, next), current, &mut buffers);
            match read {
                fast::Read::Blank => {}
                fast::Read::Header(power) => current = Some(power),
                fast::Read::Order(power, shape, start, end) => {
                    let range = pos + start as usize..pos + end as usize;
                    sink.order(n, power.or(current), shape.order(), range);
                }
            }
            pos = text.len() - next.len();
            continue;
        }
        let (line, read, next) = read_line(map, rest, &mut buffers);
        pos = text.len() - next.len();
        match read {
            Line::Blank => {}
            Line::Header(power) => current = power,
            Line::Order(power, order, body) => {
                sink.order(n, power.or(current), order, offset_in(text, body))
            }
            Line::Error(f, header) => {
                if header {
                    current = None;
                }
                sink.error(ParseError {
                    line: n,
                    column: f.col,
                    message: f.msg,
                    text: line.to_string(),
                });
            }
        }
    }
    sink.finish();
}

/// Where `part`, a slice of `text`, lies in it.
fn offset_in(text: &str, part: &str) -> Range<usize> {
    let start = part.as_ptr() as usize - text.as_ptr() as usize;
    start..start + part.len()
}

/// What a line of an orders file holds.
#[derive(Debug, PartialEq)]
pub(super) enum Line<'s> {
    /// Nothing but white space or a comment.
    Blank,
    /// `England:`: the power of the lines that follow.
    Header(Option<PowerId>),
    /// An order, with the power of its prefix and the text of the order (trimmed, without its
    /// comment).
    Order(Option<PowerId>, Order, &'s str),
    /// An unreadable line; `true` if it is a header (`Unknown:`).
    Error(Fail, bool),
}

/// Reads the first line of `text` (up to `\n`, `\r\n`, `\r` or the end) into `buffers` (reused:
/// no allocation once they are large enough, besides what the order itself holds); returns the
/// line, what it holds, and the text after its end of line.
pub(super) fn read_line<'s>(
    map: &Map,
    text: &'s str,
    buffers: &mut Buffers,
) -> (&'s str, Line<'s>, &'s str) {
    if buffers.toks.capacity() == 0 {
        *buffers = Buffers::new();
    }
    let (p, rest) = Parser::first_line(map, text, buffers);
    (p.text, p.read(), rest)
}

/// Checks that the fast path read the first line of `text` as the general parser reads it
/// (`current` is the power before the line).
#[cfg(debug_assertions)]
fn check_fast(
    map: &Map,
    text: &str,
    (read, next): (&fast::Read, &str),
    current: Option<PowerId>,
    buffers: &mut Buffers,
) {
    let (_, general, rest) = read_line(map, text, buffers);
    let same = match (read, general) {
        (fast::Read::Blank, Line::Blank) => true,
        (fast::Read::Header(p), Line::Header(q)) => Some(*p) == q,
        (fast::Read::Order(p, shape, start, end), Line::Order(q, order, body)) => {
            (*p, shape.order(), &text[*start as usize..*end as usize]) == (q, order, body)
        }
        _ => false,
    };
    assert!(
        same && rest == next,
        "the fast path differs on {text:?} ({current:?})"
    );
}
