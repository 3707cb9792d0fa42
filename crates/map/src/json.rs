//! A name-based view of a [`Map`] for JSON and other human-facing output.
//!
//! Inside the engine everything is an integer id; a person reading a dump wants names. A
//! [`MapSummary`] carries the same facts as the map file, with every province, coast and power
//! written by its short name (`lvp`, `spa/nc`, `England`). `Map` serializes as its summary, so
//! `serde_json::to_string(&map)` prints names, not ids.

use serde::{Serialize, Serializer};

use crate::{Location, Map, PowerId, Terrain, UnitKind};

/// The whole map, by name: what `diplo map show --format json` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapSummary {
    /// Short identifier: `standard`.
    pub name: String,
    /// Human-readable title.
    pub title: String,
    /// Year of the first phase.
    pub first_year: u16,
    /// Season of the first (movement) phase, lower-cased: `spring`.
    pub first_season: String,
    /// The movement seasons of a year, in order, as the map names them.
    pub seasons: Vec<String>,
    /// Centres a power needs to win.
    pub victory_centres: u16,
    /// Number of supply centres on the map.
    pub supply_centres: usize,
    /// Where a power may build (the map's `build` key: `home-centres`, `owned-centres` ...).
    pub build: crate::BuildRule,
    /// Every supply centre's short name once, in [`Map::centre_order`].
    pub centre_order: Vec<String>,
    /// The powers, in map order.
    pub powers: Vec<PowerSummary>,
    /// The provinces, in map order.
    pub provinces: Vec<ProvinceSummary>,
}

/// A power, by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PowerSummary {
    /// Name: `England`.
    pub name: String,
    /// Adjective: `English`.
    pub adjective: String,
    /// Abbreviation: `ENG`.
    pub abbreviation: String,
    /// Short names of the home supply centres.
    pub home_centres: Vec<String>,
    /// Starting units.
    pub units: Vec<UnitSummary>,
    /// Short names of the supply centres owned at the start.
    pub centres: Vec<String>,
    /// A neutral power (its units hold and it never orders); written only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub neutral: bool,
}

/// A starting unit, by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitSummary {
    /// `army` or `fleet`.
    pub kind: UnitKind,
    /// Short name of its location: `lvp`, `stp/sc`.
    pub location: String,
}

/// A province with its adjacencies, by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProvinceSummary {
    /// Short name: `lvp`.
    pub name: String,
    /// Full name: `Liverpool`.
    pub full_name: String,
    /// Other accepted names.
    pub aliases: Vec<String>,
    /// `inland`, `coast`, `sea` or `impassable`.
    pub terrain: Terrain,
    /// Whether this is a supply centre.
    pub supply_centre: bool,
    /// Name of the power for which this is a home centre.
    pub home: Option<String>,
    /// Name of the power whose home country this province belongs to.
    pub country: Option<String>,
    /// Provinces an army here can move to.
    pub army: Vec<String>,
    /// Locations a fleet here can move to (`spa/nc` for a coast); empty for a multi-coast
    /// province, whose fleet edges are given per coast.
    pub fleet: Vec<String>,
    /// Named coasts, each with its fleet edges; empty unless the province has several coasts.
    pub coasts: Vec<CoastSummary>,
}

/// A named coast with its fleet adjacencies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CoastSummary {
    /// Short name: `nc`.
    pub name: String,
    /// Full name: `north coast`.
    pub full_name: String,
    /// Locations a fleet on this coast can move to.
    pub fleet: Vec<String>,
}

impl Map {
    /// The map with every id replaced by a name; see [`MapSummary`].
    pub fn summary(&self) -> MapSummary {
        let power_name = |p: Option<PowerId>| p.map(|p| self.power(p).name.clone());
        let names = |locs: &[Location]| -> Vec<String> {
            locs.iter().map(|&l| self.location_name(l)).collect()
        };
        let powers = self
            .powers()
            .iter()
            .map(|p| PowerSummary {
                name: p.name.clone(),
                adjective: p.adjective.clone(),
                abbreviation: p.abbreviation.clone(),
                home_centres: p
                    .home_centres
                    .iter()
                    .map(|&c| self.province(c).name.clone())
                    .collect(),
                units: p
                    .units
                    .iter()
                    .map(|u| UnitSummary {
                        kind: u.kind,
                        location: self.location_name(u.location),
                    })
                    .collect(),
                centres: p
                    .centres
                    .iter()
                    .map(|&c| self.province(c).name.clone())
                    .collect(),
                neutral: p.neutral,
            })
            .collect();
        let provinces = self
            .province_ids()
            .map(|id| {
                let p = self.province(id);
                ProvinceSummary {
                    name: p.name.clone(),
                    full_name: p.full_name.clone(),
                    aliases: p.aliases.clone(),
                    terrain: p.terrain,
                    supply_centre: p.supply_centre,
                    home: power_name(p.home),
                    country: power_name(p.country),
                    army: self
                        .army_neighbours(id)
                        .iter()
                        .map(|&n| self.province(n).name.clone())
                        .collect(),
                    fleet: names(self.fleet_neighbours(Location::province(id))),
                    coasts: p
                        .coasts
                        .iter()
                        .enumerate()
                        .map(|(i, c)| CoastSummary {
                            name: c.name.clone(),
                            full_name: c.full_name.clone(),
                            fleet: names(self.fleet_neighbours(Location::coast(id, i as u8))),
                        })
                        .collect(),
                }
            })
            .collect();
        MapSummary {
            name: self.name.clone(),
            title: self.title.clone(),
            first_year: self.first_year,
            first_season: self.season_name(self.first_season).to_lowercase(),
            seasons: self
                .calendar
                .seasons
                .iter()
                .map(|s| s.name.clone())
                .collect(),
            victory_centres: self.victory_centres,
            supply_centres: self.supply_centre_count(),
            build: self.build,
            centre_order: (self.centre_order.iter())
                .map(|&c| self.province(c).name.clone())
                .collect(),
            powers,
            provinces,
        }
    }
}

/// A map serializes as its [`MapSummary`]: names, not ids.
impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.summary().serialize(serializer)
    }
}
