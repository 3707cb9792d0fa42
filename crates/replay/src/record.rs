//! godip's game-record format: `PHASE` / `POSITIONS` / `ORDERS` blocks.
//!
//! ```text
//! PHASE 1901 Fall Retreat
//! POSITIONS
//! Austria: army/dislodged rum
//! Russia: fleet stp/sc
//! Russia: supply stp
//! ORDERS
//! rum move gal
//! ```
//!
//! Orders carry no power: it is the power of the unit the order names (in a retreat phase the
//! dislodged unit, for a build the owner of the centre).

use diplo_engine::{Phase, PhaseKind, Position, Unit};
use diplo_map::limits::Limit;
use diplo_map::{Map, PowerId};
use diplo_orders::Order;

use crate::positions::{position_line, read_entry, Entry, Previous};

/// A problem in a record file: the file, the 1-based line and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The file as given.
    pub file: String,
    /// 1-based line number; 0 for a problem with the whole file (it cannot be read).
    pub line: usize,
    /// What was found and what was expected.
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A message quotes at most a line's worth of a huge record line (`one_line`).
        let message = diplo_map::one_line(&self.message);
        if self.line == 0 {
            // A problem with the whole file (it cannot be read): no line to name.
            write!(f, "{}: {message}", self.file)
        } else {
            write!(f, "{}:{}: {message}", self.file, self.line)
        }
    }
}

impl std::error::Error for RecordError {}

/// One order line of a record, read and attributed to a power.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedOrder {
    /// 1-based line number in the file.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// The power of the unit (or centre) the order names.
    pub power: PowerId,
    /// The order.
    pub order: Order,
}

/// One recorded phase: the position at its start and the orders given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedPhase {
    /// 1-based line of its `PHASE` line.
    pub line: usize,
    /// The phase.
    pub phase: Phase,
    /// Units on the board (not dislodged).
    pub units: Vec<Unit>,
    /// Dislodged units (retreat phases).
    pub dislodged: Vec<Unit>,
    /// Owner of each supply centre, indexed by province.
    pub owners: Vec<Option<PowerId>>,
    /// The orders that could be read and attributed.
    pub orders: Vec<RecordedOrder>,
    /// Order lines that could not be read: never silently dropped.
    pub unreadable: Vec<RecordError>,
    /// Order lines that name no unit of the phase (no unit there, or in a retreat phase no
    /// dislodged unit; for a build, no owned centre): illegal under every rule (DATC 4.E.1), so
    /// the server ignored them and the replay does too, but reports them.
    pub ignored: Vec<RecordError>,
    /// Phases recorded just before this one could not be read: this phase is not known to
    /// follow the readable phase listed before it, and the two are not compared.
    pub after_gap: bool,
}

impl RecordedPhase {
    /// The position at the start of this phase. A retreat phase's record carries neither where
    /// each dislodged unit's attacker came from nor the provinces left contested. They are taken
    /// from `after_movement` (the adjudicated result of the preceding movement phase) when it
    /// holds the same dislodged unit; failing that, the attacker is the unit the preceding
    /// phase's orders (`previous`) moved into the province; failing that, it is unknown
    /// (recorded as the unit's own province, which bars no retreat).
    pub fn position(
        &self,
        map: &Map,
        after_movement: Option<&Position>,
        previous: Option<&RecordedPhase>,
    ) -> Position {
        let mut pos = Position::empty(map, self.phase);
        pos.units = self.units.clone();
        pos.owners = self.owners.clone();
        if self.phase.kind == PhaseKind::Retreat {
            for u in &self.dislodged {
                let adjudicated = after_movement
                    .and_then(|p| p.dislodged.iter().find(|d| d.unit == *u))
                    .copied();
                let ordered = || {
                    previous?.orders.iter().find_map(|o| match &o.order {
                        Order::Move {
                            unit,
                            to,
                            via_convoy,
                            ..
                        } if to.province == u.location.province => Some(diplo_engine::Dislodged {
                            unit: *u,
                            attacker_from: unit.place.province,
                            by_convoy: *via_convoy,
                        }),
                        _ => None,
                    })
                };
                pos.dislodged.push(adjudicated.or_else(ordered).unwrap_or(
                    diplo_engine::Dislodged {
                        unit: *u,
                        attacker_from: u.location.province,
                        by_convoy: false,
                    },
                ));
            }
            if let Some(p) = after_movement {
                pos.contested = p.contested.clone();
            }
        }
        pos
    }
}

/// A whole recorded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The file it was read from, as given.
    pub file: String,
    /// Its phases in order (those that could be read).
    pub phases: Vec<RecordedPhase>,
    /// Phases that could not be read (a bad `PHASE` or position line): each is in
    /// [`Game::problems`] with its line, and the game goes on at the next readable phase.
    pub unread: usize,
    /// What could not be read, each with its line: why a phase is unread.
    pub problems: Vec<RecordError>,
    /// Lines read with a warning, each with its line: a unit listed twice, or with and without
    /// a coast (godip's variant records do both); the unit is kept once.
    pub warnings: Vec<RecordError>,
}

impl Game {
    /// The game's name: the file name without directory and extension (`game_123`).
    pub fn name(&self) -> &str {
        game_name(&self.file)
    }
}

/// A game's name from its file: without directory and `.txt` (`game_123`).
pub fn game_name(file: &str) -> &str {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    base.strip_suffix(".txt").unwrap_or(base)
}

/// Reads `PHASE 1901 Spring Movement` (godip writes year, season, kind; an adjustment phase is
/// named by the season it follows, `Fall Adjustment`, or by its own name, `Winter Adjustment`).
/// Season names are the map's.
fn parse_phase_line(map: &Map, rest: &str) -> Result<Phase, String> {
    // What was expected, written only when something else was found.
    let expected = || {
        format!(
            "expected `PHASE <year> {} Movement|Retreat|Adjustment`",
            map.calendar
                .seasons
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join("|")
        )
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [year, season, kind] = words[..] else {
        return Err(format!("`PHASE {rest}`: {}", expected()));
    };
    let year: u16 = year.parse().map_err(|_| {
        format!(
            "`PHASE {rest}`: the year `{year}` is not a number; {}",
            expected()
        )
    })?;
    let kind = match kind {
        "Movement" => PhaseKind::Movement,
        "Retreat" => PhaseKind::Retreat,
        "Adjustment" => PhaseKind::Adjustment,
        _ => {
            return Err(format!(
                "`PHASE {rest}`: unknown phase type `{kind}`; {}",
                expected()
            ))
        }
    };
    let cal = &map.calendar;
    let found = match kind {
        PhaseKind::Adjustment => cal
            .adjustment_by_name(season)
            .or_else(|| cal.season_by_name(season)),
        _ => cal.season_by_name(season),
    };
    let Some(season_id) = found else {
        return Err(format!(
            "`PHASE {rest}`: unknown season `{season}`; {}",
            expected()
        ));
    };
    if kind == PhaseKind::Adjustment && cal.spec(season_id).adjustment.is_none() {
        return Err(format!(
            "`PHASE {rest}`: no adjustments follow {season} on map `{}`; {}",
            map.name,
            expected()
        ));
    }
    Ok(Phase {
        year,
        season: season_id,
        kind,
    })
}

#[derive(PartialEq)]
enum Section {
    None,
    Positions,
    Orders,
}

/// Lines already read on one map (order lines and position lines), by their text. Records
/// repeat the same lines: the Droidippy corpus holds 2.8 million order lines but about 8,000
/// different ones, and 13 million position lines but about 2,000 different ones. A reader that
/// keeps one cache across the records of a map reads each different line once.
pub struct LineCache<'m> {
    map: &'m Map,
    orders: rustc_hash::FxHashMap<Box<str>, ReadOrder>,
    positions: rustc_hash::FxHashMap<Box<str>, Entry>,
}

/// An order line read: the power prefix and the order, or the column and message of the error.
type ReadOrder = Result<(Option<PowerId>, Order), (usize, String)>;

impl<'m> LineCache<'m> {
    /// Lines of each kind kept at most: beyond, lines are read without being kept (memory stays
    /// bounded whatever the records hold).
    const MAX_LINES: usize = 1 << 16;

    /// An empty cache for records on `map`.
    pub fn new(map: &'m Map) -> Self {
        LineCache {
            map,
            orders: Default::default(),
            positions: Default::default(),
        }
    }

    /// The map the lines are read on.
    pub fn map(&self) -> &'m Map {
        self.map
    }

    /// An order line, read as [`diplo_orders::parse_order`] reads it.
    fn order(&mut self, text: &str) -> ReadOrder {
        if let Some(r) = self.orders.get(text) {
            return r.clone();
        }
        let r = diplo_orders::parse_order(self.map, text).map_err(|e| (e.column, e.message));
        if self.orders.len() < Self::MAX_LINES {
            self.orders.insert(text.into(), r.clone());
        }
        r
    }

    /// A position line (trimmed), or what is wrong with it (not kept: it ends the reading).
    pub(crate) fn position(&mut self, line: &str) -> Result<Entry, String> {
        if let Some(e) = self.positions.get(line) {
            return Ok(*e);
        }
        let e = read_entry(self.map, line)?;
        if self.positions.len() < Self::MAX_LINES {
            self.positions.insert(line.into(), e);
        }
        Ok(e)
    }
}

/// Parses a record. A structural error (a bad `PHASE` or position line) makes its phase unread:
/// it is kept in [`Game::problems`] and reading goes on at the next `PHASE` line that reads. An
/// order line that cannot be read is kept in its phase's [`RecordedPhase::unreadable`], one that
/// names no unit in [`RecordedPhase::ignored`]. The error is returned only when no phase at all
/// could be read (the first problem).
pub fn parse_game(map: &Map, file: &str, text: &str) -> Result<Game, RecordError> {
    parse_game_with(&mut LineCache::new(map), file, text)
}

/// [`parse_game`] on the cache's map, reading lines through `cache` (keep one cache for the
/// records of a map: each different line is then read once).
pub fn parse_game_with(
    cache: &mut LineCache<'_>,
    file: &str,
    text: &str,
) -> Result<Game, RecordError> {
    let mut p = Parser {
        cache,
        file,
        limits: diplo_map::limits::Limits::from_env(),
        phases: Vec::new(),
        raw_orders: Vec::new(),
        section: Section::None,
        previous: Previous::default(),
        skipping: false,
        gap: false,
        coastless: Vec::new(),
        unread: 0,
        problems: Vec::new(),
        warnings: Vec::new(),
    };
    for (n, raw_line) in record_lines(text).enumerate() {
        let line_no = n + 1;
        let line = raw_line.trim();
        if line.is_empty() {
            continue;
        }
        let read = match line.strip_prefix("PHASE ") {
            Some(rest) => p.phase_line(line_no, rest),
            None if p.skipping => Ok(()),
            None => p.body_line(line_no, line),
        };
        match read {
            Ok(()) => {}
            Err(Stop::PhaseLine(e)) => p.skip_phase(e, false),
            Err(Stop::Phase(e)) => p.skip_phase(e, true),
            Err(Stop::File(e)) => {
                p.problems.push(e);
                break;
            }
        }
    }
    p.finish_phase();
    if p.phases.is_empty() {
        return Err(p
            .problems
            .into_iter()
            .next()
            .unwrap_or_else(|| RecordError {
                file: file.to_string(),
                line: 1,
                message: "no `PHASE` line: not a game record".into(),
            }));
    }
    Ok(Game {
        file: file.to_string(),
        phases: p.phases,
        unread: p.unread,
        problems: p.problems,
        warnings: p.warnings,
    })
}

/// Why reading stopped: the current phase cannot be read (reading goes on at the next `PHASE`
/// line), or nothing more of the file can (a limit).
enum Stop {
    /// A `PHASE` line that cannot be read.
    PhaseLine(RecordError),
    /// A line of the phase (or, before any `PHASE` line, of no phase).
    Phase(RecordError),
    /// A limit: nothing more is read.
    File(RecordError),
}

/// A record being read: the phases so far and the current phase's order lines.
struct Parser<'c, 'm, 'f, 't> {
    cache: &'c mut LineCache<'m>,
    file: &'f str,
    limits: diplo_map::limits::Limits,
    phases: Vec<RecordedPhase>,
    /// The current phase's order lines (line number, text), read when the phase ends.
    raw_orders: Vec<(usize, &'t str)>,
    section: Section,
    previous: Previous<'t>,
    /// Lines are skipped up to the next `PHASE` line (the current phase could not be read).
    skipping: bool,
    /// A phase was skipped since the last one read.
    gap: bool,
    /// The current phase's fleets listed without their coast: line number and text.
    coastless: Vec<(usize, &'t str)>,
    unread: usize,
    problems: Vec<RecordError>,
    warnings: Vec<RecordError>,
}

impl<'t> Parser<'_, '_, '_, 't> {
    /// An error at line `line` of the record.
    fn err(&self, line: usize, message: String) -> RecordError {
        RecordError {
            file: self.file.to_string(),
            line,
            message,
        }
    }

    /// A phase cannot be read (`e` says why): it is counted unread, and the lines up to the next
    /// `PHASE` line are skipped. `started`: its `PHASE` line was read, so the phase is dropped.
    /// Lines before the first `PHASE` line are no phase: they are skipped with their problem.
    fn skip_phase(&mut self, e: RecordError, started: bool) {
        let preamble = self.phases.is_empty() && !self.gap && started;
        if !preamble {
            if started {
                self.phases.pop();
            }
            self.unread += 1;
            self.gap = true;
        }
        self.raw_orders.clear();
        self.coastless.clear();
        self.problems.push(e);
        self.skipping = true;
    }

    /// A fleet listed without its coast in a province with coasts must be listed with it too
    /// (then kept with it, with a warning); otherwise its phase cannot be read.
    fn check_coasts(&mut self) {
        let coastless = std::mem::take(&mut self.coastless);
        let Some(phase) = self.phases.last() else {
            return;
        };
        let map = self.cache.map;
        for (line_no, line) in coastless {
            let Ok(Entry::Unit(u, dislodged)) = self.cache.position(line) else {
                continue;
            };
            let list = if dislodged {
                &phase.dislodged
            } else {
                &phase.units
            };
            let p = u.location.province;
            let located = |message: String| RecordError {
                file: self.file.to_string(),
                line: line_no,
                message,
            };
            if list
                .iter()
                .any(|x| x.location.province == p && x.location.coast.is_some())
            {
                self.warnings.push(located(format!(
                    "`{line}`: the fleet is also listed with its coast; kept with it"
                )));
            } else {
                let message = format!(
                    "`{line}`: a fleet in `{}` needs its coast ({})",
                    map.province(p).name,
                    map.province(p)
                        .coasts
                        .iter()
                        .map(|c| format!("{}/{}", map.province(p).name, c.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                self.phases.pop();
                self.unread += 1;
                self.gap = true;
                self.problems.push(located(message));
                return;
            }
        }
    }

    /// The current phase's order lines, read into it.
    fn finish_phase(&mut self) {
        self.check_coasts();
        if self.skipping {
            self.raw_orders.clear();
        }
        if let Some(p) = self.phases.last_mut() {
            attribute_orders(self.cache, self.file, p, &self.raw_orders);
        }
        self.raw_orders.clear();
    }

    /// A `PHASE` line (`rest` after the word): the previous phase ends, a new one starts.
    fn phase_line(&mut self, line_no: usize, rest: &str) -> Result<(), Stop> {
        self.finish_phase();
        let phases = &self.phases;
        if phases.len() == self.limits.phases {
            return Err(Stop::File(self.err(
                line_no,
                format!(
                    "phase {}: {}",
                    phases.len() + 1,
                    Limit::Phases.exceeded(self.limits.phases)
                ),
            )));
        }
        let map = self.cache.map;
        let phase =
            parse_phase_line(map, rest).map_err(|m| Stop::PhaseLine(self.err(line_no, m)))?;
        self.previous.next_phase();
        // A phase mostly holds as many units as the one before it.
        let units = self.phases.last().map_or(0, |p| p.units.len());
        self.phases.push(RecordedPhase {
            line: line_no,
            phase,
            units: Vec::with_capacity(units),
            dislodged: Vec::new(),
            owners: vec![None; map.provinces().len()],
            orders: Vec::new(),
            unreadable: Vec::new(),
            ignored: Vec::new(),
            after_gap: std::mem::take(&mut self.gap),
        });
        self.skipping = false;
        self.section = Section::None;
        Ok(())
    }

    /// A line after a `PHASE` line: a section header, a position line or an order line.
    fn body_line(&mut self, line_no: usize, line: &'t str) -> Result<(), Stop> {
        let file = self.file;
        let located = |message: String| RecordError {
            file: file.to_string(),
            line: line_no,
            message,
        };
        let err = |message: String| Stop::Phase(located(message));
        let Some(current) = self.phases.last_mut() else {
            return Err(err(format!(
                "`{line}`: expected `PHASE <year> <season> <type>` first"
            )));
        };
        match line {
            "POSITIONS" => self.section = Section::Positions,
            "ORDERS" => self.section = Section::Orders,
            _ => match self.section {
                Section::Positions => {
                    let entry = self.previous.entry(self.cache, line).map_err(err)?;
                    if let Entry::Unit(u, _) = entry {
                        let map = self.cache.map;
                        let multi = map.province(u.location.province).is_multi_coast();
                        if u.kind == diplo_map::UnitKind::Fleet
                            && multi
                            && u.location.coast.is_none()
                        {
                            self.coastless.push((line_no, line));
                        }
                    }
                    if let Some(warning) = position_line(entry, current, line).map_err(err)? {
                        self.warnings.push(located(warning));
                    }
                }
                Section::Orders if self.raw_orders.len() == self.limits.orders => {
                    return Err(err(format!(
                        "order {} of {}: {}",
                        self.raw_orders.len() + 1,
                        current.phase.name(self.cache.map),
                        Limit::Orders.exceeded(self.limits.orders)
                    )))
                }
                Section::Orders => self.raw_orders.push((line_no, line)),
                Section::None => {
                    return Err(err(format!("`{line}`: expected `POSITIONS` or `ORDERS`")))
                }
            },
        }
        Ok(())
    }
}

/// The lines of a record, split as [`diplo_orders::text_lines`] splits them (at `\n`, `\r\n` or
/// `\r`, after a byte-order mark), by one pass over the bytes.
fn record_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text.strip_prefix('\u{feff}').unwrap_or(text));
    std::iter::from_fn(move || {
        let t = rest?;
        let bytes = t.as_bytes();
        let Some(i) = memchr::memchr2(b'\n', b'\r', bytes) else {
            rest = None;
            return Some(t);
        };
        let skip = if bytes[i..].starts_with(b"\r\n") {
            2
        } else {
            1
        };
        // Line ends are ASCII, so both sides are whole characters.
        rest = Some(&t[i + skip..]).filter(|r| !r.is_empty());
        Some(&t[..i])
    })
}

/// Reads each order line and gives it the power of the unit (or centre) it names.
fn attribute_orders(
    cache: &mut LineCache<'_>,
    file: &str,
    phase: &mut RecordedPhase,
    raw: &[(usize, &str)],
) {
    phase.orders.reserve(raw.len());
    for &(line, text) in raw {
        let bad = |message: String| RecordError {
            file: file.to_string(),
            line,
            message,
        };
        // godip's variant records write a build outside the home centres `build anywhere Army
        // fla`: the same build, legal or not by the map's build rule.
        let read = match text.strip_prefix("build anywhere ") {
            Some(rest) => cache.order(&format!("build {rest}")),
            None => cache.order(text),
        };
        let (prefix, order) = match read {
            Ok(x) => x,
            Err((column, message)) => {
                phase
                    .unreadable
                    .push(bad(format!("`{text}`: column {column}: {message}")));
                continue;
            }
        };
        // A power prefix (written for orders that name no unit of their own, such as a canal
        // permission) says whose order it is; otherwise the unit's (or centre's) owner.
        let power = prefix.or_else(|| {
            order.unit().and_then(|u| {
                let p = u.place.province;
                let on = |list: &[Unit]| {
                    list.iter()
                        .find(|x| x.location.province == p)
                        .map(|x| x.power)
                };
                match (&order, phase.phase.kind) {
                    (Order::Build { .. }, _) => phase.owners[p.index()],
                    (_, PhaseKind::Retreat) => on(&phase.dislodged),
                    _ => on(&phase.units),
                }
            })
        });
        match power {
            Some(power) => phase.orders.push(RecordedOrder {
                line,
                text: text.to_string(),
                power,
                order,
            }),
            None => phase.ignored.push(bad(format!(
                "`{text}`: names no unit of this phase (or, for a build, no owned centre); ignored"
            ))),
        }
    }
}
