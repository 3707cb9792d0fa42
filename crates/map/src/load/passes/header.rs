//! The header pass: the map's top-level keys (name, title, first year and season), the victory
//! condition, the build and conversion rules, and the `[calendar]` with its seasons.

use super::{Ctx, Names};
use crate::load::raw::{RawMap, RawSeason, RawVictory, S};
use crate::{
    BuildRule, Calendar, Conversion, FirstPhase, Province, ProvinceId, Season, SeasonSpec, Terrain,
    Victory,
};

/// The latest first year a map may have: games then have more than 50,000 years to run before
/// the year counter (`u16`) saturates.
const MAX_FIRST_YEAR: u16 = 9999;

pub(super) struct Header {
    pub(super) name: String,
    pub(super) title: String,
    pub(super) first_year: u16,
    pub(super) first_season: Season,
    pub(super) victory: Victory,
    pub(super) calendar: Calendar,
    pub(super) build: BuildRule,
    pub(super) conversion: Conversion,
}

/// Top-level keys: name, title, calendar start, victory, build rule.
pub(super) fn header(cx: &mut Ctx, raw: &RawMap) -> Header {
    let name = match &raw.name {
        Some(n) => n.get_ref().clone(),
        None => {
            cx.err_file("missing key `name`: every map names itself (`name = \"standard\"`)");
            String::new()
        }
    };
    let calendar = calendar(cx, raw);
    cx.calendar = calendar.clone();
    let first_season = match &raw.first_season {
        Some(s) => season(cx, s).unwrap_or(Season(0)),
        None => {
            let msg = format!("missing key `first_season`: expected {}", calendar.names());
            cx.err_file(msg);
            Season(0)
        }
    };
    let first_year = raw.first_year.as_ref().map(|y| *y.get_ref());
    match &raw.first_year {
        None => cx.err_file("missing key `first_year`: the year of the first phase, e.g. 1901"),
        Some(y) if *y.get_ref() > MAX_FIRST_YEAR => cx.err_at(
            y.span().start,
            format!(
                "`first_year = {}` is too late: at most {MAX_FIRST_YEAR}, so that a game can last",
                y.get_ref()
            ),
        ),
        Some(_) => {}
    }
    let victory = victory(cx, raw);
    let build = match &raw.build {
        None => BuildRule::HomeCentres,
        Some(b) => match b.get_ref().as_str() {
            "home-centres" => BuildRule::HomeCentres,
            "owned-centres" => BuildRule::OwnedCentres,
            "owned-centres-if-home" => BuildRule::OwnedCentresIfHome,
            "build-sites" => BuildRule::BuildSites,
            "any-home-centres" => BuildRule::AnyHomeCentres,
            other => {
                cx.err(b, format!("unknown build rule `{other}`: expected \"home-centres\", \"owned-centres\", \"owned-centres-if-home\", \"build-sites\" or \"any-home-centres\""));
                BuildRule::HomeCentres
            }
        },
    };
    let conversion = match &raw.unit_conversion {
        None => Conversion::None,
        Some(c) => {
            match c.get_ref().as_str() {
                "none" => Conversion::None,
                "owned-centres" => Conversion::OwnedCentres,
                other => {
                    cx.err(c, format!("unknown unit conversion `{other}`: expected \"none\" or \"owned-centres\""));
                    Conversion::None
                }
            }
        }
    };
    Header {
        conversion,
        title: raw
            .title
            .as_ref()
            .map_or_else(|| name.clone(), |t| t.get_ref().clone()),
        name,
        first_year: first_year.unwrap_or(1901),
        first_season,
        victory,
        calendar,
        build,
    }
}

/// `victory_centres`, or the `[victory]` table.
fn victory(cx: &mut Ctx, raw: &RawMap) -> Victory {
    let table = raw.victory.clone().unwrap_or_default();
    let centres = match (&raw.victory_centres, &table.centres) {
        (Some(a), Some(b)) if a.get_ref() != b.get_ref() => {
            cx.err_at(
                b.span().start,
                format!(
                    "`[victory] centres = {}` contradicts `victory_centres = {}`: give one",
                    b.get_ref(),
                    a.get_ref()
                ),
            );
            *a.get_ref()
        }
        (Some(a), _) => *a.get_ref(),
        (None, Some(b)) => *b.get_ref(),
        (None, None) => {
            cx.err_file("missing key `victory_centres`: how many supply centres win");
            0
        }
    };
    let (lead_wins, lead_shrinks_by) = lead_wins(cx, &table);
    Victory {
        lead_wins,
        lead_shrinks_by,
        centres,
        more_than_any: table.more_than_any.unwrap_or(false),
        lead: table.lead.map_or(0, |l| *l.get_ref()),
        last_year: table.last_year.map(|y| *y.get_ref()),
        // The names are read once the provinces are known (`control`).
        control: Vec::new(),
        control_from: table.control_from.map(|y| *y.get_ref()),
        most_centres_at_last_year: match &table.at_last_year {
            None => false,
            Some(w) => match w.get_ref().as_str() {
                "draw" => false,
                "most-centres" => true,
                other => {
                    cx.err(
                        w,
                        format!("unknown `at_last_year = \"{other}\"`: expected \"draw\" or \"most-centres\""),
                    );
                    false
                }
            },
        },
    }
}

/// `[victory] lead_wins` and `lead_shrinks_by`: a lead over the next power that wins whatever
/// the centres, shrinking each year. A shrinking lead with no lead to shrink is an error.
fn lead_wins(cx: &mut Ctx, table: &RawVictory) -> (u16, u16) {
    let wins = table.lead_wins.as_ref().map_or(0, |l| *l.get_ref());
    let shrinks = table.lead_shrinks_by.as_ref().map_or(0, |l| *l.get_ref());
    if let Some(s) = table.lead_shrinks_by.as_ref().filter(|_| wins == 0) {
        cx.err_at(
            s.span().start,
            format!(
                "`lead_shrinks_by = {shrinks}` without a lead to shrink: give `lead_wins`, the \
                 lead over the next power that wins in the first year"
            ),
        );
    }
    (wins, shrinks)
}

/// The `[calendar]` table.
fn calendar(cx: &mut Ctx, raw: &RawMap) -> Calendar {
    let Some(c) = &raw.calendar else {
        return Calendar::default();
    };
    let first_phase = match &c.first_phase {
        None => FirstPhase::Movement,
        Some(f) => {
            match f.get_ref().as_str() {
                "movement" => FirstPhase::Movement,
                "adjustment" => FirstPhase::Adjustment,
                other => {
                    cx.err(f, format!("unknown first phase `{other}`: expected \"movement\" or \"adjustment\""));
                    FirstPhase::Movement
                }
            }
        }
    };
    let adjustment_every = match &c.adjustment_every {
        Some(n) if *n.get_ref() == 0 => {
            cx.err_at(n.span().start, "`adjustment_every` must be at least 1");
            1
        }
        Some(n) => *n.get_ref(),
        None => 1,
    };
    let year_step = match &c.year_step {
        Some(n) if *n.get_ref() == 0 => {
            cx.err_at(n.span().start, "`year_step` must be at least 1");
            1
        }
        Some(n) => *n.get_ref(),
        None => 1,
    };
    Calendar {
        first_phase,
        adjustment_every,
        year_step,
        captures_when_adjusting: c.captures_when_adjusting.unwrap_or(false),
        seasons: c
            .seasons
            .as_deref()
            .map_or_else(|| Calendar::default().seasons, |list| seasons(cx, list)),
    }
}

/// The `[[calendar.season]]` list: names unique and one word each; centres change owner after
/// the seasons that say `captures` (the last one if none says), and adjustments follow the
/// seasons that name an `adjustment` (the last one, `Winter`, if none does).
fn seasons(cx: &mut Ctx, list: &[RawSeason]) -> Vec<SeasonSpec> {
    match list.get(usize::from(u8::MAX)) {
        _ if list.is_empty() => {
            cx.err_file("`[calendar] season = []`: a year has at least one season");
            return Calendar::default().seasons;
        }
        Some(extra) => {
            cx.err(&extra.name, "too many seasons: a year has at most 255");
            return Calendar::default().seasons;
        }
        None => {}
    }
    let mut seen = std::collections::HashSet::new();
    let word = |cx: &mut Ctx, s: &S, what: &str| {
        let name = s.get_ref();
        if name.is_empty()
            || name
                .chars()
                .any(|c| c.is_whitespace() || c.is_ascii_digit())
        {
            cx.err(s, format!("{what} `{name}` must be one word without digits (phase names read `{name} 1901 Movement`)"));
        }
    };
    for r in list {
        for s in std::iter::once(&r.name).chain(r.aliases.iter().flatten()) {
            word(cx, s, "season name");
            if !seen.insert(s.get_ref().to_lowercase()) {
                cx.err(s, format!("season name `{}` is used twice", s.get_ref()));
            }
        }
        if let Some(a) = &r.adjustment {
            word(cx, a, "adjustment name");
        }
    }
    let any_captures = list.iter().any(|r| r.captures.is_some());
    let any_adjustment = list.iter().any(|r| r.adjustment.is_some());
    let last = list.len() - 1;
    let out: Vec<SeasonSpec> = list
        .iter()
        .enumerate()
        .map(|(i, r)| SeasonSpec {
            name: r.name.get_ref().clone(),
            aliases: r
                .aliases
                .iter()
                .flatten()
                .map(|a| a.get_ref().clone())
                .collect(),
            captures: r
                .captures
                .as_ref()
                .map_or(!any_captures && i == last, |c| *c.get_ref()),
            adjustment: match &r.adjustment {
                Some(a) => Some(a.get_ref().clone()),
                None if !any_adjustment && i == last => Some("Winter".into()),
                None => None,
            },
        })
        .collect();
    if !out.iter().any(|s| s.captures) {
        cx.err(
            &list[0].name,
            "no season has `captures = true`: supply centres would never change owner",
        );
    }
    out
}

pub(super) fn season(cx: &mut Ctx, s: &S) -> Option<Season> {
    let found = cx.calendar.season_by_name(s.get_ref());
    if found.is_none() {
        let msg = format!(
            "unknown season `{}`: expected {}",
            s.get_ref(),
            cx.calendar.names()
        );
        cx.err(s, msg);
    }
    found
}

/// `[victory] control`: the provinces a power must control to win, read once the provinces are
/// known. Reports unknown names, coasts, repeats, provinces nobody can control, an empty list
/// and a `control_from` without a list.
pub(super) fn control(cx: &mut Ctx, names: &Names, provinces: &[Province]) -> Vec<ProvinceId> {
    let Some(v) = &names.raw.victory else {
        return Vec::new();
    };
    let Some(list) = &v.control else {
        if let Some(from) = &v.control_from {
            cx.err_at(
                from.span().start,
                "`control_from` without `control`: name the provinces a power must control",
            );
        }
        return Vec::new();
    };
    if list.is_empty() {
        cx.err_file("`[victory] control` is empty: name the provinces a power must control");
    }
    let mut out: Vec<ProvinceId> = Vec::new();
    for s in list {
        let Some(l) = names.location(cx, provinces, s) else {
            continue;
        };
        let p = &provinces[l.province.index()];
        let problem = if l.coast.is_some() {
            format!(
                "`control` names the coast `{}`: name the province",
                s.get_ref()
            )
        } else if p.terrain == Terrain::Impassable && !p.supply_centre {
            format!(
                "`control` names `{}`, impassable and no supply centre: nobody can control it",
                p.name
            )
        } else if out.contains(&l.province) {
            format!("`control` names `{}` twice", p.name)
        } else {
            out.push(l.province);
            continue;
        };
        cx.err(s, problem);
    }
    out
}
