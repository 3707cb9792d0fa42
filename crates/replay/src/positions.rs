//! The position lines of godip's records: `Power: army|fleet[/dislodged] loc` and
//! `Power: supply loc`, read into a [`RecordedPhase`], with the repetitions godip's variant
//! records hold (a unit listed twice, or with and without its coast).

use diplo_engine::position::parse_unit;
use diplo_engine::Unit;
use diplo_map::{Map, PowerId};

use crate::record::{LineCache, RecordedPhase};

/// What one position line says.
#[derive(Clone, Copy)]
pub(crate) enum Entry {
    /// `Power: supply loc`: the centre's owner.
    Supply(diplo_map::ProvinceId, PowerId),
    /// `Power: army|fleet[/dislodged] loc`: a unit, dislodged or not.
    Unit(Unit, bool),
}

/// The position lines of the phase before and of this one, read. A phase's position mostly
/// repeats the one before, in the same order: a line is first looked for just after the last
/// one found there, which needs no look-up in the [`LineCache`].
#[derive(Default)]
pub(crate) struct Previous<'t> {
    before: Vec<(&'t str, Entry)>,
    now: Vec<(&'t str, Entry)>,
    /// Where in `before` to look next.
    at: usize,
}

impl<'t> Previous<'t> {
    /// Lines of the phase before looked at, from `at`: a unit that left (or a centre that
    /// changed owner) skips a line or two.
    const AHEAD: usize = 3;

    /// A new phase begins: its lines will be looked for among those of the one that ends.
    pub(crate) fn next_phase(&mut self) {
        std::mem::swap(&mut self.before, &mut self.now);
        self.now.clear();
        self.at = 0;
    }

    /// What `line` says, found among the previous phase's lines or read through `cache`.
    pub(crate) fn entry(
        &mut self,
        cache: &mut LineCache<'_>,
        line: &'t str,
    ) -> Result<Entry, String> {
        let end = self.before.len().min(self.at + Self::AHEAD);
        let found = (self.at..end).find(|&k| self.before[k].0 == line);
        let entry = match found {
            Some(k) => {
                self.at = k + 1;
                self.before[k].1
            }
            None => cache.position(line)?,
        };
        self.now.push((line, entry));
        Ok(entry)
    }
}

/// `Power: army|fleet[/dislodged] loc` or `Power: supply loc`. A unit listed twice, or once
/// with a coast and once without (godip's variant records do both), is kept once, with a
/// warning: a fleet with its coast, an army without one. Two different units in a province are
/// an error.
pub(crate) fn position_line(
    entry: Entry,
    phase: &mut RecordedPhase,
    line: &str,
) -> Result<Option<String>, String> {
    match entry {
        Entry::Supply(p, power) => phase.owners[p.index()] = Some(power),
        Entry::Unit(mut unit, dislodged) => {
            let mut warning = None;
            if unit.kind == diplo_map::UnitKind::Army && unit.location.coast.is_some() {
                unit.location.coast = None;
                warning = Some(format!(
                    "`{line}`: an army has no coast; read as on the province"
                ));
            }
            let list = if dislodged {
                &mut phase.dislodged
            } else {
                &mut phase.units
            };
            let p = unit.location.province;
            match list.iter_mut().find(|u| u.location.province == p) {
                None => list.push(unit),
                Some(u) if u.power == unit.power && u.kind == unit.kind => {
                    let (had, has) = (u.location.coast, unit.location.coast);
                    return Ok(match (had, has) {
                        _ if had == has => {
                            Some(format!("`{line}`: the same unit listed twice; kept once"))
                        }
                        // With and without its coast: `Parser::check_coasts` warns.
                        (None, Some(_)) => {
                            u.location.coast = has;
                            None
                        }
                        (Some(_), None) => None,
                        _ => Some(format!(
                            "`{line}`: the same unit listed on another coast; the first kept"
                        )),
                    });
                }
                Some(_) => return Err(format!("`{line}`: a second unit in the same province")),
            }
            return Ok(warning);
        }
    }
    Ok(None)
}

/// Any position line, read by the general name lookups, with a message when it cannot be.
pub(crate) fn read_entry(map: &Map, line: &str) -> Result<Entry, String> {
    let expected =
        "expected `Power: army|fleet[/dislodged] <location>` or `Power: supply <province>`";
    let (power_name, rest) = line
        .split_once(':')
        .ok_or_else(|| format!("`{line}`: {expected}"))?;
    let power = map.power_by_name(power_name).ok_or_else(|| {
        format!(
            "`{line}`: unknown power `{}`; {expected}",
            power_name.trim()
        )
    })?;
    let (what, place) = rest
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("`{line}`: {expected}"))?;
    if what == "supply" {
        let p = map
            .province_by_name(place.trim())
            .filter(|p| map.province(*p).supply_centre)
            .ok_or_else(|| format!("`{line}`: `{}` is not a supply centre", place.trim()))?;
        return Ok(Entry::Supply(p, power));
    }
    let (kind, dislodged) = match what.split_once('/') {
        Some((k, "dislodged")) => (k, true),
        None => (what, false),
        Some(_) => return Err(format!("`{line}`: {expected}")),
    };
    if kind != "army" && kind != "fleet" {
        return Err(format!("`{line}`: unknown unit type `{kind}`; {expected}"));
    }
    // A fleet without its coast in a province with coasts is read as such: godip's variant
    // records list it so beside the same fleet with its coast ([`Parser::check_coasts`]).
    if let Some(location) = map.parse_location(place) {
        let multi = map.province(location.province).is_multi_coast();
        if kind == "fleet" && multi && location.coast.is_none() {
            let kind = diplo_map::UnitKind::Fleet;
            return Ok(Entry::Unit(
                Unit {
                    power,
                    kind,
                    location,
                },
                dislodged,
            ));
        }
    }
    let unit =
        parse_unit(map, power, &format!("{kind} {place}")).map_err(|e| format!("`{line}`: {e}"))?;
    Ok(Entry::Unit(unit, dislodged))
}
