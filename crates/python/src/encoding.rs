//! Board states as feature planes for neural networks: one row per location, one column per
//! feature, as the `float32` array `diplo.encode_board` hands numpy.
//!
//! Two layouts share one feature list. `dipcc` is dipcc's documented layout for the standard
//! map (its board encoding version 2: 81 locations in dipcc's order, 38 features); `general`
//! is the same features for any map: its provinces in map order (impassable ones left out),
//! each multi-coast province followed by its coasts.
//!
//! The features, with N the number of powers (in dipcc's order, alphabetical, for `dipcc`;
//! in map order for `general`): army, fleet, the unit's power (N), buildable, removable,
//! dislodged army, dislodged fleet, the dislodged unit's power (N), land, water, coast, the
//! supply centre's owner (N, then unowned), home centre of (N): 10 + 4N features, 38 on the
//! standard map. A unit on a coast marks its coast and its province; a centre's owner marks
//! the province and its coasts; a home centre marks the province only.

use diplo_engine::{PhaseKind, Position};
use diplo_map::{Location, Map, PowerId, Terrain, UnitKind};

/// dipcc's 81 locations of the standard map, in dipcc's order.
const DIPCC_LOCATIONS: [&str; 81] = [
    "YOR", "EDI", "LON", "LVP", "NTH", "WAL", "CLY", "NWG", "ENG", "IRI", "NAO", "BEL", "DEN",
    "HEL", "HOL", "NWY", "SKA", "BAR", "BRE", "MAO", "PIC", "BUR", "RUH", "BAL", "KIE", "SWE",
    "FIN", "STP", "STP/NC", "GAS", "PAR", "NAF", "POR", "SPA", "SPA/NC", "SPA/SC", "WES", "MAR",
    "MUN", "BER", "BOT", "LVN", "PRU", "STP/SC", "MOS", "TUN", "LYO", "TYS", "PIE", "BOH", "SIL",
    "TYR", "WAR", "SEV", "UKR", "ION", "TUS", "NAP", "ROM", "VEN", "GAL", "VIE", "TRI", "ARM",
    "BLA", "RUM", "ADR", "AEG", "ALB", "APU", "EAS", "GRE", "BUD", "SER", "ANK", "SMY", "SYR",
    "BUL", "BUL/EC", "CON", "BUL/SC",
];

/// Which rows and which power columns a layout uses.
pub(crate) struct Layout {
    /// One row per location.
    pub(crate) locations: Vec<Location>,
    /// The powers, in column order.
    pub(crate) powers: Vec<PowerId>,
}

impl Layout {
    /// The layout named `name` (`dipcc` or `general`) for `map`.
    pub(crate) fn new(map: &Map, name: &str) -> Result<Layout, String> {
        match name {
            "general" => Ok(Layout::general(map)),
            "dipcc" => Layout::dipcc(map),
            other => Err(format!(
                "layout `{other}`: expected \"dipcc\" (the standard map) or \"general\""
            )),
        }
    }

    fn general(map: &Map) -> Layout {
        let mut locations = Vec::new();
        for p in map.province_ids() {
            let province = map.province(p);
            if province.terrain == Terrain::Impassable {
                continue;
            }
            locations.push(Location::province(p));
            for c in 0..province.coasts.len() {
                locations.push(Location::coast(p, c as u8));
            }
        }
        Layout {
            locations,
            powers: map.power_ids().collect(),
        }
    }

    fn dipcc(map: &Map) -> Result<Layout, String> {
        let mut locations = Vec::with_capacity(DIPCC_LOCATIONS.len());
        for name in DIPCC_LOCATIONS {
            let loc = map.parse_location(&name.to_lowercase()).ok_or_else(|| {
                format!(
                    "layout `dipcc` is the standard map's; map `{}` has no `{name}` (use layout=\"general\")",
                    map.name
                )
            })?;
            locations.push(loc);
        }
        let mut powers: Vec<PowerId> = map.power_ids().filter(|&p| !map.power(p).neutral).collect();
        powers.sort_by_key(|&p| map.power(p).name.to_uppercase());
        if powers.len() != 7 {
            return Err(format!(
                "layout `dipcc` is for the standard map's seven powers; map `{}` has {}",
                map.name,
                powers.len()
            ));
        }
        Ok(Layout { locations, powers })
    }

    /// The number of features a row has.
    pub(crate) fn width(&self) -> usize {
        10 + 4 * self.powers.len()
    }

    /// The location names, upper case (`STP/NC`), in row order.
    pub(crate) fn names(&self, map: &Map) -> Vec<String> {
        self.locations
            .iter()
            .map(|&l| map.location_name(l).to_uppercase())
            .collect()
    }

    /// The feature names, in column order.
    pub(crate) fn feature_names(&self, map: &Map) -> Vec<String> {
        let powers: Vec<String> = self
            .powers
            .iter()
            .map(|&p| map.power(p).name.to_uppercase())
            .collect();
        let each = |prefix: &'static str| powers.iter().map(move |p| format!("{prefix}{p}"));
        let mut out = vec!["army".to_string(), "fleet".to_string()];
        out.extend(each("unit_"));
        out.extend(
            [
                "buildable",
                "removable",
                "dislodged_army",
                "dislodged_fleet",
            ]
            .map(String::from),
        );
        out.extend(each("dislodged_"));
        out.extend(["land", "water", "coast"].map(String::from));
        out.extend(each("centre_"));
        out.push("centre_unowned".to_string());
        out.extend(each("home_"));
        out
    }
}

/// Column offsets of the feature groups.
struct Columns {
    powers: usize,
}

impl Columns {
    fn unit(&self, kind: UnitKind) -> usize {
        usize::from(kind != UnitKind::Army)
    }
    fn unit_power(&self, i: usize) -> usize {
        2 + i
    }
    fn buildable(&self) -> usize {
        2 + self.powers
    }
    fn removable(&self) -> usize {
        3 + self.powers
    }
    fn dislodged(&self, kind: UnitKind) -> usize {
        4 + self.powers + usize::from(kind != UnitKind::Army)
    }
    fn dislodged_power(&self, i: usize) -> usize {
        6 + self.powers + i
    }
    fn area(&self, terrain: Terrain) -> usize {
        let at = 6 + 2 * self.powers;
        match terrain {
            Terrain::Sea => at + 1,
            Terrain::Coast => at + 2,
            _ => at,
        }
    }
    fn centre(&self, owner: Option<usize>) -> usize {
        9 + 2 * self.powers + owner.unwrap_or(self.powers)
    }
    fn home(&self, i: usize) -> usize {
        10 + 3 * self.powers + i
    }
}

/// The board as a row-major `rows × width` matrix of 0.0 and 1.0. `buildable` holds the
/// provinces where a build is possible this phase.
pub(crate) fn encode(
    map: &Map,
    pos: &Position,
    layout: &Layout,
    buildable: &[diplo_map::ProvinceId],
) -> Vec<f32> {
    let width = layout.width();
    let cols = Columns {
        powers: layout.powers.len(),
    };
    let mut out = vec![0.0f32; layout.locations.len() * width];
    let column_of = |p: PowerId| layout.powers.iter().position(|&q| q == p);
    let due = diplo_game::summary::builds_by_power(map, pos);
    let adjusting = pos.phase.kind == PhaseKind::Adjustment;
    for (row, &loc) in layout.locations.iter().enumerate() {
        let cell = &mut out[row * width..(row + 1) * width];
        let at = |l: Location| l == loc || (loc.coast.is_none() && l.province == loc.province);
        let province = map.province(loc.province);
        if let Some(u) = pos.units.iter().find(|u| at(u.location)) {
            cell[cols.unit(u.kind)] = 1.0;
            if let Some(i) = column_of(u.power) {
                cell[cols.unit_power(i)] = 1.0;
            }
            if adjusting && due[u.power.index()] < 0 {
                cell[cols.removable()] = 1.0;
            }
        }
        if let Some(d) = pos.dislodged.iter().find(|d| at(d.unit.location)) {
            cell[cols.dislodged(d.unit.kind)] = 1.0;
            if let Some(i) = column_of(d.unit.power) {
                cell[cols.dislodged_power(i)] = 1.0;
            }
        }
        if adjusting && loc.coast.is_none() && buildable.contains(&loc.province) {
            cell[cols.buildable()] = 1.0;
        }
        cell[cols.area(province.terrain)] = 1.0;
        if province.supply_centre {
            let owner = pos.owners[loc.province.index()].and_then(column_of);
            cell[cols.centre(owner)] = 1.0;
        }
        if loc.coast.is_none() {
            for (i, &p) in layout.powers.iter().enumerate() {
                if map.home_centres(p).contains(&loc.province) {
                    cell[cols.home(i)] = 1.0;
                }
            }
        }
    }
    out
}

/// The provinces where a build is possible in the game's current phase.
fn build_sites(game: &diplo_game::Game) -> Vec<diplo_map::ProvinceId> {
    if game.position.phase.kind != PhaseKind::Adjustment {
        return Vec::new();
    }
    let possible = diplo_game::possible::possible(&game.map, &game.rules, &game.position);
    possible
        .iter()
        .filter(|at| {
            at.orders
                .iter()
                .any(|o| matches!(o, diplo_game::possible::PossibleOrder::Build(_)))
        })
        .map(|at| at.province)
        .collect()
}

/// The board of `game` as `(bytes, rows, width)`: `rows × width` native-endian `float32`s,
/// row-major, in layout `layout`; `diplo.encode_board` makes the numpy array.
#[pyo3::pyfunction]
#[pyo3(signature = (game, layout = "general"))]
pub(crate) fn encode_board_bytes<'py>(
    py: pyo3::Python<'py>,
    game: pyo3::PyRef<'py, crate::game::Game>,
    layout: &str,
) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::types::PyBytes>, usize, usize)> {
    let g = &game.game;
    let layout = Layout::new(&g.map, layout).map_err(crate::err)?;
    let sites = build_sites(g);
    let values = encode(&g.map, &g.position, &layout, &sites);
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    let rows = layout.locations.len();
    Ok((pyo3::types::PyBytes::new(py, &bytes), rows, layout.width()))
}

/// A layout's row names (locations, `STP/NC`) and column names (features) for a map.
#[pyo3::pyfunction]
#[pyo3(signature = (map = "standard", layout = "general"))]
pub(crate) fn board_layout(map: &str, layout: &str) -> pyo3::PyResult<(Vec<String>, Vec<String>)> {
    let (map, _) = crate::load_map(map)?;
    let layout = Layout::new(&map, layout).map_err(crate::err)?;
    Ok((layout.names(&map), layout.feature_names(&map)))
}
