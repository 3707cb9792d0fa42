//! One line of a MILA map by its keyword, and the lines about places: name lines
//! (`Full Name = abr aliases...`), terrain lines (`WATER`/`LAND`/`COAST`/`PORT`/`SHUT ...
//! ABUTS ...`), `DROP`; and `VICTORY`.

use super::{LocLine, MilaTerrain, NameLine, Reader};
use crate::model::{FindingKind, Place};
use crate::ImportError;

fn words_of(line: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|w| w.trim_matches(',').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

impl<'a> Reader<'a> {
    /// One line of a `.map` file (neither blank nor a comment), read at `at`.
    pub(super) fn line(&mut self, line: &str, at: &Place) -> Result<(), ImportError> {
        if let Some((left, right)) = line.split_once('=') {
            self.name_line(left.trim(), right, at);
            return Ok(());
        }
        let words = words_of(line);
        // A line of nothing but commas has no keyword.
        let Some(first) = words.first() else {
            let message = format!("line not understood, left out: `{line}`");
            self.note(at, FindingKind::NotExpressed, message);
            return Ok(());
        };
        let head = first.to_uppercase();
        let args = &words[1..];
        match head.as_str() {
            "MAP" | "USE" | "USES" => {
                for name in args {
                    self.includes.push((name.clone(), at.clone()));
                }
            }
            "WATER" | "LAND" | "COAST" | "PORT" | "SHUT" => self.loc_line(&head, args, at),
            "DROP" => self.drop_places(args, at),
            "UNOWNED" | "NEUTRAL" => {
                self.current = None;
                self.unowned_centres(args, at);
            }
            "CENTERS" if self.current.is_none() => self.unowned_centres(args, at),
            "CENTERS" | "OWNS" => self.owns(&head, args, at),
            "INHABITS" | "HOME" | "HOMES" => self.homes(&head, args, at),
            "UNITS" => {
                if let Some(p) = self.power_here(&head, at) {
                    self.powers[p].units.clear();
                }
            }
            "DUMMY" | "DUMMIES" => {
                for p in self.power_set(args, &head, at) {
                    self.powers[p].dummy = true;
                }
            }
            "UNPLAYED" => self.unplayed(args, &head, at),
            "VICTORY" => self.victory_line(args, at)?,
            "BEGIN" => self.begin = Some((args.to_vec(), at.clone())),
            "RULE" | "RULES" => {
                for a in args {
                    self.rules.push((a.clone(), at.clone()));
                }
            }
            "A" | "F" if args.len() == 1 => self.unit(&head, &args[0], at),
            _ if head
                .chars()
                .all(|c| c.is_alphanumeric() || "-_+".contains(c)) =>
            {
                self.power_line(&words, at)
            }
            _ => self.note(
                at,
                FindingKind::NotExpressed,
                format!("line not understood, left out: `{line}`"),
            ),
        }
        Ok(())
    }

    /// `DROP`: the places named (with their coasts) go, and every adjacency to them.
    fn drop_places(&mut self, args: &[String], at: &Place) {
        for a in args {
            let key = a.to_uppercase();
            self.centre_order.drop_place(&key);
            let before = self.locs.len();
            let gone = |k: &str| k == key || k.starts_with(&format!("{key}/"));
            self.locs.retain(|(k, _)| !gone(k));
            self.names.retain(|k, _| !gone(k));
            for (_, l) in &mut self.locs {
                l.abuts.retain(|a| !gone(&a.to_uppercase()));
            }
            if self.locs.len() == before {
                self.note(
                    at,
                    FindingKind::Ambiguous,
                    format!("DROP `{a}`: no such place; nothing dropped"),
                );
            }
        }
    }

    /// `VICTORY`: the centre counts; anything else is an error.
    fn victory_line(&mut self, args: &[String], at: &Place) -> Result<(), ImportError> {
        let counts: Result<Vec<u16>, _> = args.iter().map(|a| a.parse()).collect();
        match counts {
            Ok(c) if !c.is_empty() => {
                self.victory = Some((c, at.clone()));
                Ok(())
            }
            _ => Err(ImportError::at(
                at,
                "VICTORY expects centre counts (`VICTORY 18`)",
            )),
        }
    }

    fn name_line(&mut self, full: &str, right: &str, at: &Place) {
        let mut words = right.split_whitespace();
        let Some(abbr) = words.next() else {
            self.note(
                at,
                FindingKind::NotExpressed,
                format!("name line for `{full}` gives no abbreviation; left out"),
            );
            return;
        };
        self.names.insert(
            abbr.to_uppercase(),
            NameLine {
                full: full.to_string(),
                aliases: words.map(str::to_string).collect(),
                at: at.clone(),
            },
        );
    }

    fn loc_line(&mut self, head: &str, args: &[String], at: &Place) {
        let Some(written) = args.first() else {
            self.note(
                at,
                FindingKind::NotExpressed,
                format!("{head} line names no place; left out"),
            );
            return;
        };
        let mut abuts = &args[1..];
        if abuts
            .first()
            .is_some_and(|w| w.eq_ignore_ascii_case("ABUTS"))
        {
            abuts = &abuts[1..];
        }
        let key = written.to_uppercase();
        let line = LocLine {
            terrain: MilaTerrain::parse(head).expect("a terrain word"),
            written: written.clone(),
            abuts: abuts.to_vec(),
            at: at.clone(),
        };
        match self.locs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, old)) => *old = line,
            None => self.locs.push((key, line)),
        }
    }
}
