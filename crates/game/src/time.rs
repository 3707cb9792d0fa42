//! Times for deadlines: RFC 3339 read and written by hand (a date, a time and an offset; no
//! crate needed for so little), as whole seconds since the Unix epoch, UTC.
//!
//! The current time is the system's, unless `DIPLO_NOW` holds an RFC 3339 time: tests and
//! rehearsals of a cron job use it so that nothing depends on the clock.

use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable that overrides the current time (RFC 3339).
pub const NOW_VARIABLE: &str = "DIPLO_NOW";

/// Seconds since 1970-01-01T00:00:00Z.
pub type Seconds = i64;

/// Why a time does not read: the byte offset in the text where it goes wrong, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeError {
    /// Byte offset of the first wrong character (0-based).
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for TimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "column {}: {} (expected an RFC 3339 time such as 2026-11-24T18:00:00Z)",
            self.at + 1,
            self.message
        )
    }
}

/// Days from 1970-01-01 to the civil date (proleptic Gregorian; H. Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count from 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// Reads an RFC 3339 time (`2026-11-24T18:00:00Z`, `2026-11-24T19:00:00+01:00`, fractions of a
/// second allowed and dropped; `t`, `z` and a space for `T` accepted) as seconds, UTC.
pub fn parse_rfc3339(text: &str) -> Result<Seconds, TimeError> {
    let b = text.as_bytes();
    let err = |at: usize, message: String| TimeError { at, message };
    let digits = |at: usize, n: usize, what: &str| -> Result<i64, TimeError> {
        let part = b
            .get(at..at + n)
            .filter(|p| p.iter().all(u8::is_ascii_digit));
        match part {
            Some(p) => Ok(p.iter().fold(0, |v, d| v * 10 + i64::from(d - b'0'))),
            None => Err(err(at, format!("expected {n} digits of the {what}"))),
        }
    };
    let sep = |at: usize, chars: &[u8], what: &str| -> Result<(), TimeError> {
        match b.get(at) {
            Some(c) if chars.contains(c) => Ok(()),
            _ => Err(err(at, format!("expected {what}"))),
        }
    };
    let y = digits(0, 4, "year")?;
    sep(4, b"-", "`-` after the year")?;
    let mo = digits(5, 2, "month")?;
    sep(7, b"-", "`-` after the month")?;
    let d = digits(8, 2, "day")?;
    sep(10, b"Tt ", "`T` between the date and the time")?;
    let h = digits(11, 2, "hour")?;
    sep(13, b":", "`:` after the hour")?;
    let mi = digits(14, 2, "minute")?;
    sep(16, b":", "`:` after the minutes")?;
    let s = digits(17, 2, "second")?;
    let mut at = 19;
    if b.get(at) == Some(&b'.') {
        at += 1;
        let start = at;
        while b.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        if at == start {
            return Err(err(at, "expected digits after `.`".into()));
        }
    }
    let offset = match b.get(at) {
        Some(b'Z' | b'z') => {
            at += 1;
            0
        }
        Some(&c @ (b'+' | b'-')) => {
            let oh = digits(at + 1, 2, "offset's hours")?;
            sep(at + 3, b":", "`:` in the offset")?;
            let om = digits(at + 4, 2, "offset's minutes")?;
            if oh > 23 || om > 59 {
                return Err(err(at, "the offset is out of range".into()));
            }
            at += 6;
            let o = oh * 3600 + om * 60;
            if c == b'+' {
                o
            } else {
                -o
            }
        }
        _ => {
            return Err(err(
                at,
                "expected the time zone: `Z` for UTC, or an offset like `+01:00`".into(),
            ))
        }
    };
    if at != b.len() {
        return Err(err(at, "unexpected text after the time".into()));
    }
    if !(1..=12).contains(&mo) {
        return Err(err(5, format!("month {mo} is not 1 to 12")));
    }
    let month_days = [
        31,
        if leap(y) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if d < 1 || d > month_days[(mo - 1) as usize] {
        return Err(err(8, format!("day {d} is not in month {mo} of {y}")));
    }
    if h > 23 {
        return Err(err(11, format!("hour {h} is not 0 to 23")));
    }
    if mi > 59 {
        return Err(err(14, format!("minute {mi} is not 0 to 59")));
    }
    // 60: a leap second, read as the second after :59.
    if s > 60 {
        return Err(err(17, format!("second {s} is not 0 to 60")));
    }
    Ok(days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s - offset)
}

/// `2026-11-24T18:00:00Z`.
pub fn format_rfc3339(t: Seconds) -> String {
    let (days, secs) = (t.div_euclid(86_400), t.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// `3 h 5 min`, `2 d 4 h`, `40 s`: a span for people.
pub fn describe_span(secs: Seconds) -> String {
    let s = secs.unsigned_abs();
    let (d, h, m) = (s / 86_400, s / 3600 % 24, s / 60 % 60);
    if d > 0 {
        format!("{d} d {h} h")
    } else if h > 0 {
        format!("{h} h {m} min")
    } else if m > 0 {
        format!("{m} min {} s", s % 60)
    } else {
        format!("{s} s")
    }
}

/// The current time: `DIPLO_NOW` when set (an RFC 3339 time), else the system clock.
pub fn now() -> Result<Seconds, String> {
    match std::env::var(NOW_VARIABLE) {
        Ok(v) => parse_rfc3339(&v).map_err(|e| format!("{NOW_VARIABLE}=`{v}`: {e}")),
        Err(std::env::VarError::NotUnicode(_)) => Err(format!("{NOW_VARIABLE} is not valid UTF-8")),
        Err(std::env::VarError::NotPresent) => SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs() as Seconds)
            .map_err(|_| "the system clock is before 1970".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_rfc3339() {
        assert_eq!(parse_rfc3339("1970-01-01T00:00:00Z"), Ok(0));
        let t = parse_rfc3339("2026-11-24T18:00:00Z").unwrap();
        assert_eq!(format_rfc3339(t), "2026-11-24T18:00:00Z");
        assert_eq!(parse_rfc3339("2026-11-24T19:00:00+01:00"), Ok(t));
        assert_eq!(parse_rfc3339("2026-11-24t18:00:00.123z"), Ok(t));
        assert_eq!(
            parse_rfc3339("2024-02-29T00:00:00Z").map(format_rfc3339),
            Ok("2024-02-29T00:00:00Z".into())
        );
        assert_eq!(format_rfc3339(-1), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn refuses_bad_times_with_a_column() {
        for (bad, col) in [
            ("2026-13-01T00:00:00Z", 6),
            ("2023-02-29T00:00:00Z", 9),
            ("2026-11-24T24:00:00Z", 12),
            ("2026-11-24T18:00:00", 20),
            ("2026-11-24 18:00", 17),
            ("tomorrow", 1),
            ("2026-11-24T18:00:00Zjunk", 21),
            ("", 1),
        ] {
            let e = parse_rfc3339(bad).unwrap_err();
            assert_eq!(e.at + 1, col, "{bad}: {e}");
        }
    }
}
