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
    /// Adjustments are held in every this many game years, counting the first year as the first
    /// (1: every year).
    pub adjustment_every: u16,
    /// Calendar years from one game year to the next (1: every year; Hundred: 5, so that its
    /// single season goes 1425, 1430, ...).
    pub year_step: u16,
    /// Centres change owner only in the years adjustments are held (godip's Hundred), after
    /// the seasons that capture; otherwise after those seasons every year.
    pub captures_when_adjusting: bool,
    /// The movement seasons of a year, in order (at least one, at most 255).
    pub seasons: Vec<SeasonSpec>,
}

impl Default for Calendar {
    /// Spring and Fall; centres change owner after the Fall, and the Winter adjustments follow it.
    fn default() -> Self {
        Calendar {
            first_phase: FirstPhase::Movement,
            adjustment_every: 1,
            year_step: 1,
            captures_when_adjusting: false,
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
    /// Whether adjustments are held in `year` on a map whose first year is `first` (game years
    /// counted in steps of [`Calendar::year_step`]).
    pub fn adjusts_in(&self, first: u16, year: u16) -> bool {
        let game_year = u32::from(year.saturating_sub(first)) / u32::from(self.year_step.max(1));
        (game_year + 1) % u32::from(self.adjustment_every.max(1)) == 0
    }

    /// Whether centres change owner when `season` of `year` is over (with its retreats), on a
    /// map whose first year is `first`.
    pub fn captures_in(&self, first: u16, year: u16, season: Season) -> bool {
        self.spec(season).captures
            && (!self.captures_when_adjusting || self.adjusts_in(first, year))
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
            (year.saturating_add(self.year_step.max(1)), Season(0))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hundred_s_calendar_goes_by_five_years_and_adjusts_and_captures_every_second() {
        let map = Map::embedded("hundred-vdiplomacy").unwrap().unwrap();
        let cal = &map.calendar;
        assert_eq!((cal.year_step, cal.adjustment_every), (5, 2));
        let year = Season(0);
        assert_eq!(cal.next(1425, year), (1430, year));
        let adjusting: Vec<u16> = (0..6)
            .map(|k| 1425 + 5 * k)
            .filter(|&y| cal.adjusts_in(map.first_year, y))
            .collect();
        assert_eq!(adjusting, vec![1430, 1440, 1450]);
        assert!(!cal.captures_in(map.first_year, 1435, year));
        assert!(cal.captures_in(map.first_year, 1440, year));
    }

    #[test]
    fn the_standard_calendar_goes_by_one_year_and_captures_every_fall() {
        let cal = Calendar::default();
        assert_eq!(cal.next(1901, Season::FALL), (1902, Season::SPRING));
        assert!(cal.adjusts_in(1901, 1901) && cal.adjusts_in(1901, 1902));
        assert!(cal.captures_in(1901, 1902, Season::FALL));
        assert!(!cal.captures_in(1901, 1902, Season::SPRING));
    }
}
