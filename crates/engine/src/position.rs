//! A position: the phase, the units, centre ownership, and in a retreat phase the dislodged
//! units. Readable from and writable to a hand-editable TOML format.

use std::collections::BTreeMap;
use std::fmt;

use diplo_map::{Location, Map, PowerId, ProvinceId, Season, UnitKind};
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Its power.
    pub power: PowerId,
    /// Army or fleet.
    pub kind: UnitKind,
    /// Where it stands.
    pub location: Location,
}

impl Unit {
    /// `F spa/nc` with short names.
    pub fn short(&self, map: &Map) -> String {
        format!(
            "{} {}",
            self.kind.letter(),
            map.location_name(self.location)
        )
    }
    /// `F Spain(nc)` with full names, as the DATC writes units.
    pub fn full(&self, map: &Map) -> String {
        format!(
            "{} {}",
            self.kind.letter(),
            map.location_full_name(self.location)
        )
    }
}

/// What happens in a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PhaseKind {
    /// Units move, hold, support and convoy.
    Movement,
    /// Dislodged units retreat or disband.
    Retreat,
    /// Winter: builds and removals.
    Adjustment,
}

/// A phase of the game: `Spring 1901 Movement`, `Fall 1901 Retreat`, `Winter 1901 Adjustment`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Phase {
    /// The year.
    pub year: u16,
    /// Spring or Fall (an adjustment phase belongs to the Fall of its year: "Winter").
    pub season: Season,
    /// Movement, retreat or adjustment.
    pub kind: PhaseKind,
}

impl Phase {
    /// The first phase of a map.
    pub fn first(map: &Map) -> Phase {
        match map.calendar.first_phase {
            diplo_map::FirstPhase::Movement => Phase {
                year: map.first_year,
                season: map.first_season,
                kind: PhaseKind::Movement,
            },
            diplo_map::FirstPhase::Adjustment => Phase {
                year: map.first_year,
                season: map.calendar.first_adjustment(),
                kind: PhaseKind::Adjustment,
            },
        }
    }

    /// The phase's name on `map`'s calendar: `Spring 1901 Movement`, `Fall 1901 Retreat`,
    /// `Winter 1901 Adjustment`.
    pub fn name(self, map: &Map) -> PhaseName<'_> {
        PhaseName {
            phase: self,
            calendar: &map.calendar,
        }
    }

    /// The name of the season part: the season's name, or for adjustments the name of the
    /// adjustment phase (`Winter`).
    pub fn season_name(self, map: &Map) -> &str {
        self.season_word(&map.calendar)
    }

    fn season_word(self, calendar: &diplo_map::Calendar) -> &str {
        let spec = calendar.spec(self.season);
        match (self.kind, &spec.adjustment) {
            (PhaseKind::Adjustment, Some(a)) => a,
            _ => &spec.name,
        }
    }

    /// Reads a phase name on `map`'s calendar: `Spring 1901 Movement`, `Fall 1901 Retreat`,
    /// `Winter 1901 Adjustment` (also a season's aliases such as `Autumn`, and `Retreats`,
    /// `Adjustments`, `Builds`), case-insensitively.
    pub fn parse(s: &str, map: &Map) -> Result<Phase, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let cal = &map.calendar;
        let expected = format!("expected a phase like \"{}\"", Phase::first(map).name(map));
        let [season, year, kind] = words[..] else {
            return Err(format!("`{s}`: {expected}"));
        };
        let year: u16 = year
            .parse()
            .map_err(|_| format!("`{s}`: the year `{year}` is not a number; {expected}"))?;
        let kind = match kind.to_ascii_lowercase().as_str() {
            "movement" | "moves" | "move" => PhaseKind::Movement,
            "retreat" | "retreats" => PhaseKind::Retreat,
            "adjustment" | "adjustments" | "builds" | "build" => PhaseKind::Adjustment,
            other => return Err(format!("`{s}`: unknown phase kind `{other}`; {expected}")),
        };
        let found = match kind {
            PhaseKind::Adjustment => cal.adjustment_by_name(season),
            _ => cal.season_by_name(season),
        };
        let season = found.ok_or_else(|| {
            let names: Vec<String> = match kind {
                PhaseKind::Adjustment => cal
                    .seasons
                    .iter()
                    .filter_map(|x| x.adjustment.clone())
                    .collect(),
                _ => cal.seasons.iter().map(|x| x.name.clone()).collect(),
            };
            format!(
                "`{s}`: no {} phase is called `{season}` on map `{}` (its names: {})",
                kind.word(),
                map.name,
                names.join(", ")
            )
        })?;
        Ok(Phase { year, season, kind })
    }
}

impl PhaseKind {
    /// The kind's word in phase names: `Movement`, `Retreat`, `Adjustment`.
    pub fn word(self) -> &'static str {
        match self {
            PhaseKind::Movement => "Movement",
            PhaseKind::Retreat => "Retreat",
            PhaseKind::Adjustment => "Adjustment",
        }
    }
}

/// A phase with the calendar that names it; displays as `Spring 1901 Movement`.
#[derive(Clone, Copy, Debug)]
pub struct PhaseName<'a> {
    phase: Phase,
    calendar: &'a diplo_map::Calendar,
}

impl fmt::Display for PhaseName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.phase;
        let season = p.season_word(self.calendar);
        write!(f, "{season} {} {}", p.year, p.kind.word())
    }
}

/// A unit dislodged in the movement phase, waiting for its retreat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dislodged {
    /// The unit, where it was dislodged.
    pub unit: Unit,
    /// The province its attacker came from.
    pub attacker_from: ProvinceId,
    /// Whether the attacker came by convoy (DATC 4.A.5).
    pub by_convoy: bool,
}

/// The state of the game at the start of a phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The phase about to be played.
    pub phase: Phase,
    /// Units on the board (in a retreat phase: the ones not dislodged).
    pub units: Vec<Unit>,
    /// Owner of each supply centre, indexed by province (`None`: unowned or not a centre).
    pub owners: Vec<Option<PowerId>>,
    /// Dislodged units (retreat phase only).
    pub dislodged: Vec<Dislodged>,
    /// Provinces left empty by a standoff (retreat phase only): nobody may retreat there.
    pub contested: Vec<ProvinceId>,
}

impl Position {
    /// The map's starting position.
    pub fn initial(map: &Map) -> Position {
        let mut owners = vec![None; map.provinces().len()];
        let mut units = Vec::new();
        for pid in map.power_ids() {
            let power = map.power(pid);
            for c in &power.centres {
                owners[c.index()] = Some(pid);
            }
            for u in &power.units {
                units.push(Unit {
                    power: pid,
                    kind: u.kind,
                    location: u.location,
                });
            }
        }
        Position {
            phase: Phase::first(map),
            units,
            owners,
            dislodged: Vec::new(),
            contested: Vec::new(),
        }
    }

    /// An empty board in the given phase.
    pub fn empty(map: &Map, phase: Phase) -> Position {
        Position {
            phase,
            units: Vec::new(),
            owners: vec![None; map.provinces().len()],
            dislodged: Vec::new(),
            contested: Vec::new(),
        }
    }

    /// The unit in a province (any coast), if any.
    pub fn unit_in(&self, province: ProvinceId) -> Option<&Unit> {
        self.units.iter().find(|u| u.location.province == province)
    }

    /// Number of centres a power owns.
    pub fn centre_count(&self, power: PowerId) -> usize {
        self.owners.iter().filter(|o| **o == Some(power)).count()
    }

    /// How many units a power's centres keep: the centres it owns except the ones the map says
    /// do not count for it (Colonial's Hong Kong for China, DATC 2.4 7.A), and a dummy centre
    /// (1900's Russian Steamroller) only while it owns one of its home centres.
    pub fn counted_centres(&self, map: &Map, power: PowerId) -> usize {
        let plain = self.owned(map.plain_centres(), power).count();
        let odd = self.owned(map.odd_centres(), power);
        plain
            + odd
                .filter(|&p| self.odd_centre_counts(map, p, power))
                .count()
    }

    /// Every power's [`Position::counted_centres`], indexed by power, in one pass over the
    /// centres.
    pub fn counted_centres_by_power(&self, map: &Map) -> Vec<usize> {
        self.centres_by_power(map, |p, power| self.odd_centre_counts(map, p, power))
    }

    /// Every power's [`Position::victory_centres`], indexed by power, in one pass over the
    /// centres.
    pub fn victory_centres_by_power(&self, map: &Map) -> Vec<usize> {
        self.centres_by_power(map, |p, power| map.counts_for_victory(p, power))
    }

    /// Per power, the plain centres it owns and the odd ones it owns that `counts` (see
    /// `Map::odd_centres`).
    fn centres_by_power(
        &self,
        map: &Map,
        counts: impl Fn(ProvinceId, PowerId) -> bool,
    ) -> Vec<usize> {
        let mut by_power = vec![0; map.powers().len()];
        let plain = map.plain_centres().iter().map(|&p| self.owner(p));
        let odd = map.odd_centres().iter().map(|&p| (p, self.owner(p)));
        let odd = odd.map(|(p, o)| o.filter(|&o| counts(p, o)));
        for owner in plain.chain(odd) {
            if let Some(c) = owner.and_then(|o| by_power.get_mut(o.index())) {
                *c += 1;
            }
        }
        by_power
    }

    /// Whether `power`, the owner of odd centre `p` (see `Map::odd_centres`), counts it.
    fn odd_centre_counts(&self, map: &Map, p: ProvinceId, power: PowerId) -> bool {
        let owns_home = || {
            let mut homes = map.home_centres(power).iter();
            homes.any(|&h| self.owner(h) == Some(power))
        };
        map.centre_counts_for(p, power) && (!map.province(p).dummy || owns_home())
    }

    /// How many of its centres count towards a power's victory: as `counted_centres`, but never
    /// a dummy centre.
    pub fn victory_centres(&self, map: &Map, power: PowerId) -> usize {
        let plain = self.owned(map.plain_centres(), power).count();
        let odd = self.owned(map.odd_centres(), power);
        plain + odd.filter(|&p| map.counts_for_victory(p, power)).count()
    }

    /// The owner of province `p`'s centre, if any.
    fn owner(&self, p: ProvinceId) -> Option<PowerId> {
        self.owners.get(p.index()).copied().flatten()
    }

    /// Those of `centres` that `power` owns.
    fn owned<'a>(
        &'a self,
        centres: &'a [ProvinceId],
        power: PowerId,
    ) -> impl Iterator<Item = ProvinceId> + 'a {
        let centres = centres.iter().copied();
        centres.filter(move |&p| self.owner(p) == Some(power))
    }

    /// A power's units in the short form (`A par`, `F stp/sc`), in board order.
    pub fn unit_names(&self, map: &Map, power: PowerId) -> Vec<String> {
        self.units
            .iter()
            .filter(|u| u.power == power)
            .map(|u| u.short(map))
            .collect()
    }

    /// Every power's allowance in an adjustment phase, indexed by power: its counted centres
    /// ([`Position::counted_centres`]) less its units ([`Position::unit_count`]), all counted
    /// in one pass over the board.
    pub fn allowances(&self, map: &Map) -> Vec<i64> {
        let mut out: Vec<i64> = (self.counted_centres_by_power(map).into_iter())
            .map(|n| n as i64)
            .collect();
        for u in &self.units {
            if let Some(n) = out.get_mut(u.power.index()) {
                *n -= 1;
            }
        }
        out
    }

    /// Number of units a power has on the board.
    pub fn unit_count(&self, power: PowerId) -> usize {
        self.units.iter().filter(|u| u.power == power).count()
    }

    /// Reads the TOML position format (see `Position::to_toml`); `file` names it in errors,
    /// which say `file:line:column: what is wrong`.
    pub fn from_toml_str(map: &Map, text: &str, file: &str) -> Result<Position, String> {
        let raw: PositionInput = toml::from_str(text).map_err(|e| {
            let (at, message) = diplo_map::toml_error(&e, text);
            located(file, text, at, &message)
        })?;
        Position::from_input(map, &raw, text, file)
    }

    /// Builds a position from the parsed file format. `text` is the whole document the spans
    /// point into (a position file, or a larger file embedding one, such as a game file), so
    /// that each error names the line and column of the bad value.
    pub fn from_input(
        map: &Map,
        raw: &PositionInput,
        text: &str,
        file: &str,
    ) -> Result<Position, String> {
        let mut r = PositionReader {
            map,
            text,
            file,
            errors: Vec::new(),
            more: 0,
        };
        let phase = match Phase::parse(raw.phase.get_ref(), map) {
            Ok(p) => p,
            Err(e) => {
                r.err(&raw.phase, e);
                Phase::first(map)
            }
        };
        let mut pos = Position::empty(map, phase);
        r.units(raw, &mut pos);
        r.centres(raw, &mut pos);
        r.dislodged(raw, &mut pos);
        for c in &raw.contested {
            match map.province_by_name(c.get_ref()) {
                Some(p) if pos.contested.contains(&p) => {}
                Some(p) => pos.contested.push(p),
                None => r.err(c, format!("contested: unknown province `{}`", c.get_ref())),
            }
        }
        if !pos.dislodged.is_empty() && phase.kind != PhaseKind::Retreat {
            r.err(
                &raw.phase,
                "dislodged units are only possible in a retreat phase".to_string(),
            );
        }
        if r.more > 0 {
            r.errors
                .push(format!("{file}: and {} more problems", r.more));
        }
        if r.errors.is_empty() {
            Ok(pos)
        } else {
            Err(r.errors.join("\n"))
        }
    }

    /// Writes the TOML position format.
    pub fn to_toml(&self, map: &Map) -> String {
        toml::to_string(&self.to_file(map)).expect("a position serializes")
    }

    /// The position with names instead of ids: what the TOML and JSON formats hold.
    pub fn to_file(&self, map: &Map) -> PositionFile {
        let mut raw = PositionFile {
            phase: self.phase.name(map).to_string(),
            ..Default::default()
        };
        for pid in map.power_ids() {
            let name = map.power(pid).name.clone();
            let units = self.unit_names(map, pid);
            if !units.is_empty() {
                raw.units.insert(name.clone(), units);
            }
            let centres: Vec<String> = map
                .province_ids()
                .filter(|p| self.owners[p.index()] == Some(pid))
                .map(|p| map.province(p).name.clone())
                .collect();
            if !centres.is_empty() {
                raw.centres.insert(name, centres);
            }
        }
        for d in &self.dislodged {
            raw.dislodged.push(DislodgedFile {
                power: map.power(d.unit.power).name.clone(),
                unit: d.unit.short(map),
                attacker_from: map.province(d.attacker_from).name.clone(),
                by_convoy: d.by_convoy,
            });
        }
        raw.contested = self
            .contested
            .iter()
            .map(|p| map.province(*p).name.clone())
            .collect();
        raw
    }
}

/// Reads the tables of a position file into a position, gathering every error with its place.
struct PositionReader<'a> {
    map: &'a Map,
    text: &'a str,
    file: &'a str,
    errors: Vec<String>,
    /// Problems beyond the first [`MAX_LOCATED_ERRORS`]: counted, not located (each location
    /// scans the text).
    more: usize,
}

impl PositionReader<'_> {
    fn err(&mut self, v: &Spanned<String>, what: String) {
        if self.errors.len() < MAX_LOCATED_ERRORS {
            let e = located(self.file, self.text, v.span().start, &what);
            self.errors.push(e);
        } else {
            self.more += 1;
        }
    }

    /// The power a table names, or an error at the name.
    fn power(&mut self, name: &Spanned<String>, table: &str) -> Option<PowerId> {
        let p = self.map.power_by_name(name.get_ref());
        if p.is_none() {
            let hint = powers_hint(self.map);
            self.err(
                name,
                format!("{table}: unknown power `{}`; {hint}", name.get_ref()),
            );
        }
        p
    }

    /// `[units]`: each unit where it may stand, one per province. The units are listed power
    /// by power in the order of the powers' names as the map spells them (the order a written
    /// position has), whatever the file's spelling (`france` sorts after `Germany`).
    fn units(&mut self, raw: &PositionInput, pos: &mut Position) {
        let map = self.map;
        for (power_name, list) in &raw.units {
            let Some(power) = self.power(power_name, "[units]") else {
                continue;
            };
            let who = power_name.get_ref();
            for u in list {
                let unit = match parse_unit(map, power, u.get_ref()) {
                    Ok(unit) => unit,
                    Err(e) => {
                        self.err(u, format!("[units] {who}: {e}"));
                        continue;
                    }
                };
                let province = unit.location.province;
                if pos.unit_in(province).is_some() {
                    let name = &map.province(province).name;
                    self.err(u, format!("[units] {who}: two units in `{name}`"));
                    continue;
                }
                pos.units.push(unit);
            }
        }
        // Stable: a power's units stay in the order read.
        pos.units
            .sort_by(|a, b| map.power(a.power).name.cmp(&map.power(b.power).name));
    }

    /// `[centres]`: supply centres, each owned by one power at most.
    fn centres(&mut self, raw: &PositionInput, pos: &mut Position) {
        let map = self.map;
        for (power_name, list) in &raw.centres {
            let Some(power) = self.power(power_name, "[centres]") else {
                continue;
            };
            let who = power_name.get_ref();
            for c in list {
                let name = c.get_ref();
                let Some(p) = map.province_by_name(name) else {
                    self.err(c, format!("[centres] {who}: unknown province `{name}`"));
                    continue;
                };
                if !map.province(p).supply_centre {
                    self.err(
                        c,
                        format!("[centres] {who}: `{name}` is not a supply centre"),
                    );
                } else if let Some(other) = pos.owners[p.index()] {
                    let other = &map.power(other).name;
                    self.err(
                        c,
                        format!("[centres]: `{name}` is owned by both {other} and {who}"),
                    );
                } else {
                    pos.owners[p.index()] = Some(power);
                }
            }
        }
    }

    /// `[[dislodged]]`: units dislodged where a unit of another power now stands, with the
    /// province their attacker came from.
    fn dislodged(&mut self, raw: &PositionInput, pos: &mut Position) {
        let map = self.map;
        for d in &raw.dislodged {
            let Some(power) = self.power(&d.power, "[[dislodged]]") else {
                continue;
            };
            let unit = match parse_unit(map, power, d.unit.get_ref()) {
                Ok(u) => u,
                Err(e) => {
                    self.err(&d.unit, format!("[[dislodged]]: {e}"));
                    continue;
                }
            };
            let Some(attacker_from) = map.province_by_name(d.attacker_from.get_ref()) else {
                let name = d.attacker_from.get_ref();
                self.err(
                    &d.attacker_from,
                    format!("[[dislodged]]: unknown province `{name}`"),
                );
                continue;
            };
            let dislodged = Dislodged {
                unit,
                attacker_from,
                by_convoy: d.by_convoy,
            };
            if let Err(why) = check_dislodged(map, pos, &dislodged) {
                self.err(&d.unit, format!("[[dislodged]]: {why}"));
                continue;
            }
            pos.dislodged.push(dislodged);
        }
    }
}

/// Parses `A par`, `F stp/sc`, `F St Petersburg(sc)`.
pub fn parse_unit(map: &Map, power: PowerId, text: &str) -> Result<Unit, String> {
    let t = text.trim();
    let (k, rest) = t
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("unit `{t}`: expected `A <province>` or `F <province>[/coast]`"))?;
    let kind = match k.to_ascii_lowercase().as_str() {
        "a" | "army" => UnitKind::Army,
        "f" | "fleet" => UnitKind::Fleet,
        _ => {
            return Err(format!(
                "unit `{t}`: expected `A` or `F` before the province"
            ))
        }
    };
    let location = map
        .parse_location(rest)
        .ok_or_else(|| format!("unit `{t}`: unknown province or coast `{}`", rest.trim()))?;
    if !map.can_stand(kind, location) {
        return Err(format!(
            "unit `{t}`: a {} cannot stand in `{}`",
            kind.word(),
            map.location_name(location)
        ));
    }
    Ok(Unit {
        power,
        kind,
        location,
    })
}

/// The position file format (TOML; also the JSON shape of a position).
///
/// ```toml
/// phase = "Fall 1901 Retreat"
/// contested = ["bur"]
///
/// [units]
/// England = ["F nth", "A yor", "F lvp"]
///
/// [centres]
/// England = ["edi", "lon", "lvp"]
///
/// [[dislodged]]
/// power = "France"
/// unit = "F bre"
/// attacker_from = "eng"
/// by_convoy = false
/// ```
#[derive(Clone, Debug, Serialize, Deserialize, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    /// `Spring 1901 Movement`, `Fall 1901 Retreat`, `Winter 1901 Adjustment`.
    pub phase: String,
    /// Provinces left empty by a standoff (retreat phase).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contested: Vec<String>,
    /// Units per power: `A par`, `F stp/sc`.
    #[serde(default)]
    pub units: BTreeMap<String, Vec<String>>,
    /// Owned supply centres per power.
    #[serde(default)]
    pub centres: BTreeMap<String, Vec<String>>,
    /// Dislodged units (retreat phase).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dislodged: Vec<DislodgedFile>,
}

/// A dislodged unit in the position file format.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DislodgedFile {
    /// Its power.
    pub power: String,
    /// `F bre`.
    pub unit: String,
    /// Where its attacker came from.
    pub attacker_from: String,
    /// Whether the attacker came by convoy.
    #[serde(default)]
    pub by_convoy: bool,
}

/// The position format as read: every value keeps its place in the file, so that a bad value is
/// reported at its line and column. The same shape as [`PositionFile`], which is what is written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionInput {
    /// `Spring 1901 Movement`, `Fall 1901 Retreat`, `Winter 1901 Adjustment`.
    pub phase: Spanned<String>,
    /// Provinces left empty by a standoff (retreat phase).
    #[serde(default)]
    pub contested: Vec<Spanned<String>>,
    /// Units per power: `A par`, `F stp/sc`.
    #[serde(default)]
    pub units: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    /// Owned supply centres per power.
    #[serde(default)]
    pub centres: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    /// Dislodged units (retreat phase).
    #[serde(default)]
    pub dislodged: Vec<DislodgedInput>,
}

/// A dislodged unit as read, with the places of its values.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DislodgedInput {
    /// Its power.
    pub power: Spanned<String>,
    /// `F bre`.
    pub unit: Spanned<String>,
    /// Where its attacker came from.
    pub attacker_from: Spanned<String>,
    /// Whether the attacker came by convoy.
    #[serde(default)]
    pub by_convoy: bool,
}

/// The most problems a position reports with their places; the rest are counted.
pub const MAX_LOCATED_ERRORS: usize = 100;

/// `file:line:column: message` for byte offset `at` of `text`.
/// A line end inside the message (a value quoted from the file, such as `"a\nb"`) is written
/// `\n`, so that every error is one line.
pub fn located(file: &str, text: &str, at: usize, message: &str) -> String {
    let (line, col) = diplo_map::line_col(text, at);
    format!("{file}:{line}:{col}: {}", diplo_map::one_line(message))
}

fn powers_hint(map: &Map) -> String {
    let names: Vec<&str> = map.powers().iter().map(|p| p.name.as_str()).collect();
    format!("the powers are {}", names.join(", "))
}

/// Whether a dislodged unit fits the position: one per province, not dislodged by its own power
/// (the unit standing there), its attacker from another province, next to it unless convoyed.
fn check_dislodged(map: &Map, pos: &Position, d: &Dislodged) -> Result<(), String> {
    let p = d.unit.location.province;
    let name = &map.province(p).name;
    if pos.dislodged.iter().any(|o| o.unit.location.province == p) {
        return Err(format!("two dislodged units in `{name}`"));
    }
    if pos.unit_in(p).is_some_and(|u| u.power == d.unit.power) {
        return Err(format!(
            "{} stands in `{name}` and is dislodged from it too",
            map.power(d.unit.power).name
        ));
    }
    if d.attacker_from == p {
        return Err(format!(
            "attacker_from is `{name}` itself: a unit is dislodged from elsewhere"
        ));
    }
    let adjacent = map.army_adjacent(d.attacker_from, p)
        || map.fleet_can_reach(Location::province(d.attacker_from), p)
        || map
            .province(d.attacker_from)
            .coasts
            .iter()
            .enumerate()
            .any(|(i, _)| map.fleet_can_reach(Location::coast(d.attacker_from, i as u8), p));
    if !adjacent && !d.by_convoy {
        return Err(format!(
            "attacker_from `{}` is not next to `{name}` (set by_convoy = true for a convoyed attack)",
            map.province(d.attacker_from).name
        ));
    }
    Ok(())
}
