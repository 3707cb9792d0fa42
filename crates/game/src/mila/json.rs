//! MILA's and Cicero's saved-game JSON written straight into one `String`, with no
//! `serde_json::Value` tree between: objects' keys in the order `serde_json`'s maps keep them
//! (sorted), strings escaped as it escapes them, so the text is the one `Value` would print.
//! The phases come from the history records' positions and orders as the game knows them
//! (`Game::played_phase`), not read back from their texts.

use std::fmt::Write;

use diplo_engine::{Position, Unit};
use diplo_map::{Location, Map, PowerId};
use diplo_orders::Order;

use super::{mila_order, mila_results, short_phase};
use crate::Game;

/// Which saved-game format to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// MILA's `to_saved_game_format`.
    Mila,
    /// The Cicero data release's: MILA's with a version, press and scoring fields, and
    /// messages keyed by time.
    Cicero,
}

/// The game's saved game as JSON text (compact), with `rules` as its MILA rule names.
pub fn write(game: &Game, flavour: Flavour, rules: &[String]) -> Result<String, String> {
    let map = &game.map;
    let powers = Powers::new(map);
    let mut w = Writer {
        out: String::with_capacity(4096 * (game.history.len() + 1)),
    };
    w.raw("{\"id\":");
    w.string(&format!("diplo-{}", map.name));
    if flavour == Flavour::Cicero {
        w.raw(",\"is_full_press\":false");
    }
    w.raw(",\"map\":");
    w.string(&map.name);
    if flavour == Flavour::Cicero {
        w.raw(",\"metadata\":{\"exported_by\":\"diplo\",\"ruleset\":");
        w.string(&game.rules.name);
        w.raw("}");
    }
    w.raw(",\"phases\":[");
    let messages = match flavour {
        Flavour::Mila => "[]",
        Flavour::Cicero => "{}",
    };
    for h in &game.history {
        let (pos, orders) = game.played_phase(h)?;
        let results: Vec<&str> = h.results.iter().map(|r| r.result.as_str()).collect();
        w.phase(map, &powers, &pos, &orders, &results, messages);
        w.raw(",");
    }
    w.phase(map, &powers, &game.position, &[], &[], messages);
    w.raw("],\"rules\":[");
    for (i, r) in rules.iter().enumerate() {
        if i > 0 {
            w.raw(",");
        }
        w.string(r);
    }
    w.raw("],\"ruleset\":");
    w.string(&game.rules.name);
    if flavour == Flavour::Cicero {
        w.raw(",\"scoring_system\":\"sum_of_squares\",\"version\":\"1.0\"");
    }
    w.raw("}");
    Ok(w.out)
}

/// The state of a position in MILA's shape, as JSON text.
pub(super) fn state_text(map: &Map, pos: &Position) -> String {
    let mut w = Writer { out: String::new() };
    w.state(map, &Powers::new(map), pos, &short_phase(map, pos.phase));
    w.out
}

/// The map's powers in the order of their upper-case names (the keys' order), with the
/// homes object every phase repeats.
struct Powers {
    /// Each power and its upper-case name, ordered by the name.
    sorted: Vec<(PowerId, String)>,
    /// `{"AUSTRIA":["BUD","TRI","VIE"],...}`.
    homes: String,
}

impl Powers {
    fn new(map: &Map) -> Powers {
        let mut sorted: Vec<(PowerId, String)> = map
            .power_ids()
            .map(|p| (p, map.power(p).name.to_uppercase()))
            .collect();
        sorted.sort_by(|a, b| a.1.cmp(&b.1));
        let mut w = Writer { out: String::new() };
        w.object(&sorted, |w, p| {
            w.raw("[");
            for (i, &c) in map.home_centres(p).iter().enumerate() {
                if i > 0 {
                    w.raw(",");
                }
                w.upper(&map.province(c).name, None);
            }
            w.raw("]");
        });
        Powers {
            sorted,
            homes: w.out,
        }
    }
}

/// The text being written.
struct Writer {
    out: String,
}

impl Writer {
    fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// `s` as a JSON string.
    fn string(&mut self, s: &str) {
        if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
            self.out.push('"');
            self.out.push_str(s);
            self.out.push('"');
        } else {
            self.out
                .push_str(&serde_json::to_string(s).expect("a string serializes"));
        }
    }

    /// `name` (then `/` and `coast`) in upper case, as a JSON string.
    fn upper(&mut self, name: &str, coast: Option<&str>) {
        let plain = |s: &str| {
            s.bytes()
                .all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\')
        };
        if plain(name) && coast.is_none_or(plain) {
            self.out.push('"');
            self.push_upper(name);
            if let Some(c) = coast {
                self.out.push('/');
                self.push_upper(c);
            }
            self.out.push('"');
        } else {
            let mut s = name.to_uppercase();
            if let Some(c) = coast {
                s.push('/');
                s.push_str(&c.to_uppercase());
            }
            self.string(&s);
        }
    }

    /// An ASCII name in upper case.
    fn push_upper(&mut self, s: &str) {
        self.out
            .extend(s.bytes().map(|b| b.to_ascii_uppercase() as char));
    }

    /// A unit as MILA writes it (`A PAR`, `F STP/SC`), with `prefix` (`*` for a dislodged unit).
    fn unit(&mut self, map: &Map, prefix: &str, u: &Unit) {
        let name = unit_text(map, prefix, u.kind.letter(), u.location);
        self.string(&name);
    }

    /// An object with one entry per power, in the keys' order, each value written by `value`.
    fn object(&mut self, powers: &[(PowerId, String)], mut value: impl FnMut(&mut Self, PowerId)) {
        self.raw("{");
        for (i, (p, key)) in powers.iter().enumerate() {
            if i > 0 {
                self.raw(",");
            }
            self.string(key);
            self.raw(":");
            value(self, *p);
        }
        self.raw("}");
    }

    /// One phase: its name, state, orders by power and results by unit.
    fn phase(
        &mut self,
        map: &Map,
        powers: &Powers,
        pos: &Position,
        orders: &[(Option<PowerId>, Order)],
        results: &[&str],
        messages: &str,
    ) {
        let name = short_phase(map, pos.phase);
        self.raw("{\"messages\":");
        self.raw(messages);
        self.raw(",\"name\":");
        self.string(&name);
        let texts: Vec<String> = orders.iter().map(|(_, o)| mila_order(map, o)).collect();
        self.raw(",\"orders\":");
        self.object(&powers.sorted, |w, p| {
            w.raw("[");
            let mine = orders
                .iter()
                .zip(&texts)
                .filter(|((q, _), _)| *q == Some(p));
            for (i, (_, text)) in mine.enumerate() {
                if i > 0 {
                    w.raw(",");
                }
                w.string(text);
            }
            w.raw("]");
        });
        self.raw(",\"results\":");
        self.results(orders, &texts, results);
        self.raw(",\"state\":");
        self.state(map, powers, pos, &name);
        self.raw("}");
    }

    /// Each ordered unit's MILA result words, keyed by the unit (the order's first two
    /// words), in the keys' order; of two orders to one unit, the later one's.
    fn results(&mut self, orders: &[(Option<PowerId>, Order)], texts: &[String], words: &[&str]) {
        let mut keyed: Vec<(String, &str)> = orders
            .iter()
            .zip(texts)
            .zip(words)
            .filter(|(((_, o), _), _)| o.unit().is_some())
            .map(|((_, text), w)| {
                let key = text
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                (key, *w)
            })
            .collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        self.raw("{");
        let mut first = true;
        for (i, (key, w)) in keyed.iter().enumerate() {
            if keyed.get(i + 1).is_some_and(|next| next.0 == *key) {
                continue; // a later order to the same unit
            }
            if !first {
                self.raw(",");
            }
            first = false;
            self.string(key);
            self.raw(":[");
            for (j, word) in mila_results(w).iter().enumerate() {
                if j > 0 {
                    self.raw(",");
                }
                self.string(word);
            }
            self.raw("]");
        }
        self.raw("}");
    }

    /// The position's state in MILA's shape.
    fn state(&mut self, map: &Map, powers: &Powers, pos: &Position, name: &str) {
        let counted = pos.counted_centres_by_power(map);
        let mut units = vec![0i64; map.powers().len()];
        for u in &pos.units {
            units[u.power.index()] += 1;
        }
        self.raw("{\"builds\":");
        self.object(&powers.sorted, |w, p| {
            let count = counted[p.index()] as i64 - units[p.index()];
            w.raw("{\"count\":");
            let _ = write!(w.out, "{count}");
            w.raw(",\"homes\":[]}");
        });
        self.raw(",\"centers\":");
        self.object(&powers.sorted, |w, p| {
            w.raw("[");
            let owned = map
                .province_ids()
                .filter(|c| pos.owners[c.index()] == Some(p));
            for (i, c) in owned.enumerate() {
                if i > 0 {
                    w.raw(",");
                }
                w.upper(&map.province(c).name, None);
            }
            w.raw("]");
        });
        self.raw(",\"civil_disorder\":{},\"homes\":");
        self.raw(&powers.homes);
        self.raw(",\"influence\":{},\"name\":");
        self.string(name);
        self.raw(",\"retreats\":");
        self.object(&powers.sorted, |w, p| {
            let mut keys: Vec<String> = (pos.dislodged.iter())
                .filter(|d| d.unit.power == p)
                .map(|d| unit_text(map, "", d.unit.kind.letter(), d.unit.location))
                .collect();
            keys.sort();
            keys.dedup();
            w.raw("{");
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    w.raw(",");
                }
                w.string(k);
                w.raw(":[]");
            }
            w.raw("}");
        });
        self.raw(",\"units\":");
        self.object(&powers.sorted, |w, p| {
            w.raw("[");
            let mut first = true;
            let mut sep = |w: &mut Writer| {
                if !std::mem::take(&mut first) {
                    w.raw(",");
                }
            };
            for u in pos.units.iter().filter(|u| u.power == p) {
                sep(w);
                w.unit(map, "", u);
            }
            for d in pos.dislodged.iter().filter(|d| d.unit.power == p) {
                sep(w);
                w.unit(map, "*", &d.unit);
            }
            w.raw("]");
        });
        self.raw("}");
    }
}

/// `A PAR`, `*F STP/SC`: a unit's letter and its location's upper-case name.
fn unit_text(map: &Map, prefix: &str, letter: char, at: Location) -> String {
    let p = map.province(at.province);
    let mut s = String::with_capacity(prefix.len() + 2 + p.name.len() + 3);
    s.push_str(prefix);
    s.push(letter);
    s.push(' ');
    s.push_str(&p.name.to_uppercase());
    if let Some(c) = at.coast {
        s.push('/');
        s.push_str(&p.coasts[c as usize].name.to_uppercase());
    }
    s
}
