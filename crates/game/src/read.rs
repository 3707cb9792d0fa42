//! Reading a game file: the header (format, map, ruleset) first, then everything else checked
//! with every problem collected and reported at once, each with its line and column, so that a
//! hand-edited file is fixed in one go.

use std::collections::BTreeMap;

use diplo_engine::{Phase, Position, Resolution};
use diplo_map::limits::Limit;
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use diplo_rules::policies::SetIntent;
use diplo_rules::{Ruleset, ISSUES};
use toml::Spanned;

use crate::file::*;
use crate::KnownPhase;
use crate::{
    parse_length, time, EndedBy, Ending, Game, GameError, LateOrders, MapSource, OrderSet,
    Production, ProxyGrant, Schedule,
};

impl Game {
    /// Reads a game file's text; `file` names it in errors (`file:line:column: message`).
    pub fn from_toml_str(text: &str, file: &str) -> Result<Game, GameError> {
        let invalid = |at: usize, msg: &str| {
            GameError::Invalid(diplo_engine::position::located(file, text, at, msg))
        };
        let raw: GameFileIn = toml::from_str(text).map_err(|e| {
            let (at, message) = diplo_map::toml_error(&e, text);
            invalid(
                at,
                &format!("{message} (this is not a valid diplo game file)"),
            )
        })?;
        if raw.end_marker && text.trim_end().rsplit('\n').next() != Some(END_MARKER) {
            return Err(invalid(
                text.len(),
                &format!(
                    "the file does not end with `{END_MARKER}`: it was cut short (a copy or a \
                     disk that failed?) and is not read; restore it from a backup"
                ),
            ));
        }
        if *raw.format.get_ref() != FORMAT_VERSION {
            return Err(invalid(
                raw.format.span().start,
                &format!(
                    "game file format {} is not known to this diplo (it reads format {FORMAT_VERSION})",
                    raw.format.get_ref()
                ),
            ));
        }
        let map_source = map_source(&raw, file, &invalid)?;
        let map = map_source.load(&format!("{file} [map_file]"))?;
        let rules = read_ruleset(&raw.ruleset, &invalid)?;
        // From here on every problem is collected.
        let mut r = Reader {
            map: &map,
            problems: Problems::new(file, text),
        };
        let position = Position::from_input(&map, &raw.state, text, file)
            .map_err(|e| r.problems.push(e))
            .ok();
        let order_sets = r.order_sets(&raw.orders);
        let proxies = r.proxies(&raw.proxy);
        let produced = r.provinces(&raw.produced);
        let produced_dislodged = r.provinces(&raw.produced_dislodged);
        let perpetual = r.perpetual(&raw.perpetual);
        let history = read_history(&map, &raw.history, text, file, &mut r.problems);
        let deadline = r.deadline(raw.deadline.as_ref());
        let (schedule, late_orders) = r.schedule(raw.schedule.as_ref());
        r.check_undone(&raw.undone);
        let ready = raw.ready.iter().filter_map(|p| r.power(p)).collect();
        r.check_after_history(&history, position.as_ref(), &raw.state.phase);
        let ended = (raw.ended.as_ref())
            .and_then(|e| r.ended(e, &history, position.as_ref().map(|p| p.phase)));
        let mut master_problems = Vec::new();
        let master = crate::master::GameMaster::read(
            &map,
            raw.end_rules.as_ref(),
            &raw.draw_proposal,
            &raw.concession,
            &raw.player,
            &mut master_problems,
        );
        for (at, m) in master_problems {
            r.problems.at(at, m);
        }
        let position = r.problems.finish(position)?.ok_or_else(|| {
            GameError::Invalid(format!("{file}: the [state] position cannot be read"))
        })?;
        Ok(Game {
            map: map.into(),
            map_source,
            rules,
            overrides: raw.ruleset.overrides.clone(),
            position,
            order_sets,
            proxies,
            perpetual,
            history,
            ended,
            produced,
            produced_dislodged,
            deadline,
            ready,
            undone: raw.undone.into_iter().map(Spanned::into_inner).collect(),
            master,
            schedule,
            late_orders,
            scratch: Default::default(),
        })
    }
}

/// The game's map: an embedded map's name or the game's own copy of a map file, not both.
///
/// A file written before games kept the files their map extends (`[[map_base]]`) finds them
/// beside the game file, as it always did, and keeps them from then on.
fn map_source(
    raw: &GameFileIn,
    file: &str,
    invalid: &impl Fn(usize, &str) -> GameError,
) -> Result<MapSource, GameError> {
    match (&raw.map, &raw.map_file) {
        (Some(n), None) => Ok(MapSource::Embedded(n.get_ref().clone())),
        (None, Some(t)) if raw.map_base.is_empty() => {
            MapSource::copy_of(t.get_ref().clone(), &format!("{file} [map_file]"))
        }
        (None, Some(t)) => Ok(MapSource::Copy {
            text: t.get_ref().clone(),
            bases: (raw.map_base.iter())
                .map(|b| diplo_map::ExtendedFile {
                    extends: b.extends.clone(),
                    file: b.file.clone(),
                    text: b.text.clone(),
                })
                .collect(),
        }),
        (Some(n), Some(_)) => Err(invalid(
            n.span().start,
            "`map` and `map_file` both given: a game has one map",
        )),
        (None, None) => Err(invalid(
            0,
            "no map: expected `map = \"standard\"` or `map_file = \"\"\"...\"\"\"`",
        )),
    }
}

/// The ruleset: a choice for every issue, nothing else.
fn read_ruleset(
    raw: &RulesetIn,
    invalid: &impl Fn(usize, &str) -> GameError,
) -> Result<Ruleset, GameError> {
    let mut rules = Ruleset::datc();
    for (key, value) in &raw.choices {
        rules
            .set(key.get_ref(), value.get_ref())
            .map_err(|e| invalid(value.span().start, &format!("[ruleset.choices] {e}")))?;
    }
    let missing: Vec<&str> = ISSUES
        .iter()
        .filter(|i| !raw.choices.keys().any(|k| k.get_ref() == i.key))
        .map(|i| i.key)
        .collect();
    if !missing.is_empty() {
        return Err(invalid(
            0,
            &format!("[ruleset.choices]: no choice for {}", missing.join(", ")),
        ));
    }
    rules.name = raw.name.clone();
    rules.description = raw.description.clone();
    Ok(rules)
}

/// Reads the parts of a game file after its header, collecting the problems.
struct Reader<'a> {
    map: &'a Map,
    problems: Problems<'a>,
}

impl Reader<'_> {
    /// A power by name, or a problem naming the powers.
    fn power(&mut self, v: &Spanned<String>) -> Option<PowerId> {
        let map = self.map;
        let p = map.power_by_name(v.get_ref());
        if p.is_none() {
            let names = || map.powers().iter().map(|p| p.name.as_str());
            self.problems.at(
                v.span().start,
                format!(
                    "unknown power `{}`{}; the powers are {}",
                    v.get_ref(),
                    diplo_map::suggest::hint(v.get_ref(), names()),
                    names().collect::<Vec<_>>().join(", ")
                ),
            );
        }
        p
    }

    /// The orders of `lines` that parse; a problem for each that does not.
    fn orders(&mut self, lines: &[Spanned<String>]) -> Vec<Order> {
        let mut out = Vec::with_capacity(lines.len());
        for l in lines {
            match diplo_orders::parse_order(self.map, l.get_ref()) {
                Ok((_, o)) => out.push(o),
                Err(e) => self.problems.at(
                    l.span().start,
                    format!("order `{}`: {}", l.get_ref(), e.message),
                ),
            }
        }
        out
    }

    /// The current phase's order sets (up to the limit on orders).
    fn order_sets(&mut self, raw: &[OrderSetIn]) -> Vec<OrderSet> {
        let max_orders = diplo_map::limits::max_orders();
        let mut stored = 0usize;
        let mut sets = Vec::new();
        for s in raw {
            if stored + s.lines.len() > max_orders {
                let over = &s.lines[max_orders - stored];
                self.problems.at(
                    over.span().start,
                    format!(
                        "[[orders]]: order {} of this phase: {}",
                        max_orders + 1,
                        Limit::Orders.exceeded(max_orders)
                    ),
                );
                break;
            }
            stored += s.lines.len();
            let intent = self.intent(s.intent.as_ref());
            let by = self.power(&s.power);
            let orders = self.orders(&s.lines);
            if let Some(by) = by {
                sets.push(OrderSet {
                    power: by,
                    seq: s.seq,
                    intent,
                    same_time: s.same_time,
                    orders,
                    late: s.late,
                });
            }
        }
        sets
    }

    /// An order set's stated intent (DATC 4.D.1).
    fn intent(&mut self, raw: Option<&Spanned<String>>) -> SetIntent {
        match raw.map(|i| (i, i.get_ref().as_str())) {
            None => SetIntent::Unstated,
            Some((_, "replaces")) => SetIntent::Replaces,
            Some((_, "adds")) => SetIntent::Adds,
            Some((i, other)) => {
                self.problems.at(
                    i.span().start,
                    format!("intent `{other}`: expected `replaces` or `adds`"),
                );
                SetIntent::Unstated
            }
        }
    }

    /// The proxy grants.
    fn proxies(&mut self, raw: &[ProxyIn]) -> Vec<ProxyGrant> {
        let mut out = Vec::new();
        for g in raw {
            let owner = self.power(&g.power);
            let to = self.power(&g.to);
            let unit = owner.and_then(|owner| {
                diplo_engine::position::parse_unit(self.map, owner, g.unit.get_ref())
                    .ok()
                    .map(|u| u.location.province)
                    .or_else(|| self.map.province_by_name(g.unit.get_ref()))
            });
            if owner.is_some() && unit.is_none() {
                self.problems.at(
                    g.unit.span().start,
                    format!("unknown unit `{}`", g.unit.get_ref()),
                );
            }
            if let (Some(power), Some(province), Some(to)) = (owner, unit, to) {
                out.push(ProxyGrant {
                    power,
                    province,
                    to,
                    seq: g.seq,
                });
            }
        }
        out
    }

    /// A table of numbers by province name.
    fn provinces(&mut self, table: &BTreeMap<Spanned<String>, u64>) -> Production {
        let mut out = Production::new(self.map.provinces().len());
        for (k, n) in table {
            match self.map.province_by_name(k.get_ref()) {
                Some(p) => {
                    out.insert(p, *n);
                }
                None => self.problems.at(
                    k.span().start,
                    format!("unknown province `{}`", k.get_ref()),
                ),
            }
        }
        out
    }

    /// The powers' perpetual orders (DATC 4.E.4).
    fn perpetual(&mut self, raw: &[PerpetualIn]) -> BTreeMap<PowerId, Vec<Order>> {
        let mut out = BTreeMap::new();
        for p in raw {
            let orders = self.orders(&p.lines);
            if let Some(power) = self.power(&p.power) {
                out.insert(power, orders);
            }
        }
        out
    }

    /// The current phase's deadline, an RFC 3339 time.
    fn deadline(&mut self, raw: Option<&Spanned<String>>) -> Option<time::Seconds> {
        let d = raw?;
        time::parse_rfc3339(d.get_ref())
            .map_err(|e| {
                self.problems.at(
                    d.span().start + 1 + e.at,
                    format!("deadline `{}`: {e}", d.get_ref()),
                )
            })
            .ok()
    }

    /// The deadline rules of `[schedule]`: the phase lengths and `late_orders`.
    fn schedule(&mut self, raw: Option<&Spanned<ScheduleFile>>) -> (Schedule, LateOrders) {
        let mut schedule = Schedule::default();
        let Some(raw) = raw else {
            return (schedule, LateOrders::default());
        };
        let (at, s) = (raw.span().start, raw.get_ref());
        let lengths = [
            ("movement", &s.movement, &mut schedule.movement),
            ("retreat", &s.retreat, &mut schedule.retreat),
            ("adjustment", &s.adjustment, &mut schedule.adjustment),
        ];
        for (kind, text, slot) in lengths {
            if let Some(text) = text {
                match parse_length(text) {
                    Ok(l) => *slot = Some(l),
                    Err(e) => self.problems.at(at, format!("[schedule] {kind}: {e}")),
                }
            }
        }
        let late = match s.late_orders.as_deref().map(LateOrders::parse) {
            None => LateOrders::default(),
            Some(Ok(l)) => l,
            Some(Err(e)) => {
                self.problems.at(at, format!("[schedule] {e}"));
                LateOrders::default()
            }
        };
        (schedule, late)
    }

    /// The undone phases are a record, never replayed; they count against the phase limit.
    fn check_undone(&mut self, raw: &[Spanned<UndoneFile>]) {
        let max_phases = diplo_map::limits::max_phases();
        let mut undone_phases = 0usize;
        for u in raw {
            undone_phases += u.get_ref().phases.len();
            if undone_phases > max_phases {
                self.problems.at(
                    u.span().start,
                    format!(
                        "[[undone]]: {undone_phases} phases taken back in all: {}",
                        Limit::Phases.exceeded(max_phases)
                    ),
                );
                break;
            }
        }
    }

    /// The current phase comes after the last phase of the history.
    fn check_after_history<T>(
        &mut self,
        history: &[PhaseRecordFile],
        current: Option<&Position>,
        state_phase: &Spanned<T>,
    ) {
        let (Some(last), Some(current)) = (history.last(), current) else {
            return;
        };
        let Ok(last_phase) = Phase::parse(&last.phase, self.map) else {
            return;
        };
        if current.phase <= last_phase {
            self.problems.at(
                state_phase.span().start,
                format!(
                    "[state] phase {} is not after the last phase of the history ({})",
                    current.phase.name(self.map),
                    last_phase.name(self.map)
                ),
            );
        }
    }

    /// How the game ended: its winner or draw, in a phase of the history (or, by agreement,
    /// the current phase).
    fn ended(
        &mut self,
        e: &Spanned<EndedFile>,
        history: &[PhaseRecordFile],
        current: Option<Phase>,
    ) -> Option<Ending> {
        let (at, v, map) = (e.span().start, e.get_ref(), self.map);
        let mut power = |n: &String| {
            let p = map.power_by_name(n);
            if p.is_none() {
                self.problems
                    .at(at, format!("[ended]: unknown power `{n}`"));
            }
            p
        };
        let winner = v.winner.as_ref().and_then(&mut power);
        let draw: Vec<PowerId> = v.draw.iter().filter_map(&mut power).collect();
        let phase = match Phase::parse(&v.phase, map) {
            Ok(phase) => phase,
            Err(m) => {
                self.problems.at(at, format!("[ended]: {m}"));
                return None;
            }
        };
        let by = match v.by.as_deref() {
            None if v.winner.is_some() => EndedBy::Victory,
            None => EndedBy::LastYear,
            Some(word) => EndedBy::parse(word).unwrap_or_else(|| {
                self.problems.at(
                    at,
                    format!(
                        "[ended] by `{word}`: expected last-year, draw-vote, concession, \
                         stalemate, lead or control (absent: the map's victory condition)"
                    ),
                );
                EndedBy::Victory
            }),
        };
        let name = phase.name(map).to_string();
        let during_current = by.by_agreement() && current == Some(phase);
        if !during_current && !history.iter().any(|h| h.phase == name) {
            self.problems.at(
                at,
                format!("[ended]: the phase {name} is not in the history"),
            );
        }
        Some(Ending {
            winner,
            draw,
            phase,
            centres: v.centres,
            by,
        })
    }
}

/// The problems found in a game file: the first ones with their line and column (found through
/// a line index, so that many problems cost no more than one scan of the file), the rest
/// counted.
struct Problems<'a> {
    file: &'a str,
    text: &'a str,
    line_starts: Vec<usize>,
    list: Vec<String>,
    more: usize,
}

impl<'a> Problems<'a> {
    /// The most problems reported with their places.
    const MAX: usize = 100;

    fn new(file: &'a str, text: &'a str) -> Problems<'a> {
        Problems {
            file,
            text,
            line_starts: Vec::new(),
            list: Vec::new(),
            more: 0,
        }
    }

    /// Whether more problems would only be counted (checking further is then pointless).
    fn full(&self) -> bool {
        self.list.len() >= Self::MAX
    }

    /// A problem at byte offset `at` of the file.
    fn at(&mut self, at: usize, message: impl AsRef<str>) {
        if self.full() {
            self.more += 1;
            return;
        }
        if self.line_starts.is_empty() {
            self.line_starts = std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
        }
        let at = at.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= at);
        let start = self.line_starts[line - 1];
        let column = self
            .text
            .get(start..at)
            .map_or(1, |before| before.chars().count() + 1);
        self.list.push(format!(
            "{}:{line}:{column}: {}",
            self.file,
            diplo_map::one_line(message.as_ref())
        ));
    }

    /// Problems already located (`file:line:column: ...` lines).
    fn push(&mut self, located: String) {
        for l in located.lines() {
            if self.full() {
                self.more += 1;
            } else {
                self.list.push(l.to_string());
            }
        }
    }

    /// `value` when nothing was found, else every problem.
    fn finish<T>(mut self, value: T) -> Result<T, GameError> {
        if self.list.is_empty() && self.more == 0 {
            return Ok(value);
        }
        if self.more > 0 {
            self.list
                .push(format!("{}: and {} more problems", self.file, self.more));
        }
        Err(GameError::Invalid(self.list.join("\n")))
    }
}

/// The valid result words of the history: a resolution (`succeeds`, `cut` ...), optionally
/// with `dislodged` or `destroyed` after a comma, or one of those two alone.
fn result_words_valid(words: &str) -> bool {
    const RESOLUTIONS: [Resolution; 10] = [
        Resolution::Succeeds,
        Resolution::Fails,
        Resolution::Illegal,
        Resolution::Invalid,
        Resolution::Given,
        Resolution::Cut,
        Resolution::Available,
        Resolution::Disrupted,
        Resolution::Stands,
        Resolution::Unresolved,
    ];
    let tag = |w: &str| w == "dislodged" || w == "destroyed";
    let resolution = |w: &str| RESOLUTIONS.iter().any(|r| r.word() == w);
    match words.split_once(", ") {
        Some((r, t)) => resolution(r) && tag(t),
        None => resolution(words) || tag(words),
    }
}

/// Reads and checks the history: each phase after the one before, its position valid on the
/// map and of that phase, its orders readable, its powers known, its result words the DATC's.
/// The positions are kept as the engine writes them, so a save never carries a bad value on.
fn read_history(
    map: &Map,
    raw: &[Spanned<PhaseRecordIn>],
    text: &str,
    file: &str,
    problems: &mut Problems,
) -> Vec<PhaseRecordFile> {
    let max = diplo_map::limits::max_phases();
    if let Some(over) = raw.get(max) {
        problems.at(
            over.span().start,
            format!(
                "[[history]]: {} phases: {}",
                raw.len(),
                Limit::Phases.exceeded(max)
            ),
        );
        return Vec::new();
    }
    let mut r = HistoryReader {
        map,
        text,
        file,
        problems,
    };
    let mut out = Vec::with_capacity(raw.len());
    let mut previous: Option<Phase> = None;
    for h in raw {
        if r.problems.full() {
            // Past the problems reported, the rest is not checked: it is not kept either.
            r.problems.more += 1;
            break;
        }
        out.extend(r.record(h.get_ref(), &mut previous));
    }
    out
}

/// Reads the phases of a game's history, collecting the problems.
struct HistoryReader<'r, 'a> {
    map: &'r Map,
    text: &'r str,
    file: &'r str,
    problems: &'r mut Problems<'a>,
}

impl HistoryReader<'_, '_> {
    /// One phase of the history (`previous`: the last phase read before it), or `None` when its
    /// position cannot be read.
    fn record(
        &mut self,
        h: &PhaseRecordIn,
        previous: &mut Option<Phase>,
    ) -> Option<PhaseRecordFile> {
        let map = self.map;
        let phase = match Phase::parse(h.phase.get_ref(), map) {
            Ok(p) => Some(p),
            Err(e) => {
                self.problems
                    .at(h.phase.span().start, format!("[[history]]: {e}"));
                None
            }
        };
        if let (Some(p), Some(before)) = (phase, *previous) {
            if p <= before {
                self.problems.at(
                    h.phase.span().start,
                    format!(
                        "[[history]]: phase {} is not after the phase before it ({})",
                        p.name(map),
                        before.name(map)
                    ),
                );
            }
        }
        *previous = phase.or(*previous);
        let position = self.position(h, phase);
        let civil_disorder = h
            .civil_disorder
            .iter()
            .map(|p| self.power(p, "civil_disorder"))
            .collect();
        let (results, orders): (Vec<ResultFile>, Vec<Option<Order>>) =
            h.results.iter().map(|r| self.result(r)).unzip();
        let unordered = self.units(&h.unordered, "unordered");
        let automatic = self.units(&h.automatic, "automatic");
        let position = position?;
        let known = match orders.into_iter().collect::<Option<Vec<Order>>>() {
            Some(orders) => {
                let orders = crate::known::with_powers(map, &position, &results, orders);
                KnownPhase::new(position.clone(), orders)
            }
            None => KnownPhase::default(),
        };
        Some(PhaseRecordFile {
            phase: h.phase.get_ref().clone(),
            civil_disorder,
            notes: h.notes.clone(),
            results,
            unordered,
            automatic,
            received: h.received.as_ref().map(|r| self.received(h, r)),
            position: position.to_file(map),
            known,
        })
    }

    /// What a record kept of the orders received: readable on this map, as a rollback will
    /// restore it.
    fn received(&mut self, h: &PhaseRecordIn, r: &Spanned<ReceivedFile>) -> ReceivedFile {
        if let Err(problems) = crate::received::restore(self.map, h.phase.get_ref(), r.get_ref()) {
            for p in problems {
                self.problems
                    .at(r.span().start, format!("[history.received] {p}"));
            }
        }
        r.get_ref().clone()
    }

    /// The record's position, which must be of the record's phase.
    fn position(&mut self, h: &PhaseRecordIn, phase: Option<Phase>) -> Option<Position> {
        match Position::from_input(self.map, &h.position, self.text, self.file) {
            Ok(pos) => {
                if phase.is_some_and(|p| p != pos.phase) {
                    self.problems.at(
                        h.position.phase.span().start,
                        format!(
                            "[[history]] position: phase {} is not the record's phase {}",
                            pos.phase.name(self.map),
                            h.phase.get_ref()
                        ),
                    );
                }
                Some(pos)
            }
            Err(e) => {
                self.problems.push(e);
                None
            }
        }
    }

    /// A power's name as written, with a problem if the map has no such power.
    fn power(&mut self, v: &Spanned<String>, what: &str) -> String {
        let map = self.map;
        if map.power_by_name(v.get_ref()).is_none() {
            self.problems.at(
                v.span().start,
                format!(
                    "[[history]] {what}: unknown power `{}`{}",
                    v.get_ref(),
                    diplo_map::suggest::hint(
                        v.get_ref(),
                        map.powers().iter().map(|p| p.name.as_str())
                    )
                ),
            );
        }
        v.get_ref().clone()
    }

    /// One order's result: a known power, a readable order, the DATC's result words; and the
    /// order read.
    fn result(&mut self, r: &ResultIn) -> (ResultFile, Option<Order>) {
        self.power(&r.power, "results");
        let order = match diplo_orders::parse_order(self.map, r.order.get_ref()) {
            Ok((_, o)) => Some(o),
            Err(e) => {
                self.problems.at(
                    r.order.span().start,
                    format!(
                        "[[history.results]]: order `{}`: {}",
                        r.order.get_ref(),
                        e.message
                    ),
                );
                None
            }
        };
        if !result_words_valid(r.result.get_ref()) {
            self.problems.at(
                r.result.span().start,
                format!(
                    "[[history.results]]: result `{}`: expected the DATC's words: succeeds, \
                     fails, illegal, invalid, given, cut, available, disrupted, stands or \
                     unresolved, optionally followed by `, dislodged` or `, destroyed`",
                    r.result.get_ref()
                ),
            );
        }
        let file = ResultFile {
            power: r.power.get_ref().clone(),
            order: r.order.get_ref().clone(),
            result: r.result.get_ref().clone(),
            reason: r.reason.clone(),
        };
        (file, order)
    }

    /// Units listed with their powers (unordered units, automatic removals and the like).
    fn units(&mut self, list: &[AutomaticIn], what: &str) -> Vec<AutomaticFile> {
        let mut out = Vec::with_capacity(list.len());
        for a in list {
            let name = self.power(&a.power, what);
            if let Some(p) = self.map.power_by_name(&name) {
                if let Err(e) = diplo_engine::position::parse_unit(self.map, p, a.unit.get_ref()) {
                    self.problems
                        .at(a.unit.span().start, format!("[[history]] {what}: {e}"));
                }
            }
            out.push(AutomaticFile {
                power: name,
                unit: a.unit.get_ref().clone(),
                what: a.what.clone(),
            });
        }
        out
    }
}
