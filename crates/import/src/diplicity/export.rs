//! A diplo map written as diplicity's variant JSON.

use diplo_map::{BuildRule, Location, Map, Terrain, UnitKind};

use super::{
    nation_id, Adjacency, InitialState, NamedCoast, Nation, Owned, PhaseProgression, PhaseRef,
    PhaseTo, Province, StartPhase, StartUnit, Transition, Variant, YearCondition, BUILD_ANYWHERE,
    NEUTRAL_REBUILD,
};
use crate::model::{Finding, FindingKind};

/// A map as diplicity's variant JSON, and what the JSON cannot say.
#[derive(Clone, Debug)]
pub struct Exported {
    /// The JSON document, pretty-printed.
    pub json: String,
    /// What the map says and diplicity's format cannot (not expressed), and the defaults filled
    /// in (nation colours).
    pub findings: Vec<Finding>,
}

/// Colours given to nations, in power order (diplicity needs one; a diplo map has none).
const PALETTE: [&str; 12] = [
    "#F44336", "#2196F3", "#80DEEA", "#90A4AE", "#4CAF50", "#FFEB3B", "#795548", "#9C27B0",
    "#FF9800", "#3F51B5", "#E91E63", "#009688",
];

/// Special rules (as [`Map::special_rules`] words them) that the JSON expresses.
fn expressed(rule: &str, map: &Map) -> bool {
    rule == "builds in any owned centre"
        || rule == "opens with winter builds"
        || rule.starts_with("calendar: ")
        || rule.starts_with("years go by ")
        || rule.starts_with("adjustments every ")
        || rule.starts_with("a draw after ")
        || rule.starts_with("the most centres win after ")
        || rule.starts_with("convoyable coasts: ")
        || (rule.starts_with("neutral powers: ") && neutral_rebuild_is_uniform(map))
}

/// Whether the neutral powers all rebuild or none does: diplicity's modifier is one for all.
fn neutral_rebuild_is_uniform(map: &Map) -> bool {
    let mut neutral = map.powers().iter().filter(|p| p.neutral);
    let first = neutral.next().map(|p| p.rebuild);
    neutral.all(|p| Some(p.rebuild) == first)
}

/// Writes `map` as a diplicity variant document.
pub fn export(map: &Map) -> Exported {
    let mut findings = Vec::new();
    let mut gap = |message: String| {
        findings.push(Finding {
            place: None,
            kind: FindingKind::NotExpressed,
            message,
        })
    };
    for rule in map.special_rules() {
        if !expressed(&rule, map) {
            gap(format!(
                "the map's special rule `{rule}` has no diplicity equivalent"
            ));
        }
    }
    if map.provinces().iter().any(|p| !p.aliases.is_empty()) {
        gap("province aliases have no diplicity equivalent".into());
    }
    if map
        .provinces()
        .iter()
        .any(|p| p.terrain == Terrain::Impassable)
    {
        gap("impassable provinces are no provinces in diplicity: left out".into());
    }
    gap("power adjectives and abbreviations have no diplicity equivalent".into());
    let mut modifiers = Vec::new();
    if map.build == BuildRule::OwnedCentres {
        modifiers.push(BUILD_ANYWHERE.to_string());
    }
    if map.powers().iter().any(|p| p.neutral && p.rebuild) {
        modifiers.push(NEUTRAL_REBUILD.to_string());
    }
    let variant = Variant {
        schema_version: 1,
        id: nation_id(&map.name),
        name: map.title.clone(),
        description: map.title.clone(),
        rules: None,
        author: String::new(),
        victory_conditions: victory(map),
        adjudication_modifiers: modifiers,
        emergency_measures: None,
        phase_progression: progression(map),
        nations: map
            .powers()
            .iter()
            .enumerate()
            .map(|(i, p)| Nation {
                id: nation_id(&p.name),
                name: p.name.clone(),
                color: PALETTE[i % PALETTE.len()].to_string(),
                non_playable: p.neutral,
            })
            .collect(),
        provinces: provinces(map),
        named_coasts: named_coasts(map),
        initial_state: initial_state(map),
        dominance_rules: Vec::new(),
    };
    findings.push(Finding {
        place: None,
        kind: FindingKind::Default,
        message: "nation colours: a fixed palette, in power order".into(),
    });
    let json = serde_json::to_string_pretty(&variant).expect("the document serialises") + "\n";
    Exported { json, findings }
}

fn victory(map: &Map) -> Vec<serde_json::Value> {
    let mut out = vec![serde_json::json!({
        "type": "supply-center-majority",
        "supplyCenters": map.victory.centres,
    })];
    if let Some(year) = map.victory.last_year {
        let resolution = if map.victory.most_centres_at_last_year {
            "most-supply-centers"
        } else {
            "shared-draw"
        };
        out.push(serde_json::json!({
            "type": "timed-resolution", "year": year, "resolution": resolution,
        }));
    }
    let control = &map.victory.control;
    if !control.is_empty() {
        let names: Vec<&str> = control
            .iter()
            .map(|&p| map.province(p).name.as_str())
            .collect();
        let mut condition = serde_json::json!({ "type": "province-control", "provinces": names });
        if let Some(year) = map.victory.control_from {
            condition["year"] = year.into();
        }
        out.push(condition);
    }
    out
}

/// The calendar as transitions: each season's movement, its retreats, the adjustments where
/// the season has them (only in adjustment years when they are not held every year), then the
/// next season's movement.
fn progression(map: &Map) -> PhaseProgression {
    let cal = &map.calendar;
    let seasons: Vec<String> = cal.seasons.iter().map(|s| s.name.clone()).collect();
    let phase = |season: &str, kind: &str| PhaseRef {
        season: season.to_string(),
        kind: kind.to_string(),
    };
    let to = |season: &str, kind: &str, year_delta: u32| PhaseTo {
        season: season.to_string(),
        kind: kind.to_string(),
        year_delta,
    };
    let step = u32::from(cal.year_step.max(1));
    let every = u32::from(cal.adjustment_every.max(1));
    let condition = (every > 1).then(|| YearCondition {
        year_mod: step * every,
        year_mod_value: (u32::from(map.first_year) + step * (every - 1)) % (step * every),
    });
    let mut transitions = Vec::new();
    for (i, s) in seasons.iter().enumerate() {
        let (next, delta) = match seasons.get(i + 1) {
            Some(n) => (n.as_str(), 0),
            None => (seasons[0].as_str(), step),
        };
        transitions.push(Transition {
            from: phase(s, "Movement"),
            to: to(s, "Retreat", 0),
            condition: None,
        });
        if cal.seasons[i].adjustment.is_some() {
            transitions.push(Transition {
                from: phase(s, "Retreat"),
                to: to(s, "Adjustment", 0),
                condition: condition.clone(),
            });
            transitions.push(Transition {
                from: phase(s, "Adjustment"),
                to: to(next, "Movement", delta),
                condition: None,
            });
        }
        if condition.is_some() || cal.seasons[i].adjustment.is_none() {
            transitions.push(Transition {
                from: phase(s, "Retreat"),
                to: to(next, "Movement", delta),
                condition: None,
            });
        }
    }
    PhaseProgression {
        seasons,
        transitions,
    }
}

fn provinces(map: &Map) -> Vec<Province> {
    let mut out = Vec::new();
    for p in map.province_ids() {
        let province = map.province(p);
        let multi = province.is_multi_coast();
        let kind = match province.terrain {
            Terrain::Impassable => continue,
            Terrain::Sea => "sea",
            Terrain::Coast if !multi => "coastal",
            Terrain::Coast | Terrain::Inland => "land",
        };
        let here = Location {
            province: p,
            coast: None,
        };
        let fleet: &[Location] = if multi || !province.terrain.is_navigable() {
            &[]
        } else {
            map.fleet_neighbours(here)
        };
        let mut adjacencies = Vec::new();
        let gone = |q: diplo_map::ProvinceId| map.province(q).terrain == Terrain::Impassable;
        for &q in map.army_neighbours(p).iter().filter(|&&q| !gone(q)) {
            let both = fleet.iter().any(|l| l.province == q && l.coast.is_none());
            let pass = if both { "both" } else { "army" };
            adjacencies.push(Adjacency::plain(map.province(q).name.clone(), pass));
        }
        for &l in fleet.iter().filter(|l| !gone(l.province)) {
            let both = l.coast.is_none() && map.army_neighbours(p).contains(&l.province);
            if !both {
                adjacencies.push(Adjacency::plain(map.location_name(l), "fleet"));
            }
        }
        out.push(Province {
            id: province.name.clone(),
            name: province.full_name.clone(),
            kind: kind.to_string(),
            supply_center: province.supply_centre,
            home_nation: province.home.map(|h| nation_id(&map.power(h).name)),
            convoyable_capable: province.convoyable,
            adjacencies,
        });
    }
    out
}

fn named_coasts(map: &Map) -> Vec<NamedCoast> {
    let mut out = Vec::new();
    for p in map.province_ids() {
        let province = map.province(p);
        if !province.is_multi_coast() || province.terrain == Terrain::Impassable {
            continue;
        }
        for (c, coast) in province.coasts.iter().enumerate() {
            let here = Location {
                province: p,
                coast: Some(c as u8),
            };
            out.push(NamedCoast {
                id: map.location_name(here),
                name: format!("{} ({})", province.full_name, coast.full_name),
                parent_province: province.name.clone(),
                adjacencies: map
                    .fleet_neighbours(here)
                    .iter()
                    .map(|&l| Adjacency::plain(map.location_name(l), "fleet"))
                    .collect(),
            });
        }
    }
    out
}

fn initial_state(map: &Map) -> InitialState {
    let cal = &map.calendar;
    let (season, kind) = match cal.first_phase {
        diplo_map::FirstPhase::Movement => (map.first_season, "Movement"),
        diplo_map::FirstPhase::Adjustment => (cal.first_adjustment(), "Adjustment"),
    };
    let mut units = Vec::new();
    let mut supply_centers = Vec::new();
    for power in map.powers() {
        let nation = nation_id(&power.name);
        for u in &power.units {
            units.push(StartUnit {
                nation: nation.clone(),
                kind: match u.kind {
                    UnitKind::Army => "Army",
                    UnitKind::Fleet => "Fleet",
                }
                .to_string(),
                location: map.location_name(u.location),
            });
        }
        // A centre in an impassable province (a dummy) is no province in diplicity.
        let passable =
            |c: &&diplo_map::ProvinceId| map.province(**c).terrain != Terrain::Impassable;
        for &c in power.centres.iter().filter(passable) {
            supply_centers.push(Owned {
                nation: nation.clone(),
                province: map.province(c).name.clone(),
            });
        }
    }
    InitialState {
        phase: StartPhase {
            season: map.season_name(season).to_string(),
            year: i64::from(map.first_year),
            kind: kind.to_string(),
        },
        units,
        supply_centers,
    }
}
