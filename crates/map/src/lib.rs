//! Data-defined Diplomacy maps.
//!
//! A [`Map`] is loaded from a TOML file (format: `maps/FORMAT.md`) and validated as it loads: every
//! problem is reported as a [`Diagnostic`] with file, line and column. Once loaded, everything is
//! addressed by dense integer ids ([`ProvinceId`], [`PowerId`], [`Location`]) so that the engine's
//! hot path never looks anything up by name.
//!
//! ```
//! let map = diplo_map::Map::standard();
//! let lvp = map.province_by_name("Liverpool").unwrap();
//! let nao = map.province_by_name("nao").unwrap();
//! assert!(map.fleet_can_reach(diplo_map::Location::province(lvp), nao));
//! ```

mod diag;
pub mod generate;
mod json;
mod load;

use std::collections::HashMap;
use std::fmt;

pub use diag::{line_col, Diagnostic, MapError};
pub use json::{CoastSummary, MapSummary, PowerSummary, ProvinceSummary, UnitSummary};

use serde::Serialize;

/// The TOML source of the standard map, embedded in the binary.
pub const STANDARD_MAP_TOML: &str = include_str!("../../../maps/standard.toml");

/// Dense index of a province on its map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ProvinceId(pub u32);

impl ProvinceId {
    /// The id as a `usize` index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Dense index of a power on its map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct PowerId(pub u8);

impl PowerId {
    /// The id as a `usize` index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitKind {
    /// An army: moves over land, can be convoyed.
    Army,
    /// A fleet: moves along coasts and seas, can convoy.
    Fleet,
}

impl UnitKind {
    /// `A` or `F`.
    pub fn letter(self) -> char {
        match self {
            UnitKind::Army => 'A',
            UnitKind::Fleet => 'F',
        }
    }
    /// `army` or `fleet`.
    pub fn word(self) -> &'static str {
        match self {
            UnitKind::Army => "army",
            UnitKind::Fleet => "fleet",
        }
    }
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What a province is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// Land without a coast: armies only.
    Inland,
    /// Land with a coast: armies, and fleets along the coast.
    Coast,
    /// Water: fleets only; fleets here can convoy.
    Sea,
    /// Cannot be entered (Switzerland).
    Impassable,
}

impl Terrain {
    /// Whether an army may stand here.
    pub fn is_land(self) -> bool {
        matches!(self, Terrain::Inland | Terrain::Coast)
    }
    /// Whether a fleet may stand here.
    pub fn is_navigable(self) -> bool {
        matches!(self, Terrain::Coast | Terrain::Sea)
    }
}

/// A named coast of a multi-coast province (Spain's north coast).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Coast {
    /// Short name: `nc`.
    pub name: String,
    /// Full name: `north coast`.
    pub full_name: String,
}

/// A province of the map.
#[derive(Clone, Debug, Serialize)]
pub struct Province {
    /// Short name (2000-rulebook abbreviation), lower case: `lvp`.
    pub name: String,
    /// Full name as the DATC writes it: `Liverpool`.
    pub full_name: String,
    /// Other accepted names.
    pub aliases: Vec<String>,
    /// Land, coast, sea or impassable.
    pub terrain: Terrain,
    /// Whether this is a supply centre.
    pub supply_centre: bool,
    /// The power for which this is a home supply centre.
    pub home: Option<PowerId>,
    /// The home country this province belongs to (DATC 4.D.8, 2000 rulebook).
    pub country: Option<PowerId>,
    /// Named coasts; empty unless the province has more than one coast.
    pub coasts: Vec<Coast>,
}

impl Province {
    /// Whether fleets here must name a coast.
    pub fn is_multi_coast(&self) -> bool {
        !self.coasts.is_empty()
    }
}

/// A place a unit can stand: a province, and for a multi-coast province one of its coasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Location {
    /// The province.
    pub province: ProvinceId,
    /// Index into [`Province::coasts`], or `None` for the province as a whole.
    pub coast: Option<u8>,
}

impl Location {
    /// The whole province (no coast).
    pub fn province(province: ProvinceId) -> Self {
        Location {
            province,
            coast: None,
        }
    }
    /// A coast of a province.
    pub fn coast(province: ProvinceId, coast: u8) -> Self {
        Location {
            province,
            coast: Some(coast),
        }
    }
}

/// A unit placed on the map at the start of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StartingUnit {
    /// Army or fleet.
    pub kind: UnitKind,
    /// Where it stands.
    pub location: Location,
}

/// A great power.
#[derive(Clone, Debug, Serialize)]
pub struct Power {
    /// Name: `England`.
    pub name: String,
    /// Adjective: `English`.
    pub adjective: String,
    /// Three-letter abbreviation: `ENG`.
    pub abbreviation: String,
    /// Home supply centres, in map order.
    pub home_centres: Vec<ProvinceId>,
    /// Starting units.
    pub units: Vec<StartingUnit>,
    /// Supply centres owned at the start.
    pub centres: Vec<ProvinceId>,
}

/// The season of a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Season {
    /// Spring (movement, then retreats).
    Spring,
    /// Fall (movement, retreats, then the winter adjustments).
    Fall,
}

/// A data-defined Diplomacy map.
#[derive(Clone, Debug)]
pub struct Map {
    /// Short identifier: `standard`.
    pub name: String,
    /// Human-readable title.
    pub title: String,
    /// Year of the first phase.
    pub first_year: u16,
    /// Season of the first (movement) phase.
    pub first_season: Season,
    /// Centres a power needs to win.
    pub victory_centres: u16,
    provinces: Vec<Province>,
    powers: Vec<Power>,
    /// Army neighbours per province, sorted.
    army: Vec<Vec<ProvinceId>>,
    /// First fleet node of each province; a multi-coast province has one node per coast.
    node_base: Vec<u32>,
    /// Fleet neighbours per fleet node, sorted.
    fleet: Vec<Vec<Location>>,
    /// Lower-cased names, full names and aliases.
    names: HashMap<String, ProvinceId>,
}

impl Map {
    /// The embedded standard map.
    pub fn standard() -> Map {
        Map::from_toml_str(STANDARD_MAP_TOML, "maps/standard.toml")
            .expect("the embedded standard map is valid")
    }

    /// Loads and validates a map from TOML text; `file` names it in diagnostics.
    pub fn from_toml_str(text: &str, file: &str) -> Result<Map, MapError> {
        load::load(text, file)
    }

    /// Loads and validates a map file.
    pub fn from_path(path: &std::path::Path) -> Result<Map, MapError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| MapError::io(&file, e))?;
        Map::from_toml_str(&text, &file)
    }

    /// Every province, indexed by [`ProvinceId`].
    pub fn provinces(&self) -> &[Province] {
        &self.provinces
    }

    /// Ids of every province.
    pub fn province_ids(&self) -> impl Iterator<Item = ProvinceId> {
        (0..self.provinces.len() as u32).map(ProvinceId)
    }

    /// One province.
    #[inline]
    pub fn province(&self, id: ProvinceId) -> &Province {
        &self.provinces[id.index()]
    }

    /// Every power, indexed by [`PowerId`].
    pub fn powers(&self) -> &[Power] {
        &self.powers
    }

    /// Ids of every power.
    pub fn power_ids(&self) -> impl Iterator<Item = PowerId> {
        (0..self.powers.len() as u8).map(PowerId)
    }

    /// One power.
    #[inline]
    pub fn power(&self, id: PowerId) -> &Power {
        &self.powers[id.index()]
    }

    /// A power by name, adjective or abbreviation, case-insensitively.
    pub fn power_by_name(&self, name: &str) -> Option<PowerId> {
        let name = name.trim();
        self.powers
            .iter()
            .position(|p| {
                p.name.eq_ignore_ascii_case(name)
                    || p.abbreviation.eq_ignore_ascii_case(name)
                    || p.adjective.eq_ignore_ascii_case(name)
            })
            .map(|i| PowerId(i as u8))
    }

    /// A province by short name, full name or alias, case-insensitively. Dots are ignored
    /// (`St. Petersburg`) and runs of white space count as one space.
    pub fn province_by_name(&self, name: &str) -> Option<ProvinceId> {
        self.names.get(&normalize_name(name)).copied()
    }

    /// A coast of a province by short or full name (`nc`, `north coast`), case-insensitively.
    pub fn coast_by_name(&self, province: ProvinceId, name: &str) -> Option<u8> {
        let name = normalize_name(name);
        self.province(province)
            .coasts
            .iter()
            .position(|c| c.name == name || normalize_name(&c.full_name) == name)
            .map(|i| i as u8)
    }

    /// Short name of a location: `lvp`, `spa/nc`.
    pub fn location_name(&self, loc: Location) -> String {
        let p = self.province(loc.province);
        match loc.coast {
            Some(c) => format!("{}/{}", p.name, p.coasts[c as usize].name),
            None => p.name.clone(),
        }
    }

    /// Full name of a location as the DATC writes it: `Liverpool`, `Spain(nc)`.
    pub fn location_full_name(&self, loc: Location) -> String {
        let p = self.province(loc.province);
        match loc.coast {
            Some(c) => format!("{}({})", p.full_name, p.coasts[c as usize].name),
            None => p.full_name.clone(),
        }
    }

    /// Parses `lvp`, `stp/sc`, `stp(sc)`, `Spain(north coast)`, `St Petersburg/nc`.
    /// Returns `None` when the province or the coast is unknown.
    pub fn parse_location(&self, text: &str) -> Option<Location> {
        let text = text.trim();
        let (prov, coast) = if let Some(open) = text.find('(') {
            let close = text.rfind(')')?;
            (&text[..open], Some(&text[open + 1..close]))
        } else if let Some(slash) = text.find('/') {
            (&text[..slash], Some(&text[slash + 1..]))
        } else {
            (text, None)
        };
        let province = self.province_by_name(prov)?;
        match coast {
            None => Some(Location::province(province)),
            Some(c) => Some(Location::coast(province, self.coast_by_name(province, c)?)),
        }
    }

    /// Whether an army can move from `a` to `b` over land.
    #[inline]
    pub fn army_adjacent(&self, a: ProvinceId, b: ProvinceId) -> bool {
        self.army[a.index()].contains(&b)
    }

    /// Army neighbours of a province.
    #[inline]
    pub fn army_neighbours(&self, p: ProvinceId) -> &[ProvinceId] {
        &self.army[p.index()]
    }

    #[inline]
    fn node(&self, loc: Location) -> usize {
        self.node_base[loc.province.index()] as usize + loc.coast.unwrap_or(0) as usize
    }

    /// Fleet neighbours of a location. For a multi-coast province, pass a coast: the province
    /// as a whole has no fleet neighbours.
    #[inline]
    pub fn fleet_neighbours(&self, loc: Location) -> &[Location] {
        if loc.coast.is_none() && self.province(loc.province).is_multi_coast() {
            return &[];
        }
        &self.fleet[self.node(loc)]
    }

    /// Whether a fleet at `from` can move to exactly `to` (coast included).
    #[inline]
    pub fn fleet_adjacent(&self, from: Location, to: Location) -> bool {
        self.fleet_neighbours(from).contains(&to)
    }

    /// Whether a fleet at `from` can move to some coast of province `to`.
    #[inline]
    pub fn fleet_can_reach(&self, from: Location, to: ProvinceId) -> bool {
        self.fleet_neighbours(from).iter().any(|l| l.province == to)
    }

    /// The locations of province `to` that a fleet at `from` can move to.
    pub fn fleet_destinations(
        &self,
        from: Location,
        to: ProvinceId,
    ) -> impl Iterator<Item = Location> + '_ {
        self.fleet_neighbours(from)
            .iter()
            .copied()
            .filter(move |l| l.province == to)
    }

    /// Whether a unit of `kind` at `from` can move to province `to` without a convoy.
    pub fn can_move(&self, kind: UnitKind, from: Location, to: ProvinceId) -> bool {
        match kind {
            UnitKind::Army => self.army_adjacent(from.province, to),
            UnitKind::Fleet => self.fleet_can_reach(from, to),
        }
    }

    /// Whether a fleet in this province may convoy (a sea province).
    #[inline]
    pub fn can_convoy_through(&self, p: ProvinceId) -> bool {
        self.province(p).terrain == Terrain::Sea
    }

    /// Whether a unit of `kind` may stand at `loc` (terrain, and a coast where one is needed).
    pub fn can_stand(&self, kind: UnitKind, loc: Location) -> bool {
        let p = self.province(loc.province);
        match kind {
            UnitKind::Army => p.terrain.is_land(),
            UnitKind::Fleet => {
                p.terrain.is_navigable() && (p.is_multi_coast() == loc.coast.is_some())
            }
        }
    }

    /// Provinces adjacent to `p` for any unit (army edges and fleet edges of any coast).
    pub fn any_neighbours(&self, p: ProvinceId) -> Vec<ProvinceId> {
        let mut out: Vec<ProvinceId> = self.army[p.index()].clone();
        let prov = self.province(p);
        let n = prov.coasts.len().max(1);
        let base = self.node_base[p.index()] as usize;
        for node in base..base + n {
            out.extend(self.fleet[node].iter().map(|l| l.province));
        }
        out.sort();
        out.dedup();
        out
    }

    /// Home centres of a power.
    pub fn home_centres(&self, power: PowerId) -> &[ProvinceId] {
        &self.power(power).home_centres
    }

    /// Number of supply centres on the map.
    pub fn supply_centre_count(&self) -> usize {
        self.provinces.iter().filter(|p| p.supply_centre).count()
    }
}

/// Lower-cases, removes dots and folds white space: the key used to look names up.
pub fn normalize_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for word in name
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in word.chars() {
            if c != '.' {
                out.extend(c.to_lowercase());
            }
        }
    }
    out
}

/// The README's example is compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
