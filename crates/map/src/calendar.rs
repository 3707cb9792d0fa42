//! The calendar: the [`Season`]s of a year (a map's `[calendar]`), how a game starts, and in
//! which years adjustments are held.

use serde::Serialize;

use crate::Map;

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

impl Map {
    /// The name of a season on this map's calendar: `Spring`.
    pub fn season_name(&self, season: Season) -> &str {
        &self.calendar.spec(season).name
    }
}
