//! The order grammar: the ordered unit, the unit named in a support or a convoy (the one
//! ambiguous slot: `S ENG eng` is "the English unit in the English Channel", read by trying each
//! reading against the rest of the order; nationality and type kept as written, DATC 4.C), and
//! every kind of order after it.

use diplo_map::PowerId;

use super::keywords::{
    BUILD, CONVERT, CONVOY, CONVOY_WORD, DECLINE, DISBAND, HOLD, MOVE, PERMIT, RETREAT, SUPPORT,
    TO, VIA,
};
use super::parser::{Fail, Parser, R};
use crate::{Order, OtherUnit, Place, UnitRef};

impl<'m, 's> Parser<'m, 's> {
    // --- units -----------------------------------------------------------------------------

    /// The ordered unit: `A par`, `Army par`, `par`.
    fn unit(&self, i: usize, from: usize) -> R<(UnitRef, usize)> {
        let kind = self.kind_at(i);
        let j = if kind.is_some() { i + 1 } else { i };
        let at_j = self.province_at(j);
        if kind.is_some() && at_j.is_none() && self.province_at(i).is_some() {
            // A province that is spelt like a unit type (never on the standard map).
            let (place, k) = self.place(i, from)?;
            return Ok((UnitRef { kind: None, place }, k));
        }
        let (place, k) = match at_j {
            Some((province, next)) => self.place_of(province, next)?,
            None => self.no_province(j, from)?,
        };
        Ok((UnitRef { kind, place }, k))
    }

    /// Reading `n` of the unit named in a support or convoy at `i`, in order of preference:
    /// 0 `RUS A war`, 1 `A war` or `war`, 2 `RUS war` (`power` is what token `i` names);
    /// `None` where the reading does not apply.
    fn other_unit(
        &self,
        n: usize,
        power: Option<PowerId>,
        i: usize,
        from: usize,
    ) -> Option<R<(OtherUnit, usize)>> {
        let other = |power, kind, place| OtherUnit { power, kind, place };
        match n {
            0 => {
                let kind = self.kind_at(i + 1)?;
                let p = power?;
                Some(
                    self.place(i + 2, from)
                        .map(|(place, k)| (other(Some(p), Some(kind), place), k)),
                )
            }
            1 => Some(
                self.unit(i, from)
                    .map(|(u, k)| (other(None, u.kind, u.place), k)),
            ),
            _ => {
                let p = power.filter(|_| self.kind_at(i + 1).is_none())?;
                Some(
                    self.place(i + 1, from)
                        .map(|(place, k)| (other(Some(p), None, place), k)),
                )
            }
        }
    }

    /// Tries each reading of the other unit with `rest` (readings are made one at a time, and
    /// none after one that reads to the end); the first that reads to the end wins, else the
    /// error that got furthest, or, when no reading of the unit itself works, why.
    fn with_other<T>(
        &self,
        i: usize,
        from: usize,
        rest: impl Fn(OtherUnit, usize) -> R<T>,
    ) -> R<T> {
        let power = self.power_at(i);
        let (mut power_err, mut plain_err) = (None, None);
        let mut best: Option<Box<Fail>> = None;
        for n in 0..3 {
            match self.other_unit(n, power, i, from) {
                None => {}
                Some(Err(e)) if n == 1 => plain_err = Some(e),
                Some(Err(e)) => power_err = power_err.or(Some(e)),
                Some(Ok((other, k))) => match rest(other, k) {
                    Ok(x) => return Ok(x),
                    Err(e) => {
                        if best.as_ref().is_none_or(|b| e.col > b.col) {
                            best = Some(e);
                        }
                    }
                },
            }
        }
        let unread = if power.is_some() {
            power_err.or(plain_err)
        } else {
            plain_err.or(power_err)
        };
        Err(best.or(unread).unwrap_or_else(|| {
            Box::new(Fail {
                col: self.col(i),
                msg: "expected a unit".to_string(),
            })
        }))
    }

    fn end(&self, i: usize, from: usize) -> R<()> {
        if i < self.toks.len() {
            return self.fail(
                i,
                format!(
                    "expected end of order after `{}`, found {}",
                    self.context(from, i),
                    self.found(i)
                ),
            );
        }
        Ok(())
    }

    // --- orders ----------------------------------------------------------------------------

    /// Reads the order starting at token `s` (after any power prefix).
    pub(super) fn order(&self, s: usize) -> R<Order> {
        // Prefix verbs: Build, Waive/Decline, Disband/Remove.
        if self.kw(s, BUILD) {
            if self.kw(s + 1, DECLINE) {
                self.end(s + 2, s)?;
                return Ok(Order::Decline);
            }
            if s + 1 >= self.toks.len() {
                return self.fail(
                    s + 1,
                    format!(
                        "expected a unit to build or `waive` after `{}`, found end of order",
                        self.context(s, s + 1)
                    ),
                );
            }
            let (unit, k) = self.unit(s + 1, s)?;
            self.end(k, s)?;
            return Ok(Order::Build { unit });
        }
        if self.kw(s, DECLINE) {
            let k = if self.kw(s + 1, BUILD) { s + 2 } else { s + 1 };
            self.end(k, s)?;
            return Ok(Order::Decline);
        }
        if self.kw(s, DISBAND) {
            let (unit, k) = self.unit(s + 1, s)?;
            self.end(k, s)?;
            return Ok(Order::Disband { unit });
        }
        if self.kw(s, CONVERT) {
            let (unit, k) = self.unit(s + 1, s)?;
            self.end(k, s)?;
            return Ok(Order::Convert { unit });
        }
        if self.kw(s, PERMIT) {
            let permit = self.with_other(s + 1, s, |fleet, k| self.permit_rest(s, fleet, k));
            // `sc` may also be a province of some map: then the order is read as usual.
            if permit.is_ok() || self.province_at(s).is_none() {
                return permit;
            }
        }
        let (unit, j) = self.unit(s, s)?;
        if j >= self.toks.len() {
            return Ok(Order::Hold { unit });
        }
        if self.kw(j, HOLD) {
            self.end(j + 1, s)?;
            return Ok(Order::Hold { unit });
        }
        if self.is_move_op(j) {
            return self.move_rest(s, unit, j);
        }
        if let Some((railroad, k)) = self.railroad_at(j) {
            // `A Moscow TSR Vladivostok`: a railroad move written without dashes.
            return self.rail_rest(s, unit, railroad, k);
        }
        if self.kw(j, SUPPORT) {
            return self.with_other(j + 1, s, |supported, k| {
                self.support_rest(s, unit.clone(), supported, k)
            });
        }
        if self.kw(j, CONVOY) {
            return self.with_other(j + 1, s, |army, k| {
                self.convoy_rest(s, unit.clone(), army, k)
            });
        }
        if self.kw(j, RETREAT) {
            let k = if self.kw(j + 1, TO) { j + 2 } else { j + 1 };
            let (to, k) = self.place(k, s)?;
            self.end(k, s)?;
            return Ok(Order::Retreat { unit, to });
        }
        if self.kw(j, DISBAND) {
            self.end(j + 1, s)?;
            return Ok(Order::Disband { unit });
        }
        if self.kw(j, BUILD) {
            self.end(j + 1, s)?;
            return Ok(Order::Build { unit });
        }
        self.fail(
            j,
            format!(
                "expected `-`, `H`, `S`, `C`, `R`, `D` or end of order after `{}`, found {}",
                self.context(s, j),
                self.found(j)
            ),
        )
    }

    /// After a move operator: the destination, a convoy path, `via convoy`.
    fn move_rest(&self, s: usize, unit: UnitRef, j: usize) -> R<Order> {
        let mut k = self.skip_move_op(j);
        let (mut to, next) = match self.province_at(k) {
            Some((province, next)) => self.place_of(province, next)?,
            None => match self.railroad_at(k) {
                Some((railroad, next)) => return self.rail_rest(s, unit, railroad, next),
                None => self.no_province(k, s)?,
            },
        };
        k = next;
        let mut path = Vec::new();
        while self.is_move_op(k) {
            if to.coast.is_some() {
                return self.fail(
                    k,
                    format!(
                        "expected a province without a coast in the convoy path `{}`, found a coast",
                        self.context(s, k)
                    ),
                );
            }
            path.push(to.province);
            let op = self.skip_move_op(k);
            let (next_to, next) = self.place(op, s)?;
            to = next_to;
            k = next;
        }
        let mut via_convoy = false;
        if self.kw(k, VIA) {
            let by = self.norm(&self.toks[k]) == b"by";
            if self.kw(k + 1, CONVOY_WORD) {
                k += 2;
            } else if by {
                return self.fail(
                    k + 1,
                    format!(
                        "expected `convoy` after `{}`, found {}",
                        self.context(s, k + 1),
                        self.found(k + 1)
                    ),
                );
            } else {
                k += 1;
            }
            via_convoy = true;
        }
        if k < self.toks.len() {
            let expected = if via_convoy {
                "end of order"
            } else {
                "`-`, `via convoy` or end of order"
            };
            return self.fail(
                k,
                format!(
                    "expected {expected} after `{}`, found {}",
                    self.context(s, k),
                    self.found(k)
                ),
            );
        }
        Ok(Order::Move {
            unit,
            to,
            via_convoy,
            path,
        })
    }

    /// After a railroad's name: an optional move operator, then the destination.
    fn rail_rest(&self, s: usize, unit: UnitRef, railroad: usize, k: usize) -> R<Order> {
        let k = if self.is_move_op(k) {
            self.skip_move_op(k)
        } else {
            k
        };
        let (to, next) = self.place(k, s)?;
        self.end(next, s)?;
        Ok(Order::RailMove { unit, railroad, to })
    }

    /// After `SC` and the fleet: the move the permission is for.
    fn permit_rest(&self, s: usize, fleet: OtherUnit, k: usize) -> R<Order> {
        let to = self.destination_to_end(s, k, "fleet")?;
        Ok(Order::Permit { fleet, to })
    }

    /// A move operator, the destination of the named `unit` (`army`, `fleet`), and the end of
    /// the order.
    fn destination_to_end(&self, s: usize, k: usize, unit: &str) -> R<Place> {
        if !self.is_move_op(k) {
            return self.fail(
                k,
                format!(
                    "expected `-` and the {unit}'s destination after `{}`, found {}",
                    self.context(s, k),
                    self.found(k)
                ),
            );
        }
        let op = self.skip_move_op(k);
        let (to, next) = self.place(op, s)?;
        self.end(next, s)?;
        Ok(to)
    }

    /// Skips `-`, `->`, `move`, `move to`.
    fn skip_move_op(&self, j: usize) -> usize {
        if self.kw(j, MOVE) && self.kw(j + 1, TO) {
            j + 2
        } else {
            j + 1
        }
    }

    fn support_rest(&self, s: usize, unit: UnitRef, supported: OtherUnit, k: usize) -> R<Order> {
        if k >= self.toks.len() {
            return Ok(Order::SupportHold { unit, supported });
        }
        if self.kw(k, HOLD) {
            self.end(k + 1, s)?;
            return Ok(Order::SupportHold { unit, supported });
        }
        if self.is_move_op(k) {
            let op = self.skip_move_op(k);
            let (to, next) = self.place(op, s)?;
            self.end(next, s)?;
            return Ok(Order::SupportMove {
                unit,
                supported,
                to,
            });
        }
        self.fail(
            k,
            format!(
                "expected `-`, `H` or end of order after `{}`, found {}",
                self.context(s, k),
                self.found(k)
            ),
        )
    }

    fn convoy_rest(&self, s: usize, unit: UnitRef, army: OtherUnit, k: usize) -> R<Order> {
        let to = self.destination_to_end(s, k, "army")?;
        Ok(Order::Convoy { unit, army, to })
    }
}
