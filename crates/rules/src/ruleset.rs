//! Ruleset profiles: one choice per disputable issue, loaded from TOML.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use strum::{EnumMessage, IntoEnumIterator};
use toml::Spanned;

use crate::policies::*;

/// Rulesets shipped inside the binary, by name.
pub const EMBEDDED_RULESETS: &[(&str, &str)] = &[
    ("datc", include_str!("../../../rulesets/datc.toml")),
    ("1971", include_str!("../../../rulesets/1971.toml")),
    ("1982", include_str!("../../../rulesets/1982.toml")),
    ("2000", include_str!("../../../rulesets/2000.toml")),
    ("2023", include_str!("../../../rulesets/2023.toml")),
    ("2025ee", include_str!("../../../rulesets/2025ee.toml")),
    ("datc-2.4", include_str!("../../../rulesets/datc-2.4.toml")),
    ("dptg", include_str!("../../../rulesets/dptg.toml")),
    (
        "droidippy",
        include_str!("../../../rulesets/droidippy.toml"),
    ),
    (
        "alexander",
        include_str!("../../../rulesets/alexander.toml"),
    ),
    ("mila", include_str!("../../../rulesets/mila.toml")),
    (
        "webdiplomacy",
        include_str!("../../../rulesets/webdiplomacy.toml"),
    ),
];

/// One disputable issue as a ruleset file names it.
#[derive(Clone, Copy, Debug)]
pub struct IssueInfo {
    /// The key in a ruleset file: `convoy_paradox`.
    pub key: &'static str,
    /// The DATC 3.2 section: `4.A.2`.
    pub datc: &'static str,
    /// The DATC's title of the issue.
    pub title: &'static str,
    /// Whether the engine consults it during adjudication (false: a game-hosting rule).
    pub adjudication: bool,
    choices: fn() -> Vec<(&'static str, &'static str)>,
}

impl IssueInfo {
    /// The valid values and what each means.
    pub fn choices(&self) -> Vec<(&'static str, &'static str)> {
        (self.choices)()
    }
}

fn choices_of<T>() -> Vec<(&'static str, &'static str)>
where
    T: IntoEnumIterator + EnumMessage + Into<&'static str>,
{
    T::iter()
        .map(|c| {
            let msg = c.get_message().unwrap_or("");
            (c.into(), msg)
        })
        .collect()
}

macro_rules! ruleset {
    ($( $(#[$doc:meta])* $field:ident : $Ty:ty = $key:literal, $id:literal, $adj:literal, $title:literal; )*) => {
        /// A complete ruleset: one choice for every disputable issue.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Ruleset {
            /// The profile's name (`datc`, `2023`, or the file's name).
            pub name: String,
            /// One line saying what the profile is.
            pub description: String,
            $( $(#[$doc])* pub $field: $Ty, )*
        }

        /// Every issue a ruleset sets, in DATC order.
        pub static ISSUES: &[IssueInfo] = &[
            $( IssueInfo { key: $key, datc: $id, title: $title, adjudication: $adj, choices: choices_of::<$Ty> }, )*
        ];

        #[derive(Default)]
        struct Partial {
            $( $field: Option<$Ty>, )*
        }

        impl Partial {
            fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
                match key {
                    $( $key => {
                        self.$field = Some(value.parse::<$Ty>().map_err(|_| bad_value(key, value))?);
                        Ok(())
                    } )*
                    _ => Err(unknown_key(key)),
                }
            }

            fn finish(self, name: String, description: String) -> Result<Ruleset, Vec<&'static str>> {
                let mut missing = Vec::new();
                $( if self.$field.is_none() { missing.push($key); } )*
                if !missing.is_empty() {
                    return Err(missing);
                }
                Ok(Ruleset { name, description, $( $field: self.$field.unwrap(), )* })
            }

            fn from_ruleset(r: &Ruleset) -> Partial {
                Partial { $( $field: Some(r.$field), )* }
            }
        }

        impl Ruleset {
            /// The choice made for an issue, by key (`convoy_paradox` gives `szykman`).
            pub fn choice(&self, key: &str) -> Option<&'static str> {
                match key {
                    $( $key => Some(self.$field.into()), )*
                    _ => None,
                }
            }
        }
    };
}

ruleset! {
    /// 4.A.1 multi-route convoy disruption.
    multi_route_disruption: MultiRoute = "multi_route_disruption", "4.A.1", true, "Multi-route convoy disruption";
    /// 4.A.2 convoy paradoxes.
    convoy_paradox: Paradox = "convoy_paradox", "4.A.2", true, "Convoy paradoxes";
    /// 4.A.2 what a host wants when the paradox rule gives no answer.
    paradox_fallback: ParadoxFallback = "paradox_fallback", "4.A.2", true, "Convoy paradoxes: fallback when the rule gives no resolution";
    /// 4.A.3 convoying to an adjacent province.
    convoy_to_adjacent: AdjacentConvoy = "convoy_to_adjacent", "4.A.3", true, "Convoying to adjacent province";
    /// 4.A.4 the origin of a convoyed attack.
    convoyed_attack_origin: AttackOrigin = "convoyed_attack_origin", "4.A.4", true, "The origin of the convoyed attack";
    /// 4.A.5 retreat when dislodged by a convoy.
    retreat_after_convoy: ConvoyRetreat = "retreat_after_convoy", "4.A.5", true, "Retreat when dislodged by convoy";
    /// 4.A.6 convoy path specification.
    convoy_path: ConvoyPath = "convoy_path", "4.A.6", true, "Convoy path specification";
    /// 4.A.7 a dislodged unit bouncing a third unit.
    dislodged_unit_bounce: DislodgedBounce = "dislodged_unit_bounce", "4.A.7", true, "Avoiding a head-to-head battle to bounce a unit";
    /// 4.B.1 omitted coast, two coasts possible.
    omitted_coast_two_possible: OmittedCoastTwoPossible = "omitted_coast_two_possible", "4.B.1", true, "Omitted coast specification in move order when two coasts are possible";
    /// 4.B.2 omitted coast, one coast possible.
    omitted_coast_one_possible: OmittedCoastOnePossible = "omitted_coast_one_possible", "4.B.2", true, "Omitted coast specification in move order when one coast is possible";
    /// 4.B.3 move order to an impossible coast.
    impossible_coast: MoveToImpossibleCoast = "impossible_coast", "4.B.3", true, "Move order to impossible coast";
    /// 4.B.4 coast specification in a support order.
    support_coast: SupportCoast = "support_coast", "4.B.4", true, "Coast specification in support order";
    /// 4.B.5 wrong coast where none is required.
    wrong_coast: WrongCoast = "wrong_coast", "4.B.5", true, "Wrong coast when it is not required";
    /// 4.B.6 unknown or irrelevant coasts.
    unknown_coast: UnknownCoast = "unknown_coast", "4.B.6", true, "Unknown coasts or irrelevant coasts";
    /// 4.B.7 coast specification in a build order.
    build_coast: BuildCoast = "build_coast", "4.B.7", true, "Coast specification in build order";
    /// 4.C.1 missing unit designation.
    missing_unit_type: MissingUnitType = "missing_unit_type", "4.C.1", true, "Missing unit designation";
    /// 4.C.2 wrong unit designation.
    wrong_unit_type: WrongUnitType = "wrong_unit_type", "4.C.2", true, "Wrong unit designation";
    /// 4.C.3 missing unit designation in a build order.
    build_unit_type: BuildUnitType = "build_unit_type", "4.C.3", true, "Missing unit designation in build order";
    /// 4.C.4 building a fleet in an inland province.
    inland_fleet_build: InlandFleet = "inland_fleet_build", "4.C.4", true, "Building a fleet on an inland province";
    /// 4.C.5 missing nationality in a support order.
    missing_nationality: MissingNationality = "missing_nationality", "4.C.5", true, "Missing nationality in support order";
    /// 4.C.6 wrong nationality in a support order.
    wrong_nationality: WrongNationality = "wrong_nationality", "4.C.6", true, "Wrong nationality in support order";
    /// 4.D.1 several order sets in a defined order.
    order_sets_defined: OrderSetsDefined = "order_sets_defined", "4.D.1", false, "Multiple order sets with defined order";
    /// 4.D.2 several order sets in no defined order.
    order_sets_undefined: OrderSetsUndefined = "order_sets_undefined", "4.D.2", false, "Multiple order sets with undefined order";
    /// 4.D.3 several orders to the same unit.
    multiple_orders: MultipleOrders = "multiple_orders", "4.D.3", true, "Multiple orders to the same unit";
    /// 4.D.4 too many build orders.
    too_many_builds: TooManyBuilds = "too_many_builds", "4.D.4", true, "Too many build orders";
    /// 4.D.5 several builds in one province.
    double_build: DoubleBuild = "double_build", "4.D.5", true, "Multiple build orders for one province";
    /// 4.D.6 too many disband orders.
    too_many_disbands: TooManyDisbands = "too_many_disbands", "4.D.6", true, "Too many disband orders";
    /// 4.D.7 declining builds.
    declining_builds: DeclineBuilds = "declining_builds", "4.D.7", true, "Declining builds";
    /// 4.D.8 removing units in civil disorder.
    civil_disorder: CivilDisorder = "civil_disorder", "4.D.8", true, "Removing a unit in civil disorder";
    /// 4.D.9 hold support for a power in civil disorder.
    civil_disorder_hold_support: CivilDisorderSupport = "civil_disorder_hold_support", "4.D.9", true, "Receiving hold support in civil disorder";
    /// 4.E.1 illegal orders.
    illegal_orders: IllegalOrders = "illegal_orders", "4.E.1", true, "Illegal orders";
    /// 4.E.3 implicit orders.
    implicit_orders: ImplicitOrders = "implicit_orders", "4.E.3", true, "Implicit orders";
    /// 4.E.4 perpetual orders.
    perpetual_orders: PerpetualOrders = "perpetual_orders", "4.E.4", false, "Perpetual orders";
    /// 4.E.5 proxy orders.
    proxy_orders: ProxyOrders = "proxy_orders", "4.E.5", false, "Proxy orders";
    /// When the adjustment phase is held (no DATC issue).
    adjustment_phase: AdjustmentPhase = "adjustment_phase", "-", true, "When an adjustment phase is held";
    /// Where powers build: the map's rule or a house rule over it (variants).
    builds: Builds = "builds", "-", true, "Where powers may build (variant rule; DATC 2.4 chapters 11 and 12)";
    /// Converting units during adjustments (the 2025 Era of Empire rules).
    unit_conversion: UnitConversion = "unit_conversion", "-", true, "Converting a unit into the other kind during adjustments (variant rule; Era of Empire)";
    /// DATC 2.4 7.B.4: an own army moving into a place on the railroad.
    railroad_bounce_own: RailroadBounceOwn = "railroad_bounce_own", "2.4 7.B", true, "A railroad move bounces on an own army moving in (variant rule)";
    /// DATC 2.4 7.B.3, 7.B.9: passing through an own army.
    railroad_pass_own: RailroadPassOwn = "railroad_pass_own", "2.4 7.B", true, "A railroad move passes through an own army (variant rule)";
    /// DATC 2.4 7.B.15: support for a railroad move.
    railroad_support: RailroadSupport = "railroad_support", "2.4 7.B", true, "Support for a railroad move (variant rule)";
    /// DATC 2.4 7.B.14: a railroad move and support cutting.
    railroad_cut: RailroadCut = "railroad_cut", "2.4 7.B", true, "A railroad move cutting support (variant rule)";
    /// DATC 2.4 7.B.26-7.B.29: a railroad move meeting a unit coming the other way.
    railroad_head_to_head: RailroadHeadToHead = "railroad_head_to_head", "2.4 7.B", true, "A railroad move in a head-to-head battle (variant rule)";
    /// DATC 2.4 7.B.23-7.B.25, 7.B.31: paradoxes with a railroad move.
    railroad_paradox: RailroadParadox = "railroad_paradox", "2.4 7.B", true, "Paradoxes with a railroad move (variant rule)";
    /// DATC 2.4 7.B.32: railroads in retreats.
    railroad_retreat: RailroadRetreat = "railroad_retreat", "2.4 7.B", true, "Retreating by railroad (variant rule)";
    /// DATC 2.4 7.B.33: two railroad moves in one turn.
    railroad_two_units: RailroadTwoUnits = "railroad_two_units", "2.4 7.B", true, "Two railroad moves in one turn (variant rule)";
    /// DATC 2.4 7.C.4-7.C.6: who gets the canal permission.
    canal_permission: CanalPermission = "canal_permission", "2.4 7.C", true, "Permission to pass a canal (variant rule)";
    /// DATC 2.4 7.C.8-7.C.12: paradoxes with a canal move.
    canal_paradox: CanalParadox = "canal_paradox", "2.4 7.C", true, "Paradoxes with a canal move (variant rule)";
    /// DATC 2.4 7.C.13, 7.C.14, 7.D: railroad, canal and convoy paradox rules together.
    variant_paradox: VariantParadox = "variant_paradox", "2.4 7.D", true, "Railroad, canal and convoy paradox rules combined (variant rule)";
    /// 1900 rule 7 (Suez): what a half-strength border halves.
    half_strength: HalfStrength = "half_strength", "-", true, "What half strength halves over a half-strength border (variant rule; 1900's Suez)";
    /// 1900 rule 7 (Suez): an army convoyed over a half-strength border and support cutting.
    half_strength_convoy_cut: HalfStrengthConvoyCut = "half_strength_convoy_cut", "-", true, "A convoyed army landing over a half-strength border cutting support (variant rule; 1900's Suez)";
    /// DATC 3.2 5.B.9: a cycle that is neither circular movement nor a convoy paradox.
    other_cycles: OtherCycles = "other_cycles", "5.B.9", true, "Cycles that are neither circular movement nor a convoy paradox (variants)";
}

fn issue(key: &str) -> Option<&'static IssueInfo> {
    ISSUES.iter().find(|i| i.key == key)
}

fn unknown_key(key: &str) -> String {
    let keys: Vec<&str> = ISSUES.iter().map(|i| i.key).collect();
    format!(
        "unknown issue `{key}`{}: expected `name`, `description`, `extends` or one of {}",
        diplo_map::suggest::hint(key, keys.iter().copied()),
        keys.join(", ")
    )
}

fn bad_value(key: &str, value: &str) -> String {
    let valid: Vec<String> = issue(key)
        .map(|i| {
            i.choices()
                .into_iter()
                .map(|(c, _)| format!("\"{c}\""))
                .collect()
        })
        .unwrap_or_default();
    let words: Vec<&str> = valid.iter().map(|v| v.trim_matches('"')).collect();
    format!(
        "unknown choice \"{value}\" for `{key}`{}: expected one of {}",
        diplo_map::suggest::hint(value, words.iter().copied()),
        valid.join(", ")
    )
}

/// A ruleset that cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetError {
    /// The file (or `embedded:NAME`).
    pub file: String,
    /// 1-based line, 0 when not known.
    pub line: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = diplo_map::one_line(&self.message);
        if self.line > 0 {
            write!(f, "{}:{}: {message}", self.file, self.line)
        } else {
            write!(f, "{}: {message}", self.file)
        }
    }
}

impl std::error::Error for RulesetError {}

enum Source {
    Embedded(&'static str, &'static str),
    File(PathBuf, String),
}

impl Source {
    fn label(&self) -> String {
        match self {
            Source::Embedded(name, _) => format!("embedded:{name}"),
            Source::File(p, _) => p.display().to_string(),
        }
    }
    fn text(&self) -> &str {
        match self {
            Source::Embedded(_, t) => t,
            Source::File(_, t) => t,
        }
    }
}

fn find(name_or_path: &str, relative_to: Option<&Path>) -> Result<Source, RulesetError> {
    if let Some((name, text)) = EMBEDDED_RULESETS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name_or_path))
    {
        return Ok(Source::Embedded(name, text));
    }
    let mut path = PathBuf::from(name_or_path);
    if path.is_relative() {
        if let Some(dir) = relative_to {
            let candidate = dir.join(&path);
            if candidate.exists() {
                path = candidate;
            }
        }
    }
    match diplo_map::limits::read_file(&path) {
        Ok(text) => Ok(Source::File(path, text)),
        Err(e) => {
            let names: Vec<&str> = EMBEDDED_RULESETS.iter().map(|(n, _)| *n).collect();
            Err(RulesetError {
                file: name_or_path.to_string(),
                line: 0,
                message: format!(
                    "no embedded ruleset of that name (embedded: {}) and the file cannot be read: {e}",
                    names.join(", ")
                ),
            })
        }
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    diplo_map::line_col(text, offset).0
}

fn key_line(text: &str, key: &str) -> usize {
    text.lines()
        .position(|l| {
            let t = l.trim_start();
            t.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(0, |i| i + 1)
}

impl Ruleset {
    /// Loads a ruleset by embedded name (`datc`) or by path, resolving `extends`.
    pub fn load(name_or_path: &str) -> Result<Ruleset, RulesetError> {
        let source = find(name_or_path, None)?;
        let mut chain = Vec::new();
        let (partial, name, description) = load_partial(source, &mut chain)?;
        let label = chain.first().cloned().unwrap_or_default();
        partial
            .finish(name, description)
            .map_err(|missing| RulesetError {
                file: label,
                line: 0,
                message: format!(
                    "no choice for {} (set it, or extend a complete profile)",
                    missing.join(", ")
                ),
            })
    }

    /// Parses a ruleset from TOML text; `file` names it in errors. `extends` is resolved
    /// against the embedded rulesets and the current directory.
    pub fn from_toml_str(text: &str, file: &str) -> Result<Ruleset, RulesetError> {
        let mut chain = Vec::new();
        let src = Source::File(PathBuf::from(file), text.to_string());
        let (partial, name, description) = load_partial(src, &mut chain)?;
        partial
            .finish(name, description)
            .map_err(|missing| RulesetError {
                file: file.to_string(),
                line: 0,
                message: format!(
                    "no choice for {} (set it, or extend a complete profile)",
                    missing.join(", ")
                ),
            })
    }

    /// The DATC 3.2 preferences (the default ruleset).
    pub fn datc() -> Ruleset {
        Ruleset::load("datc").expect("the embedded DATC ruleset is complete")
    }

    /// Overrides one issue: `set("convoy_paradox", "szykman")`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let mut p = Partial::from_ruleset(self);
        p.set(key, value)?;
        *self = p
            .finish(self.name.clone(), self.description.clone())
            .expect("complete");
        Ok(())
    }

    /// Applies a `key=value` override as given on the command line.
    pub fn apply_override(&mut self, text: &str) -> Result<(), String> {
        let (k, v) = text.split_once('=').ok_or_else(|| {
            format!("override `{text}`: expected `issue=choice`, e.g. `convoy_paradox=szykman`")
        })?;
        self.set(k.trim().replace('-', "_").as_str(), v.trim())
    }

    /// The issues where two rulesets choose differently.
    pub fn diff(&self, other: &Ruleset) -> Vec<(&'static IssueInfo, &'static str, &'static str)> {
        ISSUES
            .iter()
            .filter_map(|i| {
                let a = self.choice(i.key)?;
                let b = other.choice(i.key)?;
                (a != b).then_some((i, a, b))
            })
            .collect()
    }
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::datc()
    }
}

fn load_partial(
    source: Source,
    chain: &mut Vec<String>,
) -> Result<(Partial, String, String), RulesetError> {
    let label = source.label();
    if chain.contains(&label) {
        return Err(RulesetError {
            file: label.clone(),
            line: 0,
            message: format!("`extends` forms a cycle: {} -> {label}", chain.join(" -> ")),
        });
    }
    chain.push(label.clone());
    let text = source.text();
    let table: BTreeMap<String, Spanned<toml::Value>> = toml::from_str(text).map_err(|e| {
        let (at, message) = diplo_map::toml_error(&e, text);
        RulesetError {
            file: label.clone(),
            line: e.span().map_or(0, |_| line_of(text, at)),
            message,
        }
    })?;
    let err = |line: usize, message: String| RulesetError {
        file: label.clone(),
        line,
        message,
    };
    let str_of = |key: &str, v: &Spanned<toml::Value>| -> Result<String, RulesetError> {
        v.get_ref().as_str().map(str::to_string).ok_or_else(|| {
            err(
                line_of(text, v.span().start),
                format!("`{key}` must be a string"),
            )
        })
    };
    let mut partial = Partial::default();
    let mut name = match &source {
        Source::Embedded(n, _) => n.to_string(),
        Source::File(p, _) => p
            .file_stem()
            .map_or_else(|| "ruleset".into(), |s| s.to_string_lossy().into_owned()),
    };
    let mut description = String::new();
    if let Some(parent) = table.get("extends") {
        let parent_name = str_of("extends", parent)?;
        let dir = match &source {
            Source::File(p, _) => p.parent().map(Path::to_path_buf),
            Source::Embedded(..) => None,
        };
        let parent_src = find(&parent_name, dir.as_deref()).map_err(|e| {
            err(
                line_of(text, parent.span().start),
                format!("`extends = \"{parent_name}\"`: {}", e.message),
            )
        })?;
        let (p, _, d) = load_partial(parent_src, chain)?;
        partial = p;
        description = d;
    }
    // Every bad key or choice is reported, not only the first.
    let mut errors: Vec<RulesetError> = Vec::new();
    for (key, value) in &table {
        let r = match key.as_str() {
            "extends" => Ok(()),
            "name" => str_of(key, value).map(|v| name = v),
            "description" => str_of(key, value).map(|v| description = v),
            _ => str_of(key, value).and_then(|v| {
                partial.set(key, &v).map_err(|m| {
                    let line = if issue(key).is_some() {
                        line_of(text, value.span().start)
                    } else {
                        key_line(text, key)
                    };
                    err(line, m)
                })
            }),
        };
        if let Err(e) = r {
            errors.push(e);
        }
    }
    errors.sort_by_key(|e| e.line);
    let mut errors = errors.into_iter();
    if let Some(mut first) = errors.next() {
        for e in errors {
            first.message.push_str(&format!("\n{e}"));
        }
        return Err(first);
    }
    Ok((partial, name, description))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_or_a_lone_cr_in_a_comment_is_named() {
        let err = Ruleset::from_toml_str("extends = \"2023\"\n# x \0\n", "house.toml")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("house.toml:2: a NUL byte: TOML allows none"),
            "{err}"
        );
        let err = Ruleset::from_toml_str("# x \r y\nextends = \"2023\"\n", "house.toml")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("house.toml:1: a carriage return (CR) without a line feed"),
            "{err}"
        );
    }

    #[test]
    fn datc_profile_is_complete() {
        let r = Ruleset::datc();
        assert_eq!(r.choice("convoy_paradox"), Some("szykman"));
        assert_eq!(r.choice("convoy_to_adjacent"), Some("2025ee"));
        assert_eq!(r.choice("civil_disorder"), Some("2023"));
    }

    #[test]
    fn every_issue_lists_its_choices_by_their_file_words() {
        for i in ISSUES {
            let choices = i.choices();
            assert!(!choices.is_empty(), "{}", i.key);
            for (word, msg) in choices {
                assert!(!msg.is_empty(), "{} {word} has no description", i.key);
                assert!(
                    word.chars().all(|c| c.is_ascii_lowercase()
                        || c.is_ascii_digit()
                        || c == '-'
                        || c == '.'),
                    "{word}"
                );
            }
        }
    }

    #[test]
    fn house_rule_file_extends_and_overrides() {
        let r = Ruleset::from_toml_str(
            "extends = \"datc\"\nname = \"house\"\nwrong_coast = \"illegal\"\n",
            "house.toml",
        )
        .unwrap();
        assert_eq!(r.name, "house");
        assert_eq!(r.choice("wrong_coast"), Some("illegal"));
        assert_eq!(r.diff(&Ruleset::datc()).len(), 1);
    }

    #[test]
    fn every_bad_key_and_choice_is_reported_with_the_nearest_valid_one() {
        let e = Ruleset::from_toml_str(
            "extends = \"datc\"\nwrong_coats = \"illegal\"\nconvoy_paradox = \"szykmann\"\n",
            "h.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("h.toml:2: unknown issue `wrong_coats` (did you mean `wrong_coast`?)"),
            "{e}"
        );
        assert!(
            e.contains("h.toml:3: unknown choice \"szykmann\" for `convoy_paradox` (did you mean `szykman`?)"),
            "{e}"
        );
    }

    #[test]
    fn unknown_key_and_value_are_located_and_list_valid_ones() {
        let e = Ruleset::from_toml_str(
            "extends = \"datc\"\n\nwrong_coats = \"illegal\"\n",
            "h.toml",
        )
        .unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.message.contains("wrong_coast"), "{e}");
        let e = Ruleset::from_toml_str("extends = \"datc\"\nwrong_coast = \"maybe\"\n", "h.toml")
            .unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.contains("\"ignored\", \"illegal\""), "{e}");
    }

    #[test]
    fn incomplete_profile_is_an_error() {
        let e = Ruleset::from_toml_str("wrong_coast = \"illegal\"\n", "h.toml").unwrap_err();
        assert!(e.message.contains("convoy_paradox"), "{e}");
    }

    #[test]
    fn overrides() {
        let mut r = Ruleset::datc();
        r.apply_override("wrong-coast=illegal").unwrap();
        assert_eq!(r.choice("wrong_coast"), Some("illegal"));
        assert!(r.apply_override("wrong_coast").is_err());
        assert!(r
            .apply_override("nonsense=1")
            .unwrap_err()
            .contains("unknown issue"));
    }
}
