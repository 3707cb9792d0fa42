//! MILA's and Cicero's saved games written in one walk over the game, into any [`Sink`]: JSON
//! text (objects' keys in the order `serde_json`'s maps keep them, sorted; strings escaped as it
//! escapes them, so the text is the one a `Value` would print), a `serde_json::Value`, or
//! Python's dicts and lists. The phases come from the history records' positions and orders as
//! the game knows them (`Game::played_phase`), not read back from their texts, then from the
//! phases adjudicated and not yet recorded that the caller holds.

use std::borrow::Cow;

use diplo_engine::{Adjudication, OrderResult, PhaseKind, Position, Resolution, Unit};
use diplo_map::{Location, Map, PowerId, ProvinceId};
use diplo_orders::Order;
use diplo_rules::Ruleset;

use super::codes::{self, Judged};
use super::sink::Sink;
use super::words::{self, UpperNames};
use super::{mila_order, short_phase};
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
    let id = format!("diplo-{}", map.name);
    // As MILA's: the rules that say how a game is hosted, not played, left out.
    let rules: Vec<&str> = (rules.iter().map(String::as_str))
        .filter(|r| !RULES_NOT_SAVED.contains(r))
        .collect();
    let mut w = Writer::new(sink, map, &game.rules);
    if flavour == Flavour::Mila {
        w.labels = Some((&id, &rules));
    }
    w.sink.begin_object();
    w.entry_string("id", &id);
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
    // Each phase's results need the position it led to: the next phase's.
    let recorded: Vec<_> = (game.history.iter())
        .map(|h| game.played_phase(h))
        .collect::<Result<_, _>>()?;
    let first_pending = pending.first().map_or(&game.position, |o| &o.position);
    let after = |i: usize| recorded.get(i + 1).map_or(first_pending, |(pos, _)| &**pos);
    w.influence_from(recorded.first().map_or(first_pending, |(pos, _)| &**pos));
    for (i, (h, (pos, orders))) in game.history.iter().zip(&recorded).enumerate() {
        let orders: Vec<(Option<PowerId>, &Order)> = orders.iter().map(|(p, o)| (*p, o)).collect();
        let results: Vec<(&str, &str)> = (h.results.iter())
            .map(|r| (r.result.as_str(), r.reason.as_str()))
            .collect();
        w.phase(flavour, pos, Some(after(i)), &orders, &results);
    }
    for (k, o) in pending.iter().enumerate() {
        let (orders, words) = pending_phase(map, o);
        let words = borrowed(&words);
        let next = pending.get(k + 1).map_or(&game.position, |n| &n.position);
        w.phase(flavour, &o.position, Some(next), &orders, &words);
    }
    w.phase(flavour, &game.position, None, &[], &[]);
    w.sink.end_array();
    w.sink.fixed_key("rules");
    w.rules_list(&rules);
    w.entry_string("ruleset", &game.rules.name);
    if flavour == Flavour::Cicero {
        w.entry_string("scoring_system", "sum_of_squares");
        w.entry_string("version", "1.0");
    }
    w.sink.end_object();
    Ok(())
}

/// A phase's orders, each with the power that gave it.
type Ordered<'o> = Vec<(Option<PowerId>, &'o Order)>;

/// Each result's words and reason, borrowed (as [`judged`] reads them).
fn borrowed(words: &[(String, String)]) -> Vec<(&str, &str)> {
    (words.iter())
        .map(|(w, r)| (w.as_str(), r.as_str()))
        .collect()
}

/// A phase adjudicated and not recorded: its orders, each with its power, and each one's
/// result words and the reason MILA's codes read.
fn pending_phase<'o>(map: &Map, o: &'o PhaseOutcome) -> (Ordered<'o>, Vec<(String, String)>) {
    adjudicated(map, &o.gathered.orders, &o.adjudication)
}

/// The orders of `given` that `adj` judged, each with its power, in the results' order, and
/// each one's result words and the reason MILA's codes read.
fn adjudicated<'o>(
    map: &Map,
    given: &'o [(PowerId, Order)],
    adj: &Adjudication,
) -> (Ordered<'o>, Vec<(String, String)>) {
    let judged = (adj.results.iter()).filter_map(|r| Some((r, &given.get(r.index)?.1)));
    judged
        .map(|(r, order)| {
            let words = (r.words(), convoy_reason(map, r, order));
            ((Some(r.power), order), words)
        })
        .unzip()
}

/// One phase in MILA's codes, from its adjudication alone (no game around it): `pos`
/// adjudicated with `given` (each order with the power that gave it) into `adj`. `destroyed`:
/// the units the movement phase just before destroyed for want of a retreat (the second half
/// of this function's answer for that phase; MILA disbands them in this phase if it is a
/// retreat or adjustment phase). Returns each key with its codes, in the keys' order, and the
/// units this phase destroyed (none unless it is a movement phase).
pub fn phase_codes(
    map: &Map,
    pos: &Position,
    given: &[(PowerId, Order)],
    adj: &Adjudication,
    destroyed: &[Unit],
) -> (Vec<(String, Vec<&'static str>)>, Vec<Unit>) {
    let upper = UpperNames::new(map);
    let (orders, words) = adjudicated(map, given, adj);
    let mut carry = codes::Carry::after_destroying(destroyed.to_vec());
    let mut out = codes::Results::default();
    let phase = (pos, &adj.next);
    code_phase(
        map,
        &upper,
        phase,
        &orders,
        &borrowed(&words),
        &mut carry,
        &mut out,
    );
    (out.keyed(), carry.destroyed())
}

/// The phase of `pos` that led to `next` in MILA's codes, into `out`, from its orders and
/// their results (words and reason), with what `carry` keeps between phases.
fn code_phase(
    map: &Map,
    upper: &UpperNames,
    phase: (&Position, &Position),
    orders: &[(Option<PowerId>, &Order)],
    results: &[(&str, &str)],
    carry: &mut codes::Carry,
    out: &mut codes::Results,
) {
    let texts: Vec<String> = (orders.iter())
        .map(|(_, o)| order_text(map, upper, o))
        .collect();
    let judged = judged(orders, &texts, results);
    codes::codes(map, upper, phase, &judged, carry, out);
}

/// The results of the last phase adjudicated (the last of `pending`, else of the history) in
/// MILA's codes, each key with its codes, in the keys' order: that phase's `results` in
/// [`write()`]'s saved game, worked out from it and the phase before it alone. None before the
/// first phase.
pub fn last_results(
    game: &Game,
    pending: &[PhaseOutcome],
) -> Result<Vec<(String, Vec<&'static str>)>, String> {
    let map = &game.map;
    let upper = UpperNames::new(map);
    let (mut carry, mut out) = (codes::Carry::default(), codes::Results::default());
    let recorded = game.history.len();
    let total = recorded + pending.len();
    // The position each phase started from.
    let start = |i: usize| -> Result<Cow<'_, Position>, String> {
        Ok(
            match (game.history.get(i), pending.get(i.wrapping_sub(recorded))) {
                (Some(h), _) => game.played_phase(h)?.0,
                (None, Some(o)) => Cow::Borrowed(&o.position),
                (None, None) => Cow::Borrowed(&game.position),
            },
        )
    };
    // A movement phase tells the retreat or adjustment phase after it whom it destroyed: that
    // one's results need it worked out first.
    let kind = |i: usize| start(i).map(|pos| pos.phase.kind);
    let from = match total {
        0 => return Ok(Vec::new()),
        1 => 0,
        _ if kind(total - 1)? != PhaseKind::Movement && kind(total - 2)? == PhaseKind::Movement => {
            total - 2
        }
        _ => total - 1,
    };
    for i in from..total {
        let next = start(i + 1)?;
        let (played, words);
        let (pos, orders, results): (&Position, Ordered<'_>, Vec<(&str, &str)>) =
            match game.history.get(i) {
                Some(h) => {
                    played = game.played_phase(h)?;
                    let orders = played.1.iter().map(|(p, o)| (*p, o)).collect();
                    let results = (h.results.iter())
                        .map(|r| (r.result.as_str(), r.reason.as_str()))
                        .collect();
                    (&*played.0, orders, results)
                }
                None => {
                    let o = &pending[i - recorded];
                    let orders;
                    (orders, words) = pending_phase(map, o);
                    let results = borrowed(&words);
                    (&o.position, orders, results)
                }
            };
        let phase = (pos, &*next);
        code_phase(map, &upper, phase, &orders, &results, &mut carry, &mut out);
    }
    Ok(out.keyed())
}

/// A phase's orders with their MILA texts and results, as [`codes::codes`] reads them.
fn judged<'a>(
    orders: &'a [(Option<PowerId>, &'a Order)],
    texts: &'a [String],
    results: &'a [(&'a str, &'a str)],
) -> Vec<Judged<'a>> {
    (orders.iter().zip(texts).zip(results))
        .map(|(((power, order), text), &(words, reason))| Judged {
            power: *power,
            order,
            text,
            words,
            reason,
        })
        .collect()
}

/// An order's MILA text: written directly (the orders of a game as diplo or MILA wrote them),
/// else the general way.
fn order_text(map: &Map, upper: &UpperNames, order: &Order) -> String {
    let mut text = String::with_capacity(24);
    match words::write(map, upper, order, &mut text) {
        Some(_) => text,
        None => mila_order(map, order),
    }
}

/// The state of a position in MILA's shape, into `sink`: build sites as the DATC's ruleset
/// has them (the map's build rule), each power influencing where its units stand.
pub(super) fn state<S: Sink>(map: &Map, pos: &Position, sink: &mut S) {
    let rules = Ruleset::datc();
    let mut w = Writer::new(sink, map, &rules);
    w.influence_from(pos);
    w.state(pos, &short_phase(map, pos.phase));
}

/// The MILA rules its saved game leaves out (they say how a game is hosted, not played).
pub const RULES_NOT_SAVED: [&str; 5] = [
    "SOLITAIRE",
    "NO_DEADLINE",
    "CD_DUMMIES",
    "ALWAYS_WAIT",
    "IGNORE_ERRORS",
];

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
    /// The game's rules (where a power may build).
    rules: &'a Ruleset,
    /// The powers in their keys' order, with their keys.
    powers: Vec<(PowerId, String)>,
    /// Every province's name in upper case.
    upper: UpperNames,
    /// What the results of a phase need of the phase before.
    carry: codes::Carry,
    /// The results of the phase being written.
    results: codes::Results,
    /// Per power: the provinces it influences, MILA's `influence` (those its units stood in
    /// last, in the order they came), as of the phase being written.
    influence: Vec<Vec<ProvinceId>>,
    /// The game's id and MILA rules, written into each phase's state as MILA's saved game
    /// does (None: not written, as in Cicero's).
    labels: Option<(&'a str, &'a [&'a str])>,
}

impl<'a, S: Sink> Writer<'a, S> {
    fn new(sink: &'a mut S, map: &'a Map, rules: &'a Ruleset) -> Writer<'a, S> {
        Writer {
            sink,
            map,
            rules,
            powers: sorted_powers(map),
            upper: UpperNames::new(map),
            carry: Default::default(),
            results: Default::default(),
            influence: vec![Vec::new(); map.powers().len()],
            labels: None,
        }
    }

    /// A list of rule names.
    fn rules_list(&mut self, rules: &[&str]) {
        self.sink.begin_array_of(rules.len());
        for r in rules {
            self.sink.string(r);
        }
        self.sink.end_array();
    }

    /// Each power influencing the provinces its units stand in at `pos` (a game's start).
    fn influence_from(&mut self, pos: &Position) {
        for (p, list) in self.influence.iter_mut().enumerate() {
            list.clear();
            let theirs = pos.units.iter().filter(|u| u.power.index() == p);
            list.extend(theirs.map(|u| u.location.province));
        }
    }

    /// The influence after the phase of `pos`: each province a unit moved or retreated into is
    /// its power's (the last in its list) and no other's, the powers taken in their keys' order.
    fn visit(
        &mut self,
        pos: &Position,
        orders: &[(Option<PowerId>, &Order)],
        results: &[(&str, &str)],
    ) {
        for k in 0..self.powers.len() {
            let p = self.powers[k].0;
            for ((power, order), &(words, _)) in orders.iter().zip(results) {
                let to = match (pos.phase.kind, order) {
                    (PhaseKind::Movement | PhaseKind::Retreat, Order::Move { to, .. })
                    | (PhaseKind::Retreat, Order::Retreat { to, .. }) => to.province,
                    _ => continue,
                };
                if *power != Some(p) || words != "succeeds" {
                    continue;
                }
                for list in &mut self.influence {
                    list.retain(|&c| c != to);
                }
                self.influence[p.index()].push(to);
            }
        }
    }

    /// `"key":"value"`.
    fn entry_string(&mut self, key: &'static str, value: &str) {
        self.sink.fixed_key(key);
        self.sink.string(value);
    }

    /// An object with one entry per power, in the keys' order, each value written by `value`.
    fn per_power(&mut self, mut value: impl FnMut(&mut Self, PowerId)) {
        self.sink.begin_powers_object(&self.powers);
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
        next: Option<&Position>,
        orders: &[(Option<PowerId>, &Order)],
        results: &[(&str, &str)],
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
        let mut texts: Vec<String> = (orders.iter())
            .map(|(_, o)| order_text(self.map, &self.upper, o))
            .collect();
        // The results, worked out from the texts before the texts are handed to the sink.
        self.results.clear();
        if let Some(next) = next {
            let judged = judged(orders, &texts, results);
            let (carry, out) = (&mut self.carry, &mut self.results);
            codes::codes(self.map, &self.upper, (pos, next), &judged, carry, out);
        }
        self.sink.fixed_key("orders");
        // The phase under way: no orders of its own (MILA's `null` for each power, with none set).
        let current = next.is_none() && flavour == Flavour::Mila;
        self.per_power(|w, p| {
            if current {
                return w.sink.null();
            }
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
        self.results();
        self.sink.fixed_key("state");
        self.state(pos, &name);
        self.sink.end_object();
        if next.is_some() {
            self.visit(pos, orders, results);
        }
    }

    /// Each key's MILA codes ([`codes::codes`]), in the keys' order.
    fn results(&mut self) {
        self.sink.begin_object();
        for (key, codes) in self.results.iter() {
            self.sink.key(key);
            self.sink.begin_array_of(codes.texts().len());
            for code in codes.texts() {
                self.sink.fixed_string(code);
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
        // As MILA: a count only in an adjustment phase, a build count no more than the
        // places to build in, which are listed.
        let adjusting = pos.phase.kind == PhaseKind::Adjustment;
        self.sink.fixed_key("builds");
        self.per_power(|w, p| {
            let mut count = counted[p.index()] as i64 - units[p.index()];
            let mut sites = Vec::new();
            if !adjusting {
                count = 0;
            } else if count > 0 {
                sites = diplo_engine::build_sites(map, w.rules, pos, p);
                count = count.min(sites.len() as i64);
            }
            w.sink.begin_object();
            w.sink.fixed_key("count");
            w.sink.int(count);
            w.sink.fixed_key("homes");
            w.sink.begin_array_of(sites.len());
            for &c in &sites {
                w.sink.province(c, w.upper.get(c));
            }
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
        self.per_power(|w, _| w.sink.int(0));
        // MILA's saved game tells each phase's state its game, map and rules (the keys are
        // written in their sorted order, as everywhere).
        let labels = self.labels;
        if let Some((id, _)) = labels {
            self.entry_string("game_id", id);
        }
        self.sink.fixed_key("homes");
        self.per_power(|w, p| {
            w.sink.begin_array_of(map.home_centres(p).len());
            for &c in map.home_centres(p) {
                w.sink.province(c, w.upper.get(c));
            }
            w.sink.end_array();
        });
        self.sink.fixed_key("influence");
        self.per_power(|w, p| {
            let list = &w.influence[p.index()];
            w.sink.begin_array_of(list.len());
            for &c in list {
                w.sink.province(c, w.upper.get(c));
            }
            w.sink.end_array();
        });
        if labels.is_some() {
            self.entry_string("map", &map.name);
        }
        self.entry_string("name", name);
        self.entry_string("note", "");
        // Each dislodged unit's places to retreat to (none in most phases).
        let options = match pos.dislodged.is_empty() {
            true => diplo_engine::Retreats::default(),
            false => diplo_engine::pending_retreat_options(map, self.rules, pos),
        };
        self.sink.fixed_key("retreats");
        self.per_power(|w, p| {
            let mut keys: Vec<(String, &[Location])> = (options.iter())
                .filter(|r| r.dislodged.unit.power == p)
                .map(|r| (w.unit_text("", &r.dislodged.unit), r.options))
                .collect();
            keys.sort_by(|a, b| a.0.cmp(&b.0));
            keys.dedup_by(|a, b| a.0 == b.0);
            w.sink.begin_object();
            for (k, places) in &keys {
                w.sink.key(k);
                w.sink.begin_array_of(places.len());
                for &at in *places {
                    match at.coast {
                        None => w.sink.province(at.province, w.upper.get(at.province)),
                        Some(_) => w.sink.owned_string(location_text(map, &w.upper, at)),
                    }
                }
                w.sink.end_array();
            }
            w.sink.end_object();
        });
        if let Some((_, rules)) = labels {
            self.sink.fixed_key("rules");
            self.rules_list(rules);
        }
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

/// A location's upper-case name: `PAR`, `STP/SC`.
fn location_text(map: &Map, upper: &UpperNames, at: Location) -> String {
    let mut s = String::with_capacity(8);
    words::push_location(map, upper, at, &mut s);
    s
}

/// `A PAR`, `*F STP/SC`: a unit's letter and its location's upper-case name, with `prefix`.
fn unit_text(map: &Map, upper: &UpperNames, prefix: &str, u: &Unit) -> String {
    let mut s = String::with_capacity(prefix.len() + 10);
    s.push_str(prefix);
    s.push(u.kind.letter());
    s.push(' ');
    words::push_location(map, upper, u.location, &mut s);
    s
}

/// The reason of a move that failed or was invalid, in words (MILA's `no convoy` is told by
/// a convoy named there); nothing for any other result, whose reason MILA's codes never read.
fn convoy_reason(map: &Map, r: &OrderResult, order: &Order) -> String {
    let read = matches!(r.resolution, Resolution::Fails | Resolution::Invalid)
        && matches!(order, Order::Move { .. });
    if read {
        r.reason_text(map, order)
    } else {
        String::new()
    }
}
