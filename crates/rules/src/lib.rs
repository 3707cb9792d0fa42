//! Ruleset profiles and one pluggable policy per DATC disputable issue.
//!
//! A [`Ruleset`] holds one choice for every disputable issue of the DATC (chapter 4) and for the
//! variant rules. Most issues are a trait in [`policies`] with an `enum_dispatch` enum of its
//! choices, whose methods the engine calls; the rest are plain enums ([`policies`] says which
//! and why). Nothing asks which rulebook is in force. Rulesets are TOML files
//! (`rulesets/*.toml`), embedded in the binary by name, with `extends` inheritance and per-run
//! `key=value` overrides.

pub mod distance;
pub mod policies;
mod ruleset;

pub use ruleset::{IssueInfo, Ruleset, RulesetError, EMBEDDED_RULESETS, ISSUES};

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
