//! Errata: where a DATC case's result words contradict the document's own definitions.
//!
//! The transcription of a case stays exactly as the document writes it. A case may carry
//! `[[case.erratum]]` entries, like a standards body's errata sheet: the order, the document's
//! words, the corrected words, and the reasoning with the passages it rests on. The runner
//! checks the corrected words instead of the document's for the main expectation, and refuses
//! an erratum whose document words no longer match the transcription or whose corrected words
//! equal them.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::{normalize, Case, CaseOrder, Expectation};

/// One correction of one order's result words.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    /// The power of the order, as in the case's `orders`.
    pub power: String,
    /// The order exactly as in the case's `orders`.
    pub order: String,
    /// The result words the document writes (must equal the transcription).
    pub document: String,
    /// The result words the document's own definitions give.
    pub corrected: String,
    /// Why, in a few sentences.
    pub reasoning: String,
    /// The passages the reasoning rests on, each with its document and section, quoted.
    pub passages: Vec<String>,
}

impl Erratum {
    /// `Germany: A Berlin Supports F Kiel: given -> cut`.
    pub fn summary(&self) -> String {
        format!(
            "{}: {}: the document writes `{}`, corrected to `{}`",
            self.power, self.order, self.document, self.corrected
        )
    }
}

/// Checks every erratum of a case against its transcription: the order exists, the document
/// words are still the transcribed ones, the corrected words differ from them, and the
/// reasoning and passages are given.
pub fn check_errata(case: &Case) -> Result<(), String> {
    for e in &case.errata {
        let matching: Vec<&CaseOrder> = case
            .orders
            .iter()
            .filter(|o| o.power == e.power && o.order == e.order)
            .collect();
        let [o] = matching[..] else {
            return Err(format!(
                "{}: erratum for `{}: {}`, which is {} the case's orders",
                case.id,
                e.power,
                e.order,
                if matching.is_empty() {
                    "not among"
                } else {
                    "ambiguous among"
                }
            ));
        };
        if normalize(&o.result) != normalize(&e.document) {
            return Err(format!(
                "{}: erratum for `{}: {}` says the document writes `{}`, but the transcription has `{}`",
                case.id, e.power, e.order, e.document, o.result
            ));
        }
        if normalize(&e.corrected) == normalize(&e.document) {
            return Err(format!(
                "{}: erratum for `{}: {}` corrects `{}` to the same words",
                case.id, e.power, e.order, e.document
            ));
        }
        if e.reasoning.trim().is_empty() || e.passages.is_empty() {
            return Err(format!(
                "{}: erratum for `{}: {}` needs its reasoning and the passages it rests on",
                case.id, e.power, e.order
            ));
        }
    }
    Ok(())
}

/// The orders an expectation checks, with the case's errata applied when it is the main
/// expectation (alternatives are transcribed from the text's own sentences and stay as they are).
pub(crate) fn corrected_orders<'a>(case: &Case, exp: &Expectation<'a>) -> Cow<'a, [CaseOrder]> {
    if exp.alternative.is_some() || case.errata.is_empty() {
        return Cow::Borrowed(exp.orders);
    }
    let mut orders = exp.orders.to_vec();
    for e in &case.errata {
        if let Some(o) = orders
            .iter_mut()
            .find(|o| o.power == e.power && o.order == e.order)
        {
            o.result = e.corrected.clone();
        }
    }
    Cow::Owned(orders)
}

/// The words a case expects for one of its orders under its main expectation: the corrected
/// words where an erratum applies, else the document's.
pub fn main_result<'a>(case: &'a Case, order: &'a CaseOrder) -> &'a str {
    case.errata
        .iter()
        .find(|e| e.power == order.power && e.order == order.order)
        .map_or(order.result.as_str(), |e| e.corrected.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{all_cases, run_case};

    fn case_with(id: &str, edit: impl Fn(&mut Erratum)) -> Case {
        let mut case = all_cases().into_iter().find(|c| c.id == id).unwrap();
        edit(&mut case.errata[0]);
        case
    }

    #[test]
    fn the_five_cases_pass_under_their_errata() {
        let map = diplo_map::Map::standard();
        let rules = diplo_rules::Ruleset::datc();
        for id in ["6.D.4", "6.D.8", "6.F.21", "6.F.28", "6.H.15"] {
            let case = all_cases().into_iter().find(|c| c.id == id).unwrap();
            assert!(!case.errata.is_empty(), "{id} has no erratum");
            let report = run_case(&map, &rules, &case);
            assert!(report.agrees(), "{id}: {report:?}");
            assert_eq!(report.errata, case.errata);
        }
    }

    #[test]
    fn an_erratum_whose_document_words_changed_fails_the_case() {
        let case = case_with("6.D.4", |e| e.document = "cut".into());
        let report = run_case(
            &diplo_map::Map::standard(),
            &diplo_rules::Ruleset::datc(),
            &case,
        );
        let err = report.error.expect("an error");
        assert!(err.contains("the transcription has `given`"), "{err}");
        assert!(case.validate().is_err());
    }

    #[test]
    fn an_erratum_that_corrects_nothing_fails_the_case() {
        let case = case_with("6.H.15", |e| e.corrected = "Dislodged".into());
        let err = check_errata(&case).unwrap_err();
        assert!(err.contains("to the same words"), "{err}");
        let report = run_case(
            &diplo_map::Map::standard(),
            &diplo_rules::Ruleset::datc(),
            &case,
        );
        assert!(report.error.is_some());
    }

    #[test]
    fn an_erratum_for_an_unknown_order_or_without_reasoning_is_refused() {
        let case = case_with("6.D.8", |e| e.order = "A Greece - Rome".into());
        assert!(check_errata(&case).unwrap_err().contains("not among"));
        let case = case_with("6.D.8", |e| e.passages.clear());
        assert!(check_errata(&case).unwrap_err().contains("passages"));
    }

    #[test]
    fn without_its_erratum_the_case_fails_on_the_document_words() {
        let mut case = all_cases().into_iter().find(|c| c.id == "6.F.21").unwrap();
        case.errata.clear();
        let report = run_case(
            &diplo_map::Map::standard(),
            &diplo_rules::Ruleset::datc(),
            &case,
        );
        assert_eq!(report.mismatches.len(), 1, "{report:?}");
        assert_eq!(report.mismatches[0].expected, "cut");
    }
}
