//! `diplo rulesets`: list, show and compare ruleset profiles.

use std::process::ExitCode;

use clap::Subcommand;
use diplo_rules::{Ruleset, EMBEDDED_RULESETS, ISSUES};

use crate::common::{load_ruleset, print};

/// `diplo rulesets` subcommands.
#[derive(Subcommand, Debug)]
pub enum RulesetsCommand {
    /// List the embedded rulesets.
    List,
    /// Show every issue of a ruleset, its choice and what it means.
    Show {
        /// An embedded name (`1982`) or a path.
        name: String,
        /// Override one issue first: `--set convoy_paradox=szykman` (repeatable).
        #[arg(long = "set", value_name = "ISSUE=CHOICE")]
        sets: Vec<String>,
    },
    /// The issues where two rulesets choose differently.
    Diff {
        /// First ruleset (name or path).
        a: String,
        /// Second ruleset (name or path).
        b: String,
    },
    /// Every issue with all its choices.
    Issues,
}

/// Runs `diplo rulesets`.
pub fn run(cmd: RulesetsCommand) -> ExitCode {
    match cmd {
        RulesetsCommand::List => {
            let mut out = String::new();
            for (name, _) in EMBEDDED_RULESETS {
                match Ruleset::load(name) {
                    Ok(r) => out.push_str(&format!("{name:<10} {}\n", r.description)),
                    Err(e) => out.push_str(&format!("{name:<10} (invalid: {e})\n")),
                }
            }
            print(&out);
            ExitCode::SUCCESS
        }
        RulesetsCommand::Show { name, sets } => {
            let r = match load_ruleset(&name, &sets) {
                Ok(r) => r,
                Err(c) => return c,
            };
            let mut out = format!("{}: {}\n", r.name, r.description);
            for i in ISSUES {
                let choice = r.choice(i.key).unwrap_or("?");
                let meaning = i
                    .choices()
                    .into_iter()
                    .find(|(c, _)| *c == choice)
                    .map(|(_, m)| m)
                    .unwrap_or("");
                out.push_str(&format!(
                    "{:<6} {:<28} = {:<22} {meaning}\n",
                    i.datc, i.key, choice
                ));
            }
            print(&out);
            ExitCode::SUCCESS
        }
        RulesetsCommand::Diff { a, b } => {
            let (ra, rb) = match (load_ruleset(&a, &[]), load_ruleset(&b, &[])) {
                (Ok(x), Ok(y)) => (x, y),
                (Err(c), _) | (_, Err(c)) => return c,
            };
            let diff = ra.diff(&rb);
            let mut out = format!("{} vs {}: {} issues differ\n", ra.name, rb.name, diff.len());
            for (i, x, y) in diff {
                out.push_str(&format!(
                    "{:<6} {:<28} {:<20} {:<20} ({})\n",
                    i.datc, i.key, x, y, i.title
                ));
            }
            print(&out);
            ExitCode::SUCCESS
        }
        RulesetsCommand::Issues => {
            let mut out = String::new();
            for i in ISSUES {
                out.push_str(&format!(
                    "{} {} ({}){}\n",
                    i.datc,
                    i.key,
                    i.title,
                    if i.adjudication {
                        ""
                    } else {
                        " [game hosting]"
                    }
                ));
                for (c, m) in i.choices() {
                    out.push_str(&format!("    {c:<22} {m}\n"));
                }
            }
            print(&out);
            ExitCode::SUCCESS
        }
    }
}
