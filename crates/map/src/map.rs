//! The [`Map`] itself: its fields and indexes, how it is loaded from TOML, and access to its
//! provinces and powers by id.

use crate::{
    drawing, embedded::find_base_map, limits, load, short_table, Border, BuildRule, Calendar,
    Canal, Conversion, Location, MapError, NameKey, NameTable, Power, PowerId, Province,
    ProvinceId, Railroad, Season, Victory,
};

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
    pub(crate) provinces: Vec<Province>,
    pub(crate) powers: Vec<Power>,
    /// The supply centres in the map's `centre_order` (its source's order), else in province
    /// order: see [`Map::centre_order`].
    pub(crate) centre_order: Vec<ProvinceId>,
    /// Army neighbours per province, sorted.
    pub(crate) army: Vec<Vec<ProvinceId>>,
    /// First fleet node of each province; a multi-coast province has one node per coast.
    pub(crate) node_base: Vec<u32>,
    /// Fleet neighbours per fleet node, sorted.
    pub(crate) fleet: Vec<Vec<Location>>,
    /// Every province's neighbours for any unit, sorted, one list after another: province
    /// `p`'s are `any[any_start[p]..any_start[p + 1]]` (see [`Map::any_neighbours`]).
    pub(crate) any: Vec<ProvinceId>,
    pub(crate) any_start: Vec<usize>,
    /// Lower-cased names, full names and aliases.
    pub(crate) names: NameTable,
    /// Every key of `names`, and every key a longer one starts with before a space or hyphen:
    /// see [`Map::name_key`].
    /// Keyed by bytes, so that a parser's buffer is looked up as it is (no UTF-8 check).
    pub(crate) name_keys: rustc_hash::FxHashMap<Box<[u8]>, NameKey>,
    /// The keys of `name_keys` of at most eight bytes, by
    /// [`short_key`](crate::names::short_key): most names, looked up without hashing a string or
    /// comparing bytes.
    pub(crate) short_name_keys: short_table::ShortTable<NameKey>,
    /// Powers' names, adjectives and abbreviations, ASCII lower case: see [`Map::power_by_key`].
    pub(crate) power_keys: rustc_hash::FxHashMap<Box<[u8]>, PowerId>,
    /// The keys of `power_keys` of at most eight bytes, by [`short_key`](crate::names::short_key).
    pub(crate) short_power_keys: short_table::ShortTable<PowerId>,
    /// Per province, its coasts' full names normalised: see [`Map::coast_by_key`].
    pub(crate) coast_keys: Vec<Vec<Box<str>>>,
    pub(crate) borders: Vec<Border>,
    /// Per province: indices into `borders` of the borders starting there.
    pub(crate) borders_from: Vec<Vec<u32>>,
    pub(crate) railroads: Vec<Railroad>,
    pub(crate) canals: Vec<Canal>,
    pub(crate) drawing: Option<drawing::Drawing>,
    /// The supply centres that count for every power and are no dummy centre, in province
    /// order (see [`Map::plain_centres`]).
    pub(crate) plain_centres: Vec<ProvinceId>,
    /// The other supply centres: a dummy centre, or one that does not count for some power
    /// (see [`Map::odd_centres`]).
    pub(crate) odd_centres: Vec<ProvinceId>,
    /// Per province, [`Map::can_convoy_through`] (see [`Map::convoy_provinces`]).
    pub(crate) convoy_provinces: Vec<bool>,
    /// The provinces closed in some season (see [`Map::closing_provinces`]).
    pub(crate) closing_provinces: Vec<ProvinceId>,
    /// Whether a province or border closes in some season (see [`Map::has_closures`]).
    pub(crate) closures: bool,
}

impl Map {
    /// The map's drawing data (`[drawing]` and each province's `draw`), if it has any.
    pub fn drawing(&self) -> Option<&drawing::Drawing> {
        self.drawing.as_ref()
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

    /// Every supply centre once, in the map's `centre_order` (the order its source lists
    /// them: MILA's map files list each power's home centres, then the others), else in
    /// province order. A power's home centres come in this order.
    pub fn centre_order(&self) -> &[ProvinceId] {
        &self.centre_order
    }

    /// Home centres of a power, in [`Map::centre_order`].
    pub fn home_centres(&self, power: PowerId) -> &[ProvinceId] {
        &self.power(power).home_centres
    }
}
