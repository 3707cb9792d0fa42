//! Deadline schedules: how long each kind of phase lasts (movement 48 h, retreat and adjustment
//! 24 h ...), set once for a game. Each phase the game enters by an adjudication or a rollback
//! gets its deadline from the schedule, counted from the time the caller gives (`now`), so that
//! a cron job running `diplo game adjudicate --if-due` never waits for a deadline nobody set.

use diplo_engine::PhaseKind;

use crate::{time, Game, GameError};

/// How long each kind of phase lasts, in seconds; `None`: phases of that kind get no deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    /// Movement phases.
    pub movement: Option<time::Seconds>,
    /// Retreat phases.
    pub retreat: Option<time::Seconds>,
    /// Adjustment phases (builds and removals).
    pub adjustment: Option<time::Seconds>,
}

/// The phase kinds a schedule names, as written (`movement=48h`).
const KINDS: [&str; 3] = ["movement", "retreat", "adjustment"];

/// The longest phase a schedule may set: 366 days.
const LONGEST: time::Seconds = 366 * 86_400;

impl Schedule {
    /// Reads `movement=48h,retreat=24h,adjustment=1d12h` (any of the three kinds, each at most
    /// once; lengths in `d`, `h`, `m` and `s`). Every problem is reported at once.
    pub fn parse(text: &str) -> Result<Schedule, Vec<String>> {
        let mut schedule = Schedule::default();
        let mut problems = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let Some((kind, length)) = item.split_once('=') else {
                problems.push(format!(
                    "`{item}`: expected KIND=LENGTH, e.g. `movement=48h` (kinds: {})",
                    KINDS.join(", ")
                ));
                continue;
            };
            let (kind, length) = (kind.trim(), length.trim());
            let length = match parse_length(length) {
                Ok(l) => l,
                Err(e) => {
                    problems.push(format!("`{item}`: {e}"));
                    continue;
                }
            };
            match schedule.slot(kind) {
                Some(slot @ None) => *slot = Some(length),
                Some(Some(_)) => problems.push(format!("`{item}`: {kind} is given twice")),
                None => problems.push(format!(
                    "`{item}`: unknown phase kind `{kind}`; expected {}",
                    KINDS.join(", ")
                )),
            }
        }
        if problems.is_empty() && schedule.is_empty() {
            problems.push(format!(
                "`{text}`: no phase kind given; expected e.g. `movement=48h,retreat=24h,adjustment=24h`"
            ));
        }
        if problems.is_empty() {
            Ok(schedule)
        } else {
            Err(problems)
        }
    }

    /// The length of the phase kind named `kind` (`movement` ...), to set.
    fn slot(&mut self, kind: &str) -> Option<&mut Option<time::Seconds>> {
        match kind {
            "movement" => Some(&mut self.movement),
            "retreat" => Some(&mut self.retreat),
            "adjustment" => Some(&mut self.adjustment),
            _ => None,
        }
    }

    /// How long a phase of `kind` lasts, if the schedule says.
    pub fn length(&self, kind: PhaseKind) -> Option<time::Seconds> {
        match kind {
            PhaseKind::Movement => self.movement,
            PhaseKind::Retreat => self.retreat,
            PhaseKind::Adjustment => self.adjustment,
        }
    }

    /// Whether no phase kind has a length (no schedule).
    pub fn is_empty(&self) -> bool {
        *self == Schedule::default()
    }

    /// Each kind with a length, as written: `[("movement", "48h"), ...]`.
    pub fn entries(&self) -> Vec<(&'static str, String)> {
        let lengths = [self.movement, self.retreat, self.adjustment];
        KINDS
            .iter()
            .zip(lengths)
            .filter_map(|(k, l)| Some((*k, format_length(l?))))
            .collect()
    }

    /// `movement=48h,retreat=24h`, as [`Schedule::parse`] reads it back.
    pub fn describe(&self) -> String {
        let items: Vec<String> = (self.entries().into_iter())
            .map(|(k, l)| format!("{k}={l}"))
            .collect();
        items.join(",")
    }
}

/// Reads a phase length: `48h`, `1d12h`, `90m`, `30s` (parts in the order d, h, m, s, each at
/// most once), more than nothing and at most 366 days.
pub fn parse_length(text: &str) -> Result<time::Seconds, String> {
    let expected = "expected a length such as 48h, 1d12h or 90m (units d, h, m, s)";
    let mut total: time::Seconds = 0;
    let mut digits = String::new();
    let mut last_unit = 0usize;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let units = [('d', 86_400), ('h', 3600), ('m', 60), ('s', 1)];
        let Some(i) = units.iter().position(|(u, _)| *u == c) else {
            return Err(format!("`{text}`: `{c}` is not a unit; {expected}"));
        };
        if digits.is_empty() || i < last_unit || (i == last_unit && total > 0) {
            return Err(format!("`{text}`: {expected}"));
        }
        let n: time::Seconds = digits.parse().unwrap_or(time::Seconds::MAX);
        total = total.saturating_add(n.saturating_mul(units[i].1));
        digits.clear();
        last_unit = i;
    }
    if !digits.is_empty() || total == 0 {
        return Err(format!("`{text}`: {expected}, more than nothing"));
    }
    if total > LONGEST {
        return Err(format!("`{text}`: a phase may last at most 366 days"));
    }
    Ok(total)
}

/// `48h`, `1h30m`, `45s`: a length as [`parse_length`] reads it back (hours, not days, so that
/// `48h` stays `48h`).
pub fn format_length(secs: time::Seconds) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut out = String::new();
    for (n, unit) in [(h, 'h'), (m, 'm'), (s, 's')] {
        if n > 0 {
            out.push_str(&format!("{n}{unit}"));
        }
    }
    if out.is_empty() {
        out.push_str("0s");
    }
    out
}

impl Game {
    /// Sets the game's deadline schedule (an empty one removes it). When the current phase has
    /// no deadline and `now` is given, it gets one from the new schedule.
    pub fn set_schedule(
        &mut self,
        schedule: Schedule,
        now: Option<time::Seconds>,
    ) -> Result<(), GameError> {
        self.refuse_if_ended()?;
        self.schedule = schedule;
        if let (None, Some(now)) = (self.deadline, now) {
            self.deadline = self.scheduled_deadline(now);
        }
        Ok(())
    }

    /// The deadline the schedule gives the current phase when it starts at `now` (`None`: no
    /// length for this kind of phase, or a time the game file could not hold).
    pub fn scheduled_deadline(&self, now: time::Seconds) -> Option<time::Seconds> {
        let length = self.schedule.length(self.position.phase.kind)?;
        time::check(now.checked_add(length)?).ok()
    }

    /// As [`Game::adjudicate`], the phase starting at `now`: the next phase's deadline comes
    /// from the schedule ([`Game::scheduled_deadline`]).
    pub fn adjudicate_at(
        &mut self,
        overrides: &[String],
        now: time::Seconds,
    ) -> Result<crate::PhaseOutcome, GameError> {
        let outcome = self.adjudicate_unrecorded(overrides, 0)?;
        self.record_phase(&outcome);
        if self.ended.is_none() {
            self.deadline = self.scheduled_deadline(now);
        }
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_a_schedule() {
        let s = Schedule::parse("movement=48h, retreat=1d, adjustment=1h30m").unwrap();
        assert_eq!(s.movement, Some(48 * 3600));
        assert_eq!(s.retreat, Some(24 * 3600));
        assert_eq!(s.adjustment, Some(5400));
        assert_eq!(s.describe(), "movement=48h,retreat=24h,adjustment=1h30m");
        assert_eq!(Schedule::parse(&s.describe()), Ok(s));
        let only = Schedule::parse("retreat=90m").unwrap();
        assert_eq!(only.length(PhaseKind::Movement), None);
        assert_eq!(only.length(PhaseKind::Retreat), Some(5400));
    }

    #[test]
    fn refuses_bad_schedules_all_at_once() {
        let e = Schedule::parse("movement=48x,builds=24h,retreat=24h,retreat=1h,adjustment")
            .unwrap_err();
        assert_eq!(e.len(), 4, "{e:?}");
        assert!(e[0].contains("`x` is not a unit"), "{e:?}");
        assert!(e[1].contains("unknown phase kind `builds`"), "{e:?}");
        assert!(e[2].contains("retreat is given twice"), "{e:?}");
        assert!(e[3].contains("expected KIND=LENGTH"), "{e:?}");
        for bad in [
            "",
            "h",
            "0h",
            "12",
            "1h2d",
            "1h1h",
            "400d",
            "-1h",
            "99999999999999999999d",
        ] {
            assert!(parse_length(bad).is_err(), "{bad}");
        }
        assert!(Schedule::parse("").is_err());
    }
}
