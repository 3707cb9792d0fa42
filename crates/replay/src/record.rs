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

use diplo_engine::position::parse_unit;
use diplo_engine::{Phase, PhaseKind, Position, Unit};
use diplo_map::limits::Limit;
use diplo_map::{Map, PowerId};
use diplo_orders::Order;

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
    /// Its phases in order.
    pub phases: Vec<RecordedPhase>,
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
    fn position(&mut self, line: &str) -> Result<Entry, String> {
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

/// Parses a record. A structural error (a bad `PHASE` or position line) stops reading and is
/// returned; an order line that cannot be read is kept in its phase's
/// [`RecordedPhase::unreadable`], one that names no unit in [`RecordedPhase::ignored`].
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
    };
    for (n, raw_line) in record_lines(text).enumerate() {
        let line_no = n + 1;
        let line = raw_line.trim();
        if line.is_empty() {
            continue;
        }
        match line.strip_prefix("PHASE ") {
            Some(rest) => p.phase_line(line_no, rest)?,
            None => p.body_line(line_no, line)?,
        }
    }
    p.finish_phase();
    if p.phases.is_empty() {
        return Err(p.err(1, "no `PHASE` line: not a game record".into()));
    }
    Ok(Game {
        file: file.to_string(),
        phases: p.phases,
    })
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

    /// The current phase's order lines, read into it.
    fn finish_phase(&mut self) {
        if let Some(p) = self.phases.last_mut() {
            attribute_orders(self.cache, self.file, p, &self.raw_orders);
        }
        self.raw_orders.clear();
    }

    /// A `PHASE` line (`rest` after the word): the previous phase ends, a new one starts.
    fn phase_line(&mut self, line_no: usize, rest: &str) -> Result<(), RecordError> {
        self.finish_phase();
        let phases = &self.phases;
        if phases.len() == self.limits.phases {
            return Err(self.err(
                line_no,
                format!(
                    "phase {}: {}",
                    phases.len() + 1,
                    Limit::Phases.exceeded(self.limits.phases)
                ),
            ));
        }
        let map = self.cache.map;
        let phase = parse_phase_line(map, rest).map_err(|m| self.err(line_no, m))?;
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
        });
        self.section = Section::None;
        Ok(())
    }

    /// A line after a `PHASE` line: a section header, a position line or an order line.
    fn body_line(&mut self, line_no: usize, line: &'t str) -> Result<(), RecordError> {
        let err = |message: String| RecordError {
            file: self.file.to_string(),
            line: line_no,
            message,
        };
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
                    position_line(entry, current, line).map_err(err)?
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

/// What one position line says.
#[derive(Clone, Copy)]
enum Entry {
    /// `Power: supply loc`: the centre's owner.
    Supply(diplo_map::ProvinceId, PowerId),
    /// `Power: army|fleet[/dislodged] loc`: a unit, dislodged or not.
    Unit(Unit, bool),
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

/// The position lines of the phase before and of this one, read. A phase's position mostly
/// repeats the one before, in the same order: a line is first looked for just after the last
/// one found there, which needs no look-up in the [`LineCache`].
#[derive(Default)]
struct Previous<'t> {
    before: Vec<(&'t str, Entry)>,
    now: Vec<(&'t str, Entry)>,
    /// Where in `before` to look next.
    at: usize,
}

impl<'t> Previous<'t> {
    /// Lines of the phase before looked at, from `at`: a unit that left (or a centre that
    /// changed owner) skips a line or two.
    const AHEAD: usize = 3;

    /// A new phase begins: its lines will be looked for among those of the one that ends.
    fn next_phase(&mut self) {
        std::mem::swap(&mut self.before, &mut self.now);
        self.now.clear();
        self.at = 0;
    }

    /// What `line` says, found among the previous phase's lines or read through `cache`.
    fn entry(&mut self, cache: &mut LineCache<'_>, line: &'t str) -> Result<Entry, String> {
        let end = self.before.len().min(self.at + Self::AHEAD);
        let found = (self.at..end).find(|&k| self.before[k].0 == line);
        let entry = match found {
            Some(k) => {
                self.at = k + 1;
                self.before[k].1
            }
            None => cache.position(line)?,
        };
        self.now.push((line, entry));
        Ok(entry)
    }
}

/// `Power: army|fleet[/dislodged] loc` or `Power: supply loc`.
fn position_line(entry: Entry, phase: &mut RecordedPhase, line: &str) -> Result<(), String> {
    match entry {
        Entry::Supply(p, power) => phase.owners[p.index()] = Some(power),
        Entry::Unit(unit, dislodged) => {
            let list = if dislodged {
                &mut phase.dislodged
            } else {
                &mut phase.units
            };
            if list
                .iter()
                .any(|u| u.location.province == unit.location.province)
            {
                return Err(format!("`{line}`: a second unit in the same province"));
            }
            list.push(unit);
        }
    }
    Ok(())
}

/// Any position line, read by the general name lookups, with a message when it cannot be.
fn read_entry(map: &Map, line: &str) -> Result<Entry, String> {
    let expected =
        "expected `Power: army|fleet[/dislodged] <location>` or `Power: supply <province>`";
    let (power_name, rest) = line
        .split_once(':')
        .ok_or_else(|| format!("`{line}`: {expected}"))?;
    let power = map.power_by_name(power_name).ok_or_else(|| {
        format!(
            "`{line}`: unknown power `{}`; {expected}",
            power_name.trim()
        )
    })?;
    let (what, place) = rest
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("`{line}`: {expected}"))?;
    if what == "supply" {
        let p = map
            .province_by_name(place.trim())
            .filter(|p| map.province(*p).supply_centre)
            .ok_or_else(|| format!("`{line}`: `{}` is not a supply centre", place.trim()))?;
        return Ok(Entry::Supply(p, power));
    }
    let (kind, dislodged) = match what.split_once('/') {
        Some((k, "dislodged")) => (k, true),
        None => (what, false),
        Some(_) => return Err(format!("`{line}`: {expected}")),
    };
    if kind != "army" && kind != "fleet" {
        return Err(format!("`{line}`: unknown unit type `{kind}`; {expected}"));
    }
    let unit =
        parse_unit(map, power, &format!("{kind} {place}")).map_err(|e| format!("`{line}`: {e}"))?;
    Ok(Entry::Unit(unit, dislodged))
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
        let (prefix, order) = match cache.order(text) {
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
