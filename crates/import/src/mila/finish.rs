//! The flat model built from what was read: provinces, edges and powers (each in its own
//! module), then the calendar and rules: `VICTORY`, `BEGIN` and `RULE` lines.

use super::Reader;
use crate::model::{FindingKind, Model, Place, Season, Word};
use crate::slug;

impl<'a> Reader<'a> {
    /// The flat model: provinces, coasts, edges, powers, calendar and rules.
    pub(super) fn finish(mut self, file: &str) -> Model {
        let stem = file.strip_suffix(".map").unwrap_or(file);
        let mut m = Model {
            format: "MILA",
            source: format!("MILA map file {file}"),
            files: std::mem::take(&mut self.files),
            name: slug(stem),
            title: {
                let t = stem.replace('_', " ");
                let mut c = t.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            },
            ..Model::default()
        };
        for (at, kind, msg) in std::mem::take(&mut self.findings) {
            m.findings.push(crate::Finding {
                place: at,
                kind,
                message: msg,
            });
        }
        m.report_file(
            FindingKind::Default,
            format!(
                "MILA map files have no title: `{}` (from the file name) is used",
                m.title
            ),
        );
        let locs = self.provinces(&mut m);
        self.edges(&mut m, &locs);
        self.powers(&mut m, &locs);
        self.calendar(&mut m);
        m
    }

    fn calendar(&mut self, m: &mut Model) {
        // Victory.
        let centres = m.provinces.iter().filter(|p| p.supply_centre).count();
        match &self.victory {
            Some((counts, at)) => {
                m.victory_centres = Some(counts[0]);
                if counts.iter().any(|c| *c != counts[0]) {
                    m.report(
                        at,
                        FindingKind::NotExpressed,
                        format!(
                            "VICTORY changes by year ({}): diplo has one count; the first year's \
                             {} is used for every year",
                            counts
                                .iter()
                                .map(u16::to_string)
                                .collect::<Vec<_>>()
                                .join(" "),
                            counts[0]
                        ),
                    );
                }
            }
            None => {
                let v = (centres / 2 + 1) as u16;
                m.victory_centres = Some(v);
                m.report_file(
                    FindingKind::Note,
                    format!(
                        "no VICTORY line: MILA's default, one more than half the {centres} \
                         centres, is {v}"
                    ),
                );
            }
        }
        // Start.
        match self.begin.take() {
            None => {
                m.first_year = Some(1901);
                m.first_season = Some(Season::SPRING);
                m.report_file(
                    FindingKind::Note,
                    "no BEGIN line: MILA's default, Spring 1901 movement",
                );
            }
            Some((words, at)) => self.begin(m, &words, &at),
        }
        // Rules.
        for (rule, at) in std::mem::take(&mut self.rules) {
            match rule.to_uppercase().as_str() {
                "BUILD_ANY" => m.build = Some("owned-centres"),
                other => m.report(
                    &at,
                    FindingKind::NotExpressed,
                    format!("RULE {other}: no diplo map equivalent; left out"),
                ),
            }
        }
    }

    fn begin(&mut self, m: &mut Model, words: &[String], at: &Place) {
        let upper: Vec<String> = words.iter().map(|w| w.to_uppercase()).collect();
        let year = upper.get(1).and_then(|y| y.parse::<i64>().ok());
        let Some(year) = year.filter(|y| (1..=i64::from(u16::MAX)).contains(y)) else {
            m.report(
                at,
                FindingKind::NotExpressed,
                format!(
                    "BEGIN {}: diplo years run from 1 to {}; Spring 1901 is used",
                    words.join(" "),
                    u16::MAX
                ),
            );
            m.first_year = Some(1901);
            m.first_season = Some(Season::SPRING);
            return;
        };
        m.first_year = Some(year);
        let season = upper.first().map(String::as_str).unwrap_or("SPRING");
        let phase = upper.get(2).map(String::as_str).unwrap_or("MOVEMENT");
        match (season, phase.chars().next()) {
            ("SPRING", Some('M')) => m.first_season = Some(Season::SPRING),
            ("FALL", Some('M')) => m.first_season = Some(Season::FALL),
            ("WINTER", Some('A')) | ("FALL", Some('A')) => m.first_adjustment = true,
            _ => {
                let s = if season == "FALL" {
                    Season::FALL
                } else {
                    Season::SPRING
                };
                m.first_season = Some(s);
                m.report(
                    at,
                    FindingKind::NotExpressed,
                    format!(
                        "BEGIN {}: a diplo game opens with a movement phase or the winter \
                         adjustments; {} movement is used",
                        words.join(" "),
                        s.word()
                    ),
                );
            }
        }
    }
}
