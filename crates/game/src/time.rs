//! Times for deadlines: RFC 3339 read and written through `jiff`, kept as whole seconds since
//! the Unix epoch, UTC.
//!
//! A deadline must be writable as it was read: every time this module accepts lies between
//! [`EARLIEST`] and [`LATEST`] (years 0000 to 9999 in UTC), so that the game file's writer and
//! reader agree on it. The current time is the system's, unless `DIPLO_NOW` holds an RFC 3339
//! time: tests and rehearsals of a cron job use it so that nothing depends on the clock.

use jiff::Timestamp;

/// The environment variable that overrides the current time (RFC 3339).
pub const NOW_VARIABLE: &str = "DIPLO_NOW";

/// Seconds since 1970-01-01T00:00:00Z.
pub type Seconds = i64;

/// The earliest time a deadline may hold: `0000-01-01T00:00:00Z`.
pub const EARLIEST: Seconds = -62_167_219_200;

/// The latest time a deadline may hold: the last whole second `jiff` can represent, in year 9999
/// (`9999-12-30T22:00:00Z`); later times would not read back.
pub const LATEST: Seconds = 253_402_207_200;

/// Why a time does not read or cannot be stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeError {
    /// Byte offset in the text of the first wrong character, where the reader can tell (0: the
    /// time as a whole).
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for TimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (expected an RFC 3339 time such as 2026-11-24T18:00:00Z)",
            self.message
        )
    }
}

/// Reads an RFC 3339 time (`2026-11-24T18:00:00Z`, `2026-11-24T19:00:00+01:00`; fractions of a
/// second allowed and dropped) as seconds, UTC. A time outside [`EARLIEST`]..=[`LATEST`] once
/// in UTC is refused: the game file could not hold it.
pub fn parse_rfc3339(text: &str) -> Result<Seconds, TimeError> {
    let stamp: Timestamp = text.parse().map_err(|e: jiff::Error| TimeError {
        at: 0,
        message: e.to_string(),
    })?;
    check(stamp.as_second())
}

/// `t` as it is when it is a time a game file can hold, else why not.
pub fn check(t: Seconds) -> Result<Seconds, TimeError> {
    if (EARLIEST..=LATEST).contains(&t) {
        Ok(t)
    } else {
        Err(TimeError {
            at: 0,
            message: format!(
                "{t} s from 1970 is outside the times a game can hold \
                 (0000-01-01T00:00:00Z to {} in UTC)",
                format_rfc3339(LATEST)
            ),
        })
    }
}

/// `2026-11-24T18:00:00Z`. A time outside [`EARLIEST`]..=[`LATEST`] (which [`parse_rfc3339`]
/// and [`check`] refuse) is written as the nearest of the two.
pub fn format_rfc3339(t: Seconds) -> String {
    let t = t.clamp(EARLIEST, LATEST);
    // In range by the clamp: from_second cannot fail.
    Timestamp::from_second(t)
        .map(|s| s.to_string())
        .unwrap_or_default()
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
        Err(std::env::VarError::NotPresent) => Ok(Timestamp::now().as_second()),
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
    fn refuses_bad_times() {
        for bad in [
            "2026-13-01T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2026-11-24T24:00:00Z",
            "2026-11-24T18:00:00",
            "2026-11-24 18:00",
            "tomorrow",
            "2026-11-24T18:00:00Zjunk",
            "",
        ] {
            let e = parse_rfc3339(bad).unwrap_err();
            assert!(e.to_string().contains("RFC 3339"), "{bad}: {e}");
        }
    }

    /// Issue 34 item 2: times whose UTC year is outside 0000..9999 would be written as a file the
    /// reader refuses; they are refused on the way in, and every accepted time reads back.
    #[test]
    fn every_time_accepted_is_written_as_it_reads() {
        for bad in ["9999-12-31T23:00:00-05:00", "0000-01-01T00:00:00+00:01"] {
            assert!(parse_rfc3339(bad).is_err(), "{bad} was accepted");
        }
        for t in [EARLIEST, -1, 0, 1_795_000_000, LATEST] {
            let text = format_rfc3339(t);
            assert_eq!(parse_rfc3339(&text), Ok(t), "{text}");
        }
        assert!(check(LATEST + 1).is_err());
        assert!(check(EARLIEST - 1).is_err());
        assert!(check(i64::MIN).is_err());
        assert_eq!(LATEST, Timestamp::MAX.as_second());
    }
}
