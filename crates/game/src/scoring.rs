//! Scoring systems, and hashes of a position and of a game's orders: what AI research scores
//! and deduplicates games by.
//!
//! A score is worked out from the supply centres each power owns. A solo (a power owning the
//! map's victory centres or more) gives that power everything under every system.

use std::fmt::Write;

use diplo_engine::Position;
use diplo_map::Map;

use crate::file::PhaseRecordFile;

/// A way to score a game from the centres each power owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Sum of squares: each power's centres squared, over the sum of every power's centres
    /// squared (fractions adding to 1).
    SumOfSquares,
    /// Draw size: the powers owning a centre share the draw equally (fractions adding to 1).
    DrawSize,
    /// C-Diplo: a point a centre, and 38, 14 and 7 points to the first, second and third
    /// power by centres (powers tied at a rank share its points and the next ones'); a solo
    /// is worth 100 points.
    CDiplo,
}

impl Scoring {
    /// Every system's name, as [`Scoring::parse`] reads it.
    pub const NAMES: [&'static str; 3] = ["sum-of-squares", "draw-size", "c-diplo"];

    /// The system named `name` (`sum-of-squares`, `draw-size`, `c-diplo`; `_` for `-` and
    /// any case read too).
    pub fn parse(name: &str) -> Result<Scoring, String> {
        match name.to_lowercase().replace('_', "-").as_str() {
            "sum-of-squares" | "sos" => Ok(Scoring::SumOfSquares),
            "draw-size" | "dss" => Ok(Scoring::DrawSize),
            "c-diplo" | "cdiplo" => Ok(Scoring::CDiplo),
            _ => Err(format!(
                "scoring `{name}`: expected one of {}",
                Scoring::NAMES.join(", ")
            )),
        }
    }

    /// Each power's score from its centres (`centres[i]`: power i's count); `victory` is the
    /// number of centres that wins alone.
    pub fn scores(self, centres: &[u32], victory: u32) -> Vec<f64> {
        let solo = centres.iter().position(|&c| c >= victory && victory > 0);
        let win = if self == Scoring::CDiplo { 100.0 } else { 1.0 };
        if let Some(w) = solo {
            return (0..centres.len())
                .map(|i| if i == w { win } else { 0.0 })
                .collect();
        }
        match self {
            Scoring::SumOfSquares => share(centres.iter().map(|&c| f64::from(c * c))),
            Scoring::DrawSize => share(centres.iter().map(|&c| f64::from(u8::from(c > 0)))),
            Scoring::CDiplo => c_diplo(centres),
        }
    }
}

/// The values as fractions of their sum (all 0 when the sum is).
fn share(values: impl Iterator<Item = f64>) -> Vec<f64> {
    let values: Vec<f64> = values.collect();
    let total: f64 = values.iter().sum();
    values
        .iter()
        .map(|v| if total > 0.0 { v / total } else { 0.0 })
        .collect()
}

/// C-Diplo points without a solo.
fn c_diplo(centres: &[u32]) -> Vec<f64> {
    const RANKS: [f64; 3] = [38.0, 14.0, 7.0];
    let mut out: Vec<f64> = centres.iter().map(|&c| f64::from(c)).collect();
    for (i, &c) in centres.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let above = centres.iter().filter(|&&d| d > c).count();
        let tied = centres.iter().filter(|&&d| d == c).count();
        let points: f64 = (above..above + tied).filter_map(|r| RANKS.get(r)).sum();
        out[i] += points / tied as f64;
    }
    out
}

/// Each power's supply centre count, in map order.
pub fn centre_counts(map: &Map, pos: &Position) -> Vec<u32> {
    let mut counts = vec![0u32; map.powers().len()];
    for p in pos.owners.iter().flatten() {
        counts[p.index()] += 1;
    }
    counts
}

/// FNV-1a, 64 bits: stable from run to run and machine to machine.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A hash of the position: phase, units, dislodged units (with where their attackers came
/// from) and centre owners. Equal positions hash equal, whatever order the units are kept in.
pub fn position_hash(map: &Map, pos: &Position) -> u64 {
    let mut units: Vec<String> = pos
        .units
        .iter()
        .map(|u| format!("{} {}", map.power(u.power).name, u.short(map)))
        .collect();
    units.sort();
    let mut dislodged: Vec<String> = pos
        .dislodged
        .iter()
        .map(|d| {
            let from = &map.province(d.attacker_from).name;
            let via = if d.by_convoy { " by convoy" } else { "" };
            format!(
                "{} {} from {from}{via}",
                map.power(d.unit.power).name,
                d.unit.short(map)
            )
        })
        .collect();
    dislodged.sort();
    let mut contested: Vec<&str> = pos
        .contested
        .iter()
        .map(|&p| map.province(p).name.as_str())
        .collect();
    contested.sort();
    let mut text = format!(
        "{}\n{}\n{}\n{}\n",
        pos.phase.name(map),
        units.join(";"),
        dislodged.join(";"),
        contested.join(";")
    );
    for (i, owner) in pos.owners.iter().enumerate() {
        if let Some(p) = owner {
            let _ = write!(text, "{}={};", map.provinces()[i].name, map.power(*p).name);
        }
    }
    fnv(&text)
}

/// A hash of the orders of the phases played, in order: each phase's name and each order
/// with its power. Two games with the same orders hash equal.
pub fn order_history_hash(history: &[PhaseRecordFile]) -> u64 {
    let mut text = String::new();
    for record in history {
        let _ = writeln!(text, "{}", record.phase);
        for r in &record.results {
            let _ = writeln!(text, "{}: {}", r.power, r.order);
        }
    }
    fnv(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_of_squares_and_draw_size() {
        let s = Scoring::SumOfSquares.scores(&[3, 4, 0], 18);
        assert_eq!(s, vec![9.0 / 25.0, 16.0 / 25.0, 0.0]);
        assert_eq!(
            Scoring::DrawSize.scores(&[3, 4, 0, 1], 18),
            vec![1.0 / 3.0, 1.0 / 3.0, 0.0, 1.0 / 3.0]
        );
        assert_eq!(
            Scoring::DrawSize.scores(&[18, 4, 0], 18),
            vec![1.0, 0.0, 0.0]
        );
    }

    #[test]
    fn c_diplo_shares_tied_ranks() {
        // 10 first (38), two tied at 8 share 14 + 7, 5 fourth gets nothing.
        let s = Scoring::CDiplo.scores(&[10, 8, 8, 5, 0], 18);
        assert_eq!(s, vec![48.0, 18.5, 18.5, 5.0, 0.0]);
        assert_eq!(Scoring::CDiplo.scores(&[18, 4], 18), vec![100.0, 0.0]);
    }

    #[test]
    fn names() {
        assert_eq!(Scoring::parse("SUM_OF_SQUARES"), Ok(Scoring::SumOfSquares));
        assert!(Scoring::parse("elo").unwrap_err().contains("c-diplo"));
    }
}
