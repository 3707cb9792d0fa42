//! Documented exceptions: recorded phases known not to follow the server's own rules (a game
//! the curator hand-edited), each with the reason. A replay reports a mismatch listed here as
//! an exception, not a failure, and reports an exception that no longer occurs as stale.
//!
//! ```toml
//! [[exception]]
//! game = "game_123"
//! phase = "Fall 1904 Movement"
//! reason = "the curator moved F nth back by hand; the server's result was A lon - nth"
//! ```

use diplo_engine::Phase;
use diplo_map::Map;
use serde::Deserialize;

/// One documented exception.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exception {
    /// The game's name (`game_123`: the file name without `.txt`).
    pub game: String,
    /// The phase whose adjudication differs from the record (`Fall 1904 Movement`).
    pub phase: String,
    /// Why the record is wrong (or why the difference is accepted).
    pub reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    exception: Vec<Exception>,
}

/// A set of documented exceptions, keyed by game and phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Exceptions {
    /// The entries, as listed, with their phase parsed.
    pub entries: Vec<(Exception, Phase)>,
}

impl Exceptions {
    /// Reads the TOML format above; `file` names it in errors (with the line).
    pub fn from_toml_str(text: &str, file: &str, map: &Map) -> Result<Exceptions, String> {
        let raw: File = toml::from_str(text).map_err(|e| {
            let (at, message) = diplo_map::toml_error(&e, text);
            match e.span() {
                Some(_) => {
                    let (line, column) = diplo_map::line_col(text, at);
                    format!("{file}:{line}:{column}: {}", message.trim_end())
                }
                None => format!("{file}: {}", message.trim_end()),
            }
        })?;
        let mut entries = Vec::new();
        for e in raw.exception {
            let phase = Phase::parse(&e.phase, map)
                .map_err(|m: String| format!("{file}: exception for {}: {m}", e.game))?;
            if entries
                .iter()
                .any(|(x, p): &(Exception, Phase)| x.game == e.game && *p == phase)
            {
                return Err(format!("{file}: two exceptions for {} {}", e.game, e.phase));
            }
            if e.reason.trim().is_empty() {
                return Err(format!(
                    "{file}: the exception for {} {} gives no reason",
                    e.game, e.phase
                ));
            }
            entries.push((e, phase));
        }
        Ok(Exceptions { entries })
    }

    /// The exception for this game and phase, if any.
    pub fn find(&self, game: &str, phase: Phase) -> Option<&Exception> {
        self.entries
            .iter()
            .find(|(e, p)| e.game == game && *p == phase)
            .map(|(e, _)| e)
    }
}

/// A replay's results sorted against the documented exceptions.
#[derive(Debug)]
pub struct Verdict<'a> {
    /// Phases that matched.
    pub passed: usize,
    /// Mismatches no exception covers.
    pub failures: Vec<&'a crate::Mismatch>,
    /// Mismatches an exception covers, with it.
    pub excepted: Vec<(&'a crate::Mismatch, &'a Exception)>,
    /// Exceptions for a replayed game whose phase no longer mismatches.
    pub stale: Vec<&'a Exception>,
    /// Files that could not be read or parsed.
    pub errors: Vec<&'a crate::RecordError>,
}

impl Verdict<'_> {
    /// Whether the replay is clean: no failure, no stale exception, no unreadable file.
    pub fn ok(&self) -> bool {
        self.failures.is_empty() && self.stale.is_empty() && self.errors.is_empty()
    }
}

impl Exceptions {
    /// Sorts the mismatches of `reports` into failures and documented exceptions, and finds the
    /// stale exceptions (only among the games replayed).
    pub fn judge<'a>(&'a self, reports: &'a [crate::GameReport]) -> Verdict<'a> {
        let mut v = Verdict {
            passed: 0,
            failures: Vec::new(),
            excepted: Vec::new(),
            stale: Vec::new(),
            errors: Vec::new(),
        };
        let mut used = vec![false; self.entries.len()];
        let mut replayed = std::collections::HashSet::new();
        for r in reports {
            v.passed += r.passed;
            replayed.insert(crate::record::game_name(&r.file));
            if let Some(e) = &r.error {
                v.errors.push(e);
            }
            for m in &r.mismatches {
                match self
                    .entries
                    .iter()
                    .position(|(e, p)| e.game == m.game && *p == m.phase)
                {
                    Some(k) => {
                        used[k] = true;
                        v.excepted.push((m, &self.entries[k].0));
                    }
                    None => v.failures.push(m),
                }
            }
        }
        for (k, (e, _)) in self.entries.iter().enumerate() {
            if !used[k] && replayed.contains(e.game.as_str()) {
                v.stale.push(e);
            }
        }
        v
    }
}
