//! The report of `diplo compare`: the table with its marks, why cells differ, where the DATC
//! text disagrees, as text or JSON.

use crate::{Case, Expectation};
use diplo_rules::Ruleset;

use super::{agrees, Row, Why};

/// A comparison ready to print: the situation's title, the rulesets, the table and the
/// switch test's findings (`diplo compare`'s text and JSON, `diplo serve`'s `/v1/compare`).
pub struct Report<'a> {
    /// The situation: the case's id and title, or the phase.
    pub title: String,
    /// The DATC case compared, if it is one.
    pub case: Option<&'a Case>,
    /// The rulesets, one column each.
    pub rulesets: &'a [Ruleset],
    /// The index of the base ruleset.
    pub base: usize,
    /// One row per order ([`super::rows`]).
    pub rows: &'a [Row],
    /// Why each cell differs from the base's ([`super::explain`]).
    pub whys: &'a [Vec<Option<Why>>],
    /// What the DATC text states for each ruleset.
    pub expectations: &'a [Option<Expectation<'a>>],
}

impl Report<'_> {
    fn base_name(&self) -> &str {
        &self.rulesets[self.base].name
    }

    fn differs(&self, i: usize, j: usize) -> bool {
        self.rows[i].cells[j].words != self.rows[i].cells[self.base].words
    }

    fn same_everywhere(&self) -> bool {
        (0..self.rows.len()).all(|i| (0..self.rulesets.len()).all(|j| !self.differs(i, j)))
    }

    fn disagrees_with_datc(&self, i: usize, j: usize) -> bool {
        self.rows[i].stated[j]
            .as_deref()
            .is_some_and(|s| !agrees(self.case, s, &self.rows[i].cells[j].words))
    }

    /// `convoy_paradox (1971 here, szykman in datc)` for ruleset `j`.
    fn issue_text(&self, j: usize, k: &str) -> String {
        format!(
            "{k} ({} here, {} in {})",
            self.rulesets[j].choice(k).unwrap_or("?"),
            self.rulesets[self.base].choice(k).unwrap_or("?"),
            self.base_name()
        )
    }

    fn why_text(&self, j: usize, why: &Why) -> String {
        if !why.alone.is_empty() {
            let issues: Vec<String> = why.alone.iter().map(|k| self.issue_text(j, k)).collect();
            if issues.len() == 1 {
                issues[0].clone()
            } else {
                format!("each alone: {}", issues.join("; "))
            }
        } else if !why.pairs.is_empty() {
            let pairs: Vec<String> = why
                .pairs
                .iter()
                .map(|(a, b)| format!("{} with {}", self.issue_text(j, a), self.issue_text(j, b)))
                .collect();
            format!("two choices together: {}", pairs.join("; or "))
        } else {
            format!(
                "no single choice or pair of choices switched to {}'s gives its result: several of the ruleset's choices together",
                self.base_name()
            )
        }
    }

    /// What the DATC text states for ruleset `j`: `main`, `alternative (key=choice, ...)`.
    fn expectation_label(&self, j: usize) -> String {
        match &self.expectations[j] {
            None => "-".into(),
            Some(e) => match e.alternative {
                None => "the main expectation".into(),
                Some(a) => {
                    let when: Vec<String> =
                        a.when.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    format!("the alternative for {}", when.join(", "))
                }
            },
        }
    }

    fn unresolved_rulesets(&self) -> Vec<usize> {
        (0..self.rulesets.len())
            .filter(|&j| self.rows.iter().any(|r| r.cells[j].words == "unresolved"))
            .collect()
    }

    fn unresolved_footnote(&self) -> Option<String> {
        let js = self.unresolved_rulesets();
        if js.is_empty() {
            return None;
        }
        let which: Vec<String> = js
            .iter()
            .map(|&j| {
                let r = &self.rulesets[j];
                format!(
                    "{} (convoy_paradox = {}, paradox_fallback = {})",
                    r.name,
                    r.choice("convoy_paradox").unwrap_or("?"),
                    r.choice("paradox_fallback").unwrap_or("?")
                )
            })
            .collect();
        Some(format!(
            "unresolved: the orders form a convoy paradox that the ruleset's paradox rule does not answer (DATC 4.A.2: the 1971, 1982 and 2000 rules only stop some supports being cut), and no paradox_fallback is set, so diplo decides nothing for them rather than invent a ruling; `diplo adjudicate --set paradox_fallback=...` shows what each fallback gives. Here: {}.",
            which.join(", ")
        ))
    }

    /// The text: one line per order under every ruleset, or a table with the differences
    /// marked and explained.
    /// The report for people (`verbose`: every cell's reason).
    pub fn text(&self, verbose: bool) -> String {
        let names: Vec<&str> = self.rulesets.iter().map(|r| r.name.as_str()).collect();
        let labels: Vec<String> = self
            .rows
            .iter()
            .map(|r| format!("{}: {}", r.power, r.order))
            .collect();
        let mut out = format!("{}\n", self.title);
        if self.same_everywhere() {
            out.push_str(&self.same_text(&names, &labels, verbose));
            return out;
        }
        out.push_str(&self.table_head(&names));
        out.push_str(&self.table_text(&names, &labels));
        out.push_str(&self.whys_text(&names, &labels));
        out.push_str(&self.datc_agreement_text());
        if let Some(f) = self.unresolved_footnote() {
            out.push_str(&format!("\n{f}\n"));
        }
        if verbose {
            out.push_str(&self.reasons_text(&labels, false));
        }
        out
    }

    /// The text when every ruleset gives the same results: each order with its result.
    fn same_text(&self, names: &[&str], labels: &[String], verbose: bool) -> String {
        let mut out = format!("Same result under every ruleset ({}):\n", names.join(", "));
        for (i, row) in self.rows.iter().enumerate() {
            let c = &row.cells[0];
            out.push_str(&format!("  {} -> {}", labels[i], c.words));
            if verbose && !c.reason.is_empty() {
                out.push_str(&format!(" ({})", c.reason));
            }
            out.push('\n');
        }
        out.push_str(&self.datc_agreement_text());
        if verbose {
            out.push_str(&self.reasons_text(labels, true));
        }
        out
    }

    /// What the table's marks mean, and for which rulesets the DATC text speaks.
    fn table_head(&self, names: &[&str]) -> String {
        let has_text = self.case.is_some() && self.expectations.iter().any(Option::is_some);
        let mut out = format!(
            "Compared with {}: * marks a result that differs from {}'s{}.\n",
            self.base_name(),
            self.base_name(),
            if has_text {
                ", ! one the DATC text contradicts for that ruleset"
            } else {
                ""
            }
        );
        if has_text {
            let which: Vec<String> = (0..names.len())
                .filter(|&j| self.expectations[j].is_some())
                .map(|j| format!("{}: {}", names[j], self.expectation_label(j)))
                .collect();
            out.push_str(&format!(
                "Under each order, what the DATC text states (- where it states nothing); it speaks for {}.\n",
                which.join("; ")
            ));
        }
        out.push('\n');
        out
    }

    /// Cell `(i, j)` with its marks: `*` differs from the base, `!` the DATC text contradicts.
    fn mark(&self, i: usize, j: usize) -> String {
        let mut m = self.rows[i].cells[j].words.clone();
        if self.differs(i, j) {
            m.push('*');
        }
        if self.disagrees_with_datc(i, j) {
            m.push('!');
        }
        m
    }

    /// What the DATC text states for row `i` under each ruleset (`-`: nothing), when it
    /// states anything.
    fn stated_row(&self, i: usize) -> Option<Vec<String>> {
        let row = &self.rows[i];
        row.stated.iter().any(Option::is_some).then(|| {
            row.stated
                .iter()
                .map(|s| s.clone().unwrap_or_else(|| "-".into()))
                .collect()
        })
    }

    /// The table: one column per ruleset, one line per order (and one for what the DATC text
    /// states, when it does).
    fn table_text(&self, names: &[&str], labels: &[String]) -> String {
        let first_header = "the DATC text states";
        let w0 = labels
            .iter()
            .map(|s| s.chars().count())
            .chain([5, first_header.len() + 2])
            .max()
            .unwrap_or(5);
        let widths: Vec<usize> = (0..names.len())
            .map(|j| {
                let cells = (0..self.rows.len()).map(|i| self.mark(i, j).chars().count());
                let stated = (0..self.rows.len())
                    .filter_map(|i| self.stated_row(i).map(|s| s[j].chars().count()));
                cells
                    .chain(stated)
                    .chain([names[j].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |first: &str, cells: &[String]| {
            let mut l = format!("{first:<w0$}");
            for (c, w) in cells.iter().zip(&widths) {
                l.push_str(&format!("  {c:<w$}", w = *w));
            }
            format!("{}\n", l.trim_end())
        };
        let names_s: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        let mut out = line("order", &names_s);
        for (i, label) in labels.iter().enumerate() {
            let cells: Vec<String> = (0..names.len()).map(|j| self.mark(i, j)).collect();
            out.push_str(&line(label, &cells));
            if let Some(s) = self.stated_row(i) {
                out.push_str(&line(&format!("  {first_header}"), &s));
            }
        }
        out
    }

    /// Why each marked cell differs, the cells of one ruleset with the same explanation
    /// together.
    fn whys_text(&self, names: &[&str], labels: &[String]) -> String {
        let mut out = format!(
            "\nWhy the * cells differ from {}: the issue whose choice makes the difference, found by adjudicating the ruleset again with that one choice switched to {}'s (it then gives {}'s result):\n",
            self.base_name(),
            self.base_name(),
            self.base_name()
        );
        for (j, name) in names.iter().enumerate() {
            let mut groups: Vec<(String, Vec<String>)> = Vec::new();
            for (i, label) in labels.iter().enumerate() {
                let Some(why) = &self.whys[i][j] else {
                    continue;
                };
                let text = self.why_text(j, why);
                let cell = format!(
                    "{label}: {} ({}: {})",
                    self.rows[i].cells[j].words,
                    self.base_name(),
                    self.rows[i].cells[self.base].words
                );
                match groups.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, cells)) => cells.push(cell),
                    None => groups.push((text, vec![cell])),
                }
            }
            for (text, cells) in groups {
                out.push_str(&format!("  {name}: {text}\n"));
                for c in cells {
                    out.push_str(&format!("    {c}\n"));
                }
            }
        }
        out
    }

    /// The cells the DATC text contradicts, or that it agrees everywhere it speaks.
    fn datc_agreement_text(&self) -> String {
        if self.case.is_none() || self.expectations.iter().all(Option::is_none) {
            return String::new();
        }
        let mut lines = Vec::new();
        for (i, row) in self.rows.iter().enumerate() {
            for j in 0..self.rulesets.len() {
                if self.disagrees_with_datc(i, j) {
                    lines.push(format!(
                        "  ! {}: {}: {}: diplo says {}, the DATC text states {} ({})\n",
                        self.rulesets[j].name,
                        row.power,
                        row.order,
                        row.cells[j].words,
                        row.stated[j].as_deref().unwrap_or(""),
                        self.expectation_label(j)
                    ));
                }
            }
        }
        let errata = self
            .case
            .map(|c| {
                c.errata
                    .iter()
                    .map(|e| {
                        format!(
                            "  erratum: {}: {}: the document writes `{}`; its own definitions give `{}` (the corrected words count as what the text states; `diplo datc --case {}` gives the reasoning)\n",
                            e.power, e.order, e.document, e.corrected, c.id
                        )
                    })
                    .collect::<String>()
            })
            .unwrap_or_default();
        let stated_for: Vec<&str> = (0..self.rulesets.len())
            .filter(|&j| self.expectations[j].is_some())
            .map(|j| self.rulesets[j].name.as_str())
            .collect();
        if lines.is_empty() {
            format!(
                "\nThe DATC text agrees wherever it states a result (it states one for {}).\n{errata}",
                stated_for.join(", ")
            )
        } else {
            format!(
                "\nWhere the DATC text states something else:\n{}{errata}",
                lines.concat()
            )
        }
    }

    fn reasons_text(&self, labels: &[String], same: bool) -> String {
        let mut out = String::from("\nReasons:\n");
        for (i, label) in labels.iter().enumerate() {
            let row = &self.rows[i];
            if same || row.cells.iter().all(|c| c == &row.cells[0]) {
                if !row.cells[0].reason.is_empty() {
                    out.push_str(&format!(
                        "  {label}: every ruleset: {} ({})\n",
                        row.cells[0].words, row.cells[0].reason
                    ));
                }
                continue;
            }
            out.push_str(&format!("  {label}:\n"));
            for (j, c) in row.cells.iter().enumerate() {
                let reason = if c.reason.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", c.reason)
                };
                out.push_str(&format!(
                    "    {}: {}{reason}\n",
                    self.rulesets[j].name, c.words
                ));
            }
        }
        out
    }

    /// The JSON document of `diplo compare --format json`.
    pub fn json(&self) -> serde_json::Value {
        let names: Vec<&str> = self.rulesets.iter().map(|r| r.name.as_str()).collect();
        serde_json::json!({
            "case": self.case.map(|c| c.id.clone()),
            "title": self.title,
            "rulesets": names,
            "base": self.base_name(),
            "same_everywhere": self.same_everywhere(),
            "datc_text": self.case.map(|_| {
                (0..names.len())
                    .map(|j| {
                        let e = self.expectations[j].as_ref();
                        let v = serde_json::json!({
                            "expectation": e.map(|e| if e.alternative.is_some() { "alternative" } else { "main" }),
                            "when": e.and_then(|e| e.alternative).map(|a| &a.when),
                            "source": e.and_then(|e| e.alternative).map(|a| &a.source),
                        });
                        (names[j].to_string(), v)
                    })
                    .collect::<serde_json::Map<_, _>>()
            }),
            "errata": self.case.map(|c| &c.errata),
            "orders": self.rows.iter().enumerate().map(|(i, row)| serde_json::json!({
                "power": row.power,
                "order": row.order,
                "differs": (0..names.len()).any(|j| self.differs(i, j)),
                "results": (0..names.len()).map(|j| (names[j].to_string(), serde_json::Value::from(row.cells[j].words.clone()))).collect::<serde_json::Map<_, _>>(),
                "cells": (0..names.len()).map(|j| {
                    let why = self.whys[i][j].as_ref();
                    let v = serde_json::json!({
                        "result": row.cells[j].words,
                        "reason": row.cells[j].reason,
                        "differs_from_base": self.differs(i, j),
                        "issues": why.map(|w| w.alone.iter().map(|k| self.issue_json(j, k)).collect::<Vec<_>>()),
                        "issue_pairs": why.filter(|w| w.alone.is_empty()).map(|w| w.pairs.iter().map(|(a, b)| vec![self.issue_json(j, a), self.issue_json(j, b)]).collect::<Vec<_>>()),
                        "why": why.map(|w| self.why_text(j, w)),
                        "datc_text_states": row.stated[j],
                        "agrees_with_datc_text": row.stated[j].as_deref().map(|s| agrees(self.case, s, &row.cells[j].words)),
                    });
                    (names[j].to_string(), v)
                }).collect::<serde_json::Map<_, _>>(),
            })).collect::<Vec<_>>(),
            "footnotes": self.unresolved_footnote().into_iter().collect::<Vec<_>>(),
        })
    }

    fn issue_json(&self, j: usize, k: &str) -> serde_json::Value {
        serde_json::json!({
            "issue": k,
            "choice": self.rulesets[j].choice(k),
            "base_choice": self.rulesets[self.base].choice(k),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::Cell;
    use crate::{all_cases, main_result};

    #[test]
    fn a_cell_the_datc_text_contradicts_is_marked_and_listed() {
        let case = all_cases().into_iter().find(|c| c.id == "6.D.4").unwrap();
        let rulesets = vec![Ruleset::load("1971").unwrap(), Ruleset::datc()];
        let cell = |w: &str| Cell {
            words: w.into(),
            reason: String::new(),
        };
        // Pretend 1971 said `given` where the (corrected) text states `cut`.
        let rows: Vec<Row> = case
            .orders
            .iter()
            .enumerate()
            .map(|(i, o)| Row {
                power: o.power.clone(),
                order: o.order.clone(),
                cells: if i == 0 {
                    vec![cell("given"), cell("cut")]
                } else {
                    vec![cell(&o.result), cell(&o.result)]
                },
                stated: vec![
                    Some(main_result(&case, o).to_string()),
                    Some(main_result(&case, o).to_string()),
                ],
            })
            .collect();
        let expectations: Vec<Option<Expectation>> =
            rulesets.iter().map(|r| case.expectation_for(r)).collect();
        let whys = vec![vec![None; 2]; rows.len()];
        let report = Report {
            title: "t".into(),
            case: Some(&case),
            rulesets: &rulesets,
            base: 1,
            rows: &rows,
            whys: &whys,
            expectations: &expectations,
        };
        let text = report.text(false);
        assert!(text.contains("given*!"), "{text}");
        assert!(
            text.contains("! 1971: Germany: A Berlin Supports F Kiel: diplo says given, the DATC text states cut"),
            "{text}"
        );
        assert_eq!(
            report.json()["orders"][0]["cells"]["1971"]["agrees_with_datc_text"],
            false
        );
    }
}
