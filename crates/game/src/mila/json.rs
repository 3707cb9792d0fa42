//! MILA's and Cicero's saved games written in one walk over the game, into any [`Sink`]: JSON
//! text (objects' keys in the order `serde_json`'s maps keep them, sorted; strings escaped as it
//! escapes them, so the text is the one a `Value` would print), a `serde_json::Value`, or
//! Python's dicts and lists. The phases come from the history records' positions and orders as
//! the game knows them (`Game::played_phase`), not read back from their texts, then from the
//! phases adjudicated and not yet recorded that the caller holds.

use std::borrow::Cow;

use diplo_engine::{Position, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId};
use diplo_orders::Order;

use super::sink::Sink;
use super::words::{self, UpperNames};
use super::{mila_order, mila_results, short_phase};
use crate::{Game, PhaseOutcome};

/// Which saved-game format to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// MILA's `to_saved_game_format`.
    Mila,
    /// The Cicero data release's: MILA's with a version, press and scoring fields, and
    /// messages keyed by time.
    Cicero,
}

/// Writes the game's saved game into `sink`, with `rules` as its MILA rule names. `pending` are
/// phases adjudicated after the last one recorded in the history (oldest first;
/// `Game::adjudicate_unrecorded`), written as their records would be.
pub fn write<S: Sink>(
    game: &Game,
    pending: &[PhaseOutcome],
    flavour: Flavour,
    rules: &[String],
    sink: &mut S,
) -> Result<(), String> {
    let map = &game.map;
    let mut w = Writer::new(sink, map);
    w.sink.begin_object();
    w.entry_string("id", &format!("diplo-{}", map.name));
    if flavour == Flavour::Cicero {
        w.sink.fixed_key("is_full_press");
        w.sink.bool(false);
    }
    w.entry_string("map", &map.name);
    if flavour == Flavour::Cicero {
        w.sink.fixed_key("metadata");
        w.sink.begin_object();
        w.entry_string("exported_by", "diplo");
        w.entry_string("ruleset", &game.rules.name);
        w.sink.end_object();
    }
    w.sink.fixed_key("phases");
    w.sink.begin_array();
    for h in &game.history {
        let (pos, orders) = game.played_phase(h)?;
        let orders: Vec<(Option<PowerId>, &Order)> = orders.iter().map(|(p, o)| (*p, o)).collect();
        let results: Vec<&str> = h.results.iter().map(|r| r.result.as_str()).collect();
        w.phase(flavour, &pos, &orders, &results);
    }
    for o in pending {
        let results = &o.adjudication.results;
        let orders: Vec<(Option<PowerId>, &Order)> = (results.iter())
            .map(|r| (Some(r.power), &o.gathered.orders[r.index].1))
            .collect();
        let words: Vec<String> = results.iter().map(|r| r.words()).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        w.phase(flavour, &o.position, &orders, &words);
    }
    w.phase(flavour, &game.position, &[], &[]);
    w.sink.end_array();
    w.sink.fixed_key("rules");
    w.sink.begin_array();
    for r in rules {
        w.sink.string(r);
    }
    w.sink.end_array();
    w.entry_string("ruleset", &game.rules.name);
    if flavour == Flavour::Cicero {
        w.entry_string("scoring_system", "sum_of_squares");
        w.entry_string("version", "1.0");
    }
    w.sink.end_object();
    Ok(())
}

/// The state of a position in MILA's shape, into `sink`.
pub(super) fn state<S: Sink>(map: &Map, pos: &Position, sink: &mut S) {
    Writer::new(sink, map).state(pos, &short_phase(map, pos.phase));
}

/// The map's powers with their upper-case names, ordered by the name (the keys' order).
fn sorted_powers(map: &Map) -> Vec<(PowerId, String)> {
    let mut sorted: Vec<(PowerId, String)> = map
        .power_ids()
        .map(|p| (p, map.power(p).name.to_uppercase()))
        .collect();
    sorted.sort_by(|a, b| a.1.cmp(&b.1));
    sorted
}

/// The walk over a game, telling `sink` what it finds.
struct Writer<'a, S> {
    sink: &'a mut S,
    map: &'a Map,
    /// The powers in their keys' order, with their keys.
    powers: Vec<(PowerId, String)>,
    /// Every province's name in upper case.
    upper: UpperNames,
}

impl<'a, S: Sink> Writer<'a, S> {
    fn new(sink: &'a mut S, map: &'a Map) -> Writer<'a, S> {
        Writer {
            sink,
            map,
            powers: sorted_powers(map),
            upper: UpperNames::new(map),
        }
    }

    /// `"key":"value"`.
    fn entry_string(&mut self, key: &'static str, value: &str) {
        self.sink.fixed_key(key);
        self.sink.string(value);
    }

    /// An object with one entry per power, in the keys' order, each value written by `value`.
    fn per_power(&mut self, mut value: impl FnMut(&mut Self, PowerId)) {
        self.sink.begin_object();
        for i in 0..self.powers.len() {
            let p = self.powers[i].0;
            self.sink.power_key(p, &self.powers[i].1);
            value(self, p);
        }
        self.sink.end_object();
    }

    /// One phase: its messages (none), name, orders by power, results by unit and state.
    fn phase(
        &mut self,
        flavour: Flavour,
        pos: &Position,
        orders: &[(Option<PowerId>, &Order)],
        results: &[&str],
    ) {
        let name = short_phase(self.map, pos.phase);
        self.sink.begin_object();
        self.sink.fixed_key("messages");
        match flavour {
            Flavour::Mila => {
                self.sink.begin_array();
                self.sink.end_array();
            }
            Flavour::Cicero => {
                self.sink.begin_object();
                self.sink.end_object();
            }
        }
        self.entry_string("name", &name);
        // Each order's text, with the length of its unit's when it is known.
        let (mut texts, units): (Vec<String>, Vec<Option<usize>>) =
            (orders.iter()).map(|(_, o)| self.order_text(o)).unzip();
        // The results' keys, taken from the texts before the texts are handed to the sink.
        let keys = UnitKeys::new(orders, &texts, &units);
        self.sink.fixed_key("orders");
        self.per_power(|w, p| {
            w.sink
                .begin_array_of(orders.iter().filter(|(q, _)| *q == Some(p)).count());
            for ((q, _), text) in orders.iter().zip(&mut texts) {
                if *q == Some(p) {
                    w.sink.owned_string(std::mem::take(text));
                }
            }
            w.sink.end_array();
        });
        self.sink.fixed_key("results");
        self.results(&keys, results);
        self.sink.fixed_key("state");
        self.state(pos, &name);
        self.sink.end_object();
    }

    /// An order's MILA text, and the length of its unit's (`A PAR` of `A PAR - BUR`) when it is
    /// written directly (the orders of a game as diplo or MILA wrote them).
    fn order_text(&self, order: &Order) -> (String, Option<usize>) {
        let mut text = String::with_capacity(24);
        match words::write(self.map, &self.upper, order, &mut text) {
            Some(unit) => (text, Some(unit)),
            None => (mila_order(self.map, order), None),
        }
    }

    /// Each ordered unit's MILA result words, keyed by the unit (the order's first two
    /// words), in the keys' order; of two orders to one unit, the later one's.
    fn results(&mut self, keys: &UnitKeys, words: &[&str]) {
        let mut keyed: Vec<(&str, &str)> = (keys.at.iter())
            .map(|&(start, end, i)| (&keys.text[start as usize..end as usize], words[i as usize]))
            .collect();
        // Stable: of two orders to one unit, the later stays later.
        keyed.sort_by(|a, b| a.0.cmp(b.0));
        self.sink.begin_object();
        for (i, (key, w)) in keyed.iter().enumerate() {
            if keyed.get(i + 1).is_some_and(|next| next.0 == *key) {
                continue; // a later order to the same unit
            }
            self.sink.key(key);
            self.sink.begin_array();
            for word in mila_results(w) {
                self.sink.fixed_string(word);
            }
            self.sink.end_array();
        }
        self.sink.end_object();
    }

    /// The position's state in MILA's shape.
    fn state(&mut self, pos: &Position, name: &str) {
        let map = self.map;
        let counted = pos.counted_centres_by_power(map);
        let mut units = vec![0i64; map.powers().len()];
        for u in &pos.units {
            units[u.power.index()] += 1;
        }
        self.sink.begin_object();
        self.sink.fixed_key("builds");
        self.per_power(|w, p| {
            w.sink.begin_object();
            w.sink.fixed_key("count");
            w.sink.int(counted[p.index()] as i64 - units[p.index()]);
            w.sink.fixed_key("homes");
            w.sink.begin_array();
            w.sink.end_array();
            w.sink.end_object();
        });
        // Each power's provinces in the map's order: one pass over the owners, not one a power.
        let mut owned: Vec<(usize, ProvinceId)> = (map.province_ids())
            .filter_map(|c| pos.owners[c.index()].map(|p| (p.index(), c)))
            .collect();
        owned.sort_by_key(|&(p, _)| p); // stable: the map's order within a power
        self.sink.fixed_key("centers");
        self.per_power(|w, p| {
            let first = owned.partition_point(|&(q, _)| q < p.index());
            let theirs = owned[first..].iter().take_while(|&&(q, _)| q == p.index());
            w.sink.begin_array_of(counted[p.index()]);
            for &(_, c) in theirs {
                w.sink.province(c, w.upper.get(c));
            }
            w.sink.end_array();
        });
        self.sink.fixed_key("civil_disorder");
        self.sink.begin_object();
        self.sink.end_object();
        self.sink.fixed_key("homes");
        self.per_power(|w, p| {
            w.sink.begin_array_of(map.home_centres(p).len());
            for &c in map.home_centres(p) {
                w.sink.province(c, w.upper.get(c));
            }
            w.sink.end_array();
        });
        self.sink.fixed_key("influence");
        self.sink.begin_object();
        self.sink.end_object();
        self.entry_string("name", name);
        self.sink.fixed_key("retreats");
        self.per_power(|w, p| {
            let mut keys: Vec<String> = (pos.dislodged.iter())
                .filter(|d| d.unit.power == p)
                .map(|d| w.unit_text("", &d.unit))
                .collect();
            keys.sort();
            keys.dedup();
            w.sink.begin_object();
            for k in &keys {
                w.sink.key(k);
                w.sink.begin_array();
                w.sink.end_array();
            }
            w.sink.end_object();
        });
        self.sink.fixed_key("units");
        let dislodged = |p| pos.dislodged.iter().filter(|d| d.unit.power == p).count();
        self.per_power(|w, p| {
            w.sink
                .begin_array_of(units[p.index()] as usize + dislodged(p));
            for u in pos.units.iter().filter(|u| u.power == p) {
                let (sink, text) = (&mut *w.sink, || unit_text(map, &w.upper, "", u));
                sink.unit(u, text);
            }
            for d in pos.dislodged.iter().filter(|d| d.unit.power == p) {
                w.unit("*", &d.unit);
            }
            w.sink.end_array();
        });
        self.sink.end_object();
    }

    /// A unit as MILA writes it (`A PAR`, `F STP/SC`), with `prefix` (`*` for a dislodged unit).
    fn unit(&mut self, prefix: &str, u: &Unit) {
        let name = self.unit_text(prefix, u);
        self.sink.owned_string(name);
    }

    /// `A PAR`, `*F STP/SC`: a unit's letter and its location's upper-case name.
    fn unit_text(&self, prefix: &str, u: &Unit) -> String {
        unit_text(self.map, &self.upper, prefix, u)
    }
}

/// `A PAR`, `*F STP/SC`: a unit's letter and its location's upper-case name, with `prefix`.
fn unit_text(map: &Map, upper: &UpperNames, prefix: &str, u: &Unit) -> String {
    let at: Location = u.location;
    let name = upper.get(at.province);
    let mut s = String::with_capacity(prefix.len() + 2 + name.len() + 3);
    s.push_str(prefix);
    s.push(u.kind.letter());
    s.push(' ');
    s.push_str(name);
    if let Some(c) = at.coast {
        s.push('/');
        let coast = &map.province(at.province).coasts[c as usize].name;
        s.extend(coast.chars().flat_map(char::to_uppercase));
    }
    s
}

/// The units a phase's orders order (each a MILA text's first two words: `A PAR` of
/// `A PAR - BUR`), one after the other in one text, with where each is and its order's index;
/// only orders to a unit have one.
struct UnitKeys {
    text: String,
    at: Vec<(u32, u32, u32)>,
}

impl UnitKeys {
    /// The keys of `orders`, whose texts are `texts`; `units`: each text's unit's length when
    /// known (the key is then the text's start, unless the unit's name holds a space).
    fn new(
        orders: &[(Option<PowerId>, &Order)],
        texts: &[String],
        units: &[Option<usize>],
    ) -> UnitKeys {
        let mut keys = UnitKeys {
            text: String::with_capacity(8 * texts.len()),
            at: Vec::with_capacity(texts.len()),
        };
        for (i, ((_, o), text)) in orders.iter().zip(texts).enumerate() {
            if o.unit().is_some() {
                let start = keys.text.len() as u32;
                match units[i].and_then(|n| text.get(..n)) {
                    // `A ` then a name with no space: the first two words.
                    Some(unit) if !unit.get(2..).unwrap_or(" ").contains(char::is_whitespace) => {
                        keys.text.push_str(unit)
                    }
                    _ => keys.text.push_str(&unit_key(text)),
                }
                keys.at.push((start, keys.text.len() as u32, i as u32));
            }
        }
        keys
    }
}

/// The unit an order's MILA text names: its first two words joined by a space (`A PAR` of
/// `A PAR - BUR`), borrowed from the text when it is written so.
fn unit_key(text: &str) -> Cow<'_, str> {
    let mut words = text.split_whitespace();
    match (words.next(), words.next()) {
        (Some(a), Some(b)) => {
            let len = a.len() + 1 + b.len();
            let after = text.get(a.len() + 1..).unwrap_or("");
            if text.starts_with(a) && text[a.len()..].starts_with(' ') && after.starts_with(b) {
                Cow::Borrowed(&text[..len])
            } else {
                Cow::Owned(format!("{a} {b}"))
            }
        }
        (Some(a), None) => Cow::Borrowed(a),
        (None, _) => Cow::Borrowed(""),
    }
}
