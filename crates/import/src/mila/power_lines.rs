//! The lines about powers: a power's own line (`NAME (ADJECTIVE:L) CENTRES...`), unit lines,
//! `OWNS`/`CENTERS`, `INHABITS`/`HOME`, `UNITS`, `UNOWNED`, and the power sets `DUMMY` and
//! `UNPLAYED` name (`ALL EXCEPT ...`).

use super::{PowerState, Reader};
use crate::model::{FindingKind, Kind, Place};

impl<'a> Reader<'a> {
    /// `CENTERS` (replacing) or `OWNS` (adding): the current power's owned centres.
    pub(super) fn owns(&mut self, head: &str, args: &[String], at: &Place) {
        let Some(p) = self.power_here(head, at) else {
            return;
        };
        let key = self.powers[p].key.clone();
        self.centre_order.owns(&key, args, head == "CENTERS");
        let owns = self.powers[p].owns.get_or_insert_with(Vec::new);
        if head == "CENTERS" {
            owns.clear();
        }
        owns.extend(args.iter().map(|a| a.to_uppercase()));
    }

    /// `INHABITS` (adding after a first `INHABITS`), `HOME` or `HOMES`: the current power's
    /// home centres.
    pub(super) fn homes(&mut self, head: &str, args: &[String], at: &Place) {
        let Some(p) = self.power_here(head, at) else {
            return;
        };
        let key = self.powers[p].key.clone();
        (self.centre_order).inhabits(&key, args, head != "INHABITS");
        let power = &mut self.powers[p];
        if head != "INHABITS" || !power.inhabits {
            power.homes.clear();
        }
        power.inhabits = true;
        for a in args {
            push_unique(&mut power.homes, a.to_uppercase());
        }
    }

    /// `UNPLAYED`: the powers named are removed.
    pub(super) fn unplayed(&mut self, args: &[String], head: &str, at: &Place) {
        let gone = self.power_set(args, head, at);
        let keys: Vec<String> = gone.iter().map(|&i| self.powers[i].key.clone()).collect();
        self.centre_order.unplayed(&keys);
        let mut i = 0;
        self.powers.retain(|_| {
            i += 1;
            !gone.contains(&(i - 1))
        });
        self.current = None;
    }

    pub(super) fn unowned_centres(&mut self, args: &[String], at: &Place) {
        self.centre_order.declaration("UNOWNED", args);
        for a in args {
            self.unowned_at
                .entry(a.trim_start_matches('-').to_uppercase())
                .or_insert_with(|| at.clone());
            match a.strip_prefix('-') {
                Some(c) => {
                    let c = c.to_uppercase();
                    self.unowned.retain(|u| *u != c);
                    self.not_centres.insert(c);
                }
                None => {
                    let c = a.to_uppercase();
                    self.not_centres.remove(&c);
                    push_unique(&mut self.unowned, c);
                }
            }
        }
    }

    pub(super) fn power_here(&mut self, what: &str, at: &Place) -> Option<usize> {
        if self.current.is_none() {
            self.note(
                at,
                FindingKind::NotExpressed,
                format!("{what} outside a power's lines; left out"),
            );
        }
        self.current
    }

    fn power_index(&self, name: &str) -> Option<usize> {
        let key = name.to_uppercase();
        self.powers.iter().position(|p| p.key == key)
    }

    /// `[ALL [EXCEPT]] power...`, or the current power.
    pub(super) fn power_set(&mut self, args: &[String], what: &str, at: &Place) -> Vec<usize> {
        let upper: Vec<String> = args.iter().map(|a| a.to_uppercase()).collect();
        let (all, names) = match upper.first().map(String::as_str) {
            Some("ALL") if upper.get(1).map(String::as_str) == Some("EXCEPT") => {
                (true, &upper[2..])
            }
            Some("ALL") => (true, &upper[1..]),
            _ => (false, &upper[..]),
        };
        if !all && names.is_empty() {
            return self.power_here(what, at).into_iter().collect();
        }
        let mut named = Vec::new();
        for n in names {
            match self.power_index(n) {
                Some(i) => named.push(i),
                None => self.note(
                    at,
                    FindingKind::NotExpressed,
                    format!("{what} names `{n}`, which is no power; ignored"),
                ),
            }
        }
        if all {
            (0..self.powers.len())
                .filter(|i| !named.contains(i))
                .collect()
        } else {
            named
        }
    }

    pub(super) fn power_line(&mut self, words: &[String], at: &Place) {
        let name = &words[0];
        let mut rest = &words[1..];
        let mut own: Option<String> = None;
        if rest.first().is_some_and(|w| w.starts_with('(')) {
            let end = rest
                .iter()
                .position(|w| w.ends_with(')'))
                .unwrap_or(rest.len() - 1);
            let inner = rest[..=end].join(" ");
            own = Some(inner.trim_matches(['(', ')']).to_string());
            rest = &rest[end + 1..];
        }
        let i = match self.power_index(name) {
            Some(i) => i,
            None => {
                let (adj, letter) = match own.as_deref().map(|o| o.split_once(':')) {
                    Some(Some((a, l))) => (a.to_string(), Some(l.to_string())),
                    Some(None) => (own.clone().unwrap_or_default(), None),
                    None => (String::new(), None),
                };
                let display_name = display(name, false);
                let adjective = if adj.is_empty() {
                    display_name.clone()
                } else {
                    display(&adj, true)
                };
                self.powers.push(PowerState {
                    key: name.to_uppercase(),
                    name: display_name,
                    adjective,
                    letter: letter.filter(|l| !l.is_empty()).map(|l| (l, at.clone())),
                    homes: Vec::new(),
                    inhabits: false,
                    owns: None,
                    units: Vec::new(),
                    dummy: false,
                    at: at.clone(),
                });
                self.powers.len() - 1
            }
        };
        self.current = Some(i);
        let key = self.powers[i].key.clone();
        self.centre_order.declaration(&key, rest);
        for c in rest {
            match c.strip_prefix('-') {
                Some(c) => {
                    let c = c.to_uppercase();
                    self.powers[i].homes.retain(|h| *h != c);
                    // Where it was made unowned: a finding about it is placed at this line.
                    self.unowned_at
                        .entry(c.clone())
                        .or_insert_with(|| at.clone());
                    push_unique(&mut self.unowned, c);
                }
                None => push_unique(&mut self.powers[i].homes, c.to_uppercase()),
            }
        }
    }

    pub(super) fn unit(&mut self, kind: &str, loc: &str, at: &Place) {
        let Some(p) = self.power_here("unit line", at) else {
            return;
        };
        let kind = if kind == "A" { Kind::Army } else { Kind::Fleet };
        let loc = loc.to_uppercase();
        let province = loc.split('/').next().unwrap_or_default().to_string();
        for power in &mut self.powers {
            power
                .units
                .retain(|(_, l, _)| l.split('/').next() != Some(province.as_str()));
        }
        self.powers[p].units.push((kind, loc, at.clone()));
    }
}

/// MILA shows names with `+` as a space in adjectives and `_` hidden at the front; words in
/// capitals are shown capitalised.
fn display(word: &str, plus_is_space: bool) -> String {
    let word = word.trim_start_matches('_');
    let all_caps = !word.chars().any(|c| c.is_lowercase());
    let mut out = String::new();
    let mut start = true;
    let mut upper_next = false;
    for c in word.chars() {
        if c == '+' {
            if plus_is_space {
                out.push(' ');
                start = true;
            } else {
                upper_next = true;
            }
            continue;
        }
        if upper_next || (all_caps && start) {
            out.extend(c.to_uppercase());
        } else if all_caps {
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
        upper_next = false;
        start = !c.is_alphanumeric();
    }
    out
}

fn push_unique(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}
