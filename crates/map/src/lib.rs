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
pub mod drawing;
pub mod generate;
mod json;
pub mod limits;
mod load;
mod short_table;
pub mod suggest;

use std::fmt;

pub use diag::{line_col, one_line, toml_error, Diagnostic, MapError};
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
    /// A coastal province whose fleet may convoy (DATC 2.4 chapter 9).
    pub convoyable: bool,
    /// Seasons in which the province is closed (ice, DATC 2.4 chapter 8).
    pub closed: Vec<Season>,
    /// Powers for which this supply centre does not count (Colonial's Hong Kong for China).
    pub not_centre_for: Vec<PowerId>,
    /// A dummy supply centre (1900's Russian Steamroller): it keeps one more unit for its owner
    /// while the owner owns one of its home centres, and never counts towards victory.
    pub dummy: bool,
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
    /// Where it may build under [`BuildRule::BuildSites`].
    pub build_sites: Vec<ProvinceId>,
    /// Owned centres where it may never build.
    pub no_build: Vec<ProvinceId>,
    /// A neutral (unplayed) power: it never orders, its units hold (they can be supported and
    /// dislodged), it never wins.
    pub neutral: bool,
    /// A neutral power that rebuilds its units at adjustments, in the starting centres it still
    /// owns that are empty.
    pub rebuild: bool,
}

/// The victory condition (`victory_centres`, or the `[victory]` table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Victory {
    /// A power owning this many supply centres (that count for it) wins ...
    pub centres: u16,
    /// ... if it owns more than any other power (when set) ...
    pub more_than_any: bool,
    /// ... and at least this many more than the next power.
    pub lead: u16,
    /// After the Fall of this year the game ends in a draw shared by the survivors.
    pub last_year: Option<u16>,
}

/// How a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstPhase {
    /// With a movement phase in `first_season` of `first_year`.
    #[default]
    Movement,
    /// With the winter adjustments of `first_year` (Chaos: every power builds its units).
    Adjustment,
}

/// One movement season of the year (a `[[calendar.season]]` of the map file): its movement
/// phase, the retreats after it, and, where it says so, the adjustments after those.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeasonSpec {
    /// The name in phase names and orders files: `Spring`.
    pub name: String,
    /// Other names read for it, case-insensitively: `Autumn` for `Fall`.
    pub aliases: Vec<String>,
    /// Supply centres change owner when this season (with its retreats) is over.
    pub captures: bool,
    /// The name of the adjustment phase that follows this season (`Winter`), if one does.
    pub adjustment: Option<String>,
}

/// The map's calendar (the `[calendar]` table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Calendar {
    /// How the game starts.
    pub first_phase: FirstPhase,
    /// Adjustments are held in every this many years, counting the first year as the first
    /// (1: every year).
    pub adjustment_every: u16,
    /// The movement seasons of a year, in order (at least one, at most 255).
    pub seasons: Vec<SeasonSpec>,
}

impl Default for Calendar {
    /// Spring and Fall; centres change owner after the Fall, and the Winter adjustments follow it.
    fn default() -> Self {
        Calendar {
            first_phase: FirstPhase::Movement,
            adjustment_every: 1,
            seasons: vec![
                SeasonSpec {
                    name: "Spring".into(),
                    aliases: Vec::new(),
                    captures: false,
                    adjustment: None,
                },
                SeasonSpec {
                    name: "Fall".into(),
                    aliases: vec!["Autumn".into()],
                    captures: true,
                    adjustment: Some("Winter".into()),
                },
            ],
        }
    }
}

impl Calendar {
    /// Whether adjustments are held in `year` on a map whose first year is `first`.
    pub fn adjusts_in(&self, first: u16, year: u16) -> bool {
        (u32::from(year.saturating_sub(first)) + 1) % u32::from(self.adjustment_every.max(1)) == 0
    }

    /// The spec of a season (the last one for an index past the end).
    pub fn spec(&self, season: Season) -> &SeasonSpec {
        let i = season.index().min(self.seasons.len().saturating_sub(1));
        &self.seasons[i]
    }

    /// The season after `season` of `year`, and its year.
    pub fn next(&self, year: u16, season: Season) -> (u16, Season) {
        if season.index() + 1 < self.seasons.len() {
            (year, Season(season.0 + 1))
        } else {
            (year.saturating_add(1), Season(0))
        }
    }

    /// The season whose name or alias is `name`, case-insensitively.
    pub fn season_by_name(&self, name: &str) -> Option<Season> {
        self.seasons
            .iter()
            .position(|s| {
                s.name.eq_ignore_ascii_case(name)
                    || s.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
            })
            .map(|i| Season(i as u8))
    }

    /// The season whose adjustments are named `name` (`Winter`), case-insensitively.
    pub fn adjustment_by_name(&self, name: &str) -> Option<Season> {
        self.seasons
            .iter()
            .position(|s| {
                s.adjustment
                    .as_deref()
                    .is_some_and(|a| a.eq_ignore_ascii_case(name))
            })
            .map(|i| Season(i as u8))
    }

    /// The season whose adjustments open the game (`first_phase = "adjustment"`): the first
    /// season followed by adjustments.
    pub fn first_adjustment(&self) -> Season {
        let i = self.seasons.iter().position(|s| s.adjustment.is_some());
        Season(i.unwrap_or(self.seasons.len().saturating_sub(1)) as u8)
    }

    /// The season names, joined for messages: `"Spring" or "Fall"`.
    pub fn names(&self) -> String {
        let names: Vec<String> = self
            .seasons
            .iter()
            .map(|s| format!("\"{}\"", s.name))
            .collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }
}

/// Where a power may build (the map's `build` key).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BuildRule {
    /// Its owned, empty home centres (the rulebooks).
    #[default]
    HomeCentres,
    /// Any owned, empty supply centre (DATC 2.4 chapter 11, Chaos); civil disorder then
    /// measures distances from the owned centres.
    OwnedCentres,
    /// Any owned, empty centre while it owns at least one of its home centres.
    OwnedCentresIfHome,
    /// Its owned, empty build sites ([`Power::build_sites`]).
    BuildSites,
}

/// Whether units may be converted into the other kind during adjustments (the map's
/// `unit_conversion`; the 2025 Era of Empire rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Conversion {
    /// No conversions (the rulebooks).
    #[default]
    None,
    /// A unit in an owned supply centre may become the other kind (a fleet where it can stand).
    OwnedCentres,
}

/// Properties of one direction of an edge (a `[[border]]` of the map file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Border {
    /// Where the crossing starts.
    pub from: ProvinceId,
    /// Where it ends.
    pub to: ProvinceId,
    /// A difficult passable border (DATC 2.4 chapter 10).
    pub difficult: bool,
    /// A half-strength crossing (1900's route around Africa): a move over it, or an army
    /// convoyed over it to its destination, is at half strength; a move over it cuts a support
    /// only by dislodging; no support is given over it.
    pub half_strength: bool,
    /// Whether it applies to armies (`[0]`) and fleets (`[1]`).
    pub units: [bool; 2],
    /// Seasons in which nobody crosses it.
    pub closed: Vec<Season>,
    /// The edge exists in this direction only.
    pub one_way: bool,
}

impl Border {
    /// Whether the border applies to a unit of this kind.
    #[inline]
    pub fn applies_to(&self, kind: UnitKind) -> bool {
        self.units[matches!(kind, UnitKind::Fleet) as usize]
    }
}

/// A railroad (Colonial's Trans-Siberian Railroad): a line of provinces some powers may ride.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Railroad {
    /// The word in orders: `TSR`.
    pub name: String,
    /// `Trans-Siberian Railroad`.
    pub full_name: String,
    /// The line, end to end.
    pub provinces: Vec<ProvinceId>,
    /// Who may use it.
    pub powers: Vec<PowerId>,
}

/// A canal (Colonial's Suez Canal): a fleet passage between two seas that the power with a
/// unit in the canal's province must permit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Canal {
    /// The province whose occupant grants passage.
    pub province: ProvinceId,
    /// The two water provinces it joins.
    pub seas: [ProvinceId; 2],
}

/// The season of a phase: an index into the map's calendar ([`Calendar::seasons`]). On the
/// standard calendar [`Season::SPRING`] and [`Season::FALL`]; names come from the map
/// ([`Map::season_name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Season(pub u8);

impl Season {
    /// The first season of the standard calendar.
    pub const SPRING: Season = Season(0);
    /// The second season of the standard calendar (followed by the winter adjustments).
    pub const FALL: Season = Season(1);

    /// The season's place in the year, from 0.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
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
    /// Centres a power needs to win (the same as `victory.centres`).
    pub victory_centres: u16,
    /// The whole victory condition.
    pub victory: Victory,
    /// Which phases the years have.
    pub calendar: Calendar,
    /// Where powers may build.
    pub build: BuildRule,
    /// Whether units may be converted during adjustments.
    pub conversion: Conversion,
    provinces: Vec<Province>,
    powers: Vec<Power>,
    /// Army neighbours per province, sorted.
    army: Vec<Vec<ProvinceId>>,
    /// First fleet node of each province; a multi-coast province has one node per coast.
    node_base: Vec<u32>,
    /// Fleet neighbours per fleet node, sorted.
    fleet: Vec<Vec<Location>>,
    /// Every province's neighbours for any unit, sorted, one list after another: province
    /// `p`'s are `any[any_start[p]..any_start[p + 1]]` (see [`Map::any_neighbours`]).
    any: Vec<ProvinceId>,
    any_start: Vec<usize>,
    /// Lower-cased names, full names and aliases.
    names: NameTable,
    /// Every key of `names`, and every key a longer one starts with before a space or hyphen:
    /// see [`Map::name_key`].
    /// Keyed by bytes, so that a parser's buffer is looked up as it is (no UTF-8 check).
    name_keys: rustc_hash::FxHashMap<Box<[u8]>, NameKey>,
    /// The keys of `name_keys` of at most eight bytes, by [`short_key`]: most names, looked up
    /// without hashing a string or comparing bytes.
    short_name_keys: short_table::ShortTable<NameKey>,
    /// Powers' names, adjectives and abbreviations, ASCII lower case: see [`Map::power_by_key`].
    power_keys: rustc_hash::FxHashMap<Box<[u8]>, PowerId>,
    /// The keys of `power_keys` of at most eight bytes, by [`short_key`].
    short_power_keys: short_table::ShortTable<PowerId>,
    /// Per province, its coasts' full names normalised: see [`Map::coast_by_key`].
    coast_keys: Vec<Vec<Box<str>>>,
    borders: Vec<Border>,
    /// Per province: indices into `borders` of the borders starting there.
    borders_from: Vec<Vec<u32>>,
    railroads: Vec<Railroad>,
    canals: Vec<Canal>,
    drawing: Option<drawing::Drawing>,
    /// The supply centres that count for every power and are no dummy centre, in province
    /// order (see [`Map::plain_centres`]).
    plain_centres: Vec<ProvinceId>,
    /// The other supply centres: a dummy centre, or one that does not count for some power
    /// (see [`Map::odd_centres`]).
    odd_centres: Vec<ProvinceId>,
    /// Per province, [`Map::can_convoy_through`] (see [`Map::convoy_provinces`]).
    convoy_provinces: Vec<bool>,
    /// The provinces closed in some season (see [`Map::closing_provinces`]).
    closing_provinces: Vec<ProvinceId>,
    /// Whether a province or border closes in some season (see [`Map::has_closures`]).
    closures: bool,
}

/// The maps shipped with diplo, by name: `(name, TOML source)`.
pub const EMBEDDED_MAPS: &[(&str, &str)] = &[
    ("standard", STANDARD_MAP_TOML),
    ("1898", include_str!("../../../maps/1898.toml")),
    ("1900", include_str!("../../../maps/1900.toml")),
    ("ancmed", include_str!("../../../maps/ancmed.toml")),
    ("chaos", include_str!("../../../maps/chaos.toml")),
    ("coldwar", include_str!("../../../maps/coldwar.toml")),
    ("colonial", include_str!("../../../maps/colonial.toml")),
    (
        "era_of_empire",
        include_str!("../../../maps/era_of_empire.toml"),
    ),
    (
        "france_austria",
        include_str!("../../../maps/france_austria.toml"),
    ),
    ("hundred", include_str!("../../../maps/hundred.toml")),
    (
        "known_world_901",
        include_str!("../../../maps/known_world_901.toml"),
    ),
    ("loeb9", include_str!("../../../maps/loeb9.toml")),
    (
        "loeb9-north-africa-tunis",
        include_str!("../../../maps/loeb9-north-africa-tunis.toml"),
    ),
    (
        "loeb9-sicily-tunis",
        include_str!("../../../maps/loeb9-sicily-tunis.toml"),
    ),
    ("modern", include_str!("../../../maps/modern.toml")),
    (
        "northseawars",
        include_str!("../../../maps/northseawars.toml"),
    ),
    ("pure", include_str!("../../../maps/pure.toml")),
    (
        "standard-convoyable-coasts",
        include_str!("../../../maps/standard-convoyable-coasts.toml"),
    ),
    ("world", include_str!("../../../maps/world.toml")),
    ("youngstown", include_str!("../../../maps/youngstown.toml")),
    (
        "youngstownredux",
        include_str!("../../../maps/youngstownredux.toml"),
    ),
];

/// The TOML source of an embedded map.
pub fn embedded_map_source(name: &str) -> Option<&'static str> {
    EMBEDDED_MAPS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, t)| *t)
}

impl Map {
    /// The map's drawing data (`[drawing]` and each province's `draw`), if it has any.
    pub fn drawing(&self) -> Option<&drawing::Drawing> {
        self.drawing.as_ref()
    }

    /// The embedded standard map.
    pub fn standard() -> Map {
        Map::from_toml_str(STANDARD_MAP_TOML, "maps/standard.toml")
            .expect("the embedded standard map is valid")
    }

    /// An embedded map by name (`standard`, `loeb9` ...; see [`EMBEDDED_MAPS`]).
    pub fn embedded(name: &str) -> Option<Result<Map, MapError>> {
        let text = embedded_map_source(name)?;
        Some(Map::from_toml_str(
            text,
            &format!("maps/{}.toml", name.to_lowercase()),
        ))
    }

    /// Loads and validates a map from TOML text; `file` names it in diagnostics. A map that
    /// `extends` another names an embedded map, or a file relative to `file`'s folder.
    pub fn from_toml_str(text: &str, file: &str) -> Result<Map, MapError> {
        load::load(text, file, &find_base_map, &limits::Limits::from_env())
    }

    /// [`Map::from_toml_str`] within the given limits (provinces, neighbours) instead of those
    /// of the environment.
    pub fn from_toml_str_with_limits(
        text: &str,
        file: &str,
        limits: &limits::Limits,
    ) -> Result<Map, MapError> {
        load::load(text, file, &find_base_map, limits)
    }

    /// Loads and validates a map file.
    pub fn from_path(path: &std::path::Path) -> Result<Map, MapError> {
        let file = path.display().to_string();
        let text = limits::read_file(path).map_err(|e| MapError::io(&file, e))?;
        Map::from_toml_str(&text, &file)
    }

    /// Builds the lookup tables of names already normalised: `name_keys` from `names` (every
    /// name, and every name's start that ends before a space or a hyphen), `power_keys` and
    /// `coast_keys`.
    fn index_names(&mut self) {
        let mut keys = rustc_hash::FxHashMap::default();
        for (name, &id) in &self.names {
            keys.entry(name.as_bytes().into())
                .or_insert(NameKey::default())
                .province = Some(id);
            for (at, _) in name.match_indices([' ', '-']).filter(|&(at, _)| at > 0) {
                keys.entry(name.as_bytes()[..at].into())
                    .or_insert(NameKey::default())
                    .longer = true;
            }
        }
        self.short_name_keys = short_keys(&keys);
        self.name_keys = keys;
        self.power_keys = Default::default();
        for (i, p) in self.powers.iter().enumerate() {
            for name in [&p.name, &p.abbreviation, &p.adjective] {
                // The first power to use a name has it, as in `power_by_name`.
                self.power_keys
                    .entry(name.to_ascii_lowercase().into_bytes().into())
                    .or_insert(PowerId(i as u8));
            }
        }
        self.short_power_keys = short_keys(&self.power_keys);
        self.coast_keys = self
            .provinces
            .iter()
            .map(|p| {
                p.coasts
                    .iter()
                    .map(|c| normalize_name(&c.full_name).into())
                    .collect()
            })
            .collect();
    }

    fn index_borders(&mut self) {
        self.borders_from = vec![Vec::new(); self.provinces.len()];
        for (i, b) in self.borders.iter().enumerate() {
            self.borders_from[b.from.index()].push(i as u32);
        }
    }

    /// Every border (one entry per direction).
    pub fn borders(&self) -> &[Border] {
        &self.borders
    }

    /// The border a unit of `kind` crosses from `from` to `to`, if the map gives that crossing
    /// properties.
    #[inline]
    pub fn border(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> Option<&Border> {
        self.borders_from
            .get(from.index())?
            .iter()
            .map(|&i| &self.borders[i as usize])
            .find(|b| b.to == to && b.applies_to(kind))
    }

    /// Whether the crossing from `from` to `to` is difficult for a unit of `kind`.
    #[inline]
    pub fn is_difficult(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        self.border(kind, from, to).is_some_and(|b| b.difficult)
    }

    /// Whether the crossing from `from` to `to` is at half strength for a unit of `kind`.
    #[inline]
    pub fn is_half_strength(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        self.border(kind, from, to).is_some_and(|b| b.half_strength)
    }

    /// Whether no support is given over the crossing from `from` to `to` by a unit of `kind`
    /// (a difficult or half-strength border).
    #[inline]
    pub fn blocks_support(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        self.border(kind, from, to)
            .is_some_and(|b| b.difficult || b.half_strength)
    }

    /// Whether a retreat from `from` to `to` by a unit of `kind` loses to a retreat there over
    /// an ordinary border (a difficult or half-strength border).
    #[inline]
    pub fn retreat_yields(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        self.blocks_support(kind, from, to)
    }

    /// Whether a unit of `kind` may not cross from `from` to `to` in `season` (a closed border,
    /// or either province closed).
    pub fn is_closed(
        &self,
        kind: UnitKind,
        from: ProvinceId,
        to: ProvinceId,
        season: Season,
    ) -> bool {
        self.province_closed(from, season)
            || self.province_closed(to, season)
            || self
                .border(kind, from, to)
                .is_some_and(|b| b.closed.contains(&season))
    }

    /// Whether a province is closed (ice) in `season`.
    #[inline]
    pub fn province_closed(&self, p: ProvinceId, season: Season) -> bool {
        self.province(p).closed.contains(&season)
    }

    /// The name of a season on this map's calendar: `Spring`.
    pub fn season_name(&self, season: Season) -> &str {
        &self.calendar.spec(season).name
    }

    /// Whether any province or border of the map closes in some season.
    pub fn has_closures(&self) -> bool {
        self.closures
    }

    /// The railroads of the map.
    pub fn railroads(&self) -> &[Railroad] {
        &self.railroads
    }

    /// A railroad by its name in orders (`TSR`), case-insensitively.
    pub fn railroad_by_name(&self, name: &str) -> Option<usize> {
        let name = normalize_name(name);
        self.railroads
            .iter()
            .position(|r| normalize_name(&r.name) == name || normalize_name(&r.full_name) == name)
    }

    /// A railroad by its name already normalised as [`normalize_name`] does (`tsr`,
    /// `trans-siberian railroad`), without allocating.
    pub fn railroad_by_key(&self, key: &str) -> Option<usize> {
        self.railroads.iter().position(|r| {
            normalized_chars(&r.name).eq(key.chars())
                || normalized_chars(&r.full_name).eq(key.chars())
        })
    }

    /// The canals of the map.
    pub fn canals(&self) -> &[Canal] {
        &self.canals
    }

    /// Whether a supply centre counts towards `power`'s victory: it counts for the power
    /// (`centre_counts_for`) and is no dummy centre.
    #[inline]
    pub fn counts_for_victory(&self, p: ProvinceId, power: PowerId) -> bool {
        self.centre_counts_for(p, power) && !self.province(p).dummy
    }

    /// Whether a supply centre counts for `power` (not a `not_centre_for` centre).
    #[inline]
    pub fn centre_counts_for(&self, p: ProvinceId, power: PowerId) -> bool {
        let prov = self.province(p);
        prov.supply_centre && !prov.not_centre_for.contains(&power)
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

    /// A power by name, adjective or abbreviation already in lower case, as UTF-8 bytes
    /// (`b"england"`, `b"eng"`): what [`Map::power_by_name`] finds for it, looked up without
    /// allocating or comparing with every power.
    #[inline]
    pub fn power_by_key(&self, key: &[u8]) -> Option<PowerId> {
        match short_key(key) {
            Some(short) => self.short_power_keys.get(short),
            None => self.power_keys.get(key).copied(),
        }
    }

    /// A province by short name, full name or alias, case-insensitively. Dots are ignored
    /// (`St. Petersburg`) and runs of white space count as one space.
    pub fn province_by_name(&self, name: &str) -> Option<ProvinceId> {
        self.names.get(&normalize_name(name)).copied()
    }

    /// A province by a name already normalised as [`normalize_name`] does (lower case, no dots,
    /// single spaces): no allocation.
    #[inline]
    pub fn province_by_key(&self, key: &str) -> Option<ProvinceId> {
        self.names.get(key).copied()
    }

    /// What a key normalised as [`normalize_name`] does is among the map's province names: the
    /// province it names, and whether a longer name starts with it (followed by a space or a
    /// hyphen); `None` when it is neither. A parser reading a name word by word stops as soon
    /// as this is `None` or not [`NameKey::longer`]. The key is UTF-8 bytes (a parser's buffer
    /// of normalised words); no allocation.
    #[inline]
    pub fn name_key(&self, key: &[u8]) -> Option<NameKey> {
        match short_key(key) {
            Some(short) => self.short_name_keys.get(short),
            None => self.name_keys.get(key).copied(),
        }
    }

    /// [`Map::name_key`] for a key of one to eight bytes given packed: its bytes as a
    /// little-endian number, zero-padded (`b"nth"` is `u64::from_le_bytes(*b"nth\0\0\0\0\0")`).
    /// A parser that packs each word once as it reads it looks single words up with no byte
    /// loop; `0` finds nothing.
    #[inline]
    pub fn name_key_packed(&self, packed: u64) -> Option<NameKey> {
        self.short_name_keys.get(packed)
    }

    /// [`Map::power_by_key`] for a key of one to eight bytes given packed as
    /// [`Map::name_key_packed`] takes it; `0` finds nothing.
    #[inline]
    pub fn power_by_packed(&self, packed: u64) -> Option<PowerId> {
        self.short_power_keys.get(packed)
    }

    /// A coast of a province by its name already normalised (lower case, no dots, words
    /// separated by one space: `nc`, `north coast`), without allocating.
    pub fn coast_by_key(&self, province: ProvinceId, key: &str) -> Option<u8> {
        let full = &self.coast_keys[province.index()];
        self.province(province)
            .coasts
            .iter()
            .zip(full)
            .position(|(c, full)| c.name == key || **full == *key)
            .map(|i| i as u8)
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
            let close = text.rfind(')').filter(|&c| c > open)?;
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

    /// Whether a fleet in this province may convoy (a sea province, or a convoyable coast).
    #[inline]
    pub fn can_convoy_through(&self, p: ProvinceId) -> bool {
        let prov = self.province(p);
        prov.terrain == Terrain::Sea || prov.convoyable
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

    /// Provinces adjacent to `p` for any unit (army edges and fleet edges of any coast),
    /// sorted: worked out when the map is made.
    pub fn any_neighbours(&self, p: ProvinceId) -> &[ProvinceId] {
        let start = |i: usize| self.any_start.get(i).copied().unwrap_or(0);
        self.any
            .get(start(p.index())..start(p.index() + 1))
            .unwrap_or_default()
    }

    /// Fills the lists of [`Map::any_neighbours`] from the army and fleet edges.
    fn index_any_neighbours(&mut self) {
        let mut any = Vec::with_capacity(self.army.iter().map(Vec::len).sum());
        let mut starts = Vec::with_capacity(self.provinces.len() + 1);
        let mut one = Vec::new();
        for (i, prov) in self.provinces.iter().enumerate() {
            starts.push(any.len());
            one.clear();
            one.extend_from_slice(&self.army[i]);
            let base = self.node_base[i] as usize;
            for node in base..base + prov.coasts.len().max(1) {
                one.extend(self.fleet[node].iter().map(|l| l.province));
            }
            one.sort();
            one.dedup();
            any.extend_from_slice(&one);
        }
        starts.push(any.len());
        (self.any, self.any_start) = (any, starts);
    }

    /// Home centres of a power.
    pub fn home_centres(&self, power: PowerId) -> &[ProvinceId] {
        &self.power(power).home_centres
    }

    /// The special rules the map turns on, one phrase each, for people (`diplo maps list`,
    /// `diplo map show`): build rule, calendar, victory, neutral powers, convoyable coasts, ice,
    /// borders, railroads, canals, centres that do not count for some power.
    pub fn special_rules(&self) -> Vec<String> {
        let mut out = Vec::new();
        let names = |ids: &mut dyn Iterator<Item = ProvinceId>| {
            ids.map(|p| self.province(p).name.clone())
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self.build {
            BuildRule::HomeCentres => {}
            BuildRule::OwnedCentres => out.push("builds in any owned centre".into()),
            BuildRule::OwnedCentresIfHome => {
                out.push("builds in any owned centre while a home centre is owned".into())
            }
            BuildRule::BuildSites => out.push("builds at named build sites".into()),
        }
        if self.conversion == Conversion::OwnedCentres {
            out.push("units convert in owned centres".into());
        }
        if self.powers.iter().any(|p| !p.no_build.is_empty()) {
            out.push("centres where some power may not build".into());
        }
        if self.calendar.first_phase == FirstPhase::Adjustment {
            out.push("opens with winter builds".into());
        }
        if self.calendar.seasons != Calendar::default().seasons {
            let names: Vec<&str> = self
                .calendar
                .seasons
                .iter()
                .map(|s| s.name.as_str())
                .collect();
            out.push(format!("calendar: {}", names.join(", ")));
        }
        if self.calendar.adjustment_every > 1 {
            out.push(format!(
                "adjustments every {} years",
                self.calendar.adjustment_every
            ));
        }
        let v = self.victory;
        if v.more_than_any || v.lead > 0 {
            out.push(format!(
                "victory: {} centres{}{}",
                v.centres,
                if v.more_than_any {
                    ", more than any other"
                } else {
                    ""
                },
                if v.lead > 0 {
                    format!(", a lead of {}", v.lead)
                } else {
                    String::new()
                }
            ));
        }
        if let Some(y) = v.last_year {
            out.push(format!("a draw after {y}"));
        }
        let neutral: Vec<&str> = self
            .powers
            .iter()
            .filter(|p| p.neutral)
            .map(|p| p.name.as_str())
            .collect();
        if !neutral.is_empty() {
            out.push(format!("neutral powers: {}", neutral.join(", ")));
        }
        let convoyable = names(&mut self.province_ids().filter(|&p| self.province(p).convoyable));
        if !convoyable.is_empty() {
            out.push(format!("convoyable coasts: {convoyable}"));
        }
        let ice = names(
            &mut self
                .province_ids()
                .filter(|&p| !self.province(p).closed.is_empty()),
        );
        if !ice.is_empty() {
            out.push(format!("ice: {ice}"));
        }
        let difficult = self.borders.iter().filter(|b| b.difficult).count() / 2;
        if difficult > 0 {
            out.push(format!("{difficult} difficult borders"));
        }
        let half = self.borders.iter().filter(|b| b.half_strength).count() / 2;
        if half > 0 {
            out.push(format!("{half} half-strength borders"));
        }
        if self.borders.iter().any(|b| !b.closed.is_empty()) {
            out.push("seasonally closed borders".into());
        }
        if self.borders.iter().any(|b| b.one_way) {
            out.push("one-way edges".into());
        }
        for r in &self.railroads {
            out.push(format!("railroad: {}", r.full_name));
        }
        for c in &self.canals {
            out.push(format!("canal: {}", self.province(c.province).full_name));
        }
        let partial = names(
            &mut self
                .province_ids()
                .filter(|&p| !self.province(p).not_centre_for.is_empty()),
        );
        if !partial.is_empty() {
            out.push(format!(
                "centres that do not count for some power: {partial}"
            ));
        }
        let dummy = names(&mut self.province_ids().filter(|&p| self.province(p).dummy));
        if !dummy.is_empty() {
            out.push(format!(
                "dummy centres (one more unit, never towards victory): {dummy}"
            ));
        }
        out
    }

    /// Works out what adjudication reads of the provinces every phase: the supply centres sorted
    /// into plain and odd ones (see [`Map::plain_centres`]), where fleets convoy, and what
    /// closes in some season.
    fn index_provinces(&mut self) {
        self.convoy_provinces = (self.province_ids())
            .map(|p| self.can_convoy_through(p))
            .collect();
        self.closing_provinces = (self.province_ids())
            .filter(|&p| !self.province(p).closed.is_empty())
            .collect();
        self.closures = self.provinces.iter().any(|p| !p.closed.is_empty())
            || self.borders.iter().any(|b| !b.closed.is_empty());
        self.index_centres();
    }

    /// Per province, whether a fleet there may convoy ([`Map::can_convoy_through`]: a sea, or
    /// a convoyable coast).
    pub fn convoy_provinces(&self) -> &[bool] {
        &self.convoy_provinces
    }

    /// The provinces closed (ice) in some season, in province order; on most maps none.
    pub fn closing_provinces(&self) -> &[ProvinceId] {
        &self.closing_provinces
    }

    /// Sorts the supply centres into plain and odd ones (see [`Map::plain_centres`]).
    fn index_centres(&mut self) {
        let centres = self
            .province_ids()
            .filter(|&p| self.province(p).supply_centre);
        let plain = |p: &ProvinceId| {
            let prov = self.province(*p);
            prov.not_centre_for.is_empty() && !prov.dummy
        };
        (self.plain_centres, self.odd_centres) = centres.partition(plain);
    }

    /// The supply centres that count for every power and are no dummy centre, in province
    /// order: most maps' every centre. With [`Map::odd_centres`], every supply centre once.
    pub fn plain_centres(&self) -> &[ProvinceId] {
        &self.plain_centres
    }

    /// The supply centres that are not plain, in province order: a dummy centre (1900's
    /// Russian Steamroller), or one that does not count for some power (Colonial's Hong Kong).
    pub fn odd_centres(&self) -> &[ProvinceId] {
        &self.odd_centres
    }

    /// Number of supply centres on the map, dummy centres (1900's Russian Steamroller) not
    /// counted: the centres there are to win.
    pub fn supply_centre_count(&self) -> usize {
        self.provinces
            .iter()
            .filter(|p| p.supply_centre && !p.dummy)
            .count()
    }
}

/// Finds the map an `extends` key names: an embedded map, or a file next to the extending one.
fn find_base_map(name: &str, from_file: &str) -> Result<(String, String), String> {
    if let Some(text) = embedded_map_source(name) {
        return Ok((
            format!("maps/{}.toml", name.to_lowercase()),
            text.to_string(),
        ));
    }
    let dir = std::path::Path::new(from_file)
        .parent()
        .unwrap_or(std::path::Path::new("."));
    let path = dir.join(name);
    let path = if path.extension().is_none() {
        path.with_extension("toml")
    } else {
        path
    };
    match limits::read_file(&path) {
        Ok(text) => Ok((path.display().to_string(), text)),
        Err(e) => {
            let known: Vec<&str> = EMBEDDED_MAPS.iter().map(|(n, _)| *n).collect();
            Err(format!(
                "`extends = \"{name}\"`: no embedded map of that name ({}) and no file {} ({e})",
                known.join(", "),
                path.display()
            ))
        }
    }
}

/// What a normalised key is among a map's province names ([`Map::name_key`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NameKey {
    /// The province the key names, if it is a whole name.
    pub province: Option<ProvinceId>,
    /// Whether a longer name starts with the key followed by a space or a hyphen
    /// (`north` for `north sea`, `mid` for `mid-atlantic ocean`).
    pub longer: bool,
}

/// A key of at most eight bytes, none of them zero, as one number (its bytes little-endian,
/// zero-padded): two such keys give the same number only when they are equal. `None` for any
/// other key.
#[inline]
fn short_key(key: &[u8]) -> Option<u64> {
    let bytes = key;
    if bytes.len() > 8 {
        return None;
    }
    let mut packed = 0u64;
    for (k, &b) in bytes.iter().enumerate() {
        if b == 0 {
            return None;
        }
        packed |= u64::from(b) << (8 * k);
    }
    Some(packed)
}

/// The entries of a table whose keys are short ([`short_key`]), by their number.
fn short_keys<V: Copy>(table: &rustc_hash::FxHashMap<Box<[u8]>, V>) -> short_table::ShortTable<V> {
    let entries: Vec<(u64, V)> = table
        .iter()
        .filter_map(|(k, &v)| Some((short_key(k)?, v)))
        .collect();
    short_table::ShortTable::new(&entries)
}

/// The province names of a map (short names, full names, aliases, normalised) to their ids,
/// hashed with a fast non-cryptographic hash: every place an order names is looked up here.
pub(crate) type NameTable = rustc_hash::FxHashMap<String, ProvinceId>;

/// The characters of [`normalize_name`]'s result, without building it.
fn normalized_chars(name: &str) -> impl Iterator<Item = char> + '_ {
    name.split_whitespace().enumerate().flat_map(|(i, word)| {
        (i > 0).then_some(' ').into_iter().chain(
            word.chars()
                .filter(|&c| c != '.')
                .flat_map(char::to_lowercase),
        )
    })
}

/// [`normalize_name`], borrowing `name` where it is normalised already.
pub(crate) fn normalized(name: &str) -> std::borrow::Cow<'_, str> {
    if is_normalized(name.as_bytes()) {
        name.into()
    } else {
        normalize_name(name).into()
    }
}

/// Lower-cases, removes dots and folds white space: the key used to look names up.
pub fn normalize_name(name: &str) -> String {
    if is_normalized(name.as_bytes()) {
        return name.to_string();
    }
    let lower = name.to_ascii_lowercase();
    if is_normalized(lower.as_bytes()) {
        // Only ASCII capitals to fold (`North Sea`, `P123`).
        return lower;
    }
    // The same characters as `normalized_chars` gives (a word that is all dots still counts
    // as a word: `. B` is ` b` both ways).
    normalized_chars(name).collect()
}

/// Whether `name` is its own [`normalize_name`]: printable ASCII with no capital or dot, and
/// single spaces between words only (the common case, checked without building a string).
fn is_normalized(b: &[u8]) -> bool {
    b.iter().enumerate().all(|(i, &c)| match c {
        b' ' => i > 0 && b.get(i + 1).is_some_and(|&n| n != b' '),
        b'.' => false,
        c => c.is_ascii_graphic() && !c.is_ascii_uppercase(),
    })
}

/// The README's example is compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;

#[cfg(test)]
mod tests {
    use super::{normalize_name, normalized_chars};

    /// The fast path of `normalize_name` (a name already normalised) agrees with the full one.
    #[test]
    fn normalize_name_fast_path_agrees() {
        let cases = [
            "",
            " ",
            "a",
            " a",
            "a ",
            "a  b",
            "a b",
            "a.b",
            "A",
            "north sea",
            "North Sea",
            "st. petersburg",
            "mid-atlantic",
            "é",
            "É",
            "a\tb",
            "a\nb",
            "x_1",
            "p999999",
            "P999999",
            "North  Sea",
            "A.B",
            ". B",
            "ÉA",
        ];
        for s in cases {
            let slow: String = normalized_chars(s).collect();
            assert_eq!(normalize_name(s), slow, "{s:?}");
        }
    }
}
